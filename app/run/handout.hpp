#pragma once
// The PDF handout of a lesson: one A4 page per step, the slide and then the step's text, formula and
// "try this" prompt as real text. A seam: handout_cairo.cpp writes it with cairo and pango where the
// build has them; handout_none.cpp (a build without cairo, such as the Windows one) cannot, and says so.
#include <filesystem>
#include <vector>

#include "gfx/screenshot.hpp"
#include "state/app_model.hpp"

namespace pelab::app::run {

// False when this build cannot write handouts; the slides' PNGs are still written.
bool handouts_available();
// Why there is no handout, one sentence (empty when handouts_available()).
const char* handouts_missing_reason();

// Writes the handout atomically; throws pelab::Error when cairo cannot make it or the file cannot be
// written. Call only when handouts_available().
void write_handout(const std::filesystem::path& pdf, const LessonPlayer& player,
                   const std::vector<gfx::RgbImage>& slides);

}  // namespace pelab::app::run
