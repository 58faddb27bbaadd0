// Fuzz harness for lesson files: pelab::app::lesson_from_text. Like sessions it never throws: every
// problem is listed, and the state of each step of an accepted lesson must survive a save.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_checks.hpp"
#include "state/lesson.hpp"
#include "state/session.hpp"
#include "state/view_types.hpp"

namespace pelab::fuzz {

std::string check_lesson(std::string_view bytes) {
  const app::LessonLoad load = app::lesson_from_text(bytes, "fuzz", app::view_type_ids);
  if (!load.lesson) return load.problems.empty() ? "a lesson was refused without a reason" : "";
  if (!load.problems.empty()) return "a lesson was accepted with problems: " + load.problems.front();
  const app::Lesson& lesson = *load.lesson;
  if (lesson.steps.empty() || lesson.steps.size() > app::max_lesson_steps) {
    return "an accepted lesson has " + std::to_string(lesson.steps.size()) + " steps";
  }
  for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
    const app::AppState& state = lesson.steps[i].state;
    const app::SessionLoad again = app::session_from_text(app::session_to_text(state), app::view_type_ids);
    if (!again.state || !(*again.state == state)) {
      return "step " + std::to_string(i + 1) + ": its state, saved as a session and reloaded, changed";
    }
  }
  return {};
}

}  // namespace pelab::fuzz

#ifdef PELAB_LIBFUZZER
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return pelab::fuzz::run_check(pelab::fuzz::check_lesson, data, size);
}
#endif
