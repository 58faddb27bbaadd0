#pragma once
// The numbers behind the views of one configuration, computed by pelab_core. Each item is cached
// under the inputs it depends on (Cached<Key, Value>), and only the items the visible views need
// are computed: moving p recomputes the similarity row but not the table, a hidden view costs
// nothing, and a frame with unchanged inputs recomputes nothing.
//
// Sizes stay bounded whatever N and D are: at most max_rows_computed positions (a stated stride
// beyond that), heatmap textures of at most max_heatmap_side cells per side, and a Gram matrix of
// at most gram_flop_budget multiply-adds. The views print the stride they show.
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "pelab/demo_inputs.hpp"
#include "pelab/io/colormap.hpp"
#include "pelab/requirements.hpp"
#include "pelab/stop.hpp"
#include "pelab/structure.hpp"
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

// The items a view can need, as bits.
enum Item : unsigned {
  item_table = 1u << 0,
  item_curves = 1u << 1,
  item_similarity = 1u << 2,
  item_similarity_row = 1u << 3,
  item_rotation = 1u << 4,
  item_residual = 1u << 5,
  item_selected_residual = 1u << 6,
  item_spectrum = 1u << 7,
  item_requirements = 1u << 8,
  // The demo items of the pca, attention and norms views.
  item_pca = 1u << 9,
  item_attention = 1u << 10,
  item_norms = 1u << 11,
  // The items of the views across configurations, computed once for the app by its AcrossWorker
  // (across_data.hpp), never by a configuration's worker.
  item_difference = 1u << 12,
  item_bias = 1u << 13,
  item_rope = 1u << 14,
};
using Needs = unsigned;
// The items of the table views (heatmap .. scorecard). The demo items are asked for only by their
// own views, so "all_items" (the tests' and benchmark's request) keeps its meaning.
inline constexpr Needs all_items = (1u << 9) - 1;
inline constexpr Needs demo_items = item_pca | item_attention | item_norms;
inline constexpr int item_count = 12;
// What a configuration's worker computes, and what the across worker does.
inline constexpr Needs config_items = (1u << item_count) - 1;
inline constexpr Needs across_items = item_difference | item_bias | item_rope;
// Items computed from the configuration directly, without the table (the curves encode their few
// columns themselves: a curves view alone never waits for a whole N x D table).
inline constexpr Needs items_without_table = item_curves | item_spectrum | item_attention | item_norms;

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
  // Never changed once made, and shared by the copies of the grid: the buffer itself identifies the
  // values, so a GPU copy (gfx::HeatmapImage) uploads again only for another buffer (no counter).
  std::shared_ptr<const std::vector<float>> values;
  ValueRange automatic_range;
  ValueRange symmetric_range;
};
// Float buffers for heatmap grids, reused once nothing holds them any more: a new table at
// 2000 x 1600 would otherwise take 12.8 MB of fresh pages (zeroed by the kernel on first touch) at
// every change of base. Each grid still gets a shared_ptr of its own (a new control block over a
// recycled vector), so gfx::HeatmapImage tells it apart from the buffer it uploaded last. Kept by one
// worker's cache and used by its thread alone; the grids may be released on any thread.
class HeatmapBuffers {
 public:
  // A vector with room for at least `size` floats, its contents left over (the caller resizes and
  // overwrites it): a free one of the kept buffers when there is one (the smallest that fits, else the
  // largest), else a new one, kept while fewer than `kept_most`.
  std::shared_ptr<std::vector<float>> take(std::size_t size);
  // How many buffers are kept (for tests).
  std::size_t kept() const { return buffers_.size(); }
  static constexpr std::size_t kept_most = 3;  // being filled, published, and the cached one drawn

 private:
  std::vector<std::shared_ptr<std::vector<float>>> buffers_;
};

// A stop requested on `stop` throws Stopped between blocks of rows. With `buffers`, the floats go
// into a buffer taken from it (the values are the same as in a new one).
HeatmapGrid make_heatmap_grid(const Matrix& values, const StopToken& stop = {},
                              HeatmapBuffers* buffers = nullptr);
// The range the colormap spans: automatic, symmetric, or the user's fixed one.
ValueRange display_range(const HeatmapGrid& grid, const DisplaySettings& display);
// The union of two ranges (shared colour scale over configurations).
ValueRange merge_ranges(const ValueRange& a, const ValueRange& b);

// What defines the table: the encoding and, for a learned table from a file, the loaded matrix
// (compared by identity: a reload is a new table) or why it could not be loaded.
struct TableKey {
  EncodingParams encoding;
  std::shared_ptr<const Matrix> learned;
  std::string source_error;
  bool operator==(const TableKey&) const = default;
  const Matrix* source() const { return learned.get(); }
};

