#include "run/slides.hpp"

#include "run/handout.hpp"
#include "run/video_export.hpp"
#include "run/video_writer.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "pelab/io/atomic_file.hpp"
#include "pelab/io/png.hpp"
#include "plot/plot.hpp"
#include "ui/panels.hpp"

namespace pelab::app::run {
namespace {

// The data areas of the slide's plots, [x0, y0, x1, y1] each (plot::PlotAreasDrawn).
nlohmann::json plot_areas_json() {
  nlohmann::json areas = nlohmann::json::array();
  for (const plot::PlotArea& area : plot::PlotAreasDrawn())
    areas.push_back({area.min.x, area.min.y, area.max.x, area.max.y});
  return areas;
}

using Clock = std::chrono::steady_clock;

// Frames until every worker has delivered the step and the layout has had frames to settle.
bool settle(FrameTarget& target, ui::AppContext& app) {
  const Clock::time_point start = Clock::now();
  int settled = 0;
  while (settled < 4) {
    const bool was = ui::all_settled(app);
    render_frame(target, app);
    settled = was && ui::all_settled(app) ? settled + 1 : 0;
    if (settled < 4) target.present();
    if (std::chrono::duration<double>(Clock::now() - start).count() > settle_timeout_seconds()) return false;
    if (!was) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

}  // namespace

int run_export_slides(FrameTarget& target, ui::AppContext& app, const std::filesystem::path& dir,
                      const std::filesystem::path& geometry, bool with_videos) {
  ui::LessonPlayer& player = app.lessons;
  if (!player.lesson) return 2;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!geometry.empty()) std::filesystem::create_directories(geometry, ec);
  ui::set_presenting(app, true);
  std::vector<gfx::RgbImage> slides;
  int videos = 0;
  try {
    for (std::size_t n = 0; n < player.lesson->steps.size(); ++n) {
      ui::show_lesson_step(app, n);
      if (!settle(target, app)) {
        std::fprintf(stderr, "pelab: step %zu did not finish computing within %g s\n", n + 1,
                     settle_timeout_seconds());
        return 1;
      }
      slides.push_back(target.read_pixels());
      target.present();
      char name[32];
      std::snprintf(name, sizeof name, "step_%02zu.png", n + 1);
      write_png_rgb(dir / name, slides.back().width, slides.back().height, slides.back().pixels);
      // The step's animation beside its slide, as the slide (presenter mode, the whole frame), by the
      // one video exporter; the slide PNG is its last frame (the state once it has played).
      if (const std::optional<StepAnimation>& animation = player.lesson->steps[n].animation;
          animation && with_videos) {
        std::snprintf(name, sizeof name, "step_%02zu.mp4", n + 1);
        if (!videos_available()) {
          std::printf("pelab: step %zu's animation (%s) has no video: %s\n", n + 1,
                      animation_text(animation->animation).c_str(), videos_missing_reason());
        } else {
          const std::string problem = export_video(
              target, app, VideoExport{animation->animation, animation->seconds, animation->fps, dir / name},
              nullptr);
          if (!problem.empty()) {
            std::fprintf(stderr, "pelab: step %zu's video: %s\n", n + 1, problem.c_str());
            return 1;
          }
          ++videos;
        }
      }
      if (!geometry.empty()) {
        const nlohmann::json census{{"width", slides.back().width},
                                    {"height", slides.back().height},
                                    {"text_runs", text_runs_json()},
                                    {"heatmaps", heatmaps_json(app)},
                                    {"plots", plot_areas_json()}};
        std::snprintf(name, sizeof name, "step_%02zu.json", n + 1);
        write_file_atomic(geometry / name,
                          census.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
      }
    }
    const std::filesystem::path pdf = dir / (player.lesson->id + ".pdf");
    if (handouts_available()) {
      write_handout(pdf, player, slides);
      std::printf("pelab: wrote %zu slides, %d video(s) and %s to %s\n", slides.size(), videos,
                  pdf.filename().string().c_str(), dir.string().c_str());
    } else {
      std::printf("pelab: wrote %zu slides and %d video(s) to %s; %s\n", slides.size(), videos,
                  dir.string().c_str(), handouts_missing_reason());
    }
  } catch (const std::exception& error) {
    std::fprintf(stderr, "pelab: %s\n", error.what());
    return 1;
  }
  return 0;
}

}  // namespace pelab::app::run
