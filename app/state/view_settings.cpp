#include "state/view_settings.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "state/i18n.hpp"

namespace pelab::app {
namespace {

constexpr std::array<std::int64_t, 6> sentence_tokens = {0, 1, 2, 3, 0, 4};
constexpr std::array<std::string_view, 6> sentence_words = {"the", "cat", "sat", "on", "the", "mat"};

}  // namespace

std::string_view to_string(BiasMethod method) {
  switch (method) {
    case BiasMethod::alibi:
      return "alibi";
    case BiasMethod::t5:
      return "t5";
    case BiasMethod::shaw:
      return "shaw";
  }
  return "alibi";
}

std::optional<BiasMethod> parse_bias_method(std::string_view name) {
  for (BiasMethod method : {BiasMethod::alibi, BiasMethod::t5, BiasMethod::shaw})
    if (to_string(method) == name) return method;
  return std::nullopt;
}

RopeScaling effective_scaling(const RopeScaling& scaling, std::int64_t context) {
  RopeScaling out = scaling;
  if (rope_param_applies(out.type, RopeParam::original_max)) {
    out.original_max = context;
  } else {
    out.original_max.reset();
  }
  return out;
}

RopeScaling switch_scaling_type(const RopeScaling& from, RopeScalingType type, std::int64_t context) {
  RopeScaling out;
  out.type = type;
  // Keep what still applies (a factor, yarn's betas, ...), drop the rest; fill what the new type
  // needs with its row's usual value (factor 4, llama3's 1 and 4).
  for (const RopeParamInfo& row : rope_param_table()) {
    if (!rope_param_applies(type, row.param) || row.param == RopeParam::original_max) continue;
    switch (row.value) {
      case RopeValue::real:
        out.*row.real = from.*row.real;
        if (!(out.*row.real) && row.usual > 0.0 && (row.required & rope_type_bit(type)) != 0)
          out.*row.real = row.usual;
        break;
      case RopeValue::length:
        out.*row.length = from.*row.length;
        break;
      case RopeValue::flag:
        out.*row.flag = from.*row.flag;
        break;
      case RopeValue::list:
        out.*row.list = from.*row.list;
        break;
    }
  }
  // A factor also for longrope (it reads one without needing it).
  if (rope_param_applies(type, RopeParam::factor) && !out.factor)
    out.factor = rope_param_info(RopeParam::factor).usual;
  if (type == RopeScalingType::dynamic && !out.seq_len) {
    out.seq_len = static_cast<std::int64_t>(2.0 * *out.factor * static_cast<double>(context));
  }
  out.original_max.reset();  // stored without L: the view's context supplies it (effective_scaling)
  return out;
}

std::vector<ModelPreset> load_model_presets(const std::filesystem::path& dir) {
  std::vector<ModelPreset> presets;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.path().extension() != ".json") continue;
    ModelPreset preset{entry.path().stem().string(), std::nullopt, ""};
    try {
      preset.model = load_model_config(entry.path());
    } catch (const std::exception& error) {
      preset.error = error_message(error);
    }
    presets.push_back(std::move(preset));
  }
  std::sort(presets.begin(), presets.end(),
            [](const ModelPreset& a, const ModelPreset& b) { return a.name < b.name; });
  return presets;
}

RopeViewSettings rope_settings_for_model(const ModelConfig& model, const std::string& name) {
  RopeViewSettings settings;
  settings.model = name;
  settings.dims = model.rotated_dims();
  settings.base = model.rope_theta;
  settings.context = model.original_max_position_embeddings
                         ? *model.original_max_position_embeddings
                         : model.scaling.original_max.value_or(model.max_position_embeddings.value_or(4096));
  const RopeScalingType own = model.scaling.type;
  settings.scaling_a = own == RopeScalingType::none
                           ? switch_scaling_type(RopeScaling{}, RopeScalingType::linear, settings.context)
                           : model.scaling;
  settings.scaling_a.original_max.reset();  // L is settings.context
  const RopeScalingType other =
      own == RopeScalingType::yarn ? RopeScalingType::llama3 : RopeScalingType::yarn;
  RopeScaling factor_only;
  factor_only.factor = settings.scaling_a.factor;
  settings.scaling_b = switch_scaling_type(factor_only, other, settings.context);
  settings.compare = true;
  const double factor = settings.scaling_a.factor.value_or(4.0);
  settings.position = std::clamp<std::int64_t>(
      static_cast<std::int64_t>(std::llround(factor * static_cast<double>(settings.context))), 1,
      max_rope_position);
  return settings;
}

std::span<const std::int64_t> attention_sentence_tokens() { return sentence_tokens; }
std::span<const std::string_view> attention_sentence_words() { return sentence_words; }

std::vector<std::int64_t> resolve_curve_columns(const std::vector<std::int64_t>& columns, std::int64_t dims) {
  std::vector<std::int64_t> resolved;
  for (const std::int64_t column : columns) {
    const std::int64_t index = column < 0 ? dims + column : column;
    if (index < 0 || index >= dims) continue;
    if (std::find(resolved.begin(), resolved.end(), index) == resolved.end()) resolved.push_back(index);
  }
  return resolved;
}

bool valid_attention_order(const std::vector<std::int64_t>& order) {
  if (order.size() != sentence_tokens.size()) return false;
  std::vector<std::int64_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < sorted.size(); ++i)
    if (sorted[i] != static_cast<std::int64_t>(i)) return false;
  return true;
}

