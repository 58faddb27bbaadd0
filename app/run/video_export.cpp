#include "run/video_export.hpp"

#include <cmath>
#include <cstdio>
#include <memory>

#include "run/video_writer.hpp"
#include "run/view_export.hpp"
#include "state/i18n.hpp"
#include "ui/app_ui.hpp"

namespace pelab::app::run {
namespace {

// The dialog's video: the writer, the frame to draw next and the state to put back.
class ViewVideoJob final : public VideoJob {
 public:
  ViewVideoJob(ui::AppContext& app, const ViewVideoExport& request, const Animation& animation, int frames)
      : app_(app),
        request_(request),
        animation_(animation),
        frames_(frames),
        slots_(app.state.slots),
        views_(app.state.views),
        writer_(VideoWriter::open(VideoSettings{request.path, request.width, request.height, request.fps})) {}
  ~ViewVideoJob() override {
    app_.state.slots = slots_;
    app_.state.views = views_;
  }
  ViewVideoJob(const ViewVideoJob&) = delete;
  ViewVideoJob& operator=(const ViewVideoJob&) = delete;

  int frames_done() const override { return done_; }
  int frames_total() const override { return frames_; }
  const std::filesystem::path& path() const { return request_.path; }

  // Draws and encodes the next frame; after the last, finishes the file. Throws pelab::Error.
  // True when the video is complete.
  bool step() {
    const double value = animation_value(animation_, done_, frames_);
    Text refused = apply_animation(app_.state, animation_, value, ui::models_dir());
    if (!refused.empty()) throw Error(std::move(refused));
    std::string error;
    ViewFigure figure;
    figure.view_id = request_.view_id;
    figure.logical_size = ImVec2(static_cast<float>(request_.width), static_cast<float>(request_.height));
    figure.timeout_seconds = settle_timeout_seconds();
    const std::optional<ViewImage> image = render_view_image(app_, figure, error);
    if (!image) throw Error(error);
    writer_->add_frame(image->image);
    if (++done_ < frames_) return false;
    writer_->finish();
    return true;
  }

 private:
  ui::AppContext& app_;
  ViewVideoExport request_;
  Animation animation_;
  int frames_;
  int done_ = 0;
  std::vector<Slot> slots_;
  ViewSettings views_;
  std::unique_ptr<VideoWriter> writer_;
};

}  // namespace

int video_frame_count(const VideoExport& video, std::string& error) {
  const Text problem = animation_timing_problem(video.seconds, video.fps, "--seconds", "--fps");
  if (!problem.empty()) {
    error = english(problem);
    return 0;
  }
  return animation_frame_count(video.seconds, video.fps);
}

std::string export_video(FrameTarget& target, ui::AppContext& app, const VideoExport& video,
                         const std::function<bool(int, int)>& progress) {
  std::string error;
  const int frames = video_frame_count(video, error);
  if (frames == 0) return error;
  // The animation moves the state the window shows: it is put back afterwards.
  const std::vector<Slot> slots_before = app.state.slots;
  const ViewSettings views_before = app.state.views;
  struct Restore {
    ui::AppContext& app;
    const std::vector<Slot>& slots;
    const ViewSettings& views;
    ~Restore() {
      app.state.slots = slots;
      app.state.views = views;
    }
  } restore{app, slots_before, views_before};
  try {
    const gfx::FramebufferSize size = target.framebuffer_size();
    const std::unique_ptr<VideoWriter> writer =
        VideoWriter::open(VideoSettings{video.output, size.width, size.height, video.fps});
    for (int frame = 0; frame < frames; ++frame) {
      const double value = animation_value(video.animation, frame, frames);
      const Text refused = apply_animation(app.state, video.animation, value, ui::models_dir());
      if (!refused.empty()) return english(refused);
      if (!render_until_settled(target, app, 3, settle_timeout_seconds())) {
        return "the views did not finish computing within " + std::to_string(settle_timeout_seconds()) +
               " s at frame " + std::to_string(frame + 1);
      }
      writer->add_frame(target.read_pixels());
      target.present();
      if (progress && !progress(frame + 1, frames)) return "cancelled";
    }
    writer->finish();
  } catch (const std::exception& failure) {
    return failure.what();
  }
  return "";
}

int run_export_video(FrameTarget& target, ui::AppContext& app, const VideoExport& video) {
  int reported_tenth = -1;
  const std::string error = export_video(target, app, video, [&](int frame, int frames) {
    // A line per tenth of the frames: visible progress without flooding a log.
    const int tenth = frame * 10 / frames;
    if (tenth != reported_tenth) {
      reported_tenth = tenth;
      std::fprintf(stderr, "pelab: video frame %d/%d\n", frame, frames);
    }
    return true;
  });
  if (!error.empty()) {
    std::fprintf(stderr, "pelab: no video written: %s\n", error.c_str());
    return 1;
  }
  const gfx::FramebufferSize size = target.framebuffer_size();
  std::printf("pelab: wrote %s (%dx%d, %d fps)\n", video.output.string().c_str(), size.width, size.height,
              video.fps);
  return 0;
}

void process_video_export(ui::AppContext& app) {
  if (app.requests.cancel_video) {
    app.requests.cancel_video = false;
    if (app.video_job) {
      app.video_job.reset();  // the state goes back, the temporary file goes
      ui::add_notice(app, tr("video.cancelled"), false);
    }
  }
  if (app.requests.view_video && !app.video_job) {
    const ViewVideoExport request = *app.requests.view_video;
    app.requests.view_video.reset();
    // The dialog's words in the UI's language, its own field names in the messages.
    Text why;
    std::string problem;
    const std::optional<Animation> animation =
        parse_animation(request.animate, app.state, ui::models_dir(), why);
    if (animation)
      why = animation_timing_problem(request.seconds, request.fps, tr("video.seconds"), tr("video.fps"));
    if (!why.empty()) problem = tr_text(why);
    if (problem.empty()) {
      try {
        // The export folder is made when missing, as for the PNG exports.
        if (!request.path.parent_path().empty())
          std::filesystem::create_directories(request.path.parent_path());
        app.video_job = std::make_unique<ViewVideoJob>(app, request, *animation,
                                                       animation_frame_count(request.seconds, request.fps));
      } catch (const std::exception& error) {
        problem = error_message(error);
      }
    }
    app.video_dialog.problem = problem;
    if (!problem.empty()) return;
  }
  auto* job = dynamic_cast<ViewVideoJob*>(app.video_job.get());
  if (!job) return;
  try {
    if (!job->step()) return;
    ui::add_notice(app, trf("video.wrote", {job->path().string()}), false);
  } catch (const std::exception& error) {
    ui::add_notice(app, trf("video.failed", {error_message(error)}), true);
  }
  app.video_job.reset();
}

}  // namespace pelab::app::run
