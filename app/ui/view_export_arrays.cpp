// The building blocks of the views' export_data functions, which are in the views' files
// (app/ui/<id>_view.cpp, next to their draw functions).
#include "ui/view_export_arrays.hpp"

#include <cmath>
#include <cstdio>
#include <numeric>
#include <stdexcept>

#include "state/i18n.hpp"
#include "ui/app_ui.hpp"

namespace pelab::app::ui {
namespace export_arrays {

// The view's data for one slot, or a thrown message when it is missing or not up to date.
std::shared_ptr<const ViewData> fresh_data(const ExportContext& sources, std::size_t slot, Needs needs) {
  if (slot >= sources.slots.size()) throw std::runtime_error("no such configuration");
  const std::shared_ptr<const ViewData> data = slot < sources.data.size() ? sources.data[slot] : nullptr;
  if (!data || !data->has(needs) || !data->is_fresh(needs) ||
      !(data->request.table.encoding == sources.slots[slot].config.encoding)) {
    throw std::runtime_error(tr("export.not_ready"));
  }
  return data;
}

std::shared_ptr<const AcrossData> fresh_across(const ExportContext& sources, Needs needs) {
  const std::shared_ptr<const AcrossData>& data = sources.across;
  if (!data || !data->is_fresh(needs)) throw std::runtime_error(tr("export.not_ready"));
  return data;
}

void require_no_error(const std::string& error) {
  if (!error.empty()) throw std::runtime_error(error);
}

std::uint64_t bytes_of(std::int64_t rows, std::int64_t cols) {
  return static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(cols) * 8u;
}

void check_full_cap(std::int64_t rows, std::int64_t cols) {
  const std::uint64_t bytes = bytes_of(rows, cols);
  if (bytes > export_full_cap_bytes) {
    char text[64];
    std::snprintf(text, sizeof text, "%.0f", static_cast<double>(bytes) / (1 << 20));
    throw std::runtime_error(trf("export.too_large", {std::to_string(rows) + " × " + std::to_string(cols),
                                                      text, std::to_string(export_full_cap_bytes >> 20)}));
  }
}

ExportArray matrix_array(std::string name, std::string description, const Matrix& m, std::string row_axis,
                         std::string col_axis) {
  ExportArray a;
  a.name = std::move(name);
  a.description = std::move(description);
  a.shape = {m.rows(), m.cols()};
  a.values.assign(m.data(), m.data() + m.size());
  a.axes = {std::move(row_axis), std::move(col_axis)};
  a.rows = Sampling{m.rows(), 1, m.rows()};
  return a;
}

// A 2-D table whose columns are named series of equal length.
ExportArray columns_array(std::string name, std::string description, std::string row_axis,
                          const std::vector<std::pair<std::string, const std::vector<double>*>>& columns) {
  ExportArray a;
  a.name = std::move(name);
  a.description = std::move(description);
  const std::size_t rows = columns.empty() ? 0 : columns.front().second->size();
  a.shape = {static_cast<std::int64_t>(rows), static_cast<std::int64_t>(columns.size())};
  a.values.resize(rows * columns.size());
  for (std::size_t c = 0; c < columns.size(); ++c) {
    a.columns.push_back(columns[c].first);
    for (std::size_t r = 0; r < rows; ++r)
      a.values[r * columns.size() + c] =
          r < columns[c].second->size() ? (*columns[c].second)[r] : std::nan("");
  }
  a.axes = {std::move(row_axis), "column (see columns)"};
  a.rows = Sampling{static_cast<std::int64_t>(rows), 1, static_cast<std::int64_t>(rows)};
  return a;
}

std::string position_axis(std::int64_t start, std::int64_t stride) {
  if (stride == 1) return "row r: position p = " + std::to_string(start) + " + r";
  return "row r: position p = " + std::to_string(start) + " + " + std::to_string(stride) + " r";
}

std::vector<std::int64_t> all_positions(const EncodingParams& e) {
  std::vector<std::int64_t> positions(static_cast<std::size_t>(e.positions));
  std::iota(positions.begin(), positions.end(), e.start);
  return positions;
}

}  // namespace export_arrays
}  // namespace pelab::app::ui
