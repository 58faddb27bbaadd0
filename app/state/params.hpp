#pragma once
// Everything the user can set, as plain structs with ==. Views read these; the computed data in
// view_data.hpp is keyed by them, so comparing parameters is how the app knows what to recompute.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "pelab/encodings.hpp"
#include "pelab/io/colormap.hpp"
#include "pelab/rotation.hpp"
#include "pelab/similarity.hpp"

namespace pelab::app {

// Limits of the controls (and of a session file's values).
inline constexpr std::int64_t max_positions = 16384;
inline constexpr std::int64_t max_dims = 4096;
inline constexpr double min_base = 2.0;
inline constexpr double max_base = 1e6;
inline constexpr std::int64_t max_start = 1'000'000'000;
inline constexpr int max_neighbour_curves = 4;

// The parameters of one encoding and of everything shown about it.
struct ViewParams {
  EncodingParams encoding;
  // Defaults chosen for a first look: p inside the table (S[p, :] shows both sides of q = p) and a
  // pair slow enough that its circle is walked in visible steps.
  std::int64_t position = 20;  // p: the selected absolute position, start <= p < start + N
  std::int64_t offset = 4;     // k: the step for similarity and rotation, 0 <= k < N
  std::int64_t dimension = 6;  // i: the selected column of P; its (sin, cos) pair is i / 2
  int neighbour_curves = 1;    // curves view: columns i - n .. i + n
  Colormap colormap = Colormap::viridis;
  RangeMode range_mode = RangeMode::automatic;
  double range_min = -1.0;  // used when range_mode == fixed
  double range_max = 1.0;
  SimilarityMetric metric = SimilarityMetric::dot;
  RotationConvention convention = RotationConvention::column;
  bool show_both_conventions = false;  // rotation view: T(k) for column and row vectors side by side
  bool operator==(const ViewParams&) const = default;
};

// Keeps p, k and i inside the table after N, D or start changed (the sliders never leave it).
void clamp_to_table(ViewParams& params);

enum class ViewId { heatmap, curves, similarity, rotation, spectrum };
inline constexpr std::array<ViewId, 5> all_views = {ViewId::heatmap, ViewId::curves, ViewId::similarity,
                                                    ViewId::rotation, ViewId::spectrum};
std::string_view to_string(ViewId view);  // "heatmap", "curves", "similarity", "rotation", "spectrum"
std::optional<ViewId> parse_view_id(std::string_view name);
std::string_view view_title(ViewId view);  // "Heatmap of P", ...

struct LayoutState {
  std::optional<ViewId> maximized;  // one view fills the view area; none: the grid of all views
  float sidebar_width = 0.0f;       // in font heights (scales with the font); 0 = default
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
  bool operator==(const UiSettings&) const = default;
};

// What the mouse points at, in data terms. Shared by all views (and, later, by several encodings
// side by side) so that hovering a position in one view can mark it in the others.
struct HoverState {
  std::optional<std::int64_t> position;
  std::optional<std::int64_t> dimension;
  bool operator==(const HoverState&) const = default;
};

struct AppState {
  // One entry now; a later issue shows several encodings side by side with linked sliders.
  std::vector<ViewParams> encodings{ViewParams{}};
  LayoutState layout;
  UiSettings ui;
  HoverState hover;  // per frame, not saved
  bool operator==(const AppState&) const = default;
};

}  // namespace pelab::app
