// The browser (app/gfx/offscreen_context.hpp): a page draws only into its canvas's WebGL context, so
// there is no off-screen context; the page's pictures are the canvas's.
#include "gfx/offscreen_context.hpp"

namespace pelab::gfx {

std::unique_ptr<OffscreenContext> OffscreenContext::create(std::string& error) {
  error = "no off-screen OpenGL context in a web browser (pictures come from the page's canvas)";
  return nullptr;
}

OffscreenContext::~OffscreenContext() = default;

// The page's canvas is the display.
bool display_available() { return true; }

}  // namespace pelab::gfx
