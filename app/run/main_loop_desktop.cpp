// The interactive loop on the desktop: GLFW's event loop, asleep while nothing changes
// (run/run_modes.hpp; the browser's loop is main_loop_web.cpp).
#include <imgui.h>

#include <algorithm>
#include <chrono>

#include "run/presenter_console.hpp"
#include "run/run_modes.hpp"
#include "ui/panels.hpp"

namespace pelab::app::run {

int run_interactive(gfx::Window& window, ui::AppContext& app) {
  // Draw while something changes; otherwise sleep until an event arrives (input, a worker's result,
  // a dropped file). ImGui needs a few frames after an input to settle (hover, popups, layout), and a
  // text field's cursor blinks, so a short countdown keeps frames coming after each event. Keys that
  // arrived faster than frames are handed over one frame at a time (gfx/key_event_queue.hpp): frames
  // go on until none is left.
  constexpr int frames_after_event = 3;
  int busy_frames = frames_after_event;
  // The presenter console (a second window, when asked for): drawn after each frame of this one.
  PresenterConsole console;
  while (!window.should_close()) {
    const bool computing = !ui::all_settled(app);
    const bool animating = ImGui::GetIO().WantTextInput || ui::notices_animating(app) ||
                           window.has_pending_keys() ||
                           app.video_job != nullptr ||     // a video adds one frame per app frame
                           app.lessons.playback.moving ||  // a lesson step's animation is playing
                           console.busy();                 // the next step's picture: a frame per turn
    if (busy_frames > 0 || animating) {
      window.poll_events();
      --busy_frames;
    } else if (computing) {
      // Only a worker is busy: sleep until it publishes (its wake-up is an event) or the spinner's
      // next step, so the worker has the cores and its result is drawn the moment it is there.
      window.wait_events(std::chrono::duration<double>(frame_interval_while_computing).count());
    } else {
      // A long timeout only as a safety net, or the console timer's next second; waking because it
      // ran out is no event: one frame.
      const double timeout_seconds = std::min(30.0, console.idle_timeout(app).count() + 1e-3);
      const auto waited_from = std::chrono::steady_clock::now();
      window.wait_events(timeout_seconds);
      const std::chrono::duration<double> waited = std::chrono::steady_clock::now() - waited_from;
      busy_frames = waited.count() < timeout_seconds - 1e-3 ? frames_after_event : 0;
    }
    if (animating) busy_frames = frames_after_event;
    // A computation just finished: the frames ImGui needs to settle around the new data.
    if (computing && ui::all_settled(app)) busy_frames = frames_after_event;
    render_frame_after_events(window, app);
    window.swap_buffers();
    console.update(window, app);
  }
  return 0;
}

}  // namespace pelab::app::run
