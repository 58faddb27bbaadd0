#pragma once
// The OpenGL API every GL source of pelab includes: desktop OpenGL 3.3 core through glad, or OpenGL ES
// 3.0 (WebGL 2) in the browser. CMake puts one of app/gfx/platform/{glad,gles3} on the include path
// (app/gui.cmake); that directory's gl_api_platform.hpp includes the GL header and says which GLSL
// dialect the context compiles.
#include <gl_api_platform.hpp>

#include <string>
#include <string_view>

namespace pelab::gfx {

// A GLSL source as this platform's compiler takes it: pelab's shaders are written in GLSL 3.30 core
// (their first line is `#version 330 core`); for OpenGL ES that line becomes glsl_prelude's lines.
std::string glsl_for_this_gl(std::string_view source);

// Loads the GL functions of the window's context (made current just before) and checks its version:
// empty when it can draw pelab, else what is missing.
std::string load_window_gl();

}  // namespace pelab::gfx
