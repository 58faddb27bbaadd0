#include "ui/app_ui.hpp"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <functional>
#include <set>

#include "gfx/fonts.hpp"
#include "pelab/io/data_dir.hpp"
#include "pelab/io/hf_cache.hpp"
#include "plot/plot.hpp"
#include "plot/rich_text.hpp"
#include "state/i18n.hpp"
#include "state/session.hpp"
#include "ui/panels.hpp"
#include "ui/platform_files.hpp"
#include "ui/theme.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {
namespace {

constexpr std::size_t max_recent_tables = 8;

// The views shown now: the maximised one alone, else the grid's.
std::vector<const ViewType*> visible_views(const AppState& state) {
  std::vector<const ViewType*> views;
  if (state.layout.maximized) {
    if (const ViewType* view = find_view(*state.layout.maximized)) return {view};
  }
  for (const std::string& id : state.layout.views) {
    if (const ViewType* view = find_view(id)) views.push_back(view);
  }
  return views;
}

// What `views` need from every configuration.
Needs needs_of(const std::vector<const ViewType*>& views) {
  Needs needs = 0;
  for (const ViewType* view : views) needs |= view->needs;
  return needs;
}

// What the visible views need from every configuration.
Needs visible_needs(const AppState& state) { return needs_of(visible_views(state)); }

}  // namespace

void add_notice(AppContext& app, std::string text, bool is_error) {
  std::fprintf(stderr, "pelab: %s\n", text.c_str());
  app.notices.push_back(Notice{std::move(text), is_error, ++app.notices_added, -1.0});
}

bool open_session(AppContext& app, const std::filesystem::path& path) {
  SessionLoad load = load_session_file(path, view_ids());
  if (!load.state) {
    std::string text = tr("notice.session_refused");
    for (const std::string& problem : load.problems) text += "\n  " + problem;
    add_notice(app, std::move(text), true);
    return false;
  }
  // Table paths in a session are relative to the session file (presets ship their tables beside them);
  // an hf:ORG/NAME model in the local Hugging Face cache is a name, not a path.
  for (Slot& slot : load.state->slots) {
    std::filesystem::path table(slot.config.table_path);
    if (!table.empty() && table.is_relative() && !names_hf_model(slot.config.table_path))
      slot.config.table_path = (path.parent_path() / table).lexically_normal().string();
  }
  const bool font_changed = !(load.state->ui == app.state.ui);
  app.state = std::move(*load.state);
  app.session_path = path;
  app.requests.rebuild_fonts = app.requests.rebuild_fonts || font_changed;
  if (app.state.ui.language) {
    if (!parse_language(*app.state.ui.language))
      add_notice(app, trf("notice.language_missing", {*app.state.ui.language, language_list()}), true);
    set_language(*app.state.ui.language);
  }
  return true;
}

void save_session(AppContext& app, const std::filesystem::path& path) {
  try {
    std::error_code ec;
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
    save_session_file(path, app.state);
    app.session_path = path;
    add_notice(app, trf("notice.session_saved", {path.string()}), false);
    deliver_file(path);
  } catch (const std::exception& error) {
    add_notice(app, trf("notice.session_not_saved", {error_message(error)}), true);
  }
}

const LoadedSource& table_source(AppContext& app, const std::string& path, const std::string& tensor) {
  const auto key = std::make_pair(path, tensor);
  auto found = app.sources.find(key);
  if (found != app.sources.end()) return found->second;
  LoadedSource source;
  try {
    // Only the part the app can show is read: a larger table costs the window's memory, not the file's.
    source.info =
        load_position_table(path, tensor, default_max_table_bytes, {}, TableWindow{max_positions, max_dims});
    source.values = std::make_shared<const Matrix>(std::move(source.info.values));
    source.info.values = Matrix();
    auto& recent = app.recent_tables;
    recent.erase(std::remove(recent.begin(), recent.end(), path), recent.end());
    recent.insert(recent.begin(), path);
    if (recent.size() > max_recent_tables) recent.resize(max_recent_tables);
  } catch (const std::exception& error) {
    source.error = error_message(error);
  }
  return app.sources.emplace(key, std::move(source)).first->second;
}

void notice_table_cut(AppContext& app, const LoadedSource& source) {
  if (source.info.stored_rows > max_positions) {
    add_notice(app,
               trf("notice.table_too_long",
                   {std::to_string(source.info.stored_rows), std::to_string(max_positions)}),
               true);
  }
  if (source.info.stored_cols > max_dims) {
    add_notice(
        app,
        trf("notice.table_too_wide", {std::to_string(source.info.stored_cols), std::to_string(max_dims)}),
        true);
  }
}

