// Strict number reading for the command line and CONFIG (see number_text.hpp).
#include "pelab/number_text.hpp"

#include <charconv>
#include <cmath>
#include <initializer_list>
#include <string>
#include <system_error>
#include <utility>

#include "pelab/types.hpp"

namespace pelab {

// Control bytes become \n, \t or \xNN, so a message stays one line whatever was typed.
std::string quote_user_text(std::string_view text) {
  constexpr char hex_digits[] = "0123456789abcdef";
  // Appended rather than concatenated: g++ 12 warns falsely (-Wrestrict) on "'" + std::string.
  std::string out;
  out.reserve(text.size() + 2);
  out.push_back('\'');
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7f) {
      out += "\\x";
      out.push_back(hex_digits[byte >> 4]);
      out.push_back(hex_digits[byte & 0xf]);
    } else {
      out.push_back(c);
    }
  }
  out.push_back('\'');
  return out;
}

namespace {

Error value_error(std::string_view name, std::string_view text, std::string_view what) {
  if (text.empty()) return Error(std::string(name) + ": empty value, expected " + std::string(what));
  return Error(std::string(name) + ": " + quote_user_text(text) + " is not " + std::string(what));
}

// from_chars takes no leading '+'; accept one (but not "+-5" or "++5").
std::string_view without_plus(std::string_view text) {
  if (text.size() > 1 && text.front() == '+' && text[1] != '-' && text[1] != '+') text.remove_prefix(1);
  return text;
}

}  // namespace

std::int64_t parse_integer_text(std::string_view name, std::string_view text) {
  const std::string_view digits = without_plus(text);
  std::int64_t value = 0;
  const char* end = digits.data() + digits.size();
  const auto [stop, ec] = std::from_chars(digits.data(), end, value);
  if (ec == std::errc::result_out_of_range && stop == end) {
    throw Error(std::string(name) + ": " + quote_user_text(text) + " is out of range for a 64-bit integer");
  }
  if (ec != std::errc() || stop != end) throw value_error(name, text, "an integer");
  return value;
}

std::uint64_t parse_unsigned_text(std::string_view name, std::string_view text) {
  const std::string_view digits = without_plus(text);
  std::uint64_t value = 0;
  const char* end = digits.data() + digits.size();
  const auto [stop, ec] = std::from_chars(digits.data(), end, value);
  if (ec == std::errc::result_out_of_range && stop == end) {
    throw Error(std::string(name) + ": " + quote_user_text(text) +
                " is out of range (0 to 18446744073709551615)");
  }
  if (ec != std::errc() || stop != end) throw value_error(name, text, "a non-negative integer");
  return value;
}

double parse_real_text(std::string_view name, std::string_view text) {
  const std::string_view number = without_plus(text);
  double value = 0.0;
  const char* end = number.data() + number.size();
  const auto [stop, ec] = std::from_chars(number.data(), end, value, std::chars_format::general);
  if (ec == std::errc::result_out_of_range && stop == end) {
    throw Error(std::string(name) + ": " + quote_user_text(text) + " is out of the range of a double");
  }
  if (ec != std::errc() || stop != end) throw value_error(name, text, "a number");
  if (!std::isfinite(value))
    throw Error(std::string(name) + ": " + quote_user_text(text) + " is not a finite number");
  return value;
}

PixelSize parse_pixel_size(std::string_view name, std::string_view text) {
  const auto refuse = [&] {
    return Error(std::string(name) + ": expected WxH with " + std::to_string(min_picture_width) + " <= W, " +
                 std::to_string(min_picture_height) + " <= H, both <= " + std::to_string(max_picture_side) +
                 " (got " + quote_user_text(text) + ")");
  };
  const std::size_t x = text.find('x');
  if (x == std::string_view::npos) throw refuse();
  PixelSize size;
  for (auto [part, value] :
       {std::pair{text.substr(0, x), &size.width}, std::pair{text.substr(x + 1), &size.height}}) {
    const char* end = part.data() + part.size();
    const auto [stop, ec] = std::from_chars(part.data(), end, *value);
    // Digits only: from_chars would take a leading '-', and "800x600junk" stops before "junk".
    if (part.empty() || part.front() < '0' || part.front() > '9' || ec != std::errc() || stop != end)
      throw refuse();
  }
  if (size.width < min_picture_width || size.height < min_picture_height || size.width > max_picture_side ||
      size.height > max_picture_side)
    throw refuse();
  return size;
}

void require_at_least(std::string_view name, std::int64_t value, std::int64_t minimum) {
  if (value < minimum) {
    throw Error(std::string(name) + " must be at least " + std::to_string(minimum) + " (got " +
                std::to_string(value) + ")");
  }
}

void require_at_most(std::string_view name, std::int64_t value, std::int64_t maximum) {
  if (value > maximum) {
    throw Error(std::string(name) + " must be at most " + std::to_string(maximum) + " (got " +
                std::to_string(value) + ")");
  }
}

}  // namespace pelab
