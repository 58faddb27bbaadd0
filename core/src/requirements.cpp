// The five requirements of a good absolute encoding (docs/encodings.md) as numbers with thresholds.
#include "pelab/requirements.hpp"

#include <cstdio>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "pelab/similarity.hpp"

namespace pelab {
namespace {

// Largest N for which requirement 5 compares every pair exactly (an N x N distance matrix).
constexpr std::int64_t kExactDistinctLimit = 4096;

double length_independence(const EncodingParams& params, const Matrix& table, const Matrix* source,
                           const StopToken& stop) {
  EncodingParams longer = params;
  // Twice as long, or as long as positions stay exact (start + N < 2^52, see validate()).
  longer.positions = std::min<std::int64_t>(2 * params.positions, (std::int64_t{1} << 52) - params.start);
  if (params.kind == EncodingKind::learned && source != nullptr) {
    longer.positions = std::min<std::int64_t>(longer.positions, source->rows() - params.start);
  }
  const Matrix other = encode(longer, source);
  stop_if_requested(stop);
  const Eigen::Index shared = std::min(other.rows(), table.rows());
  return (table.topRows(shared) - other.topRows(shared)).cwiseAbs().maxCoeff();
}

// Requirement 3, slow-growth, as docs/encodings.md §3 defines it (and says why the largest entry).
double value_growth(const Matrix& table) {
  const Eigen::Index n = table.rows();
  const Vector envelope = table.cwiseAbs().rowwise().maxCoeff();
  const double mean_p = static_cast<double>(n - 1) / 2.0;
  const double mean_m = envelope.mean();
  double num = 0.0, den = 0.0;
  for (Eigen::Index p = 0; p < n; ++p) {
    num += (static_cast<double>(p) - mean_p) * (envelope[p] - mean_m);
    den += (static_cast<double>(p) - mean_p) * (static_cast<double>(p) - mean_p);
  }
  return std::abs(num / den);
}

double step_variation(const Matrix& table) {
  const Vector steps =
      (table.bottomRows(table.rows() - 1) - table.topRows(table.rows() - 1)).rowwise().norm();
  const double mean = steps.mean();
  if (mean == 0.0) return std::numeric_limits<double>::infinity();  // no step at all: no distance
  const double variance = (steps.array() - mean).square().mean();
  return std::sqrt(variance) / mean;
}

// Rows compared pairwise for requirement 5. The distance matrix of s rows costs s^2 D multiply-adds;
// above 2^34 (a few seconds through OpenBLAS on two cores, 69 billion at N = D = 4096) wide tables
// compare fewer rows, so the scorecard stays interactive at the largest sizes: 2048 rows at D = 4096.
std::int64_t distinct_rows(std::int64_t dims) {
  const double fit = std::sqrt(std::ldexp(1.0, 34) / static_cast<double>(std::max<std::int64_t>(dims, 1)));
  return std::clamp<std::int64_t>(static_cast<std::int64_t>(fit), 2, kExactDistinctLimit);
}

double min_pair_distance(const Matrix& table) {
  const Eigen::Index n = table.rows();
  double best = std::numeric_limits<double>::infinity();
  const Eigen::Index limit = distinct_rows(table.cols());
  if (n <= limit) {
    const Matrix dist = similarity_matrix(table, SimilarityMetric::distance);
    for (Eigen::Index p = 0; p < n; ++p)
      for (Eigen::Index q = p + 1; q < n; ++q) best = std::min(best, dist(p, q));
    return best;
  }
  // Large N: all neighbouring pairs plus every pair of an evenly spaced sample of rows.
  for (Eigen::Index p = 1; p < n; ++p) best = std::min(best, (table.row(p) - table.row(p - 1)).norm());
  Matrix sample(limit, table.cols());
  for (Eigen::Index i = 0; i < limit; ++i) sample.row(i) = table.row(i * (n - 1) / (limit - 1));
  const Matrix dist = similarity_matrix(sample, SimilarityMetric::distance);
  for (Eigen::Index p = 0; p < sample.rows(); ++p)
    for (Eigen::Index q = p + 1; q < sample.rows(); ++q) best = std::min(best, dist(p, q));
  return best;
}

}  // namespace

std::vector<RequirementScore> requirement_scores(const EncodingParams& params, const Matrix* learned_source,
                                                 const RequirementProgress& on_scored,
                                                 const StopToken& stop) {
  stop_if_requested(stop);
  const Matrix table = encode(params, learned_source);
  stop_if_requested(stop);
  // A table with NaN or inf (e.g. a loaded file) fails every requirement: NaN compares false either way.
  const bool finite = table.allFinite();
  const std::int64_t n = table.rows();
  // `measure` runs only when the table has the positions it needs.
  auto score = [finite, n](int number, TextId description, std::int64_t needs_positions, auto measure,
                           double threshold, bool higher_is_better, std::vector<std::string> args = {}) {
    const bool measurable = n >= needs_positions;
    double value = std::numeric_limits<double>::quiet_NaN();
    if (measurable && finite) value = measure();
    const bool pass = measurable && (higher_is_better ? value > threshold : value <= threshold);
    const Text name_text{static_cast<TextId>(static_cast<int>(TextId::requirement_name_1) + number - 1), {}};
    const Text description_text{description, std::move(args)};
    return RequirementScore{number,    english(name_text), english(description_text),
                            value,     threshold,          higher_is_better,
                            pass,      needs_positions,    measurable,
                            name_text, description_text};
  };
  std::vector<RequirementScore> scores;
  const auto add = [&](RequirementScore next) {
    scores.push_back(std::move(next));
    stop_if_requested(stop);  // before telling anyone: a stopped run shows no part
    if (on_scored) on_scored(scores);
  };
  add(score(
      1, TextId::requirement_measure_1, 1,
      [&] { return length_independence(params, table, learned_source, stop); }, 1e-9, false));
  add(score(
      2, TextId::requirement_measure_2, 1, [&] { return table.cwiseAbs().maxCoeff(); }, 1.0, false));
  add(score(
      3, TextId::requirement_measure_3, 2, [&] { return value_growth(table); }, 0.1, false));
  add(score(
      4, TextId::requirement_measure_4, 3, [&] { return step_variation(table); }, 0.01, false));
  const std::int64_t compared = distinct_rows(table.cols());
  if (table.rows() <= compared) {
    add(score(
        5, TextId::requirement_measure_5, 2, [&] { return min_pair_distance(table); }, 1e-6, true));
  } else {
    add(score(5, TextId::requirement_measure_5_sampled, 2, [&] { return min_pair_distance(table); }, 1e-6,
              true, {std::to_string(compared)}));
  }
  return scores;
}

namespace {

std::string short_number(double value) {
  // An infinite score is a real outcome (the step variation of identical rows: their mean step is
  // 0) and reads as the symbol, never as printf's "inf"; NaN never reaches a sentence.
  if (std::isinf(value)) return value > 0 ? "∞" : "−∞";
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

}  // namespace

Text requirement_verdict_text(const RequirementScore& score) {
  if (!score.measurable) return {TextId::requirement_not_measurable, {std::to_string(score.needs_positions)}};
  std::vector<std::string> numbers{short_number(score.value), short_number(score.threshold)};
  if (std::isnan(score.value)) return {TextId::requirement_not_finite, {}};
  if (score.pass)
    return {score.higher_is_better ? TextId::requirement_pass_above : TextId::requirement_pass_below,
            numbers};
  static constexpr TextId kFails[] = {TextId::requirement_fail_1, TextId::requirement_fail_2,
                                      TextId::requirement_fail_3, TextId::requirement_fail_4,
                                      TextId::requirement_fail_5};
  const bool known = score.number >= 1 && score.number <= 5;
  return {known ? kFails[score.number - 1] : TextId::requirement_fail_other, numbers};
}

std::string requirement_verdict(const RequirementScore& score) {
  return english(requirement_verdict_text(score));
}

}  // namespace pelab
