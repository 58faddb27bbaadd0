// Hugging Face config.json -> the RoPE numbers of a model, as transformers reads them.
#include "pelab/model_config.hpp"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "pelab/encodings.hpp"
#include "pelab/io/atomic_file.hpp"
#include "pelab/io/hf_cache.hpp"

namespace pelab {
namespace {

using Json = nlohmann::json;
using T = RopeScalingType;

constexpr std::uint64_t kMaxConfigBytes = std::uint64_t{16} << 20;

// A JSON value for a message: its text, cut at 40 characters.
std::string shown(const Json& value) {
  std::string text = value.dump();
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return text;
}

// Reads one config.json; every failure names the source and the field.
class Reader {
 public:
  explicit Reader(std::string_view source) : source_(source) {}

  // "<source>: <reason>".
  [[noreturn]] void fail(Text reason) const {
    throw Error(Text{TextId::config_error, {source_}, {std::move(reason)}});
  }
  // "<source>: <prefix>: <what error says>" (prefix a TextId whose pattern takes the source, `args`
  // and then the error's sentence, or its English when it has none).
  [[noreturn]] void fail(TextId id, std::vector<std::string> args, const Error& error) const {
    args.insert(args.begin(), source_);
    if (error.text().empty()) {
      args.emplace_back(error.what());
      throw Error(Text{id, std::move(args)});
    }
    throw Error(Text{id, std::move(args), {error.text()}});
  }

  Json parse(std::string_view text) const {
    // Duplicate keys are refused: Python's json keeps the last one silently, which hides typos.
    std::vector<std::set<std::string>> open;
    std::optional<std::string> duplicate;
    const Json::parser_callback_t keys = [&](int, Json::parse_event_t event, Json& parsed) {
      if (event == Json::parse_event_t::object_start) {
        open.emplace_back();
      } else if (event == Json::parse_event_t::object_end) {
        if (!open.empty()) open.pop_back();
      } else if (event == Json::parse_event_t::key && !open.empty() && parsed.is_string()) {
        if (!open.back().insert(parsed.get<std::string>()).second && !duplicate)
          duplicate = parsed.get<std::string>();
      }
      return true;
    };
    Json root;
    try {
      root = Json::parse(text.begin(), text.end(), keys);
    } catch (const Json::parse_error& e) {
      fail(Text{TextId::config_not_json_near, {std::to_string(e.byte)}});
    } catch (const Json::exception&) {
      fail(TextId::config_not_json);
    }
    if (duplicate) fail(Text{TextId::config_duplicate_key, {*duplicate}});
    if (!root.is_object()) fail(Text{TextId::config_not_object, {shown(root)}});
    return root;
  }

  // The field, or nullptr when absent or null (transformers treats null as unset).
  static const Json* field(const Json& object, const char* key) {
    const auto it = object.find(key);
    if (it == object.end() || it->is_null()) return nullptr;
    return &*it;
  }

  double real(const Json& value, const std::string& name) const {
    if (!value.is_number()) fail(Text{TextId::config_not_number, {name, shown(value)}});
    const double v = value.get<double>();
    if (!std::isfinite(v)) fail(Text{TextId::config_not_finite, {name, shown(value)}});
    return v;
  }

  double positive_real(const Json& value, const std::string& name) const {
    const double v = real(value, name);
    if (v <= 0.0) fail(Text{TextId::config_not_positive, {name, shown(value)}});
    return v;
  }

  std::int64_t positive_integer(const Json& value, const std::string& name) const {
    if (value.is_number_unsigned()) {
      const auto v = value.get<std::uint64_t>();
      if (v == 0 || v > (std::uint64_t{1} << 53))
        fail(Text{TextId::config_integer_range, {name, shown(value)}});
      return static_cast<std::int64_t>(v);
    }
    if (value.is_number_integer()) fail(Text{TextId::config_at_least_1, {name, shown(value)}});
    if (value.is_number_float()) {
      const double v = value.get<double>();
      if (std::isfinite(v) && v == std::floor(v) && v >= 1.0 && v <= 9007199254740992.0)
        return static_cast<std::int64_t>(v);
    }
    fail(Text{TextId::config_not_positive_integer, {name, shown(value)}});
  }

  bool boolean(const Json& value, const std::string& name) const {
    if (!value.is_boolean()) fail(Text{TextId::config_not_boolean, {name, shown(value)}});
    return value.get<bool>();
  }

  std::string string(const Json& value, const std::string& name) const {
    if (!value.is_string()) fail(Text{TextId::config_not_string, {name, shown(value)}});
    return value.get<std::string>();
  }

