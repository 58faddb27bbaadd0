// Desktop: glad loads the window context's functions through GLFW (app/gfx/gl_api.hpp).
#include "gfx/gl_api.hpp"
// The GL API (glad) first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>

#include "gfx/gl_info.hpp"

namespace pelab::gfx {

std::string load_window_gl() {
  const int version = gladLoadGL(glfwGetProcAddress);
  if (const std::string offered = gl_version_below_33(version); !offered.empty()) {
    return "OpenGL 3.3 core is required but the driver offers " + offered;
  }
  return {};
}

}  // namespace pelab::gfx
