#include "state/difference.hpp"

#include <numeric>

#include "state/i18n.hpp"

namespace pelab::app {
namespace {

// The heatmap of a difference: every `stride`-th column, so a wide table stays within a texture.
HeatmapGrid thinned_grid(const Matrix& values, std::int64_t stride) {
  if (stride <= 1) return make_heatmap_grid(values);
  const Sampling cols = sample_evenly(values.cols(), (values.cols() + stride - 1) / stride);
  Matrix shown(values.rows(), cols.shown);
  for (std::int64_t c = 0; c < cols.shown; ++c) shown.col(c) = values.col(c * cols.stride);
  return make_heatmap_grid(shown);
}

}  // namespace

DifferenceKey difference_key(const ViewData& a, const ViewData& b, bool use_common_window) {
  return DifferenceKey{a.table, b.table, a.similarity, b.similarity, use_common_window};
}

DifferenceData compute_difference(const ViewData& a, const ViewData& b, bool use_common_window) {
  return compute_difference(difference_key(a, b, use_common_window));
}

DifferenceData compute_difference(const DifferenceKey& key) {
  DifferenceData data;
  const bool use_common_window = key.use_common_window;
  const TableData& ta = *key.table_a;
  const TableData& tb = *key.table_b;
  if (!ta.error.empty() || !tb.error.empty()) {
    data.error = !ta.error.empty() ? "A: " + ta.error : "B: " + tb.error;
    return data;
  }
  // Each table's own key: the encoding its rows were computed for (a configuration's newest
  // request may already ask for another).
  const EncodingParams& ea = ta.key.encoding;
  const EncodingParams& eb = tb.key.encoding;
  const SimilarityData* sa = key.similarity_a.get();
  const SimilarityData* sb = key.similarity_b.get();
  data.mismatch = shape_mismatch(ea, eb);
  data.mismatch_texts = shape_mismatch_texts(ea, eb);
  data.window = common_window(ea, eb);
  try {
    if (data.mismatch.empty()) {
      data.rows = ta.rows;
      data.start = ta.start;
      data.col_stride = ta.cols.stride;
      data.table = difference(ta.exact, tb.exact);
      data.table_grid = thinned_grid(data.table->values, data.col_stride);
      if (sa && sb && sa->metric == sb->metric && sa->error.empty() && sb->error.empty() &&
          sa->rows == sb->rows && sa->start == sb->start) {
        data.similarity = difference(sa->exact, sb->exact);
        data.similarity_grid = make_heatmap_grid(data.similarity->values);
      } else {
        data.similarity_note = "the similarities are not both computed on the same positions yet";
      }
    } else if (use_common_window && data.window) {
      // Both tables recomputed on the shared positions and columns, sampled the same way.
      const CommonWindow& w = *data.window;
      data.on_window = true;
      data.rows = sample_evenly(w.positions, max_difference_rows);
      data.start = w.start;
      data.col_stride = sample_evenly(w.dims, max_heatmap_side).stride;
      std::vector<std::int64_t> positions(static_cast<std::size_t>(data.rows.shown));
      for (std::int64_t j = 0; j < data.rows.shown; ++j)
        positions[static_cast<std::size_t>(j)] = w.start + j * data.rows.stride;
      std::vector<std::int64_t> dims(static_cast<std::size_t>(w.dims));
      std::iota(dims.begin(), dims.end(), std::int64_t{0});
      const Matrix pa = encode_grid(ea, positions, dims, ta.key.source());
      const Matrix pb = encode_grid(eb, positions, dims, tb.key.source());
      data.table = difference(pa, pb);
      data.table_grid = thinned_grid(data.table->values, data.col_stride);
      data.similarity_note = "no similarity difference on a common window (S depends on every column)";
    }
  } catch (const std::exception& error) {
    data.table.reset();
    data.similarity.reset();
    data.error = error_message(error);
  }
  return data;
}

}  // namespace pelab::app
