// Hugging Face config.json -> the RoPE numbers of a model, as transformers reads them.
#include "pelab/model_config.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>

#include "pelab/encodings.hpp"
#include "pelab/io/atomic_file.hpp"
#include "pelab/io/hf_cache.hpp"

namespace pelab {
namespace {

using Json = nlohmann::json;
using T = RopeScalingType;
using P = RopeParam;

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

// Keys of a block that are not parameters of the table but are known.
bool block_key_known(const std::string& key) {
  return key == "rope_type" || key == "type" || key == "rope_theta" || key == "partial_rotary_factor" ||
         key == "mrope_section" || key == "mrope_interleaved";
}

// Keys of a config (top level or text_config) that decide a RoPE, or name where none is.
constexpr std::string_view kRopeKeys[] = {"rope_theta",
                                          "rope_scaling",
                                          "rope_parameters",
                                          "partial_rotary_factor",
                                          "rotary_pct",
                                          "rotary_emb_base",
                                          "rotary_dim",
                                          "head_dim",
                                          "qk_rope_head_dim",
                                          "hidden_size",
                                          "num_attention_heads",
                                          "n_embd",
                                          "n_head",
                                          "max_position_embeddings",
                                          "original_max_position_embeddings",
                                          "rope_local_base_freq",
                                          "n_positions",
                                          "layer_types",
                                          "sliding_window_pattern",
                                          "text_config",
                                          "model_type",
                                          "alibi",
                                          "rotary"};

// Keys near a RoPE key that are real keys of some model (never warned about).
constexpr std::string_view kNotRopeKeys[] = {"num_key_value_heads",
                                             "n_layer",
                                             "n_inner",
                                             "n_ctx",
                                             "hidden_act",
                                             "qk_nope_head_dim",
                                             "v_head_dim",
                                             "qk_head_dim",
                                             "kv_lora_rank",
                                             "q_lora_rank",
                                             "n_heads",
                                             "num_heads",
                                             "d_head"};

bool rope_like(std::string_view key) {
  return key.find("rope") != std::string_view::npos || key.find("rotary") != std::string_view::npos ||
         key.find("theta") != std::string_view::npos;
}

// The nearest of `known` to `key`, and its distance.
template <class Range>
std::pair<std::string, std::size_t> nearest(std::string_view key, const Range& known) {
  std::pair<std::string, std::size_t> best{"", std::string_view::npos};
  for (std::string_view k : known) {
    const std::size_t d = edit_distance(key, k);
    if (d < best.second) best = {std::string(k), d};
  }
  return best;
}

// Model types without RoPE, as transformers' modeling files for them compute positions.
constexpr std::string_view kNoRope[] = {
    "gpt2", "gpt_bigcode", "opt",         "bert",   "roberta", "distilbert", "bloom",      "mpt",
    "t5",   "bart",        "xlm-roberta", "albert", "electra", "mt5",        "deberta-v2", "whisper"};

// The names a config.json may give its type: the table's names with "none" spelt "default" (as
// transformers spells it), their legacy aliases, and "mrope".
std::string accepted_type_names() {
  std::string list;
  for (const RopeTypeInfo& row : rope_type_table()) {
    list += list.empty() ? "" : ", ";
    list += row.type == T::none ? std::string_view("default") : row.name;
    for (std::string_view alias : {row.aliases})
      if (!alias.empty() && alias != "default") list += ", " + std::string(alias);
  }
  return list + ", mrope";
}

// transformers' config defaults of rope_theta where they are not 10000.
double default_theta(std::string_view model_type) {
  if (model_type == "gemma3" || model_type == "gemma3_text") return 1000000.0;
  if (model_type == "gpt_oss") return 150000.0;
  return 10000.0;
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

std::int64_t ModelConfig::rotated_dims() const {
  if (rotary_dim) {
    if (*rotary_dim < 2 || *rotary_dim % 2 != 0 || *rotary_dim > head_dim)
      throw Error(Text{TextId::rope_rotated_odd,
                       {std::to_string(head_dim), "rotary_dim", std::to_string(*rotary_dim)}});
    return *rotary_dim;
  }
  return rope_rotated_dims(head_dim, partial_rotary_factor);
}

ModelConfig parse_model_config(std::string_view json_text, std::string_view source,
                               const ModelConfigOptions& options) {
  const Reader r(source);
  const Json whole = r.parse(json_text);
  ModelConfig c;
  c.source = std::string(source);
  if (const Json* v = Reader::field(whole, "model_type")) c.model_type = r.string(*v, "model_type");

  // Multimodal configs keep the language model in text_config (transformers' get_text_config).
  const Json* text_config = Reader::field(whole, "text_config");
  if (text_config && !text_config->is_object())
    r.fail(Text{TextId::config_block_not_object, {"text_config", shown(*text_config)}});
  const Json& root = text_config ? *text_config : whole;
  const std::string prefix = text_config ? "text_config." : "";
  auto key_name = [&](const std::string& key) { return prefix + key; };
  if (text_config) {
    if (const Json* v = Reader::field(root, "model_type"))
      c.model_type = r.string(*v, key_name("model_type"));
  }
  for (std::string_view none : kNoRope) {
    if (c.model_type == none) r.fail(Text{TextId::config_no_rope, {c.model_type}});
  }
  if (const Json* v = Reader::field(root, "alibi")) {
    if (r.boolean(*v, key_name("alibi"))) r.fail(TextId::config_alibi);
  }

  // Unknown keys that look like RoPE keys: a warning naming the nearest known one.
  for (const auto& [key, value] : root.items()) {
    if (std::find(std::begin(kRopeKeys), std::end(kRopeKeys), key) != std::end(kRopeKeys)) continue;
    if (std::find(std::begin(kNotRopeKeys), std::end(kNotRopeKeys), key) != std::end(kNotRopeKeys)) continue;
    const auto [near, distance] = nearest(key, kRopeKeys);
    if (rope_like(key) || (distance <= 2 && key.size() > 4)) {
      c.warnings.push_back(key_name(key) + " is not a key pelab or transformers reads; did you mean " +
                           key_name(near) + "? (ignored)");
    }
  }

  // One quantity under two names: either, both only when equal.
  auto one_of = [&](const char* a, const char* b) -> std::pair<const Json*, std::string> {
    const Json* va = Reader::field(root, a);
    const Json* vb = Reader::field(root, b);
    if (va && vb && *va != *vb) {
      r.fail(Text{TextId::config_contradict, {key_name(a), shown(*va), key_name(b), shown(*vb)}});
    }
    return va ? std::pair{va, key_name(a)} : std::pair{vb, vb ? key_name(b) : std::string()};
  };

  // The width RoPE sees: qk_rope_head_dim, head_dim, or hidden_size / num_attention_heads.
  if (const Json* v = Reader::field(root, "qk_rope_head_dim")) {
    c.head_dim = r.positive_integer(*v, key_name("qk_rope_head_dim"));
  } else if (const Json* width = Reader::field(root, "head_dim")) {
    c.head_dim = r.positive_integer(*width, key_name("head_dim"));
  } else {
    const auto [hidden, hidden_name] = one_of("hidden_size", "n_embd");
    const auto [heads, heads_name] = one_of("num_attention_heads", "n_head");
    if (!hidden || !heads) {
      if (!hidden && !heads) r.fail(TextId::config_needs_head_dim_all);
      r.fail(
          Text{TextId::config_needs_head_dim, {key_name(!hidden ? "hidden_size" : "num_attention_heads")}});
    }
    const std::int64_t h = r.positive_integer(*hidden, hidden_name);
    const std::int64_t n = r.positive_integer(*heads, heads_name);
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
  std::string block_name = key_name(scaling ? "rope_scaling" : "rope_parameters");
  if (block && !block->is_object())
    r.fail(Text{TextId::config_block_not_object, {block_name, shown(*block)}});

  // Two RoPEs: per-layer rope_parameters (transformers 5) or Gemma 3's local base.
  const bool per_layer = parameters && std::any_of(parameters->begin(), parameters->end(),
                                                   [](const Json& v) { return v.is_object(); });
  const Json* local_base = Reader::field(root, "rope_local_base_freq");
  const bool gemma3 = c.model_type == "gemma3" || c.model_type == "gemma3_text";
  auto choose = [&](const std::string& what, const std::string& names) {
    if (options.layers.empty()) r.fail(Text{TextId::config_two_ropes, {what, names}});
    if (names.find(options.layers) == std::string::npos || options.layers.find(',') != std::string::npos)
      r.fail(Text{TextId::config_unknown_layers, {options.layers, names}});
    c.layers = options.layers;
  };
  std::optional<double> local_theta;
  if (per_layer) {
    std::string names, what;
    for (const auto& [key, value] : parameters->items()) {
      if (!value.is_object())
        r.fail(Text{TextId::config_block_not_object, {key_name("rope_parameters." + key), shown(value)}});
      const std::string alias = key == "full_attention"      ? "global"
                                : key == "sliding_attention" ? "local"
                                                             : key;
      names += (names.empty() ? "" : ", ") + alias;
      what += (what.empty() ? "" : " and ") + alias + " (" + key_name("rope_parameters." + key) + ")";
    }
    if (parameters->size() == 1) {
      c.layers = options.layers.empty() ? names : options.layers;
    } else {
      choose(what, names);
    }
    const std::string key = c.layers == "global"  ? "full_attention"
                            : c.layers == "local" ? "sliding_attention"
                                                  : c.layers;
    block = Reader::field(*parameters, key.c_str());
    if (!block) r.fail(Text{TextId::config_unknown_layers, {options.layers, names}});
    block_name = key_name("rope_parameters." + key);
  } else if (local_base || gemma3) {
    const double global = Reader::field(root, "rope_theta")
                              ? r.positive_real(*Reader::field(root, "rope_theta"), key_name("rope_theta"))
                              : default_theta(c.model_type);
    const double local =
        local_base ? r.positive_real(*local_base, key_name("rope_local_base_freq")) : 10000.0;
    choose("global layers (rope_theta " + number_text(global) + (block ? ", rope_scaling" : "") +
               ") and local sliding-window layers (rope_local_base_freq " + number_text(local) +
               ", no scaling)",
           "global, local");
    if (c.layers == "local") {
      local_theta = local;
      if (!local_base)
        c.warnings.push_back(key_name("rope_local_base_freq") + " is not set: 10000 (transformers' default)");
      block = nullptr;  // transformers' local rotary embedding uses the default rope type
    }
  } else if (!options.layers.empty()) {
    r.fail(Text{TextId::config_unknown_layers, {options.layers, "the model has one RoPE"}});
  }

  auto in_block = [&](const char* key) -> const Json* {
    return block ? Reader::field(*block, key) : nullptr;
  };
  auto block_key = [&](const std::string& key) { return block_name + "." + key; };

  // The base: rope_theta, rotary_emb_base (GPT-NeoX), or inside the block.
  std::optional<double> theta_top, theta_block;
  {
    const auto [v, name] = one_of("rope_theta", "rotary_emb_base");
    if (v) theta_top = r.positive_real(*v, name);
  }
  if (const Json* v = in_block("rope_theta")) theta_block = r.positive_real(*v, block_key("rope_theta"));
  if (local_theta) {
    c.rope_theta = *local_theta;
    c.rope_theta_given = local_base != nullptr;
  } else if (const std::optional<double> theta =
                 merged(r, theta_top, key_name("rope_theta"), theta_block, block_key("rope_theta"))) {
    c.rope_theta = *theta;
    c.rope_theta_given = true;
  } else {
    c.rope_theta = default_theta(c.model_type);
    c.warnings.push_back(key_name("rope_theta") + " is not set: " + number_text(c.rope_theta) +
                         " (transformers' default" + (c.model_type.empty() ? "" : " for " + c.model_type) +
                         ")");
  }
  try {
    validate_base(c.rope_theta);
  } catch (const Error& e) {
    r.fail(TextId::config_rope_theta, {}, e);
  }

  // Partial rotary: partial_rotary_factor, rotary_pct (GPT-NeoX) or rotary_dim (GPT-J, CodeGen).
  std::optional<double> prf_top, prf_block;
  std::string prf_name = key_name("partial_rotary_factor");
  {
    const auto [v, name] = one_of("partial_rotary_factor", "rotary_pct");
    if (v) {
      prf_top = r.positive_real(*v, name);
      prf_name = name;
    }
  }
  if (const Json* v = in_block("partial_rotary_factor"))
    prf_block = r.positive_real(*v, block_key("partial_rotary_factor"));
  const bool gptj_like = c.model_type == "gptj" || c.model_type == "codegen";
  if (const Json* v = Reader::field(root, "rotary_dim")) {
    c.rotary_dim = r.positive_integer(*v, key_name("rotary_dim"));
  } else if (gptj_like && !root.contains("rotary_dim")) {
    c.rotary_dim = 64;
    c.warnings.push_back(key_name("rotary_dim") + " is not set: 64 (transformers' default for " +
                         c.model_type + ")");
  }
  if (const std::optional<double> prf =
          merged(r, prf_top, prf_name, prf_block, block_key("partial_rotary_factor"))) {
    if (*prf > 1.0) r.fail(Text{TextId::config_prf_above_1, {number_text(*prf)}});
    if (c.rotary_dim) {
      r.fail(Text{TextId::config_contradict,
                  {key_name("rotary_dim"), std::to_string(*c.rotary_dim), prf_name, number_text(*prf)}});
    }
    c.partial_rotary_factor = *prf;
  } else if (c.model_type == "gpt_neox") {
    c.partial_rotary_factor = 0.25;
    c.warnings.push_back(key_name("rotary_pct") + " is not set: 0.25 (transformers' default for gpt_neox)");
  }
  if (c.rotary_dim && *c.rotary_dim > c.head_dim) {
    r.fail(Text{TextId::config_contradict,
                {key_name("rotary_dim"), std::to_string(*c.rotary_dim), "the head width",
                 std::to_string(c.head_dim)}});
  }
  std::int64_t rotated = 0;
  try {
    rotated = c.rotated_dims();
  } catch (const Error& e) {
    r.fail(TextId::config_error, {}, e);
  }

  {
    const auto [v, name] = one_of("max_position_embeddings", "n_positions");
    if (v) c.max_position_embeddings = r.positive_integer(*v, name);
  }
  std::optional<std::int64_t> original_top, original_block;
  if (const Json* v = Reader::field(root, "original_max_position_embeddings"))
    original_top = r.positive_integer(*v, key_name("original_max_position_embeddings"));
  if (const Json* v = in_block("original_max_position_embeddings"))
    original_block = r.positive_integer(*v, block_key("original_max_position_embeddings"));
  c.original_max_position_embeddings =
      merged(r, original_block, block_key("original_max_position_embeddings"), original_top,
             key_name("original_max_position_embeddings"));

  // The type: "rope_type" over "type" (transformers reads rope_type first).
  T type = T::none;
  if (block) {
    std::optional<std::string> rope_type, old_type;
    if (const Json* v = in_block("rope_type")) rope_type = r.string(*v, block_key("rope_type"));
    if (const Json* v = in_block("type")) old_type = r.string(*v, block_key("type"));
    if (rope_type && old_type && *rope_type != *old_type) {
      c.warnings.push_back(block_key("type") + " \"" + *old_type +
                           "\" is ignored: " + block_key("rope_type") + " \"" + *rope_type +
                           "\" comes first (as transformers reads them)");
    }
    const std::optional<std::string> name = rope_type ? rope_type : old_type;
    const std::string name_key = block_key(rope_type ? "rope_type" : "type");
    if (name) {
      const bool mrope = *name == "mrope";
      const std::optional<T> parsed = mrope ? std::optional<T>(T::none) : parse_rope_scaling_type(*name);
      if (!parsed || *name == "none") {
        r.fail(Text{TextId::config_unknown_type, {name_key, *name, accepted_type_names()}});
      }
      type = *parsed;
      if (!mrope && *name != to_string(type) && *name != "default") {
        c.warnings.push_back(name_key + " \"" + *name + "\" is the older name of " +
                             std::string(to_string(type)) + " (read as transformers does)");
      }
    }
    if (const Json* v = in_block("mrope_section")) {
      if (!v->is_array()) r.fail(Text{TextId::config_not_list, {block_key("mrope_section"), shown(*v)}});
      std::int64_t sum = 0;
      for (std::size_t i = 0; i < v->size(); ++i)
        sum += r.positive_integer((*v)[i], block_key("mrope_section") + "[" + std::to_string(i) + "]");
      if (sum != rotated / 2) {
        r.fail(Text{TextId::config_mrope_section,
                    {block_key("mrope_section"), std::to_string(sum), std::to_string(rotated / 2)}});
      }
      c.warnings.push_back(
          "M-RoPE (" + block_key("mrope_section") +
          "): these are the frequencies of text positions, where the temporal, height and width "
          "ids are equal; image and video positions are not computed");
    } else if (name && *name == "mrope") {
      r.fail(Text{TextId::scaling_needs, {"mrope", block_key("mrope_section")}});
    }
    for (const auto& [key, value] : block->items()) {
      if (block_key_known(key)) continue;
      const RopeParamInfo* row = nullptr;
      for (const RopeParamInfo& p : rope_param_table())
        if (p.hf_key == key) row = &p;
      if (!row) {
        std::vector<std::string_view> known;
        for (const RopeParamInfo& p : rope_param_table())
          if (!p.hf_key.empty()) known.push_back(p.hf_key);
        c.warnings.push_back(block_key(key) + " is not a RoPE parameter; did you mean " +
                             block_key(nearest(key, known).first) + "? (ignored)");
      } else if (!rope_param_applies(type, row->param)) {
        c.warnings.push_back(block_key(key) + " is not used by " + std::string(to_string(type)) +
                             " scaling and is ignored (as transformers does)");
      }
    }
  }

  RopeScaling& s = c.scaling;
  s.type = type;
  const std::uint32_t bit = rope_type_bit(type);
  // Every parameter the type reads from the block, by its row.
  for (const RopeParamInfo& row : rope_param_table()) {
    if (row.hf_key.empty() || (row.applies & bit) == 0 || row.param == P::original_max) continue;
    const std::string key(row.hf_key);
    const Json* v = in_block(key.c_str());
    if (!v) {
      if (row.has_fallback) {
        c.warnings.push_back(block_key(key) + " is not set: " + number_text(row.fallback) +
                             " (transformers' default)");
      }
      continue;
    }
    switch (row.value) {
      case RopeValue::real: {
        const double value = r.real(*v, block_key(key));
        if (row.hf_zero_unset && value == 0.0) continue;  // Python's `x or default`
        if (value <= 0.0) r.fail(Text{TextId::config_not_positive, {block_key(key), shown(*v)}});
        s.*row.real = value;
        break;
      }
      case RopeValue::length:
        s.*row.length = r.positive_integer(*v, block_key(key));
        break;
      case RopeValue::flag:
        s.*row.flag = r.boolean(*v, block_key(key));
        break;
      case RopeValue::list:
        s.*row.list = r.list(*v, block_key(key));
        break;
    }
  }
  for (const RopeParamInfo& row : rope_param_table()) {
    if ((row.required & bit) == 0 || row.param == P::original_max || row.hf_key.empty()) continue;
    if (!in_block(std::string(row.hf_key).c_str()) && !(type == T::yarn && row.param == P::factor)) {
      r.fail(Text{TextId::scaling_needs, {std::string(to_string(type)), block_key(std::string(row.hf_key))}});
    }
  }
  // The training context L, by the rules of each type's transformers function.
  switch (type) {
    case T::none:
    case T::linear:
    case T::ntk:
      break;
    case T::dynamic:
      if (!c.max_position_embeddings) r.fail(TextId::config_dynamic_needs_max);
      s.original_max = *c.max_position_embeddings;
      if (original_block) {
        c.warnings.push_back(
            block_key("original_max_position_embeddings") +
            " is ignored by transformers' dynamic scaling, which uses max_position_embeddings");
      }
      break;
    case T::llama3:
      if (!original_block)
        r.fail(Text{TextId::scaling_needs,
                    {std::string(to_string(type)), block_key("original_max_position_embeddings")}});
      s.original_max = *original_block;
      break;
    case T::longrope:
      if (original_top) {
        s.original_max = *original_top;
        if (s.factor && c.max_position_embeddings) {
          const double ratio =
              static_cast<double>(*c.max_position_embeddings) / static_cast<double>(*original_top);
          if (*s.factor != ratio) {
            c.warnings.push_back(
                block_key("factor") + " " + number_text(*s.factor) +
                " is replaced by max_position_embeddings / original_max_position_embeddings = " +
                number_text(ratio) + " (as transformers computes it)");
          }
          s.factor.reset();
        }
      } else if (original_block) {
        s.original_max = *original_block;
      } else if (c.max_position_embeddings) {
        s.original_max = *c.max_position_embeddings;
      } else {
        r.fail(Text{TextId::config_scaling_needs_original,
                    {std::string(to_string(type)), "original_max_position_embeddings"}});
      }
      s.max_positions = c.max_position_embeddings;
      break;
    case T::yarn:
    default:
      if (original_block) {
        s.original_max = *original_block;
      } else if (c.max_position_embeddings) {
        s.original_max = *c.max_position_embeddings;
      } else {
        r.fail(Text{TextId::config_scaling_needs_original,
                    {std::string(to_string(type)), block_key("original_max_position_embeddings")}});
      }
      if (type == T::yarn && !s.factor) {
        if (!original_block || !c.max_position_embeddings)
          r.fail(Text{TextId::scaling_needs, {"yarn", block_key("factor")}});
        s.factor = static_cast<double>(*c.max_position_embeddings) / static_cast<double>(*original_block);
        c.warnings.push_back(block_key("factor") + " is not set: max_position_embeddings / " +
                             block_key("original_max_position_embeddings") + " = " + number_text(*s.factor) +
                             " (as transformers computes it)");
      }
      break;
  }
  if (type == T::yarn) {
    if (s.attention_factor && (s.mscale || s.mscale_all_dim)) {
      c.warnings.push_back(block_key("mscale") + " / " + block_key("mscale_all_dim") +
                           " are ignored: attention_factor is set (as transformers does)");
      s.mscale.reset();
      s.mscale_all_dim.reset();
    } else if (s.mscale.has_value() != s.mscale_all_dim.has_value()) {
      c.warnings.push_back(block_key(s.mscale ? "mscale" : "mscale_all_dim") +
                           " is ignored without the other one (as transformers does)");
      s.mscale.reset();
      s.mscale_all_dim.reset();
    }
  }
  try {
    validate(s, rotated, c.rope_theta);
  } catch (const Error& e) {
    r.fail(TextId::config_block_invalid, {block_name, std::string(to_string(type))}, e);
  }
  return c;
}

ModelConfig load_model_config(const std::filesystem::path& path, const ModelConfigOptions& options) {
  // hf:ORG/NAME[@REVISION]: the config.json of a model in the local Hugging Face cache, named as given.
  if (const std::string name = path.string(); names_hf_model(name)) {
    const HfSnapshot snapshot = hf_find_snapshot(name, hf_environment());
    return parse_model_config(read_file_bytes(hf_snapshot_file(snapshot, "config.json"), kMaxConfigBytes),
                              name, options);
  }
  return parse_model_config(read_file_bytes(path, kMaxConfigBytes), path.string(), options);
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
