// What the presenter console shows (state/presenter_notes.hpp): the counter, the next step, the notes
// in the UI language and the timer, with a fake clock; and the clicker keys' table against GLFW's codes.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>  // key codes only

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <vector>

#include "gfx/monitor_placement.hpp"
#include "state/lesson.hpp"
#include "state/presenter_notes.hpp"
#include "ui/panels.hpp"
#include "ui/view_registry.hpp"

using namespace pelab::app;
using ConsoleClock = std::chrono::steady_clock;

namespace {

LessonStep console_step(const std::string& en, const std::string& ko, const std::string& try_en = "") {
  LessonStep step;
  step.text.by_language = {{"en", en}, {"ko", ko}};
  if (!try_en.empty()) step.try_text.by_language = {{"en", try_en}};
  return step;
}

LessonPlayer console_player() {
  Lesson lesson;
  lesson.id = "hand";
  lesson.title.by_language = {{"en", "By hand"}, {"ko", "손으로"}};
  lesson.steps = {console_step("one", "하나"), console_step("two", "둘", "try two"),
                  console_step("three", "셋")};
  lesson.steps[1].formula = "Pₚ₊ₖ = T(k) Pₚ";
  LessonPlayer player;
  player.lesson = lesson;
  return player;
}

}  // namespace

TEST_CASE("the presenter console's timer reads minutes and seconds, hours from an hour on", "[console]") {
  CHECK(format_presenting_time(std::chrono::seconds(0)) == "0:00");
  CHECK(format_presenting_time(std::chrono::milliseconds(999)) ==
        "0:00");  // a second is shown once it has passed
  CHECK(format_presenting_time(std::chrono::milliseconds(1999)) == "0:01");
  CHECK(format_presenting_time(std::chrono::seconds(59)) == "0:59");
  CHECK(format_presenting_time(std::chrono::seconds(60)) == "1:00");
  CHECK(format_presenting_time(std::chrono::seconds(12 * 60 + 34)) == "12:34");
  CHECK(format_presenting_time(std::chrono::seconds(59 * 60 + 59)) == "59:59");
  CHECK(format_presenting_time(std::chrono::seconds(3600)) == "1:00:00");
  CHECK(format_presenting_time(std::chrono::seconds(3600 + 2 * 60 + 3)) == "1:02:03");
  CHECK(format_presenting_time(std::chrono::seconds(25 * 3600)) == "25:00:00");
  CHECK(format_presenting_time(std::chrono::seconds(-5)) ==
        "0:00");  // a clock set back shows no negative time
}

