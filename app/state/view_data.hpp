#pragma once
// The numbers behind every view, computed by pelab_core from one ViewParams. Each item is cached
// under the parameters it depends on (Cached<Key, Value>), so moving p recomputes the similarity
// row but not the table, and a frame with unchanged parameters recomputes nothing.
//
// Sizes stay bounded whatever N and D are: at most max_rows_computed positions (a stated stride
// beyond that), heatmap textures of at most max_heatmap_side cells per side, and a Gram matrix of
// at most gram_flop_budget multiply-adds. The views print the stride they show.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pelab/io/colormap.hpp"
#include "pelab/types.hpp"
#include "state/cache.hpp"
#include "state/params.hpp"

namespace pelab::app {

inline constexpr std::int64_t max_rows_computed = 2048;
inline constexpr std::int64_t max_heatmap_side = 2048;
inline constexpr std::int64_t max_similarity_side = 1024;  // N x N: four times the cells of a 2048-row table
inline constexpr std::int64_t max_curve_points = 4096;
inline constexpr double gram_flop_budget = 1.5e8;         // M^2 D for the non-closed-form similarity (~50 ms)
inline constexpr std::int64_t rotation_window_dims = 16;  // T(k) shows 8 pairs around the selected one

// Indices 0, stride, 2 stride, ... of `total` items: `shown` of them, stride = ceil(total / max_shown).
struct Sampling {
  std::int64_t total = 0;
  std::int64_t stride = 1;
  std::int64_t shown = 0;
  bool operator==(const Sampling&) const = default;
};
Sampling sample_evenly(std::int64_t total, std::int64_t max_shown);

// A matrix as the GPU gets it: row-major floats, plus the ranges value_range gives for it.
struct HeatmapGrid {
  int rows = 0;
  int cols = 0;
  std::vector<float> values;
  std::uint64_t generation = 0;  // unique per computation; GPU copies refresh when it changes
  ValueRange automatic_range;
  ValueRange symmetric_range;
};
HeatmapGrid make_heatmap_grid(const Matrix& values);
// The range the view's colormap spans: automatic, symmetric, or the user's fixed one.
ValueRange display_range(const HeatmapGrid& grid, const ViewParams& params);

// Table P, rows = positions start + j * rows.stride, all D columns kept exactly.
struct TableData {
  Sampling rows;           // over the N positions
  Sampling cols;           // over the D columns, for the heatmap only
  Matrix exact;            // rows.shown x D
  HeatmapGrid heatmap;     // rows.shown x cols.shown
  std::int64_t start = 0;  // position of row 0
  double compute_ms = 0.0;
  std::string error;  // when set, the rest is empty
  std::int64_t position_of_row(std::int64_t row) const { return start + row * rows.stride; }
};

struct CurvesKey {
  EncodingParams encoding;
  std::int64_t dimension = 0;
  int neighbour_curves = 0;
  bool operator==(const CurvesKey&) const = default;
};
struct CurvesData {
  struct Curve {
    std::int64_t dimension = 0;
    std::vector<double> values;  // P[p, dimension] at `positions`
    std::string label;           // "i = 4  (λ = 39.7)"
  };
  Sampling sampling;
  std::vector<double> positions;
  std::vector<Curve> curves;
  std::string error;
};

struct SimilarityKey {
  EncodingParams encoding;
  SimilarityMetric metric = SimilarityMetric::dot;
  bool operator==(const SimilarityKey&) const = default;
};
struct SimilarityData {
  Sampling rows;  // over the N positions
  std::int64_t start = 0;
  Matrix exact;  // S at the sampled positions
  HeatmapGrid heatmap;
  std::string method;  // how it was computed, shown on the view
  double compute_ms = 0.0;
  std::string error;
  std::int64_t position_of_row(std::int64_t row) const { return start + row * rows.stride; }
};

struct SimilarityRowKey {
  EncodingParams encoding;
  SimilarityMetric metric = SimilarityMetric::dot;
  std::int64_t position = 0;
  bool operator==(const SimilarityRowKey&) const = default;
};
// S[p, q] against q - p, for the table's sampled q.
struct SimilarityRowData {
  std::vector<double> offsets;
  std::vector<double> values;
  std::string error;
};

struct RotationKey {
  std::int64_t dims = 0;
  double base = 0.0;
  std::int64_t offset = 0;
  std::int64_t dimension = 0;
  bool operator==(const RotationKey&) const = default;
};
// A window of T(k) around the selected pair, in both conventions (blocks for pair j, a = w_j k:
// column [[cos a, sin a], [-sin a, cos a]], row: the transpose). The full D x D matrix is block
// diagonal, so the window shows all there is to see and stays small for any D.
struct RotationData {
  std::int64_t first_dim = 0;
  std::int64_t window = 0;
  std::array<Matrix, 2> blocks;  // [column, row]
  std::array<HeatmapGrid, 2> heatmaps;
  std::int64_t pair = 0;
  double frequency = 0.0;  // w of the selected pair
  double angle = 0.0;      // w k
  std::string error;
};

struct ResidualKey {
  EncodingParams encoding;
  std::int64_t offset = 0;
  bool operator==(const ResidualKey&) const = default;
};
// max_i |(T(k) P_p)_i - P[p + k, i]| over the sampled p with p + k inside the table. Column and row
// conventions describe the same map, so the residual does not depend on the convention.
struct ResidualData {
  std::vector<double> positions;
  std::vector<double> residuals;
  double largest = 0.0;
  std::string error;
};

struct SelectedResidualKey {
  EncodingParams encoding;
  std::int64_t offset = 0;
  std::int64_t position = 0;
  bool operator==(const SelectedResidualKey&) const = default;
};
struct SelectedResidual {
  Vector row;          // P_p
  Vector shifted_row;  // P_{p+k}
  double value = 0.0;
  std::string error;  // e.g. "p + k is past the table"
};

struct SpectrumKey {
  EncodingKind kind = EncodingKind::sinusoidal;
  std::int64_t dims = 0;
  double base = 0.0;
  std::int64_t positions = 0;
  bool operator==(const SpectrumKey&) const = default;
};
struct SpectrumData {
  std::vector<double> wavelengths;   // per (sin, cos) pair or frequency band, in positions
  bool kind_has_wavelengths = true;  // false: the sinusoidal rule is shown for reference
  std::string rule;                  // "λ_k = 2π·base^(2k/D)"
};

// The wavelength label of one column ("λ = 39.7"), or "" for kinds without one.
std::string column_wavelength_label(const EncodingParams& encoding, std::int64_t dimension);

// Everything one set of parameters shows. Items are shared with earlier results whose keys match.
struct ViewData {
  ViewParams params;
  std::shared_ptr<const TableData> table;
  std::shared_ptr<const CurvesData> curves;
  std::shared_ptr<const SimilarityData> similarity;
  std::shared_ptr<const SimilarityRowData> similarity_row;
  std::shared_ptr<const RotationData> rotation;
  std::shared_ptr<const ResidualData> residual;
  std::shared_ptr<const SelectedResidual> selected_residual;
  std::shared_ptr<const SpectrumData> spectrum;
  double compute_ms = 0.0;  // time spent in this update (0 when everything was reused)
};

struct RecomputeCounts {
  int table = 0, curves = 0, similarity = 0, similarity_row = 0, rotation = 0, residual = 0,
      selected_residual = 0, spectrum = 0;
  bool operator==(const RecomputeCounts&) const = default;
};

// The caches of one encoding. Not thread-safe: one thread at a time (the ComputeWorker's).
class ViewDataCache {
 public:
  std::shared_ptr<const ViewData> compute(const ViewParams& params);
  RecomputeCounts recomputations() const;

 private:
  Cached<EncodingParams, TableData> table_;
  Cached<CurvesKey, CurvesData> curves_;
  Cached<SimilarityKey, SimilarityData> similarity_;
  Cached<SimilarityRowKey, SimilarityRowData> similarity_row_;
  Cached<RotationKey, RotationData> rotation_;
  Cached<ResidualKey, ResidualData> residual_;
  Cached<SelectedResidualKey, SelectedResidual> selected_residual_;
  Cached<SpectrumKey, SpectrumData> spectrum_;
};

// The individual computations (pure functions of their keys; exposed for tests).
TableData compute_table(const EncodingParams& encoding);
SimilarityData compute_similarity(const SimilarityKey& key, const TableData& table);
RotationData compute_rotation(const RotationKey& key);
ResidualData compute_residual(const ResidualKey& key, const TableData& table);

}  // namespace pelab::app
