#include "state/view_data.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "pelab/encodings.hpp"
#include "pelab/pca.hpp"
#include "pelab/similarity.hpp"
#include "state/i18n.hpp"

namespace pelab::app {
namespace {

class Stopwatch {
 public:
  double elapsed_ms() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

std::vector<std::int64_t> sampled_indices(std::int64_t first, const Sampling& sampling) {
  std::vector<std::int64_t> indices(static_cast<std::size_t>(sampling.shown));
  for (std::int64_t j = 0; j < sampling.shown; ++j)
    indices[static_cast<std::size_t>(j)] = first + j * sampling.stride;
  return indices;
}

std::vector<std::int64_t> index_range(std::int64_t first, std::int64_t count) {
  std::vector<std::int64_t> indices(static_cast<std::size_t>(std::max<std::int64_t>(count, 0)));
  std::iota(indices.begin(), indices.end(), first);
  return indices;
}

std::string format_g(double value, int digits = 3) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*g", digits, value);
  return text;
}

// Rows 0, stride, 2 stride, ... of `source` (all columns).
Matrix take_rows(const Matrix& source, std::int64_t stride, std::int64_t count) {
  Matrix out(count, source.cols());
  for (std::int64_t j = 0; j < count; ++j) out.row(j) = source.row(j * stride);
  return out;
}

// encode_grid of all columns at `positions`, in blocks of rows_per_stop_check rows with a stop check
// before each: each entry is computed on its own (kinds' fill_by_entry), so the blocks give the same
// numbers as one call.
Matrix encode_rows(const TableKey& key, std::span<const std::int64_t> positions, const StopToken& stop) {
  const std::vector<std::int64_t> columns = index_range(0, key.encoding.dims);
  const auto count = static_cast<std::int64_t>(positions.size());
  Matrix rows(count, key.encoding.dims);
  for (std::int64_t first = 0; first < count; first += rows_per_stop_check) {
    stop_if_requested(stop);
    const std::int64_t block = std::min(rows_per_stop_check, count - first);
    rows.middleRows(first, block) = encode_grid(
        key.encoding, positions.subspan(static_cast<std::size_t>(first), static_cast<std::size_t>(block)),
        columns, key.source());
  }
  return rows;
}

// The rows of the table at `positions` (all columns), computed the way the table was: taken from
// the table where every position is a sampled row, else all of them entry by entry.
Matrix rows_at(const TableKey& key, const TableData& table, const std::vector<std::int64_t>& positions) {
  Matrix rows(static_cast<Eigen::Index>(positions.size()), table.exact.cols());
  for (std::size_t j = 0; j < positions.size(); ++j) {
    const std::optional<std::int64_t> row = table.row_of_position(positions[j]);
    if (!row) return encode_grid(key.encoding, positions, index_range(0, key.encoding.dims), key.source());
    rows.row(static_cast<Eigen::Index>(j)) = table.exact.row(*row);
  }
  return rows;
}

// Sampled rows p with p + k inside the table: their count.
std::int64_t rows_with_shift(const TableData& table, const EncodingParams& e, std::int64_t offset) {
  std::int64_t count = 0;
  while (count < table.rows.shown && table.position_of_row(count) + offset < e.start + e.positions) ++count;
  return count;
}

// P_{p+k} for the first `count` sampled rows p: the table's own rows when k is a multiple of the
// stride (a view, not a copy: at 2000 x 1600 a copy was 25.6 MB of fresh pages per change of base),
// else computed entry by entry into `computed`.
Eigen::Ref<const Matrix> shifted_rows(const TableKey& key, const TableData& table, std::int64_t offset,
                                      std::int64_t count, const StopToken& stop, Matrix& computed) {
  if (offset % table.rows.stride == 0) return table.exact.middleRows(offset / table.rows.stride, count);
  std::vector<std::int64_t> positions(static_cast<std::size_t>(count));
  for (std::int64_t j = 0; j < count; ++j)
    positions[static_cast<std::size_t>(j)] = table.position_of_row(j) + offset;
  computed = encode_rows(key, positions, stop);
  return computed;
}

CurvesData compute_curves(const CurvesKey& key) {
  CurvesData data;
  if (!key.table.source_error.empty()) {
    data.error = key.table.source_error;
    return data;
  }
  try {
    const EncodingParams& e = key.table.encoding;
    data.sampling = sample_evenly(e.positions, max_curve_points);
    const std::vector<std::int64_t> positions = sampled_indices(e.start, data.sampling);
    const std::int64_t first = std::max<std::int64_t>(0, key.dimension - key.neighbour_curves);
    const std::int64_t last = std::min<std::int64_t>(e.dims - 1, key.dimension + key.neighbour_curves);
    const std::vector<std::int64_t> dims = key.columns.empty() ? index_range(first, last - first + 1)
                                                               : resolve_curve_columns(key.columns, e.dims);
    if (dims.empty())
      throw std::invalid_argument("no listed column is within 0.." + std::to_string(e.dims - 1));
    const Matrix values = encode_grid(e, positions, dims, key.table.source());
    data.positions.assign(positions.begin(), positions.end());
    for (std::size_t c = 0; c < dims.size(); ++c) {
      CurvesData::Curve curve;
      curve.dimension = dims[c];
      curve.values.resize(positions.size());
      for (std::size_t r = 0; r < positions.size(); ++r) {
        curve.values[r] = values(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c));
      }
      const std::string wavelength = column_wavelength_label(e, dims[c]);
      curve.label = "i = " + std::to_string(dims[c]) + (wavelength.empty() ? "" : "  (" + wavelength + ")");
      data.curves.push_back(std::move(curve));
    }
  } catch (const std::exception& error) {
    data = CurvesData{};
    data.error = error_message(error);
  }
  return data;
}

SimilarityRowData compute_similarity_row(const SimilarityRowKey& key, const TableData& table) {
  SimilarityRowData data;
  if (!table.error.empty()) {
    data.error = table.error;
    return data;
  }
  try {
    const std::int64_t p = key.position;
    const Matrix row = rows_at(key.table, table, {p});
    const Matrix s = cross_similarity(row, table.exact, key.metric);
    data.offsets.resize(static_cast<std::size_t>(s.cols()));
    data.values.resize(static_cast<std::size_t>(s.cols()));
    for (Eigen::Index q = 0; q < s.cols(); ++q) {
      data.offsets[static_cast<std::size_t>(q)] = static_cast<double>(table.position_of_row(q) - p);
      data.values[static_cast<std::size_t>(q)] = s(0, q);
    }
  } catch (const std::exception& error) {
    data = SimilarityRowData{};
    data.error = error_message(error);
  }
  return data;
}

// The five scores; `on_partial` sees the result after each of the first four.
RequirementsData compute_requirements(const TableKey& key,
                                      const std::function<void(const RequirementsData&)>& on_partial,
                                      const StopToken& stop) {
  const Stopwatch stopwatch;
  RequirementsData data;
  if (!key.source_error.empty()) {
    data.error = key.source_error;
    return data;
  }
  try {
    RequirementProgress progress;
    if (on_partial) {
      progress = [&](const std::vector<RequirementScore>& scored) {
        if (scored.size() >= 5) return;  // the whole result is returned, and cached
        RequirementsData partial;
        partial.scores = scored;
        partial.compute_ms = stopwatch.elapsed_ms();
        on_partial(partial);
      };
    }
    data.scores = requirement_scores(key.encoding, key.source(), progress, stop);
  } catch (const std::exception& error) {
    data.error = error_message(error);
  }
  data.compute_ms = stopwatch.elapsed_ms();
  return data;
}

// The window of columns T(k) is shown on: up to rotation_window_dims columns around `dimension`.
// Exact kinds: whole pairs, 8 pairs around the selected column's pair (for the concatenated layout
// the sines k.. and their cosines K + k..); other kinds: a contiguous run of columns.
std::vector<std::int64_t> rotation_window_columns(const RotationStructure& s, std::int64_t dims,
                                                  std::int64_t dimension) {
  std::vector<std::int64_t> window;
  if (s.exact() && !s.pairs.empty()) {
    const auto pairs = static_cast<std::int64_t>(s.pairs.size());
    const std::int64_t shown = std::min<std::int64_t>(pairs, rotation_window_dims / 2);
    std::optional<std::size_t> selected = s.pair_of_column(dimension);
    const std::int64_t centre = selected ? static_cast<std::int64_t>(*selected) : pairs - 1;
    const std::int64_t first = std::clamp<std::int64_t>(centre - shown / 2, 0, pairs - shown);
    for (std::int64_t j = first; j < first + shown; ++j)
      window.push_back(s.pairs[static_cast<std::size_t>(j)].sin_col);
    for (std::int64_t j = first; j < first + shown; ++j)
      window.push_back(s.pairs[static_cast<std::size_t>(j)].cos_col);
    std::sort(window.begin(), window.end());
    // An interleaved layout gives one contiguous run; a layout whose partners are far apart
    // (concat) gives the sines and then their cosines.
    return window;
  }
  const std::int64_t shown = std::min<std::int64_t>(dims, rotation_window_dims);
  const std::int64_t first = std::clamp<std::int64_t>(dimension - shown / 2, 0, dims - shown);
  return index_range(first, shown);
}

}  // namespace