// Table P, rows = positions start + j * rows.stride, all D columns kept exactly.
struct TableData {
  TableKey key;            // what it was computed from
  Sampling rows;           // over the N positions
  Sampling cols;           // over the D columns, for the heatmap only
  Matrix exact;            // rows.shown x D
  HeatmapGrid heatmap;     // rows.shown x cols.shown
  std::int64_t start = 0;  // position of row 0
  double compute_ms = 0.0;
  std::string error;  // when set, the rest is empty
  std::int64_t position_of_row(std::int64_t row) const { return start + row * rows.stride; }
  // The row holding `position`, if it is one of the sampled positions.
  std::optional<std::int64_t> row_of_position(std::int64_t position) const;
};

struct CurvesKey {
  TableKey table;
  std::int64_t dimension = 0;
  int neighbour_curves = 0;
  std::vector<std::int64_t> columns;  // the curves view's picked columns (as set); empty: i - n .. i + n
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
  TableKey table;
  SimilarityMetric metric = SimilarityMetric::dot;
  bool operator==(const SimilarityKey&) const = default;
};
struct SimilarityData {
  Sampling rows;  // over the N positions
  std::int64_t start = 0;
  Matrix exact;  // S at the sampled positions
  HeatmapGrid heatmap;
  std::string method;  // how it was computed: an i18n key ("views.similarity.method.*"), shown on the view
  SimilarityMetric metric = SimilarityMetric::dot;  // what it was computed with
  double compute_ms = 0.0;
  std::string error;
  std::int64_t position_of_row(std::int64_t row) const { return start + row * rows.stride; }
};

struct SimilarityRowKey {
  TableKey table;
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
  TableKey table;
  std::int64_t offset = 0;
  std::int64_t dimension = 0;
  bool operator==(const RotationKey&) const = default;
};
// T(k) on a window of columns around the selected one, in both conventions, for kinds with an
// exact T(k) (core's RotationStructure says which columns pair up and at which frequency). For the
// other kinds: the best linear map fitted by least squares on the same window, and its residual
// over p, so "no exact T(k)" shows as a number.
struct RotationData {
  RotationStructure structure;
  std::vector<std::int64_t> window;  // the columns shown, in order
  std::array<Matrix, 2> blocks;      // [column, row] convention (fitted map: [map, its transpose])
  std::array<HeatmapGrid, 2> heatmaps;
  std::optional<std::size_t> pair;  // exact kinds: the selected column's pair (index into structure.pairs)
  double angle = 0.0;               // its angle w k (exactly reduced for fourier)
  // Not exact: the fit over the table's rows p with p + k inside.
  std::vector<double> fit_positions;
  std::vector<double> fit_residuals;
  double fit_largest = 0.0;
  bool fit_underdetermined = false;
  std::string error;
};

struct ResidualKey {
  TableKey table;
  std::int64_t offset = 0;
  bool operator==(const ResidualKey&) const = default;
};
// max_i |(T(k) P_p)_i - P[p + k, i]| over the sampled p with p + k inside the table (exact kinds).
// Column and row conventions describe the same map, so the residual does not depend on the convention.
struct ResidualData {
  std::vector<double> positions;
  std::vector<double> residuals;
  double largest = 0.0;
  std::string error;
};

struct SelectedResidualKey {
  TableKey table;
  std::int64_t offset = 0;
  std::int64_t position = 0;
  bool operator==(const SelectedResidualKey&) const = default;
};
// P_p and P_{p+k}, taken from the same rows as the residual curve (the table's rows when p and
// p + k are sampled positions, else both computed the same way), and for exact kinds the residual
// at p: the number the header shows equals the curve's point at p.
struct SelectedResidual {
  Vector row;          // P_p
  Vector shifted_row;  // P_{p+k}
  double value = 0.0;
  bool has_value = false;
  std::string error;  // e.g. "p + k is past the table"
};

struct SpectrumKey {
  EncodingParams encoding;
  bool operator==(const SpectrumKey&) const = default;
};

// pca: the table's sampled rows projected on the first three principal axes, fitted on an even
// sample of those rows small enough for the Gram budget (the view says how many).
inline constexpr Eigen::Index pca_spectrum_shown = 32;
struct PcaData {
  Sampling fit;                   // over the table's sampled rows
  std::vector<double> positions;  // position of each projected row (the table's sampled rows)
  Matrix points;                  // rows x 3
  Vector explained;               // 3 fractions of the fitted rows' variance
  Vector spectrum;                // the first (up to pca_spectrum_shown) components' fractions
  std::string error;
};

