// Similarity between rows of a position table (docs/encodings.md §6).
#include "pelab/similarity.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

#include "memory_hints.hpp"
#include "pelab/encodings.hpp"
#include "pelab/portable_math.hpp"
#include "two_threads.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(PELAB_HAVE_OPENBLAS)
#include <cblas.h>  // OpenBLAS's (pkg-config openblas; core/CMakeLists.txt)
#endif

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

// Dense Gram products. With OpenBLAS (PELAB_HAVE_OPENBLAS, the default where Debian's
// libopenblas-dev is installed) they come from cblas_dsyrk / cblas_dgemm: OpenBLAS picks kernels
// for the running processor at load time (AVX2 or AVX-512 where present) and runs them on every
// core (the pthread build), where Eigen's product is compiled for baseline x86-64 (SSE2) and runs
// on one thread. Measured at 2000x1600 on the 2-core bench machine: Eigen's rank update 300+ ms,
// dsyrk 40-70 ms (depending on the kernel OpenBLAS selects), dgemm about 1.8x dsyrk. cblas is
// called directly rather than through Eigen's BLAS backend (EIGEN_USE_BLAS): that macro must be
// defined identically in every translation unit that instantiates Eigen products, including code
// outside pelab_core, or the One Definition Rule is broken; here the choice stays inside this file.
// Without OpenBLAS (or for sizes beyond BLAS's 32-bit int), Eigen computes the same products.
#if defined(PELAB_HAVE_OPENBLAS)
bool fits_blas_int(std::initializer_list<Eigen::Index> sizes) {
  return std::all_of(sizes.begin(), sizes.end(),
                     [](Eigen::Index v) { return v <= std::numeric_limits<blasint>::max(); });
}
blasint blas_int(Eigen::Index v) { return static_cast<blasint>(v); }
#endif

// The strictly upper triangle of a square row-major matrix from its lower triangle, in 64x64
// tiles: a plain element loop walks one side with a stride of a whole row and runs about 1.5x as
// long at N = 2000 (Eigen's triangular-view copy 3.3 ms, these tiles 2.2 ms, measured). Large
// matrices split the tile rows between two threads (even and odd rows, which balances the
// triangle's shrinking rows): the copy is a few percent of L L^T's time, and numpy's is on one core.
void mirror_tile_rows(double* a, Eigen::Index n, Eigen::Index first_tile_row, Eigen::Index tile_row_step) {
  constexpr Eigen::Index kTile = 64;
  for (Eigen::Index i0 = first_tile_row * kTile; i0 < n; i0 += tile_row_step * kTile) {
    const Eigen::Index i1 = std::min(n, i0 + kTile);
    for (Eigen::Index j0 = i0; j0 < n; j0 += kTile) {
      const Eigen::Index j1 = std::min(n, j0 + kTile);
      for (Eigen::Index i = i0; i < i1; ++i) {
        double* row = a + i * n;
        for (Eigen::Index j = std::max(j0, i + 1); j < j1; ++j) row[j] = a[j * n + i];
      }
    }
  }
}

void mirror_lower_to_upper(Matrix& g) {
  const Eigen::Index n = g.rows();
  double* a = g.data();
  if (n < 1024 || !detail::has_second_core()) return mirror_tile_rows(a, n, 0, 1);
  detail::run_on_two_threads([a, n] { mirror_tile_rows(a, n, 0, 2); },
                             [a, n] { mirror_tile_rows(a, n, 1, 2); });
}

// G = T T^T (symmetric rank-k update: half the flops of a general product), both triangles.
Matrix gram_self(const Matrix& t) {
  const Eigen::Index n = t.rows(), d = t.cols();
  Matrix gram(n, n);
  detail::advise_huge_pages(gram.data(), static_cast<std::size_t>(gram.size()) * sizeof(double));
  if (n == 0) return gram;
#if defined(PELAB_HAVE_OPENBLAS)
  if (d > 0 && fits_blas_int({n, d})) {
    // beta = 0: dsyrk writes the lower triangle without reading it.
    cblas_dsyrk(CblasRowMajor, CblasLower, CblasNoTrans, blas_int(n), blas_int(d), 1.0, t.data(), blas_int(d),
                0.0, gram.data(), blas_int(n));
    mirror_lower_to_upper(gram);
    return gram;
  }
#endif
  gram.setZero();
  if (d > 0) gram.selfadjointView<Eigen::Lower>().rankUpdate(t);
  mirror_lower_to_upper(gram);
  return gram;
}

// G = A B^T.
Matrix gram_cross(const Matrix& a, const Matrix& b) {
#if defined(PELAB_HAVE_OPENBLAS)
  const Eigen::Index m = a.rows(), n = b.rows(), d = a.cols();
  if (m > 0 && n > 0 && d > 0 && fits_blas_int({m, n, d})) {
    Matrix gram(m, n);
    detail::advise_huge_pages(gram.data(), static_cast<std::size_t>(gram.size()) * sizeof(double));
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, blas_int(m), blas_int(n), blas_int(d), 1.0, a.data(),
                blas_int(d), b.data(), blas_int(d), 0.0, gram.data(), blas_int(n));
    return gram;
  }
