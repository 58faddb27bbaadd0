#pragma once
// An animation as a video (`pelab --animate NAME=FROM:TO --export-video out.mp4`, the Export menu's
// "Animate…"): one parameter moves from FROM to TO over the frames; each frame is drawn, as a
// screenshot is, once the workers have delivered the data for that frame's value, then handed to the
// video writer (run/video_writer.hpp).
#include <filesystem>
#include <functional>
#include <string>

#include "run/run_modes.hpp"
#include "state/animation.hpp"

namespace pelab::app::run {

struct VideoExport {
  Animation animation;
  double seconds = 4.0;
  int fps = 30;
  std::filesystem::path output;
};

// The frame count of `video` (at least 1), or 0 when seconds × fps is not a usable count (the
// message in `error`).
int video_frame_count(const VideoExport& video, std::string& error);

// Draws every frame into `target` and writes the video; progress goes to `progress` (frame, frames)
// after each frame, which returns false to cancel. Returns "" when the file was written, else why
// not (nothing is left at the output then; a cancel returns "cancelled"). The animated parameter is
// back at its value from before when it returns.
std::string export_video(FrameTarget& target, ui::AppContext& app, const VideoExport& video,
                         const std::function<bool(int, int)>& progress);

// Headless: export_video with progress on stderr; prints the file written. Exit 1 when it failed.
int run_export_video(FrameTarget& target, ui::AppContext& app, const VideoExport& video);

// Between frames (run_modes apply_requests, GL context current): starts the video the "Animate…"
// dialog asked for (app.requests.view_video), adds one frame of the running one (each frame is the
// view's figure as its PNG export draws it, run/view_export.hpp), or cancels it; the outcome is a
// notice. While it runs the animated parameter moves on screen too, and is put back at the end.
void process_video_export(ui::AppContext& app);

}  // namespace pelab::app::run
