// RoPE options: strict parsing of the command line, then the files, then one validated setup.
#include "rope_options.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "errors.hpp"
#include "resolve.hpp"
#include "values.hpp"

namespace pelab::cli {
namespace {

using T = RopeScalingType;
using P = RopeParam;

// Positions and lengths stay exact in double precision.
constexpr std::int64_t kMaxLength = std::int64_t{1} << 52;

std::string_view placeholder(P param) { return rope_param_info(param).placeholder; }

std::string types_accepting(P param) { return rope_types_reading(param); }

// "--beta-fast does not apply to llama3 scaling (only to yarn)".
void check_applies(const RopeOptions& o, T type, const std::string& origin) {
  for (P param : all_rope_params()) {
    if (!o.given(param) || rope_param_applies(type, param)) continue;
    const std::string only = " (only to " + types_accepting(param) + ")";
    if (type == T::none && origin.empty()) {
      throw UsageError(std::string(option_name(param)) + " needs --scaling (it applies to " +
                       types_accepting(param) + ")");
    }
    throw UsageError(std::string(option_name(param)) + " does not apply to " + std::string(to_string(type)) +
                     " scaling" + origin + only);
  }
}

// "--scaling yarn needs --factor S and --original-max L".
[[noreturn]] void refuse_missing(const std::vector<P>& missing, T type, std::string_view command,
                                 bool config) {
  auto named = [](P param) {
    return std::string(option_name(param)) + " " + std::string(placeholder(param));
  };
  // longrope lists factor and max_positions when it needs either one: "--factor S or --max-positions M".
  const bool either =
      type == T::longrope && missing.size() >= 2 && missing[0] == P::factor && missing[1] == P::max_positions;
  std::vector<std::string> parts;
  for (std::size_t i = either ? 2 : 0; i < missing.size(); ++i) parts.push_back(named(missing[i]));
  if (either) parts.push_back(named(P::factor) + " or " + named(P::max_positions));
  std::string text = "--scaling " + std::string(to_string(type)) + " needs ";
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) text += i + 1 == parts.size() ? " and " : ", ";
    text += parts[i];
  }
  text += config ? " (the --config model does not set it)" : "";
  text += " (see 'pelab-cli " + std::string(command) + " --help')";
  throw UsageError(text);
}

double positive_real(const Arg& arg) {
  const double value = real_value(arg);
  if (value <= 0.0) throw UsageError(arg.name + " must be above 0 (got " + arg.text + ")");
  return value;
}

std::int64_t length_value(const Arg& arg) {
  const std::int64_t value = integer_value(arg);
  require_at_least(arg.name, value, 1);
  require_at_most(arg.name, value, kMaxLength);
  return value;
}

// A longrope factor list: a 1-D .npy of finite values above 0, one per rotated pair.
std::vector<double> load_factors(const std::string& path, const std::string& option, std::int64_t pairs,
                                 std::uint64_t max_bytes) {
  std::vector<double> factors = load_vector_npy(
      path, max_bytes, option, "a 1-D array of D/2 = " + std::to_string(pairs) + " factors is needed");
  if (static_cast<std::int64_t>(factors.size()) != pairs) {
    throw FileError(option + " " + path + " has " + std::to_string(factors.size()) +
                    " factors but D/2 = " + std::to_string(pairs) + " are needed (one per rotated pair)");
  }
  for (std::size_t i = 0; i < factors.size(); ++i) {
    const double v = factors[i];
    if (!std::isfinite(v) || v <= 0.0) {
      throw FileError(option + " " + path + ": factor " + std::to_string(i) + " is " + format_real(v) +
                      "; every factor must be finite and above 0");
    }
  }
  return factors;
}

}  // namespace

std::string_view option_name(RopeParam param) { return rope_param_info(param).option; }

bool RopeOptions::given(RopeParam param) const {
  if (rope_param_info(param).value == RopeValue::list) return !files[static_cast<std::size_t>(param)].empty();
  const std::vector<P> set = rope_params_given(values);
  return std::find(set.begin(), set.end(), param) != set.end();
}

