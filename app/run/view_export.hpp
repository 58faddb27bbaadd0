#pragma once
// One view as a picture: the view's cell exactly as the app draws it when the view is maximised
// (the same registry entry, draw function, layout and colours), rendered off screen at 1x, 2x or 4x.
// A larger scale re-renders: the font atlas is rebuilt at scale × the font size and the style's sizes
// are scaled with it, so text and lines are sharp at 4x, not an upscaled 1x bitmap.
//
// The cell's title row shows the figure's title instead of the view's title and buttons.
// `pelab-cli render` draws its figures through render_view_image too: one drawing path.
//
// How to call (the app, e.g. from a menu in the view's cell):
//   1. In the menu, only record what to do (a FrameRequests entry): ImGui is inside a frame there.
//   2. Between frames (run::render_frame's apply_requests, before window.begin_frame(); the window's
//      GL context is current there), call
//        std::string error;
//        if (run::export_view_png(app, "heatmap", ImVec2(cell_w, cell_h) / content_scale, 2, path, error))
//          ui::add_notice(app, "wrote " + path.string(), false);
//        else
//          ui::add_notice(app, "export failed: " + error, true);
//      where (cell_w, cell_h) is the cell's size (ImGui::GetWindowSize() inside the cell, in
//      ImGui units) and content_scale is the window's (1 on a normal screen), so 1x gives the cell's
//      size at the configured font size.
// It makes its own ImGui context (its own font atlas and style) and makes the caller's current again
// afterwards: the on-screen fonts, style, windows, hover and focus are untouched. In `app` it sets
// the layout (the view maximised) and capture mode only while it renders, then restores them with
// the hover state and the heatmap placements; the views' computed data and GPU images are shared
// (a view not computed yet is computed first: it waits up to 120 s for the workers to settle).
// The PNG is written atomically (a temporary file renamed), so a failure leaves no partial file.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

#include "gfx/screenshot.hpp"
#include "ui/app_ui.hpp"

namespace pelab::app::run {

struct ViewFigure {
  std::string view_id;                      // a view registry id: heatmap, curves, ...
  ImVec2 logical_size = ImVec2(1200, 800);  // the picture's size at scale 1, in pixels
  int scale = 1;                            // 1, 2 or 4: the PNG is logical_size × scale pixels
  std::string title;                        // the title row's text; empty: the view's title
  double timeout_seconds = 120.0;           // for the workers to deliver the view's data
};

struct ViewImage {
  gfx::RgbImage image;
  std::vector<ui::HeatmapPlacement> placements;  // where the heatmaps landed, in picture pixels
};

// Renders the figure. Needs a current GL 3.3 context and app.renderer, and must not be called
// between ImGui::NewFrame and ImGui::Render of the current ImGui context. nullopt and `error`
// (one sentence) on an unknown view, a scale other than 1, 2, 4, a size the GL cannot draw or data
// that did not arrive in time.
std::optional<ViewImage> render_view_image(ui::AppContext& app, const ViewFigure& figure, std::string& error);

// render_view_image, then the PNG at `out`. false and `error` when either fails.
bool export_view_png(ui::AppContext& app, std::string_view view_id, ImVec2 logical_size, int scale,
                     const std::filesystem::path& out, std::string& error);
bool export_view_png(ui::AppContext& app, const ViewFigure& figure, const std::filesystem::path& out,
                     std::string& error);

// Between frames (run_modes apply_requests, GL context current): the PNG exports the views' Export
// menus asked for (app.requests.view_pngs), each reported as a notice.
void process_png_exports(ui::AppContext& app, float content_scale);

}  // namespace pelab::app::run
