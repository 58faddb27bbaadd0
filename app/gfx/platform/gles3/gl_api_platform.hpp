#pragma once
// The browser: WebGL 2, which is OpenGL ES 3.0 (emscripten's GLES3 header; no loader needed).
#include <GLES3/gl3.h>

namespace pelab::gfx {

// ImGui's OpenGL 3 backend (built with IMGUI_IMPL_OPENGL_ES3) writes its own precision lines.
inline constexpr const char* imgui_glsl_version = "#version 300 es";
// GLSL ES 3.00 has the features pelab's shaders use (texelFetch, isnan, gl_VertexID, integer bit
// operations) but has no default float precision in fragment shaders: highp, as on the desktop.
inline constexpr const char* glsl_prelude = "#version 300 es\nprecision highp float;\nprecision highp int;";

// WebGL has no framebuffer flipping (and no off-screen frames are drawn in a browser).
inline void flip_bound_framebuffer_like_a_window() {}

}  // namespace pelab::gfx
