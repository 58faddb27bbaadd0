// pelab's own sin, cos, exp, log and pow (pelab/portable_math.hpp) against independent references:
// glibc's 64-bit-significand long double functions (sinl, expl, ...: another algorithm with 11 more
// bits, so their value decides the correctly rounded double in all but a few cases in a million),
// hand cases, and identities. The bound asserted is what docs/building.md states: at most 0.6
// ulp from the exact value, and never more than 1 ulp from glibc's double functions.
#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include "pelab/portable_math.hpp"

namespace portable = pelab::portable;

namespace {

// Error of `value` in units of the last place of the exact result `exact` (a long double).
double ulp_error(double value, long double exact) {
  const double rounded = static_cast<double>(exact);
  const double ulp =
      std::nextafter(std::abs(rounded), std::numeric_limits<double>::infinity()) - std::abs(rounded);
  return static_cast<double>(std::abs(static_cast<long double>(value) - exact) /
                             static_cast<long double>(ulp));
}

// Distance in representable doubles between a and b (0 when both are the same bits).
std::int64_t doubles_apart(double a, double b) {
  const auto ordered = [](double x) {
    const auto i = std::bit_cast<std::int64_t>(x);
    return i < 0 ? std::numeric_limits<std::int64_t>::min() - i : i;
  };
  return std::abs(ordered(a) - ordered(b));
}

struct Range {
  double low, high;
  bool log_uniform;
};

std::vector<double> samples(Range range, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<double> xs(static_cast<std::size_t>(count));
  for (double& x : xs)
    x = range.log_uniform
            ? std::exp(std::log(range.low) + unit(rng) * (std::log(range.high) - std::log(range.low)))
            : range.low + unit(rng) * (range.high - range.low);
  return xs;
}

template <class Ours, class Exact, class Glibc>
void check_accuracy(Range range, Ours ours, Exact exact, Glibc glibc) {
  double worst = 0.0, worst_at = 0.0;
  std::int64_t glibc_apart = 0;
  for (double x : samples(range, 100000, 2026)) {
    const double value = ours(x);
    const double error = ulp_error(value, exact(x));
    if (error > worst) {
      worst = error;
      worst_at = x;
    }
    glibc_apart = std::max(glibc_apart, doubles_apart(value, glibc(x)));
  }
  INFO("range [" << range.low << ", " << range.high << "]: worst " << worst << " ulp at " << worst_at);
  CHECK(worst <= 0.6);
  CHECK(glibc_apart <= 1);
}

}  // namespace

TEST_CASE("sin and cos: within 0.6 ulp of the exact value, any finite argument", "[portable-math]") {
  const auto sin_ours = [](double x) { return portable::sin(x); };
  const auto cos_ours = [](double x) { return portable::cos(x); };
  const auto sin_exact = [](double x) { return sinl(static_cast<long double>(x)); };
  const auto cos_exact = [](double x) { return cosl(static_cast<long double>(x)); };
  const auto sin_glibc = [](double x) { return std::sin(x); };
  const auto cos_glibc = [](double x) { return std::cos(x); };
  // Table angles (position times frequency), the reduction's switch near 1.57e6, huge arguments
  // (positions up to 2^52, bases below 1), tiny ones.
  for (Range range : {Range{-7.0, 7.0, false}, Range{0.0, 16384.0, false}, Range{1.0e6, 2.0e6, false},
                      Range{1.0e6, 1.0e300, true}, Range{1.0e-300, 1.0, true}}) {
    check_accuracy(range, sin_ours, sin_exact, sin_glibc);
    check_accuracy(range, cos_ours, cos_exact, cos_glibc);
  }
  // The double closest to a multiple of pi/2 (6381956970095103 * 2^797, Kahan and McDonald's search):
  // it lies 4.687e-19 from an odd multiple of pi/2, so its cosine is -4.687165924254628e-19: reducing
  // it needs about 60 bits of 2/pi beyond the argument's own.
  const double hardest = std::ldexp(6381956970095103.0, 797);
  CHECK(ulp_error(portable::cos(hardest), cosl(static_cast<long double>(hardest))) <= 0.6);
  CHECK(std::abs(portable::cos(hardest) / -4.687165924254628e-19 - 1.0) < 1e-15);
  CHECK(portable::sin(hardest) == 1.0);
  // Below the switch to the bits of 2/pi, the doubles that come closest to a multiple of pi/2 (found
  // by a review emulating the reduction): with pi/2 carried to only 119 bits they were up to 1.06 ulp off.
  for (double x : {826882.8943881015, 916697.8867615801, 138200.2316277418, 276400.4632554836,
                   642615.9188844458, 1285231.8377688916}) {
    INFO("x = " << x);
    CHECK(ulp_error(portable::sin(x), sinl(static_cast<long double>(x))) <= 0.6);
    CHECK(ulp_error(portable::cos(x), cosl(static_cast<long double>(x))) <= 0.6);
  }
}

TEST_CASE("sin and cos: hand values and identities", "[portable-math]") {
  CHECK(portable::sin(0.0) == 0.0);
  CHECK(std::signbit(portable::sin(-0.0)));
  CHECK(portable::cos(0.0) == 1.0);
  // sin(pi/6) for the double nearest pi/6 is 1/2 to within an ulp; cos(pi/3) likewise.
  CHECK(doubles_apart(portable::sin(std::numbers::pi / 6.0), 0.5) <= 1);
  CHECK(doubles_apart(portable::cos(std::numbers::pi / 3.0), 0.5) <= 1);
  // Odd and even: sin(-x) = -sin(x), cos(-x) = cos(x), bit for bit, also after the large reduction.
  for (double x : {0.3, 2.5, 1234.5, 3.0e6, 1.0e22, 1.0e300}) {
    CHECK(portable::sin(-x) == -portable::sin(x));
    CHECK(portable::cos(-x) == portable::cos(x));
    const double s = portable::sin(x), c = portable::cos(x);
    CHECK(std::abs(s * s + c * c - 1.0) < 4e-16);
  }
  CHECK(std::isnan(portable::sin(std::numeric_limits<double>::infinity())));
  CHECK(std::isnan(portable::cos(std::numeric_limits<double>::quiet_NaN())));
}

