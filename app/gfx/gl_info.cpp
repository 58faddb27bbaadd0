#include "gfx/gl_info.hpp"

#include <glad/gl.h>

namespace pelab::gfx {

std::string gl_version_below_33(int glad_version) {
  if (glad_version == 0) return "none";
  const int major = GLAD_VERSION_MAJOR(glad_version);
  const int minor = GLAD_VERSION_MINOR(glad_version);
  if (major * 10 + minor >= 33) return {};
  return std::to_string(major) + "." + std::to_string(minor);
}

std::string gl_description() {
  const auto text = [](GLenum name) {
    const auto* value = reinterpret_cast<const char*>(glGetString(name));
    return std::string(value ? value : "?");
  };
  return text(GL_RENDERER) + ", " + text(GL_VERSION);
}

}  // namespace pelab::gfx
