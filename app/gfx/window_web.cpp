#include "gfx/gl_api.hpp"
// The GL API first: GLFW must not pull in GLES 2's header instead.
#include <GLFW/glfw3.h>
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include "gfx/window.hpp"
#include "gfx/window_platform.hpp"

namespace pelab::gfx {

// Emscripten's GLFW makes a WebGL 2 context (the link's -sMIN_WEBGL_VERSION=2) whatever is hinted;
// it knows no profile or monitor-scaling hints.
void hint_window_context() {}

// The page (scripts/web/index.html) gives the canvas devicePixelRatio backing pixels per CSS pixel,
// so a hi-DPI screen gets a sharp picture; fonts and the style are scaled by the same ratio, as on a
// desktop monitor with a content scale.
float window_content_scale(GLFWwindow*) {
  const double ratio = emscripten_get_device_pixel_ratio();
  return ratio > 0.0 ? static_cast<float>(ratio) : 1.0f;
}

namespace {

// The whole page goes full screen (not the canvas alone, which the browser would stretch); its
// resize event then sets the canvas' size. Browsers allow this only within a user's gesture: the key
// or click that asked was handled in this frame, which counts.
EM_JS(void, request_page_fullscreen, (int fullscreen), {
  const page = document.documentElement;
  if (fullscreen && !document.fullscreenElement && page.requestFullscreen) {
    page.requestFullscreen().catch(function(error) { console.warn("pelab: full screen refused: " + error); });
  } else if (!fullscreen && document.fullscreenElement && document.exitFullscreen) {
    document.exitFullscreen().catch(function(){});
  }
});

EM_JS(int, page_is_fullscreen, (), { return document.fullscreenElement ? 1 : 0; });

// The canvas' backing store and GLFW's idea of the window (ImGui's display size, the framebuffer).
// Not glfwSetWindowSize: emscripten 3.1.6's takes a size equal to the screen's as a request for full
// screen of the canvas alone. The canvas' size on the page is the style sheet's (index.html), which
// Browser.setCanvasSize leaves alone.
EM_JS(void, set_canvas_size, (int width, int height), {
  Browser.setCanvasSize(width, height, true);
  if (GLFW.active) {
    GLFW.active.width = width;
    GLFW.active.height = height;
  }
});

}  // namespace

void Window::set_fullscreen(bool fullscreen) { request_page_fullscreen(fullscreen ? 1 : 0); }

bool Window::is_fullscreen() const { return page_is_fullscreen() != 0; }

void Window::set_size(int width, int height) {
  if (width > 0 && height > 0) set_canvas_size(width, height);
}

}  // namespace pelab::gfx
