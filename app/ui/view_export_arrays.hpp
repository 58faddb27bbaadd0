#pragma once
// Building blocks of the views' export_data functions (view_export_arrays.cpp), shared with the
// writer and the menu (view_data_export.cpp). Errors are thrown as std::runtime_error with a
// sentence for the notice.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "context/app_context.hpp"
#include "pelab/types.hpp"
#include "state/across_data.hpp"
#include "state/view_data.hpp"
#include "ui/view_data_export.hpp"

namespace pelab::app::ui {
namespace export_arrays {

// The view's data for one slot; throws when it is missing or not up to date.
std::shared_ptr<const ViewData> fresh_data(const ExportContext& sources, std::size_t slot, Needs needs);
// The across worker's newest data when `needs` are fresh in it; throws when not.
std::shared_ptr<const AcrossData> fresh_across(const ExportContext& sources, Needs needs);
void require_no_error(const std::string& error);
std::uint64_t bytes_of(std::int64_t rows, std::int64_t cols);
// Throws when rows x cols doubles exceed export_full_cap_bytes.
void check_full_cap(std::int64_t rows, std::int64_t cols);
ExportArray matrix_array(std::string name, std::string description, const Matrix& m, std::string row_axis,
                         std::string col_axis);
// A 2-D table whose columns are named series of equal length.
ExportArray columns_array(std::string name, std::string description, std::string row_axis,
                          const std::vector<std::pair<std::string, const std::vector<double>*>>& columns);
std::string position_axis(std::int64_t start, std::int64_t stride);
std::vector<std::int64_t> all_positions(const EncodingParams& e);

}  // namespace export_arrays
}  // namespace pelab::app::ui
