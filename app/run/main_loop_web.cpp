// The interactive loop in the browser (run/run_modes.hpp; the desktop's is main_loop_desktop.cpp).
// A page may not block its main thread, so the browser calls one tick at a time
// (emscripten_set_main_loop, at the display's rate) instead of a loop that sleeps in wait_events.
// Idle is idle, as on the desktop: a tick draws a frame only when something changed (an input event
// on the page, a call from the page, a worker's result, a resize) and for a few frames after it, or
// while something moves; otherwise it returns at once and the canvas keeps its picture. In the build
// without threads the workers compute in slices at the start of each tick (state/compute_lane.hpp).
// The page reaches the running app through exported functions (scripts/web/index.html):
//   Module.pelabFirstFrame()  called once, after the first frames drawn with every view's data
//   pelab_state_json()        the session as the session file's writer makes it (window.pelab.state())
//   pelab_settled()           1 when every view's data is there (window.pelab.settled())
//   pelab_copy_link()         what the sidebar's Copy link does (window.pelab.copyLink(), for tests)
//   pelab_resize(w, h)        the page's size in device pixels (its resize event; hi-DPI included)
//   pelab_open_picked(path)   a file the browser's picker wrote into memory (ui/platform_files_web.cpp)
//   pelab_export(view, what)  what a view's Export menu item does ("npy", "csv", "png1", "png2",
//                             "png4"), the file becoming a download (window.pelab.exportView)
//   pelab_save_session(name)  what Save session does (window.pelab.saveSession)
// The page's <html lang> follows the UI language, and its live text (#state, which screen readers
// read out when it changes) says what is shown: each configuration, p and the maximised view.
// The last state is kept in the browser's localStorage ("pelab.session", the session file's text),
// written at most twice a second when it changed; index.html opens it when the page has no query.
// The clipboard: emscripten's GLFW keeps none (glfwSetClipboardString does nothing), so Dear ImGui's
// clipboard hooks go to the browser's here. A link copied from the page is the page's own address
// with the link's query (https://host/path/?c=...), which any browser opens; the desktop app takes
// it too (app/state/state_link.hpp reads http(s) addresses with a query).
#include <emscripten/emscripten.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>

