// The controls. Every one edits ViewParams directly (immediate mode); the compute worker notices
// the change by comparing parameters. Each has a tooltip with its meaning and formula.
#include <algorithm>
#include <array>
#include <string>

#include "plot/plot.hpp"
#include "ui/panels.hpp"

namespace pelab::app::ui {
namespace {

const char* kind_tooltip(EncodingKind kind) {
  switch (kind) {
    case EncodingKind::integer:
      return "P[p, i] = p. Unbounded and grows fast.";
    case EncodingKind::normalized:
      return "P[p, i] = p / (N − 1). Depends on N: position 1 is 0.5 at N = 3 but 0.14 at N = 8.";
    case EncodingKind::binary:
      return "P[p, i] = bit i of p (least significant first). Bounded but discrete.";
    case EncodingKind::sigmoid:
      return "P[p, i] = 1 / (1 + exp(−p / t_i)), t_i = base^(i/(D−1)). Saturates for long sequences.";
    case EncodingKind::sinusoidal:
      return "P[p, 2k] = sin(w_k p), P[p, 2k+1] = cos(w_k p), w_k = base^(−2k/D). The Transformer encoding.";
    case EncodingKind::sinusoidal_concat:
      return "tensor2tensor layout: all sines, then all cosines; timescales t_k = base^(k/(K−1)), K = ⌊D/2⌋.";
    case EncodingKind::learned:
      return "A trainable table, here initialised N(0, σ²) from a seed: no rule at all.";
    case EncodingKind::fourier:
      return "NeRF-style bands: sin(2^k π x), cos(2^k π x) with x = p / (N − 1).";
  }
  return "";
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

}  // namespace

void draw_sidebar_panel(AppContext& app) {
  ViewParams& params = app.state.encodings.front();
  EncodingParams& e = params.encoding;

  row_label("encoding", kind_tooltip(e.kind));
  if (ImGui::BeginCombo("##kind", std::string(to_string(e.kind)).c_str())) {
    for (EncodingKind kind : all_encoding_kinds()) {
      if (ImGui::Selectable(std::string(to_string(kind)).c_str(), kind == e.kind)) e.kind = kind;
      item_tooltip(kind_tooltip(kind));
    }
    ImGui::EndCombo();
  }
  item_tooltip(kind_tooltip(e.kind));

  slider_int64(
      "N", e.positions, 1, max_positions,
      "Positions N: rows of P, positions start .. start + N − 1. Beyond 2048 the views show a stated stride.",
      true);
  slider_int64("D", e.dims, 1, max_dims, "Dims D: columns of P (the model width d_model).", true);

  const char* base_tooltip =
      "Sets the frequencies: w_k = base^(−2k/D); wavelength λ_k = 2π·base^(2k/D), from 2π to almost 2π·base. "
      "10000 in the Transformer paper, 100 in seed 000's D = 4 example.";
  row_label("base", base_tooltip);
  ImGui::SliderScalar("##base", ImGuiDataType_Double, &e.base, &min_base, &max_base, "%.6g",
                      ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  item_tooltip(base_tooltip);
  // One-click values on their own line under the slider, so the slider keeps the full width.
  ImGui::SetCursorPosX(6.5f * ImGui::GetFontSize());  // the column row_label puts controls in
  ImGui::TextDisabled("set");
  ImGui::SameLine();
  if (ImGui::Button("10000")) e.base = 10000.0;
  item_tooltip("base = 10000 (Vaswani et al. 2017)");
  ImGui::SameLine();
  if (ImGui::Button("100")) e.base = 100.0;
  item_tooltip("base = 100 (seed 000's small example)");

  const char* start_tooltip =
      "Row r of P is position start + r: look far past N without computing the rows before.";
  row_label("start", start_tooltip);
  const std::int64_t step = 1, fast_step = 100;
  ImGui::InputScalar("##start", ImGuiDataType_S64, &e.start, &step, &fast_step, "%lld");
  item_tooltip(start_tooltip);
  e.start = std::clamp<std::int64_t>(e.start, 0, max_start);

  if (e.kind == EncodingKind::binary) {
    ImGui::Checkbox("bits as −1 / +1", &e.binary_signed);
    item_tooltip("Map each bit b to 2b − 1, so the values are centred on 0.");
  }
  if (e.kind == EncodingKind::learned) {
    row_label("σ", "Entries are drawn from N(0, σ²), the usual initialisation of a learned table.");
    const double sigma_lo = 0.0, sigma_hi = 1.0;
    ImGui::SliderScalar("##sigma", ImGuiDataType_Double, &e.sigma, &sigma_lo, &sigma_hi, "%.4g");
    item_tooltip("Entries are drawn from N(0, σ²), the usual initialisation of a learned table.");
    row_label("seed", "Entry (p, i) depends only on (seed, p, i), not on N or start.");
    const std::uint64_t one = 1;
    ImGui::InputScalar("##seed", ImGuiDataType_U64, &e.seed, &one, nullptr, "%llu");
    item_tooltip("Entry (p, i) depends only on (seed, p, i), not on N or start.");
  }

  section("Selection");
  const std::int64_t last_position = e.start + e.positions - 1;
  slider_int64("p  (↑ ↓)", params.position, e.start, last_position,
               "Position p, the selected one: outlined row in the heatmap, marker in the curves, the row "
               "S[p, :] and P_p "
               "in the rotation view. Up / down arrow keys step it.");
  slider_int64("k", params.offset, 0, std::max<std::int64_t>(e.positions - 1, 0),
               "Offset k: P_{p+k} = T(k) P_p, with T(k) block diagonal, blocks [[cos w k, sin w k], "
               "[−sin w k, cos w k]].");
  slider_int64("i  (← →)", params.dimension, 0, e.dims - 1,
               "Dimension i, the selected column of P; its (sin, cos) pair is k = ⌊i/2⌋ with wavelength "
               "2π·base^(2k/D). "
               "Left / right arrow keys step it.");
  const char* neighbours_tooltip = "Neighbours n: the curves view plots columns i − n .. i + n.";
  row_label("neighbours", neighbours_tooltip);
  ImGui::SliderInt("##neighbours", &params.neighbour_curves, 0, max_neighbour_curves);
  item_tooltip(neighbours_tooltip);

  section("Colour");
  enum_combo("colormap", params.colormap, all_colormaps(),
             "Colours of the heatmaps. viridis and magma: perceptually uniform; red-blue: diverging, white "
             "at the middle of the range "
             "(use with a symmetric range); gray: black to white.");
  const char* range_tooltip =
      "Value range of the colormap. auto: min .. max of the shown values; symmetric: −max|v| .. +max|v| (0 "
      "in the "
      "middle); fixed: your bounds.";
  ImGui::TextUnformatted("range");
  item_tooltip(range_tooltip);
  ImGui::SameLine();
  for (RangeMode mode : {RangeMode::automatic, RangeMode::symmetric, RangeMode::fixed}) {
    if (ImGui::RadioButton(std::string(to_string(mode)).c_str(), params.range_mode == mode))
      params.range_mode = mode;
    item_tooltip(range_tooltip);
    if (mode != RangeMode::fixed) ImGui::SameLine();
  }
  if (params.range_mode == RangeMode::fixed) {
    double bounds[2] = {params.range_min, params.range_max};
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::InputScalarN("##fixed_range", ImGuiDataType_Double, bounds, 2, nullptr, nullptr, "%.4g") &&
        bounds[0] < bounds[1]) {
      params.range_min = bounds[0];
      params.range_max = bounds[1];
    }
    item_tooltip("Lower and upper end of the colormap (the lower must be smaller).");
  }

  section("Similarity and rotation");
  enum_combo("metric", params.metric,
             std::array{SimilarityMetric::dot, SimilarityMetric::cosine, SimilarityMetric::distance},
             "Similarity metric. dot: S = P_p · P_q; cosine: P_p · P_q / (‖P_p‖ ‖P_q‖); distance: ‖P_p − "
             "P_q‖. For the sinusoid "
             "with even D, S[p, q] = Σ_k cos(w_k (q − p)) depends only on q − p.");
  const char* convention_tooltip =
      "column: P_{p+k} = T(k) P_p with P as a column vector; row: P_{p+k} = P_p T(k) (seed 000's form), "
      "whose "
      "blocks are the transpose.";
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("T(k)");
  item_tooltip(convention_tooltip);
  ImGui::SameLine();
  if (ImGui::RadioButton("column", params.convention == RotationConvention::column)) {
    params.convention = RotationConvention::column;
  }
  item_tooltip(convention_tooltip);
  ImGui::SameLine();
  if (ImGui::RadioButton("row", params.convention == RotationConvention::row)) {
    params.convention = RotationConvention::row;
  }
  item_tooltip(convention_tooltip);
  ImGui::SameLine();
  ImGui::Checkbox("both", &params.show_both_conventions);
  item_tooltip("Show T(k) for both conventions side by side.");

  section("Display");
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
  if (ImGui::Button("Open session…")) app.session_dialog.open_requested = true;
  item_tooltip("Load all parameters and the layout from a JSON file (Ctrl+O).");
  ImGui::SameLine();
  if (ImGui::Button("Save session…")) app.session_dialog.save_requested = true;
  item_tooltip("Save all parameters and the layout as JSON (Ctrl+S saves to the last path).");
}

}  // namespace pelab::app::ui
