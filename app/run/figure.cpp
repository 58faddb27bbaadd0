#include "run/figure.hpp"

#include "gfx/heatmap_renderer.hpp"
#include "gfx/offscreen_context.hpp"
#include "ui/app_ui.hpp"

namespace pelab::app::run {

std::optional<gfx::RgbImage> render_figure(const FigureRequest& request, std::string& error) {
  if (request.configs.empty() || request.configs.size() > max_configs) {
    error = "a figure shows 1 to " + std::to_string(max_configs) + " configurations";
    return std::nullopt;
  }
  // Destroyed in reverse: the app (workers, GL images) first, then the renderer, then the context.
  const std::unique_ptr<gfx::OffscreenContext> gl = gfx::OffscreenContext::create(error);
  if (!gl) return std::nullopt;
  const std::unique_ptr<gfx::HeatmapRenderer> renderer = gfx::HeatmapRenderer::create(error);
  if (!renderer) return std::nullopt;
  auto app = std::make_unique<ui::AppContext>();
  app->renderer = renderer.get();
  app->capture_mode = true;
  app->state.ui = request.ui;
  app->state.display = request.display;
  app->state.slots.clear();
  for (const FigureConfig& figure_config : request.configs) {
    Slot slot;
    slot.config = figure_config.config;
    slot.config.id = static_cast<int>(app->state.slots.size()) + 1;
    slot.selection = figure_config.selection;
    if (figure_config.table) {
      ui::LoadedSource source;
      source.values = figure_config.table;
      source.info.path = slot.config.table_path;
      source.info.tensor = slot.config.tensor;
      app->sources[{slot.config.table_path, slot.config.tensor}] = std::move(source);
    }
    app->state.slots.push_back(std::move(slot));
  }
  app->state.active = 0;
  ui::load_ui_strings(*app);  // the views' texts (in ui.language, else the system locale's)
  std::optional<ViewImage> image = render_view_image(*app, request.figure, error);
  app.reset();
  if (!image) return std::nullopt;
  return std::move(image->image);
}

}  // namespace pelab::app::run