RopeOptions parse_rope_options(const RopeScalingArgs& a, const Arg* dims, const Arg& base,
                               std::string_view command) {
  RopeOptions o;
  o.command = std::string(command);
  if (a.scaling.given()) {
    o.type = parse_rope_scaling_type(a.scaling.text);
    if (!o.type || a.scaling.text != to_string(*o.type)) {
      throw UsageError("--scaling: unknown scaling '" + a.scaling.text + "' (" + rope_scaling_type_names() +
                       ")");
    }
  }
  if (dims && dims->given()) {
    o.dims = integer_value(*dims);
    require_at_least("--dims", *o.dims, 2);
  }
  if (base.given()) o.base = base_value(base);
  if (a.config.given()) {
    if (a.config.text.empty()) throw UsageError("--config needs a file name (got '')");
    o.config = a.config.text;
  }
  if (a.layers.given()) {
    if (!a.config.given())
      throw UsageError("--layers needs --config FILE (it picks one of the model's RoPEs)");
    if (a.layers.text.empty()) throw UsageError("--layers needs a name (got '')");
    o.layers = a.layers.text;
  }

  // Every parameter by its row: reals above 0 and within the row's range, lengths 1 .. 2^52,
  // lists a file name, flags switch truncate off.
  RopeScaling& v = o.values;
  for (const RopeParamInfo& row : rope_param_table()) {
    const auto index = static_cast<std::size_t>(row.param);
    if (row.value == RopeValue::flag) {
      v.*row.flag = !a.flags[index].value;
      continue;
    }
    const Arg& arg = a.params[index];
    if (!arg.given()) continue;
    switch (row.value) {
      case RopeValue::real: {
        const double value = positive_real(arg);
        if (value < row.lo || value > row.hi) {
          throw UsageError(arg.name + " must be within " + format_real(row.lo) + " .. " +
                           format_real(row.hi) + " (got " + arg.text + ")");
        }
        v.*row.real = value;
        break;
      }
      case RopeValue::length:
        v.*row.length = length_value(arg);
        break;
      case RopeValue::list:
        if (arg.text.empty()) throw UsageError(arg.name + " needs a file name (got '')");
        o.files[index] = arg.text;
        break;
      case RopeValue::flag:
        break;
    }
  }

  // Options that contradict each other, whatever the scaling.
  if (v.mscale.has_value() != v.mscale_all_dim.has_value()) {
    throw UsageError(
        std::string(v.mscale ? "--mscale needs --mscale-all-dim" : "--mscale-all-dim needs --mscale") +
        ": the attention factor is mscale(S, M) / mscale(S, M2)");
  }
  if (v.attention_factor && v.mscale) {
    throw UsageError(
        "--attention-factor contradicts --mscale / --mscale-all-dim: both set the attention factor; give "
        "one");
  }
  if (v.low_freq_factor && v.high_freq_factor && *v.high_freq_factor <= *v.low_freq_factor) {
    throw UsageError("--high-freq-factor (" + a.arg(P::high_freq_factor).text +
                     ") must be above --low-freq-factor (" + a.arg(P::low_freq_factor).text + ")");
  }

  // Without a model file everything is known now: applicability, required options, D.
  if (o.config.empty()) {
    const T type = o.type.value_or(T::none);
    check_applies(o, type, "");
    RopeScaling probe = v;
    probe.type = type;
    for (const RopeParamInfo& row : rope_param_table())
      if (row.value == RopeValue::list && o.given(row.param)) probe.*row.list = {1.0};
    const std::vector<P> missing = rope_params_missing(probe);
    if (!missing.empty()) refuse_missing(missing, type, command, false);
    if (dims && !dims->given()) {
      throw UsageError(std::string(command) + " needs --dims D (or --config FILE) (see 'pelab-cli " +
                       std::string(command) + " --help')");
    }
    if (o.dims && *o.dims % 2 != 0) {
      throw UsageError("--dims must be even (got " + std::to_string(*o.dims) +
                       "): RoPE rotates pairs of coordinates");
    }
  } else if (o.type) {
    check_applies(o, *o.type, "");
  }
  return o;
}

