#pragma once
// Desktop: OpenGL 3.3 core through glad's loader (generated into the build tree by app/gui.cmake).
#include <glad/gl.h>

namespace pelab::gfx {

// ImGui's OpenGL 3 backend's GLSL version line.
inline constexpr const char* imgui_glsl_version = "#version 330 core";
// What replaces the `#version 330 core` line of pelab's shaders: the same line.
inline constexpr const char* glsl_prelude = "#version 330 core";

// Where Mesa can (GL_MESA_framebuffer_flip_y), the bound framebuffer object is stored top row first
// and rasterised as a window is (gfx/offscreen_frame.cpp says why).
inline void flip_bound_framebuffer_like_a_window() {
  if (GLAD_GL_MESA_framebuffer_flip_y)
    glFramebufferParameteriMESA(GL_FRAMEBUFFER, GL_FRAMEBUFFER_FLIP_Y_MESA, GL_TRUE);
}

}  // namespace pelab::gfx
