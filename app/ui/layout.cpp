// The view area: the visible views in a grid of bordered cells, or one maximised. ImGui 1.86 (as
// packaged by Debian) has no docking, so the grid is laid out here from the available size: one
// row for up to three views, else two rows, the cells of a row sharing its width by each view's
// registry weight. In compare mode a per-configuration view splits its cell into one panel per
// configuration (side by side when each gets a usable width, else stacked), each headed by the
// configuration's label in its colour. A panel whose data is not yet computed for the current
// settings is dimmed with a progress note.
#include <algorithm>
#include <cmath>

#include "state/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {
namespace {

// One colour range over all configurations for the table and the similarity heatmaps. A table's
// values mean different things for different kinds (a position, a bit, a sine), so "same kind" shares
// the table's scale only within one kind. The similarity is one metric (the display's) of every
// table: panels side by side compare the same quantity, so its scale is shared whenever sharing is on
// ("never" turns it off).
struct SharedRanges {
  std::optional<ValueRange> table, similarity;
};

SharedRanges shared_ranges(const AppContext& app) {
  SharedRanges ranges;
  const AppState& state = app.state;
  if (state.slots.size() < 2 || state.display.scale_sharing == ScaleSharing::never) return ranges;
  bool share_table = true;
  if (state.display.scale_sharing == ScaleSharing::same_kind) {
    for (const Slot& slot : state.slots)
      if (slot.config.encoding.kind != state.slots.front().config.encoding.kind) share_table = false;
  }
  for (std::size_t i = 0; i < state.slots.size(); ++i) {
    const std::shared_ptr<const ViewData> data = latest_data(app, i);
    if (!data) continue;
    const auto merge = [&](std::optional<ValueRange>& into, const HeatmapGrid& grid) {
      if (grid.rows == 0) return;
      const ValueRange range = display_range(grid, state.display);
      into = into ? merge_ranges(*into, range) : range;
    };
    if (share_table && data->table && data->table->error.empty()) merge(ranges.table, data->table->heatmap);
    if (data->similarity && data->similarity->error.empty())
      merge(ranges.similarity, data->similarity->heatmap);
  }
  return ranges;
}

void draw_stale_overlay(const AppContext& app, std::size_t index) {
  const auto found = app.workers.find(app.state.slots[index].config.id);
  const ComputeProgress progress =
      found != app.workers.end() && found->second ? found->second->progress() : ComputeProgress{};
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 lo = ImGui::GetWindowPos();
  const ImVec2 hi(lo.x + ImGui::GetWindowWidth(), lo.y + ImGui::GetWindowHeight());
  ImVec4 background = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  background.w = 0.55f;
  draw->AddRectFilled(lo, hi, ImGui::GetColorU32(background));
  // A spinner: an arc that turns with time, and what is being waited for.
  const float t = static_cast<float>(ImGui::GetTime());
  const float em = ImGui::GetFontSize();
  const ImVec2 centre(0.5f * (lo.x + hi.x), 0.5f * (lo.y + hi.y) - em);
  draw->PathArcTo(centre, 0.8f * em, 3.0f * t, 3.0f * t + 4.5f, 24);
  draw->PathStroke(ImGui::GetColorU32(ImGuiCol_Text), 0, 0.2f * em);
  char text[128];
  if (progress.items_needed > 0) {
    char seconds[16];
    std::snprintf(seconds, sizeof seconds, "%.1f", progress.elapsed_ms / 1000.0);
    std::snprintf(text, sizeof text, "%s",
                  trf("layout.updating_items",
                      {std::to_string(progress.items_done), std::to_string(progress.items_needed), seconds})
                      .c_str());
  } else {
    std::snprintf(text, sizeof text, "%s", tr("layout.updating"));
  }
  const ImVec2 size = ImGui::CalcTextSize(text);
  draw->AddText(ImVec2(centre.x - 0.5f * size.x, centre.y + 1.2f * em), ImGui::GetColorU32(ImGuiCol_Text),
                text);
}

// One configuration's panel of a per-configuration view.
void draw_config_panel(AppContext& app, const ViewType& view, std::size_t index, ImVec2 size, bool labelled,
                       const SharedRanges& ranges) {
  Slot& slot = app.state.slots[index];
  const std::string id = std::string(view.id) + "##config" + std::to_string(slot.config.id);
  ImGui::BeginChild(id.c_str(), size, false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  if (labelled) {
    ImGui::PushStyleColor(ImGuiCol_Text, config_color(app.state.ui.theme, index));
    const std::string label =
        std::string(1, static_cast<char>('A' + index)) + "  " + display_label(slot.config);
    ImGui::TextUnformatted(label.c_str());
    ImGui::PopStyleColor();
  }
  const std::shared_ptr<const ViewData> data = latest_data(app, index);
  ConfigGpu& images = app.config_images[slot.config.id];
  if (!data || !data->has(view.needs)) {
    ImGui::TextUnformatted(tr("status.computing"));
  } else {
    ViewContext context{app.state.views,
                        app.lessons,
                        app.capture_mode,
                        app.draw_observer,
                        index,
                        slot,
                        clamped(slot.selection, slot.config.encoding),
                        *data,
                        images,
                        app.state.display,
                        ranges.table,
                        ranges.similarity,
                        app.previous_hover,
                        app.state.hover,
                        app.placements,
                        *app.renderer,
                        app.colormaps};
    if (app.draw_observer) app.draw_observer->view_begin(app, view.id, static_cast<int>(index));
    view.draw(context);
    if (app.draw_observer) app.draw_observer->view_end(app);
  }
  if (!data || !data->is_fresh(view.needs) || !(data->request.table.encoding == slot.config.encoding))
    draw_stale_overlay(app, index);
  ImGui::EndChild();
}

// A bordered cell with the view's title and a button (or a double-click on the title) that
// maximises the view or brings the grid back.
void draw_cell(AppContext& app, const ViewType& view, ImVec2 size, const SharedRanges& ranges) {
  const std::string id(view.id);
  ImGui::BeginChild(id.c_str(), size, true,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  const bool maximized = app.state.layout.maximized == id;
  ImGui::AlignTextToFramePadding();
  const std::string title = tr_or(("view." + id + ".title").c_str(), view.title);
  ImGui::TextUnformatted(title.c_str());
  const bool title_double_clicked = ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(0);
  // The audience of presenter mode sees no buttons (the lecturer steps with keys or a clicker).
  bool pressed = false;
  if (!app.lessons.presenting) {
    draw_view_export_menu(app, view);  // view_data_export.cpp: PNG and data of this view
    const char* button = maximized ? "⊟" : "⊞";
    ImGui::SameLine(ImGui::GetContentRegionMax().x - ImGui::GetFrameHeight());
    ImGui::PushID(id.c_str());
    pressed = ImGui::Button(button, ImVec2(ImGui::GetFrameHeight(), ImGui::GetFrameHeight()));
    ImGui::PopID();
    if (!app.capture_mode) item_tooltip(maximized ? tr("layout.restore.tip") : tr("layout.maximise.tip"));
  }
  if (pressed || title_double_clicked) {
    app.state.layout.maximized = maximized ? std::nullopt : std::optional<std::string>(id);
  }
  // A lesson step that points at this view: an accent frame around the cell.
  const LessonPlayer& player = app.lessons;
  if (player.lesson) {
    const std::optional<Highlight>& highlight = player.lesson->steps[player.step].highlight;
    if (highlight && highlight->kind == HighlightKind::view && highlight->target == id) {
      const ImVec2 lo = ImGui::GetWindowPos();
      const ImVec2 hi(lo.x + ImGui::GetWindowWidth(), lo.y + ImGui::GetWindowHeight());
      ImGui::GetWindowDrawList()->AddRect(lo, hi, IM_COL32(255, 170, 0, 255), 0.0f, 0,
                                          0.25f * ImGui::GetFontSize());
    }
  }
  if (view.scope == ViewScope::across_configs) {
    if (app.draw_observer) app.draw_observer->view_begin(app, view.id, -1);
    AcrossContext context = across_context(app);
    view.draw_across(context);
    if (app.draw_observer) app.draw_observer->view_end(app);
  } else {
    const std::size_t count = app.state.slots.size();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
    const float em = ImGui::GetFontSize();
    const auto n = static_cast<float>(count);
    const float column_width = std::floor((avail.x - (n - 1.0f) * spacing.x) / n);
    const bool side_by_side = count == 1 || column_width >= 13.0f * em || avail.x >= 1.6f * avail.y;
    for (std::size_t i = 0; i < count; ++i) {
      if (side_by_side) {
        if (i > 0) ImGui::SameLine();
        const float width = i + 1 == count
                                ? avail.x - static_cast<float>(count - 1) * (column_width + spacing.x)
                                : column_width;
        draw_config_panel(app, view, i, ImVec2(width, avail.y), count > 1, ranges);
      } else {
        const float height = std::floor((avail.y - (n - 1.0f) * spacing.y) / n);
        draw_config_panel(app, view, i, ImVec2(avail.x, height), count > 1, ranges);
      }
    }
  }
  ImGui::EndChild();
}

}  // namespace

void draw_view_area(AppContext& app) {
  app.previous_hover = app.state.hover;
  app.state.hover = HoverState{};
  const SharedRanges ranges = shared_ranges(app);
  const ImVec2 area = ImGui::GetContentRegionAvail();
  if (app.state.layout.maximized) {
    if (const ViewType* view = find_view(*app.state.layout.maximized))
      return draw_cell(app, *view, area, ranges);
    app.state.layout.maximized.reset();
  }
  std::vector<const ViewType*> views;
  for (const std::string& id : app.state.layout.views)
    if (const ViewType* view = find_view(id)) views.push_back(view);
  if (views.empty()) {
    note_text("%s", tr("layout.no_view"));
    return;
  }
  // As many views per row as fit with every configuration's panel at a readable width (at most
  // three), rows at least a readable height; when they do not all fit, the area scrolls.
  const float em = ImGui::GetFontSize();
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  const auto configs = static_cast<float>(app.state.slots.size());
  const float panel_width = (configs > 1.0f ? 17.0f : 15.0f) * em;
  const std::size_t per_row =
      std::clamp<std::size_t>(static_cast<std::size_t>(area.x / (configs * panel_width)), 1, 3);
  const std::size_t rows = (views.size() + per_row - 1) / per_row;
  const float min_row_height = 20.0f * em;
  const float fitted =
      std::floor((area.y - static_cast<float>(rows - 1) * spacing.y) / static_cast<float>(rows));
  // Presenting, everything stays on screen (a projector has no scroll bar); otherwise rows keep a
  // readable height and the area scrolls.
  const bool scrolls = !app.lessons.presenting && fitted < min_row_height;
  const float row_height = scrolls ? min_row_height : fitted;
  const float width = scrolls ? area.x - ImGui::GetStyle().ScrollbarSize : area.x;
  ImGui::BeginChild("grid", area, false, scrolls ? 0 : ImGuiWindowFlags_NoScrollbar);
  // Earlier rows take the extra view, so a 5-view grid is 3 + 2 as before.
  const std::size_t base_count = views.size() / rows, extra = views.size() % rows;
  std::size_t begin = 0;
  for (std::size_t row = 0; row < rows; ++row) {
    const std::size_t end = begin + base_count + (row < extra ? 1 : 0);
    float total_weight = 0.0f;
    for (std::size_t v = begin; v < end; ++v) total_weight += views[v]->width;
    const float usable = width - static_cast<float>(end - begin - 1) * spacing.x;
    float used = 0.0f;
    const float height = !scrolls && row + 1 == rows
                             ? area.y - (row_height + spacing.y) * static_cast<float>(row)
                             : row_height;
    for (std::size_t v = begin; v < end; ++v) {
      if (v > begin) ImGui::SameLine();
      const float cell = v + 1 == end ? usable - used : std::floor(usable * views[v]->width / total_weight);
      used += cell;
      draw_cell(app, *views[v], ImVec2(cell, height), ranges);
    }
    begin = end;
  }
  ImGui::EndChild();
}

}  // namespace pelab::app::ui
