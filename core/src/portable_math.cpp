// The same bits on every platform: sin, cos, exp, log, pow (pelab/portable_math.hpp says why).
// Only IEEE-754 +, -, *, / with round-to-nearest, and no fused multiply-add (core/CMakeLists.txt
// compiles this file with -ffp-contract=off), so every platform performs the same roundings.
// The constants (pi/2, 2/pi, ln 2 split into pieces) were computed with integer arithmetic from
// Machin's formula and the series ln 2 = sum 1/(k 2^k); the polynomials are the Taylor series.
#include "pelab/portable_math.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace pelab::portable {
namespace {

// [SECTION] Exact sums and products of two doubles
// (Inlined always: the loop of sin_cos vectorises only when nothing in it is a call.)

struct DoubleDouble {
  double hi, lo;
};

// a + b = hi + lo exactly, whatever the magnitudes (Knuth).
[[gnu::always_inline]] inline DoubleDouble two_sum(double a, double b) {
  const double s = a + b;
  const double b_part = s - a;
  return {s, (a - (s - b_part)) + (b - b_part)};
}

// a + b = hi + lo exactly when |a| >= |b| or a == 0 (Dekker).
[[gnu::always_inline]] inline DoubleDouble fast_two_sum(double a, double b) {
  const double s = a + b;
  return {s, b - (s - a)};
}

// a = hi + lo with hi holding the upper 26 bits of a's significand (Veltkamp; |a| < 2^995).
[[gnu::always_inline]] inline DoubleDouble split(double a) {
  const double scaled = 134217729.0 * a;  // (2^27 + 1) a
  const double hi = scaled - (scaled - a);
  return {hi, a - hi};
}

// a * b = hi + lo exactly (Dekker), without a fused multiply-add.
[[gnu::always_inline]] inline DoubleDouble two_product(double a, double b) {
  const double p = a * b;
  const DoubleDouble x = split(a), y = split(b);
  return {p, ((x.hi * y.hi - p) + x.hi * y.lo + x.lo * y.hi) + x.lo * y.lo};
}

// x + 1.5 * 2^52 - 1.5 * 2^52 rounds x to the nearest integer (ties to even) for |x| < 2^51.
constexpr double kRoundMagic = 0x1.8p52;

[[gnu::always_inline]] inline double round_to_integer(double x) { return (x + kRoundMagic) - kRoundMagic; }

// 2^k as a double, for -1022 <= k <= 1023.
double power_of_two(int k) {
  const std::uint64_t bits = static_cast<std::uint64_t>(k + 1023) << 52;
  double v;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

// [SECTION] sin and cos

// pi/2 in four pieces: the first three hold 33 bits each, so k * piece is exact for |k| < 2^20;
// the fourth carries the next 53 bits (pi/2 to 152 bits in all). The doubles below 1.5e6 that come
// closest to a multiple of pi/2 leave a remainder near 2^-53, whose 53 bits need about 2^-106 of
// absolute accuracy: three pieces (119 bits) left such remainders up to 1.06 ulp off.
constexpr double kPio2Part1 = 0x1.921fb544p+0;
constexpr double kPio2Part2 = 0x1.0b4611a6p-34;
constexpr double kPio2Part3 = 0x1.3198a2ep-69;
constexpr double kPio2Part4 = 0x1.b839a252049c1p-104;
// pi/2 as a double-double (106 bits), for the reduction of large arguments.
constexpr double kPio2Hi = 0x1.921fb54442d18p+0;
constexpr double kPio2Lo = 0x1.1a62633145c06p-54;
constexpr double kTwoOverPi = 0x1.45f306dc9c883p-1;
// Below this |x|, k = round(2x/pi) < 2^20 and the three-piece reduction is exact enough; above it
// the bits of 2/pi do the reduction.
constexpr double kFastLimit = 0x1.8p20;

// 2/pi = sum_j kTwoOverPiWords[j] * 2^(-32 (j + 1)): 1280 bits, enough for every finite double
// (the largest exponent needs words up to index 36).
constexpr std::uint32_t kTwoOverPiWords[40] = {
    0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561,
    0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
    0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
    0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b,
    0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, 0x56033046, 0xfc7b6bab, 0xf0cfbc20, 0x9af4361d};

// sin(hi + lo) and cos(hi + lo) for |hi| <= pi/4 (a little more after rounding), |lo| << |hi|.
// Taylor series to r^17 and r^18: the first term left out is below 2^-62 of the result. The two
// leading terms are carried as double-doubles (hi^2 and hi^3/6 exactly, or nearly), the smaller
// ones in plain doubles, and everything is added to the leading term last: one rounding at the end
// after an error of about 2^-58 of the result.
[[gnu::always_inline]] inline double sin_kernel(double hi, double lo) {
  const DoubleDouble z = two_product(hi, hi);
  const DoubleDouble cube = two_product(hi, z.hi);  // hi^3 = cube.hi + cube.lo + hi * z.lo
  const double cube_lo = cube.lo + hi * z.lo;
  const double third_hi = -cube.hi / 6.0;  // -hi^3/6 as third_hi + third_lo
  const DoubleDouble six_times = two_product(third_hi, 6.0);
  const double third_lo = (((-cube.hi) - six_times.hi) - six_times.lo - cube_lo) / 6.0;
  const double zz = z.hi;
  const double poly =
      1.0 / 120.0 +
      zz * (-1.0 / 5040.0 +
            zz * (1.0 / 362880.0 + zz * (-1.0 / 39916800.0 +
                                         zz * (1.0 / 6227020800.0 + zz * (-1.0 / 1307674368000.0 +
                                                                          zz * (1.0 / 355687428096000.0))))));
  const DoubleDouble head = two_sum(hi, third_hi);
  return head.hi + (head.lo + (third_lo + (cube.hi * zz * poly + lo * (1.0 - 0.5 * zz))));
}

[[gnu::always_inline]] inline double cos_kernel(double hi, double lo) {
  const DoubleDouble z = two_product(hi, hi);
  const double half_z = 0.5 * z.hi;  // exact
  const double w = 1.0 - half_z;
  const double zz = z.hi;
  const double poly =
      1.0 / 24.0 +
      zz * (-1.0 / 720.0 +
            zz * (1.0 / 40320.0 +
                  zz * (-1.0 / 3628800.0 +
                        zz * (1.0 / 479001600.0 +
                              zz * (-1.0 / 87178291200.0 +
                                    zz * (1.0 / 20922789888000.0 + zz * (-1.0 / 6402373705728000.0)))))));
  // (1 - w) - half_z is exactly what rounding 1 - half_z lost.
  return w + ((((1.0 - w) - half_z) - 0.5 * z.lo) + (zz * zz * poly - hi * lo));
}

struct SinCos {
  double s, c;
};

// x = quadrant * pi/2 + (hi + lo): sin and cos of x from those of the remainder. The quadrant is
// given as m = quadrant mod 4 in {-2, -1, 0, 1, 2}, so that the choice is made with comparisons of
// doubles (a loop of them vectorises; no integer conversion needed).
[[gnu::always_inline]] inline SinCos from_quadrant(double m, double hi, double lo) {
  const double ks = sin_kernel(hi, lo), kc = cos_kernel(hi, lo);
  const bool odd = (m == 1.0) | (m == -1.0);  // | not ||: no branch, so the loop vectorises
  const double sv = odd ? kc : ks;
  const double cv = odd ? ks : kc;
  const bool sin_negative = (m < -0.5) | (m > 1.5);  // quadrants 2 and 3 (m = +-2, -1)
  const bool cos_negative = (m > 0.5) | (m < -1.5);  // quadrants 1 and 2 (m = 1, +-2)
  return {sin_negative ? -sv : sv, cos_negative ? -cv : cv};
}

// |x| < kFastLimit: Cody and Waite's reduction with the three pieces of pi/2.
[[gnu::always_inline]] inline SinCos sin_cos_small(double x) {
  const double k = round_to_integer(x * kTwoOverPi);
  const double t1 = x - k * kPio2Part1;  // exact: k * piece has at most 53 bits, and t1 is small
  const DoubleDouble a = two_sum(t1, -(k * kPio2Part2));
  const DoubleDouble b = two_sum(a.hi, -(k * kPio2Part3));
  const DoubleDouble r = two_sum(b.hi, (a.lo + b.lo) - k * kPio2Part4);
  const double m = k - 4.0 * round_to_integer(0.25 * k);
  const SinCos v = from_quadrant(m, r.hi, r.lo);
  return {x == 0.0 ? x : v.s, v.c};  // sin(-0) = -0 (the reduction's additions would give +0)
}

// Little-endian 32-bit limbs of a big integer.
constexpr int kProductLimbs = 10;
using Limbs = std::uint32_t[kProductLimbs];

void add_at(Limbs p, int limb, std::uint64_t value) {
  for (std::uint64_t carry = value; carry != 0 && limb < kProductLimbs; ++limb) {
    const std::uint64_t sum = std::uint64_t{p[limb]} + (carry & 0xffffffffu);
    p[limb] = static_cast<std::uint32_t>(sum);
    carry = (carry >> 32) + (sum >> 32);
  }
}

bool bit_at(const Limbs p, int index) {
  if (index < 0 || index >= 32 * kProductLimbs) return false;
  return ((p[index / 32] >> (index % 32)) & 1u) != 0;
}

// Bits [low, low + count) of p as an integer (count <= 64; bits outside p read as 0).
std::uint64_t bits_at(const Limbs p, int low, int count) {
  std::uint64_t v = 0;
  for (int b = count - 1; b >= 0; --b) v = (v << 1) | (bit_at(p, low + b) ? 1u : 0u);
  return v;
}

// |x| >= kFastLimit, finite: Payne and Hanek's reduction. With x = M 2^e (M an integer of 53 bits),
// x * 2/pi mod 4 needs only the words of 2/pi from where M 2^e times them stops being a multiple of
// 4; seven words (224 bits) leave at least 137 bits after the binary point, so even the arguments
// closest to a multiple of pi/2 keep more than 53 correct bits in the remainder.
SinCos sin_cos_large(double x) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const bool negative = (bits >> 63) != 0;
  const int e = static_cast<int>((bits >> 52) & 0x7ff) - 1075;
  const std::uint64_t mantissa = (bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52);
  constexpr int kWords = 7;
  const int first_word = e >= 2 ? (e - 2) / 32 : 0;  // words before it contribute multiples of 4

  Limbs p = {};
  const std::uint64_t m_low = mantissa & 0xffffffffu, m_high = mantissa >> 32;
  for (int i = 0; i < kWords; ++i) {
    const std::uint64_t word = kTwoOverPiWords[first_word + kWords - 1 - i];
    add_at(p, i, m_low * word);
    add_at(p, i + 1, m_high * word);
  }
  // p * 2^-point = x * 2/pi (mod 4): bits at and above `point` are the integer part.
  const int point = 32 * (first_word + kWords) - e;
  auto quadrant = static_cast<int>(bits_at(p, point, 2));
  double sign = 1.0;
  if (bit_at(p, point - 1)) {  // fraction >= 1/2: round up, the remainder is 1 - fraction below zero
    quadrant += 1;
    sign = -1.0;
    for (int limb = 0; limb < kProductLimbs && 32 * limb < point; ++limb) {
      const int bits_below = point - 32 * limb;
      p[limb] ^= bits_below >= 32 ? 0xffffffffu : (std::uint32_t{1} << bits_below) - 1u;
    }
    add_at(p, 0, 1);  // two's complement of the fraction (it is not 0, so no carry reaches `point`)
  }
  int top = point - 1;
  while (top >= point - 192 && !bit_at(p, top)) --top;
  DoubleDouble r{0.0, 0.0};
  if (top >= point - 192) {
    const double a = std::ldexp(static_cast<double>(bits_at(p, top - 52, 53)), top - 52 - point);
    const double b = std::ldexp(static_cast<double>(bits_at(p, top - 105, 53)), top - 105 - point);
    const DoubleDouble product = two_product(a, kPio2Hi);
    r = fast_two_sum(product.hi, product.lo + (a * kPio2Lo + b * kPio2Hi));
  }
  r.hi *= sign;
  r.lo *= sign;
  if (negative) {  // sin(-y) = -sin(y): the quadrant and the remainder change sign
    quadrant = -quadrant;
    r.hi = -r.hi;
    r.lo = -r.lo;
  }
  const int q = quadrant & 3;
  return from_quadrant(q == 3 ? -1.0 : static_cast<double>(q), r.hi, r.lo);
}

SinCos sin_cos_one(double x) {
  if (std::abs(x) < kFastLimit) return sin_cos_small(x);
  if (!std::isfinite(x))
    return {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
  return sin_cos_large(x);
}

// [SECTION] exp, log, pow

constexpr double kLn2Hi = 0x1.62e42feep-1;  // 32 bits: k * kLn2Hi is exact for |k| < 2^21
constexpr double kLn2Lo = 0x1.a39ef35793c76p-33;
constexpr double kInvLn2 = 0x1.71547652b82fep+0;
constexpr double kSqrt2 = 0x1.6a09e667f3bcdp+0;

// exp(hi + lo) for |lo| <= a few ulp of hi: hi = k ln 2 + r, exp = 2^k exp(r) with |r| <= ln2 / 2;
// exp(r) by its Taylor series to r^15 (the rest below 2^-70), the leading terms summed exactly.
double exp_dd(double hi, double lo) {
  if (std::isnan(hi)) return hi;
  if (hi > 709.8) return std::numeric_limits<double>::infinity();
  if (hi < -745.2) return 0.0;
  const double k = round_to_integer(hi * kInvLn2);
  const double r_hi = hi - k * kLn2Hi;  // exact (k * kLn2Hi is, and it is close to hi)
  const DoubleDouble r = two_sum(r_hi, lo - k * kLn2Lo);
  const double x = r.hi;
  // exp(r) = 1 + x + x^2/2 + x^3 c(x) + r.lo (1 + x): x^2/2 exactly, the rest (below 0.007) plainly.
  const DoubleDouble square = two_product(x, x);
  const double cubic =
      x * square.hi *
      (1.0 / 6.0 +
       x * (1.0 / 24.0 +
            x * (1.0 / 120.0 +
                 x * (1.0 / 720.0 +
                      x * (1.0 / 5040.0 +
                           x * (1.0 / 40320.0 +
                                x * (1.0 / 362880.0 +
                                     x * (1.0 / 3628800.0 +
                                          x * (1.0 / 39916800.0 +
                                               x * (1.0 / 479001600.0 +
                                                    x * (1.0 / 6227020800.0 +
                                                         x * (1.0 / 87178291200.0 +
                                                              x * (1.0 / 1307674368000.0)))))))))))));
  const DoubleDouble one_plus = two_sum(1.0, x);
  const DoubleDouble with_square = two_sum(one_plus.hi, 0.5 * square.hi);
  const double y =
      with_square.hi + (with_square.lo + (one_plus.lo + (0.5 * square.lo + (cubic + r.lo * (1.0 + x)))));
  const int ki = static_cast<int>(k);
  if (ki > 1023) return y * power_of_two(1023) * power_of_two(ki - 1023);
  if (ki < -1022) return y * power_of_two(ki + 600) * power_of_two(-600);  // one rounding, at the end
  return y * power_of_two(ki);
}

// log(x) = e ln 2 + log(m), m in [sqrt(1/2), sqrt(2)), as a double-double: log(m) = 2 atanh(s) with
// s = (m - 1) / (m + 1), |s| < 0.172; s is carried to about 100 bits and the series
// 2 s (1 + s^2/3 + s^4/5 + ...) is summed to s^25 (the rest below 2^-66 of the result).
DoubleDouble log_dd(double x) {
  int e = 0;
  if (x < 0x1p-1022) {  // subnormal: make it normal first
    x *= 0x1p54;
    e -= 54;
  }
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  e += static_cast<int>((bits >> 52) & 0x7ff) - 1023;
  bits = (bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1023} << 52);
  double m;
  std::memcpy(&m, &bits, sizeof m);
  if (m > kSqrt2) {
    m *= 0.5;
    e += 1;
  }
  const double f = m - 1.0;  // exact
  const DoubleDouble u = fast_two_sum(2.0, f);
  const double s_hi = f / u.hi;
  const DoubleDouble p = two_product(s_hi, u.hi);
  const double s_lo = (((f - p.hi) - p.lo) - s_hi * u.lo) / (u.hi + u.lo);
  const double z = s_hi * s_hi;
  const double series =
      1.0 / 3.0 +
      z * (1.0 / 5.0 +
           z * (1.0 / 7.0 +
                z * (1.0 / 9.0 +
                     z * (1.0 / 11.0 +
                          z * (1.0 / 13.0 +
                               z * (1.0 / 15.0 +
                                    z * (1.0 / 17.0 +
                                         z * (1.0 / 19.0 +
                                              z * (1.0 / 21.0 + z * (1.0 / 23.0 + z * (1.0 / 25.0)))))))))));
  const double tail = 2.0 * s_hi * z * series;
  const double ed = static_cast<double>(e);
  const DoubleDouble head = two_sum(ed * kLn2Hi, 2.0 * s_hi);
  return fast_two_sum(head.hi, head.lo + ((2.0 * s_lo + tail) + ed * kLn2Lo));
}

bool is_odd_integer(double y) {
  return std::abs(y) < 0x1p53 && std::fmod(y, 2.0) != 0.0 && std::floor(y) == y;
}

}  // namespace

