#pragma once
// The numbers behind the views across configurations for relative and rotary schemes: the rope
// view (RoPE frequency scaling of one model, one or two scalings) and the bias view (ALiBi, T5 and
// Shaw per head, and every method's bias or score against distance). Pure functions of the view
// settings, computed by pelab_core; the app's AcrossWorker computes them off the frame
// (across_data.hpp).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pelab/rope_scaling.hpp"
#include "pelab/types.hpp"
#include "state/params.hpp"
#include "state/view_settings.hpp"

namespace pelab::app {

// A curve over m = 0..range, thinned for drawing on a logarithmic distance axis: every point while
// there are at most max_decay_points, else every point below max_decay_points / 4 and then the
// smallest and largest value of buckets of geometrically growing width (in order), so the drawn
// envelope is the full curve's and near distances stay exact.
inline constexpr std::int64_t max_decay_points = 8192;
inline constexpr std::int64_t max_decay_range = std::int64_t{1} << 20;
inline constexpr std::int64_t decay_samples = 64;
inline constexpr std::uint64_t decay_seed = 7;
struct DecayCurve {
  std::vector<double> x, y;
};
DecayCurve thin_curve(const std::vector<double>& values);

// One scaling of the model.
struct RopeSideData {
  RopeScaling scaling;  // as computed (effective_scaling)
  std::string error;    // the scaling is refused: nothing else is set
  RopeScalingAnalysis analysis;
  std::vector<double> angle_before, angle_after;  // p theta_i, radians, at the view's p
  DecayCurve decay_ones, decay_random;            // after scaling, with the attention factor
  std::optional<std::int64_t> first_negative;     // of the all-ones score after scaling, within the range
};

struct RopeViewData {
  std::string error;  // D or base refused: nothing else is set
  std::int64_t pairs = 0;
  std::vector<double> pair_index;  // 0 .. pairs - 1
  std::vector<double> seen_angle;  // L theta_i: the largest angle pair i reaches within training
  std::vector<double> wavelength_before;
  std::int64_t decay_range = 0;  // m = 0 .. decay_range
  DecayCurve decay_before;       // all-ones score without scaling
  std::optional<std::int64_t> first_negative_before;
  std::array<RopeSideData, 2> sides;
  int side_count = 1;
};
RopeViewData compute_rope_view(const RopeViewSettings& settings);

// The bias view. Heads, biases and indices as core computes them, and beside them in the
// distance plot a sinusoid's similarity and a RoPE's all-ones score.
struct BiasViewData {
  std::string error;
  Vector slopes;                    // ALiBi: one per head
  std::vector<Matrix> heads;        // alibi and t5: heads x (n x n) biases; -inf where causal masks
  IndexMatrix buckets;              // t5: bucket of j - i, n x n
  Matrix t5_table;                  // t5: buckets x heads, the seeded per-head bias
  IndexMatrix shaw_index;           // shaw: clip(j - i, -C, C) + C, n x n
  std::int64_t distance_range = 0;  // r = -range .. range
  std::vector<double> distances;
  std::vector<std::vector<double>> alibi;  // per head, -m |r| (causal: NaN for r > 0)
  std::vector<double> t5;                  // head 0's bias of bucket(r) (causal: NaN for r > 0)
  std::vector<double> rope;                // 2 sum cos(r theta_i), all-ones q and k
  std::vector<double> sinusoid;            // sum cos(w_k r), the sinusoid's dot similarity
  std::int64_t rope_dims = 0, sinusoid_dims = 0;
  double rope_base = 0.0, sinusoid_base = 0.0;
};
// Everything the bias view's numbers depend on, by name: the view's settings, the sinusoid whose
// similarity joins the distance plot and the RoPE whose all-ones score does. Four numbers of two
// types in one call were once passed in the wrong order; named fields (and designated
// initialisers) leave no order to get wrong.
struct BiasViewInputs {
  BiasViewSettings settings;
  std::int64_t sinusoid_dims = 64;
  double sinusoid_base = 10000.0;
  std::int64_t rope_dims = 128;
  double rope_base = 10000.0;
  bool operator==(const BiasViewInputs&) const = default;
};
// The inputs the app's state gives the bias view (the one place they are formed, for the drawing
// and the export alike): the selected configuration's sinusoid when it is one with even D (else
// D = 64, base 10000), and the rope view's D and base (D = 128 while the rope view's D is odd).
BiasViewInputs bias_view_inputs(const AppState& state);
// T5's seeded per-head bias table: buckets x heads, N(0, 1) entries.
Matrix t5_seeded_bias(std::int64_t buckets, std::int64_t heads, std::uint64_t seed);
BiasViewData compute_bias_view(const BiasViewInputs& inputs);

}  // namespace pelab::app
