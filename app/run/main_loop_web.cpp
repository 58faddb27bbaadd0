// The interactive loop in the browser (run/run_modes.hpp; the desktop's is main_loop_desktop.cpp).
// A page may not block its main thread, so the browser calls one frame at a time
// (emscripten_set_main_loop, at the display's rate) instead of a loop that sleeps in wait_events.
// The page reaches the running app through exported functions (scripts/web/index.html):
//   Module.pelabFirstFrame()  called once, after the first frames drawn with every view's data
//   pelab_state_json()        the session as the session file's writer makes it (window.pelab.state())
//   pelab_copy_link()         what the sidebar's Copy link does (window.pelab.copyLink(), for tests)
// The clipboard: emscripten's GLFW keeps none (glfwSetClipboardString does nothing), so Dear ImGui's
// clipboard hooks go to the browser's here. A link copied from the page is the page's own address
// with the link's query (https://host/path/?c=...), which any browser opens; the desktop app takes
// it too (app/state/state_link.hpp reads http(s) addresses with a query).
#include <emscripten/emscripten.h>
#include <imgui.h>

#include <cstdlib>
#include <string>

#include "run/run_modes.hpp"
#include "state/session.hpp"

namespace pelab::app::run {
namespace {

struct WebLoop {
  gfx::Window* window = nullptr;
  ui::AppContext* app = nullptr;
  int settled_frames = 0;  // consecutive frames with every view's data drawn
  bool announced = false;
  std::string state_text;      // pelab_state_json's answer, kept until the next call
  std::string clipboard_text;  // get_clipboard's answer, kept until the next call
};

// The browser's callbacks carry no context of ours but the loop's argument; pelab_state_json, called
// from the page, has none, so the one loop of the page lives here.
WebLoop web_loop;

EM_JS(void, announce_first_frame_with_data, (), {
  if (Module.pelabFirstFrame) Module.pelabFirstFrame();
});

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

void set_clipboard(void*, const char* text) { copy_to_browser_clipboard(text); }

const char* get_clipboard(void* user_data) {
  std::string& held = *static_cast<std::string*>(user_data);
  char* text = browser_clipboard_copy();
  held = text;
  std::free(text);
  return held.c_str();
}

void draw_one_frame(void* argument) {
  WebLoop& loop = *static_cast<WebLoop*>(argument);
  render_frame(*loop.window, *loop.app);  // events first; the browser shows the canvas on return
  // As run_screenshot waits: the layout needs a few frames after the data arrives.
  constexpr int frames_to_settle = 3;
  loop.settled_frames = ui::all_settled(*loop.app) ? loop.settled_frames + 1 : 0;
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
  // simulate_infinite_loop: main's stack (the window, the app) stays as it is; main never returns.
  emscripten_set_main_loop_arg(draw_one_frame, &web_loop, 0, true);
  return 0;
}

}  // namespace pelab::app::run

extern "C" EMSCRIPTEN_KEEPALIVE void pelab_copy_link() {
  using pelab::app::run::web_loop;
  if (web_loop.app) pelab::app::ui::copy_state_link(*web_loop.app);
}

extern "C" EMSCRIPTEN_KEEPALIVE const char* pelab_state_json() {
  using pelab::app::run::web_loop;
  if (!web_loop.app) return "";
  web_loop.state_text = pelab::app::session_to_text(web_loop.app->state);
  return web_loop.state_text.c_str();
}
