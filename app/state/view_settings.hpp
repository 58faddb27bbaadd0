#pragma once
// The settings of the views for relative and rotary encodings and the attention lessons (rope,
// bias, attention, norms, pca). They are shared by every configuration (a view draws each
// configuration with the same settings), edited by controls at the top of each view, and saved in
// the session under "views" (optional: older sessions load with these defaults). Each view's
// fields are stated once, in its settings table (below): the session writer and reader and `--set`
// iterate the tables, and the view's controls take their ranges from the same constants.
#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "pelab/encodings.hpp"
#include "pelab/model_config.hpp"
#include "pelab/rope_scaling.hpp"
#include "pelab/text.hpp"

namespace pelab::app {

// rope: RoPE frequency scaling of one model, one or two scalings side by side.
inline constexpr std::int64_t min_rope_dims = 2;
inline constexpr std::int64_t max_rope_dims = 1024;  // rotated dimensions of one head
inline constexpr double min_rope_base = 1.0 + 1e-9;
inline constexpr double max_rope_base = 1e12;
inline constexpr std::int64_t min_rope_context = 1;
inline constexpr std::int64_t max_rope_context = std::int64_t{1} << 24;
inline constexpr std::int64_t min_rope_position = 0;
inline constexpr std::int64_t max_rope_position = std::int64_t{1} << 26;
inline constexpr std::size_t max_rope_model_name = 256;
inline RopeScaling scaling_with_factor(RopeScalingType type, double factor) {
  RopeScaling scaling;
  scaling.type = type;
  scaling.factor = factor;
  return scaling;
}
struct RopeViewSettings {
  std::string model;            // a preset in assets/models (file name without .json); "" = set by hand
  std::int64_t dims = 128;      // D: rotated dimensions (head_dim x partial_rotary_factor)
  double base = 10000.0;        // rope_theta
  std::int64_t context = 4096;  // L: the training context (original_max of the scalings that use it)
  // The two scalings compared, stored without original_max: `context` supplies it where the type
  // reads it (effective_scaling), so both sides share the model's L.
  RopeScaling scaling_a = scaling_with_factor(RopeScalingType::linear, 4.0);
  RopeScaling scaling_b = scaling_with_factor(RopeScalingType::yarn, 4.0);
  bool compare = true;            // show B beside A
  std::int64_t position = 16384;  // p: the rotation angles are shown at this position
  bool operator==(const RopeViewSettings&) const = default;
};

// bias: the additive biases of relative schemes, per head.
enum class BiasMethod { alibi, t5, shaw };
inline constexpr std::array<BiasMethod, 3> all_bias_methods = {BiasMethod::alibi, BiasMethod::t5,
                                                               BiasMethod::shaw};
std::string_view to_string(BiasMethod method);  // "alibi", "t5", "shaw"
std::optional<BiasMethod> parse_bias_method(std::string_view name);
inline constexpr std::int64_t min_bias_heads = 1;
inline constexpr std::int64_t max_bias_heads = 32;
inline constexpr std::int64_t min_bias_positions = 2;
inline constexpr std::int64_t max_bias_positions = 64;
inline constexpr std::int64_t min_t5_buckets = 4;
inline constexpr std::int64_t max_t5_buckets = 128;
inline constexpr std::int64_t min_t5_distance = 2;
inline constexpr std::int64_t max_t5_distance = 4096;
inline constexpr std::int64_t min_shaw_clip = 0;
inline constexpr std::int64_t max_shaw_clip = 64;
struct BiasViewSettings {
  BiasMethod method = BiasMethod::alibi;
  std::int64_t heads = 8;
  std::int64_t positions = 16;  // queries = keys
  bool causal = false;
  std::int64_t t5_buckets = 32;
  std::int64_t t5_max_distance = 128;
  std::uint64_t seed = 0;  // T5's per-head bias: a seeded initialisation
  std::int64_t shaw_clip = 4;
  bool operator==(const BiasViewSettings&) const = default;
};

// attention: a short sentence, its order (click to permute).
struct AttentionViewSettings {
  std::vector<std::int64_t> order = {0, 1, 2, 3, 4, 5};  // slot r holds token order[r]
  bool operator==(const AttentionViewSettings&) const = default;
};

// norms: a padded batch of sequences (docs/encodings.md §11, §15: A = [A1, A2, A3], B = [B1, B2]).
inline constexpr std::int64_t max_norm_sequences = 4;
inline constexpr std::int64_t min_norm_length = 1;
inline constexpr std::int64_t max_norm_length = 8;
struct NormsViewSettings {
  std::vector<std::int64_t> lengths = {3, 2};
  bool count_padding = true;  // BatchNorm's batch includes the padding rows
  bool operator==(const NormsViewSettings&) const = default;
};

// pca: 2 or 3 components; a 3-D view is turned by yaw and pitch (radians).
inline constexpr int min_pca_components = 2;
inline constexpr int max_pca_components = 3;
inline constexpr double max_pca_angle = 100.0;  // |yaw|, |pitch| in a session
struct PcaViewSettings {
  int components = 2;
  double yaw = 0.6;
  double pitch = 0.4;
  bool operator==(const PcaViewSettings&) const = default;
};

// curves: which columns of P are drawn. Off, the selected i and its n neighbours (the sidebar's i and
// n); on, the listed columns wherever they are, so a fast wave can sit beside a slow one. A negative
// entry counts from the end, as an index does in numpy: -1 is D - 1, so one list fits every D.
inline constexpr std::size_t max_curve_columns = 8;
// An entry's range: a column of the widest table the views draw, counted from either end.
inline constexpr ParameterRange<std::int64_t> curve_column_range{-view_dims_range.highest,
                                                                 view_dims_range.highest - 1};
struct CurvesViewSettings {
  bool pick = false;
  std::vector<std::int64_t> columns = {0, 16, -1};
  bool operator==(const CurvesViewSettings&) const = default;
};

// rotation: the residual curve over p shown wherever the panel is too small for it beside or under
// the matrices and the circle (a projector's slide): beside T(k) in place of the circle on a landscape
// panel, under smaller squares otherwise. A slide about the residual sets it.
struct RotationViewSettings {
  bool residual = false;
  bool operator==(const RotationViewSettings&) const = default;
};

struct ViewSettings {
  CurvesViewSettings curves;
  RotationViewSettings rotation;
  RopeViewSettings rope;
  BiasViewSettings bias;
  AttentionViewSettings attention;
  NormsViewSettings norms;
  PcaViewSettings pca;
  bool operator==(const ViewSettings&) const = default;
};

// ---- settings tables ----------------------------------------------------------------------------
// One row per field of a view's settings: its session key ("views.<view>.<key>", `--set
// <view>.<key>=`), the member it reads and writes (`setting<&ViewSettings::rope,
// &RopeViewSettings::dims>`), and its range. The member's type is the field's kind: integers
// (int64, uint64, int) within [min, max]; double within [lo, hi]; bool; string of at most max_size
// bytes; BiasMethod by name; a list of 1..max_size integers each within [lo, hi]; RopeScaling as a
// nested object (session.cpp's scaling reader, its own keys and ranges).
template <typename T>
using SettingRef = T& (*)(ViewSettings&);
using SettingAccess =
    std::variant<SettingRef<std::int64_t>, SettingRef<std::uint64_t>, SettingRef<int>, SettingRef<double>,
                 SettingRef<bool>, SettingRef<std::string>, SettingRef<BiasMethod>,
                 SettingRef<std::vector<std::int64_t>>, SettingRef<RopeScaling>>;
template <auto view, auto member>
constexpr auto& setting(ViewSettings& settings) {
  return (settings.*view).*member;
}
struct SettingField {
  std::string_view key;
  SettingAccess at;
  std::uint64_t min = 0, max = 0;  // integers
  double lo = 0.0, hi = 0.0;       // doubles, list entries
  std::size_t max_size = 0;        // string length, list entries
  // A check beyond type and range, on the settings with the field's new value: the reason it is
  // refused (the field keeps its value), or nullopt.
  std::optional<Text> (*check)(const ViewSettings&) = nullptr;
};
struct ViewSettingsTable {
  std::string_view view;  // the view's id: its object in the session's "views"
  std::span<const SettingField> fields;
};
extern const ViewSettingsTable curves_settings_table;
extern const ViewSettingsTable rotation_settings_table;
extern const ViewSettingsTable rope_settings_table;
extern const ViewSettingsTable bias_settings_table;
extern const ViewSettingsTable attention_settings_table;
extern const ViewSettingsTable norms_settings_table;
extern const ViewSettingsTable pca_settings_table;
// Every table, in the session's order: the one list of the views that have settings.
std::span<const ViewSettingsTable* const> view_settings_tables();
// The table of the view `view` (its id), or nullptr for a view without settings of its own.
const ViewSettingsTable* find_view_settings_table(std::string_view view);

// The scaling as computed: original_max set to the model's context where the type reads it (and
// cleared where it does not), so both sides of a comparison share the model's L.
RopeScaling effective_scaling(const RopeScaling& scaling, std::int64_t context);
// A scaling of `type` that keeps what `from` had that still applies, with the parameters `type`
// needs filled with usual values (factor 4 or from's, llama3's 1 and 4, dynamic's seq_len 2 S L):
// what the view's type menu switches to.
RopeScaling switch_scaling_type(const RopeScaling& from, RopeScalingType type, std::int64_t context);
// The rope view set to a model preset: its rotated dims, base and training context L; A its own
// scaling (position interpolation x4 when it has none), B the other of yarn and llama3 with A's
// factor; p at the end of the extended context S L.
RopeViewSettings rope_settings_for_model(const ModelConfig& model, const std::string& name);
// A model preset of the rope view's menu: a file of the data directory's models/.
struct ModelPreset {
  std::string name;  // file name without .json
  std::optional<ModelConfig> model;
  std::string error;  // why the file did not load (in the current language), when it did not
};
// Every *.json in `dir`, sorted by name (none when `dir` is missing). Reads files: call it with the
// app's data (at start), not in a frame.
std::vector<ModelPreset> load_model_presets(const std::filesystem::path& dir);
// The sentence of the attention view (token ids: a repeated word has the same id).
std::span<const std::int64_t> attention_sentence_tokens();
std::span<const std::string_view> attention_sentence_words();
// The columns the curves view draws for a table of `dims` columns: `columns` with negative entries
// counted from the end, those outside 0..dims-1 and repeats dropped, in the listed order.
std::vector<std::int64_t> resolve_curve_columns(const std::vector<std::int64_t>& columns, std::int64_t dims);
// True when `order` is a permutation of 0..n-1 for the sentence's n tokens.
bool valid_attention_order(const std::vector<std::int64_t>& order);

}  // namespace pelab::app
