// View rope (across configurations): RoPE frequency scaling of one model, two scalings side by
// side. Per pair i: the wavelength 2π/θ_i before and after scaling against the training context L
// (the critical pair is the first whose wavelength exceeds L: it and every later pair never turn
// once in training), which pairs are kept (extrapolated), interpolated or blended (YaRN's ramp,
// Llama 3.1's bands), the rotation angle at a position p against the largest angle the pair reached
// in training, and the long-term decay of q·R(m)k with distance m (all-ones vectors and the mean of
// random similar pairs), with where it first turns negative. Numbers from core's rope_scaling and
// rope_decay; the settings (model preset, D, base, L, the two scalings, p) live in the app state.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <numbers>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "pelab/io/data_dir.hpp"
#include "pelab/model_config.hpp"
#include "plot/plot.hpp"
#include "state/i18n.hpp"
#include "state/relative_data.hpp"
#include "ui/matrix_grid.hpp"
#include "ui/panels.hpp"
#include "ui/view_export_arrays.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {
namespace {

constexpr double two_pi = 2.0 * std::numbers::pi;
// Font heights a plot needs to show more than one tick on its value axis: stacked (title, ticks,
// axis label included), or as one of three in a row.
constexpr float min_stacked_plot = 10.0f, min_row_plot = 12.0f;
// Font heights of a scaling's column on a slide under which its controls, summary and plot titles give
// their lines to the plots (1024 x 768 at 28 px has about 14).
constexpr float min_slide_side_room = 20.0f;

}  // namespace

std::filesystem::path models_dir() { return pelab::data_dir() / "models"; }

