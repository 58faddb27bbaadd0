#pragma once
// Everything the user can set, as plain structs with ==, in three separate parts:
//   Config           what is computed (one encoding configuration; up to four side by side),
//   Selection        what is pointed at in it (p, k, i),
//   DisplaySettings  how it is drawn (colormap, range, metric, ...), shared by all configurations.
// The computed data (view_data.hpp) is keyed by the parts it depends on, so comparing values is how
// the app knows what to recompute.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pelab/encodings.hpp"
#include "pelab/io/colormap.hpp"
#include "pelab/rotation.hpp"
#include "pelab/similarity.hpp"
#include "state/i18n.hpp"
#include "state/view_settings.hpp"

namespace pelab::app {

// Limits of the controls (and of a session file's values): the views' limits on N, D and start and
// the one base range, all stated in core (pelab/encodings.hpp).
inline constexpr std::int64_t max_positions = view_positions_range.highest;
inline constexpr std::int64_t max_dims = view_dims_range.highest;
inline constexpr double min_base = base_range.lowest;
inline constexpr double max_base = base_range.highest;
inline constexpr std::int64_t max_start = view_start_range.highest;
inline constexpr int max_neighbour_curves = 4;
inline constexpr std::size_t max_configs = 4;
inline constexpr std::size_t max_label_length = 64;

// One encoding configuration: the table P it defines.
struct Config {
  int id = 1;         // unique within the app: names its cache, GPU images and ImGui widgets
  std::string label;  // the user's short name; "" = made from the parameters (display_label)
  EncodingParams encoding;
  std::string table_path;  // learned kind: a .npy or .safetensors table ("" = the seeded table)
  std::string tensor;      // the tensor inside a .safetensors file ("" = the usual position table)
  bool operator==(const Config&) const = default;
};
// The label, or one made from what sets this configuration apart: "sinusoidal base 10000".
std::string display_label(const Config& config);
// A, B, C, D: the letter of the configuration at `index` of AppState::slots in compare mode.
char config_letter(std::size_t index);
// The letter and the label, as the list of configurations and each view's panel head them:
// "B  sinusoidal base 100".
std::string lettered_label(std::size_t index, const Config& config);

// What is pointed at. Stored as the user set it; `clamped` keeps it inside the table for use, so a
// limit that only passes through while N is typed (6 on the way to 64) does not lose p = 20.
struct Selection {
  std::int64_t position = 20;  // p: the selected absolute position, start <= p < start + N
  std::int64_t offset = 4;     // k: the step for similarity and rotation, 0 <= k < N
  std::int64_t dimension = 6;  // i: the selected column of P
  bool operator==(const Selection&) const = default;
};
Selection clamped(const Selection& selection, const EncodingParams& encoding);
// Keeps N, D and start within the controls' limits.
void clamp_encoding(EncodingParams& encoding);

// When the heatmaps of several configurations use one colour range (so equal colours mean equal
// values): when all kinds are the same (the default), always, or never.
enum class ScaleSharing { same_kind, always, never };
std::string_view to_string(ScaleSharing sharing);  // "same-kind", "always", "never"
std::optional<ScaleSharing> parse_scale_sharing(std::string_view name);

struct DisplaySettings {
  int neighbour_curves = 1;  // curves view: columns i - n .. i + n
  Colormap colormap = Colormap::viridis;
  RangeMode range_mode = RangeMode::automatic;
  double range_min = -1.0;  // used when range_mode == fixed
  double range_max = 1.0;
  SimilarityMetric metric = SimilarityMetric::dot;
  RotationConvention convention = RotationConvention::column;
  bool show_both_conventions = false;  // rotation view: T(k) for column and row vectors side by side
  ScaleSharing scale_sharing = ScaleSharing::same_kind;  // compare mode: one colour range for all
  std::size_t difference_a = 0, difference_b = 1;        // difference view: A − B (slot indices)
  bool operator==(const DisplaySettings&) const = default;
};

// Parameters that can move in every configuration at once.
enum class LinkedParam { positions, dims, base, start, position, offset, dimension };
inline constexpr std::array<LinkedParam, 7> all_linked_params = {
    LinkedParam::positions, LinkedParam::dims,   LinkedParam::base,     LinkedParam::start,
    LinkedParam::position,  LinkedParam::offset, LinkedParam::dimension};
std::string_view to_string(LinkedParam param);  // "N", "D", "base", "start", "p", "k", "i"
std::string_view link_key(LinkedParam param);   // session keys: "positions", ..., "dimension"

struct Links {
  // Indexed by LinkedParam. By default the shape and the selection move together, base does not
  // (comparing bases is the usual reason to compare).
  std::array<bool, 7> linked = {true, true, false, true, true, true, true};
  bool operator[](LinkedParam param) const { return linked[static_cast<std::size_t>(param)]; }
  bool& operator[](LinkedParam param) { return linked[static_cast<std::size_t>(param)]; }
  bool operator==(const Links&) const = default;
};

// One column of compare mode: a configuration and its selection.
struct Slot {
  Config config;
  Selection selection;
  bool operator==(const Slot&) const = default;
};

// The user moved the selection shown (clamped(slot.selection, ...)) to `moved`, with a slider or a
// key: the fields that moved are stored, clamped into the table; the others keep the value the user
// set, even where the table is too small for it right now. So N passing through 1 on the way to 64
// (typed, dragged or stepped) leaves p = 20 and k = 4 as they were.
inline void move_selection(Slot& slot, const Selection& moved) {
  const Selection shown = clamped(slot.selection, slot.config.encoding);
  const Selection kept = clamped(moved, slot.config.encoding);
  if (kept.position != shown.position) slot.selection.position = kept.position;
  if (kept.offset != shown.offset) slot.selection.offset = kept.offset;
  if (kept.dimension != shown.dimension) slot.selection.dimension = kept.dimension;
}

// The views shown (registry ids, in order) and which one is maximised.
struct LayoutState {
  std::vector<std::string> views = {"heatmap", "curves", "spectrum", "similarity", "rotation"};
  std::optional<std::string> maximized;  // one view fills the view area; none: the grid
  float sidebar_width = 0.0f;            // in font heights (scales with the font); 0 = default
  bool show_sidebar = true;
  bool operator==(const LayoutState&) const = default;
};

enum class Theme { dark, light };
std::string_view to_string(Theme theme);
std::optional<Theme> parse_theme(std::string_view name);

inline constexpr float default_font_size = 18.0f;
inline constexpr float min_font_size = 12.0f;
inline constexpr float max_font_size = 48.0f;

struct UiSettings {
  float font_size = default_font_size;  // pixels, before the monitor's DPI scale
  Theme theme = Theme::dark;
  std::optional<Language> language;  // none: follow the system locale
  bool operator==(const UiSettings&) const = default;
};

// What the mouse points at, in data terms, shared by every view of every configuration: pointing
// at a position or dimension in one marks it in all (linked hover).
struct HoverState {
  std::optional<std::int64_t> position;
  std::optional<std::int64_t> dimension;
  bool operator==(const HoverState&) const = default;
};

struct AppState {
  std::vector<Slot> slots{Slot{}};  // 1..max_configs configurations side by side
  std::size_t active = 0;           // the slot the sidebar edits
  DisplaySettings display;
  Links links;
  LayoutState layout;
  UiSettings ui;
  ViewSettings views;  // the settings of the rope, bias, attention, norms and pca views
  HoverState hover;    // per frame, not saved
  bool operator==(const AppState&) const = default;

  Slot& active_slot() { return slots[std::min(active, slots.size() - 1)]; }
  const Slot& active_slot() const { return slots[std::min(active, slots.size() - 1)]; }
  int next_config_id() const;
};

// After slot `edited` changed from `before`, copies every linked parameter that changed to the
// other slots (only those: unchanged or unlinked parameters keep their own values).
void propagate_links(AppState& state, std::size_t edited, const Slot& before);
// The links of configurations opened together (command-line CONFIGs, a link's c=): N, D, base and
// start are linked where every configuration has the same value, p, k and i always.
Links links_for_slots(const std::vector<Slot>& slots);
// Copies one parameter's value from slot `from` to every other slot.
void copy_linked(AppState& state, std::size_t from, LinkedParam param);

// Slot operations for the sidebar; each keeps 1..max_configs slots and a valid `active`.
bool add_slot(AppState& state, const Slot& slot);  // false when full
bool duplicate_slot(AppState& state, std::size_t index);
bool remove_slot(AppState& state, std::size_t index);               // false for the last one
void move_slot(AppState& state, std::size_t index, int direction);  // -1 up / left, +1 down / right

}  // namespace pelab::app
