// The view area: the visible views in a grid of bordered cells, or one maximised. ImGui 1.86 (as
// packaged by Debian) has no docking, so the grid is laid out here from the available size: one
// row for up to three views, else two rows, the cells of a row sharing its width by each view's
// registry weight. In compare mode a per-configuration view splits its cell into one panel per
// configuration, in the arrangement (side by side, stacked, or 2 x 2) that leaves each panel's data the
// largest square, each headed by the configuration's label in its colour. The grid gives such cells
// the room their panels need (views stacked one per row at 1024 x 768 with four configurations) and
// scrolls when they do not all fit. A panel whose data is not yet computed for the current
// settings shows a small spinner in its corner, and is dimmed with a progress note once the worker
// has spent `dim_after_ms` on the request (or has nothing to show yet).
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "state/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {
namespace {

// What a configuration's panel spends around its data, in font heights: its label, the axes' ticks and
// labels and a heatmap's colour bar. A panel needs this plus `min_panel_data` to be readable.
// The rotation view of a kind without an exact T(k) spends the most height (label, a two-line
// sentence, the fit's line, title, axes): 11 lines.
constexpr float panel_margin_x = 8.5f, panel_margin_y = 11.0f;

// A panel is dimmed only once its worker has been on the current request this long. A slider moved
// without pause hands the worker a new request every frame, each one short: the panels keep showing
// the newest results undimmed, and no frame blends a translucent rectangle over every panel (in
// software GL that blend was a large part of a frame while base moved).
constexpr double dim_after_ms = 250.0;
constexpr float min_panel_data = 8.5f;  // 153 px at the 18 px default font

// Configuration panels of a cell: `columns` side by side, `rows` of them (the last may be short).
struct PanelGrid {
  std::size_t columns = 1, rows = 1;
};

// The arrangements of `count` panels: 1 to `count` columns, none of which would stay empty.
std::vector<PanelGrid> panel_grids(std::size_t count) {
  std::vector<PanelGrid> grids;
  for (std::size_t columns = 1; columns <= count; ++columns) {
    const std::size_t rows = (count + columns - 1) / columns;
    if (columns == 1 || (columns - 1) * rows < count) grids.push_back(PanelGrid{columns, rows});
  }
  return grids;
}

// The least size of a configuration's panel in font heights for the per-configuration views of `views`:
// a heatmap's margins and data, or more where a view asks for more (attention's rows of matrices).
ImVec2 panel_need(std::span<const ViewType* const> views) {
  ImVec2 need(panel_margin_x + min_panel_data, panel_margin_y + min_panel_data);
  for (const ViewType* view : views) {
    if (view->scope != ViewScope::per_config) continue;
    need.x = std::max(need.x, view->min_panel_width);
    need.y = std::max(need.y, view->min_panel_height);
  }
  return need;
}

// The side of the largest square each panel of `grid` leaves for its data in `avail`, each panel spending
// what `need` (font heights) asks beyond `min_panel_data` around it.
float data_side(PanelGrid grid, ImVec2 avail, ImVec2 need, ImVec2 spacing, float em) {
  const auto columns = static_cast<float>(grid.columns), rows = static_cast<float>(grid.rows);
  const float width = (avail.x - (columns - 1.0f) * spacing.x) / columns;
  const float height = (avail.y - (rows - 1.0f) * spacing.y) / rows;
  return std::min(width - (need.x - min_panel_data) * em, height - (need.y - min_panel_data) * em);
}

// The arrangement of `count` panels in `avail` whose panels leave the largest square for their data.
PanelGrid arrange_panels(std::size_t count, ImVec2 avail, ImVec2 need, ImVec2 spacing, float em) {
  PanelGrid best;
  float best_side = -FLT_MAX;
  for (const PanelGrid grid : panel_grids(count)) {
    const float side = data_side(grid, avail, need, spacing, em);
    if (side > best_side + 0.5f) {
      best_side = side;
      best = grid;
    }
  }
  return best;
}

// The height of `rows` rows of panels, each row just tall enough for its data to be readable.
float readable_rows_height(std::size_t rows, ImVec2 need, ImVec2 spacing, float em) {
  const auto count = static_cast<float>(rows);
  return count * need.y * em + (count - 1.0f) * spacing.y;
}

// The least height at which the arrangement arrange_panels picks leaves every one of `count` panels
// `min_panel_data` of data in a cell `width` wide; nullopt when no height does (too narrow). The
// heights tried are those at which an arrangement's rows are exactly readable.
std::optional<float> readable_panels_height(std::size_t count, float width, ImVec2 need, ImVec2 spacing,
                                            float em) {
  std::optional<float> least;
  for (const PanelGrid grid : panel_grids(count)) {
    const ImVec2 avail(width, readable_rows_height(grid.rows, need, spacing, em));
    const PanelGrid picked = arrange_panels(count, avail, need, spacing, em);
    // Within arrange_panels' half pixel, which keeps the fewer columns among near equals.
    if (data_side(picked, avail, need, spacing, em) < min_panel_data * em - 0.5f) continue;
    if (!least || avail.y < *least) least = avail.y;
  }
  return least;
}

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

// `shown`: the panel drew data (of earlier settings); without any, it is dimmed at once.
void draw_stale_overlay(const AppContext& app, std::size_t index, bool shown) {
  const auto found = app.workers.find(app.state.slots[index].config.id);
  const ComputeProgress progress =
      found != app.workers.end() && found->second ? found->second->progress() : ComputeProgress{};
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 lo = ImGui::GetWindowPos();
  const ImVec2 hi(lo.x + ImGui::GetWindowWidth(), lo.y + ImGui::GetWindowHeight());
  // A spinner: an arc that turns with time.
  const float t = static_cast<float>(ImGui::GetTime());
  const float em = ImGui::GetFontSize();
  if (shown && progress.elapsed_ms < dim_after_ms) {
    // In the bottom-right corner, below a plot's axes and colour bar: the top rows hold text.
    const ImVec2 corner(hi.x - 0.8f * em, hi.y - 0.8f * em);
    draw->PathArcTo(corner, 0.45f * em, 3.0f * t, 3.0f * t + 4.5f, 12);
    draw->PathStroke(ImGui::GetColorU32(ImGuiCol_Text), 0, 0.15f * em);
    return;
  }
  ImVec4 background = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  background.w = 0.55f;
  draw->AddRectFilled(lo, hi, ImGui::GetColorU32(background));
  // In the middle, with what is being waited for.
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
    const std::string label = lettered_label(index, slot.config);
    ImGui::TextUnformatted(label.c_str());
    ImGui::PopStyleColor();
  }
  const std::shared_ptr<const ViewData> data = latest_data(app, index);
  ConfigGpu& images = app.config_images[slot.config.id];
  const bool shown = data && data->has(view.needs);
  if (!shown) {
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
    draw_stale_overlay(app, index, shown);
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
  const std::string title = view_title(view);
  ImGui::TextUnformatted(title.c_str());
  const bool title_double_clicked =
      ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(0) && !narrow_layout(app);
  // The audience of presenter mode sees no buttons (the lecturer steps with keys or a clicker).
  bool pressed = false;
  if (!app.lessons.presenting) {
    draw_view_export_menu(app, view);  // view_data_export.cpp: PNG and data of this view
  }
  // The narrow layout shows one view at a time (its bar picks which): no grid to go back to.
  if (!app.lessons.presenting && !narrow_layout(app)) {
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
    const ViewType* const shown[1] = {&view};
    const PanelGrid grid = arrange_panels(count, avail, panel_need(shown), spacing, ImGui::GetFontSize());
    const auto columns = static_cast<float>(grid.columns), rows = static_cast<float>(grid.rows);
    const float width = std::floor((avail.x - (columns - 1.0f) * spacing.x) / columns);
    const float height = std::floor((avail.y - (rows - 1.0f) * spacing.y) / rows);
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t column = i % grid.columns, row = i / grid.columns;
      if (column > 0) ImGui::SameLine();
      // The last column and row take what rounding left over.
      const float w = column + 1 == grid.columns ? avail.x - (columns - 1.0f) * (width + spacing.x) : width;
      const float h = row + 1 == grid.rows ? avail.y - (rows - 1.0f) * (height + spacing.y) : height;
      draw_config_panel(app, view, i, ImVec2(w, h), count > 1, ranges);
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
  // A maximised view is a grid of one: it fills the area, or scrolls when its configurations' panels
  // would not be readable in it (four at 1024 x 768 stack, one under the other).
  std::vector<const ViewType*> views;
  if (app.state.layout.maximized) {
    if (const ViewType* view = find_view(*app.state.layout.maximized)) {
      views.push_back(view);
    } else {
      app.state.layout.maximized.reset();
    }
  }
  if (views.empty())
    for (const std::string& id : app.state.layout.views)
      if (const ViewType* view = find_view(id)) views.push_back(view);
  if (views.empty()) {
    note_text("%s", tr("layout.no_view"));
    return;
  }
  // As many views per row as fit (at most three), rows at least a readable height; when they do not
  // all fit, the area scrolls. One configuration: cells of at least 15 font heights. Several: the
  // number per row that needs the least height, each row as tall as its panels need to be readable
  // (panel_margin_* plus min_panel_data, or more where a view of the row asks: panel_need) in the
  // arrangement arrange_panels picks.
  const float em = ImGui::GetFontSize();
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  const std::size_t configs = app.state.slots.size();
  std::size_t per_row =
      std::clamp<std::size_t>(static_cast<std::size_t>(std::max(0.0f, area.x / (15.0f * em))), 1, 3);
  // The views of each row, [begin, end): earlier rows take the extra view, so a 5-view grid is 3 + 2.
  const auto row_ranges = [&](std::size_t columns) {
    const std::size_t rows = (views.size() + columns - 1) / columns;
    const std::size_t base_count = views.size() / rows, extra = views.size() % rows;
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    for (std::size_t row = 0, begin = 0; row < rows; ++row) {
      const std::size_t end = begin + base_count + (row < extra ? 1 : 0);
      spans.emplace_back(begin, end);
      begin = end;
    }
    return spans;
  };
  std::vector<float> least_heights(row_ranges(per_row).size(), 20.0f * em);  // each row's
  const bool panels = std::any_of(views.begin(), views.end(),
                                  [](const ViewType* view) { return view->scope == ViewScope::per_config; });
  if (configs > 1 && panels) {
    const float title = ImGui::GetFrameHeightWithSpacing() + 2.0f * ImGui::GetStyle().WindowPadding.y;
    // Widths as a scrolling grid leaves them (the scroll bar, each cell's padding): a panel that
    // fits here fits whichever way the grid turns out.
    const float usable = area.x - ImGui::GetStyle().ScrollbarSize;
    const float padding = 2.0f * ImGui::GetStyle().WindowPadding.x;
    float least_total = FLT_MAX;
    for (std::size_t candidate = 1; candidate <= std::min<std::size_t>(3, views.size()); ++candidate) {
      const float cell =
          (usable - static_cast<float>(candidate - 1) * spacing.x) / static_cast<float>(candidate) - padding;
      std::vector<float> heights;
      float total = 0.0f;
      bool cut = false;
      for (const auto& [begin, end] : row_ranges(candidate)) {
        const ImVec2 need = panel_need(std::span(views).subspan(begin, end - begin));
        std::optional<float> panels_height = readable_panels_height(configs, cell, need, spacing, em);
        cut = cut || (!panels_height && candidate > 1);  // narrower cells would cut the panels
        // One view per row and still too narrow: the panels stacked, one under the other.
        if (!panels_height) panels_height = readable_rows_height(configs, need, spacing, em);
        heights.push_back(std::max(20.0f * em, title + *panels_height + spacing.y));
        total += heights.back() + spacing.y;
      }
      if (cut) break;
      if (total < least_total - 0.5f) {
        least_total = total;
        per_row = candidate;
        least_heights = heights;
      }
    }
  }
  const std::vector<std::pair<std::size_t, std::size_t>> ranges_of_rows = row_ranges(per_row);
  const auto rows = static_cast<float>(ranges_of_rows.size());
  float least_sum = 0.0f;
  for (float h : least_heights) least_sum += h;
  // Presenting, everything stays on screen (a projector has no scroll bar); otherwise rows keep a
  // readable height and the area scrolls. Rows that fit share what is left over equally.
  const float room = area.y - (rows - 1.0f) * spacing.y;
  const bool scrolls = !app.lessons.presenting && room < least_sum;
  const float share = scrolls ? 0.0f : (room - least_sum) / rows;
  const float width = scrolls ? area.x - ImGui::GetStyle().ScrollbarSize : area.x;
  ImGui::BeginChild("grid", area, false, scrolls ? 0 : ImGuiWindowFlags_NoScrollbar);
  float top = 0.0f;
  for (std::size_t row = 0; row < ranges_of_rows.size(); ++row) {
    const auto [begin, end] = ranges_of_rows[row];
    float total_weight = 0.0f;
    for (std::size_t v = begin; v < end; ++v) total_weight += views[v]->width;
    const float usable = width - static_cast<float>(end - begin - 1) * spacing.x;
    float used = 0.0f;
    // The last row takes what rounding left over.
    const float height =
        !scrolls && row + 1 == ranges_of_rows.size() ? area.y - top : std::floor(least_heights[row] + share);
    top += height + spacing.y;
    for (std::size_t v = begin; v < end; ++v) {
      if (v > begin) ImGui::SameLine();
      const float cell = v + 1 == end ? usable - used : std::floor(usable * views[v]->width / total_weight);
      used += cell;
      draw_cell(app, *views[v], ImVec2(cell, height), ranges);
    }
  }
  ImGui::EndChild();
}

}  // namespace pelab::app::ui
