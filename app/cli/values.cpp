// Strict option-value parsing: the whole text must be the number, nothing more.
#include "values.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <system_error>

#include "errors.hpp"

namespace pelab::cli {
namespace {

std::string quoted(std::string_view text) {
  std::string result;
  result.reserve(text.size() + 2);
  result.push_back('\'');
  result.append(text);
  result.push_back('\'');
  return result;
}

UsageError value_error(std::string_view option, std::string_view text, std::string_view what) {
  if (text.empty()) return UsageError(std::string(option) + ": empty value, expected " + std::string(what));
  return UsageError(std::string(option) + ": " + quoted(text) + " is not " + std::string(what));
}

// from_chars does not take a leading '+'; accept one (but not "+-5").
std::string_view strip_plus(std::string_view text) {
  if (text.size() > 1 && text.front() == '+' && text[1] != '-' && text[1] != '+') text.remove_prefix(1);
  return text;
}

}  // namespace

std::int64_t parse_integer(std::string_view option, std::string_view text) {
  const std::string_view digits = strip_plus(text);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec == std::errc::result_out_of_range && end == digits.data() + digits.size()) {
    throw UsageError(std::string(option) + ": " + quoted(text) + " is out of range for a 64-bit integer");
  }
  if (ec != std::errc() || end != digits.data() + digits.size())
    throw value_error(option, text, "an integer");
  return value;
}

std::uint64_t parse_unsigned(std::string_view option, std::string_view text) {
  const std::string_view digits = strip_plus(text);
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec == std::errc::result_out_of_range && end == digits.data() + digits.size()) {
    throw UsageError(std::string(option) + ": " + quoted(text) +
                     " is out of range (0 to 18446744073709551615)");
  }
  if (ec != std::errc() || end != digits.data() + digits.size()) {
    throw value_error(option, text, "a non-negative integer");
  }
  return value;
}

double parse_real(std::string_view option, std::string_view text) {
  const std::string_view number = strip_plus(text);
  double value = 0.0;
  const auto [end, ec] =
      std::from_chars(number.data(), number.data() + number.size(), value, std::chars_format::general);
  if (ec == std::errc::result_out_of_range && end == number.data() + number.size()) {
    throw UsageError(std::string(option) + ": " + quoted(text) + " is out of the range of a double");
  }
  if (ec != std::errc() || end != number.data() + number.size()) throw value_error(option, text, "a number");
  if (!std::isfinite(value)) {
    throw UsageError(std::string(option) + ": " + quoted(text) + " is not a finite number");
  }
  return value;
}

void require_at_least(std::string_view option, std::int64_t value, std::int64_t minimum) {
  if (value < minimum) {
    throw UsageError(std::string(option) + " must be at least " + std::to_string(minimum) + " (got " +
                     std::to_string(value) + ")");
  }
}

void require_at_most(std::string_view option, std::int64_t value, std::int64_t maximum) {
  if (value > maximum) {
    throw UsageError(std::string(option) + " must be at most " + std::to_string(maximum) + " (got " +
                     std::to_string(value) + ")");
  }
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