Sampling sample_evenly(std::int64_t total, std::int64_t max_shown) {
  Sampling sampling;
  sampling.total = std::max<std::int64_t>(total, 0);
  if (sampling.total == 0 || max_shown <= 0) return sampling;
  sampling.stride = (sampling.total + max_shown - 1) / max_shown;
  sampling.shown = (sampling.total + sampling.stride - 1) / sampling.stride;
  return sampling;
}

std::shared_ptr<std::vector<float>> HeatmapBuffers::take(std::size_t size) {
  std::shared_ptr<std::vector<float>>* best = nullptr;
  for (std::shared_ptr<std::vector<float>>& buffer : buffers_) {
    // Held by nobody else: no grid refers to it, and none can start to (only take hands it out).
    if (buffer.use_count() != 1) continue;
    const std::size_t room = buffer->capacity();
    const std::size_t best_room = best ? (*best)->capacity() : 0;
    const bool fits = room >= size, best_fits = best && best_room >= size;
    if (!best || (fits && (!best_fits || room < best_room)) || (!fits && !best_fits && room > best_room))
      best = &buffer;
  }
  if (best) {
    // The grid that held it was released on another thread (the UI's): see its writes before ours.
    std::atomic_thread_fence(std::memory_order_acquire);
    (*best)->reserve(size);
    return *best;
  }
  auto buffer = std::make_shared<std::vector<float>>();
  buffer->reserve(size);
  if (buffers_.size() < kept_most) buffers_.push_back(buffer);
  return buffer;
}