#endif
  return a * b.transpose();
}

// What offset_sums adds up per offset r over the frequencies k.
enum class OffsetTerm { cosine, squared_sine };

// For r = 0..max_offset: sum_k cos(w_k r) or sum_k sin^2(w_k r), summed in the order k = 0, 1, ...
// sin and cos of w_k r come from angle addition: r = a + j with exact anchors (sin w_k a, cos w_k a)
// every kBlock offsets and steps (sin w_k j, cos w_k j) that are one rotation of exact values
// (j = 8u + v); each value is at most two rotations (a few ulp) from exact and errors never
// accumulate along r. The loops run over the kBlock offsets of a block for one k at a time, so
// they vectorise (independent sums per offset) and per frequency only 16 + max_offset/kBlock
// sin/cos pairs are evaluated.
Vector offset_sums(const Vector& w, std::int64_t max_offset, OffsetTerm term) {
  constexpr std::int64_t kBlock = 64;
  constexpr std::int64_t kFine = 8;  // kBlock = kFine * kFine
  const std::int64_t pairs = w.size();
  const std::int64_t count = max_offset + 1;
  const std::int64_t steps = std::min(kBlock, count);
  // Steps laid out [k][j] with j contiguous; entries j >= steps stay 0 (never used in the result).
  std::vector<double> step_s(static_cast<std::size_t>(pairs * kBlock), 0.0), step_c(step_s.size(), 0.0);
  for (std::int64_t k = 0; k < pairs; ++k) {
    std::array<double, kFine> fine_s{}, fine_c{};
    for (std::int64_t v = 0; v < kFine; ++v) {
      fine_s[static_cast<std::size_t>(v)] = portable::sin(w[k] * static_cast<double>(v));
      fine_c[static_cast<std::size_t>(v)] = portable::cos(w[k] * static_cast<double>(v));
    }
    double* ss = &step_s[static_cast<std::size_t>(k * kBlock)];
    double* sc = &step_c[static_cast<std::size_t>(k * kBlock)];
    for (std::int64_t u = 0; u * kFine < steps; ++u) {
      const double cs = portable::sin(w[k] * static_cast<double>(u * kFine));
      const double cc = portable::cos(w[k] * static_cast<double>(u * kFine));
      for (std::int64_t v = 0; v < kFine && u * kFine + v < steps; ++v) {
        const double fs = fine_s[static_cast<std::size_t>(v)], fc = fine_c[static_cast<std::size_t>(v)];
        ss[u * kFine + v] = u == 0 ? fs : cs * fc + cc * fs;
        sc[u * kFine + v] = u == 0 ? fc : cc * fc - cs * fs;
      }
    }
  }
  Vector out(count);
  std::array<double, kBlock> sums{};
  for (std::int64_t a = 0; a < count; a += kBlock) {
    sums.fill(0.0);
    for (std::int64_t k = 0; k < pairs; ++k) {
      const double as = portable::sin(w[k] * static_cast<double>(a));
      const double ac = portable::cos(w[k] * static_cast<double>(a));
      const double* __restrict ss = &step_s[static_cast<std::size_t>(k * kBlock)];
      const double* __restrict sc = &step_c[static_cast<std::size_t>(k * kBlock)];
      if (term == OffsetTerm::cosine) {
        for (std::size_t j = 0; j < kBlock; ++j) sums[j] += ac * sc[j] - as * ss[j];  // cos(w (a + j))
      } else {
        for (std::size_t j = 0; j < kBlock; ++j) {
          const double s = as * sc[j] + ac * ss[j];  // sin(w (a + j))
          sums[j] += s * s;
        }
      }
    }
    const std::int64_t rows = std::min(kBlock, count - a);
    for (std::int64_t j = 0; j < rows; ++j) out[a + j] = sums[static_cast<std::size_t>(j)];
  }
  return out;
}

