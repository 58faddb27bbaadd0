#include "gfx/gl_info.hpp"

#include "gfx/gl_api.hpp"

namespace pelab::gfx {

std::string gl_version_below_33(int glad_version) {
  if (glad_version == 0) return "none";
  // glad's GLAD_MAKE_VERSION(major, minor), undone (the GL ES header has no glad macros).
  const int major = glad_version / 10000;
  const int minor = glad_version % 10000;
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
