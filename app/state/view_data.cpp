#include "state/view_data.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <numeric>

#include "pelab/encodings.hpp"
#include "pelab/similarity.hpp"

namespace pelab::app {
namespace {

std::uint64_t next_generation() {
  static std::atomic<std::uint64_t> counter{0};
  return ++counter;
}

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

std::vector<std::int64_t> all_dims(std::int64_t dims) {
  std::vector<std::int64_t> indices(static_cast<std::size_t>(dims));
  std::iota(indices.begin(), indices.end(), std::int64_t{0});
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

CurvesData compute_curves(const CurvesKey& key) {
  CurvesData data;
  try {
    const EncodingParams& e = key.encoding;
    data.sampling = sample_evenly(e.positions, max_curve_points);
    const std::vector<std::int64_t> positions = sampled_indices(e.start, data.sampling);
    const std::int64_t first = std::max<std::int64_t>(0, key.dimension - key.neighbour_curves);
    const std::int64_t last = std::min<std::int64_t>(e.dims - 1, key.dimension + key.neighbour_curves);
    std::vector<std::int64_t> dims(static_cast<std::size_t>(last - first + 1));
    std::iota(dims.begin(), dims.end(), first);
    const Matrix values = encode_grid(e, positions, dims);
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
    data.error = error.what();
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
    const Matrix row = encode_grid(key.encoding, std::vector<std::int64_t>{p}, all_dims(key.encoding.dims));
    const Matrix s = cross_similarity(row, table.exact, key.metric);
    data.offsets.resize(static_cast<std::size_t>(s.cols()));
    data.values.resize(static_cast<std::size_t>(s.cols()));
    for (Eigen::Index q = 0; q < s.cols(); ++q) {
      data.offsets[static_cast<std::size_t>(q)] = static_cast<double>(table.position_of_row(q) - p);
      data.values[static_cast<std::size_t>(q)] = s(0, q);
    }
  } catch (const std::exception& error) {
    data = SimilarityRowData{};
    data.error = error.what();
  }
  return data;
}

SelectedResidual compute_selected_residual(const SelectedResidualKey& key) {
  SelectedResidual result;
  const EncodingParams& e = key.encoding;
  if (e.dims % 2 != 0) {
    result.error = "T(k) needs an even D";
    return result;
  }
  if (key.position + key.offset >= e.start + e.positions) {
    result.error = "p + k = " + std::to_string(key.position + key.offset) +
                   " is past the table's last position " + std::to_string(e.start + e.positions - 1);
    return result;
  }
  try {
    const Matrix rows =
        encode_grid(e, std::vector<std::int64_t>{key.position, key.position + key.offset}, all_dims(e.dims));
    result.row = rows.row(0).transpose();
    result.shifted_row = rows.row(1).transpose();
    result.value =
        rotation_residuals(rows.topRows(1), rows.bottomRows(1), e.base, static_cast<double>(key.offset))[0];
  } catch (const std::exception& error) {
    result.error = error.what();
  }
  return result;
}

SpectrumData compute_spectrum(const SpectrumKey& key) {
  SpectrumData data;
  EncodingParams e;
  e.kind = key.kind;
  e.positions = key.positions;
  e.dims = key.dims;
  e.base = key.base;
  data.wavelengths = band_wavelengths(e);
  switch (key.kind) {
    case EncodingKind::sinusoidal_concat:
      data.rule = "λ_k = 2π·base^(k/(K−1)), K = ⌊D/2⌋";
      break;
    case EncodingKind::fourier:
      data.rule = "λ_k = 2 (N − 1) / 2^k";
      break;
    default: {
      // Kinds without bands show the sinusoidal rule for reference.
      const Vector lambda = wavelengths(key.dims, key.base);
      data.wavelengths.assign(lambda.data(), lambda.data() + lambda.size());
      data.rule = "λ_k = 2π·base^(2k/D)";
      data.kind_has_wavelengths = key.kind == EncodingKind::sinusoidal;
      break;
    }
  }
  return data;
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

HeatmapGrid make_heatmap_grid(const Matrix& values) {
  HeatmapGrid grid;
  grid.rows = static_cast<int>(values.rows());
  grid.cols = static_cast<int>(values.cols());
  grid.values.resize(static_cast<std::size_t>(values.size()));
  // Row-major doubles -> row-major floats: the layout the R32F texture wants.
  std::transform(values.data(), values.data() + values.size(), grid.values.begin(),
                 [](double v) { return static_cast<float>(v); });
  grid.generation = next_generation();
  grid.automatic_range = value_range(values, RangeMode::automatic);
  grid.symmetric_range = value_range(values, RangeMode::symmetric);
  return grid;
}

ValueRange display_range(const HeatmapGrid& grid, const ViewParams& params) {
  switch (params.range_mode) {
    case RangeMode::automatic:
      return grid.automatic_range;
    case RangeMode::symmetric:
      return grid.symmetric_range;
    case RangeMode::fixed:
      return ValueRange{params.range_min, params.range_max};
  }
  return grid.automatic_range;
}

TableData compute_table(const EncodingParams& encoding) {
  const Stopwatch stopwatch;
  TableData table;
  try {
    table.start = encoding.start;
    table.rows = sample_evenly(encoding.positions, max_rows_computed);
    table.cols = sample_evenly(encoding.dims, max_heatmap_side);
    if (table.rows.stride == 1) {
      table.exact = encode(encoding);  // the fast whole-table path
    } else {
      table.exact =
          encode_grid(encoding, sampled_indices(encoding.start, table.rows), all_dims(encoding.dims));
    }
    if (table.cols.stride == 1) {
      table.heatmap = make_heatmap_grid(table.exact);
    } else {
      Matrix shown(table.exact.rows(), table.cols.shown);
      for (std::int64_t c = 0; c < table.cols.shown; ++c)
        shown.col(c) = table.exact.col(c * table.cols.stride);
      table.heatmap = make_heatmap_grid(shown);
    }
  } catch (const std::exception& error) {
    table = TableData{};
    table.error = error.what();
  }
  table.compute_ms = stopwatch.elapsed_ms();
  return table;
}

SimilarityData compute_similarity(const SimilarityKey& key, const TableData& table) {
  const Stopwatch stopwatch;
  SimilarityData data;
  if (!table.error.empty()) {
    data.error = table.error;
    return data;
  }
  try {
    const EncodingParams& e = key.encoding;
    data.start = e.start;
    if (e.kind == EncodingKind::sinusoidal && table.rows.stride == 1) {
      // Closed form: S depends only on q - p, O(N D) + O(N^2) instead of a Gram matrix's O(N^2 D).
      data.exact = sinusoidal_similarity_closed_form(e.positions, e.dims, e.base, e.start, key.metric);
      data.method = "closed form Σ_k cos(w_k (q − p))";
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
      data.method = "Gram matrix of the rows";
    }
    data.heatmap = make_heatmap_grid(data.exact);
  } catch (const std::exception& error) {
    data = SimilarityData{};
    data.error = error.what();
  }
  data.compute_ms = stopwatch.elapsed_ms();
  return data;
}

RotationData compute_rotation(const RotationKey& key) {
  RotationData data;
  if (key.dims % 2 != 0) {
    data.error = "T(k) needs an even D: with odd D the last sine column has no cosine partner";
    return data;
  }
  const Vector w = sinusoidal_frequencies(key.dims, key.base);
  const std::int64_t pairs = key.dims / 2;
  data.pair = std::min<std::int64_t>(key.dimension / 2, pairs - 1);
  data.window = std::min<std::int64_t>(key.dims, rotation_window_dims);
  const std::int64_t window_pairs = data.window / 2;
  const std::int64_t first_pair =
      std::clamp<std::int64_t>(data.pair - window_pairs / 2, 0, pairs - window_pairs);
  data.first_dim = 2 * first_pair;
  data.frequency = w[data.pair];
  data.angle = w[data.pair] * static_cast<double>(key.offset);
  const Matrix column = rotation_block(key.dims, key.base, static_cast<double>(key.offset), first_pair,
                                       window_pairs, RotationConvention::column);
  data.blocks[0] = column;
  data.blocks[1] = column.transpose();
  data.heatmaps[0] = make_heatmap_grid(data.blocks[0]);
  data.heatmaps[1] = make_heatmap_grid(data.blocks[1]);
  return data;
}

ResidualData compute_residual(const ResidualKey& key, const TableData& table) {
  ResidualData data;
  const EncodingParams& e = key.encoding;
  if (!table.error.empty()) {
    data.error = table.error;
    return data;
  }
  if (e.dims % 2 != 0) {
    data.error = "T(k) needs an even D";
    return data;
  }
  try {
    // Rows p with p + k inside the table.
    std::int64_t count = 0;
    while (count < table.rows.shown && table.position_of_row(count) + key.offset < e.start + e.positions)
      ++count;
    if (count > 0) {
      const double shift = static_cast<double>(key.offset);
      Vector residuals;
      if (key.offset % table.rows.stride == 0) {  // p + k is a row of the table
        const std::int64_t row_shift = key.offset / table.rows.stride;
        residuals = rotation_residuals(table.exact.topRows(count), table.exact.middleRows(row_shift, count),
                                       e.base, shift);
      } else {
        std::vector<std::int64_t> positions(static_cast<std::size_t>(count));
        for (std::int64_t j = 0; j < count; ++j)
          positions[static_cast<std::size_t>(j)] = table.position_of_row(j) + key.offset;
        residuals = rotation_residuals(table.exact.topRows(count),
                                       encode_grid(e, positions, all_dims(e.dims)), e.base, shift);
      }
      for (std::int64_t j = 0; j < count; ++j) {
        data.positions.push_back(static_cast<double>(table.position_of_row(j)));
        data.residuals.push_back(residuals[j]);
        data.largest = std::max(data.largest, residuals[j]);
      }
    }
  } catch (const std::exception& error) {
    data = ResidualData{};
    data.error = error.what();
  }
  return data;
}

std::string column_wavelength_label(const EncodingParams& e, std::int64_t dimension) {
  if (e.kind == EncodingKind::sigmoid) return "t = " + format_g(sigmoid_timescale(e.dims, e.base, dimension));
  const std::optional<double> lambda = column_wavelength(e, dimension);
  if (e.kind == EncodingKind::sinusoidal_concat && !lambda) return "zero padding";
  if (!lambda) return "";
  if (e.kind == EncodingKind::binary) return "period " + format_g(*lambda, 6);
  return "λ = " + format_g(*lambda);
}

std::shared_ptr<const ViewData> ViewDataCache::compute(const ViewParams& params) {
  const Stopwatch stopwatch;
  const RecomputeCounts before = recomputations();
  auto data = std::make_shared<ViewData>();
  data->params = params;
  const EncodingParams& e = params.encoding;
  data->table = table_.get(e, compute_table);
  const TableData& table = *data->table;
  data->curves = curves_.get(CurvesKey{e, params.dimension, params.neighbour_curves}, compute_curves);
  data->similarity = similarity_.get(SimilarityKey{e, params.metric}, [&](const SimilarityKey& key) {
    return compute_similarity(key, table);
  });
  data->similarity_row =
      similarity_row_.get(SimilarityRowKey{e, params.metric, params.position},
                          [&](const SimilarityRowKey& key) { return compute_similarity_row(key, table); });
  data->rotation =
      rotation_.get(RotationKey{e.dims, e.base, params.offset, params.dimension}, compute_rotation);
  data->residual = residual_.get(ResidualKey{e, params.offset},
                                 [&](const ResidualKey& key) { return compute_residual(key, table); });
  data->selected_residual = selected_residual_.get(SelectedResidualKey{e, params.offset, params.position},
                                                   compute_selected_residual);
  data->spectrum = spectrum_.get(SpectrumKey{e.kind, e.dims, e.base, e.positions}, compute_spectrum);
  if (!(recomputations() == before)) data->compute_ms = stopwatch.elapsed_ms();
  return data;
}

RecomputeCounts ViewDataCache::recomputations() const {
  return RecomputeCounts{table_.recomputations(),
                         curves_.recomputations(),
                         similarity_.recomputations(),
                         similarity_row_.recomputations(),
                         rotation_.recomputations(),
                         residual_.recomputations(),
                         selected_residual_.recomputations(),
                         spectrum_.recomputations()};
}

}  // namespace pelab::app
