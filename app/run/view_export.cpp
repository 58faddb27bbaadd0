#include "run/view_export.hpp"

#include <imgui_internal.h>  // GImGui->WithinFrameScope: refuse to run inside a frame

#include <chrono>
#include <cmath>
#include <memory>
#include <thread>

#include "gfx/fonts.hpp"
#include "gfx/offscreen_frame.hpp"
#include "pelab/io/png.hpp"
#include "state/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/platform_files.hpp"
#include "ui/theme.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::run {
namespace {

// What render_view_image changes in the app while it draws, put back by the destructor.
class AppStateGuard {
 public:
  explicit AppStateGuard(ui::AppContext& app)
      : app_(app),
        layout_(app.state.layout),
        hover_(app.state.hover),
        previous_hover_(app.previous_hover),
        placements_(app.placements),
        capture_mode_(app.capture_mode) {}
  ~AppStateGuard() {
    app_.state.layout = layout_;
    app_.state.hover = hover_;
    app_.previous_hover = previous_hover_;
    app_.placements = placements_;
    app_.capture_mode = capture_mode_;
    // Back to what the visible views need (the figure may have asked for other items).
    ui::sync_runtimes(app_);
  }
  AppStateGuard(const AppStateGuard&) = delete;
  AppStateGuard& operator=(const AppStateGuard&) = delete;

 private:
  ui::AppContext& app_;
  LayoutState layout_;
  HoverState hover_, previous_hover_;
  std::vector<ui::HeatmapPlacement> placements_;
  bool capture_mode_;
};

// One frame of the figure: the view area (the view maximised fills it: its bordered cell) in a
// window without padding, then the title row painted over with the title alone.
void draw_figure(ui::AppContext& app, const std::string& title) {
  app.placements.clear();
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->Pos);
  ImGui::SetNextWindowSize(viewport->Size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.0f, 0.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  // Not the app's window name: the plot layer keeps zoom and legend state per ImGui id, and the
  // figure must not share (or disturb) the on-screen plots' state.
  ImGui::Begin("pelab figure", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::PopStyleVar(3);
  const ImVec2 cell_min = ImGui::GetCursorScreenPos();
  const ImVec2 cell_size = ImGui::GetContentRegionAvail();
  ui::sync_runtimes(app);
  ui::draw_view_area(app);
  ImGui::End();

  // The cell's first row holds the view's title and its buttons (maximise, ...): a figure shows the
  // title only. Painted over on the foreground list, at the row's place inside the cell's padding.
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 row_min(cell_min.x + style.WindowPadding.x, cell_min.y + style.WindowPadding.y);
  const ImVec2 row_max(cell_min.x + cell_size.x - style.WindowPadding.x, row_min.y + ImGui::GetFrameHeight());
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  draw->AddRectFilled(row_min, row_max, ImGui::GetColorU32(ImGuiCol_WindowBg));
  draw->AddRectFilled(row_min, row_max, ImGui::GetColorU32(ImGuiCol_ChildBg));
  const ImVec4 clip(row_min.x, row_min.y, row_max.x, row_max.y);
  draw->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(row_min.x, row_min.y + style.FramePadding.y),
                ImGui::GetColorU32(ImGuiCol_Text), title.c_str(), title.c_str() + title.size(), 0.0f, &clip);
}

}  // namespace

