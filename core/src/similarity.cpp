// Similarity between rows of a position table (SPEC §5).
#include "pelab/similarity.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "pelab/encodings.hpp"

namespace pelab {
namespace {

// Turns the Gram matrix G = A B^T into the requested metric. Squared distances come from
// |a|^2 + |b|^2 - 2 a.b, which cancels badly for nearly equal rows, so those few entries are
// recomputed directly: every distance is then accurate to a few ulp of the row norms.
Matrix finish_metric(Matrix gram, const Matrix& a, const Matrix& b, SimilarityMetric metric) {
  if (metric == SimilarityMetric::dot) return gram;
  const Vector na = a.rowwise().squaredNorm();
  const Vector nb = b.rowwise().squaredNorm();
  for (Eigen::Index p = 0; p < gram.rows(); ++p) {
    for (Eigen::Index q = 0; q < gram.cols(); ++q) {
      double& g = gram(p, q);
      if (metric == SimilarityMetric::cosine) {
        const double denom = std::sqrt(na[p] * nb[q]);
        g = denom > 0.0 ? g / denom : 0.0;
      } else {
        const double d2 = na[p] + nb[q] - 2.0 * g;
        if (d2 <= 1e-6 * (na[p] + nb[q])) {
          g = (a.row(p) - b.row(q)).norm();
        } else {
          g = std::sqrt(d2);
        }
      }
    }
  }
  return gram;
}

// Visits offsets r = 0..max_offset with sin(w_k r) and cos(w_k r) for every k, computed by angle
// addition from exact anchors every 64 offsets (no drift, ~2 ulp per value, no per-entry sin/cos).
template <typename Visitor>
void for_each_offset(const Vector& w, std::int64_t max_offset, Visitor&& visit) {
  constexpr std::int64_t kBlock = 64;
  const auto pairs = static_cast<std::size_t>(w.size());
  std::vector<double> step_sin(static_cast<std::size_t>(kBlock) * pairs), step_cos(step_sin.size());
  for (std::int64_t j = 0; j < kBlock; ++j) {
    for (std::size_t k = 0; k < pairs; ++k) {
      step_sin[static_cast<std::size_t>(j) * pairs + k] = std::sin(w[static_cast<Eigen::Index>(k)] * static_cast<double>(j));
      step_cos[static_cast<std::size_t>(j) * pairs + k] = std::cos(w[static_cast<Eigen::Index>(k)] * static_cast<double>(j));
    }
  }
  std::vector<double> anchor_sin(pairs), anchor_cos(pairs), s(pairs), c(pairs);
  for (std::int64_t a = 0; a <= max_offset; a += kBlock) {
    for (std::size_t k = 0; k < pairs; ++k) {
      anchor_sin[k] = std::sin(w[static_cast<Eigen::Index>(k)] * static_cast<double>(a));
      anchor_cos[k] = std::cos(w[static_cast<Eigen::Index>(k)] * static_cast<double>(a));
    }
    for (std::int64_t j = 0; j < kBlock && a + j <= max_offset; ++j) {
      const double* ss = &step_sin[static_cast<std::size_t>(j) * pairs];
      const double* sc = &step_cos[static_cast<std::size_t>(j) * pairs];
      for (std::size_t k = 0; k < pairs; ++k) {
        s[k] = anchor_sin[k] * sc[k] + anchor_cos[k] * ss[k];
        c[k] = anchor_cos[k] * sc[k] - anchor_sin[k] * ss[k];
      }
      visit(a + j, s, c);
    }
  }
}

// The frequencies of the (sin, cos) pairs that are complete: the first floor(D/2).
Vector paired_frequencies(std::int64_t d, double base) { return sinusoidal_frequencies(d, base).head(d / 2); }

void check_sinusoid_args(std::int64_t d, double base) {
  if (d <= 0) throw Error("dims D must be at least 1 (got " + std::to_string(d) + ")");
  if (!std::isfinite(base) || base <= 0.0) throw Error("base must be a finite number above 0");
}

}  // namespace

std::string_view to_string(SimilarityMetric metric) {
  switch (metric) {
    case SimilarityMetric::dot: return "dot";
    case SimilarityMetric::cosine: return "cosine";
    case SimilarityMetric::distance: return "distance";
  }
  return "?";
}

std::optional<SimilarityMetric> parse_similarity_metric(std::string_view name) {
  for (auto m : {SimilarityMetric::dot, SimilarityMetric::cosine, SimilarityMetric::distance}) {
    if (to_string(m) == name) return m;
  }
  return std::nullopt;
}

Matrix similarity_matrix(const Matrix& table, SimilarityMetric metric) {
  // P P^T through a symmetric rank update: half the flops of a general product.
  Matrix gram = Matrix::Zero(table.rows(), table.rows());
  gram.selfadjointView<Eigen::Lower>().rankUpdate(table);
  gram.triangularView<Eigen::StrictlyUpper>() = gram.transpose();
  return finish_metric(std::move(gram), table, table, metric);
}

Matrix cross_similarity(const Matrix& a, const Matrix& b, SimilarityMetric metric) {
  if (a.cols() != b.cols()) {
    throw Error("cannot compare tables of different widths (" + std::to_string(a.cols()) + " and " +
                std::to_string(b.cols()) + " dims)");
  }
  Matrix gram = a * b.transpose();
  return finish_metric(std::move(gram), a, b, metric);
}

Vector sinusoidal_similarity_by_offset(std::int64_t d, double base, std::int64_t max_offset) {
  check_sinusoid_args(d, base);
  if (d % 2 != 0) {
    throw Error("with odd D the last sine column makes the similarity depend on p and q, not only on q - p; "
                "use an even D");
  }
  if (max_offset < 0) throw Error("max offset must be 0 or more");
  Vector s(max_offset + 1);
  for_each_offset(paired_frequencies(d, base), max_offset,
                  [&](std::int64_t r, const std::vector<double>&, const std::vector<double>& c) {
                    double sum = 0.0;
                    for (double v : c) sum += v;
                    s[r] = sum;
                  });
  return s;
}

Matrix sinusoidal_similarity_closed_form(std::int64_t n, std::int64_t d, double base, std::int64_t start,
                                         SimilarityMetric metric) {
  check_sinusoid_args(d, base);
  if (n <= 0) throw Error("positions N must be at least 1");
  const std::int64_t pairs = d / 2;
  // Per offset r: dot part sum_k cos(w_k r) and, for distances, |P_p - P_q|^2 = 4 sum_k sin^2(w_k r / 2)
  // (the cancellation-free form of 2K - 2 sum cos).
  const Vector w = paired_frequencies(d, base);
  Vector by_offset(n);
  if (metric == SimilarityMetric::distance) {
    for_each_offset(0.5 * w, n - 1, [&](std::int64_t r, const std::vector<double>& s, const std::vector<double>&) {
      double sum = 0.0;
      for (double v : s) sum += v * v;
      by_offset[r] = 4.0 * sum;
    });
  } else {
    for_each_offset(w, n - 1, [&](std::int64_t r, const std::vector<double>&, const std::vector<double>& c) {
      double sum = 0.0;
      for (double v : c) sum += v;
      by_offset[r] = sum;
    });
  }
  // Odd D: the lone last column v_p = sin(w_last (start + p)) adds v_p v_q (dot) or (v_p - v_q)^2 (distance).
  Vector lone = Vector::Zero(n);
  const bool odd = d % 2 != 0;
  if (odd) {
    const double w_last = std::pow(base, -static_cast<double>(d - 1) / static_cast<double>(d));
    for (std::int64_t p = 0; p < n; ++p) lone[p] = std::sin(w_last * static_cast<double>(start + p));
  }
  Matrix out(n, n);
  for (std::int64_t p = 0; p < n; ++p) {
    double* row = out.row(p).data();
    for (std::int64_t q = 0; q < n; ++q) row[q] = by_offset[q >= p ? q - p : p - q];
  }
  if (metric == SimilarityMetric::distance) {
    if (odd) {
      for (std::int64_t p = 0; p < n; ++p)
        for (std::int64_t q = 0; q < n; ++q) out(p, q) += (lone[p] - lone[q]) * (lone[p] - lone[q]);
    }
    out = out.cwiseSqrt();
  } else {
    if (odd) out.noalias() += lone * lone.transpose();
    if (metric == SimilarityMetric::cosine) {
      const Vector norm = (Vector::Constant(n, static_cast<double>(pairs)) + lone.cwiseAbs2()).cwiseSqrt();
      for (std::int64_t p = 0; p < n; ++p)
        for (std::int64_t q = 0; q < n; ++q) {
          const double denom = norm[p] * norm[q];
          out(p, q) = denom > 0.0 ? out(p, q) / denom : 0.0;
        }
    }
  }
  return out;
}

}  // namespace pelab
