#pragma once
// The difference view's numbers: A − B for the tables (and the similarities, when both were
// computed on the same positions) of two configurations. When the shapes differ, the tables can
// be compared on the window they share instead (positions both cover, the first min(D) columns).
#include <memory>
#include <optional>
#include <string>

#include "pelab/compare.hpp"
#include "state/view_data.hpp"

namespace pelab::app {

inline constexpr std::int64_t max_difference_rows = 1024;  // the common window's rows, sampled evenly

struct DifferenceData {
  std::string mismatch;                // set when the shapes differ ("N differs: 64 vs 128")
  std::vector<Text> mismatch_texts;    // the same per differing key, for a translated UI
  std::optional<CommonWindow> window;  // the shared window, when there is one
  bool on_window = false;              // the table difference below is on the common window
  Sampling rows;                       // positions of the table difference: start + j * rows.stride
  std::int64_t start = 0;
  std::int64_t col_stride = 1;            // heatmap columns: every col_stride-th dimension
  std::optional<MatrixDifference> table;  // A − B of P (all columns)
  HeatmapGrid table_grid;
  std::optional<MatrixDifference> similarity;  // A − B of S (same metric, same sampled positions)
  HeatmapGrid similarity_grid;
  std::string similarity_note;  // why there is no similarity difference
  std::string error;
};

// What the difference depends on: the two configurations' computed items (compared by identity:
// a recomputed item is a new difference; each item carries what it was computed from) and whether
// unequal shapes are compared on their common window.
struct DifferenceKey {
  std::shared_ptr<const TableData> table_a, table_b;
  std::shared_ptr<const SimilarityData> similarity_a, similarity_b;  // may be nullptr
  bool use_common_window = false;
  bool operator==(const DifferenceKey&) const = default;
  bool has_tables() const { return table_a && table_b; }
};
DifferenceKey difference_key(const ViewData& a, const ViewData& b, bool use_common_window);

// The key must hold both tables (has_tables()).
DifferenceData compute_difference(const DifferenceKey& key);
// The same from two configurations' data: `a` and `b` must hold a table.
DifferenceData compute_difference(const ViewData& a, const ViewData& b, bool use_common_window);

}  // namespace pelab::app
