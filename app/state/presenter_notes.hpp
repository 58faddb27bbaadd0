#pragma once
// What the presenter console (a second window beside the audience's, run/presenter_console.hpp)
// tells the lecturer about the lesson being taught: where they are ("3 / 7"), the step's notes (its
// text, formula and "try this" prompt in the UI language), which step comes next and how long they
// have been presenting. Pure: the clock is an argument, so a test gives it a fake one.
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "state/app_model.hpp"

namespace pelab::app {

struct PresenterNotes {
  bool has_lesson = false;          // false: nothing else is set
  std::string title;                // the lesson's title
  std::size_t step = 0;             // the step shown (0-based)
  std::size_t steps = 0;            // how many the lesson has
  std::string counter;              // "3 / 7" (1-based): numbers read the same in every language
  std::optional<std::size_t> next;  // the step PageDown shows next (0-based); none at the last
  std::string text, formula, try_text;
  bool presenting = false;
  bool blank = false;  // the audience sees black (B)
  std::string timer;   // time since presenting started, "12:05" or "1:02:03"; "" when not presenting
};

// "m:ss" under an hour, "h:mm:ss" from an hour on; a negative span (a clock set back) counts as 0.
std::string format_presenting_time(std::chrono::steady_clock::duration elapsed);

// The console's contents for `player` in `language` at time `now`.
PresenterNotes presenter_notes(const LessonPlayer& player, std::string_view language,
                               std::chrono::steady_clock::time_point now);

// How long until the console's timer shows another second (the loop sleeps no longer than this).
std::chrono::steady_clock::duration until_next_timer_second(const LessonPlayer& player,
                                                            std::chrono::steady_clock::time_point now);

}  // namespace pelab::app
