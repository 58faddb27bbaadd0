// Fuzz harness for Hugging Face config.json presets: pelab::parse_model_config.
#include <cstdint>
#include <string>

#include "fuzz_checks.hpp"
#include "pelab/model_config.hpp"
#include "pelab/rope_scaling.hpp"
#include "pelab/types.hpp"

namespace pelab::fuzz {

std::string check_model_config(std::string_view bytes) {
  ModelConfig config;
  try {
    config = parse_model_config(bytes, "config.json");
  } catch (const Error&) {
    return {};
  }
  // Accepted: the header promises a scaling that is complete and valid for rotated_dims().
  try {
    validate(config.scaling, config.rotated_dims(), config.rope_theta);
  } catch (const Error& e) {
    return std::string("accepted, but its scaling is not valid: ") + e.what();
  }
  for (RopeScalingType type : all_rope_scaling_types()) (void)model_scaling_for(config, type);
  return {};
}

}  // namespace pelab::fuzz

#ifdef PELAB_LIBFUZZER
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return pelab::fuzz::run_check(pelab::fuzz::check_model_config, data, size);
}
#endif
