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

DifferenceData compute_difference(const ViewData& a, const ViewData& b, bool use_common_window) {
  DifferenceData data;
  const TableData& ta = *a.table;
  const TableData& tb = *b.table;
  if (!ta.error.empty() || !tb.error.empty()) {
    data.error = !ta.error.empty() ? "A: " + ta.error : "B: " + tb.error;
    return data;
  }
  const EncodingParams& ea = a.request.table.encoding;
  const EncodingParams& eb = b.request.table.encoding;
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
      if (a.similarity && b.similarity && a.request.metric == b.request.metric &&
          a.similarity->error.empty() && b.similarity->error.empty() &&
          a.similarity->rows == b.similarity->rows) {
        data.similarity = difference(a.similarity->exact, b.similarity->exact);
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
      const Matrix pa = encode_grid(ea, positions, dims, a.request.table.source());
      const Matrix pb = encode_grid(eb, positions, dims, b.request.table.source());
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