RopeSetup resolve_rope_setup(const RopeOptions& o, std::uint64_t max_bytes,
                             std::optional<std::int64_t> columns) {
  RopeSetup setup;
  if (!o.config.empty()) {
    try {
      setup.model = load_model_config(o.config, ModelConfigOptions{o.layers});
    } catch (const pelab::Error& e) {
      throw FileError(std::string("--config ") + e.what());
    }
  }
  const ModelConfig* model = setup.model ? &*setup.model : nullptr;
  const T type = o.type ? *o.type : model ? model->scaling.type : T::none;
  if (model && !o.type) check_applies(o, type, " (the scaling of --config " + o.config + ")");

  // D: --dims, else the input's width (rope), else the model's head_dim.
  if (o.dims) {
    setup.head_dim = *o.dims;
  } else if (columns) {
    setup.head_dim = *columns;
    if (model && model->head_dim != *columns) {
      throw FileError("--config " + o.config + " has head_dim " + std::to_string(model->head_dim) +
                      " but --in has " + std::to_string(*columns) + " columns");
    }
  } else if (model) {
    setup.head_dim = model->head_dim;
  } else {
    throw UsageError(o.command + " needs --dims D (or --config FILE)");
  }
  const double partial = model ? model->partial_rotary_factor : 1.0;
  try {
    // The model's own width keeps its rotated dims (rotary_dim included); another D scales them.
    if (model && setup.head_dim == model->head_dim) {
      setup.rotated_dims = model->rotated_dims();
    } else if (model && model->rotary_dim && *model->rotary_dim <= setup.head_dim) {
      setup.rotated_dims = *model->rotary_dim;
    } else {
      setup.rotated_dims = rope_rotated_dims(setup.head_dim, partial);
    }
  } catch (const pelab::Error& e) {
    if (columns && !model) {
      throw FileError("the input has " + std::to_string(*columns) +
                      " columns; RoPE rotates pairs of coordinates, so it needs an even number");
    }
    if (model) throw FileError("--config " + o.config + ": " + e.what());
    throw UsageError(e.what());
  }
  setup.base = o.base ? *o.base : model ? model->rope_theta : 10000.0;

  // The scaling: the model's (or, for another type, what the model fixes), then every option given.
  RopeScaling& s = setup.scaling;
  s = model ? model_scaling_for(*model, type) : RopeScaling{};
  s.type = type;
  const RopeScaling& v = o.values;
  for (const RopeParamInfo& row : rope_param_table()) {
    if (row.param == P::attention_factor || row.param == P::mscale || row.param == P::mscale_all_dim)
      continue;
    if (row.value == RopeValue::real && v.*row.real) s.*row.real = v.*row.real;
    if (row.value == RopeValue::length && v.*row.length) s.*row.length = v.*row.length;
  }
  if (v.attention_factor) {  // replaces the model's attention factor rule
    s.attention_factor = v.attention_factor;
    s.mscale.reset();
    s.mscale_all_dim.reset();
  }
  if (v.mscale) {
    s.mscale = v.mscale;
    s.mscale_all_dim = v.mscale_all_dim;
    s.attention_factor.reset();
  }
  if (!v.truncate) s.truncate = false;
  if (v.low_freq_factor) s.low_freq_factor = v.low_freq_factor;
  if (v.high_freq_factor) s.high_freq_factor = v.high_freq_factor;

  const std::vector<P> missing = [&] {
    RopeScaling probe = s;
    for (const RopeParamInfo& row : rope_param_table())
      if (row.value == RopeValue::list && o.given(row.param)) probe.*row.list = {1.0};
    return rope_params_missing(probe);
  }();
  if (!missing.empty()) refuse_missing(missing, type, o.command, model != nullptr);

  const std::int64_t pairs = setup.rotated_dims / 2;
  bool files = false;
  for (const RopeParamInfo& row : rope_param_table()) {
    if (row.value != RopeValue::list || !o.given(row.param)) continue;
    s.*row.list =
        load_factors(o.files[static_cast<std::size_t>(row.param)], std::string(row.option), pairs, max_bytes);
    files = true;
  }
  if (model) setup.warnings = model->warnings;
  if (type == T::longrope && !s.seq_len && o.command == "rope-frequencies") {
    setup.warnings.push_back(
        "longrope without --seq-len: the short factors, as transformers computes them when given no sequence "
        "length; --seq-len N with N > L gives the long ones");
  }

  try {
    validate(s, setup.rotated_dims, setup.base);
  } catch (const pelab::Error& e) {
    // What is left involves a file (a model's value, a factor list) or the combination of options.
    if (model || files) throw FileError(e.what());
    throw UsageError(e.what());
  }
  return setup;
}

}  // namespace pelab::cli