namespace {

// A grid's own handle on a recycled buffer: lets go of the buffer as soon as the last grid copy goes
// (not when the last weak_ptr does), so the buffer can be taken again.
struct ReleaseHeatmapBuffer {
  std::shared_ptr<std::vector<float>> buffer;
  void operator()(const std::vector<float>*) { buffer.reset(); }
};

}  // namespace

HeatmapGrid make_heatmap_grid(const Matrix& values, const StopToken& stop, HeatmapBuffers* buffers) {
  HeatmapGrid grid;
  grid.rows = static_cast<int>(values.rows());
  grid.cols = static_cast<int>(values.cols());
  // Row-major doubles -> row-major floats (the layout the R32F texture wants) and the extremes of the
  // finite values, a block of rows at a time (the block is still in cache for the second loop). Both
  // loops are branch-free so the compiler vectorises them: a push_back and an isfinite branch per
  // value made this 4x the table's own fill (perf, rotation view, 2000 x 1600). A reused buffer of
  // the same size is not zeroed first (resize keeps its size).
  const auto size = static_cast<std::size_t>(values.size());
  const std::shared_ptr<std::vector<float>> storage =
      buffers ? buffers->take(size) : std::make_shared<std::vector<float>>();
  storage->resize(size);
  float* const floats = storage->data();
  const double* const doubles = values.data();
  constexpr double largest_finite = std::numeric_limits<double>::max();
  constexpr double infinity = std::numeric_limits<double>::infinity();
  // Four running extremes: one chain of dependent min/max over every value was the loop's cost.
  std::array<double, 4> lows, highs;
  lows.fill(infinity);
  highs.fill(-infinity);
  const auto take_extremes = [&](std::size_t lane, double v) {
    const bool finite = std::abs(v) <= largest_finite;  // false for NaN and the infinities
    const double low = finite ? v : infinity, high = finite ? v : -infinity;
    lows[lane] = low < lows[lane] ? low : lows[lane];
    highs[lane] = high > highs[lane] ? high : highs[lane];
  };
  const std::size_t block =
      static_cast<std::size_t>(rows_per_stop_check * std::max<Eigen::Index>(values.cols(), 1));
  for (std::size_t first = 0; first < size; first += block) {
    stop_if_requested(stop);
    const std::size_t end = std::min(size, first + block);
    for (std::size_t i = first; i < end; ++i) floats[i] = static_cast<float>(doubles[i]);
    std::size_t i = first;
    for (; i + 4 <= end; i += 4)
      for (std::size_t lane = 0; lane < 4; ++lane) take_extremes(lane, doubles[i + lane]);
    for (; i < end; ++i) take_extremes(0, doubles[i]);
  }
  const double lo = *std::min_element(lows.begin(), lows.end());
  const double hi = *std::max_element(highs.begin(), highs.end());
  // A control block of its own, which the GPU copies' weak_ptr keeps (and tells apart from the last
  // one), without keeping the floats: the deleter lets go of the buffer.
  grid.values = std::shared_ptr<const std::vector<float>>(storage.get(), ReleaseHeatmapBuffer{storage});
  // value_range of the extremes is value_range of the whole matrix: the same smallest and largest
  // finite value (the largest magnitude is one of them), none when neither is finite.
  const Matrix extremes{{lo, hi}};
  grid.automatic_range = value_range(extremes, RangeMode::automatic);
  grid.symmetric_range = value_range(extremes, RangeMode::symmetric);
  return grid;
}

