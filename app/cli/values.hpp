#pragma once
// Strict parsing of option values and the byte arithmetic behind --max-bytes. Every parser
// throws UsageError naming the option, e.g. "--positions: '12abc' is not an integer".
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace pelab::cli {

// A whole decimal integer: optional sign, digits, nothing else (no spaces, no "1e3").
std::int64_t parse_integer(std::string_view option, std::string_view text);
// A whole non-negative decimal integer up to 2^64 - 1.
std::uint64_t parse_unsigned(std::string_view option, std::string_view text);
// A finite decimal real ("10000", "1e4", "-0.5"); NaN, infinities and overflow are refused.
double parse_real(std::string_view option, std::string_view text);

// Range checks with messages like "--positions must be at least 1 (got 0)".
void require_at_least(std::string_view option, std::int64_t value, std::int64_t minimum);
void require_at_most(std::string_view option, std::int64_t value, std::int64_t maximum);

// Shortest decimal form that reads back exactly: 10000 -> "10000", 0.1 -> "0.1".
std::string format_real(double value);
// "100 bytes", "3221225472 bytes (3.0 GiB)".
std::string format_bytes(std::uint64_t bytes);

// A count (never negative here) as an unsigned byte-arithmetic operand.
inline std::uint64_t to_u64(std::int64_t count) { return static_cast<std::uint64_t>(count); }

// Product of the factors, saturating at UINT64_MAX instead of overflowing.
std::uint64_t saturating_product(std::initializer_list<std::uint64_t> factors);
std::uint64_t saturating_sum(std::initializer_list<std::uint64_t> terms);

}  // namespace pelab::cli
