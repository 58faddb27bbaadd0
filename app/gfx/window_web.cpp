#include "gfx/gl_api.hpp"
// The GL API first: GLFW must not pull in GLES 2's header instead.
#include <GLFW/glfw3.h>

#include "gfx/window_platform.hpp"

namespace pelab::gfx {

// Emscripten's GLFW makes a WebGL 2 context (the link's -sMIN_WEBGL_VERSION=2) whatever is hinted;
// it knows no profile or monitor-scaling hints.
void hint_window_context() {}

// The canvas is sized in CSS pixels and drawn at that many pixels: fonts at their configured size.
float window_content_scale(GLFWwindow*) { return 1.0f; }

}  // namespace pelab::gfx