TEST_CASE("the presenter console shows the step, the next one and the notes in the UI language",
          "[console]") {
  LessonPlayer player = console_player();
  const ConsoleClock::time_point started =
      ConsoleClock::time_point() + std::chrono::hours(5);  // a fake clock
  player.presenting = true;
  player.presenting_since = started;
  player.step = 1;
  const PresenterNotes notes = presenter_notes(player, "ko", started + std::chrono::milliseconds(125'400));
  REQUIRE(notes.has_lesson);
  CHECK(notes.title == "손으로");
  CHECK(notes.counter == "2 / 3");
  CHECK(notes.step == 1);
  CHECK(notes.steps == 3);
  REQUIRE(notes.next);
  CHECK(*notes.next == 2);
  CHECK(notes.text == "둘");
  CHECK(notes.formula == "Pₚ₊ₖ = T(k) Pₚ");
  CHECK(notes.try_text == "try two");  // no Korean prompt: English stands in, as in the caption band
  CHECK(notes.timer == "2:05");
  CHECK(notes.presenting);
  CHECK_FALSE(notes.blank);

  SECTION("the last step has no next one") {
    player.step = 2;
    const PresenterNotes last = presenter_notes(player, "en", started);
    CHECK(last.counter == "3 / 3");
    CHECK_FALSE(last.next);
    CHECK(last.text == "three");
    CHECK(last.timer == "0:00");
  }
  SECTION("blanked, the console says so; not presenting, no timer") {
    player.blank = true;
    CHECK(presenter_notes(player, "en", started).blank);
    player.presenting = false;
    const PresenterNotes idle = presenter_notes(player, "en", started + std::chrono::seconds(10));
    CHECK_FALSE(idle.blank);  // B only blanks while presenting
    CHECK(idle.timer.empty());
    CHECK(idle.counter == "2 / 3");
  }
  SECTION("a reset starts the timer again") {
    player.presenting_since = started + std::chrono::seconds(100);
    CHECK(presenter_notes(player, "en", started + std::chrono::seconds(161)).timer == "1:01");
  }
  SECTION("without a lesson there is nothing but the mode") {
    player.lesson.reset();
    const PresenterNotes none = presenter_notes(player, "en", started + std::chrono::seconds(3));
    CHECK_FALSE(none.has_lesson);
    CHECK(none.counter.empty());
    CHECK(none.timer == "0:03");
  }
}

TEST_CASE("the console's timer wakes the loop at the next whole second", "[console]") {
  LessonPlayer player = console_player();
  const ConsoleClock::time_point started = ConsoleClock::time_point() + std::chrono::hours(1);
  player.presenting = true;
  player.presenting_since = started;
  CHECK(until_next_timer_second(player, started + std::chrono::milliseconds(2250)) ==
        std::chrono::milliseconds(750));
  CHECK(until_next_timer_second(player, started + std::chrono::seconds(7)) == std::chrono::seconds(1));
  player.presenting = false;
  CHECK(until_next_timer_second(player, started) >= std::chrono::minutes(1));  // nothing ticks
}

TEST_CASE("the console's notes of a shipped lesson are its file's texts", "[console]") {
  const std::filesystem::path file =
      std::filesystem::path(PELAB_SOURCE_DIR) / "assets" / "lessons" / "04_offset_rotation.json";
  const LessonLoad load = load_lesson_file(file, ui::view_ids());
  REQUIRE(load.lesson);
  std::ifstream in(file);
  const nlohmann::json json = nlohmann::json::parse(in);  // read again, independently of the loader
  const std::size_t steps = json["steps"].size();
  LessonPlayer player;
  player.lesson = *load.lesson;
  for (std::size_t n = 0; n < steps; ++n) {
    player.step = n;
    const PresenterNotes notes = presenter_notes(player, "ko", ConsoleClock::now());
    CHECK(notes.counter == std::to_string(n + 1) + " / " + std::to_string(steps));
    CHECK(notes.title == json["title_ko"].get<std::string>());
    CHECK(notes.text == json["steps"][n]["text_ko"].get<std::string>());
    if (n + 1 < steps) {
      CHECK(notes.next == n + 1);
    } else {
      CHECK_FALSE(notes.next);
    }
  }
}

TEST_CASE("the clicker keys' table uses GLFW's key codes", "[console]") {
  const auto action_of = [](int key) {
    for (const ui::LessonKey& entry : ui::lesson_keys)
      if (entry.glfw_key == key) return entry.action;
    FAIL("key " << key << " is not in the table");
    return ui::LessonKeyAction::leave;
  };
  CHECK(action_of(GLFW_KEY_PAGE_DOWN) == ui::LessonKeyAction::next);
  CHECK(action_of(GLFW_KEY_RIGHT) == ui::LessonKeyAction::next);
  CHECK(action_of(GLFW_KEY_SPACE) == ui::LessonKeyAction::next);
  CHECK(action_of(GLFW_KEY_ENTER) == ui::LessonKeyAction::next);
  CHECK(action_of(GLFW_KEY_PAGE_UP) == ui::LessonKeyAction::previous);
  CHECK(action_of(GLFW_KEY_LEFT) == ui::LessonKeyAction::previous);
  CHECK(action_of(GLFW_KEY_BACKSPACE) == ui::LessonKeyAction::previous);
  CHECK(action_of(GLFW_KEY_B) == ui::LessonKeyAction::blank);
  CHECK(action_of(GLFW_KEY_R) == ui::LessonKeyAction::replay);
  CHECK(action_of(GLFW_KEY_ESCAPE) == ui::LessonKeyAction::leave);
  CHECK(action_of(GLFW_KEY_F5) == ui::LessonKeyAction::toggle_presenting);
  CHECK(ui::lesson_keys.size() == 13);
  CHECK(ui::lesson_modifier_keys == std::array<int, 6>{GLFW_KEY_LEFT_ALT, GLFW_KEY_RIGHT_ALT,
                                                       GLFW_KEY_LEFT_CONTROL, GLFW_KEY_RIGHT_CONTROL,
                                                       GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT});
}

TEST_CASE("the console has a second key no common window manager takes, named from the table", "[console]") {
  std::vector<std::pair<int, ui::KeyModifiers>> console_keys;
  for (const ui::LessonKey& entry : ui::lesson_keys)
    if (entry.action == ui::LessonKeyAction::open_console)
      console_keys.emplace_back(entry.glfw_key, entry.modifiers);
  CHECK(console_keys ==
        std::vector<std::pair<int, ui::KeyModifiers>>{{GLFW_KEY_F5, ui::KeyModifiers::alt},
                                                      {GLFW_KEY_F5, ui::KeyModifiers::ctrl_shift}});
  CHECK(ui::lesson_key_names(ui::LessonKeyAction::open_console) == "Alt+F5, Ctrl+Shift+F5");
  CHECK(ui::lesson_key_names(ui::LessonKeyAction::next) == "PageDown, →, Space, Enter");
  CHECK(ui::lesson_key_names(ui::LessonKeyAction::leave) == "Esc");
}

TEST_CASE("the console opens on a monitor the audience window is not on", "[console]") {
  using pelab::gfx::console_window_rect;
  using pelab::gfx::ScreenRect;
  const ScreenRect full_hd{0, 0, 1920, 1080};
  // Centred: x = left + (monitor width - 1024) / 2, y = top + (monitor height - 768) / 2.
  SECTION("a second monitor to the right") {
    const std::vector<ScreenRect> monitors{full_hd, {1920, 0, 1920, 1080}};
    CHECK(console_window_rect(monitors, {100, 100, 1600, 900}, 1024, 768) ==
          ScreenRect{2368, 156, 1024, 768});
    // The audience window on the right one: the console goes left.
    CHECK(console_window_rect(monitors, {2000, 50, 800, 600}, 1024, 768) == ScreenRect{448, 156, 1024, 768});
  }
  SECTION("a smaller monitor to the left, at negative x") {
    const std::vector<ScreenRect> monitors{full_hd, {-1280, 0, 1280, 1024}};
    CHECK(console_window_rect(monitors, {0, 0, 1920, 1080}, 1024, 768) == ScreenRect{-1152, 128, 1024, 768});
  }
  SECTION("a larger monitor above, the audience window on it") {
    const std::vector<ScreenRect> monitors{full_hd, {-320, -1440, 2560, 1440}};
    CHECK(console_window_rect(monitors, {200, -1200, 1600, 900}, 1024, 768) ==
          ScreenRect{448, 156, 1024, 768});
  }
  SECTION("a work area less a top panel; a monitor smaller than the console cuts it to fit") {
    const std::vector<ScreenRect> monitors{full_hd, {1920, 32, 1920, 1048}};
    CHECK(console_window_rect(monitors, {0, 0, 800, 600}, 1024, 768) == ScreenRect{2368, 172, 1024, 768});
    const std::vector<ScreenRect> small{{0, 0, 1024, 768}, {1024, 0, 800, 600}};
    CHECK(console_window_rect(small, {0, 0, 1024, 768}, 1024, 768) == ScreenRect{1024, 0, 800, 600});
  }
  SECTION("an audience window spanning two monitors") {
    // 920 of its 1600 columns on the first, 680 on the second: it belongs to the first, and of the others
    // the console takes the third, which holds none of it.
    const std::vector<ScreenRect> three{full_hd, {1920, 0, 1920, 1080}, {3840, 0, 1920, 1080}};
    CHECK(console_window_rect(three, {1000, 0, 1600, 900}, 1024, 768) == ScreenRect{4288, 156, 1024, 768});
    // With two monitors, the one holding less of it.
    const std::vector<ScreenRect> two{full_hd, {1920, 0, 1920, 1080}};
    CHECK(console_window_rect(two, {1000, 0, 1600, 900}, 1024, 768) == ScreenRect{2368, 156, 1024, 768});
    CHECK(console_window_rect(two, {1500, 0, 1600, 900}, 1024, 768) == ScreenRect{448, 156, 1024, 768});
    // Exactly half on each: the first of equals holds it.
    CHECK(pelab::gfx::monitor_holding(two, {1420, 0, 1000, 900}) == 0u);
    CHECK(console_window_rect(two, {1420, 0, 1000, 900}, 1024, 768) == ScreenRect{2368, 156, 1024, 768});
  }
  SECTION("of several free monitors the first; an audience window on none counts as on the first") {
    const std::vector<ScreenRect> three{full_hd, {1920, 0, 1920, 1080}, {3840, 0, 1920, 1080}};
    CHECK(console_window_rect(three, {2000, 0, 800, 600}, 1024, 768) == ScreenRect{448, 156, 1024, 768});
    CHECK(console_window_rect(three, {-5000, -5000, 800, 600}, 1024, 768) ==
          ScreenRect{2368, 156, 1024, 768});
  }
  SECTION("one monitor, or none: where the window manager puts it") {
    const std::vector<ScreenRect> one{full_hd};
    CHECK_FALSE(console_window_rect(one, {0, 0, 800, 600}, 1024, 768));
    CHECK_FALSE(console_window_rect({}, {0, 0, 800, 600}, 1024, 768));
    CHECK_FALSE(pelab::gfx::monitor_holding({}, {0, 0, 800, 600}));
  }
}