#include "gfx/touch.hpp"
#include "run/presenter_console.hpp"
#include "run/run_modes.hpp"
#include "state/compute_lane.hpp"
#include "state/i18n.hpp"
#include "state/params.hpp"
#include "state/session.hpp"
#include "ui/app_ui.hpp"
#include "ui/panels.hpp"
#include "ui/view_data_export.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::run {
namespace {

struct WebLoop {
  gfx::Window* window = nullptr;
  ui::AppContext* app = nullptr;
  int settled_frames = 0;  // consecutive frames with every view's data drawn
  int frames_drawn = 0;
  bool announced = false;
  std::string state_text;          // pelab_state_json's answer, kept until the next call
  std::string clipboard_text;      // get_clipboard's answer, kept until the next call
  std::string geometry_json;       // pelab_geometry_json's answer, kept until the next call
  float content_scale = 0.0f;      // the device pixel ratio the fonts were built for
  std::string stored_state;        // the session text last written to localStorage
  double stored_at_ms = 0.0;       // when the state was last compared with it
  bool state_may_differ = false;   // a frame was drawn since that comparison
  PresenterConsole console;        // none in a browser: its request becomes a notice
  bool woken = true;               // the page called in (pelab_resize, pelab_export, ...) since the last tick
  int busy_frames = 0;             // frames still to draw after the last change (ImGui settles in a few)
  std::uint64_t results_seen = 0;  // the workers' publications drawn so far
  double drawn_at_ms = 0.0;        // when the last frame was drawn
  std::string language;            // the UI language <html lang> was last set to
  std::string words;               // the page's live text as last set
  bool slice_ran_long = false;     // the last tick's compute slice took it all (no frame drawn)
};

// The browser's callbacks carry no context of ours but the loop's argument; pelab_state_json, called
// from the page, has none, so the one loop of the page lives here.
WebLoop web_loop;

// Start-up marks on the page's performance timeline (bench/web_startup.sh reads them): where the
// time to the first frame with data goes.
EM_JS(void, mark_startup, (const char* name), { performance.mark("pelab:" + UTF8ToString(name)); });

EM_JS(void, announce_first_frame_with_data, (), {
  if (Module.pelabFirstFrame) Module.pelabFirstFrame();
});

// Input on the page: every event that may change what is drawn counts (capturing listeners on the
// window, so the canvas' own handlers, GLFW's, still get each event). take_page_events returns how
// many arrived since the last call.
EM_JS(void, count_page_events, (), {
  Module.pelabEvents = 0;
  const count = function() { Module.pelabEvents++; };
  [
    "pointerdown",
    "pointermove",
    "pointerup",
    "mousedown",
    "mousemove",
    "mouseup",
    "wheel",
    "keydown",
    "keyup",
    "keypress",
    "touchstart",
    "touchmove",
    "touchend",
    "touchcancel",
    "resize",
    "focus",
    "blur",
    "visibilitychange",
    "fullscreenchange",
    "drop",
    "paste"
  ]
      .forEach(function(type) { window.addEventListener(type, count, {capture : true, passive : true}); });
});

EM_JS(int, take_page_events, (), {
  const events = Module.pelabEvents | 0;
  Module.pelabEvents = 0;
  return events;
});

EM_JS(void, set_page_language, (const char* code), { document.documentElement.lang = UTF8ToString(code); });

EM_JS(void, set_page_words, (const char* text), {
  const element = document.getElementById("state");
  if (element) element.textContent = UTF8ToString(text);
});

// "sinusoidal base 10000: N 64, D 128, p 20; the heatmap view maximised"
std::string state_in_words(const AppState& state) {
  std::string words;
  for (const Slot& slot : state.slots) {
    if (!words.empty()) words += "; ";
    const EncodingParams& e = slot.config.encoding;
    words += display_label(slot.config) + ": N " + std::to_string(e.positions) + ", D " +
             std::to_string(e.dims) + ", p " + std::to_string(slot.selection.position);
  }
  if (state.layout.maximized) words += "; the " + *state.layout.maximized + " view maximised";
  return words;
}

// Text to the browser's clipboard (asynchronous; a click's user activation allows it). A pelab:?
// link becomes this page's address with the link's query. The text is also kept in
// Module.pelabClipboard, which Ctrl+V inside the app reads back and tests can inspect.
EM_JS(void, copy_to_browser_clipboard, (const char* utf8), {
  let text = UTF8ToString(utf8);
  if (text.startsWith("pelab:?")) text = location.origin + location.pathname + text.substring(6);
  Module.pelabClipboard = text;
  if (navigator.clipboard) navigator.clipboard.writeText(text).catch(function(){});
});

EM_JS(char*, browser_clipboard_copy, (), {
  const text = Module.pelabClipboard || "";
  const size = lengthBytesUTF8(text) + 1;
  const buffer = _malloc(size);
  stringToUTF8(text, buffer, size);
  return buffer;
});

// Storage may be refused (private windows, a full quota): the state is then simply not kept.
EM_JS(void, store_last_state, (const char* utf8), {
  try {
    localStorage.setItem("pelab.session", UTF8ToString(utf8));
  } catch (error) {
  }
});

// The session as a session file holds it, into localStorage when it changed since the last time.
// Comparing the text is cheap next to a frame; a worker's result does not change it.
// Called every tick: compares only after a frame was drawn (nothing else changes the state), and
// a comparison put off by the interval happens in a later tick, drawn or not.
void keep_last_state(WebLoop& loop) {
  constexpr double interval_ms = 500.0;
  const double now = emscripten_get_now();
  if (!loop.state_may_differ || now - loop.stored_at_ms < interval_ms) return;
  loop.stored_at_ms = now;
  loop.state_may_differ = false;
  std::string text = pelab::app::session_to_text(loop.app->state);
  if (text == loop.stored_state) return;
  store_last_state(text.c_str());
  loop.stored_state = std::move(text);
}

void set_clipboard(void*, const char* text) { copy_to_browser_clipboard(text); }

const char* get_clipboard(void* user_data) {
  std::string& held = *static_cast<std::string*>(user_data);
  char* text = browser_clipboard_copy();
  held = text;
  std::free(text);
  return held.c_str();
}

// The time a tick of the build without threads gives the workers before drawing: with a frame of
// software GL (15-25 ms here) a tick stays well under 50 ms, unless one item alone takes longer.
constexpr std::chrono::milliseconds compute_slice{12};

// Whether this tick draws a frame (main_loop_desktop.cpp decides the same way when to wake).
bool frame_wanted(WebLoop& loop, bool computing, double now_ms) {
  constexpr int frames_after_event = 3;
  ui::AppContext& app = *loop.app;
  if (take_page_events() > 0 || loop.woken) loop.busy_frames = frames_after_event;
  loop.woken = false;
  const bool animating = ImGui::GetIO().WantTextInput || ui::notices_animating(app) ||
                         loop.window->has_pending_keys() || loop.window->has_dropped_paths() ||
                         app.video_job != nullptr || app.lessons.playback.moving ||
                         gfx::touch_input_pending();
  if (animating) loop.busy_frames = std::max(loop.busy_frames, frames_after_event);
  const bool published = app.results->published() != loop.results_seen;
  // While a worker computes, the spinner steps at the desktop's pace; its result is drawn at once.
  const bool spinner_step =
      computing && now_ms - loop.drawn_at_ms >=
                       std::chrono::duration<double, std::milli>(frame_interval_while_computing).count();
  return !loop.announced || loop.busy_frames > 0 || published || spinner_step;
}

void draw_one_frame(void* argument) {
  WebLoop& loop = *static_cast<WebLoop*>(argument);
  // A slice that ran long (one large item) ends its tick: the frame comes in the next tick, which
  // computes nothing, so no task is a long item and a frame together.
  if (!loop.slice_ran_long) {
    const double slice_from_ms = emscripten_get_now();
    loop.app->slices.run(compute_slice);  // nothing to do where the workers have threads
    loop.slice_ran_long = emscripten_get_now() - slice_from_ms >
                          1.5 * std::chrono::duration<double, std::milli>(compute_slice).count();
    if (loop.slice_ran_long) return;
  } else {
    loop.slice_ran_long = false;
  }
  if (loop.announced) keep_last_state(loop);
  const bool computing = !ui::all_settled(*loop.app);
  const double now_ms = emscripten_get_now();
  if (!frame_wanted(loop, computing, now_ms)) return;
  loop.state_may_differ = true;
  if (loop.busy_frames > 0) --loop.busy_frames;
  loop.drawn_at_ms = now_ms;
  loop.results_seen = loop.app->results->published();
  // The page moved to a screen of another pixel ratio (or was zoomed): fonts at the new size.
  const float scale = loop.window->content_scale();
  if (scale != loop.content_scale) {
    if (loop.content_scale > 0.0f) loop.app->requests.rebuild_fonts = true;
    loop.content_scale = scale;
  }
  render_frame(*loop.window, *loop.app);  // events first; the browser shows the canvas on return
  loop.console.update(*loop.window, *loop.app);
  if (loop.frames_drawn < 2) mark_startup(++loop.frames_drawn == 1 ? "frame 1 drawn" : "frame 2 drawn");
  // A computation just finished: the frames ImGui needs to settle around the new data.
  const bool settled = ui::all_settled(*loop.app);
  if (computing && settled) loop.busy_frames = 3;
  const std::string language = current_language();
  if (language != loop.language) {
    set_page_language(language.c_str());
    loop.language = language;
  }
  std::string words = state_in_words(loop.app->state);
  if (words != loop.words) {
    set_page_words(words.c_str());
    loop.words = std::move(words);
  }
  // As run_screenshot waits: the layout needs a few frames after the data arrives.
  constexpr int frames_to_settle = 3;
  loop.settled_frames = settled ? loop.settled_frames + 1 : 0;
  if (!loop.announced && loop.settled_frames >= frames_to_settle) {
    loop.announced = true;
    announce_first_frame_with_data();
  }
}

}  // namespace

