#pragma once
// The render command's drawing, in the pelab executable only (see render_views.cpp).
#include "command_line.hpp"

namespace pelab::cli {

// Draws --view of the encoding through the app's own view code and writes the PNG. Throws
// UsageError / FileError as every command does.
void render_views(const RenderArgs& args);

}  // namespace pelab::cli
