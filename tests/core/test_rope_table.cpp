// The table of RoPE scaling types and parameters (core/src/rope_table.cpp): one row per enum value,
// names that read back, and the facts of transformers' rope functions that the rows encode.
#include <catch2/catch.hpp>
#include <cstddef>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "pelab/model_config.hpp"
#include "pelab/rope_scaling.hpp"

using pelab::RopeParam;
using pelab::RopeScalingType;
using pelab::RopeValue;

namespace {

std::string read_source(const std::string& relative) {
  std::ifstream in(std::string(PELAB_SOURCE_DIR) + "/" + relative, std::ios::binary);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("every scaling type and every parameter has its row, in enum order", "[rope_table]") {
  // The last enumerators: a value appended after them without a row fails here and in rope_table.cpp.
  STATIC_REQUIRE(static_cast<std::size_t>(RopeScalingType::longrope) + 1 == pelab::rope_scaling_type_count);
  STATIC_REQUIRE(static_cast<std::size_t>(RopeParam::long_mscale) + 1 == pelab::rope_param_count);
  REQUIRE(pelab::rope_type_table().size() == pelab::rope_scaling_type_count);
  REQUIRE(pelab::rope_param_table().size() == pelab::rope_param_count);
  std::set<std::string> names;
  for (std::size_t i = 0; i < pelab::rope_scaling_type_count; ++i) {
    const auto type = static_cast<RopeScalingType>(i);
    const pelab::RopeTypeInfo& row = pelab::rope_type_info(type);
    CHECK(row.type == type);
    CHECK(!row.name.empty());
    CHECK(!row.formula.empty());
    CHECK(names.insert(std::string(row.name)).second);
    CHECK(pelab::parse_rope_scaling_type(row.name) == type);
  }
  std::set<std::string> options, keys, hf_keys;
  for (std::size_t i = 0; i < pelab::rope_param_count; ++i) {
    const auto param = static_cast<RopeParam>(i);
    const pelab::RopeParamInfo& row = pelab::rope_param_info(param);
    INFO(row.name);
    CHECK(row.param == param);
    CHECK(row.option.starts_with("--"));
    CHECK(options.insert(std::string(row.option)).second);
    CHECK(keys.insert(std::string(row.name)).second);
    if (!row.hf_key.empty()) CHECK(hf_keys.insert(std::string(row.hf_key)).second);
    CHECK((row.required & ~row.applies) == 0);
    CHECK(row.applies != 0);
    CHECK(row.applies < (pelab::RopeTypeSet{1} << pelab::rope_scaling_type_count));
    if (row.value == RopeValue::real || row.value == RopeValue::length) CHECK(row.lo < row.hi);
  }
}

TEST_CASE("the rows say what transformers' rope functions read", "[rope_table]") {
  using T = RopeScalingType;
  using P = RopeParam;
  // transformers' legacy names: "default" (no scaling), "su" (Phi-3's first name for longrope).
  CHECK(pelab::parse_rope_scaling_type("default") == T::none);
  CHECK(pelab::parse_rope_scaling_type("su") == T::longrope);
  CHECK(!pelab::parse_rope_scaling_type("mrope"));
  CHECK(pelab::rope_scaling_type_names() == "none, linear, ntk, dynamic, yarn, llama3, longrope");
  // YaRN's betas default to 32 and 1 (_compute_yarn_parameters: `beta_fast or 32`, `beta_slow or 1`).
  CHECK(pelab::rope_param_info(P::beta_fast).has_fallback);
  CHECK(pelab::rope_param_info(P::beta_fast).fallback == 32.0);
  CHECK(pelab::rope_param_info(P::beta_slow).fallback == 1.0);
  CHECK(pelab::rope_param_info(P::beta_fast).hf_zero_unset);
  CHECK(pelab::rope_types_reading(P::beta_fast) == "yarn");
  CHECK(pelab::rope_types_reading(P::low_freq_factor) == "llama3");
  CHECK(pelab::rope_types_reading(P::attention_factor) == "yarn, longrope");
  CHECK(pelab::rope_types_reading(P::original_max) == "dynamic, yarn, llama3, longrope");
  CHECK(pelab::rope_types_reading(P::short_mscale) == "longrope");
  // What each type cannot do without, as an empty scaling of it reports.
  auto missing = [](T type) {
    pelab::RopeScaling s;
    s.type = type;
    std::string list;
    for (P p : pelab::rope_params_missing(s)) list += std::string(pelab::to_string(p)) + " ";
    return list;
  };
  CHECK(missing(T::none).empty());
  CHECK(missing(T::linear) == "factor ");
  CHECK(missing(T::yarn) == "factor original_max ");
  CHECK(missing(T::llama3) == "factor original_max low_freq_factor high_freq_factor ");
  CHECK(missing(T::longrope) == "factor max_positions original_max short_factor long_factor ");
}

TEST_CASE("type names and defaults are written only in the table", "[rope_table]") {
  // The files that used to type them out: they now read the table.
  for (const char* file : {"app/cli/command_line.cpp", "app/cli/rope_options.cpp", "core/src/text.cpp",
                           "core/src/model_config.cpp", "assets/i18n/ko/core_texts.json",
                           "app/state/session.cpp", "app/state/view_settings.cpp", "app/ui/rope_view.cpp"}) {
    INFO(file);
    const std::string text = read_source(file);
    CHECK(text.find("yarn, llama3") == std::string::npos);
    CHECK(text.find("value_or(32") == std::string::npos);
    CHECK(text.find("32.0, 6.0f") == std::string::npos);  // the view's old β_fast slider fallback
    CHECK(text.find("\"beta_fast\"") == std::string::npos);
    CHECK(text.find("low_freq_factor = 1.0") == std::string::npos);
  }
}
