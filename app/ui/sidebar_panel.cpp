// The controls. Every one edits the state directly (immediate mode); the compute workers notice
// the change by comparing requests. Texts about an encoding (formulas, what base means, why a
// parameter does not apply) come from core (pelab/kinds.hpp); controls a kind does not read are
// disabled with that sentence as their tooltip.
#include <algorithm>
#include <array>
#include <string>

#include "pelab/kinds.hpp"
#include "plot/plot.hpp"
#include "ui/panels.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {
namespace {

std::string kind_tooltip(EncodingKind kind) {
  const KindText text = kind_text(kind);
  return std::string(text.formula) + "\n" + std::string(text.lesson);
}

// The label on the left, the control (which the caller draws next) filling the rest of the row.
void row_label(const char* label, const char* tooltip) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  item_tooltip(tooltip);
  ImGui::SameLine(6.5f * ImGui::GetFontSize());
  ImGui::SetNextItemWidth(-1.0f);
}

bool slider_int64(const char* label, std::int64_t& value, std::int64_t lo, std::int64_t hi,
                  const char* tooltip, bool logarithmic = false) {
  row_label(label, tooltip);
  const std::string id = std::string("##") + label;
  const bool changed =
      ImGui::SliderScalar(id.c_str(), ImGuiDataType_S64, &value, &lo, &hi, "%lld",
                          logarithmic ? ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp
                                      : ImGuiSliderFlags_AlwaysClamp);
  item_tooltip(tooltip);
  return changed;
}