int run_interactive(gfx::Window& window, ui::AppContext& app) {
  web_loop.window = &window;
  web_loop.app = &app;
  ImGuiIO& io = ImGui::GetIO();
  io.SetClipboardTextFn = set_clipboard;
  io.GetClipboardTextFn = get_clipboard;
  io.ClipboardUserData = &web_loop.clipboard_text;
  count_page_events();
  // A sideways swipe steps a lesson in presenter mode (gfx/touch_web.cpp), as PageDown and PageUp do.
  gfx::set_touch_swipes(
      {[&app] { return app.lessons.presenting && app.lessons.lesson && !app.lessons.blank; },
       [&app](int step) {
         const LessonPlayer& player = app.lessons;
         if (!player.lesson || player.lesson->steps.empty()) return;
         const std::size_t last = player.lesson->steps.size() - 1;
         ui::show_lesson_step(app, step > 0           ? std::min(player.step + 1, last)
                                   : player.step == 0 ? 0
                                                      : player.step - 1);
       }});
  mark_startup("main ready");
  // simulate_infinite_loop: main's stack (the window, the app) stays as it is; main never returns.
  emscripten_set_main_loop_arg(draw_one_frame, &web_loop, 0, true);
  return 0;
}

}  // namespace pelab::app::run

// 1 when every view's data is computed for the current state (window.pelab.settled(), for tests
// and benchmarks timing a change).
extern "C" EMSCRIPTEN_KEEPALIVE int pelab_settled() {
  using pelab::app::run::web_loop;
  return web_loop.app && pelab::app::ui::all_settled(*web_loop.app) ? 1 : 0;
}

