// Fuzz harness for session and settings files: pelab::app::session_from_text and settings_from_text.
// Neither throws: every problem is reported in a list, and an accepted file must survive a save.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_checks.hpp"
#include "state/session.hpp"
#include "state/view_types.hpp"

namespace pelab::fuzz {
namespace {

std::string first_problem(const std::vector<std::string>& problems) {
  return problems.empty() ? std::string("(no problem listed)") : problems.front();
}

std::string check_session_text(std::string_view bytes) {
  const app::SessionLoad load = app::session_from_text(bytes, app::view_type_ids);
  if (!load.state) return load.problems.empty() ? "a session was refused without a reason" : "";
  if (!load.problems.empty()) return "a session was accepted with problems: " + load.problems.front();
  const std::string saved = app::session_to_text(*load.state);
  const app::SessionLoad again = app::session_from_text(saved, app::view_type_ids);
  if (!again.state) return "an accepted session, saved, is refused: " + first_problem(again.problems);
  if (!(*again.state == *load.state)) return "an accepted session, saved and reloaded, changed";
  return {};
}

std::string check_settings_text(std::string_view bytes) {
  std::vector<std::string> problems;
  const std::optional<app::UiSettings> settings = app::settings_from_text(bytes, problems);
  if (!settings) return problems.empty() ? "settings were refused without a reason" : "";
  if (!problems.empty()) return "settings were accepted with problems: " + problems.front();
  std::vector<std::string> again_problems;
  const std::optional<app::UiSettings> again =
      app::settings_from_text(app::settings_to_text(*settings), again_problems);
  if (!again) return "accepted settings, saved, are refused: " + first_problem(again_problems);
  if (!(*again == *settings)) return "accepted settings, saved and reloaded, changed";
  return {};
}

}  // namespace

std::string check_session(std::string_view bytes) {
  std::string broken = check_session_text(bytes);
  if (broken.empty()) broken = check_settings_text(bytes);
  return broken;
}

}  // namespace pelab::fuzz

#ifdef PELAB_LIBFUZZER
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return pelab::fuzz::run_check(pelab::fuzz::check_session, data, size);
}
#endif