TEST_CASE("sin_cos of many angles: the same bits as one at a time", "[portable-math]") {
  // The batch is a vectorised loop for small angles and a second pass for the rest; every entry must
  // equal the scalar function's bits whatever its neighbours are.
  std::vector<double> angle = samples({-3.0e6, 3.0e6, false}, 10001, 7);
  angle[3] = 1.0e300;
  angle[4] = std::numeric_limits<double>::quiet_NaN();
  angle[5] = -std::numeric_limits<double>::infinity();
  angle[6] = 0.0;
  std::vector<double> s(angle.size()), c(angle.size());
  portable::sin_cos(angle, s, c);
  std::size_t differ = 0;
  for (std::size_t i = 0; i < angle.size(); ++i) {
    const double si = portable::sin(angle[i]), ci = portable::cos(angle[i]);
    if (std::bit_cast<std::uint64_t>(si) != std::bit_cast<std::uint64_t>(s[i]) ||
        std::bit_cast<std::uint64_t>(ci) != std::bit_cast<std::uint64_t>(c[i]))
      ++differ;
  }
  CHECK(differ == 0);
}

TEST_CASE("exp, log, pow: within 0.6 ulp of the exact value", "[portable-math]") {
  // Results from 2^-1022 (exp(-708.39)) up; a subnormal result is rounded twice and may be 1 ulp off.
  check_accuracy(
      {-708.39, 709.7, false}, [](double x) { return portable::exp(x); },
      [](double x) { return expl(static_cast<long double>(x)); }, [](double x) { return std::exp(x); });
  check_accuracy(
      {-1.0, 1.0, false}, [](double x) { return portable::exp(x); },
      [](double x) { return expl(static_cast<long double>(x)); }, [](double x) { return std::exp(x); });
  check_accuracy(
      {1e-300, 1e300, true}, [](double x) { return portable::log(x); },
      [](double x) { return logl(static_cast<long double>(x)); }, [](double x) { return std::log(x); });
  check_accuracy(
      {0.5, 2.0, false}, [](double x) { return portable::log(x); },
      [](double x) { return logl(static_cast<long double>(x)); }, [](double x) { return std::log(x); });
  // pow as the frequencies use it: base^(-2i/D) for base 10000, and 2^(-8(i+1)/n) for ALiBi.
  check_accuracy(
      {-1.0, 0.0, false}, [](double y) { return portable::pow(10000.0, y); },
      [](double y) { return powl(10000.0L, static_cast<long double>(y)); },
      [](double y) { return std::pow(10000.0, y); });
  check_accuracy(
      {-8.0, 0.0, false}, [](double y) { return portable::pow(2.0, y); },
      [](double y) { return powl(2.0L, static_cast<long double>(y)); },
      [](double y) { return std::pow(2.0, y); });
  check_accuracy(
      {1e-5, 1e9, true}, [](double b) { return portable::pow(b, -0.37); },
      [](double b) { return powl(static_cast<long double>(b), static_cast<long double>(-0.37)); },
      [](double b) { return std::pow(b, -0.37); });
}

TEST_CASE("exp, log, pow: exact cases and IEEE special values", "[portable-math]") {
  constexpr double inf = std::numeric_limits<double>::infinity();
  CHECK(portable::exp(0.0) == 1.0);
  CHECK(portable::log(1.0) == 0.0);
  CHECK(portable::exp(-inf) == 0.0);
  CHECK(portable::exp(710.0) == inf);
  CHECK(portable::exp(-746.0) == 0.0);
  CHECK(portable::exp(-745.0) == std::numeric_limits<double>::denorm_min());  // e^-745 rounds to 2^-1074
  CHECK(portable::log(0.0) == -inf);
  CHECK(std::isnan(portable::log(-1.0)));
  CHECK(portable::log(inf) == inf);
  CHECK(portable::log(std::numeric_limits<double>::denorm_min()) == -1074.0 * std::numbers::ln2);
  // Powers of two and of ten that are exact doubles come out exact.
  CHECK(portable::pow(2.0, 10.0) == 1024.0);
  CHECK(portable::pow(2.0, -1074.0) == std::numeric_limits<double>::denorm_min());
  CHECK(portable::pow(2.0, 0.5) == std::numbers::sqrt2);
  CHECK(portable::pow(10000.0, -0.5) == 0.01);
  CHECK(portable::pow(10000.0, 0.25) == 10.0);
  CHECK(portable::pow(-2.0, 3.0) == -8.0);
  CHECK(std::isnan(portable::pow(-2.0, 0.5)));
  CHECK(portable::pow(0.0, -1.0) == inf);
  CHECK(portable::pow(0.0, 2.0) == 0.0);
  CHECK(portable::pow(inf, -1.0) == 0.0);
  CHECK(portable::pow(-inf, 0.5) == inf);  // C99 Annex F: not NaN, although -inf is negative
  CHECK(portable::pow(-inf, 3.0) == -inf);
  CHECK(portable::pow(-inf, -0.5) == 0.0);
  CHECK(std::signbit(portable::pow(-inf, -3.0)));
  CHECK(portable::pow(0.5, inf) == 0.0);
  CHECK(portable::pow(1.0, std::numeric_limits<double>::quiet_NaN()) == 1.0);
  CHECK(portable::pow(1e-292, 1.0) == 1e-292);
}