// attention: a six-token sentence of seeded word embeddings with the configuration's positions
// start .. start + 5, one head of seeded weights, and everything shown for the sentence's own order.
inline constexpr std::int64_t attention_head_dims = 16;
inline constexpr std::uint64_t attention_seed = 1;
struct AttentionData {
  Matrix words;      // sentence order
  Matrix positions;  // P rows start .. start + n - 1
  AttentionWeights weights;
  AttentionDemo original;  // identity order
  std::string error;
};
// The demo for `order` (the view's permutation) from the same inputs.
AttentionDemo attention_for_order(const AttentionData& data, std::span<const std::int64_t> order);
// What the attention view shows for its order: the demo and, per slot, how far each output row
// moved from its token's row in the original order.
struct AttentionOrderKey {
  TableKey table;
  std::vector<std::int64_t> order;
  bool operator==(const AttentionOrderKey&) const = default;
};
struct AttentionOrderData {
  std::vector<std::int64_t> order;
  AttentionDemo demo;
  Vector moved_without, moved_with;  // per slot |Δ| against the original output row of that token
  std::string error;
};
// `order` is the sentence's identity order when it is not a permutation of the sentence.
AttentionOrderData compute_attention_order(const AttentionData& data, const std::vector<std::int64_t>& order);

// norms: the configuration's positions start .. start + max_norm_length - 1 for the padded batch
// (fewer when a loaded table ends sooner).
inline constexpr std::uint64_t norms_seed = 3;
struct NormsData {
  Matrix positions;
  std::string error;
};
// The padded batch of `lengths` with these positions, LayerNorm per token and BatchNorm per step.
struct NormsResult {
  PaddedBatch batch;
  Moments token_moments;  // per row of batch.x (LayerNorm's statistics; padding rows too)
  Matrix layer;           // LayerNorm(x), padding rows left 0
  StepNorm with_padding, without_padding;
  std::string error;
};
NormsResult compute_norms_result(const NormsData& data, std::span<const std::int64_t> lengths);
struct NormsResultKey {
  TableKey table;
  std::vector<std::int64_t> lengths;
  bool operator==(const NormsResultKey&) const = default;
};

struct RequirementsData {
  // All five when complete; while they are measured, a published result holds the first ones (the
  // scorecard marks the others pending).
  std::vector<RequirementScore> scores;
  double compute_ms = 0.0;
  std::string error;
};

// The wavelength (or timescale) label of one column ("λ = 39.7"), or "" for kinds without one.
std::string column_wavelength_label(const EncodingParams& encoding, std::int64_t dimension);

// What a configuration's worker is asked to compute.
struct ComputeRequest {
  TableKey table;
  Selection selection;  // already clamped to the table
  int neighbour_curves = 1;
  std::vector<std::int64_t> curve_columns;  // CurvesViewSettings::columns when picked; empty: neighbours
  SimilarityMetric metric = SimilarityMetric::dot;
  // The attention and norms views' settings (shared by every configuration): the order and batch
  // their items are computed for.
  std::vector<std::int64_t> attention_order = AttentionViewSettings{}.order;
  std::vector<std::int64_t> norm_lengths = NormsViewSettings{}.lengths;
  Needs needs = all_items;
  bool operator==(const ComputeRequest&) const = default;
};

// Everything computed for one request. Items outside `needs` stay empty; while a request is in
// progress, items not yet recomputed keep their previous value and their bit in `fresh` is clear.
struct ViewData {
  ComputeRequest request;
  Needs fresh = 0;
  std::shared_ptr<const TableData> table;
  std::shared_ptr<const CurvesData> curves;
  std::shared_ptr<const SimilarityData> similarity;
  std::shared_ptr<const SimilarityRowData> similarity_row;
  std::shared_ptr<const RotationData> rotation;
  std::shared_ptr<const ResidualData> residual;
  std::shared_ptr<const SelectedResidual> selected_residual;
  std::shared_ptr<const PeriodSpectrum> spectrum;
  std::shared_ptr<const RequirementsData> requirements;
  std::shared_ptr<const PcaData> pca;
  std::shared_ptr<const AttentionData> attention;
  std::shared_ptr<const AttentionOrderData> attention_order;  // item_attention: for request.attention_order
  std::shared_ptr<const NormsData> norms;
  std::shared_ptr<const NormsResult> norms_result;  // item_norms: for request.norm_lengths
  double compute_ms = 0.0;  // time spent on this request so far (0 when everything was reused)

  // True when every item in `needs` is present and was computed for `request`.
  bool is_fresh(Needs needs) const { return (fresh & needs) == needs; }
  bool has(Needs needs) const;
};

struct RecomputeCounts {
  int table = 0, curves = 0, similarity = 0, similarity_row = 0, rotation = 0, residual = 0,
      selected_residual = 0, spectrum = 0, requirements = 0, pca = 0, attention = 0, norms = 0,
      attention_order = 0, norms_result = 0;
  bool operator==(const RecomputeCounts&) const = default;
};