  std::vector<double> list(const Json& value, const std::string& name) const {
    if (!value.is_array()) fail(Text{TextId::config_not_list, {name, shown(value)}});
    if (value.empty()) fail(Text{TextId::config_empty_list, {name}});
    std::vector<double> out;
    out.reserve(value.size());
    for (std::size_t i = 0; i < value.size(); ++i)
      out.push_back(positive_real(value[i], name + "[" + std::to_string(i) + "]"));
    return out;
  }

  const std::string& source() const { return source_; }

 private:
  std::string source_;
};

// The same quantity given in two places must agree.
template <class V>
std::optional<V> merged(const Reader& r, const std::optional<V>& a, const std::string& a_name,
                        const std::optional<V>& b, const std::string& b_name) {
  if (a && b && *a != *b) {
    if constexpr (std::is_same_v<V, double>) {
      r.fail(Text{TextId::config_contradict, {a_name, number_text(*a), b_name, number_text(*b)}});
    } else {
      r.fail(Text{TextId::config_contradict, {a_name, std::to_string(*a), b_name, std::to_string(*b)}});
    }
  }
  return a ? a : b;
}

// The keys of rope_scaling each type reads; anything else is ignored with a warning, as transformers does.
bool key_used(T type, const std::string& key) {
  if (key == "rope_type" || key == "type" || key == "rope_theta" || key == "partial_rotary_factor")
    return true;
  switch (type) {
    case T::none:
      return false;
    case T::linear:
    case T::ntk:
      return key == "factor";
    case T::dynamic:  // transformers accepts original_max_position_embeddings here but does not use it
      return key == "factor" || key == "original_max_position_embeddings";
    case T::yarn:
      return key == "factor" || key == "attention_factor" || key == "beta_fast" || key == "beta_slow" ||
             key == "original_max_position_embeddings" || key == "mscale" || key == "mscale_all_dim" ||
             key == "truncate";
    case T::llama3:
      return key == "factor" || key == "original_max_position_embeddings" || key == "low_freq_factor" ||
             key == "high_freq_factor";
    case T::longrope:
      return key == "factor" || key == "attention_factor" || key == "original_max_position_embeddings" ||
             key == "short_factor" || key == "long_factor";
  }
  return false;
}

}  // namespace

ModelConfig parse_model_config(std::string_view json_text, std::string_view source) {
  const Reader r(source);
  const Json root = r.parse(json_text);
  ModelConfig c;
  c.source = std::string(source);
  if (const Json* v = Reader::field(root, "model_type")) c.model_type = r.string(*v, "model_type");

  // Multimodal configs keep the language model in text_config; pelab reads a flat config only.
  const Json* text_config = Reader::field(root, "text_config");
  if (text_config && !Reader::field(root, "head_dim") && !Reader::field(root, "num_attention_heads")) {
    r.fail(TextId::config_text_config);
  }

  // Head dimension: head_dim, else hidden_size / num_attention_heads.
  if (const Json* v = Reader::field(root, "head_dim")) {
    c.head_dim = r.positive_integer(*v, "head_dim");
  } else {
    const Json* hidden = Reader::field(root, "hidden_size");
    const Json* heads = Reader::field(root, "num_attention_heads");
    if (!hidden || !heads) {
      if (!hidden && !heads) r.fail(TextId::config_needs_head_dim_all);
      r.fail(Text{TextId::config_needs_head_dim, {!hidden ? "hidden_size" : "num_attention_heads"}});
    }
    const std::int64_t h = r.positive_integer(*hidden, "hidden_size");
    const std::int64_t n = r.positive_integer(*heads, "num_attention_heads");
    if (h % n != 0) {
      r.fail(Text{TextId::config_not_multiple, {std::to_string(h), std::to_string(n)}});
    }
    c.head_dim = h / n;
  }

  // The RoPE block: rope_scaling (transformers 4) or rope_parameters (transformers 5).
  const Json* scaling = Reader::field(root, "rope_scaling");
  const Json* parameters = Reader::field(root, "rope_parameters");
  if (scaling && parameters) {
    r.fail(TextId::config_both_blocks);
  }
  const Json* block = scaling ? scaling : parameters;
  const std::string block_name = scaling ? "rope_scaling" : "rope_parameters";
  if (block && !block->is_object())
    r.fail(Text{TextId::config_block_not_object, {block_name, shown(*block)}});
  if (parameters) {
    for (const auto& [key, value] : parameters->items()) {
      if (value.is_object()) {
        r.fail(Text{TextId::config_per_layer, {key}});
      }
    }
  }
  auto in_block = [&](const char* key) -> const Json* {
    return block ? Reader::field(*block, key) : nullptr;
  };
  auto block_key = [&](const std::string& key) { return block_name + "." + key; };

  // rope_theta and partial_rotary_factor: top level, or inside the block.
  std::optional<double> theta_top, theta_block;
  if (const Json* v = Reader::field(root, "rope_theta")) theta_top = r.positive_real(*v, "rope_theta");
  if (const Json* v = in_block("rope_theta")) theta_block = r.positive_real(*v, block_key("rope_theta"));
  if (const std::optional<double> theta =
          merged(r, theta_top, std::string("rope_theta"), theta_block, block_key("rope_theta"))) {
    c.rope_theta = *theta;
    c.rope_theta_given = true;
  }
  try {
    validate_base(c.rope_theta);
  } catch (const Error& e) {
    r.fail(TextId::config_rope_theta, {}, e);
  }
  std::optional<double> prf_top, prf_block;
  if (const Json* v = Reader::field(root, "partial_rotary_factor"))
    prf_top = r.positive_real(*v, "partial_rotary_factor");
  if (const Json* v = in_block("partial_rotary_factor"))
    prf_block = r.positive_real(*v, block_key("partial_rotary_factor"));
  if (const std::optional<double> prf = merged(r, prf_top, std::string("partial_rotary_factor"), prf_block,
                                               block_key("partial_rotary_factor"))) {
    if (*prf > 1.0) r.fail(Text{TextId::config_prf_above_1, {number_text(*prf)}});
    c.partial_rotary_factor = *prf;
  }
  std::int64_t rotated = 0;
  try {
    rotated = c.rotated_dims();
  } catch (const Error& e) {
    r.fail(TextId::config_error, {}, e);
  }

  if (const Json* v = Reader::field(root, "max_position_embeddings"))
    c.max_position_embeddings = r.positive_integer(*v, "max_position_embeddings");
  std::optional<std::int64_t> original_top, original_block;
  if (const Json* v = Reader::field(root, "original_max_position_embeddings"))
    original_top = r.positive_integer(*v, "original_max_position_embeddings");
  if (const Json* v = in_block("original_max_position_embeddings"))
    original_block = r.positive_integer(*v, block_key("original_max_position_embeddings"));
  c.original_max_position_embeddings =
      merged(r, original_block, block_key("original_max_position_embeddings"), original_top,
             std::string("original_max_position_embeddings"));

  // The type: "rope_type", or "type" (the older name).
  T type = T::none;
  if (block) {
    std::optional<std::string> rope_type, old_type;
    if (const Json* v = in_block("rope_type")) rope_type = r.string(*v, block_key("rope_type"));
    if (const Json* v = in_block("type")) old_type = r.string(*v, block_key("type"));
    if (rope_type && old_type && *rope_type != *old_type) {
      r.fail(Text{TextId::config_types_contradict,
                  {block_key("rope_type"), *rope_type, block_key("type"), *old_type}});
    }
    const std::optional<std::string> name = rope_type ? rope_type : old_type;
    if (name) {
      const std::optional<T> parsed = parse_rope_scaling_type(*name);
      if (!parsed || *name == "none") {
        r.fail(Text{TextId::config_unknown_type, {block_key(rope_type ? "rope_type" : "type"), *name}});
      }
      type = *parsed;
    }
    for (const auto& [key, value] : block->items()) {
      if (!key_used(type, key)) {
        c.warnings.push_back(block_key(key) + " is not used by " + std::string(to_string(type)) +
                             " scaling and is ignored (as transformers does)");
      }
    }
  }

  RopeScaling& s = c.scaling;
  s.type = type;
  auto required_real = [&](const char* key) {
    const Json* v = in_block(key);
    if (!v) r.fail(Text{TextId::scaling_needs, {std::string(to_string(type)), block_key(key)}});
    return r.positive_real(*v, block_key(key));
  };
  auto optional_real = [&](const char* key) -> std::optional<double> {
    if (const Json* v = in_block(key)) return r.positive_real(*v, block_key(key));
    return std::nullopt;
  };
  // Python's `x or default`: null and 0 both mean "use the default".
  auto real_or_default = [&](const char* key) -> std::optional<double> {
    const Json* v = in_block(key);
    if (!v) return std::nullopt;
    const double value = r.real(*v, block_key(key));
    if (value == 0.0) return std::nullopt;
    if (value < 0.0) r.fail(Text{TextId::config_not_positive, {block_key(key), shown(*v)}});
    return value;
  };
  auto original_or_max = [&]() -> std::int64_t {
    if (original_block) return *original_block;
    if (!c.max_position_embeddings) {
      r.fail(Text{TextId::config_scaling_needs_original,
                  {std::string(to_string(type)), block_key("original_max_position_embeddings")}});
    }
    return *c.max_position_embeddings;
  };

  switch (type) {
    case T::none:
      break;
    case T::linear:
    case T::ntk:
      s.factor = required_real("factor");
      break;
    case T::dynamic:
      s.factor = required_real("factor");
      if (!c.max_position_embeddings) r.fail(TextId::config_dynamic_needs_max);
      s.original_max = *c.max_position_embeddings;
      if (original_block) {
        c.warnings.push_back(
            block_key("original_max_position_embeddings") +
            " is ignored by transformers' dynamic scaling, which uses max_position_embeddings");
      }
      break;
    case T::yarn: {
      s.factor = required_real("factor");
      s.original_max = original_or_max();
      s.beta_fast = real_or_default("beta_fast");
      s.beta_slow = real_or_default("beta_slow");
      if (const Json* v = in_block("truncate")) s.truncate = r.boolean(*v, block_key("truncate"));
      const std::optional<double> mscale = real_or_default("mscale");
      const std::optional<double> mscale_all_dim = real_or_default("mscale_all_dim");
      s.attention_factor = optional_real("attention_factor");
      if (s.attention_factor) {
        if (mscale || mscale_all_dim) {
          c.warnings.push_back(block_key("mscale") + " / " + block_key("mscale_all_dim") +
                               " are ignored: attention_factor is set (as transformers does)");
        }
      } else if (mscale && mscale_all_dim) {
        s.mscale = mscale;
        s.mscale_all_dim = mscale_all_dim;
      } else if (mscale || mscale_all_dim) {
        c.warnings.push_back(block_key(mscale ? "mscale" : "mscale_all_dim") +
                             " is ignored without the other one (as transformers does)");
      }
      break;
    }
    case T::llama3:
      s.factor = required_real("factor");
      s.low_freq_factor = required_real("low_freq_factor");
      s.high_freq_factor = required_real("high_freq_factor");
      if (!original_block)
        r.fail(Text{TextId::scaling_needs, {"llama3", block_key("original_max_position_embeddings")}});
      s.original_max = *original_block;
      break;
    case T::longrope: {
      const Json* short_list = in_block("short_factor");
      const Json* long_list = in_block("long_factor");
      if (!short_list || !long_list) {
        r.fail(Text{TextId::scaling_needs,
                    {"longrope", block_key(!short_list ? "short_factor" : "long_factor")}});
      }
      s.short_factor = r.list(*short_list, block_key("short_factor"));
      s.long_factor = r.list(*long_list, block_key("long_factor"));
      if (c.original_max_position_embeddings) {
        s.original_max = *c.original_max_position_embeddings;
      } else if (c.max_position_embeddings) {
        s.original_max = *c.max_position_embeddings;
      } else {
        r.fail(Text{TextId::config_scaling_needs_original, {"longrope", "original_max_position_embeddings"}});
      }
      s.factor = optional_real("factor");
      s.max_positions = c.max_position_embeddings;
      s.attention_factor = optional_real("attention_factor");
      break;
    }
  }
  try {
    validate(s, rotated, c.rope_theta);
  } catch (const Error& e) {
    r.fail(TextId::config_block_invalid, {block_name, std::string(to_string(type))}, e);
  }
  return c;
}

ModelConfig load_model_config(const std::filesystem::path& path) {
  // hf:ORG/NAME[@REVISION]: the config.json of a model in the local Hugging Face cache, named as given.
  if (const std::string name = path.string(); names_hf_model(name)) {
    const HfSnapshot snapshot = hf_find_snapshot(name, hf_environment());
    return parse_model_config(read_file_bytes(hf_snapshot_file(snapshot, "config.json"), kMaxConfigBytes),
                              name);
  }
  return parse_model_config(read_file_bytes(path, kMaxConfigBytes), path.string());
}

RopeScaling model_scaling_for(const ModelConfig& config, RopeScalingType type) {
  if (type == config.scaling.type) return config.scaling;
  RopeScaling s;
  s.type = type;
  const std::optional<std::int64_t> original = config.original_max_position_embeddings
                                                   ? config.original_max_position_embeddings
                                                   : config.max_position_embeddings;
  switch (type) {
    case T::dynamic:
      s.original_max = config.max_position_embeddings;
      break;
    case T::yarn:
    case T::llama3:
      s.original_max = original;
      break;
    case T::longrope:
      s.original_max = original;
      s.max_positions = config.max_position_embeddings;
      break;
    default:
      break;
  }
  return s;
}

}  // namespace pelab