template <typename Enum, typename Range>
bool enum_combo(const char* label, Enum& value, const Range& values, const char* tooltip) {
  row_label(label, tooltip);
  const std::string id = std::string("##") + label;
  bool changed = false;
  if (ImGui::BeginCombo(id.c_str(), std::string(to_string(value)).c_str())) {
    for (Enum option : values) {
      const bool selected = option == value;
      if (ImGui::Selectable(std::string(to_string(option)).c_str(), selected)) {
        changed = option != value;
        value = option;
      }
      if (selected) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  }
  item_tooltip(tooltip);
  return changed;
}

// A group heading: some space, the title in the accent colour, a rule.
void section(const char* title) {
  ImGui::Spacing();
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  ImGui::TextUnformatted(title);
  ImGui::PopStyleColor();
  ImGui::Separator();
}

// N, D and start: a typed value passes through every prefix (6 on the way to 64); the selection is
// kept as the user set it and only clamped once the edit is committed.
void commit_clamp(Slot& slot) {
  if (ImGui::IsItemDeactivatedAfterEdit()) slot.selection = clamped(slot.selection, slot.config.encoding);
}

void draw_encoding_controls(AppContext& app) {
  Slot& slot = app.state.active_slot();
  EncodingParams& e = slot.config.encoding;
  const std::string tooltip = kind_tooltip(e.kind);
  row_label("encoding", tooltip.c_str());
  if (ImGui::BeginCombo("##kind", std::string(to_string(e.kind)).c_str())) {
    for (EncodingKind kind : all_encoding_kinds()) {
      if (ImGui::Selectable(std::string(to_string(kind)).c_str(), kind == e.kind)) e.kind = kind;
      item_tooltip(kind_tooltip(kind).c_str());
    }
    ImGui::EndCombo();
  }
  item_tooltip(tooltip.c_str());

  slider_int64(
      "N", e.positions, 1, max_positions,
      "Positions N: rows of P, positions start .. start + N − 1. Beyond 2048 the views show a stated stride.",
      true);
  commit_clamp(slot);
  slider_int64("D", e.dims, 1, max_dims, "Dims D: columns of P (the model width d_model).", true);
  commit_clamp(slot);

  const std::optional<std::string_view> base_unused = unused_parameter_reason(e.kind, KindParameter::base);
  const std::string base_tooltip(base_unused ? *base_unused : base_meaning(e.kind));
  ImGui::BeginDisabled(base_unused.has_value());
  row_label("base", base_tooltip.c_str());
  ImGui::SliderScalar("##base", ImGuiDataType_Double, &e.base, &min_base, &max_base, "%.6g",
                      ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  item_tooltip(base_tooltip.c_str());
  // One-click values on their own line under the slider, so the slider keeps the full width.
  ImGui::SetCursorPosX(6.5f * ImGui::GetFontSize());  // the column row_label puts controls in
  ImGui::TextDisabled("set");
  ImGui::SameLine();
  if (ImGui::Button("10000")) e.base = 10000.0;
  item_tooltip(base_unused ? base_tooltip.c_str() : "base = 10000 (Vaswani et al. 2017)");
  ImGui::SameLine();
  if (ImGui::Button("100")) e.base = 100.0;
  item_tooltip(base_unused ? base_tooltip.c_str() : "base = 100 (seed 000's small example)");
  ImGui::EndDisabled();

  const char* start_tooltip =
      "Row r of P is position start + r: look far past N without computing the rows before.";
  row_label("start", start_tooltip);
  const std::int64_t step = 1, fast_step = 100;
  ImGui::InputScalar("##start", ImGuiDataType_S64, &e.start, &step, &fast_step, "%lld");
  item_tooltip(start_tooltip);
  commit_clamp(slot);
  e.start = std::clamp<std::int64_t>(e.start, 0, max_start);

  if (e.kind == EncodingKind::binary) {
    ImGui::Checkbox("bits as −1 / +1", &e.binary_signed);
    item_tooltip("Map each bit b to 2b − 1, so the values are centred on 0.");
  }
  if (e.kind == EncodingKind::learned) {
    draw_table_source_controls(app);
    if (slot.config.table_path.empty()) {
      row_label("σ", "Entries are drawn from N(0, σ²), the usual initialisation of a learned table.");
      const double sigma_lo = 0.0, sigma_hi = 1.0;
      ImGui::SliderScalar("##sigma", ImGuiDataType_Double, &e.sigma, &sigma_lo, &sigma_hi, "%.4g");
      item_tooltip("Entries are drawn from N(0, σ²), the usual initialisation of a learned table.");
      row_label("seed", "Entry (p, i) depends only on (seed, p, i), not on N or start.");
      const std::uint64_t one = 1;
      ImGui::InputScalar("##seed", ImGuiDataType_U64, &e.seed, &one, nullptr, "%llu");
      item_tooltip("Entry (p, i) depends only on (seed, p, i), not on N or start.");
    }
  }
}

void draw_selection_controls(AppContext& app) {
  Slot& slot = app.state.active_slot();
  const EncodingParams& e = slot.config.encoding;
  // The sliders show the selection as used (inside the table); moving one stores the new value.
  Selection shown = clamped(slot.selection, e);
  const std::int64_t last_position = e.start + e.positions - 1;
  if (slider_int64(
          "p  (↑ ↓)", shown.position, e.start, last_position,
          "Position p, the selected one: outlined row in the heatmap, marker in the curves, the row S[p, :] "
          "and Pₚ in the rotation view. Up / down arrow keys step it."))
    slot.selection.position = shown.position;
  if (slider_int64("k", shown.offset, 0, std::max<std::int64_t>(e.positions - 1, 0),
                   "Offset k: the step from Pₚ to Pₚ₊ₖ in the rotation view (T(k) for kinds that have one)."))
    slot.selection.offset = shown.offset;
  if (slider_int64(
          "i  (← →)", shown.dimension, 0, e.dims - 1,
          "Dimension i, the selected column of P (and its band or pair). Left / right arrow keys step it."))
    slot.selection.dimension = shown.dimension;
  DisplaySettings& display = app.state.display;
  const char* neighbours_tooltip = "Neighbours n: the curves view plots columns i − n .. i + n.";
  row_label("neighbours", neighbours_tooltip);
  ImGui::SliderInt("##neighbours", &display.neighbour_curves, 0, max_neighbour_curves);
  item_tooltip(neighbours_tooltip);
}

void draw_colour_controls(AppContext& app) {
  DisplaySettings& display = app.state.display;
  enum_combo(
      "colormap", display.colormap, all_colormaps(),
      "Colours of the heatmaps. viridis and magma: perceptually uniform; red-blue: diverging, white at the "
      "middle of the range (use with a symmetric range); gray: black to white.");
  const char* range_tooltip =
      "Value range of the colormap. auto: min .. max of the shown values; symmetric: −max|v| .. +max|v| (0 "
      "in "
      "the middle); fixed: your bounds.";
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("range");
  item_tooltip(range_tooltip);
  ImGui::SameLine();
  for (RangeMode mode : {RangeMode::automatic, RangeMode::symmetric, RangeMode::fixed}) {
    if (ImGui::RadioButton(std::string(to_string(mode)).c_str(), display.range_mode == mode))
      display.range_mode = mode;
    item_tooltip(range_tooltip);
    if (mode != RangeMode::fixed) ImGui::SameLine();
  }
  if (display.range_mode == RangeMode::fixed) {
    double bounds[2] = {display.range_min, display.range_max};
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::InputScalarN("##fixed_range", ImGuiDataType_Double, bounds, 2, nullptr, nullptr, "%.4g") &&
        bounds[0] < bounds[1]) {
      display.range_min = bounds[0];
      display.range_max = bounds[1];
    }
    item_tooltip("Lower and upper end of the colormap (the lower must be smaller).");
  }
  if (app.state.slots.size() > 1) {
    enum_combo(
        "one scale", display.scale_sharing,
        std::array{ScaleSharing::same_kind, ScaleSharing::always, ScaleSharing::never},
        "Compare mode: give every configuration's heatmap the same colour range, so equal colours mean "
        "equal values. same-kind: when all configurations are of one kind.");
  }
}

void draw_similarity_rotation_controls(AppContext& app) {
  DisplaySettings& display = app.state.display;
  enum_combo(
      "metric", display.metric,
      std::array{SimilarityMetric::dot, SimilarityMetric::cosine, SimilarityMetric::distance},
      "Similarity metric. dot: S = Pₚ · P_q; cosine: Pₚ · P_q / (‖Pₚ‖ ‖P_q‖); distance: ‖Pₚ − P_q‖. For the "
      "sinusoid with even D, S[p, q] = Σ_k cos(w_k (q − p)) depends only on q − p.");
  const char* convention_tooltip =
      "column: Pₚ₊ₖ = T(k) Pₚ with P as a column vector; row: Pₚ₊ₖ = Pₚ T(k) (seed 000's form), whose blocks "
      "are "
      "the transpose.";
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("T(k)");
  item_tooltip(convention_tooltip);
  ImGui::SameLine();
  if (ImGui::RadioButton("column", display.convention == RotationConvention::column))
    display.convention = RotationConvention::column;
  item_tooltip(convention_tooltip);
  ImGui::SameLine();
  if (ImGui::RadioButton("row", display.convention == RotationConvention::row))
    display.convention = RotationConvention::row;
  item_tooltip(convention_tooltip);
  ImGui::SameLine();
  ImGui::Checkbox("both", &display.show_both_conventions);
  item_tooltip("Show T(k) for both conventions side by side.");
}

void draw_view_toggles(AppContext& app) {
  std::vector<std::string>& views = app.state.layout.views;
  int column = 0;
  for (const ViewType& view : view_registry()) {
    const std::string id(view.id);
    bool shown = std::find(views.begin(), views.end(), id) != views.end();
    if (column++ % 2 == 1) ImGui::SameLine(9.5f * ImGui::GetFontSize());
    if (ImGui::Checkbox(id.c_str(), &shown)) {
      if (shown) {
        views.push_back(id);
      } else {
        views.erase(std::remove(views.begin(), views.end(), id), views.end());
      }
    }
    const std::string tooltip = std::string(view.title) + ": " + std::string(view.summary);
    item_tooltip(tooltip.c_str());
  }
}

void draw_display_controls(AppContext& app) {
  UiSettings& ui = app.state.ui;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("font");
  ImGui::SameLine();
  if (ImGui::Button(" − ")) {
    ui.font_size = std::max(min_font_size, ui.font_size - 2.0f);
    app.requests.rebuild_fonts = true;
  }
  item_tooltip("Smaller text (key −).");
  ImGui::SameLine();
  ImGui::Text("%.0f px", static_cast<double>(ui.font_size));
  ImGui::SameLine();
  if (ImGui::Button(" + ")) {
    ui.font_size = std::min(max_font_size, ui.font_size + 2.0f);
    app.requests.rebuild_fonts = true;
  }
  item_tooltip("Larger text for a projector (key +).");
  ImGui::SameLine();
  if (ImGui::Button(ui.theme == Theme::dark ? "light theme" : "dark theme")) {
    ui.theme = ui.theme == Theme::dark ? Theme::light : Theme::dark;
    app.requests.rebuild_fonts = true;
  }
  item_tooltip("Switch between the dark and the light colour theme.");
  if (ImGui::Button("Open session…")) app.dialog.open_requested = true;
  item_tooltip("Load all configurations, settings and the layout from a JSON file (Ctrl+O).");
  ImGui::SameLine();
  if (ImGui::Button("Save session…")) app.dialog.save_requested = true;
  item_tooltip("Save all configurations, settings and the layout as JSON (Ctrl+S saves to the last path).");
}

}  // namespace

void draw_sidebar_panel(AppContext& app) {
  section("Configurations");
  draw_configs_section(app);
  const std::string heading = app.state.slots.size() > 1
                                  ? "Encoding of " + std::string(1, static_cast<char>('A' + app.state.active))
                                  : std::string("Encoding");
  section(heading.c_str());
  draw_encoding_controls(app);
  section("Selection");
  draw_selection_controls(app);
  section("Colour");
  draw_colour_controls(app);
  section("Similarity and rotation");
  draw_similarity_rotation_controls(app);
  section("Views");
  draw_view_toggles(app);
  section("Display");
  draw_display_controls(app);
}

}  // namespace pelab::app::ui
