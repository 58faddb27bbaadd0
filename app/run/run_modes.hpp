#pragma once
// The ways pelab runs once its window is open: interactively, as a screenshot maker (slides,
// tests) and as a frame-time benchmark. Each returns the process exit status.
#include <filesystem>

#include "gfx/window.hpp"
#include "ui/app_ui.hpp"

namespace pelab::app::run {

// Carries out between-frame requests (font atlas, fullscreen), then builds and draws one frame
// into the back buffer. The caller swaps (or first reads the pixels back).
void render_frame(gfx::Window& window, ui::AppContext& app);
// The same after the caller has collected the events (polled or waited for them).
void render_frame_after_events(gfx::Window& window, ui::AppContext& app);

int run_interactive(gfx::Window& window, ui::AppContext& app);

struct ScreenshotOptions {
  std::filesystem::path output;    // PNG
  std::filesystem::path geometry;  // optional JSON: where each heatmap was drawn (for tests)
};
// Renders until the computation has settled and the layout is stable, then writes the PNG.
int run_screenshot(gfx::Window& window, ui::AppContext& app, const ScreenshotOptions& options);

// Seed 002's size (N = 2000, D = 1600): `frames` frames with nothing changing, then `frames`
// frames where base moves every frame (table, similarity, rotation recomputed and re-uploaded),
// then `frames` where p moves; prints the median frame times and their ratios.
int run_bench(gfx::Window& window, ui::AppContext& app, int frames);

}  // namespace pelab::app::run