bool open_table(AppContext& app, const std::string& path, const std::string& tensor) {
  // A failed attempt is not cached: the user may fix the file and try again.
  app.sources.erase(std::make_pair(path, tensor));
  const LoadedSource& source = table_source(app, path, tensor);
  if (!source.values) {
    add_notice(app, trf("notice.table_refused", {source.error}), true);
    app.sources.erase(std::make_pair(path, tensor));
    return false;
  }
  Slot& slot = app.state.active_slot();
  const Slot before = slot;
  Config& config = slot.config;
  config.encoding.kind = EncodingKind::learned;
  config.table_path = path;
  config.tensor = tensor.empty() ? source.info.tensor : tensor;
  config.encoding.start = 0;
  config.encoding.dims = std::min<std::int64_t>(source.values->cols(), max_dims);
  config.encoding.positions = std::min<std::int64_t>(source.values->rows(), max_positions);
  notice_table_cut(app, source);
  propagate_links(app.state, app.state.active, before);
  add_notice(app, trf("notice.table_opened", {source.info.description}), false);
  if (!keep_opened_table(path))
    add_notice(app, trf("notice.table_not_kept", {std::to_string(kept_table_max_bytes >> 20)}), false);
  return true;
}

void load_ui_strings(AppContext& app) {
  std::vector<std::string> problems;
  if (load_strings(pelab::data_dir() / "i18n", problems)) problems.clear();
  use_loaded_ui_strings(app, problems);
}

void use_loaded_ui_strings(AppContext& app, std::span<const std::string> load_problems) {
  for (const std::string& problem : load_problems) add_notice(app, "UI strings: " + problem, true);
  if (app.state.ui.language && !parse_language(*app.state.ui.language))
    add_notice(app, trf("notice.language_missing", {*app.state.ui.language, language_list()}), true);
  set_language(app.state.ui.language.value_or(system_language()));
  refresh_lesson_list(app);
  app.model_presets = load_model_presets(models_dir());  // sentences in the language just set
  // The atlas holds the glyphs of every UI string and every lesson, in every language.
  std::string glyphs = all_strings_text();
  for (const LessonInfo& info : app.lesson_menu.lessons) glyphs += info.all_text;
  app.font_glyphs.set_text(std::move(glyphs));
}

void refresh_lesson_list(AppContext& app) {
  app.lesson_menu.lessons = list_all_lessons();
  const std::size_t count = app.lesson_menu.lessons.size();
  app.lesson_menu.chosen = count == 0 ? 0 : std::min(app.lesson_menu.chosen, count - 1);
}

namespace {

// What a worker calls after each publication: count it, then wake the event loop.
std::function<void()> on_worker_result(const AppContext& app) {
  return [results = app.results, wake = app.wake] {
    results->notify();
    if (wake) wake();
  };
}

}  // namespace

void sync_runtimes(AppContext& app) {
  const std::vector<const ViewType*> views = visible_views(app.state);
  const Needs needs = needs_of(views);
  std::set<int> alive;
  for (Slot& slot : app.state.slots) {
    Config& config = slot.config;
    clamp_encoding(config.encoding);
    alive.insert(config.id);
    std::unique_ptr<ComputeWorker>& worker = app.workers[config.id];
    if (!worker)
      worker = std::make_unique<ComputeWorker>(on_worker_result(app), default_partial_interval,
                                               compute_slices_of_build(app.slices));
    ComputeRequest request;
    request.table.encoding = config.encoding;
    if (config.encoding.kind == EncodingKind::learned && !config.table_path.empty()) {
      const LoadedSource& source = table_source(app, config.table_path, config.tensor);
      request.table.learned = source.values;
      request.table.source_error = source.error;
    }
    request.selection = clamped(slot.selection, config.encoding);
    // The metric is an input of the similarity item, which more than one view draws.
    request.metric = app.state.display.metric;
    // A view's own inputs come from its row; a hidden view's stay at their defaults, so changing
    // its settings asks no worker for anything.
    for (const ViewType* view : views)
      if (view->request_inputs) view->request_inputs(app.state.views, app.state.display, request);
    request.needs = needs & config_items;
    worker->request(request);
  }
  std::erase_if(app.workers, [&](const auto& entry) { return !alive.contains(entry.first); });
  std::erase_if(app.config_images, [&](const auto& entry) { return !alive.contains(entry.first); });
  if (!app.across)
    app.across = std::make_unique<AcrossWorker>(on_worker_result(app), default_partial_interval,
                                                compute_slices_of_build(app.slices));
  app.across->request(current_across_request(app));
}

