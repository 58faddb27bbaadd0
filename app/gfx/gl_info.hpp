#pragma once
// What every GL context pelab makes checks and reports once glad has loaded it: the window
// (gfx/window.cpp) and both off-screen contexts (gfx/offscreen_context_*.cpp).
#include <string>

namespace pelab::gfx {

// Empty when glad's loaded version (gladLoadGL's result) is OpenGL 3.3 or newer; otherwise what the
// driver offers instead, "none" or "M.m", for the caller's message.
std::string gl_version_below_33(int glad_version);

// GL_RENDERER and GL_VERSION of the current context, e.g. "llvmpipe (LLVM 15.0.6, 256 bits), 4.5 (Core
// Profile) Mesa 22.3.6".
std::string gl_description();

}  // namespace pelab::gfx