// The caches of one configuration. Not thread-safe: one thread at a time (its ComputeWorker's).
class ViewDataCache {
 public:
  using Request = ComputeRequest;
  using Data = ViewData;
  using Counts = RecomputeCounts;
  // Computes the needed items in a fixed order (cheap first), calling `publish` after each one
  // with the result so far; stops early when `superseded()` turns true (a newer request came).
  // A stop requested on `stop` ends the item in progress within a block of rows (table, residual,
  // T(k)'s fit, PCA) or a step (scorecard: Stopped from core): that item keeps its previous value,
  // unpublished and uncached, and nothing after it is computed.
  template <typename Publish, typename Superseded>
  std::shared_ptr<const ViewData> compute(const ComputeRequest& request, const ViewData* previous,
                                          Publish&& publish, Superseded&& superseded,
                                          const StopToken& stop = {});
  std::shared_ptr<const ViewData> compute(const ComputeRequest& request) {
    return compute(
        request, nullptr, [](const ViewData&) {}, [] { return false; });
  }
  RecomputeCounts recomputations() const;

 private:
  // `publish_partial` shows a slow item's first part (the scorecard's first requirements).
  bool step(int item, const ComputeRequest& request, ViewData& data,
            const std::function<void(const ViewData&)>& publish_partial, const StopToken& stop);

  HeatmapBuffers heatmap_buffers_;  // the table's and the similarity's grids
  Cached<TableKey, TableData> table_;
  Cached<CurvesKey, CurvesData> curves_;
  Cached<SimilarityKey, SimilarityData> similarity_;
  Cached<SimilarityRowKey, SimilarityRowData> similarity_row_;
  Cached<RotationKey, RotationData> rotation_;
  Cached<ResidualKey, ResidualData> residual_;
  Cached<SelectedResidualKey, SelectedResidual> selected_residual_;
  Cached<SpectrumKey, PeriodSpectrum> spectrum_;
  Cached<TableKey, RequirementsData> requirements_;
  Cached<TableKey, PcaData> pca_;
  Cached<TableKey, AttentionData> attention_;
  Cached<TableKey, NormsData> norms_;
  Cached<AttentionOrderKey, AttentionOrderData> attention_order_;
  Cached<NormsResultKey, NormsResult> norms_result_;
};

// The individual computations (pure functions of their keys; exposed for tests). Those that can take
// long at the largest sizes throw Stopped between blocks of rows once a stop is requested on `stop`.
inline constexpr std::int64_t rows_per_stop_check = 64;  // 64 x 4096 sines: a few ms
TableData compute_table(const TableKey& key, const StopToken& stop = {}, HeatmapBuffers* buffers = nullptr);
SimilarityData compute_similarity(const SimilarityKey& key, const TableData& table,
                                  const StopToken& stop = {}, HeatmapBuffers* buffers = nullptr);
RotationData compute_rotation(const RotationKey& key, const TableData& table, const StopToken& stop = {});
ResidualData compute_residual(const ResidualKey& key, const TableData& table, const StopToken& stop = {});
SelectedResidual compute_selected_residual(const SelectedResidualKey& key, const TableData& table);
PcaData compute_pca(const TableKey& key, const TableData& table, const StopToken& stop = {});
AttentionData compute_attention(const TableKey& key);
NormsData compute_norms(const TableKey& key);

template <typename Publish, typename Superseded>
std::shared_ptr<const ViewData> ViewDataCache::compute(const ComputeRequest& request,
                                                       const ViewData* previous, Publish&& publish,
                                                       Superseded&& superseded, const StopToken& stop) {
  auto data = std::make_shared<ViewData>(previous ? *previous : ViewData{});
  data->request = request;
  data->fresh = 0;
  data->compute_ms = 0.0;
  // The table first (everything else reads it), then what is cheap, then what is slow.
  for (int item = 0; item < item_count; ++item) {
    const unsigned bit = 1u << item;
    if (!(request.needs & bit) && bit != item_table) continue;
    if (bit == item_table && !(request.needs & ~items_without_table)) continue;  // e.g. the spectrum
    bool recomputed = false;
    try {
      recomputed = step(
          item, request, *data, [&](const ViewData& partial) { publish(partial); }, stop);
    } catch (const Stopped&) {
      // The item's cache kept its last value (Cached::get stores only a finished one). A part the
      // item published (the scorecard's first scores) goes too: the result holds only whole items.
      if (bit == item_requirements) data->requirements = previous ? previous->requirements : nullptr;
      break;
    }
    data->fresh |= bit;
    if (recomputed) {
      // The last item is published by the worker with the whole result: one wake-up, one frame.
      if (request.needs & config_items & ~((bit << 1) - 1)) publish(*data);
      if (superseded()) break;
    }
  }
  return data;
}

}  // namespace pelab::app
