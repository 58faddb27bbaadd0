// Lessons rendered as slides and handouts without a display, in both languages, and the UI strings
// of both languages: same keys, no key left untranslated.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <set>
#include <string>

#include "run_command.hpp"
#include "state/i18n.hpp"
#include "state/lesson.hpp"
#include "ui/view_registry.hpp"

namespace fs = std::filesystem;
using namespace pelab::app;

namespace {

using pelab::test::Run;
using pelab::test::run;

}  // namespace

TEST_CASE("both languages hold the same UI string keys", "[i18n]") {
  std::vector<std::string> problems;
  REQUIRE(load_strings(fs::path(PELAB_ASSET_DIR) / "i18n", problems));
  CHECK(problems.empty());
  const std::vector<std::string> en = string_keys("en"), ko = string_keys("ko");
  const std::set<std::string> en_set(en.begin(), en.end()), ko_set(ko.begin(), ko.end());
  for (const std::string& key : en) {
    INFO(key);
    CHECK(ko_set.contains(key));
  }
  // Korean also translates texts whose English lives in core or in the view registry ("kind.*",
  // "view.*", "core.*") or is a session word ("option.*": "same-kind"); every other Korean key has
  // its English twin.
  for (const std::string& key : ko) {
    if (key.rfind("kind.", 0) == 0 || key.rfind("view.", 0) == 0 || key.rfind("core.", 0) == 0 ||
        key.rfind("option.", 0) == 0)
      continue;
    INFO(key);
    CHECK(en_set.contains(key));
  }
  // Every sentence core returns has a Korean translation with the same arguments ({0}, {1}, ...),
  // and no Korean "core." key is left over from a sentence core no longer has.
  const auto arguments = [](std::string_view text) {
    std::set<std::string> found;
    for (std::size_t at = text.find('{'); at != std::string_view::npos; at = text.find('{', at + 1))
      if (at + 2 < text.size() && text[at + 2] == '}') found.insert(std::string(text.substr(at, 3)));
    return found;
  };
  std::set<std::string> core_keys;
  set_language("ko");
  for (pelab::TextId id : pelab::all_text_ids()) {
    const std::string key = "core." + std::string(pelab::text_key(id));
    core_keys.insert(key);
    INFO(key);
    REQUIRE(ko_set.contains(key));
    CHECK(arguments(tr(key.c_str())) == arguments(pelab::text_pattern(id)));
    CHECK(tr(key.c_str()) != pelab::text_pattern(id));
  }
  for (const std::string& key : ko) {
    if (key.rfind("core.", 0) != 0) continue;
    INFO(key);
    CHECK(core_keys.contains(key));
  }
  // A translated sentence gets its numbers formatted in.
  CHECK(tr_text({pelab::TextId::requirement_fail_2, {"63", "1"}}).find("63") != std::string::npos);
  set_language("en");
  CHECK(tr_text({pelab::TextId::requirement_fail_2, {"63", "1"}}) ==
        "fails: values reach 63, above the bound 1 that keeps them on the scale of token embeddings");
  // Every view of the registry has its title, short name and summary in every language but English,
  // whose texts are the registry's own (title, summary, and the id as short name).
  const std::vector<Language> languages = available_languages();
  REQUIRE(languages.size() >= 2);
  for (const Language& language : languages) {
    const std::vector<std::string> keys = string_keys(language);
    const std::set<std::string> key_set(keys.begin(), keys.end());
    set_language(language);
    for (const ui::ViewType& view : ui::view_registry()) {
      INFO(language << ": " << view.id);
      if (language == fallback_language) {
        CHECK(ui::view_title(view) == view.title);
        CHECK(ui::view_short_name(view) == view.id);
        CHECK(ui::view_summary(view) == view.summary);
        continue;
      }
      for (const std::string_view part : {"title", "short", "summary"}) {
        const std::string key = ui::view_text_key(view, part);
        INFO(key);
        CHECK(key_set.contains(key));
      }
      // What the cell, the toggles and their tooltips show is that language's text.
      CHECK(ui::view_title(view) == tr(ui::view_text_key(view, "title").c_str()));
      CHECK(ui::view_short_name(view) == tr(ui::view_text_key(view, "short").c_str()));
      CHECK(ui::view_summary(view) == tr(ui::view_text_key(view, "summary").c_str()));
    }
  }
  CHECK(ui::view_text_key(*ui::find_view("pca"), "title") == "view.pca.title");
  set_language("en");
  set_language("ko");
  CHECK(std::string(tr("sidebar.section.views")) == "뷰");
  CHECK(trf("lesson.counter", {"3", "7"}) == "7단계 중 3단계");
  set_language("en");
  CHECK(trf("lesson.counter", {"3", "7"}) == "step 3 of 7");
  CHECK(std::string(tr("no.such.key")) == "no.such.key");  // a gap shows as its key
}

TEST_CASE("every lesson renders as slides and a PDF handout, in Korean and in English", "[lessons][slides]") {
  const fs::path out = fs::path(PELAB_TEST_TMP) / "slides";
  for (const LessonInfo& info : list_lessons(fs::path(PELAB_ASSET_DIR) / "lessons")) {
    REQUIRE(info.problem.empty());
    for (const auto& [lang, size] : {std::pair{"ko", "1024x768"}, std::pair{"en", "1920x1080"}}) {
      const fs::path dir = out / (info.id + "_" + lang);
      fs::remove_all(dir);
      const Run result = run("env -u DISPLAY " + std::string(PELAB_GUI_PATH) + " --lesson " + info.id +
                             " --export-slides " + dir.string() + " --lang " + lang + " --size " + size);
      INFO(info.id << " " << lang << ": " << result.output);
      REQUIRE(result.status == 0);
      std::size_t slides = 0;
      for (const auto& entry : fs::directory_iterator(dir)) slides += entry.path().extension() == ".png";
      CHECK(slides == info.steps);
      const Run pages = run("pdfinfo " + (dir / (info.id + ".pdf")).string() + " | grep '^Pages:'");
      CHECK(pages.output.find(std::to_string(info.steps)) != std::string::npos);
    }
  }
}

TEST_CASE("lesson command line: list, unknown names, export without a lesson", "[lessons]") {
  const Run list = run(std::string(PELAB_GUI_PATH) + " --list-lessons");
  CHECK(list.status == 0);
  CHECK(list.output.find("03_sinusoid") != std::string::npos);
  CHECK(list.output.find("steps") != std::string::npos);
  const Run unknown = run("env -u DISPLAY " + std::string(PELAB_GUI_PATH) +
                          " --lesson no_such_lesson --export-slides /tmp/never");
  CHECK(unknown.status == 2);
  CHECK(unknown.output.find("no lesson called \"no_such_lesson\"") != std::string::npos);
  const Run alone = run(std::string(PELAB_GUI_PATH) + " --export-slides /tmp/never");
  CHECK(alone.status == 2);
}