namespace {

ImU32 regime_color(RopePairRegime regime) {
  switch (regime) {
    case RopePairRegime::unchanged:
      return plot::palette_color(2);
    case RopePairRegime::blended:
      return plot::palette_color(1);
    case RopePairRegime::interpolated:
      return plot::palette_color(0);
    case RopePairRegime::rescaled:
      return plot::palette_color(4);
  }
  return plot::palette_color(0);
}

const char* regime_key(RopePairRegime regime) {
  switch (regime) {
    case RopePairRegime::unchanged:
      return "views.rope.regime.unchanged";
    case RopePairRegime::blended:
      return "views.rope.regime.blended";
    case RopePairRegime::interpolated:
      return "views.rope.regime.interpolated";
    case RopePairRegime::rescaled:
      return "views.rope.regime.rescaled";
  }
  return "views.rope.regime.unchanged";
}

std::string number(double v, int digits = 4) { return plot::format_number(v, digits); }

ImU32 critical_color() { return plot::palette_color(6); }

// ---- controls -------------------------------------------------------------------------------

bool input_int64(const char* label, std::int64_t& value, std::int64_t lo, std::int64_t hi, float width) {
  ImGui::SetNextItemWidth(width);
  int v = static_cast<int>(std::clamp<std::int64_t>(value, 0, std::numeric_limits<int>::max()));
  if (!ImGui::InputInt(label, &v, 0, 0, ImGuiInputTextFlags_EnterReturnsTrue)) return false;
  value = std::clamp<std::int64_t>(v, lo, hi);
  return true;
}

// A slider whose name is inside it ("×4", "β_fast 32"), so a scaling's controls fit on one line.
bool slider_optional(const char* id, const std::string& format, std::optional<double>& value, double lo,
                     double hi, double fallback, float width, bool log) {
  ImGui::SetNextItemWidth(width);
  float v = static_cast<float>(value.value_or(fallback));
  if (!ImGui::SliderFloat(id, &v, static_cast<float>(lo), static_cast<float>(hi), format.c_str(),
                          log ? ImGuiSliderFlags_Logarithmic : 0))
    return false;
  value = static_cast<double>(v);
  return true;
}

void tip(bool capture, const char* key) {
  if (!capture) item_tooltip(tr(key));
}

// A parameter's label from core's table: its text, or the translation of its i18n key.
std::string param_label(const RopeParamInfo& row) {
  const std::string label(row.view_label);
  return label.starts_with("views.") ? std::string(tr(label.c_str())) : label;
}

// One scaling's controls: the type, then the parameters that type reads.
void edit_scaling(const char* id, const char* name, RopeScaling& s, std::int64_t context, bool capture) {
  const float em = ImGui::GetFontSize();
  ImGui::PushID(id);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(name);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(6.5f * em);
  if (ImGui::BeginCombo("##type", std::string(to_string(s.type)).c_str())) {
    for (RopeScalingType type : all_rope_scaling_types()) {
      if (ImGui::Selectable(std::string(to_string(type)).c_str(), type == s.type) && type != s.type)
        s = switch_scaling_type(s, type, context);
    }
    ImGui::EndCombo();
  }
  tip(capture, "views.rope.type.tip");
  // A slider for each parameter of the type whose row in core's table has one.
  for (const RopeParamInfo& row : rope_param_table()) {
    if (row.value != RopeValue::real || row.slider_hi <= row.slider_lo ||
        !rope_param_applies(s.type, row.param))
      continue;
    const std::string label = param_label(row);
    const float width = row.slider_em * em;
    same_line_if_fits(width);
    const std::string id = "##" + std::string(row.name);
    slider_optional(id.c_str(), label + (label == "×" ? "" : " ") + "%.3g", s.*row.real, row.slider_lo,
                    row.slider_hi, row.has_fallback ? row.fallback : row.usual, width, true);
    tip(capture, std::string(row.view_tip).c_str());
  }
  switch (s.type) {
    case RopeScalingType::dynamic: {
      same_line_if_fits(7.0f * em);
      std::int64_t n = s.seq_len.value_or(context);
      if (input_int64(tr("views.rope.seq_len"), n, 1, max_rope_position, 5.5f * em)) s.seq_len = n;
      tip(capture, "views.rope.seq_len.tip");
      break;
    }
    case RopeScalingType::longrope:
      same_line_if_fits(16.0f * em);
      ImGui::TextDisabled(
          "%s", tr(s.long_factor.empty() ? "views.rope.longrope_lists" : "views.rope.longrope_given"));
      break;
    default:
      break;
  }
  ImGui::PopID();
}

// A scaling as the audience reads it: "A · ntk ×8", with the parameters given to it (unset ones take
// their defaults, which the caption band has no need to repeat).
std::string scaling_line(const char* name, const RopeScaling& s) {
  std::string line = std::string(name) + " · " + std::string(to_string(s.type));
  if (rope_param_applies(s.type, RopeParam::factor) && s.factor) line += " ×" + number(*s.factor, 3);
  for (const RopeParamInfo& row : rope_param_table()) {
    if (row.param == RopeParam::factor || row.value != RopeValue::real || row.slider_hi <= row.slider_lo ||
        !rope_param_applies(s.type, row.param) || !(s.*row.real))
      continue;
    line += " · " + param_label(row) + " " + number(*(s.*row.real), 3);
  }
  return line;
}

void draw_rope_controls(AcrossContext& view) {
  RopeViewSettings& s = view.settings.rope;
  const bool capture = view.capture_mode;
  const float em = ImGui::GetFontSize();
  if (view.lessons.presenting) {
    // The audience reads the settings, nobody edits them: one line of text instead of two rows
    // of widgets leaves the plots the height (1024 × 768 at 28 px).
    char base[32];
    std::snprintf(base, sizeof base, "%.7g", s.base);  // 500000 rather than 5e5, as a model card writes it
    const std::string line = (s.model.empty() ? std::string(tr("views.rope.custom")) : s.model) +
                             " · D = " + std::to_string(s.dims) + " · " + tr("views.rope.base") + " " + base +
                             " · L = " + std::to_string(s.context) + " · p = " + std::to_string(s.position);
    ImGui::TextUnformatted(line.c_str());
    return;
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("views.rope.model"));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(10.0f * em);
  const std::string shown = s.model.empty() ? tr("views.rope.custom") : s.model;
  if (ImGui::BeginCombo("##model", shown.c_str())) {
    if (ImGui::Selectable(tr("views.rope.custom"), s.model.empty())) s.model.clear();
    for (const ModelPreset& preset : view.model_presets) {
      ImGui::BeginDisabled(!preset.model);
      if (ImGui::Selectable(preset.name.c_str(), preset.name == s.model) && preset.model)
        s = rope_settings_for_model(*preset.model, preset.name);
      ImGui::EndDisabled();
      if (!preset.error.empty() && !capture) item_tooltip(preset.error.c_str());
    }
    ImGui::EndCombo();
  }
  tip(capture, "views.rope.model.tip");
  const RopeViewSettings before = s;
  same_line_if_fits(5.0f * em);
  input_int64("D", s.dims, min_rope_dims, max_rope_dims, 3.5f * em);
  tip(capture, "views.rope.dims.tip");
  same_line_if_fits(9.0f * em);
  ImGui::SetNextItemWidth(9.0f * em);
  float base = static_cast<float>(s.base);
  const std::string base_format = std::string(tr("views.rope.base")) + " %.6g";
  if (ImGui::SliderFloat("##base", &base, 2.0f, 1e8f, base_format.c_str(), ImGuiSliderFlags_Logarithmic))
    s.base = std::clamp(static_cast<double>(base), min_rope_base, max_rope_base);
  tip(capture, "views.rope.base.tip");
  same_line_if_fits(6.5f * em);
  input_int64("L", s.context, min_rope_context, max_rope_context, 5.0f * em);
  tip(capture, "views.rope.context.tip");
  same_line_if_fits(7.0f * em);
  input_int64("p", s.position, min_rope_position, max_rope_position, 5.5f * em);
  tip(capture, "views.rope.position.tip");
  same_line_if_fits(ImGui::CalcTextSize(tr("views.rope.compare")).x + 2.0f * em);
  ImGui::Checkbox(tr("views.rope.compare"), &s.compare);
  tip(capture, "views.rope.compare.tip");
  // An edited number is no longer the preset.
  if (!(before.dims == s.dims && before.base == s.base && before.context == s.context)) s.model.clear();
}

// What the colours and lines of every plot mean (one row for all plots: legends inside the small
// plots would hide their data).
// `drawn`: the numbers on a slide, whose key names only the regimes some shown pair is in (a line of
// the key at 1024 x 768 goes to the plots); nullptr: every regime.
void draw_legend(const RopeViewData* drawn, bool compare) {
  std::vector<LegendEntry> entries;
  for (RopePairRegime regime : {RopePairRegime::unchanged, RopePairRegime::blended,
                                RopePairRegime::interpolated, RopePairRegime::rescaled}) {
    bool used = drawn == nullptr;
    for (int s = 0; drawn && s < std::min(drawn->side_count, compare ? 2 : 1); ++s)
      for (const RopePairInfo& pair : drawn->sides[static_cast<std::size_t>(s)].analysis.pairs)
        used = used || pair.regime == regime;
    if (used) entries.push_back({tr(regime_key(regime)), regime_color(regime), true});
  }
  entries.push_back({tr("views.rope.legend.before"), ImGui::GetColorU32(ImGuiCol_Text, 0.45f), false});
  entries.push_back({tr("views.rope.legend.seen"), plot::palette_color(3), false});
  entries.push_back({tr("views.rope.critical_legend"), critical_color(), false});
  entries.push_back({tr("views.rope.legend.ones"), plot::palette_color(0), false});
  entries.push_back({tr("views.rope.legend.random"), plot::palette_color(5), false});
  draw_legend_row(entries);
}

// ---- plots ----------------------------------------------------------------------------------

std::string pair_hover(const RopeViewData& data, const RopeSideData& side, std::size_t i) {
  const RopePairInfo& pair = side.analysis.pairs[i];
  return trf(
      "views.rope.pair_hover",
      {std::to_string(i), std::to_string(2 * i) + ", " + std::to_string(2 * i + 1),
       number(pair.inv_freq_before, 5), number(pair.inv_freq_after, 5), number(pair.wavelength_before, 5),
       number(pair.wavelength_after, 5), number(pair.turns_before, 4), number(pair.turns_after, 4),
       number(side.angle_before[i], 5), number(side.angle_after[i], 5), number(data.seen_angle[i], 5),
       number(pair.ramp, 3), tr(regime_key(pair.regime))});
}

// Pairs by regime (the legend names them), as scatter items of their colour.
void regime_scatter(const RopeSideData& side, const std::vector<double>& ys) {
  for (RopePairRegime regime : {RopePairRegime::unchanged, RopePairRegime::blended,
                                RopePairRegime::interpolated, RopePairRegime::rescaled}) {
    std::vector<double> px, py;
    for (std::size_t i = 0; i < side.analysis.pairs.size(); ++i) {
      if (side.analysis.pairs[i].regime != regime) continue;
      px.push_back(static_cast<double>(i));
      py.push_back(ys[i]);
    }
    if (!px.empty())
      plot::PlotScatter(tr(regime_key(regime)), px.data(), py.data(), static_cast<int>(px.size()),
                        regime_color(regime), 3.0f);
  }
}

// Hover over a per-pair plot: the nearest pair's numbers.
void hover_pair(const RopeViewData& data, const RopeSideData& side) {
  if (!plot::IsPlotHovered() || side.analysis.pairs.empty()) return;
  double x = 0.0, y = 0.0;
  plot::GetPlotMousePos(&x, &y);
  const auto i = static_cast<std::size_t>(
      std::clamp<double>(std::round(x), 0.0, static_cast<double>(side.analysis.pairs.size() - 1)));
  const std::string text = pair_hover(data, side, i);
  plot::SetHoverText(text.c_str());
}

// `titled`: false on a low slide, where the title's line goes to the curves (the legend and the axis
// labels say what is plotted, the caption band why).
void wavelength_plot(const RopeViewData& data, const RopeSideData& side, const char* id, ImVec2 size,
                     bool titled = true) {
  plot::PlotConfig config;
  if (titled) config.title = tr("views.rope.wavelength_title");
  config.x.label = tr("views.rope.pair");
  config.x.integer_ticks = true;
  config.y.label = tr("views.rope.wavelength");
  config.y.scale = plot::Scale::log10;
  config.legend = false;
  config.link = "link_rope_wavelength";
  if (!plot::BeginPlot(id, size, config)) return;
  const auto n = static_cast<int>(data.pair_index.size());
  plot::PlotLine(tr("views.rope.before"), data.pair_index.data(), data.wavelength_before.data(), n,
                 ImGui::GetColorU32(ImGuiCol_Text, 0.45f), 1.5f);
  std::vector<double> after;
  for (const RopePairInfo& pair : side.analysis.pairs) after.push_back(pair.wavelength_after);
  plot::PlotLine("##after", data.pair_index.data(), after.data(), n, ImGui::GetColorU32(ImGuiCol_Text, 0.8f),
                 1.0f);
  regime_scatter(side, after);
  const ImU32 mark = ImGui::GetColorU32(ImGuiCol_Text, 0.5f);
  const std::string l_text = "L = " + std::to_string(side.analysis.context);
  plot::PlotHLine(static_cast<double>(side.analysis.context), mark, l_text.c_str());
  const RopeScalingAnalysis& a = side.analysis;
  if (a.critical_pair < static_cast<std::int64_t>(a.pairs.size()))
    plot::PlotVLine(static_cast<double>(a.critical_pair) - 0.5, critical_color(), nullptr, 2.0f);
  if (a.yarn_range) {
    plot::PlotVLine(a.yarn_range->low, mark, tr("views.rope.ramp_low"));
    plot::PlotVLine(a.yarn_range->high, mark, tr("views.rope.ramp_high"));
  }
  // Llama 3.1's band edges; named only when the plot is tall enough to keep them apart from L's.
  const bool roomy = size.y >= 14.0f * ImGui::GetFontSize();
  if (a.llama3_high_freq_wavelength)
    plot::PlotHLine(*a.llama3_high_freq_wavelength, mark, roomy ? "L / high_freq" : nullptr);
  if (a.llama3_low_freq_wavelength && *a.llama3_low_freq_wavelength != static_cast<double>(a.context))
    plot::PlotHLine(*a.llama3_low_freq_wavelength, mark, roomy ? "L / low_freq" : nullptr);
  hover_pair(data, side);
  plot::EndPlot();
}

void angle_plot(const RopeViewData& data, const RopeSideData& side, std::int64_t position, const char* id,
                ImVec2 size, bool titled = true) {
  plot::PlotConfig config;
  const std::string title = trf("views.rope.angle_title", {std::to_string(position)});
  if (titled) config.title = title.c_str();
  config.x.label = tr("views.rope.pair");
  config.x.integer_ticks = true;
  config.y.label = tr("views.rope.angle");
  config.y.scale = plot::Scale::log10;
  config.legend = false;
  config.link = "link_rope_angle";
  if (!plot::BeginPlot(id, size, config)) return;
  const auto n = static_cast<int>(data.pair_index.size());
  plot::PlotLine(tr("views.rope.before"), data.pair_index.data(), side.angle_before.data(), n,
                 ImGui::GetColorU32(ImGuiCol_Text, 0.45f), 1.5f);
  plot::PlotLine("##after", data.pair_index.data(), side.angle_after.data(), n,
                 ImGui::GetColorU32(ImGuiCol_Text, 0.8f), 1.0f);
  regime_scatter(side, side.angle_after);
  // On top: for position interpolation at p = S L it lies exactly on the scaled angles.
  plot::PlotLine(tr("views.rope.seen"), data.pair_index.data(), data.seen_angle.data(), n,
                 plot::palette_color(3), 1.5f);
  const RopeScalingAnalysis& a = side.analysis;
  if (a.critical_pair < static_cast<std::int64_t>(a.pairs.size()))
    plot::PlotVLine(static_cast<double>(a.critical_pair) - 0.5, critical_color(), nullptr, 2.0f);
  plot::PlotHLine(two_pi, ImGui::GetColorU32(ImGuiCol_Text, 0.5f), tr("views.rope.one_turn"));
  hover_pair(data, side);
  plot::EndPlot();
}

void decay_plot(const RopeViewData& data, const RopeSideData& side, std::int64_t context, const char* id,
                ImVec2 size, bool titled = true) {
  plot::PlotConfig config;
  if (titled) config.title = tr("views.rope.decay_title");
  config.x.label = tr("views.rope.distance");
  config.x.integer_ticks = true;
  config.x.scale = plot::Scale::log10;  // near and far distances both readable
  config.y.label = "q·R(m)k";
  config.legend = false;
  config.link = "link_rope_decay";
  if (!plot::BeginPlot(id, size, config)) return;
  const auto line = [](const DecayCurve& c, const char* label, ImU32 colour, float width) {
    plot::PlotLine(label, c.x.data(), c.y.data(), static_cast<int>(c.x.size()), colour, width);
  };
  line(side.decay_random, tr("views.rope.random_after"), plot::palette_color(5), 1.0f);
  line(data.decay_before, tr("views.rope.ones_before"), ImGui::GetColorU32(ImGuiCol_Text, 0.45f), 1.5f);
  line(side.decay_ones, tr("views.rope.ones_after"), plot::palette_color(0), 1.5f);
  const ImU32 mark = ImGui::GetColorU32(ImGuiCol_Text, 0.5f);
  const std::string l_text = "L = " + std::to_string(context);
  plot::PlotVLine(static_cast<double>(context), mark, l_text.c_str());
  plot::PlotHLine(0.0, ImGui::GetColorU32(ImGuiCol_Text, 0.3f));
  // Where the all-ones score first turns negative (the header gives the numbers).
  if (data.first_negative_before && *data.first_negative_before <= data.decay_range)
    plot::PlotMarker(static_cast<double>(*data.first_negative_before), 0.0,
                     ImGui::GetColorU32(ImGuiCol_Text, 0.7f), 5.0f);
  if (side.first_negative)
    plot::PlotMarker(static_cast<double>(*side.first_negative), 0.0, plot::palette_color(0), 6.0f);
  plot::EndPlot();
}

// The side's summary: attention factor and how many pairs are in each regime; the critical
// dimension and where the all-ones score first turns negative.
// `after_scaling`: the side's scaling line stands just above, on a slide (the summary goes beside it).
void side_header(const RopeViewData& data, const RopeSideData& side, bool presenting, bool after_scaling) {
  const RopeScalingAnalysis& a = side.analysis;
  const RopeFrequencies& f = a.frequencies;
  std::string first = trf("views.rope.attention_factor", {number(f.attention_factor, 6)});
  if (side.scaling.type == RopeScalingType::ntk || side.scaling.type == RopeScalingType::dynamic)
    first += " · " + trf("views.rope.effective_base", {number(f.effective_base, 6)});
  int counts[4] = {0, 0, 0, 0};
  for (const RopePairInfo& pair : a.pairs) ++counts[static_cast<int>(pair.regime)];
  for (RopePairRegime regime : {RopePairRegime::unchanged, RopePairRegime::blended,
                                RopePairRegime::interpolated, RopePairRegime::rescaled}) {
    const int count = counts[static_cast<int>(regime)];
    if (count > 0) first += " · " + std::to_string(count) + " " + tr(regime_key(regime));
  }
  const std::string critical =
      a.critical_pair < static_cast<std::int64_t>(a.pairs.size())
          ? trf("views.rope.critical", {std::to_string(a.critical_dimension), std::to_string(a.critical_pair),
                                        std::to_string(a.context)})
          : trf("views.rope.no_critical", {std::to_string(a.context)});
  const std::string unscaled = data.first_negative_before ? std::to_string(*data.first_negative_before) : "—";
  const std::string negative =
      side.first_negative ? trf("views.rope.first_negative", {std::to_string(*side.first_negative), unscaled})
                          : trf("views.rope.never_negative", {std::to_string(data.decay_range), unscaled});
  // Presenting, the summary goes beside the scaling's line when it fits there: a line more for the plots.
  if (after_scaling) {
    ImGui::SameLine(0.0f, 1.5f * ImGui::GetFontSize());
    if (ImGui::CalcTextSize(first.c_str()).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(first.c_str());
  ImGui::PopTextWrapPos();
  // On a projector (28 px fonts, 1024 × 768) these lines would leave the plots no height; the
  // plots show the critical pair and the first negative score as marks.
  if (!presenting) note_text("%s", (critical + " " + negative).c_str());
}

// One scaling: its controls, its summary and its three plots, in a column of `room`; `beside` when
// the other scaling's column stands next to it (their plots then start at the same height).
void draw_side(AcrossContext& view, const RopeViewData& data, int index, ImVec2 room, bool beside,
               bool scaling_shown = false) {
  RopeViewSettings& settings = view.settings.rope;
  const char* name = index == 0 ? "A" : "B";
  // The two columns' header heights of the previous frame, kept by ImGui in the view's window
  // (the columns' parent) under ids of their own.
  ImGuiStorage& heights = *ImGui::GetStateStorage();
  const ImGuiID height_ids[2] = {ImGui::GetID("##rope_header_a"), ImGui::GetID("##rope_header_b")};
  ImGui::BeginChild(index == 0 ? "##rope_a" : "##rope_b", room, false, ImGuiWindowFlags_NoScrollbar);
  // On a slide the audience reads the scaling as text (one line instead of widgets; beside the key
  // above when it is the only one: `scaling_shown`). A low slide (1024 x 768 at 28 px: the plots were
  // 120 px tall) also leaves out the summary (the caption band explains the step, the colours give the
  // regimes) and the plot titles, so that the plots get the height for their ticks.
  const bool low_slide = view.lessons.presenting && room.y < min_slide_side_room * ImGui::GetFontSize();
  RopeScaling& scaling = index == 0 ? settings.scaling_a : settings.scaling_b;
  if (!view.lessons.presenting) {
    edit_scaling(index == 0 ? "a" : "b", name, scaling, settings.context, view.capture_mode);
  } else if (!scaling_shown) {
    ImGui::TextUnformatted(scaling_line(name, scaling).c_str());
  }
  if (index >= data.side_count) {
    note_text("%s", tr("views.rope.updating"));
    ImGui::EndChild();
    return;
  }
  const RopeSideData& side = data.sides[static_cast<std::size_t>(index)];
  if (!side.error.empty()) {
    note_text("%s", trf("views.rope.refused", {side.error}).c_str());
    ImGui::EndChild();
    return;
  }
  if (!low_slide) side_header(data, side, view.lessons.presenting, view.lessons.presenting && !scaling_shown);
  // Both columns' plots start at the same height: pad to the taller header of the previous frame
  // (controls and text can wrap differently in the two columns).
  if (!beside) {
    heights.SetFloat(height_ids[0], 0.0f);
    heights.SetFloat(height_ids[1], 0.0f);
  }
  const float measured = ImGui::GetCursorPosY();
  const float target = std::max(heights.GetFloat(height_ids[0]), heights.GetFloat(height_ids[1]));
  heights.SetFloat(height_ids[index], measured);
  if (target - measured > ImGui::GetStyle().ItemSpacing.y)
    ImGui::Dummy(ImVec2(1.0f, target - measured - ImGui::GetStyle().ItemSpacing.y));
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  const float em = ImGui::GetFontSize();
  const std::string ids[3] = {std::string("##wavelength_") + name, std::string("##angle_") + name,
                              std::string("##decay_") + name};
  if (avail.x >= 1.3f * avail.y && avail.x >= 40.0f * em) {  // wide: two plots above the decay
    const float top = std::floor(0.55f * (avail.y - spacing.y));
    const float half = std::floor(0.5f * (avail.x - spacing.x));
    wavelength_plot(data, side, ids[0].c_str(), ImVec2(half, top));
    ImGui::SameLine();
    angle_plot(data, side, settings.position, ids[1].c_str(), ImVec2(avail.x - half - spacing.x, top));
    decay_plot(data, side, settings.context, ids[2].c_str(), ImVec2(avail.x, 0.0f));
  } else if ((avail.x >= 2.0f * avail.y && avail.y < 24.0f * em) ||
             (avail.y < 3.0f * min_stacked_plot * em && avail.x >= 3.0f * min_row_plot * em)) {
    // Low and wide (a projector's caption band below, a grid cell): three plots in a row rather than
    // three slivers stacked.
    const float third = std::floor((avail.x - 2.0f * spacing.x) / 3.0f);
    wavelength_plot(data, side, ids[0].c_str(), ImVec2(third, avail.y), !low_slide);
    ImGui::SameLine();
    angle_plot(data, side, settings.position, ids[1].c_str(), ImVec2(third, avail.y), !low_slide);
    ImGui::SameLine();
    decay_plot(data, side, settings.context, ids[2].c_str(),
               ImVec2(avail.x - 2.0f * (third + spacing.x), avail.y), !low_slide);
  } else if (avail.y >= 3.0f * min_stacked_plot * em) {
    const float each = std::floor((avail.y - 2.0f * spacing.y) / 3.0f);
    wavelength_plot(data, side, ids[0].c_str(), ImVec2(avail.x, each));
    angle_plot(data, side, settings.position, ids[1].c_str(), ImVec2(avail.x, each));
    decay_plot(data, side, settings.context, ids[2].c_str(), ImVec2(avail.x, 0.0f));
  } else if (ImGui::BeginTabBar((std::string("##rope_plots_") + name).c_str())) {
    // Neither stacked nor in a row would the plots get the height for more than one tick: one plot
    // at a time, under a tab row, with the whole space.
    const char* tabs[3] = {tr("views.rope.tab_wavelength"), tr("views.rope.tab_angle"),
                           tr("views.rope.tab_decay")};
    for (int plot = 0; plot < 3; ++plot) {
      if (!ImGui::BeginTabItem((std::string(tabs[plot]) + "###" + ids[plot]).c_str())) continue;
      const ImVec2 rest = ImGui::GetContentRegionAvail();
      if (plot == 0) wavelength_plot(data, side, ids[0].c_str(), rest);
      if (plot == 1) angle_plot(data, side, settings.position, ids[1].c_str(), rest);
      if (plot == 2) decay_plot(data, side, settings.context, ids[2].c_str(), ImVec2(rest.x, 0.0f));
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::EndChild();
}

void draw_rope_view(AcrossContext& view) {
  draw_rope_controls(view);
  // At full size even when presenting (three lines at 1024 px): a slide's text is never smaller.
  const bool drawn =
      view.lessons.presenting && view.across && view.across->rope && view.across->rope->error.empty();
  draw_legend(drawn ? view.across->rope.get() : nullptr, view.settings.rope.compare);
  // Presenting one scaling, it is read beside the key's last entry when it fits there: a line more for
  // the plots.
  const bool scaling_in_key = view.lessons.presenting && !view.settings.rope.compare;
  if (scaling_in_key) {
    const std::string line = scaling_line("A", view.settings.rope.scaling_a);
    ImGui::SameLine(0.0f, 1.5f * ImGui::GetFontSize());
    if (ImGui::CalcTextSize(line.c_str()).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();
    ImGui::TextUnformatted(line.c_str());
  }
  const RopeViewSettings& settings = view.settings.rope;
  // Computed by the across worker from the settings (screenshots wait until it has settled).
  const std::shared_ptr<const AcrossData> across = view.across;
  if (!across || !across->rope) {
    ImGui::TextUnformatted(tr("views.rope.computing"));
    return;
  }
  const RopeViewData& data = *across->rope;
  const bool current = across->is_fresh(item_rope) && across->request.rope == settings;
  if (!data.error.empty()) {
    note_text("%s", trf("views.rope.error", {data.error}).c_str());
    return;
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  if (!current) {  // the previous numbers stay while the new ones are computed
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const char* text = tr("views.rope.updating");
    ImGui::GetWindowDrawList()->AddText(
        ImVec2(at.x + avail.x - ImGui::CalcTextSize(text).x, at.y - ImGui::GetTextLineHeightWithSpacing()),
        ImGui::GetColorU32(ImGuiCol_TextDisabled), text);
  }
  const float half = std::floor(0.5f * (avail.x - spacing));
  if (!settings.compare) {
    draw_side(view, data, 0, avail, false, scaling_in_key);
  } else if (half >= 30.0f * ImGui::GetFontSize()) {
    draw_side(view, data, 0, ImVec2(half, avail.y), true);
    ImGui::SameLine();
    draw_side(view, data, 1, ImVec2(avail.x - half - spacing, avail.y), true);
  } else if (ImGui::BeginTabBar("##rope_sides")) {
    // Two columns too narrow for three readable plots each (a projector's font, a grid cell): A and
    // B take turns under a tab row, each with the whole width.
    for (int index : {0, 1}) {
      const RopeScaling& scaling = index == 0 ? settings.scaling_a : settings.scaling_b;
      const std::string tab = std::string(index == 0 ? "A · " : "B · ") +
                              std::string(to_string(scaling.type)) +
                              (index == 0 ? "###rope_tab_a" : "###rope_tab_b");
      if (ImGui::BeginTabItem(tab.c_str())) {
        draw_side(view, data, index, ImGui::GetContentRegionAvail(), false);
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
}

using namespace export_arrays;

// The arrays behind the view, for its Export menu (view_data_export.hpp).
std::vector<ExportArray> export_rope_data(const ExportContext& sources, std::size_t, ExportDetail) {
  // What the view draws: the across worker's numbers for the rope view's settings, when current.
  const std::shared_ptr<const AcrossData> across = fresh_across(sources, item_rope);
  if (!(across->request.rope == sources.settings.rope)) throw std::runtime_error(tr("export.not_ready"));
  const RopeViewData& data = *across->rope;
  require_no_error(data.error);
  std::vector<std::vector<double>> extra;
  extra.reserve(16);
  std::vector<std::pair<std::string, const std::vector<double>*>> columns{
      {"pair", &data.pair_index},
      {"wavelength before", &data.wavelength_before},
      {"L theta", &data.seen_angle}};
  for (int s = 0; s < data.side_count; ++s) {
    const RopeSideData& side = data.sides[static_cast<std::size_t>(s)];
    if (!side.error.empty()) continue;
    const std::string tag = data.side_count > 1 ? std::string(" ") + static_cast<char>('1' + s) : "";
    std::vector<double> wavelength, turns, ramp;
    for (const RopePairInfo& pair : side.analysis.pairs) {
      wavelength.push_back(pair.wavelength_after);
      turns.push_back(pair.turns_after);
      ramp.push_back(pair.ramp);
    }
    extra.push_back(std::move(wavelength));
    columns.emplace_back("wavelength after" + tag, &extra.back());
    extra.push_back(std::move(turns));
    columns.emplace_back("turns after" + tag, &extra.back());
    extra.push_back(std::move(ramp));
    columns.emplace_back("ramp" + tag, &extra.back());
    columns.emplace_back("angle before" + tag, &side.angle_before);
    columns.emplace_back("angle after" + tag, &side.angle_after);
  }
  std::vector<ExportArray> arrays{
      columns_array("pairs", "per RoPE pair: wavelengths, turns within the context, ramp and angles at p",
                    "row: pair i", columns)};
  arrays.push_back(columns_array("decay-before", "the all-ones q·k score against distance m without scaling",
                                 "row: one drawn m",
                                 {{"m", &data.decay_before.x}, {"score", &data.decay_before.y}}));
  return arrays;
}

}  // namespace

// The view's row in the registry (view_registry.hpp).
constinit const ViewType rope_view_type = {
    .id = "rope",
    .title = "RoPE frequency scaling",
    .summary =
        "per pair: wavelength, angle at p and regime before and after two scalings of a model; q·k decay "
        "with distance",
    .needs = item_rope,
    .scope = ViewScope::across_configs,
    .width = 2.0f,
    .draw_across = draw_rope_view,
    .export_data = export_rope_data,
};

}  // namespace pelab::app::ui
