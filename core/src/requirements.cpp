// The five requirements of SPEC §2 as numbers with thresholds.
#include "pelab/requirements.hpp"

#include <cstdio>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "pelab/similarity.hpp"

namespace pelab {
namespace {

// Largest N for which requirement 5 compares every pair exactly (an N x N distance matrix).
constexpr std::int64_t kExactDistinctLimit = 4096;

double length_independence(const EncodingParams& params, const Matrix& table, const Matrix* source) {
  EncodingParams longer = params;
  // Twice as long, or as long as positions stay exact (start + N < 2^52, see validate()).
  longer.positions = std::min<std::int64_t>(2 * params.positions, (std::int64_t{1} << 52) - params.start);
  if (params.kind == EncodingKind::learned && source != nullptr) {
    longer.positions = std::min<std::int64_t>(longer.positions, source->rows() - params.start);
  }
  const Matrix other = encode(longer, source);
  const Eigen::Index shared = std::min(other.rows(), table.rows());
  return (table.topRows(shared) - other.topRows(shared)).cwiseAbs().maxCoeff();
}

// |least-squares slope| of the row's largest magnitude m_p = max_i |P[p, i]| against p: how much the
// values grow per position step. Uses the largest entry rather than the norm so that padding a table
// with zero columns cannot change the verdict.
double value_growth(const Matrix& table) {
  const Eigen::Index n = table.rows();
  if (n < 2) return 0.0;
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
  if (table.rows() < 3) return 0.0;
  const Vector steps =
      (table.bottomRows(table.rows() - 1) - table.topRows(table.rows() - 1)).rowwise().norm();
  const double mean = steps.mean();
  if (mean == 0.0) return std::numeric_limits<double>::infinity();  // no step at all: no distance
  const double variance = (steps.array() - mean).square().mean();
  return std::sqrt(variance) / mean;
}

double min_pair_distance(const Matrix& table) {
  const Eigen::Index n = table.rows();
  if (n < 2) return 1.0;
  double best = std::numeric_limits<double>::infinity();
  if (n <= kExactDistinctLimit) {
    const Matrix dist = similarity_matrix(table, SimilarityMetric::distance);
    for (Eigen::Index p = 0; p < n; ++p)
      for (Eigen::Index q = p + 1; q < n; ++q) best = std::min(best, dist(p, q));
    return best;
  }
  // Large N: all neighbouring pairs plus every pair of an evenly spaced sample of rows.
  for (Eigen::Index p = 1; p < n; ++p) best = std::min(best, (table.row(p) - table.row(p - 1)).norm());
  Matrix sample(kExactDistinctLimit, table.cols());
  for (Eigen::Index i = 0; i < kExactDistinctLimit; ++i)
    sample.row(i) = table.row(i * (n - 1) / (kExactDistinctLimit - 1));
  const Matrix dist = similarity_matrix(sample, SimilarityMetric::distance);
  for (Eigen::Index p = 0; p < sample.rows(); ++p)
    for (Eigen::Index q = p + 1; q < sample.rows(); ++q) best = std::min(best, dist(p, q));
  return best;
}

}  // namespace

std::vector<RequirementScore> requirement_scores(const EncodingParams& params, const Matrix* learned_source) {
  const Matrix table = encode(params, learned_source);
  // A table with NaN or inf (e.g. a loaded file) fails every requirement: NaN compares false either way.
  const bool finite = table.allFinite();
  auto score = [finite](int number, const char* name, const char* description, double value, double threshold,
                        bool higher_is_better) {
    if (!finite) value = std::numeric_limits<double>::quiet_NaN();
    const bool pass = higher_is_better ? value > threshold : value <= threshold;
    return RequirementScore{number, name, description, value, threshold, higher_is_better, pass};
  };
  std::vector<RequirementScore> scores;
  scores.push_back(score(1, "length-independent",
                         "max |P_N[p] - P_2N[p]|: change of a position's vector when the sequence doubles",
                         length_independence(params, table, learned_source), 1e-9, false));
  scores.push_back(score(2, "bounded",
                         "max |P[p, i]|: largest value, compared with unit-scale token embeddings",
                         table.cwiseAbs().maxCoeff(), 1.0, false));
  scores.push_back(score(3, "slow-growth",
                         "|slope| of max_i |P[p, i]| against p: how much the values grow per position step",
                         value_growth(table), 0.1, false));
  scores.push_back(
      score(4, "distance-like",
            "std/mean of the neighbour steps |P_p+1 - P_p|: 0 when every step has the same length",
            step_variation(table), 0.01, false));
  scores.push_back(score(5, "distinct",
                         table.rows() <= kExactDistinctLimit
                             ? "min over p != q of |P_p - P_q|: the closest two positions"
                             : "min |P_p - P_q| over neighbours and a 4096-row even sample (N > 4096)",
                         min_pair_distance(table), 1e-6, true));
  return scores;
}

namespace {

std::string short_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

}  // namespace

std::string requirement_verdict(const RequirementScore& score) {
  const std::string value = short_number(score.value), bound = short_number(score.threshold);
  if (std::isnan(score.value)) return "fails: the table holds NaN or infinite values";
  if (score.pass) {
    return "passes: " + value + (score.higher_is_better ? " > " : " ≤ ") + bound;
  }
  switch (score.number) {
    case 1:
      return "fails: a position's vector moves by " + value + " when N doubles (bound " + bound +
             "), so a position means something else in a longer sequence";
    case 2:
      return "fails: values reach " + value + ", above the bound " + bound +
             " that keeps them on the scale of token embeddings";
    case 3:
      return "fails: the largest value grows by " + value + " per position (bound " + bound + ")";
    case 4:
      return "fails: neighbour steps vary by " + value + " of their mean (bound " + bound +
             "), so a difference of vectors is no measure of distance";
    case 5:
      return "fails: two positions are only " + value + " apart (bound " + bound +
             "), practically the same vector";
    default:
      return "fails: " + value + " against the bound " + bound;
  }
}

}  // namespace pelab