AcrossContext across_context(AppContext& app) {
  std::vector<std::shared_ptr<const ViewData>> data(app.state.slots.size());
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = latest_data(app, i);
  return AcrossContext{app.state.slots,    app.state.display,
                       app.state.views,    app.state.hover,
                       std::move(data),    app.across ? app.across->latest() : nullptr,
                       app.lessons,        app.capture_mode,
                       app.draw_observer,  *app.renderer,
                       app.colormaps,      app.placements,
                       app.difference_gpu, app.difference_on_window,
                       app.model_presets};
}

AcrossRequest current_across_request(const AppContext& app) {
  return across_request_for(app, visible_needs(app.state));
}

AcrossRequest across_request_for(const AppContext& app, Needs needs) {
  const DisplaySettings& display = app.state.display;
  const std::size_t last = app.state.slots.size() - 1;
  std::shared_ptr<const ViewData> a, b;  // the difference view's A and B, as it clamps them
  if (last > 0) {
    a = latest_data(app, std::min(display.difference_a, last));
    b = latest_data(app, std::min(display.difference_b, last));
  }
  return across_request(app.state, needs, a.get(), b.get(), app.difference_on_window);
}

std::shared_ptr<const ViewData> latest_data(const AppContext& app, std::size_t index) {
  if (index >= app.state.slots.size()) return nullptr;
  const auto found = app.workers.find(app.state.slots[index].config.id);
  if (found == app.workers.end() || !found->second) return nullptr;
  return found->second->latest();
}

bool all_settled(const AppContext& app) {
  for (const Slot& slot : app.state.slots) {
    const auto found = app.workers.find(slot.config.id);
    if (found == app.workers.end() || !found->second || !found->second->settled()) return false;
  }
  // The across worker on what the state asks for now (the difference's inputs are the newest
  // data of two configurations, which may have arrived since the last request).
  return app.across && app.across->settled_on(current_across_request(app));
}

namespace {

// A linked parameter edited in one configuration (sidebar, click in a view, keys) moves in all;
// `before` is the slots as they were, and becomes them as they are now.
void propagate_edit(AppState& state, std::vector<Slot>& before) {
  if (before.size() == state.slots.size()) {
    for (std::size_t i = 0; i < before.size(); ++i) {
      if (before[i].config.id == state.slots[i].config.id && !(before[i] == state.slots[i])) {
        propagate_links(state, i, before[i]);
        break;
      }
    }
  }
  before = state.slots;
}

}  // namespace

