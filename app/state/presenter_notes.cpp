#include "state/presenter_notes.hpp"

#include <algorithm>
#include <cstdio>

namespace pelab::app {

std::string format_presenting_time(std::chrono::steady_clock::duration elapsed) {
  using std::chrono::duration_cast;
  const long long total = std::max<long long>(0, duration_cast<std::chrono::seconds>(elapsed).count());
  const long long hours = total / 3600, minutes = total / 60 % 60, seconds = total % 60;
  char text[32];
  if (hours > 0) {
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", hours, minutes, seconds);
  } else {
    std::snprintf(text, sizeof text, "%lld:%02lld", minutes, seconds);
  }
  return text;
}

PresenterNotes presenter_notes(const LessonPlayer& player, std::string_view language,
                               std::chrono::steady_clock::time_point now) {
  PresenterNotes notes;
  notes.presenting = player.presenting;
  notes.blank = player.presenting && player.blank;
  if (player.presenting) notes.timer = format_presenting_time(now - player.presenting_since);
  if (!player.lesson || player.lesson->steps.empty()) return notes;
  const Lesson& lesson = *player.lesson;
  notes.has_lesson = true;
  notes.title = lesson.title.in(language);
  notes.steps = lesson.steps.size();
  notes.step = std::min(player.step, notes.steps - 1);
  notes.counter = std::to_string(notes.step + 1) + " / " + std::to_string(notes.steps);
  if (notes.step + 1 < notes.steps) notes.next = notes.step + 1;
  const LessonStep& step = lesson.steps[notes.step];
  notes.text = step.text.in(language);
  notes.formula = step.formula;
  notes.try_text = step.try_text.in(language);
  return notes;
}

std::chrono::steady_clock::duration until_next_timer_second(const LessonPlayer& player,
                                                            std::chrono::steady_clock::time_point now) {
  const std::chrono::seconds second(1);
  if (!player.presenting) return std::chrono::hours(1);
  const auto elapsed = now - player.presenting_since;
  if (elapsed < elapsed.zero()) return second;
  return second - elapsed % second;
}

}  // namespace pelab::app
