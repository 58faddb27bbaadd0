#pragma once
// Absolute position encodings (docs/encodings.md §1, §4): a table P with N rows (positions start..start+N-1)
// and D columns. Every entry is computed in double precision.
#include <cfloat>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pelab/types.hpp"

namespace pelab {

enum class EncodingKind {
  integer,
  normalized,
  binary,
  sigmoid,
  sinusoidal,
  sinusoidal_concat,
  learned,
  fourier
};
// The number of EncodingKinds; kinds.cpp's table has one row each, checked at compile time.
inline constexpr std::size_t encoding_kind_count = 8;

// The kind's name from its row in pelab/kinds.hpp's table: "integer", ..., "sinusoidal-concat", ...
std::string_view to_string(EncodingKind kind);
std::optional<EncodingKind> parse_encoding_kind(std::string_view name);
std::span<const EncodingKind> all_encoding_kinds();

// Everything that determines a table. Plain data with ==, so callers can cache on it.
struct EncodingParams {
  EncodingKind kind = EncodingKind::sinusoidal;
  std::int64_t positions = 64;  // N: rows of the table
  std::int64_t dims = 64;       // D: columns of the table
  double base = 10000.0;        // sinusoidal: w_k = base^(-2k/D); sigmoid and concat: largest timescale
  std::int64_t start = 0;       // row r is position start + r (start >= 0)
  bool binary_signed = false;   // binary: map {0,1} to {-1,+1}
  double sigma = 0.02;          // learned (seeded): entries ~ N(0, sigma^2)
  std::uint64_t seed = 0;       // learned (seeded)
  bool operator==(const EncodingParams&) const = default;
};

// The values a parameter may take, both ends included.
template <typename T>
struct ParameterRange {
  T lowest;
  T highest;
  constexpr bool contains(T value) const { return lowest <= value && value <= highest; }  // false for NaN
  constexpr T clamp(T value) const { return value < lowest ? lowest : highest < value ? highest : value; }
};

// The ranges of the parameters, stated once: validate() checks them, and pelab-cli's options, the
// CONFIG grammar, session files and the app's controls take their bounds and messages from here.
// Positions are exact in double precision below 2^52, so every position start + r, r < N, stays
// below it (start + N <= 2^52 as well).
inline constexpr std::int64_t position_limit = std::int64_t{1} << 52;
inline constexpr ParameterRange<std::int64_t> positions_range{1, position_limit};
inline constexpr ParameterRange<std::int64_t> dims_range{1, INT64_MAX};
inline constexpr ParameterRange<std::int64_t> start_range{0, position_limit - 1};
// base: what the tables and their views compute stays finite. An angular frequency is at most
// 1/base (base^(-x), 0 <= x <= 1; 1/t for a timescale t = base^x), and times a position p < 2^52 it
// must stay finite, or sin and cos give NaN: base >= 2^52 / DBL_MAX (about 2.5e-293). A wavelength
// is at most 2π·base and must stay finite too: base <= DBL_MAX / 2π (about 2.9e307), and the app's
// period plot pads its log axis by a few decades beyond 2π·base, which overflows above about 1e295
// (pelab sinusoidal:base=1e300 --view spectrum drew no data). Rounded inward to powers of ten so
// that messages and --help can state the bounds exactly.
inline constexpr ParameterRange<double> base_range{1e-292, 1e290};
inline constexpr ParameterRange<double> sigma_range{0.0, DBL_MAX};

// What the app's views draw. They hold an N x N similarity and an N x D table per configuration,
// and draw one mark per position, so N and D stay at sizes a window shows; start stays where a
// position label is still readable. pelab-cli's render draws the same views, so it has them too.
inline constexpr ParameterRange<std::int64_t> view_positions_range{1, 16384};
inline constexpr ParameterRange<std::int64_t> view_dims_range{1, 4096};
inline constexpr ParameterRange<std::int64_t> view_start_range{0, 1'000'000'000};

// A configuration of `kind` with N, D, base and start; every other field keeps its default.
EncodingParams encoding_params(EncodingKind kind, std::int64_t n, std::int64_t d, double base = 10000.0,
                               std::int64_t start = 0);

// Throws unless base is in base_range.
void validate_base(double base);
// "between 1e-292 and 1e290": base_range in words, for every front end's message.
std::string base_range_text();

// Where a selection lies in a table: position p in start..start+N-1, offset k in 0..N-1, dimension
// i in 0..D-1 (N, D >= 1).
ParameterRange<std::int64_t> position_bounds(const EncodingParams& params);
ParameterRange<std::int64_t> offset_bounds(const EncodingParams& params);
ParameterRange<std::int64_t> dimension_bounds(const EncodingParams& params);

// Throws pelab::Error naming the offending parameter (N or D <= 0, start < 0,
// base NaN/inf/<= 0, sigma NaN/inf/< 0).
void validate(const EncodingParams& params);

// The full N x D table. `learned_source`, when given for kind == learned, is a loaded table
// whose row p is position p; rows start..start+N-1 are taken from it (throws if they run past
// its last row, since a learned table is undefined there, or if its width differs from D).
// Without it, a learned table is drawn from N(0, sigma^2) with a counter-based generator, so
// entry (p, i) depends only on (seed, p, i) and not on N or start.
Matrix encode(const EncodingParams& params, const Matrix* learned_source = nullptr);

// Only the listed positions (absolute, >= 0) and dimensions (0..D-1): what a view needs when
// the full table is too large. Entry (r, c) equals encode(...)(positions[r] - start, dims[c]).
Matrix encode_grid(const EncodingParams& params, std::span<const std::int64_t> positions,
                   std::span<const std::int64_t> dims, const Matrix* learned_source = nullptr);

// The individual tables (arguments already validated by the callers above).
Matrix integer_table(std::int64_t n, std::int64_t d, std::int64_t start);
// P[p, i] = p / (N - 1) with p the absolute position (0 when N = 1): values pass 1 past row N-1.
Matrix normalized_table(std::int64_t n, std::int64_t d, std::int64_t start);
// Bit i of p, least significant first; signed: 2*bit - 1.
Matrix binary_table(std::int64_t n, std::int64_t d, std::int64_t start, bool signed_bits);
// 1 / (1 + exp(-p / t_i)), t_i = base^(i / (D-1)) (t = 1 when D = 1).
Matrix sigmoid_table(std::int64_t n, std::int64_t d, double base, std::int64_t start);
// P[p, 2k] = sin(w_k p), P[p, 2k+1] = cos(w_k p), w_k = base^(-2k/D); odd D: last column is a sine.
Matrix sinusoidal_table(std::int64_t n, std::int64_t d, double base, std::int64_t start);
// tensor2tensor: K = floor(D/2) timescales geometric from 1 to base (exponent denominator K-1),
// columns [sin(p/t_0) .. sin(p/t_{K-1}), cos(p/t_0) .. cos(p/t_{K-1})], odd D: a zero column last.
Matrix sinusoidal_concat_table(std::int64_t n, std::int64_t d, double base, std::int64_t start);
// NeRF: x = p / (N-1) (0 when N = 1); columns [sin(2^0 pi x), cos(2^0 pi x), sin(2^1 pi x), ...];
// odd D: last column is a sine. Angles are reduced exactly (2^k p mod 2(N-1)), so high bands stay exact.
Matrix fourier_table(std::int64_t n, std::int64_t d, std::int64_t start);
// Seeded N(0, sigma^2) rows for positions start..start+N-1.
Matrix learned_table(std::int64_t n, std::int64_t d, double sigma, std::uint64_t seed, std::int64_t start);

// Angular frequencies w_k = base^(-2k/D) for k = 0..ceil(D/2)-1 (the sinusoidal / RoPE rule).
Vector sinusoidal_frequencies(std::int64_t d, double base);
// Wavelengths lambda_k = 2 pi / w_k = 2 pi base^(2k/D), from 2 pi up to almost 2 pi base.
Vector wavelengths(std::int64_t d, double base);

// Sigmoid timescale of column i: t_i = base^(i / (D-1)) (1 when D = 1).
double sigmoid_timescale(std::int64_t d, double base, std::int64_t dim);

// The period in positions of column `dim` for kinds whose columns repeat along p: sinusoidal
// 2 pi / w_k, sinusoidal-concat 2 pi t_k, fourier 2 (N-1) / 2^k (N = 1 counted as N - 1 = 1),
// binary 2^(i+1) (i < 62). std::nullopt for the other kinds, concat's zero padding column and
// binary's bits from 62 up.
std::optional<double> column_wavelength(const EncodingParams& params, std::int64_t dim);
// One wavelength per frequency band, in band order: sinusoidal ceil(D/2) pairs, sinusoidal-concat
// floor(D/2) timescales, fourier ceil(D/2) bands. Empty for the other kinds.
std::vector<double> band_wavelengths(const EncodingParams& params);

}  // namespace pelab
