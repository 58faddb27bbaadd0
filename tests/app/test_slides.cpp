// Lessons rendered as slides and handouts without a display, in both languages, and the UI strings
// of both languages: same keys, no key left untranslated.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "run_command.hpp"
#include "state/i18n.hpp"
#include "state/lesson.hpp"
#include "state/view_settings.hpp"
#include "ui/view_registry.hpp"

namespace fs = std::filesystem;
using namespace pelab::app;

namespace {

using pelab::test::Run;
using pelab::test::run;

// Words that mean nothing on a projected slide or on paper: the audience cannot maximise a view or
// point at it. Korean: "크게 하면" / "크게 보면" (make it large: maximise it; "크게" alone also means
// "greatly", as in 값이 크게 변합니다) and "마우스" (the mouse: put it over a cell).
constexpr std::array<std::string_view, 7> screen_only_words = {"maximi",    "Maximi",    "hover", "Hover",
                                                               "크게 하면", "크게 보면", "마우스"};

std::string screen_only_word_in(std::string_view text) {
  for (std::string_view word : screen_only_words)
    if (text.find(word) != std::string_view::npos) return std::string(word);
  return "";
}

// Every string in a JSON document, with where it is ("steps/2/try_ko").
void strings_of(const nlohmann::json& value, const std::string& where,
                std::vector<std::pair<std::string, std::string>>& into) {
  if (value.is_string()) {
    into.emplace_back(where, value.get<std::string>());
  } else if (value.is_object()) {
    for (const auto& [key, item] : value.items()) strings_of(item, where + "/" + key, into);
  } else if (value.is_array()) {
    for (std::size_t n = 0; n < value.size(); ++n)
      strings_of(value[n], where + "/" + std::to_string(n), into);
  }
}

// The text runs of a lesson's exported slides of width x height (GEOMETRY/step_NN.json,
// run/text_census.hpp): at 1024 x 768 those under 28 px that are no exponent or index, and at any size
// those telling the class to maximise, hover or click, each as "LESSON (LANG) step N: "TEXT" PX px".
void check_slide_text(const LessonInfo& info, const std::string& lang, const fs::path& geometry, int width,
                      int height, std::vector<std::string>& too_small,
                      std::vector<std::string>& screen_only) {
  constexpr double smallest_px = 28.0 - 0.05;
  for (std::size_t step = 1; step <= info.steps; ++step) {
    char name[32];
    std::snprintf(name, sizeof name, "step_%02zu.json", step);
    std::ifstream file(geometry / name);
    INFO(info.id << " " << lang << " step " << step);
    REQUIRE(file);
    const nlohmann::json census = nlohmann::json::parse(file);
    CHECK(census["width"] == width);
    CHECK(census["height"] == height);
    // The census reads real text: the slide shows its step text at the presenter's 28 px.
    std::size_t at_28 = 0;
    for (const nlohmann::json& text_run : census["text_runs"]) {
      const double px = text_run["px"];
      const std::string text = text_run["text"];
      at_28 += std::abs(px - 28.0) < 0.05;
      std::ostringstream where;
      where << info.id << " (" << lang << ") step " << step << ": \"" << text << "\" " << px << " px";
      if (width == 1024 && px < smallest_px && !text_run["script"].get<bool>())
        too_small.push_back(where.str());
      // And on a slide, the app's own hints to click (press) what the class cannot.
      const bool click_hint = text.find("Click") != std::string::npos ||
                              text.find("click") != std::string::npos ||
                              text.find("누르면") != std::string::npos;
      if (!screen_only_word_in(text).empty() || click_hint) screen_only.push_back(where.str());
    }
    CHECK(at_28 >= 3);
  }
}

// The matrices of a lesson's slides at 1024 x 768 (GEOMETRY/step_NN.json's "heatmaps": GPU heatmaps and
// matrix grids alike): those under 150 x 150 px, the plots ("plots") lower than that, and the columns of the
// attention view's word-by-word grids (logits and weights) that have no word of the sentence drawn above them
// at 28 px or more, each as "LESSON (LANG) step N: ...".
void check_slide_matrices(const LessonInfo& info, const std::string& lang, const fs::path& geometry,
                          std::vector<std::string>& too_small, std::vector<std::string>& unlabelled,
                          std::vector<std::string>& low_plots) {
  constexpr double smallest_side = 150.0, smallest_px = 28.0 - 0.05;
  const std::span<const std::string_view> words = attention_sentence_words();
  for (std::size_t step = 1; step <= info.steps; ++step) {
    char name[32];
    std::snprintf(name, sizeof name, "step_%02zu.json", step);
    std::ifstream file(geometry / name);
    REQUIRE(file);
    const nlohmann::json census = nlohmann::json::parse(file);
    for (const nlohmann::json& h : census["heatmaps"]) {
      const std::string matrix = h["name"];
      const double x0 = h["x0"], y0 = h["y0"], x1 = h["x1"], y1 = h["y1"];
      std::ostringstream where;
      where << info.id << " (" << lang << ") step " << step << ": " << matrix << " of configuration "
            << h["config"] << " at " << x0 << ", " << y0;
      if (std::abs(x1 - x0) < smallest_side || std::abs(y1 - y0) < smallest_side) {
        std::ostringstream size;
        size << " is " << std::abs(x1 - x0) << " x " << std::abs(y1 - y0) << " px";
        too_small.push_back(where.str() + size.str());
      }
      if (matrix != "attention-logits" && matrix != "attention-weights") continue;
      const int cols = h["cols"];
      const double cell = (x1 - x0) / cols;
      for (int c = 0; c < cols; ++c) {
        bool labelled = false;
        for (const nlohmann::json& text_run : census["text_runs"]) {
          const std::string text = text_run["text"];
          const double px = text_run["px"];
          const double left = text_run["box"][0], top = text_run["box"][1], right = text_run["box"][2],
                       bottom = text_run["box"][3];
          const double centre = 0.5 * (left + right);
          labelled =
              labelled || (std::find(words.begin(), words.end(), text) != words.end() && px >= smallest_px &&
                           centre > x0 + c * cell && centre < x0 + (c + 1) * cell && bottom <= y0 + 1.0 &&
                           top >= y0 - 6.0 * 28.0);
        }
        if (!labelled) unlabelled.push_back(where.str() + ", column " + std::to_string(c));
      }
    }
    // Plots (their data areas inside the axes, the heatmaps' plots among them): as tall as a matrix's
    // side, and the RoPE view's of lesson 7 (~120 px before) 200 px, room for ticks at 28 px.
    const double lowest_plot = info.id == "07_long_context" ? 200.0 : smallest_side;
    for (const nlohmann::json& area : census["plots"]) {
      const double x0 = area[0], y0 = area[1], x1 = area[2], y1 = area[3];
      if (y1 - y0 >= lowest_plot) continue;
      std::ostringstream where;
      where << info.id << " (" << lang << ") step " << step << ": the plot at " << x0 << ", " << y0 << " is "
            << x1 - x0 << " x " << y1 - y0 << " px";
      low_plots.push_back(where.str());
    }
  }
}

std::string lines_of(const std::vector<std::string>& lines) {
  std::ostringstream out;
  for (const std::string& line : lines) out << line << "\n";
  return out.str();
}
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
  // Korean at a projector's 1024 x 768, English at 1920 x 1080 and 1024 x 768. At 1024 x 768 every
  // text on every slide is at least 28 px tall (the slides' --geometry census lists every run of text
  // with the size it was drawn at; exponents and indices beside larger text belong to its line), none
  // tells the class to maximise or hover, every heatmap and matrix grid is at least 150 x 150 px (every plot
  // 150 px tall, lesson 7's RoPE plots 200 px), and every column of the attention view's word-by-word grids
  // has its word above it. Without the animated steps' videos (--no-video): tests/app/video_export.sh checks
  // those.
  const fs::path out = fs::path(PELAB_TEST_TMP) / "slides";
  std::vector<std::string> too_small, screen_only, small_matrices, unlabelled_columns, low_plots;
  for (const LessonInfo& info : list_lessons(fs::path(PELAB_ASSET_DIR) / "lessons")) {
    REQUIRE(info.problem.empty());
    for (const auto& [lang, size] :
         {std::pair{"ko", "1024x768"}, std::pair{"en", "1920x1080"}, std::pair{"en", "1024x768"}}) {
      const bool projector = std::string(size) == "1024x768";
      const fs::path dir = out / (info.id + "_" + lang + "_" + size), geometry = dir / "geometry";
      fs::remove_all(dir);
      const Run result = run("env -u DISPLAY " + std::string(PELAB_GUI_PATH) + " --lesson " + info.id +
                             " --export-slides " + dir.string() + " --no-video --geometry " +
                             geometry.string() + " --lang " + lang + " --size " + size);
      INFO(info.id << " " << lang << " " << size << ": " << result.output);
      REQUIRE(result.status == 0);
      std::size_t slides = 0;
      for (const auto& entry : fs::directory_iterator(dir)) slides += entry.path().extension() == ".png";
      CHECK(slides == info.steps);
      const Run pages = run("pdfinfo " + (dir / (info.id + ".pdf")).string() + " | grep '^Pages:'");
      CHECK(pages.output.find(std::to_string(info.steps)) != std::string::npos);
      check_slide_text(info, lang, geometry, projector ? 1024 : 1920, projector ? 768 : 1080, too_small,
                       screen_only);
      if (projector)
        check_slide_matrices(info, lang, geometry, small_matrices, unlabelled_columns, low_plots);
    }
  }
  INFO(too_small.size() << " runs of text under 28 px:\n" << lines_of(too_small));
  CHECK(too_small.empty());
  INFO(small_matrices.size() << " matrices under 150 x 150 px:\n" << lines_of(small_matrices));
  CHECK(small_matrices.empty());
  INFO(low_plots.size() << " plots too low:\n" << lines_of(low_plots));
  CHECK(low_plots.empty());
  INFO(unlabelled_columns.size() << " attention columns without their word:\n"
                                 << lines_of(unlabelled_columns));
  CHECK(unlabelled_columns.empty());
  INFO("slides telling the class to maximise or hover:\n" << lines_of(screen_only));
  CHECK(screen_only.empty());
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

TEST_CASE("no lesson tells the reader to maximise a view or hover over it", "[lessons]") {
  // The word list finds what it is meant to find, in both languages.
  CHECK(screen_only_word_in("maximise for the residual curve over p") == "maximi");
  CHECK(screen_only_word_in("hover a cell to read it") == "hover");
  CHECK(screen_only_word_in("크게 하면 잔차 곡선이 보입니다") == "크게 하면");
  CHECK(screen_only_word_in("값이 크게 변합니다").empty());
  CHECK(screen_only_word_in("칸마다 마우스를 올려 확인해 보세요") == "마우스");
  CHECK(screen_only_word_in("the residual over p is drawn under the matrices").empty());
  std::size_t lessons = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(PELAB_ASSET_DIR) / "lessons")) {
    if (entry.path().extension() != ".json") continue;
    ++lessons;
    std::ifstream file(entry.path());
    const nlohmann::json lesson = nlohmann::json::parse(file);
    std::vector<std::pair<std::string, std::string>> texts;
    strings_of(lesson, "", texts);
    for (const auto& [where, text] : texts) {
      INFO(entry.path().filename().string() << where << ": " << text);
      CHECK(screen_only_word_in(text).empty());
    }
  }
  CHECK(lessons == 7);
}
