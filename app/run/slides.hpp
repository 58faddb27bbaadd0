#pragma once
// Slides and handouts of a lesson, rendered without a display: every step as a PNG of what the
// audience sees in presenter mode (step_01.png, ...), and a PDF handout with one step per page
// (cairo: the slide, then the step's text, formula and "try this" prompt as real text).
#include <filesystem>

#include "run/run_modes.hpp"

namespace pelab::app::run {

// The lesson must be loaded (ui::start_lesson). Writes DIR/step_NN.png and DIR/<lesson id>.pdf, each
// atomically; returns the exit status (1 when a step does not settle or a file cannot be written).
// With `geometry` (a directory), also GEOMETRY/step_NN.json: the slide's size and every text run
// drawn on it with its pixel size (text_runs_json) and where its heatmaps and matrices landed
// (heatmaps_json) and the data areas of its plots ("plots"), for the tests that no slide text is too
// small and no matrix or plot too small.
// A step with an animation also gets DIR/step_NN.mp4, unless `with_videos` is false (--no-video:
// the slides and handout alone, in seconds instead of the videos' minutes).
int run_export_slides(FrameTarget& target, ui::AppContext& app, const std::filesystem::path& dir,
                      const std::filesystem::path& geometry = {}, bool with_videos = true);

}  // namespace pelab::app::run
