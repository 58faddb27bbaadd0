// The controls. Every one edits the state directly (immediate mode); the compute workers notice
// the change by comparing requests. Texts about an encoding (formulas, what base means, why a
// parameter does not apply) come from core (pelab/kinds.hpp); controls a kind does not read are
// disabled with that sentence as their tooltip.
#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "pelab/kinds.hpp"
#include "plot/plot.hpp"
#include "state/i18n.hpp"
#include "state/state_link.hpp"
#include "ui/config_names.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {
namespace {

// Core states what each kind is; a translation, where the language has one, replaces the sentence.
std::string kind_tooltip(EncodingKind kind) {
  const KindText text = kind_text(kind);
  const std::string key = "kind." + std::string(to_string(kind)) + ".lesson";
  return std::string(text.formula) + "\n" + tr_or(key.c_str(), text.lesson);
}

// The control the current lesson step points at ("base", "position", ...), "" when none.
std::string_view pointed_control(const AppContext& app) {
  const LessonPlayer& player = app.lessons;
  if (!player.lesson) return {};
  const std::optional<Highlight>& highlight = player.lesson->steps[player.step].highlight;
  return highlight && highlight->kind == HighlightKind::control ? std::string_view(highlight->target)
                                                                : std::string_view();
}

// Marks the controls drawn during its lifetime when the lesson step points at `id`: a thick frame in
// the accent colour of view highlights around the whole row (label and widget), the same in every
// frame (a pulse would need the idle app to redraw continuously), and the sidebar scrolled to it
// once when the step is shown.
class ControlMark {
 public:
  ControlMark(AppContext& app, std::string_view id) : marked_(!id.empty() && pointed_control(app) == id) {
    if (!marked_) return;
    top_ = ImGui::GetCursorScreenPos().y;
    ControlScroll& scrolled = app.control_scroll;
    const void* lesson = &*app.lessons.lesson;
    scroll_ = scrolled.lesson != lesson || scrolled.step != app.lessons.step;
    scrolled = ControlScroll{lesson, app.lessons.step};
  }
  ControlMark(const ControlMark&) = delete;
  ControlMark& operator=(const ControlMark&) = delete;
  ~ControlMark() {
    if (!marked_) return;
    const float em = ImGui::GetFontSize(), pad = 0.2f * em;
    const ImVec2 window = ImGui::GetWindowPos();
    const float left = window.x + ImGui::GetWindowContentRegionMin().x - pad;
    const float right = window.x + ImGui::GetWindowContentRegionMax().x + pad;
    const float bottom = ImGui::GetItemRectMax().y + pad;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->PushClipRectFullScreen();
    draw->AddRect(ImVec2(left, top_ - pad), ImVec2(right, bottom), IM_COL32(255, 170, 0, 255), 0.25f * em, 0,
                  0.18f * em);
    draw->PopClipRect();
    if (scroll_) ImGui::SetScrollHereY(0.5f);
  }

