// Fuzz harness for the CONFIG grammar: pelab::parse_config_spec and the round trip through
// format_config_spec.
#include <cstdint>
#include <string>

#include "fuzz_checks.hpp"
#include "pelab/config_spec.hpp"
#include "pelab/types.hpp"

namespace pelab::fuzz {

std::string check_config_spec(std::string_view bytes) {
  ConfigSpec spec;
  try {
    spec = parse_config_spec(bytes);
  } catch (const Error&) {
    return {};  // refused: that is all a parser owes bad text
  }
  // Accepted: its shortest form must exist and mean the same configuration.
  std::string text;
  try {
    text = format_config_spec(spec);
  } catch (const Error& e) {
    return std::string("accepted, but format_config_spec refuses it: ") + e.what();
  }
  ConfigSpec back;
  try {
    back = parse_config_spec(text);
  } catch (const Error& e) {
    return "format_config_spec wrote '" + text + "', which does not parse: " + e.what();
  }
  if (!(back == spec))
    return "format_config_spec wrote '" + text + "', which parses to another configuration";
  if (format_config_spec(back) != text) return "format_config_spec is not stable for '" + text + "'";
  return {};
}

}  // namespace pelab::fuzz

#ifdef PELAB_LIBFUZZER
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return pelab::fuzz::run_check(pelab::fuzz::check_config_spec, data, size);
}
#endif
