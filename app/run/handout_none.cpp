// The PDF handout in a build without cairo (run/handout.hpp): there is none, and the reason says so.
#include "pelab/types.hpp"
#include "run/handout.hpp"

namespace pelab::app::run {

bool handouts_available() { return false; }

const char* handouts_missing_reason() { return "PDF handouts are not available in this build (no cairo)"; }

void write_handout(const std::filesystem::path&, const LessonPlayer&, const std::vector<gfx::RgbImage>&) {
  throw Error(handouts_missing_reason());
}

}  // namespace pelab::app::run
