// Replays what the fuzz harnesses know in every build (g++ Release and ASan+UBSan, no libFuzzer):
// each seed of tests/fuzz/corpus/<harness>/ and each input that once crashed a reader or broke a
// promise, kept in tests/fuzz/regressions/<harness>/, goes through the harness's own check
// (tests/fuzz/fuzz_<harness>.cpp, compiled here without its libFuzzer entry point). Seeds whose
// name does not start with "broken_" must also be accepted by their reader, so a format change
// that turns them into refusals (and the fuzzer's start into noise) is noticed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_checks.hpp"
#include "pelab/config_spec.hpp"
#include "pelab/io/npy.hpp"
#include "pelab/io/safetensors.hpp"
#include "pelab/model_config.hpp"
#ifdef PELAB_FUZZ_APP_STATE
#include "state/lesson.hpp"
#include "state/session.hpp"
#include "state/view_types.hpp"
#endif

namespace {

namespace fs = std::filesystem;

const fs::path fuzz_dir = PELAB_FUZZ_DIR;

// Every harness of tests/fuzz, whether or not this build can replay it (session and lesson need
// the app's state library).
const std::set<std::string> all_harnesses = {"npy",          "safetensors", "config_spec",
                                             "model_config", "session",     "lesson"};

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> files;
  if (!fs::is_directory(dir)) return files;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Feeds every seed and regression input of `harness` to `check`, and every seed not named
// broken_* to `accepts` too; returns how many seeds it read.
std::size_t replay(const std::string& harness, std::string (*check)(std::string_view),
                   bool (*accepts)(const std::string&)) {
  std::size_t seeds = 0;
  for (const char* kind : {"corpus", "regressions"}) {
    for (const fs::path& file : files_in(fuzz_dir / kind / harness)) {
      INFO(file.string());
      const std::string bytes = read_bytes(file);
      CHECK(check(bytes).empty());
      if (std::string_view(kind) != "corpus") continue;
      ++seeds;
      if (!file.filename().string().starts_with("broken_")) CHECK(accepts(bytes));
    }
  }
  return seeds;
}

// Whether a reader accepts the input (its pelab::Error, if any, is shown).
template <typename Read>
bool accepted(Read read) {
  try {
    read();
    return true;
  } catch (const pelab::Error& e) {
    UNSCOPED_INFO(e.what());
    return false;
  }
}

bool npy_accepts(const std::string& bytes) {
  return accepted([&] { pelab::npy_decode(bytes, "seed.npy"); });
}
bool safetensors_accepts(const std::string& bytes) {
  return accepted([&] { pelab::safetensors_index(bytes, "seed.safetensors"); });
}
bool config_spec_accepts(const std::string& bytes) {
  return accepted([&] { pelab::parse_config_spec(bytes); });
}
bool model_config_accepts(const std::string& bytes) {
  return accepted([&] { pelab::parse_model_config(bytes, "config.json"); });
}

#ifdef PELAB_FUZZ_APP_STATE
bool problems_shown(const std::vector<std::string>& problems) {
  for (const std::string& problem : problems) UNSCOPED_INFO(problem);
  return false;
}
// A seed of the session harness is a session file or a settings file.
bool session_accepts(const std::string& bytes) {
  const pelab::app::SessionLoad load = pelab::app::session_from_text(bytes, pelab::app::view_type_ids);
  std::vector<std::string> problems;
  return load.state || pelab::app::settings_from_text(bytes, problems) || problems_shown(load.problems);
}
bool lesson_accepts(const std::string& bytes) {
  const pelab::app::LessonLoad load = pelab::app::lesson_from_text(bytes, "seed", pelab::app::view_type_ids);
  return load.lesson || problems_shown(load.problems);
}
#endif

}  // namespace

TEST_CASE("fuzz regressions: .npy seeds and past crashes", "[io][fuzz]") {
  CHECK(replay("npy", pelab::fuzz::check_npy, npy_accepts) > 0);
}

TEST_CASE("fuzz regressions: .safetensors seeds and past crashes", "[io][fuzz]") {
  CHECK(replay("safetensors", pelab::fuzz::check_safetensors, safetensors_accepts) > 0);
}

TEST_CASE("fuzz regressions: CONFIG seeds and past crashes", "[io][fuzz]") {
  CHECK(replay("config_spec", pelab::fuzz::check_config_spec, config_spec_accepts) > 0);
}

TEST_CASE("fuzz regressions: config.json seeds and past crashes", "[io][fuzz]") {
  CHECK(replay("model_config", pelab::fuzz::check_model_config, model_config_accepts) > 0);
}

#ifdef PELAB_FUZZ_APP_STATE
TEST_CASE("fuzz regressions: session and settings seeds and past crashes", "[io][fuzz]") {
  CHECK(replay("session", pelab::fuzz::check_session, session_accepts) > 0);
}

TEST_CASE("fuzz regressions: lesson seeds and past crashes", "[io][fuzz]") {
  CHECK(replay("lesson", pelab::fuzz::check_lesson, lesson_accepts) > 0);
}
#endif

TEST_CASE("fuzz regressions: every corpus and regression directory belongs to a harness", "[io][fuzz]") {
  for (const char* kind : {"corpus", "regressions"}) {
    if (!fs::is_directory(fuzz_dir / kind)) continue;
    for (const fs::directory_entry& entry : fs::directory_iterator(fuzz_dir / kind)) {
      INFO(entry.path().string());
      CHECK(entry.is_directory());
      CHECK(all_harnesses.count(entry.path().filename().string()) == 1);
    }
  }
}
