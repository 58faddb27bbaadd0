// The browser: emscripten binds the WebGL 2 functions itself; GLFW refused to open the window when
// the browser has no WebGL 2 (app/gfx/gl_api.hpp).
#include "gfx/gl_api.hpp"

namespace pelab::gfx {

std::string load_window_gl() { return {}; }

}  // namespace pelab::gfx
