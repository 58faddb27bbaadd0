// Strict option-value parsing: the whole text must be the number, nothing more.
#include "values.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <system_error>

#include "errors.hpp"
#include "pelab/number_text.hpp"
#include "pelab/types.hpp"

namespace pelab::cli {
namespace {

// Core states how a number is read (number_text.hpp, shared with CONFIG); here its error becomes
// a usage error (exit 2).
template <typename Read>
auto as_usage_error(Read read) {
  try {
    return read();
  } catch (const pelab::Error& e) {
    throw UsageError(e.what());
  }
}

}  // namespace

std::int64_t parse_integer(std::string_view option, std::string_view text) {
  return as_usage_error([&] { return parse_integer_text(option, text); });
}

std::uint64_t parse_unsigned(std::string_view option, std::string_view text) {
  return as_usage_error([&] { return parse_unsigned_text(option, text); });
}

double parse_real(std::string_view option, std::string_view text) {
  return as_usage_error([&] { return parse_real_text(option, text); });
}

void require_at_least(std::string_view option, std::int64_t value, std::int64_t minimum) {
  as_usage_error([&] { pelab::require_at_least(option, value, minimum); });
}

void require_at_most(std::string_view option, std::int64_t value, std::int64_t maximum) {
  as_usage_error([&] { pelab::require_at_most(option, value, maximum); });
}

std::string format_real(double value) {
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  if (ec != std::errc()) return "?";
  return std::string(buffer, end);
}

std::string format_bytes(std::uint64_t bytes) {
  const std::string exact = std::to_string(bytes) + " bytes";
  if (bytes < 1024) return exact;
  const char* units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double scaled = static_cast<double>(bytes) / 1024.0;
  int unit = 0;
  while (scaled >= 1024.0 && unit < 5) {
    scaled /= 1024.0;
    ++unit;
  }
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, " (%.1f %s)", scaled, units[unit]);
  return exact + buffer;
}

std::uint64_t saturating_product(std::initializer_list<std::uint64_t> factors) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t product = 1;
  for (std::uint64_t f : factors) {
    if (f == 0) return 0;
  }
  for (std::uint64_t f : factors) {
    if (product > kMax / f) return kMax;
    product *= f;
  }
  return product;
}

std::uint64_t saturating_sum(std::initializer_list<std::uint64_t> terms) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t sum = 0;
  for (std::uint64_t t : terms) {
    if (sum > kMax - t) return kMax;
    sum += t;
  }
  return sum;
}

}  // namespace pelab::cli