ValueRange display_range(const HeatmapGrid& grid, const DisplaySettings& display) {
  switch (display.range_mode) {
    case RangeMode::automatic:
      return grid.automatic_range;
    case RangeMode::symmetric:
      return grid.symmetric_range;
    case RangeMode::fixed:
      return ValueRange{display.range_min, display.range_max};
  }
  return grid.automatic_range;
}

ValueRange merge_ranges(const ValueRange& a, const ValueRange& b) {
  return ValueRange{std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
}

std::optional<std::int64_t> TableData::row_of_position(std::int64_t position) const {
  const std::int64_t offset = position - start;
  if (offset < 0 || rows.stride <= 0 || offset % rows.stride != 0 || offset / rows.stride >= rows.shown)
    return std::nullopt;
  return offset / rows.stride;
}

bool ViewData::has(Needs needs) const {
  const auto present = [&](unsigned bit, const auto& item) { return !(needs & bit) || item != nullptr; };
  return present(item_table, table) && present(item_curves, curves) && present(item_similarity, similarity) &&
         present(item_similarity_row, similarity_row) && present(item_rotation, rotation) &&
         present(item_residual, residual) && present(item_selected_residual, selected_residual) &&
         present(item_spectrum, spectrum) && present(item_requirements, requirements) &&
         present(item_pca, pca) && present(item_attention, attention) &&
         present(item_attention, attention_order) && present(item_norms, norms) &&
         present(item_norms, norms_result);
}

TableData compute_table(const TableKey& key, const StopToken& stop, HeatmapBuffers* buffers) {
  const Stopwatch stopwatch;
  TableData table;
  table.key = key;
  if (!key.source_error.empty()) {
    table.error = key.source_error;
    return table;
  }
  try {
    const EncodingParams& encoding = key.encoding;
    table.start = encoding.start;
    table.rows = sample_evenly(encoding.positions, max_rows_computed);
    table.cols = sample_evenly(encoding.dims, max_heatmap_side);
    if (table.rows.stride == 1) {
      // The fast whole-table path: at most max_rows_computed x max_dims entries, tens of ms.
      table.exact = encode(encoding, key.source());
    } else {
      table.exact = encode_rows(key, sampled_indices(encoding.start, table.rows), stop);
    }
    if (table.cols.stride == 1) {
      table.heatmap = make_heatmap_grid(table.exact, stop, buffers);
    } else {
      Matrix shown(table.exact.rows(), table.cols.shown);
      for (std::int64_t c = 0; c < table.cols.shown; ++c)
        shown.col(c) = table.exact.col(c * table.cols.stride);
      table.heatmap = make_heatmap_grid(shown, stop, buffers);
    }
  } catch (const std::exception& error) {
    table = TableData{};
    table.key = key;
    table.error = error_message(error);
  }
  table.compute_ms = stopwatch.elapsed_ms();
  return table;
}

SimilarityData compute_similarity(const SimilarityKey& key, const TableData& table, const StopToken& stop,
                                  HeatmapBuffers* buffers) {
  const Stopwatch stopwatch;
  SimilarityData data;
  data.metric = key.metric;
  if (!table.error.empty()) {
    data.error = table.error;
    return data;
  }
  try {
    const EncodingParams& e = key.table.encoding;
    data.start = e.start;
    if (e.kind == EncodingKind::sinusoidal && table.rows.stride == 1) {
      // Closed form: S depends only on q - p, O(N D) + O(N^2) instead of a Gram matrix's O(N^2 D).
      data.exact = sinusoidal_similarity_closed_form(e.positions, e.dims, e.base, e.start, key.metric);
      data.method = "views.similarity.method.closed_form";
      const Sampling thin = sample_evenly(e.positions, max_similarity_side);
      data.rows = Sampling{e.positions, thin.stride, thin.shown};
      if (thin.stride > 1) {
        const auto picked = Eigen::seqN(0, thin.shown, thin.stride);
        data.exact = Matrix(data.exact(picked, picked));
      }
    } else {
      // The Gram matrix of sampled rows, thinned so that M^2 D stays within the budget.
      const auto budget_rows =
          static_cast<std::int64_t>(std::sqrt(gram_flop_budget / static_cast<double>(e.dims)));
      const Sampling thin =
          sample_evenly(table.rows.shown, std::clamp<std::int64_t>(budget_rows, 16, max_similarity_side));
      data.rows = Sampling{e.positions, table.rows.stride * thin.stride, thin.shown};
      data.exact = similarity_matrix(
          thin.stride == 1 ? table.exact : take_rows(table.exact, thin.stride, thin.shown), key.metric);
      data.method = "views.similarity.method.gram";
    }
    data.heatmap = make_heatmap_grid(data.exact, stop, buffers);
  } catch (const std::exception& error) {
    data = SimilarityData{};
    data.metric = key.metric;
    data.error = error_message(error);
  }
  data.compute_ms = stopwatch.elapsed_ms();
  return data;
}

RotationData compute_rotation(const RotationKey& key, const TableData& table, const StopToken& stop) {
  RotationData data;
  const EncodingParams& e = key.table.encoding;
  try {
    data.structure = rotation_structure(e);
    data.window = rotation_window_columns(data.structure, e.dims, key.dimension);
    if (data.structure.exact()) {
      data.pair = data.structure.pair_of_column(key.dimension);
      if (!data.pair && !data.structure.pairs.empty()) data.pair = data.structure.pairs.size() - 1;
      if (data.pair) data.angle = rotation_angles(e, data.structure, key.offset)[*data.pair];
      data.blocks[0] =
          rotation_window(e, data.structure, key.offset, data.window, RotationConvention::column);
      data.blocks[1] = data.blocks[0].transpose();
    } else {
      if (!table.error.empty()) {
        data.error = table.error;
        return data;
      }
      // The best linear map on the window, fitted over every sampled p with p + k inside.
      const std::int64_t count = rows_with_shift(table, e, key.offset);
      if (count == 0) {
        data.error = "no position p has p + k inside the table (k = " + std::to_string(key.offset) + ")";
        return data;
      }
      Matrix computed;
      const LinearFit fit =
          fit_linear_map(table.exact.topRows(count),
                         shifted_rows(key.table, table, key.offset, count, stop, computed), data.window);
      data.blocks[0] = fit.map;
      data.blocks[1] = fit.map.transpose();
      for (std::int64_t j = 0; j < count; ++j) {
        data.fit_positions.push_back(static_cast<double>(table.position_of_row(j)));
        data.fit_residuals.push_back(fit.residuals[j]);
      }
      data.fit_largest = fit.largest;
      data.fit_underdetermined = fit.underdetermined;
    }
    data.heatmaps[0] = make_heatmap_grid(data.blocks[0]);
    data.heatmaps[1] = make_heatmap_grid(data.blocks[1]);
  } catch (const std::exception& error) {
    data = RotationData{};
    data.error = error_message(error);
  }
  return data;
}

ResidualData compute_residual(const ResidualKey& key, const TableData& table, const StopToken& stop) {
  ResidualData data;
  const EncodingParams& e = key.table.encoding;
  if (!table.error.empty()) {
    data.error = table.error;
    return data;
  }
  try {
    const RotationStructure structure = rotation_structure(e);
    if (!structure.exact()) {
      data.error = structure.why_not;
      return data;
    }
    const std::int64_t count = rows_with_shift(table, e, key.offset);
    if (count > 0) {
      Matrix computed;
      const Vector residuals =
          rotation_residuals(e, structure, table.exact.topRows(count),
                             shifted_rows(key.table, table, key.offset, count, stop, computed), key.offset);
      for (std::int64_t j = 0; j < count; ++j) {
        data.positions.push_back(static_cast<double>(table.position_of_row(j)));
        data.residuals.push_back(residuals[j]);
        data.largest = std::max(data.largest, residuals[j]);
      }
    }
  } catch (const std::exception& error) {
    data = ResidualData{};
    data.error = error_message(error);
  }
  return data;
}

SelectedResidual compute_selected_residual(const SelectedResidualKey& key, const TableData& table) {
  SelectedResidual result;
  const EncodingParams& e = key.table.encoding;
  if (!table.error.empty()) {
    result.error = table.error;
    return result;
  }
  if (key.position + key.offset >= e.start + e.positions) {
    result.error = "p + k = " + std::to_string(key.position + key.offset) +
                   " is past the table's last position " + std::to_string(e.start + e.positions - 1);
    return result;
  }
  try {
    // The same rows the residual curve uses at p: the table's own rows when p is sampled (and then
    // p + k as the curve takes it), so the header's number is the curve's point.
    Matrix rows(2, e.dims);
    const std::optional<std::int64_t> row = table.row_of_position(key.position);
    if (row) {
      rows.row(0) = table.exact.row(*row);
      if (key.offset % table.rows.stride == 0) {
        rows.row(1) = table.exact.row(*row + key.offset / table.rows.stride);
      } else {  // as shifted_rows computes P_{p+k} off the sampled rows
        rows.row(1) = encode_grid(e, std::vector<std::int64_t>{key.position + key.offset},
                                  index_range(0, e.dims), key.table.source())
                          .row(0);
      }
    } else {
      rows = encode_grid(e, std::vector<std::int64_t>{key.position, key.position + key.offset},
                         index_range(0, e.dims), key.table.source());
    }
    result.row = rows.row(0).transpose();
    result.shifted_row = rows.row(1).transpose();
    const RotationStructure structure = rotation_structure(e);
    if (structure.exact()) {
      result.value = rotation_residuals(e, structure, rows.topRows(1), rows.bottomRows(1), key.offset)[0];
      result.has_value = true;
    }
  } catch (const std::exception& error) {
    result = SelectedResidual{};
    result.error = error_message(error);
  }
  return result;
}

PcaData compute_pca(const TableKey&, const TableData& table, const StopToken& stop) {
  PcaData data;
  if (!table.error.empty()) {
    data.error = table.error;
    return data;
  }
  try {
    // Fitted on an even sample of the rows small enough that forming the smaller of the Gram and
    // covariance matrices (M min(M, D) D multiply-adds) and its eigen decomposition stay within
    // the budget; every sampled row of the table is then projected on the fitted axes.
    const auto dims = static_cast<double>(table.exact.cols());
    const auto by_budget = static_cast<std::int64_t>(std::sqrt(gram_flop_budget / std::max(dims, 1.0)));
    data.fit = sample_evenly(table.rows.shown, std::clamp<std::int64_t>(by_budget, 64, 1024));
    const Matrix fitted =
        data.fit.stride == 1 ? table.exact : take_rows(table.exact, data.fit.stride, data.fit.shown);
    const PcaBasis basis = pca_fit(fitted, 3);
    stop_if_requested(stop);
    data.points = pca_apply(basis, table.exact);
    data.explained = basis.explained_variance;
    data.spectrum = basis.spectrum.head(std::min(basis.spectrum.size(), pca_spectrum_shown));
    data.positions.resize(static_cast<std::size_t>(table.rows.shown));
    for (std::int64_t r = 0; r < table.rows.shown; ++r)
      data.positions[static_cast<std::size_t>(r)] = static_cast<double>(table.position_of_row(r));
  } catch (const std::exception& error) {
    data = PcaData{};
    data.error = error_message(error);
  }
  return data;
}

namespace {

// Rows start .. start + count - 1 of the configuration's P (all columns), computed by core.
Matrix first_position_rows(const TableKey& key, std::int64_t count) {
  if (!key.source_error.empty()) throw Error(key.source_error);
  const EncodingParams& e = key.encoding;
  return encode_grid(e, index_range(e.start, count), index_range(0, e.dims), key.source());
}

}  // namespace

AttentionData compute_attention(const TableKey& key) {
  AttentionData data;
  try {
    const std::span<const std::int64_t> tokens = attention_sentence_tokens();
    const std::int64_t dims = key.encoding.dims;
    data.positions = first_position_rows(key, static_cast<std::int64_t>(tokens.size()));
    data.words = token_embeddings(tokens, dims, attention_seed);
    data.weights = seeded_attention_weights(dims, std::min(dims, attention_head_dims), attention_seed);
    std::vector<std::int64_t> identity(tokens.size());
    std::iota(identity.begin(), identity.end(), 0);
    data.original = attention_demo(data.words, data.positions, data.weights, identity);
  } catch (const std::exception& error) {
    data = AttentionData{};
    data.error = error_message(error);
  }
  return data;
}

AttentionDemo attention_for_order(const AttentionData& data, std::span<const std::int64_t> order) {
  return attention_demo(data.words, data.positions, data.weights, order);
}

AttentionOrderData compute_attention_order(const AttentionData& data,
                                           const std::vector<std::int64_t>& order) {
  AttentionOrderData result;
  result.order = valid_attention_order(order) ? order : AttentionViewSettings{}.order;
  if (!data.error.empty()) {
    result.error = data.error;
    return result;
  }
  try {
    result.demo = attention_for_order(data, result.order);
    result.moved_without =
        permuted_row_differences(result.demo.output_without, data.original.output_without, result.order);
    result.moved_with =
        permuted_row_differences(result.demo.output_with, data.original.output_with, result.order);
  } catch (const std::exception& error) {
    result.demo = AttentionDemo{};
    result.error = error_message(error);
  }
  return result;
}

NormsData compute_norms(const TableKey& key) {
  NormsData data;
  try {
    // A loaded table may end before max_norm_length rows: take what it has (a longer sequence is
    // then refused by compute_norms_result, naming the rows there are).
    std::int64_t rows = max_norm_length;
    if (const Matrix* source = key.source(); source && key.encoding.kind == EncodingKind::learned)
      rows = std::clamp<std::int64_t>(source->rows() - key.encoding.start, 1, max_norm_length);
    data.positions = first_position_rows(key, rows);
  } catch (const std::exception& error) {
    data = NormsData{};
    data.error = error_message(error);
  }
  return data;
}

NormsResult compute_norms_result(const NormsData& data, std::span<const std::int64_t> lengths) {
  NormsResult result;
  if (!data.error.empty()) {
    result.error = data.error;
    return result;
  }
  try {
    result.batch = padded_batch(lengths, data.positions, norms_seed);
    result.token_moments = row_moments(result.batch.x);
    result.layer = layer_norm(result.batch.x);
    for (std::size_t r = 0; r < result.batch.real.size(); ++r)
      if (!result.batch.real[r]) result.layer.row(static_cast<Eigen::Index>(r)).setZero();
    result.with_padding = batch_norm_per_step(result.batch, true);
    result.without_padding = batch_norm_per_step(result.batch, false);
  } catch (const std::exception& error) {
    result = NormsResult{};
    result.error = error_message(error);
  }
  return result;
}

std::string column_wavelength_label(const EncodingParams& e, std::int64_t dimension) {
  if (e.kind == EncodingKind::sigmoid) return "t = " + format_g(sigmoid_timescale(e.dims, e.base, dimension));
  const std::optional<double> lambda = column_wavelength(e, dimension);
  if (e.kind == EncodingKind::sinusoidal_concat && !lambda) return "zero padding";
  if (!lambda) return "";
  if (e.kind == EncodingKind::binary) return "period " + format_g(*lambda, 6);
  return "λ = " + format_g(*lambda);
}

bool ViewDataCache::step(int item, const ComputeRequest& request, ViewData& data,
                         const std::function<void(const ViewData&)>& publish_partial, const StopToken& stop) {
  const Stopwatch stopwatch;
  const RecomputeCounts before = recomputations();
  const TableKey& key = request.table;
  const Selection& s = request.selection;
  const auto table = [&]() -> const TableData& { return *data.table; };
  switch (1u << item) {
    case item_table:
      data.table =
          table_.get(key, [&](const TableKey& k) { return compute_table(k, stop, &heatmap_buffers_); });
      break;
    case item_curves: {
      // Picked columns do not follow i: leaving i and the neighbours out of the key keeps a move of i
      // from recomputing the same curves.
      const bool picked = !request.curve_columns.empty();
      data.curves = curves_.get(CurvesKey{key, picked ? 0 : s.dimension,
                                          picked ? 0 : request.neighbour_curves, request.curve_columns},
                                compute_curves);
      break;
    }
    case item_similarity:
      data.similarity = similarity_.get(SimilarityKey{key, request.metric}, [&](const SimilarityKey& k) {
        return compute_similarity(k, table(), stop, &heatmap_buffers_);
      });
      break;
    case item_similarity_row:
      data.similarity_row =
          similarity_row_.get(SimilarityRowKey{key, request.metric, s.position},
                              [&](const SimilarityRowKey& k) { return compute_similarity_row(k, table()); });
      break;
    case item_rotation:
      data.rotation = rotation_.get(RotationKey{key, s.offset, s.dimension},
                                    [&](const RotationKey& k) { return compute_rotation(k, table(), stop); });
      break;
    case item_residual:
      data.residual = residual_.get(ResidualKey{key, s.offset},
                                    [&](const ResidualKey& k) { return compute_residual(k, table(), stop); });
      break;
    case item_selected_residual:
      data.selected_residual = selected_residual_.get(
          SelectedResidualKey{key, s.offset, s.position},
          [&](const SelectedResidualKey& k) { return compute_selected_residual(k, table()); });
      break;
    case item_spectrum:
      data.spectrum = spectrum_.get(SpectrumKey{key.encoding}, [](const SpectrumKey& k) {
        try {
          return period_spectrum(k.encoding);
        } catch (const std::exception& error) {
          PeriodSpectrum none;
          none.why_none = error_message(error);
          return none;
        }
      });
      break;
    case item_requirements:
      data.requirements = requirements_.get(key, [&](const TableKey& k) {
        return compute_requirements(
            k,
            [&](const RequirementsData& partial) {
              data.requirements = std::make_shared<const RequirementsData>(partial);
              publish_partial(data);
            },
            stop);
      });
      break;
    case item_pca:
      data.pca = pca_.get(key, [&](const TableKey& k) { return compute_pca(k, table(), stop); });
      break;
    case item_attention:
      data.attention = attention_.get(key, compute_attention);
      data.attention_order = attention_order_.get(
          AttentionOrderKey{key, request.attention_order},
          [&](const AttentionOrderKey& k) { return compute_attention_order(*data.attention, k.order); });
      break;
    case item_norms:
      data.norms = norms_.get(key, compute_norms);
      data.norms_result = norms_result_.get(
          NormsResultKey{key, request.norm_lengths},
          [&](const NormsResultKey& k) { return compute_norms_result(*data.norms, k.lengths); });
      break;
    default:
      break;
  }
  const bool recomputed = !(recomputations() == before);
  if (recomputed) data.compute_ms += stopwatch.elapsed_ms();
  return recomputed;
}

RecomputeCounts ViewDataCache::recomputations() const {
  return RecomputeCounts{table_.recomputations(),
                         curves_.recomputations(),
                         similarity_.recomputations(),
                         similarity_row_.recomputations(),
                         rotation_.recomputations(),
                         residual_.recomputations(),
                         selected_residual_.recomputations(),
                         spectrum_.recomputations(),
                         requirements_.recomputations(),
                         pca_.recomputations(),
                         attention_.recomputations(),
                         norms_.recomputations(),
                         attention_order_.recomputations(),
                         norms_result_.recomputations()};
}

}  // namespace pelab::app