// The symmetric Toeplitz matrix S[p, q] = v[|q - p|]: row p is the window m[n-1-p .. 2n-2-p] of the
// mirrored vector m = (v[n-1], ..., v[1], v[0], v[1], ..., v[n-1]), so each row is one contiguous
// copy and filling the N x N matrix runs at memory speed.
Matrix symmetric_toeplitz(const Vector& v) {
  const Eigen::Index n = v.size();
  std::vector<double> mirrored(static_cast<std::size_t>(2 * n - 1));
  for (Eigen::Index i = 0; i < n; ++i) {
    mirrored[static_cast<std::size_t>(n - 1 + i)] = v[i];
    mirrored[static_cast<std::size_t>(n - 1 - i)] = v[i];
  }
  Matrix out(n, n);
  const std::size_t bytes = static_cast<std::size_t>(n * n) * sizeof(double);
  detail::advise_huge_pages(out.data(), bytes);
#if defined(__SSE2__)
  // Far larger than the caches: SSE2 non-temporal stores write the rows to memory without first
  // reading the old contents into the cache (a plain copy of the same values).
  if (bytes >= (std::size_t{8} << 20)) {
    for (Eigen::Index p = 0; p < n; ++p) {
      double* row = out.row(p).data();
      const double* src = &mirrored[static_cast<std::size_t>(n - 1 - p)];
      Eigen::Index q = 0;
      if ((reinterpret_cast<std::uintptr_t>(row) & 15U) != 0) {
        row[0] = src[0];
        q = 1;
      }
      for (; q + 2 <= n; q += 2) _mm_stream_pd(row + q, _mm_loadu_pd(src + q));
      for (; q < n; ++q) row[q] = src[q];
    }
    _mm_sfence();
    return out;
  }
#endif
  for (Eigen::Index p = 0; p < n; ++p) {
    std::memcpy(out.row(p).data(), &mirrored[static_cast<std::size_t>(n - 1 - p)],
                static_cast<std::size_t>(n) * sizeof(double));
  }
  return out;
}

// The frequencies of the (sin, cos) pairs that are complete: the first floor(D/2).
Vector paired_frequencies(std::int64_t d, double base) { return sinusoidal_frequencies(d, base).head(d / 2); }

void check_sinusoid_args(std::int64_t d, double base) {
  if (d <= 0) throw Error(Text{TextId::encode_dims_at_least_1, {std::to_string(d)}});
  validate_base(base);
}

}  // namespace

std::string_view to_string(SimilarityMetric metric) {
  switch (metric) {
    case SimilarityMetric::dot:
      return "dot";
    case SimilarityMetric::cosine:
      return "cosine";
    case SimilarityMetric::distance:
      return "distance";
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
  return finish_metric(gram_self(table), table, table, metric);
}

Matrix cross_similarity(const Matrix& a, const Matrix& b, SimilarityMetric metric) {
  if (a.cols() != b.cols()) {
    throw Error(Text{TextId::similarity_widths, {std::to_string(a.cols()), std::to_string(b.cols())}});
  }
  return finish_metric(gram_cross(a, b), a, b, metric);
}

Vector sinusoidal_similarity_by_offset(std::int64_t d, double base, std::int64_t max_offset) {
  check_sinusoid_args(d, base);
  if (d % 2 != 0) {
    throw Error(
        "with odd D the last sine column makes the similarity depend on p and q, not only on q - p; "
        "use an even D");
  }
  if (max_offset < 0) throw Error(Text{TextId::similarity_max_offset});
  return offset_sums(paired_frequencies(d, base), max_offset, OffsetTerm::cosine);
}

Matrix sinusoidal_similarity_closed_form(std::int64_t n, std::int64_t d, double base, std::int64_t start,
                                         SimilarityMetric metric) {
  check_sinusoid_args(d, base);
  if (n <= 0) throw Error(Text{TextId::similarity_positions});
  const std::int64_t pairs = d / 2;
  // Per offset r: dot part sum_k cos(w_k r) and, for distances, |P_p - P_q|^2 = 4 sum_k sin^2(w_k r / 2)
  // (the cancellation-free form of 2K - 2 sum cos).
  const Vector w = paired_frequencies(d, base);
  Vector by_offset = metric == SimilarityMetric::distance
                         ? Vector(4.0 * offset_sums(0.5 * w, n - 1, OffsetTerm::squared_sine))
                         : offset_sums(w, n - 1, OffsetTerm::cosine);
  if (d % 2 == 0) {
    // Even D: the metric is a function of the offset alone; finish it on the O(N) vector, then fill.
    if (metric == SimilarityMetric::distance) by_offset = by_offset.cwiseSqrt();
    if (metric == SimilarityMetric::cosine)
      by_offset /= static_cast<double>(pairs);  // every row has norm^2 = D/2
    return symmetric_toeplitz(by_offset);
  }
  // Odd D: the lone last column v_p = sin(w_last (start + p)) adds v_p v_q (dot) or (v_p - v_q)^2 (distance).
  Vector lone(n);
  {
    const double w_last = portable::pow(base, -static_cast<double>(d - 1) / static_cast<double>(d));
    for (std::int64_t p = 0; p < n; ++p) lone[p] = portable::sin(w_last * static_cast<double>(start + p));
  }
  Matrix out = symmetric_toeplitz(by_offset);
  if (metric == SimilarityMetric::distance) {
    for (std::int64_t p = 0; p < n; ++p)
      for (std::int64_t q = 0; q < n; ++q) out(p, q) += (lone[p] - lone[q]) * (lone[p] - lone[q]);
    out = out.cwiseSqrt();
  } else {
    out.noalias() += lone * lone.transpose();
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