 private:
  bool marked_;
  bool scroll_ = false;
  float top_ = 0.0f;
};

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
bool enum_combo(const char* label, Enum& value, const Range& values, const char* tooltip,
                const char* option_key = nullptr) {
  row_label(label, tooltip);
  const std::string id = std::string("##") + label;
  // Options are session words ("same-kind"); with option_key they are shown translated
  // (option_key + "." + word), names such as colormaps stay as they are.
  const auto shown = [option_key](Enum option) {
    const std::string word(to_string(option));
    return option_key ? tr_or((std::string(option_key) + "." + word).c_str(), word) + "##" + word : word;
  };
  bool changed = false;
  if (ImGui::BeginCombo(id.c_str(), shown(value).c_str())) {
    for (Enum option : values) {
      const bool selected = option == value;
      if (ImGui::Selectable(shown(option).c_str(), selected)) {
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
void section(const AppContext& app, const char* title) {
  ImGui::Spacing();
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, theme_text_colors(app.state.ui.theme).heading);
  ImGui::TextUnformatted(title);
  ImGui::PopStyleColor();
  ImGui::Separator();
}

// The span the base slider drags over (logarithmic): the bases models use, from 1 (every column
// the same frequency) to a billion. A value typed into it (Ctrl+click) may lie anywhere in core's
// base_range, as in a CONFIG or pelab-cli's --base.
constexpr double base_drag_lowest = 1.0, base_drag_highest = 1e9;

void draw_encoding_controls(AppContext& app) {
  Slot& slot = app.state.active_slot();
  EncodingParams& e = slot.config.encoding;
  const std::string tooltip = kind_tooltip(e.kind);
  {
    const ControlMark mark(app, "kind");
    row_label(tr("sidebar.encoding"), tooltip.c_str());
    if (ImGui::BeginCombo("##kind", std::string(to_string(e.kind)).c_str())) {
      for (EncodingKind kind : all_encoding_kinds()) {
        if (ImGui::Selectable(std::string(to_string(kind)).c_str(), kind == e.kind)) e.kind = kind;
        item_tooltip(kind_tooltip(kind).c_str());
      }
      ImGui::EndCombo();
    }
    item_tooltip(tooltip.c_str());
  }
  {
    const ControlMark mark(app, "positions");
    slider_int64("N", e.positions, view_positions_range.lowest, view_positions_range.highest,
                 tr("sidebar.n.tip"), true);
  }
  {
    const ControlMark mark(app, "dims");
    slider_int64("D", e.dims, view_dims_range.lowest, view_dims_range.highest, tr("sidebar.d.tip"), true);
  }

  const std::optional<std::string_view> base_unused = unused_parameter_reason(e.kind, KindParameter::base);
  const std::string base_key =
      "kind." + std::string(to_string(e.kind)) + (base_unused ? ".base_unused" : ".base");
  const std::string base_tooltip = tr_or(base_key.c_str(), base_unused ? *base_unused : base_meaning(e.kind));
  ImGui::BeginDisabled(base_unused.has_value());
  std::optional<ControlMark> base_mark;
  base_mark.emplace(app, "base");
  row_label(tr("sidebar.base"), base_tooltip.c_str());
  ImGui::SliderScalar("##base", ImGuiDataType_Double, &e.base, &base_drag_lowest, &base_drag_highest, "%.6g",
                      ImGuiSliderFlags_Logarithmic);
  e.base = base_range.clamp(e.base);
  item_tooltip(base_tooltip.c_str());
  // One-click values on their own line under the slider, so the slider keeps the full width.
  ImGui::SetCursorPosX(6.5f * ImGui::GetFontSize());  // the column row_label puts controls in
  ImGui::TextDisabled("%s", tr("sidebar.set"));
  ImGui::SameLine();
  if (ImGui::Button("10000")) e.base = 10000.0;
  item_tooltip(base_unused ? base_tooltip.c_str() : tr("sidebar.base10000.tip"));
  ImGui::SameLine();
  if (ImGui::Button("100")) e.base = 100.0;
  item_tooltip(base_unused ? base_tooltip.c_str() : tr("sidebar.base100.tip"));
  base_mark.reset();
  ImGui::EndDisabled();

  const char* start_tooltip = tr("sidebar.start.tip");
  {
    const ControlMark mark(app, "start");
    row_label(tr("sidebar.start"), start_tooltip);
    const std::int64_t step = 1, fast_step = 100;
    ImGui::InputScalar("##start", ImGuiDataType_S64, &e.start, &step, &fast_step, "%lld");
    item_tooltip(start_tooltip);
  }
  e.start = view_start_range.clamp(e.start);

  if (reads(e.kind, KindParameter::binary_signed)) {
    const ControlMark mark(app, "binary_signed");
    ImGui::Checkbox(tr("sidebar.signed"), &e.binary_signed);
    item_tooltip(tr("sidebar.signed.tip"));
  }
  if (reads(e.kind, KindParameter::table)) {
    {
      const ControlMark mark(app, "table");
      draw_table_source_controls(app);
    }
    if (slot.config.table_path.empty() && reads(e.kind, KindParameter::sigma)) {
      {
        const ControlMark mark(app, "sigma");
        row_label("σ", tr("sidebar.sigma.tip"));
        const double sigma_lo = 0.0, sigma_hi = 1.0;
        ImGui::SliderScalar("##sigma", ImGuiDataType_Double, &e.sigma, &sigma_lo, &sigma_hi, "%.4g");
        item_tooltip(tr("sidebar.sigma.tip"));
      }
      const ControlMark mark(app, "seed");
      row_label("seed", tr("sidebar.seed.tip"));
      const std::uint64_t one = 1;
      ImGui::InputScalar("##seed", ImGuiDataType_U64, &e.seed, &one, nullptr, "%llu");
      item_tooltip(tr("sidebar.seed.tip"));
    }
  }
}

void draw_selection_controls(AppContext& app) {
  Slot& slot = app.state.active_slot();
  const EncodingParams& e = slot.config.encoding;
  // The sliders show the selection as used (inside the table); only a slider the user moves stores
  // its value, so p and k set on a long table survive N passing through small values.
  Selection shown = clamped(slot.selection, e);
  {
    const ControlMark mark(app, "position");
    const ParameterRange<std::int64_t> bounds = position_bounds(e);
    slider_int64("p  (↑ ↓)", shown.position, bounds.lowest, bounds.highest, tr("sidebar.p.tip"));
  }
  {
    const ControlMark mark(app, "offset");
    const ParameterRange<std::int64_t> bounds = offset_bounds(e);
    slider_int64("k", shown.offset, bounds.lowest, bounds.highest, tr("sidebar.k.tip"));
  }
  {
    const ControlMark mark(app, "dimension");
    const ParameterRange<std::int64_t> bounds = dimension_bounds(e);
    slider_int64("i  (← →)", shown.dimension, bounds.lowest, bounds.highest, tr("sidebar.i.tip"));
  }
  move_selection(slot, shown);
  DisplaySettings& display = app.state.display;
  const ControlMark mark(app, "neighbour_curves");
  const char* neighbours_tooltip = tr("sidebar.neighbours.tip");
  row_label(tr("sidebar.neighbours"), neighbours_tooltip);
  ImGui::SliderInt("##neighbours", &display.neighbour_curves, 0, max_neighbour_curves);
  item_tooltip(neighbours_tooltip);
}

void draw_colour_controls(AppContext& app) {
  DisplaySettings& display = app.state.display;
  {
    const ControlMark mark(app, "colormap");
    enum_combo(tr("sidebar.colormap"), display.colormap, all_colormaps(), tr("sidebar.colormap.tip"));
  }
  std::optional<ControlMark> range_mark;
  range_mark.emplace(app, "range_mode");
  const char* range_tooltip = tr("sidebar.range.tip");
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("sidebar.range"));
  item_tooltip(range_tooltip);
  ImGui::SameLine();
  for (RangeMode mode : {RangeMode::automatic, RangeMode::symmetric, RangeMode::fixed}) {
    const std::string word(to_string(mode));
    const std::string shown = tr_or(("option.range_mode." + word).c_str(), word) + "##" + word;
    if (ImGui::RadioButton(shown.c_str(), display.range_mode == mode)) display.range_mode = mode;
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
    item_tooltip(tr("sidebar.fixed.tip"));
  }
  range_mark.reset();
  if (app.state.slots.size() > 1) {
    const ControlMark mark(app, "scale_sharing");
    enum_combo(tr("sidebar.scale"), display.scale_sharing,
               std::array{ScaleSharing::same_kind, ScaleSharing::always, ScaleSharing::never},
               tr("sidebar.scale.tip"), "option.scale_sharing");
  }
}

void draw_similarity_rotation_controls(AppContext& app) {
  DisplaySettings& display = app.state.display;
  {
    const ControlMark mark(app, "metric");
    enum_combo(tr("sidebar.metric"), display.metric,
               std::array{SimilarityMetric::dot, SimilarityMetric::cosine, SimilarityMetric::distance},
               tr("sidebar.metric.tip"), "option.metric");
  }
  const ControlMark mark(app, "convention");
  const char* convention_tooltip = tr("sidebar.convention.tip");
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("T(k)");
  item_tooltip(convention_tooltip);
  ImGui::SameLine();
  if (ImGui::RadioButton(tr("sidebar.column"), display.convention == RotationConvention::column))
    display.convention = RotationConvention::column;
  item_tooltip(convention_tooltip);
  ImGui::SameLine();
  if (ImGui::RadioButton(tr("sidebar.row"), display.convention == RotationConvention::row))
    display.convention = RotationConvention::row;
  item_tooltip(convention_tooltip);
  ImGui::SameLine();
  ImGui::Checkbox(tr("sidebar.both"), &display.show_both_conventions);
  item_tooltip(tr("sidebar.both.tip"));
}

void draw_view_toggles(AppContext& app) {
  const ControlMark mark(app, "views");
  std::vector<std::string>& views = app.state.layout.views;
  int column = 0;
  for (const ViewType& view : view_registry()) {
    const std::string id(view.id);
    bool shown = std::find(views.begin(), views.end(), id) != views.end();
    if (column++ % 2 == 1) ImGui::SameLine(9.5f * ImGui::GetFontSize());
    // The view's short name in the UI's language (English: its id, as --view and sessions spell it).
    const std::string label = view_short_name(view) + "##" + id;
    if (ImGui::Checkbox(label.c_str(), &shown)) {
      if (shown) {
        views.push_back(id);
      } else {
        views.erase(std::remove(views.begin(), views.end(), id), views.end());
      }
    }
    const std::string tooltip = view_title(view) + ": " + view_summary(view);
    item_tooltip(tooltip.c_str());
  }
}

// Opens the lesson editor, with a copy of the lesson being shown if there is one.
void draw_make_lesson_button(AppContext& app) {
  if (ImGui::Button(tr("sidebar.lesson.make"))) open_lesson_editor(app, app.lessons.lesson.has_value());
  item_tooltip(tr("sidebar.lesson.make.tip"));
}

void draw_lesson_controls(AppContext& app) {
  const std::vector<LessonInfo>& lessons = app.lesson_menu.lessons;
  std::size_t& chosen = app.lesson_menu.chosen;
  if (lessons.empty()) {
    ImGui::TextDisabled("%s", tr("sidebar.no_lessons"));
    draw_make_lesson_button(app);
    return;
  }
  chosen = std::min(chosen, lessons.size() - 1);
  const Language language = current_language();
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::BeginCombo("##lesson", lessons[chosen].title.in(language).c_str())) {
    // A lesson a teacher has just written joins the menu on its next frame (read between frames).
    if (ImGui::IsWindowAppearing()) app.requests.refresh_lessons = true;
    for (std::size_t n = 0; n < lessons.size(); ++n) {
      const std::string entry =
          lessons[n].title.in(language) + "  (" + std::to_string(lessons[n].steps) + ")";
      if (ImGui::Selectable(entry.c_str(), n == chosen)) chosen = n;
    }
    ImGui::EndCombo();
  }
  if (ImGui::Button(tr("sidebar.lesson.start"))) start_lesson(app, lessons[chosen].path.string());
  item_tooltip(tr("sidebar.lesson.start.tip"));
  ImGui::SameLine();
  ImGui::BeginDisabled(!app.lessons.lesson);
  if (ImGui::Button(tr("sidebar.lesson.present"))) set_presenting(app, true);
  ImGui::EndDisabled();
  item_tooltip(trf("sidebar.lesson.present.tip",
                   {lesson_key_names(LessonKeyAction::next), lesson_key_names(LessonKeyAction::previous),
                    lesson_key_names(LessonKeyAction::blank), lesson_key_names(LessonKeyAction::replay),
                    lesson_key_names(LessonKeyAction::leave)})
                   .c_str());
  // The button names the first of the console's keys; its tooltip names them all.
  const std::string console_keys = lesson_key_names(LessonKeyAction::open_console);
  const std::string console_label =
      trf("sidebar.lesson.console", {std::string_view(console_keys).substr(0, console_keys.find(','))});
  same_line_if_fits(ImGui::CalcTextSize(console_label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2.0f);
  ImGui::BeginDisabled(!app.lessons.lesson || app.presenter_console_open);
  if (ImGui::Button(console_label.c_str())) {
    app.requests.open_presenter_console = true;
    set_presenting(app, true);
  }
  ImGui::EndDisabled();
  item_tooltip(trf("sidebar.lesson.console.tip", {console_keys}).c_str());
  same_line_if_fits(ImGui::CalcTextSize(tr("sidebar.lesson.make")).x +
                    ImGui::GetStyle().FramePadding.x * 2.0f);
  draw_make_lesson_button(app);
}

void draw_display_controls(AppContext& app) {
  UiSettings& ui = app.state.ui;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("sidebar.font"));
  ImGui::SameLine();
  if (ImGui::Button(" − ")) {
    ui.font_size = std::max(min_font_size, ui.font_size - 2.0f);
    app.requests.rebuild_fonts = true;
  }
  item_tooltip(tr("sidebar.smaller.tip"));
  ImGui::SameLine();
  ImGui::Text("%.0f px", static_cast<double>(ui.font_size));
  ImGui::SameLine();
  if (ImGui::Button(" + ")) {
    ui.font_size = std::min(max_font_size, ui.font_size + 2.0f);
    app.requests.rebuild_fonts = true;
  }
  item_tooltip(tr("sidebar.larger.tip"));
  ImGui::SameLine();
  if (ImGui::Button(ui.theme == Theme::dark ? tr("sidebar.theme.light") : tr("sidebar.theme.dark"))) {
    ui.theme = ui.theme == Theme::dark ? Theme::light : Theme::dark;
    app.requests.rebuild_fonts = true;
  }
  item_tooltip(tr("sidebar.theme.tip"));
  ImGui::SameLine();
  // The button names the next language (i18n/'s directories, in order) in that language, so it can be
  // found without reading this one; with two languages it switches between them.
  const std::vector<Language> languages = available_languages();
  const auto current = std::find(languages.begin(), languages.end(), current_language());
  if (languages.size() > 1) {
    const Language other =
        current == languages.end() || current + 1 == languages.end() ? languages.front() : *(current + 1);
    if (ImGui::Button(language_name(other).c_str())) {
      ui.language = other;
      set_language(other);
    }
  }
  item_tooltip(tr("sidebar.language.tip"));
  if (ImGui::Button(tr("sidebar.open"))) app.dialog.open_requested = true;
  item_tooltip(tr("sidebar.open.tip"));
  ImGui::SameLine();
  if (ImGui::Button(tr("sidebar.save"))) app.dialog.save_requested = true;
  item_tooltip(tr("sidebar.save.tip"));
  if (ImGui::Button(tr("sidebar.copy_link"))) copy_state_link(app);
  item_tooltip(tr("sidebar.copy_link.tip"));
}

}  // namespace

std::string copy_state_link(AppContext& app) {
  std::vector<std::string> left_out;
  const std::string link = write_state_link(state_link_of(static_cast<const AppModel&>(app), left_out));
  ImGui::SetClipboardText(link.c_str());
  add_notice(app, trf("notice.link_copied", {link}), false);
  for (const std::string& what : left_out) add_notice(app, trf("notice.link_left_out", {what}), true);
  return link;
}

void draw_sidebar_panel(AppContext& app) {
  section(app, tr("sidebar.section.configs"));
  std::vector<ConfigNameSpot> names;
  {
    // The list of configurations and the links between them are one panel: either id marks it.
    const ControlMark configs(app, "configs"), links(app, "links");
    names = draw_configs_list(app);
  }
  const std::string heading =
      app.state.slots.size() > 1
          ? trf("sidebar.section.encoding_of", {std::string(1, config_letter(app.state.active))})
          : std::string(tr("sidebar.section.encoding"));
  section(app, heading.c_str());
  draw_encoding_controls(app);
  section(app, tr("sidebar.section.selection"));
  draw_selection_controls(app);
  section(app, tr("sidebar.section.colour"));
  draw_colour_controls(app);
  section(app, tr("sidebar.section.similarity"));
  draw_similarity_rotation_controls(app);
  section(app, tr("sidebar.section.views"));
  draw_view_toggles(app);
  section(app, tr("sidebar.section.lessons"));
  draw_lesson_controls(app);
  section(app, tr("sidebar.section.display"));
  draw_display_controls(app);
  draw_config_names(app.state, names);  // with the values the controls above have set in this frame
}

}  // namespace pelab::app::ui
