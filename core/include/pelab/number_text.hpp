#pragma once
// Strict reading of numbers typed by a user, shared by pelab-cli's options and the CONFIG grammar
// so both refuse the same text with the same words. `name` is how the front end spells what is
// read ("--positions", "positions"); every failure throws pelab::Error with a one-line message
// such as "--positions: '12abc' is not an integer" or "dims must be at least 1 (got 0)".
#include <cstdint>
#include <string>
#include <string_view>

namespace pelab {

// A whole decimal integer: an optional sign, digits, nothing else (no spaces, no "1e3", no "0x10").
std::int64_t parse_integer_text(std::string_view name, std::string_view text);
// A whole non-negative decimal integer up to 2^64 - 1.
std::uint64_t parse_unsigned_text(std::string_view name, std::string_view text);
// A finite decimal real ("10000", "1e4", ".5", "+2.5"); NaN, infinities, hexadecimal and overflow
// are refused.
double parse_real_text(std::string_view name, std::string_view text);

// A picture or window size "WxH": two whole decimal numbers joined by 'x', nothing else, with
// min_width <= W <= max_side and min_height <= H <= max_side. The one reading of --size for pelab
// and pelab-cli render.
struct PixelSize {
  int width = 0;
  int height = 0;
  bool operator==(const PixelSize&) const = default;
};
inline constexpr int min_picture_width = 320;
inline constexpr int min_picture_height = 240;
inline constexpr int max_picture_side = 16384;
PixelSize parse_pixel_size(std::string_view name, std::string_view text);

// `text` in single quotes for a one-line message; control bytes become \n, \t or \xNN.
std::string quote_user_text(std::string_view text);

// "<name> must be at least <minimum> (got <value>)" / "... at most ...".
void require_at_least(std::string_view name, std::int64_t value, std::int64_t minimum);
void require_at_most(std::string_view name, std::int64_t value, std::int64_t maximum);

}  // namespace pelab
