// Absolute position encodings (docs/encodings.md §4).
#include "pelab/encodings.hpp"

#include "kinds/kind_functions.hpp"
#include "memory_hints.hpp"
#include "pelab/kinds.hpp"
#include "pelab/portable_math.hpp"
#include "two_threads.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>  // AVX2 intrinsics, used only behind a run-time CPU check
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pelab {
namespace {

// Every kind in EncodingKind order, the order of the rows of kinds.hpp's table.
constexpr auto kKindsInOrder = [] {
  std::array<EncodingKind, encoding_kind_count> list{};
  for (std::size_t i = 0; i < list.size(); ++i) list[i] = static_cast<EncodingKind>(i);
  return list;
}();

void check_learned_source(const EncodingParams& p, const Matrix& source, std::int64_t last_position) {
  if (source.cols() != p.dims) {
    throw Error(
        Text{TextId::encode_learned_columns, {std::to_string(source.cols()), std::to_string(p.dims)}});
  }
  if (last_position >= source.rows()) {
    throw Error(Text{
        TextId::encode_learned_rows,
        {std::to_string(source.rows()), std::to_string(source.rows() - 1), std::to_string(last_position)}});
  }
}

std::vector<std::int64_t> iota(std::int64_t first, std::int64_t count) {
  std::vector<std::int64_t> v(static_cast<std::size_t>(count));
  for (std::int64_t i = 0; i < count; ++i) v[static_cast<std::size_t>(i)] = first + i;
  return v;
}

}  // namespace

std::string_view to_string(EncodingKind kind) { return kind_info(kind).name; }

std::optional<EncodingKind> parse_encoding_kind(std::string_view name) {
  for (const KindInfo& info : kind_table()) {
    if (info.name == name) return info.kind;
  }
  return std::nullopt;
}

std::span<const EncodingKind> all_encoding_kinds() { return kKindsInOrder; }

void validate_base(double base) {
  if (!base_range.contains(base)) throw Error(Text{TextId::encode_base, {std::to_string(base)}});
}

std::string base_range_text() {
  char text[64];
  std::snprintf(text, sizeof text, "between %g and %g", base_range.lowest, base_range.highest);
  std::string words(text);  // "1e+290" is written "1e290", as a CONFIG or --base takes it
  words.erase(std::remove(words.begin(), words.end(), '+'), words.end());
  return words;
}

ParameterRange<std::int64_t> position_bounds(const EncodingParams& p) {
  return {p.start, p.start + std::max<std::int64_t>(p.positions, 1) - 1};
}
ParameterRange<std::int64_t> offset_bounds(const EncodingParams& p) {
  return {0, std::max<std::int64_t>(p.positions - 1, 0)};
}
ParameterRange<std::int64_t> dimension_bounds(const EncodingParams& p) {
  return {0, std::max<std::int64_t>(p.dims - 1, 0)};
}

void validate(const EncodingParams& p) {
  if (p.positions < positions_range.lowest)
    throw Error(Text{TextId::encode_positions_at_least_1, {std::to_string(p.positions)}});
  if (p.dims < dims_range.lowest) throw Error(Text{TextId::encode_dims_at_least_1, {std::to_string(p.dims)}});
  if (p.start < start_range.lowest)
    throw Error(Text{TextId::encode_start_negative, {std::to_string(p.start)}});
  if (p.positions > positions_range.highest || p.start > position_limit - p.positions) {
    throw Error(Text{TextId::encode_start_exact});
  }
  validate_base(p.base);
  if (!sigma_range.contains(p.sigma)) {
    throw Error(Text{TextId::encode_sigma, {std::to_string(p.sigma)}});
  }
}

Vector sinusoidal_frequencies(std::int64_t d, double base) {
  const std::int64_t pairs = (d + 1) / 2;
  Vector w(pairs);
  for (std::int64_t k = 0; k < pairs; ++k)
    w[k] = portable::pow(base, -2.0 * static_cast<double>(k) / static_cast<double>(d));
  return w;
}

Vector wavelengths(std::int64_t d, double base) {
  return (2.0 * std::numbers::pi) * sinusoidal_frequencies(d, base).cwiseInverse();
}

namespace {

// row[i] = x[i] c[i] + y[i] s[i] for i < d. `streaming` (for tables far larger than the caches):
// non-temporal stores, which write the row to memory without first reading the old contents into
// the cache; the caller issues one _mm_sfence afterwards. Every path rounds identically (separate
// IEEE multiplies and add, never a fused multiply-add: encodings.cpp is compiled with
// -ffp-contract=off), so the results do not depend on the path taken.
void rotate_row_sse2(double* __restrict row, const double* __restrict x, const double* __restrict c,
                     const double* __restrict y, const double* __restrict s, std::int64_t d, bool streaming) {
  std::int64_t i = 0;
#if defined(__SSE2__)
  if (streaming) {
    if ((reinterpret_cast<std::uintptr_t>(row) & 15U) != 0 && d > 0) {
      row[0] = x[0] * c[0] + y[0] * s[0];
      i = 1;
    }
    for (; i + 2 <= d; i += 2) {
      const __m128d v = _mm_add_pd(_mm_mul_pd(_mm_loadu_pd(x + i), _mm_loadu_pd(c + i)),
                                   _mm_mul_pd(_mm_loadu_pd(y + i), _mm_loadu_pd(s + i)));
      _mm_stream_pd(row + i, v);
    }
  }
#else
  (void)streaming;
#endif
  for (; i < d; ++i) row[i] = x[i] * c[i] + y[i] * s[i];
}

#if defined(__x86_64__) && defined(__GNUC__)
#define PELAB_HAVE_AVX2_PATH 1
// The same row with 4-wide AVX2 multiplies, adds and (streaming) 32-byte non-temporal stores: half
// the instructions of the SSE2 loop, which is what bounds the fill once the table's memory is
// reused (measured: the SSE2 fill took as long writing into a cache-resident scratch row as into
// the table). Selected at run time (pick_rotate_row), so the build stays baseline x86-64. The target
// is "avx2" alone, not "avx2,fma": no fused multiply-add can be formed.
__attribute__((target("avx2"))) void rotate_row_avx2(double* __restrict row, const double* __restrict x,
                                                     const double* __restrict c, const double* __restrict y,
                                                     const double* __restrict s, std::int64_t d,
                                                     bool streaming) {
  std::int64_t i = 0;
  if (streaming) {
    for (; i < d && (reinterpret_cast<std::uintptr_t>(row + i) & 31U) != 0; ++i)
      row[i] = x[i] * c[i] + y[i] * s[i];
    for (; i + 4 <= d; i += 4) {
      const __m256d v = _mm256_add_pd(_mm256_mul_pd(_mm256_loadu_pd(x + i), _mm256_loadu_pd(c + i)),
                                      _mm256_mul_pd(_mm256_loadu_pd(y + i), _mm256_loadu_pd(s + i)));
      _mm256_stream_pd(row + i, v);
    }
  } else {
    for (; i + 4 <= d; i += 4) {
      const __m256d v = _mm256_add_pd(_mm256_mul_pd(_mm256_loadu_pd(x + i), _mm256_loadu_pd(c + i)),
                                      _mm256_mul_pd(_mm256_loadu_pd(y + i), _mm256_loadu_pd(s + i)));
      _mm256_storeu_pd(row + i, v);
    }
  }
  for (; i < d; ++i) row[i] = x[i] * c[i] + y[i] * s[i];
}

#endif

// sin and cos of the step and block angles (pelab/portable_math.hpp: the same bits on every platform,
// and an entry does not depend on which block or thread computed it).
void sin_cos(const std::vector<double>& angle, std::vector<double>& s, std::vector<double>& c) {
  s.resize(angle.size());
  c.resize(angle.size());
  portable::sin_cos(angle, s, c);
}

using RotateRow = void (*)(double*, const double*, const double*, const double*, const double*, std::int64_t,
                           bool);

RotateRow pick_rotate_row() {
#if defined(PELAB_HAVE_AVX2_PATH)
  // Asked at every table: a read of what libgcc recorded at start-up, no state of ours.
  if (__builtin_cpu_supports("avx2")) return rotate_row_avx2;
#endif
  return rotate_row_sse2;
}

}  // namespace

double sigmoid_timescale(std::int64_t d, double base, std::int64_t dim) {
  return d == 1 ? 1.0 : portable::pow(base, static_cast<double>(dim) / static_cast<double>(d - 1));
}

std::optional<double> column_wavelength(const EncodingParams& p, std::int64_t dim) {
  return kind_functions(p.kind).column_period(p, dim);
}

std::vector<double> band_wavelengths(const EncodingParams& p) {
  std::vector<double> bands;
  const KindFunctions& kind = kind_functions(p.kind);
  if (!kind.bands.frequency) return bands;
  const std::int64_t count = kind.bands.count(p);
  for (std::int64_t k = 0; k < count; ++k) bands.push_back(*kind.column_period(p, kind.bands.column(k)));
  return bands;
}

Matrix sinusoidal_table(std::int64_t n, std::int64_t d, double base, std::int64_t start) {
  // Angle addition instead of N*D sin/cos calls. Position start + a0 + 16m + j (a0 a multiple of 256,
  // m, j < 16) is the exact anchor at start + a0 rotated by the exact angle of 16m, then by the exact
  // angle of j: every entry is two rotations (a few ulp) away from exactly rounded values and the
  // error never accumulates along p. Per frequency that is 32 + N/256 sin/cos pairs instead of N.
  //
  // The fill loop, 16 rows at a time: with X = (s, c, s', c', ...) and Y = (c, -s, c', -s', ...)
  // (the 16m-rotated anchor, per pair) and the fine steps duplicated per pair, C_j = (c_j, c_j, ...),
  // S_j = (s_j, s_j, ...), entry i of row j is X[i] C_j[i] + Y[i] S_j[i] (sin(x+y) = s c_j + c s_j,
  // cos(x+y) = c c_j - s s_j): one flat loop per row that vectorises with plain SSE2, with C and S
  // (16 rows) small enough to stay in the L2 cache.
  constexpr std::int64_t kFine = 16;                          // rows per fine step table
  constexpr std::int64_t kMid = 16;                           // fine blocks per exact anchor
  constexpr std::int64_t kCoarse = kFine * kMid;              // rows between exact anchors
  constexpr std::size_t kStreamBytes = std::size_t{8} << 20;  // larger tables bypass the cache
  const Vector w = sinusoidal_frequencies(d, base);
  const std::int64_t pairs = w.size();
  const auto width =
      static_cast<std::size_t>(2 * pairs);  // d, or d + 1 (odd D: the lone sine's unused cosine slot)
  const auto index = [](std::int64_t i) { return static_cast<std::size_t>(i); };
  const std::size_t bytes = index(n * d) * sizeof(double);
  Matrix table(n, d);
  detail::advise_huge_pages(table.data(), bytes);
  const bool streaming = bytes >= kStreamBytes;
  const RotateRow rotate_row = pick_rotate_row();

  // Every angle that is evaluated exactly: fine steps j w, mid steps 16 m w and the anchors
  // (start + a0) w, in one batch for the vector sin/cos.
  const std::int64_t fine_rows = std::min(kFine, n);
  const std::int64_t mid_steps = std::min(kMid, (n + kFine - 1) / kFine);
  const std::int64_t anchors = (n + kCoarse - 1) / kCoarse;
  const std::size_t mid_at = index(fine_rows * pairs), anchor_at = mid_at + index(mid_steps * pairs);
  std::vector<double> angles(anchor_at + index(anchors * pairs)), sines, cosines;
  for (std::int64_t j = 0; j < fine_rows; ++j)
    for (std::int64_t k = 0; k < pairs; ++k) angles[index(j * pairs + k)] = w[k] * static_cast<double>(j);
  for (std::int64_t m = 0; m < mid_steps; ++m)
    for (std::int64_t k = 0; k < pairs; ++k)
      angles[mid_at + index(m * pairs + k)] = w[k] * static_cast<double>(m * kFine);
  for (std::int64_t b = 0; b < anchors; ++b)
    for (std::int64_t k = 0; k < pairs; ++k)
      angles[anchor_at + index(b * pairs + k)] = w[k] * static_cast<double>(start + b * kCoarse);
  sin_cos(angles, sines, cosines);

  // Fine steps duplicated per pair.
  std::vector<double> fine_c(index(fine_rows) * width), fine_s(fine_c.size());
  for (std::int64_t j = 0; j < fine_rows; ++j) {
    for (std::int64_t k = 0; k < pairs; ++k) {
      const std::size_t at = index(j) * width + index(2 * k);
      fine_s[at] = fine_s[at + 1] = sines[index(j * pairs + k)];
      fine_c[at] = fine_c[at + 1] = cosines[index(j * pairs + k)];
    }
  }
  const double* mid_s = sines.data() + mid_at;
  const double* mid_c = cosines.data() + mid_at;

  // Blocks of kCoarse rows, each from its own exact anchor, so any split into block ranges gives
  // bit-identical entries. Tables of 8 MiB and more are split between two threads (first and second
  // half of the blocks): one core's streaming stores do not use all the write bandwidth. Measured on
  // the 2-core bench machine, 2000 x 1600 filled again and again into the same memory: 1.94 ms on one
  // thread, 1.13 ms on two (a zero memset of that matrix: 0.92 ms). After the process has been idle
  // for a while, writing is memory-bound: one thread, two threads and a memset all take about 2 ms.
  const auto fill_blocks = [&](std::int64_t first_block, std::int64_t end_block) {
    std::vector<double> x(width), y(width);
    for (std::int64_t b = first_block; b < end_block; ++b) {
      const std::int64_t a0 = b * kCoarse;
      const double* anchor_s = sines.data() + anchor_at + index(b * pairs);
      const double* anchor_c = cosines.data() + anchor_at + index(b * pairs);
      for (std::int64_t m = 0; m < kMid && a0 + m * kFine < n; ++m) {
        for (std::int64_t k = 0; k < pairs; ++k) {
          const double as = anchor_s[index(k)], ac = anchor_c[index(k)];
          const double ms = mid_s[index(m * pairs + k)], mc = mid_c[index(m * pairs + k)];
          const double s = m == 0 ? as : as * mc + ac * ms;
          const double c = m == 0 ? ac : ac * mc - as * ms;
          x[index(2 * k)] = s;
          x[index(2 * k + 1)] = c;
          y[index(2 * k)] = c;
          y[index(2 * k + 1)] = -s;
        }
        const std::int64_t a = a0 + m * kFine;
        const std::int64_t rows = std::min(kFine, n - a);
        for (std::int64_t j = 0; j < rows; ++j) {
          rotate_row(table.row(a + j).data(), x.data(), &fine_c[index(j) * width], y.data(),
                     &fine_s[index(j) * width], d, streaming);
        }
      }
    }
#if defined(__SSE2__)
    // Streaming stores are weakly ordered: each thread fences its own before the table is handed over.
    if (streaming) _mm_sfence();
#endif
  };
  if (bytes < kStreamBytes || anchors < 2 || !detail::has_second_core()) {
    fill_blocks(0, anchors);
    return table;
  }
  const std::int64_t half = anchors / 2;
  detail::run_on_two_threads([&] { fill_blocks(0, half); }, [&] { fill_blocks(half, anchors); });
  return table;
}

Matrix encode_grid(const EncodingParams& p, std::span<const std::int64_t> positions,
                   std::span<const std::int64_t> dims, const Matrix* learned_source) {
  validate(p);
  for (std::int64_t pos : positions) {
    if (pos < 0) throw Error(Text{TextId::encode_position_negative, {std::to_string(pos)}});
  }
  for (std::int64_t dim : dims) {
    if (dim < 0 || dim >= p.dims) {
      throw Error(Text{TextId::encode_dimension_outside, {std::to_string(dim), std::to_string(p.dims - 1)}});
    }
  }
  Matrix out(static_cast<Eigen::Index>(positions.size()), static_cast<Eigen::Index>(dims.size()));
  // A table file, for the kinds that take one (learned), instead of the rule.
  if (reads(p.kind, KindParameter::table) && learned_source != nullptr) {
    std::int64_t last = 0;
    for (std::int64_t pos : positions) last = std::max(last, pos);
    if (!positions.empty()) check_learned_source(p, *learned_source, last);
    for (std::size_t r = 0; r < positions.size(); ++r) {
      for (std::size_t c = 0; c < dims.size(); ++c) out(r, c) = (*learned_source)(positions[r], dims[c]);
    }
    return out;
  }
  kind_functions(p.kind).fill_grid(p, positions, dims, out);
  return out;
}

Matrix encode(const EncodingParams& p, const Matrix* learned_source) {
  validate(p);
  const KindFunctions& kind = kind_functions(p.kind);
  const bool from_file = reads(p.kind, KindParameter::table) && learned_source != nullptr;
  if (kind.whole_table != nullptr && !from_file) return kind.whole_table(p);
  const std::vector<std::int64_t> positions = iota(p.start, p.positions);
  const std::vector<std::int64_t> dims = iota(0, p.dims);
  return encode_grid(p, positions, dims, learned_source);
}

EncodingParams encoding_params(EncodingKind kind, std::int64_t n, std::int64_t d, double base,
                               std::int64_t start) {
  EncodingParams p;
  p.kind = kind;
  p.positions = n;
  p.dims = d;
  p.base = base;
  p.start = start;
  return p;
}

Matrix integer_table(std::int64_t n, std::int64_t d, std::int64_t start) {
  return encode(encoding_params(EncodingKind::integer, n, d, 10000.0, start));
}

Matrix normalized_table(std::int64_t n, std::int64_t d, std::int64_t start) {
  return encode(encoding_params(EncodingKind::normalized, n, d, 10000.0, start));
}

Matrix binary_table(std::int64_t n, std::int64_t d, std::int64_t start, bool signed_bits) {
  EncodingParams p = encoding_params(EncodingKind::binary, n, d, 10000.0, start);
  p.binary_signed = signed_bits;
  return encode(p);
}

Matrix sigmoid_table(std::int64_t n, std::int64_t d, double base, std::int64_t start) {
  return encode(encoding_params(EncodingKind::sigmoid, n, d, base, start));
}

Matrix sinusoidal_concat_table(std::int64_t n, std::int64_t d, double base, std::int64_t start) {
  return encode(encoding_params(EncodingKind::sinusoidal_concat, n, d, base, start));
}

Matrix fourier_table(std::int64_t n, std::int64_t d, std::int64_t start) {
  return encode(encoding_params(EncodingKind::fourier, n, d, 10000.0, start));
}

Matrix learned_table(std::int64_t n, std::int64_t d, double sigma, std::uint64_t seed, std::int64_t start) {
  EncodingParams p = encoding_params(EncodingKind::learned, n, d, 10000.0, start);
  p.sigma = sigma;
  p.seed = seed;
  return encode(p);
}

}  // namespace pelab
