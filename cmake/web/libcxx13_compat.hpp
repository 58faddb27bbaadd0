#pragma once
// Force-included into every C++ source of the web build (cmake/web_deps.cmake), nowhere else.
// Debian 12's emscripten (3.1.6) ships libc++ 13, which lacks C++20's std::bit_cast and C++17's
// floating-point std::to_chars and std::from_chars that pelab's shared sources use. These stand-ins
// give the same results through the C library (snprintf and strtod, which round correctly):
//   to_chars without a precision: the fewest significant digits that read back as the same double,
//     in the format asked for (or, for none, the shorter of fixed and scientific, fixed on a tie),
//     as the standard specifies; with a precision: printf's %.*e, %.*f, %.*g
//   from_chars: strtod on the characters from_chars accepts (no leading blanks or '+', no "0x")
// Remove this file when the build's libc++ has them (libc++ 14 has bit_cast; 17 has both rest).
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <system_error>
#include <type_traits>

namespace std {  // NOLINT(cert-dcl58-cpp): the library's own missing names, only where it lacks them

template <class To, class From>
requires(sizeof(To) == sizeof(From) && is_trivially_copyable_v<To> &&
         is_trivially_copyable_v<From>) constexpr To bit_cast(const From& from) noexcept {
  return __builtin_bit_cast(To, from);
}

namespace pelab_web_compat {

inline string printed(double value, char conversion, int precision) {
  const char format[] = {'%', '.', '*', conversion, '\0'};
  char buffer[512];
  const int length = snprintf(buffer, sizeof buffer, format, precision, value);
  if (length >= 0 && static_cast<size_t>(length) < sizeof buffer)
    return string(buffer, static_cast<size_t>(length));
  string text(static_cast<size_t>(length) + 1, '\0');
  snprintf(text.data(), text.size(), format, precision, value);
  text.pop_back();
  return text;
}

inline bool reads_back(const string& text, double value) { return strtod(text.c_str(), nullptr) == value; }

// The fewest digits after the point of %e that read back as `value` (0..16).
inline int shortest_scientific_precision(double value) {
  for (int precision = 0; precision < 17; ++precision) {
    if (reads_back(printed(value, 'e', precision), value)) return precision;
  }
  return 16;
}

// `plain`: to_chars without a format, which picks the shorter of fixed and scientific (fixed on a
// tie). It cannot be asked for with a chars_format value: general is fixed | scientific, and general
// means %g's choice, which differs (1e-4 is "0.0001" under %g, "1e-04" in plain to_chars).
inline string shortest(double value, chars_format format, bool plain = false) {
  if (value != value || value - value != 0.0) return printed(value, 'g', 0);  // nan, inf
  const int digits_after_first = shortest_scientific_precision(value);
  const string scientific = printed(value, 'e', digits_after_first);
  if (format == chars_format::scientific) return scientific;
  if (!plain && format == chars_format::general) return printed(value, 'g', digits_after_first + 1);
  // Fixed: the same significant digits, so as many decimals as reach the last of them.
  const int exponent = atoi(scientific.c_str() + scientific.find('e') + 1);
  const int decimals = digits_after_first - exponent > 0 ? digits_after_first - exponent : 0;
  const string fixed = printed(value, 'f', decimals);
  if (!plain && format == chars_format::fixed) return fixed;
  return fixed.size() <= scientific.size() ? fixed : scientific;
}

inline to_chars_result copied(char* first, char* last, const string& text) {
  if (last - first < static_cast<ptrdiff_t>(text.size())) return {last, errc::value_too_large};
  memcpy(first, text.data(), text.size());
  return {first + text.size(), errc{}};
}

inline char conversion(chars_format format) {
  return format == chars_format::scientific ? 'e' : format == chars_format::fixed ? 'f' : 'g';
}

}  // namespace pelab_web_compat

inline to_chars_result to_chars(char* first, char* last, double value) {
  return pelab_web_compat::copied(first, last,
                                  pelab_web_compat::shortest(value, chars_format::general, true));
}

inline to_chars_result to_chars(char* first, char* last, double value, chars_format format) {
  return pelab_web_compat::copied(first, last, pelab_web_compat::shortest(value, format));
}

inline to_chars_result to_chars(char* first, char* last, double value, chars_format format, int precision) {
  return pelab_web_compat::copied(
      first, last, pelab_web_compat::printed(value, pelab_web_compat::conversion(format), precision));
}

inline from_chars_result from_chars(const char* first, const char* last, double& value,
                                    chars_format = chars_format::general) {
  const char* digits = first != last && *first == '-' ? first + 1 : first;
  if (digits == last || !(isdigit(static_cast<unsigned char>(*digits)) || *digits == '.' || *digits == 'i' ||
                          *digits == 'I' || *digits == 'n' || *digits == 'N')) {
    return {first, errc::invalid_argument};
  }
  string text(first, last);
  // strtod reads hexadecimal after "0x"; from_chars reads the 0 and stops.
  if (const size_t zero = static_cast<size_t>(digits - first);
      text.size() > zero + 1 && text[zero] == '0' && (text[zero + 1] == 'x' || text[zero + 1] == 'X')) {
    text.resize(zero + 1);
  }
  char* end = nullptr;
  errno = 0;
  const double parsed = strtod(text.c_str(), &end);
  if (end == text.c_str()) return {first, errc::invalid_argument};
  const char* stop = first + (end - text.c_str());
  if (errno == ERANGE) return {stop, errc::result_out_of_range};
  value = parsed;
  return {stop, errc{}};
}

}  // namespace std