std::optional<ViewImage> render_view_image(ui::AppContext& app, const ViewFigure& figure,
                                           std::string& error) {
  const ui::ViewType* view = ui::find_view(figure.view_id);
  if (!view) {
    error = "unknown view '" + figure.view_id + "' (one of " + ui::view_id_list() + ")";
    return std::nullopt;
  }
  if (figure.scale != 1 && figure.scale != 2 && figure.scale != 4) {
    error = "the scale must be 1, 2 or 4 (got " + std::to_string(figure.scale) + ")";
    return std::nullopt;
  }
  if (!(figure.logical_size.x >= 1.0f && figure.logical_size.y >= 1.0f)) {
    error = "the figure needs a size of at least 1x1";
    return std::nullopt;
  }
  if (!app.renderer) {
    error = "no heatmap renderer (it needs a current OpenGL context)";
    return std::nullopt;
  }
  if (ImGui::GetCurrentContext() && GImGui->WithinFrameScope) {
    error = "a view can only be exported between frames (not inside an ImGui frame)";
    return std::nullopt;
  }
  const int width = static_cast<int>(std::lround(figure.logical_size.x)) * figure.scale;
  const int height = static_cast<int>(std::lround(figure.logical_size.y)) * figure.scale;

  AppStateGuard guard(app);
  // Made after the guard: the frame (and its ImGui context) goes first, the app state after.
  const std::unique_ptr<gfx::OffscreenFrame> frame = gfx::OffscreenFrame::create(width, height, error);
  if (!frame) return std::nullopt;
  const float pixels = app.state.ui.font_size * static_cast<float>(figure.scale);
  std::string notice;  // a missing font: the app has said so already
  gfx::rebuild_fonts(app.font_glyphs, pixels, language_font_files(), notice);
  ui::apply_theme(app.state.ui.theme, pixels);
  app.state.layout.maximized = std::string(view->id);
  app.capture_mode = true;
  // The cell's own title (translated as the cell translates it) unless the caller gives one.
  const std::string title = figure.title.empty() ? ui::view_title(*view) : figure.title;

  // As run_screenshot: frames until the workers have delivered and the layout has settled.
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  int settled_frames = 0;
  constexpr int frames_to_settle = 3;
  while (settled_frames < frames_to_settle) {
    const bool was_settled = ui::all_settled(app);
    frame->begin_frame();
    draw_figure(app, title);
    frame->end_frame(app.frame_textures());
    settled_frames = was_settled && ui::all_settled(app) ? settled_frames + 1 : 0;
    if (std::chrono::duration<double>(Clock::now() - start).count() > figure.timeout_seconds) {
      error = "the view's data did not arrive within " +
              std::to_string(static_cast<int>(figure.timeout_seconds)) + " s";
      return std::nullopt;
    }
    if (!was_settled) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ViewImage result{frame->read_pixels(), app.placements};
  return result;
}

bool export_view_png(ui::AppContext& app, const ViewFigure& figure, const std::filesystem::path& out,
                     std::string& error) {
  const std::optional<ViewImage> rendered = render_view_image(app, figure, error);
  if (!rendered) return false;
  try {
    write_png_rgb(out, rendered->image.width, rendered->image.height, rendered->image.pixels);
  } catch (const std::exception& failure) {
    error = failure.what();
    return false;
  }
  return true;
}

bool export_view_png(ui::AppContext& app, std::string_view view_id, ImVec2 logical_size, int scale,
                     const std::filesystem::path& out, std::string& error) {
  ViewFigure figure;
  figure.view_id = std::string(view_id);
  figure.logical_size = logical_size;
  figure.scale = scale;
  return export_view_png(app, figure, out, error);
}

void process_png_exports(ui::AppContext& app, float content_scale) {
  std::vector<ui::ViewPngExport> exports;
  exports.swap(app.requests.view_pngs);
  for (const ui::ViewPngExport& e : exports) {
    std::error_code ec;
    if (!e.path.parent_path().empty()) std::filesystem::create_directories(e.path.parent_path(), ec);
    std::string error;
    const float scale = content_scale > 0.0f ? content_scale : 1.0f;
    if (ec) {
      ui::add_notice(
          app,
          trf("export.failed", {trf("export.cannot_create", {e.path.parent_path().string(), ec.message()})}),
          true);
    } else if (export_view_png(app, e.view_id, ImVec2(e.cell_size.x / scale, e.cell_size.y / scale), e.scale,
                               e.path, error)) {
      ui::add_notice(app,
                     ui::exports_go_to_a_folder()
                         ? trf("export.wrote_png", {std::filesystem::absolute(e.path, ec).string()})
                         : trf("export.downloaded_png", {e.path.filename().string()}),
                     false);
      ui::deliver_file(e.path);
    } else {
      ui::add_notice(app, trf("export.failed", {error}), true);
    }
  }
}

}  // namespace pelab::app::run