double sin(double x) { return sin_cos_one(x).s; }
double cos(double x) { return sin_cos_one(x).c; }

namespace {

// The branch-free loop over angles below kFastLimit; compiled twice on x86-64, for baseline SSE2 and
// for AVX2 (4 lanes, chosen at run time). Both perform the same IEEE operations in the same order
// (AVX2 brings no fused multiply-add), so they give the same bits.
[[gnu::always_inline]] inline void sin_cos_small_loop(const double* a, double* s, double* c, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const SinCos v = sin_cos_small(a[i]);
    s[i] = v.s;
    c[i] = v.c;
  }
}

void sin_cos_small_baseline(const double* a, double* s, double* c, std::size_t n) {
  sin_cos_small_loop(a, s, c, n);
}

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx2"))) void sin_cos_small_avx2(const double* a, double* s, double* c,
                                                        std::size_t n) {
  sin_cos_small_loop(a, s, c, n);
}
void sin_cos_small_all(const double* a, double* s, double* c, std::size_t n) {
  if (__builtin_cpu_supports("avx2")) {
    sin_cos_small_avx2(a, s, c, n);
  } else {
    sin_cos_small_baseline(a, s, c, n);
  }
}
#else
void sin_cos_small_all(const double* a, double* s, double* c, std::size_t n) {
  sin_cos_small_baseline(a, s, c, n);
}
#endif

}  // namespace