void draw_app(AppContext& app) {
  app.placements.clear();
  play_lesson_animation(app);  // the animation is the step's state moving, not an edit to propagate
  std::vector<Slot> before = app.state.slots;
  handle_shortcuts(app);

  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize(viewport->WorkSize);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  // No background: gfx clears the frame to ImGuiCol_WindowBg, the same pixels without a full-screen
  // rectangle for the (software) rasteriser to blend.
  ImGui::Begin("pelab", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoBackground);
  ImGui::PopStyleVar();
  // ImGui leaves out the border of a window without background: drawn as ImGui would (outside the
  // content's clip rectangle).
  if (ImGui::GetStyle().WindowBorderSize > 0.0f) {
    const ImVec2 pos = ImGui::GetWindowPos(),
                 end(pos.x + ImGui::GetWindowWidth(), pos.y + ImGui::GetWindowHeight());
    ImDrawList* border = ImGui::GetWindowDrawList();
    border->PushClipRect(pos, end, false);
    border->AddRect(pos, end, ImGui::GetColorU32(ImGuiCol_Border), 0.0f, 0,
                    ImGui::GetStyle().WindowBorderSize);
    border->PopClipRect();
  }

  const ImGuiStyle& style = ImGui::GetStyle();
  const bool presenting = app.lessons.presenting;
  plot::SetHoverReadout(!presenting);  // the class sees the slide, not the presenter's cursor coordinates
  plot::SetMinTextScale(presenting ? 1.0f : plot::default_min_text_scale);  // slides: the presenter's size
  if (presenting && app.lessons.blank) {  // B in presenter mode: nothing but black
    ImGui::GetWindowDrawList()->AddRectFilled(
        viewport->Pos, ImVec2(viewport->Pos.x + viewport->Size.x, viewport->Pos.y + viewport->Size.y),
        IM_COL32(0, 0, 0, 255));
    ImGui::End();
    return;
  }
  const float status_height = presenting ? 0.0f : ImGui::GetFrameHeight() + style.ItemSpacing.y;
  const float band_height = lesson_band_height(app);
  const bool narrow = narrow_layout(app);
  if (narrow) draw_narrow_bar(app);
  const float main_height = ImGui::GetContentRegionAvail().y - status_height -
                            (band_height > 0.0f ? band_height + style.ItemSpacing.y : 0.0f);
  if (app.state.layout.show_sidebar && !narrow) {
    const float em = ImGui::GetFontSize();
    const float width = (app.state.layout.sidebar_width > 0.0f ? app.state.layout.sidebar_width : 19.0f) * em;
    ImGui::BeginChild("sidebar", ImVec2(width, main_height), true);
    draw_sidebar_panel(app);
    ImGui::EndChild();
    ImGui::SameLine();
  }
  // A narrow strip between sidebar and views hides or shows the sidebar (also F9), so a projector
  // at 1024 × 768 can give the views the whole width.
  if (!presenting && !narrow) {
    const bool shown = app.state.layout.show_sidebar;
    if (ImGui::Button(shown ? "◀##sidebar" : "▶##sidebar", ImVec2(0.9f * ImGui::GetFontSize(), main_height)))
      app.state.layout.show_sidebar = !shown;
    if (!app.capture_mode) item_tooltip(shown ? tr("app.hide_sidebar.tip") : tr("app.show_sidebar.tip"));
    ImGui::SameLine();
  }
  // The keys and the sidebar may have changed parameters: linked ones move in every configuration
  // now, and the workers are asked for them before the views draw (not a frame later).
  propagate_edit(app.state, before);
  sync_runtimes(app);
  const ImVec2 views_top_left = ImGui::GetCursorScreenPos();
  ImGui::BeginChild("views", ImVec2(0.0f, main_height), false, ImGuiWindowFlags_NoScrollbar);
  draw_view_area(app);
  ImGui::EndChild();
  if (narrow) draw_sidebar_drawer(app, views_top_left, main_height);
  if (band_height > 0.0f && app.lessons.lesson) draw_lesson_band(app, band_height);
  if (!presenting) draw_status_bar(app);
  ImGui::End();
  draw_notices_banner(app);  // floating over the views, after them
  draw_path_popups(app);
  draw_lesson_editor(app);

  // Edits made in the views (a click on a heatmap) move in the linked configurations too.
  propagate_edit(app.state, before);
}

ImU32 config_color(Theme theme, std::size_t index) {
  return ImGui::ColorConvertFloat4ToU32(config_text_color(theme, index));
}

void note_text(const char* format, ...) {
  va_list args;
  va_start(args, format);
  // Formulas in notes carry script markup ("wₖ = base^{−2k/D}"): drawn raised, not as TeX source.
  char buffer[2048];
  const int length = std::vsnprintf(buffer, sizeof buffer, format, args);
  va_end(args);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::PushTextWrapPos(0.0f);
  plot::TextWrappedRich(std::string_view(buffer, static_cast<size_t>(std::clamp(length, 0, 2047))));
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

float note_text_height(const char* text) {
  return plot::CalcRichTextWrappedSize(text, ImGui::GetContentRegionAvail().x).y +
         ImGui::GetStyle().ItemSpacing.y;
}

std::string ordinal(std::int64_t n) {
  // A language whose sentences carry the ordinal themselves ("8번째") gives "format.ordinal": "{0}";
  // English (and any language without the key) gets its suffix here.
  if (const std::string pattern = tr_or("format.ordinal", ""); !pattern.empty()) {
    std::string text = pattern;
    if (const std::size_t at = text.find("{0}"); at != std::string::npos)
      text.replace(at, 3, std::to_string(n));
    return text;
  }
  const std::int64_t tens = n % 100, ones = n % 10;
  const char* suffix = (tens >= 11 && tens <= 13) ? "th"
                       : ones == 1                ? "st"
                       : ones == 2                ? "nd"
                       : ones == 3                ? "rd"
                                                  : "th";
  return std::to_string(n) + suffix;
}

void same_line_if_fits(float width) {
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

float labelled_width(float frame_width, const char* label) {
  const float text = ImGui::CalcTextSize(label, nullptr, true).x;  // up to "##"
  return frame_width + (text > 0.0f ? ImGui::GetStyle().ItemInnerSpacing.x + text : 0.0f);
}

void item_tooltip(const char* text) {
  // Not while the item is held (a slider dragged): the tooltip would cover the views that follow it.
  if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) || ImGui::IsItemActive()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
  plot::TextWrappedRich(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace pelab::app::ui