extern "C" EMSCRIPTEN_KEEPALIVE void pelab_copy_link() {
  using pelab::app::run::web_loop;
  web_loop.woken = true;
  if (web_loop.app) pelab::app::ui::copy_state_link(*web_loop.app);
}

extern "C" EMSCRIPTEN_KEEPALIVE const char* pelab_state_json() {
  using pelab::app::run::web_loop;
  if (!web_loop.app) return "";
  web_loop.state_text = pelab::app::session_to_text(web_loop.app->state);
  return web_loop.state_text.c_str();
}

extern "C" EMSCRIPTEN_KEEPALIVE void pelab_resize(int width, int height) {
  using pelab::app::run::web_loop;
  web_loop.woken = true;
  if (web_loop.window) web_loop.window->set_size(width, height);
}

extern "C" EMSCRIPTEN_KEEPALIVE void pelab_open_picked(const char* path) {
  using pelab::app::run::web_loop;
  web_loop.woken = true;
  if (web_loop.app && path) pelab::app::run::open_file(*web_loop.app, path);
}

// Returns 0, or 1 for an unknown view or item (nothing is done). A PNG is of a 640 × 400 cell at
// the item's scale (the menu takes the cell's size on screen).
extern "C" EMSCRIPTEN_KEEPALIVE int pelab_export(const char* view_id, const char* what) {
  using pelab::app::run::web_loop;
  web_loop.woken = true;
  namespace ui = pelab::app::ui;
  if (!web_loop.app || !view_id || !what) return 1;
  const ui::ViewType* view = ui::find_view(view_id);
  if (!view) return 1;
  if (std::strcmp(what, "npy") == 0 || std::strcmp(what, "csv") == 0) {
    ui::export_view_data_from_menu(*web_loop.app, *view,
                                   what[0] == 'n' ? ui::DataFormat::npy : ui::DataFormat::csv,
                                   ui::ExportDetail::shown);
    return 0;
  }
  for (const int scale : {1, 2, 4}) {
    if (std::string(what) == "png" + std::to_string(scale)) {
      ui::request_view_png(*web_loop.app, *view, ImVec2(640.0f, 400.0f), scale);
      return 0;
    }
  }
  return 1;
}

// What the last frame drew where, as --geometry writes it: its text runs and its heatmaps, in canvas
// pixels (window.pelab.geometry(), for the touch tests: scripts/web/touch.js).
extern "C" EMSCRIPTEN_KEEPALIVE const char* pelab_geometry_json() {
  using pelab::app::run::web_loop;
  if (!web_loop.app) return "";
  std::string& text = web_loop.geometry_json;
  text = nlohmann::json{{"text_runs", pelab::app::run::text_runs_json()},
                        {"heatmaps", pelab::app::run::heatmaps_json(*web_loop.app)}}
             .dump();
  return text.c_str();
}

extern "C" EMSCRIPTEN_KEEPALIVE void pelab_save_session(const char* name) {
  using pelab::app::run::web_loop;
  web_loop.woken = true;
  if (web_loop.app && name && *name) pelab::app::ui::save_session(*web_loop.app, name);
}