void sin_cos(std::span<const double> angle, std::span<double> s, std::span<double> c) {
  const std::size_t n = std::min({angle.size(), s.size(), c.size()});
  sin_cos_small_all(angle.data(), s.data(), c.data(), n);
  for (std::size_t i = 0; i < n; ++i) {  // the rest: large, infinite or NaN angles
    if (!(std::abs(angle[i]) < kFastLimit)) {
      const SinCos v = sin_cos_one(angle[i]);
      s[i] = v.s;
      c[i] = v.c;
    }
  }
}

double exp(double x) { return exp_dd(x, 0.0); }

double log(double x) {
  if (std::isnan(x) || x < 0.0) return std::numeric_limits<double>::quiet_NaN();
  if (x == 0.0) return -std::numeric_limits<double>::infinity();
  if (std::isinf(x)) return x;
  return log_dd(x).hi;
}

double pow(double base, double y) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  if (y == 0.0 || base == 1.0) return 1.0;
  if (std::isnan(base) || std::isnan(y)) return std::numeric_limits<double>::quiet_NaN();
  if (std::isinf(base)) {  // C99 Annex F: (+-inf)^y is +-inf or +-0, the sign only for odd integers y
    const bool negative = base < 0.0 && is_odd_integer(y);
    if (y > 0.0) return negative ? -inf : inf;
    return negative ? -0.0 : 0.0;
  }
  if (base < 0.0) {
    if (std::floor(y) != y) return std::numeric_limits<double>::quiet_NaN();
    const double magnitude = pow(-base, y);
    return is_odd_integer(y) ? -magnitude : magnitude;
  }
  if (std::isinf(y)) {
    if (base == 1.0) return 1.0;
    return (base > 1.0) == (y > 0.0) ? inf : 0.0;
  }
  if (base == 0.0) {
    const bool odd = is_odd_integer(y) && std::signbit(base);
    if (y > 0.0) return odd ? -0.0 : 0.0;
    return odd ? -inf : inf;
  }
  const DoubleDouble l = log_dd(base);
  const double t = y * l.hi;
  if (!(std::abs(t) < 1000.0)) return exp_dd(t, 0.0);  // overflows or underflows anyway
  const DoubleDouble product = two_product(y, l.hi);
  return exp_dd(product.hi, product.lo + y * l.lo);
}

}  // namespace pelab::portable
