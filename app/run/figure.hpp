#pragma once
// A figure without the app running: configurations in, one view's picture out, drawn by the app's
// own view code through the off-screen path (an EGL context, run::render_view_image). This is how
// `pelab-cli render` draws every view type: the figures look like the app's views because they are
// the app's views, not a second plot implementation.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "run/view_export.hpp"
#include "state/params.hpp"

namespace pelab::app::run {

struct FigureConfig {
  Config config;  // config.id is assigned (1, 2, ...); a learned table names its file in table_path
  Selection selection;
  // A learned table already read by the caller (pelab-cli with its --max-bytes checks): the app uses
  // it for config.table_path / config.tensor instead of reading the file again.
  std::shared_ptr<const Matrix> table;
};

struct FigureRequest {
  std::vector<FigureConfig> configs;  // 1 to 4
  DisplaySettings display;            // colormap, range, metric, ...
  UiSettings ui;                      // font size (at scale 1) and theme
  ViewFigure figure;                  // view, size, scale, title
};

// Makes an off-screen GL context (no display needed), the heatmap renderer and an app with these
// configurations, renders the figure and releases everything. nullopt and `error` on failure.
std::optional<gfx::RgbImage> render_figure(const FigureRequest& request, std::string& error);

}  // namespace pelab::app::run