namespace {

using V = ViewSettings;
constexpr auto u = [](std::int64_t n) { return static_cast<std::uint64_t>(n); };

std::optional<Text> attention_order_problem(const ViewSettings& settings) {
  if (valid_attention_order(settings.attention.order)) return std::nullopt;
  return Text{TextId::session_attention_order, {std::to_string(sentence_tokens.size() - 1)}};
}

using Curves = CurvesViewSettings;
constexpr SettingField curves_fields[] = {
    {.key = "pick", .at = &setting<&V::curves, &Curves::pick>},
    {.key = "columns",
     .at = &setting<&V::curves, &Curves::columns>,
     .lo = static_cast<double>(curve_column_range.lowest),
     .hi = static_cast<double>(curve_column_range.highest),
     .max_size = max_curve_columns},
};

constexpr SettingField rotation_fields[] = {
    {.key = "residual", .at = &setting<&V::rotation, &RotationViewSettings::residual>},
};

using Rope = RopeViewSettings;
constexpr SettingField rope_fields[] = {
    {.key = "model", .at = &setting<&V::rope, &Rope::model>, .max_size = max_rope_model_name},
    {.key = "dims", .at = &setting<&V::rope, &Rope::dims>, .min = u(min_rope_dims), .max = u(max_rope_dims)},
    {.key = "base", .at = &setting<&V::rope, &Rope::base>, .lo = min_rope_base, .hi = max_rope_base},
    {.key = "context",
     .at = &setting<&V::rope, &Rope::context>,
     .min = u(min_rope_context),
     .max = u(max_rope_context)},
    {.key = "a", .at = &setting<&V::rope, &Rope::scaling_a>},
    {.key = "b", .at = &setting<&V::rope, &Rope::scaling_b>},
    {.key = "compare", .at = &setting<&V::rope, &Rope::compare>},
    {.key = "position",
     .at = &setting<&V::rope, &Rope::position>,
     .min = u(min_rope_position),
     .max = u(max_rope_position)},
};

using Bias = BiasViewSettings;
constexpr SettingField bias_fields[] = {
    {.key = "method", .at = &setting<&V::bias, &Bias::method>},
    {.key = "heads",
     .at = &setting<&V::bias, &Bias::heads>,
     .min = u(min_bias_heads),
     .max = u(max_bias_heads)},
    {.key = "positions",
     .at = &setting<&V::bias, &Bias::positions>,
     .min = u(min_bias_positions),
     .max = u(max_bias_positions)},
    {.key = "causal", .at = &setting<&V::bias, &Bias::causal>},
    {.key = "t5_buckets",
     .at = &setting<&V::bias, &Bias::t5_buckets>,
     .min = u(min_t5_buckets),
     .max = u(max_t5_buckets)},
    {.key = "t5_max_distance",
     .at = &setting<&V::bias, &Bias::t5_max_distance>,
     .min = u(min_t5_distance),
     .max = u(max_t5_distance)},
    {.key = "seed", .at = &setting<&V::bias, &Bias::seed>, .max = std::numeric_limits<std::uint64_t>::max()},
    {.key = "shaw_clip",
     .at = &setting<&V::bias, &Bias::shaw_clip>,
     .min = u(min_shaw_clip),
     .max = u(max_shaw_clip)},
};

constexpr SettingField attention_fields[] = {
    {.key = "order",
     .at = &setting<&V::attention, &AttentionViewSettings::order>,
     .lo = 0.0,
     .hi = 1000.0,
     .max_size = 64,
     .check = attention_order_problem},
};

using Norms = NormsViewSettings;
constexpr SettingField norms_fields[] = {
    {.key = "lengths",
     .at = &setting<&V::norms, &Norms::lengths>,
     .lo = static_cast<double>(min_norm_length),
     .hi = static_cast<double>(max_norm_length),
     .max_size = static_cast<std::size_t>(max_norm_sequences)},
    {.key = "count_padding", .at = &setting<&V::norms, &Norms::count_padding>},
};

using Pca = PcaViewSettings;
constexpr SettingField pca_fields[] = {
    {.key = "components",
     .at = &setting<&V::pca, &Pca::components>,
     .min = static_cast<std::uint64_t>(min_pca_components),
     .max = static_cast<std::uint64_t>(max_pca_components)},
    {.key = "yaw", .at = &setting<&V::pca, &Pca::yaw>, .lo = -max_pca_angle, .hi = max_pca_angle},
    {.key = "pitch", .at = &setting<&V::pca, &Pca::pitch>, .lo = -max_pca_angle, .hi = max_pca_angle},
};

}  // namespace

constinit const ViewSettingsTable curves_settings_table = {"curves", curves_fields};
constinit const ViewSettingsTable rotation_settings_table = {"rotation", rotation_fields};
constinit const ViewSettingsTable rope_settings_table = {"rope", rope_fields};
constinit const ViewSettingsTable bias_settings_table = {"bias", bias_fields};
constinit const ViewSettingsTable attention_settings_table = {"attention", attention_fields};
constinit const ViewSettingsTable norms_settings_table = {"norms", norms_fields};
constinit const ViewSettingsTable pca_settings_table = {"pca", pca_fields};

namespace {

// The one list of the views that have settings (the registry's rows find theirs here by id).
constexpr std::array<const ViewSettingsTable*, 7> all_settings_tables = {
    &curves_settings_table,    &rotation_settings_table, &rope_settings_table, &bias_settings_table,
    &attention_settings_table, &norms_settings_table,    &pca_settings_table};

}  // namespace

std::span<const ViewSettingsTable* const> view_settings_tables() { return all_settings_tables; }

const ViewSettingsTable* find_view_settings_table(std::string_view view) {
  for (const ViewSettingsTable* table : all_settings_tables)
    if (table->view == view) return table;
  return nullptr;
}

}  // namespace pelab::app
