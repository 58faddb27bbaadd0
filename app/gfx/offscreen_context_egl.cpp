#include "gfx/offscreen_context.hpp"

#include "gfx/gl_info.hpp"

#include <glad/egl.h>
#include <glad/gl.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace pelab::gfx {
namespace {

bool has_extension(const char* list, const char* name) {
  if (!list) return false;
  const std::size_t length = std::strlen(name);
  for (const char* at = std::strstr(list, name); at; at = std::strstr(at + 1, name)) {
    const bool starts = at == list || at[-1] == ' ';
    const bool ends = at[length] == '\0' || at[length] == ' ';
    if (starts && ends) return true;
  }
  return false;
}

std::string egl_error_name(EGLint code) {
  switch (code) {
    case EGL_NOT_INITIALIZED:
      return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS:
      return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC:
      return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE:
      return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG:
      return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT:
      return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY:
      return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH:
      return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER:
      return "EGL_BAD_PARAMETER";
    default:
      return "EGL error " + std::to_string(code);
  }
}

// An initialised display: the surfaceless platform first, else each EGL device in turn.
EGLDisplay open_display(std::string& platform, std::string& error) {
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (!client || !has_extension(client, "EGL_EXT_platform_base") || !eglGetPlatformDisplayEXT) {
    error = "this EGL has no platform displays (EGL_EXT_platform_base)";
    return EGL_NO_DISPLAY;
  }
  EGLint major = 0, minor = 0;
  if (has_extension(client, "EGL_MESA_platform_surfaceless")) {
    EGLDisplay display =
        eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (display != EGL_NO_DISPLAY && eglInitialize(display, &major, &minor)) {
      platform = "surfaceless";
      return display;
    }
    error = "the surfaceless platform failed (" + egl_error_name(eglGetError()) + ")";
  }
  if (has_extension(client, "EGL_EXT_platform_device") && eglQueryDevicesEXT) {
    EGLint count = 0;
    eglQueryDevicesEXT(0, nullptr, &count);
    std::vector<EGLDeviceEXT> devices(static_cast<std::size_t>(std::max(count, 0)));
    if (count > 0 && eglQueryDevicesEXT(count, devices.data(), &count)) {
      for (EGLint i = 0; i < count; ++i) {
        EGLDisplay display =
            eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[static_cast<std::size_t>(i)], nullptr);
        if (display != EGL_NO_DISPLAY && eglInitialize(display, &major, &minor)) {
          platform = "device";
          return display;
        }
      }
    }
    error += std::string(error.empty() ? "" : "; ") + "no EGL device could be initialised";
  }
  if (error.empty()) error = "Mesa's surfaceless platform and EGL devices are both unavailable";
  return EGL_NO_DISPLAY;
}

}  // namespace

bool display_available() {
  const char* x11 = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (x11 && *x11) || (wayland && *wayland);
}

std::unique_ptr<OffscreenContext> OffscreenContext::create(std::string& error) {
  const std::string prefix = "cannot create an off-screen OpenGL 3.3 context: ";
  const std::string hint = " (Debian: libegl1 libegl-mesa0 libgl1-mesa-dri)";
  if (gladLoaderLoadEGL(EGL_NO_DISPLAY) == 0) {
    error = prefix + "libEGL.so.1 cannot be loaded" + hint;
    return nullptr;
  }
  std::unique_ptr<OffscreenContext> result(new OffscreenContext());
  std::string why;
  EGLDisplay display = open_display(result->platform_, why);
  if (display == EGL_NO_DISPLAY) {
    error = prefix + why + hint;
    return nullptr;
  }
  result->display_ = display;
  // Entry points of EGL 1.5 and the display's extensions become known once there is a display.
  const int version = gladLoaderLoadEGL(display);
  if (version == 0 || !eglBindAPI(EGL_OPENGL_API)) {
    error = prefix + "this EGL cannot make desktop OpenGL contexts" + hint;
    return nullptr;
  }
  const char* extensions = eglQueryString(display, EGL_EXTENSIONS);
  if (!has_extension(extensions, "EGL_KHR_surfaceless_context")) {
    error = prefix + "EGL_KHR_surfaceless_context is missing" + hint;
    return nullptr;
  }
  // No surface is ever made, so any OpenGL-renderable config will do; without one, a config-less
  // context (EGL_KHR_no_config_context) is just as good.
  const EGLint config_attributes[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE};
  EGLConfig config = nullptr;
  EGLint configs = 0;
  if (!eglChooseConfig(display, config_attributes, &config, 1, &configs) || configs < 1) {
    if (!has_extension(extensions, "EGL_KHR_no_config_context")) {
      error = prefix + "no EGL config renders desktop OpenGL" + hint;
      return nullptr;
    }
    config = EGL_NO_CONFIG_KHR;
  }
  // The same request as the window's (GLFW): 3.3, core profile, forward compatible.
  const EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                       3,
                                       EGL_CONTEXT_MINOR_VERSION,
                                       3,
                                       EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                       EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                       EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE,
                                       EGL_TRUE,
                                       EGL_NONE};
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attributes);
  if (context == EGL_NO_CONTEXT) {
    error = prefix + "eglCreateContext failed (" + egl_error_name(eglGetError()) + ")" + hint;
    return nullptr;
  }
  result->context_ = context;
  if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
    error = prefix + "eglMakeCurrent failed (" + egl_error_name(eglGetError()) + ")";
    return nullptr;
  }
  const int gl = gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress));
  if (const std::string offered = gl_version_below_33(gl); !offered.empty()) {
    error = prefix + "the driver offers OpenGL " + offered;
    return nullptr;
  }
  result->description_ = gl_description();
  return result;
}

// The context goes; the display stays initialised. EGL displays are one per platform and process
// (a later OffscreenContext gets the same one back), and eglTerminate would unload Mesa's driver,
// whose process-wide caches then look like leaks to LeakSanitizer (the ASan test build).
OffscreenContext::~OffscreenContext() {
  const auto display = static_cast<EGLDisplay>(display_);
  if (!display) return;
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (context_) eglDestroyContext(display, static_cast<EGLContext>(context_));
}

}  // namespace pelab::gfx
