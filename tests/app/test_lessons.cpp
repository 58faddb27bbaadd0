// Lessons as data: the shipped lessons load with the real view registry, both languages are there
// for every step, a malformed lesson is refused naming its file, step and field, and the numbers
// the lessons state agree with what core computes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>

#include "pelab/encodings.hpp"
#include "pelab/io/table_file.hpp"
#include "pelab/requirements.hpp"
#include "pelab/similarity.hpp"
#include "problems_support.hpp"
#include "state/i18n.hpp"
#include "state/lesson.hpp"
#include "state/session.hpp"
#include "ui/view_registry.hpp"

using namespace pelab;
using namespace pelab::app;
using nlohmann::json;

using pelab::test::mentions;

namespace {

const std::filesystem::path lesson_dir = std::filesystem::path(PELAB_PRESET_DIR).parent_path() / "lessons";

// The shipped lessons and their step counts.
const std::map<std::string, std::size_t> shipped = {
    {"01_why_positions", 6},     {"02_requirements", 6},   {"03_sinusoid", 7},    {"04_offset_rotation", 7},
    {"05_absolute_relative", 8}, {"06_learned_tables", 6}, {"07_long_context", 7}};

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

Lesson load_shipped(const std::string& id, ViewIds views) {
  const LessonLoad load = load_lesson_file(lesson_dir / (id + ".json"), views);
  INFO(joined(load.problems));
  REQUIRE(load.lesson);
  return *load.lesson;
}

// A small valid lesson; each malformed case below changes one thing in it.
json valid_lesson() {
  return json::parse(R"({
    "pelab_lesson": 1,
    "title_en": "Test lesson",
    "title_ko": "시험 강의",
    "session": {"configs": [{"kind": "sinusoidal", "positions": 64, "dims": 8}],
                "layout": {"views": ["heatmap", "curves"]}},
    "steps": [
      {"text_en": "First step.", "text_ko": "첫 단계입니다.", "formula": "Pₚ₊ₖ = T(k) Pₚ",
       "highlight": {"kind": "cell", "target": {"p": 1, "i": 0}}},
      {"text_en": "Second step.", "text_ko": "둘째 단계입니다.",
       "session": {"layout": {"views": ["scorecard"]}},
       "highlight": {"kind": "view", "target": "scorecard"},
       "try_en": "Try it.", "try_ko": "해 보세요."},
      {"text_en": "Third step.", "text_ko": "셋째 단계입니다.",
       "session": {"configs": [{"selection": {"position": 5, "offset": 2, "dimension": 3}}]}}
    ]
  })");
}

LessonLoad load_json(const json& lesson) {
  return lesson_from_text(lesson.dump(), "lessons/bad.json", ui::view_ids());
}

// The view ids a lesson file names, read from the file itself (not through the loader): the
// layouts of the lesson's session and of every step, and the targets of view highlights.
std::set<std::string> views_named(const json& root) {
  std::set<std::string> out;
  const auto layout = [&](const json& session) {
    if (!session.contains("layout")) return;
    const json& l = session.at("layout");
    if (l.contains("views"))
      for (const json& v : l.at("views")) out.insert(v.get<std::string>());
    if (l.contains("maximized") && l.at("maximized").is_string())
      out.insert(l.at("maximized").get<std::string>());
  };
  layout(root.at("session"));
  for (const json& step : root.at("steps")) {
    if (step.contains("session")) layout(step.at("session"));
    if (step.contains("highlight") && step.at("highlight").at("kind") == "view")
      out.insert(step.at("highlight").at("target").get<std::string>());
  }
  return out;
}

}  // namespace

TEST_CASE("the test lesson itself is valid", "[lesson]") {
  const LessonLoad load = load_json(valid_lesson());
  INFO(joined(load.problems));
  REQUIRE(load.lesson);
  CHECK(load.lesson->id == "bad");
  CHECK(load.lesson->steps.size() == 3);
}

TEST_CASE("every shipped lesson loads with the view registry's ids", "[lesson]") {
  for (const auto& [id, steps] : shipped) {
    DYNAMIC_SECTION(id) {
      const LessonLoad load = load_lesson_file(lesson_dir / (id + ".json"), ui::view_ids());
      // A lesson that names a view the registry does not have fails here, naming the view.
      INFO("registry: " << ui::view_id_list());
      INFO(joined(load.problems));
      REQUIRE(load.lesson);
      CHECK(load.lesson->id == id);
      CHECK(load.lesson->steps.size() == steps);
    }
  }
}

TEST_CASE("every view a shipped lesson names is registered, and each step shows its views", "[lesson]") {
  const ViewIds registry = ui::view_ids();
  const auto registered = [&](const std::string& id) {
    return std::find(registry.begin(), registry.end(), id) != registry.end();
  };
  for (const auto& [id, steps] : shipped) {
    DYNAMIC_SECTION(id) {
      std::ifstream in(lesson_dir / (id + ".json"));
      const json root = json::parse(in);
      const std::set<std::string> named = views_named(root);
      REQUIRE(!named.empty());
      INFO("registry: " << ui::view_id_list());
      for (const std::string& view : named) {
        INFO("view " << view);
        CHECK(registered(view));
      }

      // The lesson's own session loads as a session file would (the loader adds the version too).
      json session = root.at("session");
      session["pelab_session"] = session_format_version;
      const SessionLoad base = session_from_text(session.dump(), registry);
      INFO(joined(base.problems));
      REQUIRE(base.state);
      CHECK(base.state->layout.views ==
            root.at("session").at("layout").at("views").get<std::vector<std::string>>());

      // Each step shows the views its file gives, else the lesson's (a step's layout keys replace).
      const Lesson lesson = load_shipped(id, registry);
      REQUIRE(lesson.steps.size() == steps);
      REQUIRE(root.at("steps").size() == steps);
      const json layout = root.at("session").at("layout");
      for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        INFO("step " << i + 1);
        const json& step = root.at("steps")[i];
        json expected = layout;
        if (step.contains("session") && step.at("session").contains("layout"))
          expected.merge_patch(step.at("session").at("layout"));
        const LayoutState& shown = lesson.steps[i].state.layout;
        CHECK(shown.views == expected.at("views").get<std::vector<std::string>>());
        if (expected.contains("maximized"))
          CHECK(shown.maximized == std::optional<std::string>(expected.at("maximized").get<std::string>()));
        else
          CHECK_FALSE(shown.maximized);
      }

      // Without one of those views in the registry the lesson is refused naming it: the loader
      // really checks names against the registry it is given.
      for (const std::string& view : named) {
        std::vector<std::string_view> fewer;
        for (std::string_view v : registry)
          if (v != view) fewer.push_back(v);
        const LessonLoad refused = load_lesson_file(lesson_dir / (id + ".json"), fewer);
        INFO("without " << view << ": " << joined(refused.problems));
        CHECK_FALSE(refused.lesson);
        CHECK(mentions(refused.problems, "\"" + view + "\""));
      }
    }
  }
}

TEST_CASE("both language sides of every shipped lesson and step exist", "[lesson]") {
  for (const auto& [id, steps] : shipped) {
    DYNAMIC_SECTION(id) {
      // In the file itself, independent of the loader.
      std::ifstream in(lesson_dir / (id + ".json"));
      const json root = json::parse(in);
      REQUIRE(root.at("steps").size() == steps);
      CHECK(!root.at("title_en").get<std::string>().empty());
      CHECK(!root.at("title_ko").get<std::string>().empty());
      for (std::size_t i = 0; i < root.at("steps").size(); ++i) {
        const json& step = root.at("steps")[i];
        INFO("step " << i + 1);
        REQUIRE(step.contains("text_en"));
        REQUIRE(step.contains("text_ko"));
        CHECK(step.contains("try_en") == step.contains("try_ko"));
      }
      // And as loaded: the file's texts under their language codes, every one in Korean too.
      const Lesson lesson = load_shipped(id, ui::view_ids());
      CHECK(lesson.title.in("en") == root.at("title_en").get<std::string>());
      CHECK(lesson.title.in("ko") == root.at("title_ko").get<std::string>());
      CHECK(lesson.written_in("en"));
      CHECK(lesson.written_in("ko"));
      for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& step = lesson.steps[i];
        INFO("step " << i + 1);
        CHECK(step.text.in("en") == root.at("steps")[i].at("text_en").get<std::string>());
        CHECK(step.text.in("ko") == root.at("steps")[i].at("text_ko").get<std::string>());
        CHECK(step.text.in("en") != step.text.in("ko"));
        CHECK(step.formula.find('\\') == std::string::npos);
      }
    }
  }
}

TEST_CASE("list_lessons gives the seven lessons with titles and step counts", "[lesson]") {
  const std::vector<LessonInfo> lessons = list_lessons(lesson_dir);
  REQUIRE(lessons.size() == shipped.size());
  auto expected = shipped.begin();
  for (const LessonInfo& info : lessons) {
    INFO(info.id << ": " << info.problem);
    CHECK(info.problem.empty());
    CHECK(info.id == expected->first);
    CHECK(info.steps == expected->second);
    CHECK(info.path == lesson_dir / (info.id + ".json"));
    CHECK(!info.title.in("en").empty());
    CHECK(info.title.has("ko"));
    ++expected;
  }
  CHECK(lessons[2].title.in("en") == "The sinusoidal encoding");
  CHECK(lessons[2].title.in("fr") == "The sinusoidal encoding");  // a language the file lacks: English
  CHECK(list_lessons(lesson_dir / "no-such-directory").empty());
}

TEST_CASE("find_lesson takes an id, a name without its number, a number or a path", "[lesson]") {
  const auto sinusoid = lesson_dir / "03_sinusoid.json";
  CHECK(find_lesson(lesson_dir, "03_sinusoid") == sinusoid);
  CHECK(find_lesson(lesson_dir, "sinusoid") == sinusoid);
  CHECK(find_lesson(lesson_dir, "3") == sinusoid);
  CHECK(find_lesson(lesson_dir, "03") == sinusoid);
  CHECK(find_lesson(lesson_dir, sinusoid.string()) == sinusoid);
  CHECK_FALSE(find_lesson(lesson_dir, "8"));
  CHECK_FALSE(find_lesson(lesson_dir, "no_such_lesson"));
}

TEST_CASE("a malformed lesson is refused with its file, step number and field", "[lesson]") {
  // The languages' scripts (language.json) decide which texts must or must not hold Hangul.
  std::vector<std::string> string_problems;
  REQUIRE(load_strings(std::filesystem::path(PELAB_SOURCE_DIR) / "assets" / "i18n", string_problems));
  set_language("en");
  struct Case {
    const char* what;
    std::function<void(json&)> change;
    const char* expected;  // a whole problem line, or its start
  };
  const std::vector<Case> cases = {
      {"missing English text", [](json& l) { l["steps"][2].erase("text_en"); },
       "lessons/bad.json: step 3: text_en: missing"},
      {"empty text", [](json& l) { l["steps"][1]["text_en"] = "  "; },
       "lessons/bad.json: step 2: text_en: is empty"},
      {"text not a string", [](json& l) { l["steps"][0]["text_en"] = 5; },
       "lessons/bad.json: step 1: text_en: must be a string"},
      {"Korean side in English", [](json& l) { l["steps"][1]["text_ko"] = "Second step."; },
       "lessons/bad.json: step 2: text_ko: has no Hangul"},
      {"English side in Korean", [](json& l) { l["steps"][0]["text_en"] = "첫 단계"; },
       "lessons/bad.json: step 1: text_en: contains Hangul"},
      {"text too long", [](json& l) { l["steps"][2]["text_en"] = std::string(1000, 'a'); },
       "lessons/bad.json: step 3: text_en: is 1000 bytes, longer than 900"},
      {"TeX in a formula", [](json& l) { l["steps"][0]["formula"] = "P_p \\cdot P_q"; },
       "lessons/bad.json: step 1: formula: contains TeX"},
      {"TeX in a text", [](json& l) { l["steps"][1]["text_en"] = "Here $\\sqrt{d}$ scales."; },
       "lessons/bad.json: step 2: text_en: contains TeX"},
      {"words of one language in a formula", [](json& l) { l["steps"][0]["formula"] = "회전 T(k)"; },
       "lessons/bad.json: step 1: formula: contains Hangul"},
      {"try without its English fallback", [](json& l) { l["steps"][1].erase("try_en"); },
       "lessons/bad.json: step 2: try_en: missing (try_ko is given)"},
      {"a language code of the wrong form", [](json& l) { l["steps"][1]["text_KO"] = "둘째"; },
       "lessons/bad.json: step 2: text_KO: unknown key"},
      {"unknown step key", [](json& l) { l["steps"][2]["text"] = "x"; },
       "lessons/bad.json: step 3: text: unknown key"},
      {"step not an object", [](json& l) { l["steps"][2] = "text"; },
       "lessons/bad.json: step 3: step: must be a JSON object"},
      {"unknown view in a step",
       [](json& l) { l["steps"][1]["session"]["layout"]["views"] = {"no-such-view"}; },
       "lessons/bad.json: step 2: session.layout.views: unknown view \"no-such-view\""},
      {"unknown maximised view",
       [](json& l) {
         l["steps"][2]["session"]["layout"] = {{"maximized", "gallery"}};
       },
       "lessons/bad.json: step 3: session.layout.maximized: must be null or one of"},
      {"value out of range", [](json& l) { l["steps"][2]["session"]["configs"][0]["dims"] = 0; },
       "lessons/bad.json: step 3: session.configs[0].dims: must be in 1..4096"},
      {"unknown session key",
       [](json& l) {
         l["steps"][0]["session"] = {{"colour", "red"}};
       },
       "lessons/bad.json: step 1: session.colour: unknown key"},
      {"step session not an object", [](json& l) { l["steps"][1]["session"] = json::array(); },
       "lessons/bad.json: step 2: session: must be a JSON object"},
      {"font settings in a lesson",
       [](json& l) {
         l["steps"][0]["session"] = {{"ui", {{"font_size", 30}}}};
       },
       "lessons/bad.json: step 1: session.ui: not allowed in a lesson"},
      {"a table on a kind that has none (after merging)",
       [](json& l) { l["steps"][2]["session"]["configs"][0]["table"] = "t.npy"; },
       "lessons/bad.json: step 3: session.configs[0].table: applies only to kind learned"},
      {"unknown highlight kind", [](json& l) { l["steps"][0]["highlight"]["kind"] = "arrow"; },
       "lessons/bad.json: step 1: highlight.kind: unknown kind \"arrow\""},
      {"highlight without target", [](json& l) { l["steps"][1]["highlight"].erase("target"); },
       "lessons/bad.json: step 2: highlight.target: missing"},
      {"highlighted view not shown",
       [](json& l) {
         l["steps"][0]["highlight"] = {{"kind", "view"}, {"target", "spectrum"}};
       },
       "lessons/bad.json: step 1: highlight.target: view \"spectrum\" is not shown in this step"},
      {"unknown control",
       [](json& l) {
         l["steps"][0]["highlight"] = {{"kind", "control"}, {"target", "volume"}};
       },
       "lessons/bad.json: step 1: highlight.target: unknown control \"volume\""},
      {"cell outside the table", [](json& l) { l["steps"][0]["highlight"]["target"]["p"] = 64; },
       "lessons/bad.json: step 1: highlight.target.p: 64 is outside this step's 0..63"},
      {"cell without its dimension", [](json& l) { l["steps"][0]["highlight"]["target"].erase("i"); },
       "lessons/bad.json: step 1: highlight.target.i: missing"},
      {"cell of a configuration that does not exist",
       [](json& l) { l["steps"][0]["highlight"]["target"]["config"] = 1; },
       "lessons/bad.json: step 1: highlight.target.config: 1 is outside this step's 0..0"},
      {"curve without the curves view",
       [](json& l) {
         l["steps"][1]["highlight"] = {{"kind", "curve"}, {"target", {{"i", 2}}}};
       },
       "lessons/bad.json: step 2: highlight.kind: a curve is marked in the curves view, which is not shown"},
      {"unknown key in a highlight target", [](json& l) { l["steps"][0]["highlight"]["target"]["q"] = 1; },
       "lessons/bad.json: step 1: highlight.target.q: unknown key"},
      {"broken base session", [](json& l) { l["session"]["configs"][0]["kind"] = "cosine"; },
       "lessons/bad.json: session.configs[0].kind: unknown value \"cosine\""},
      {"missing English title", [](json& l) { l.erase("title_en"); }, "lessons/bad.json: title_en: missing"},
      {"missing format version", [](json& l) { l.erase("pelab_lesson"); },
       "lessons/bad.json: pelab_lesson: missing: not a pelab lesson file"},
      {"newer format version", [](json& l) { l["pelab_lesson"] = 2; },
       "lessons/bad.json: pelab_lesson: unsupported format version 2"},
      {"no steps", [](json& l) { l["steps"] = json::array(); },
       "lessons/bad.json: steps: must be an array of 1 to 60 steps"},
      {"unknown top-level key", [](json& l) { l["author"] = "me"; }, "lessons/bad.json: author: unknown key"},
  };
  REQUIRE(cases.size() >= 15);
  for (const Case& c : cases) {
    DYNAMIC_SECTION(c.what) {
      json lesson = valid_lesson();
      c.change(lesson);
      const LessonLoad load = load_json(lesson);
      INFO(joined(load.problems));
      CHECK_FALSE(load.lesson);
      CHECK(mentions(load.problems, c.expected));
      // Every line names the file, and a step's problem its step number.
      for (const std::string& problem : load.problems) CHECK(problem.rfind("lessons/bad.json: ", 0) == 0);
    }
  }
}

TEST_CASE("a step's animation is read as written, and refused with the whole reason", "[lesson][animation]") {
  std::vector<std::string> string_problems;
  REQUIRE(load_strings(std::filesystem::path(PELAB_SOURCE_DIR) / "assets" / "i18n", string_problems));
  set_language("en");
  json lesson = valid_lesson();
  lesson["steps"][2]["animate"] = {
      {"parameter", "k"}, {"from", 0}, {"to", 8}, {"seconds", 2.5}, {"loop", true}};
  lesson["steps"][0]["animate"] = {
      {"parameter", "base"}, {"from", 100}, {"to", 10000}, {"seconds", 4}, {"fps", 12}};
  const LessonLoad load = load_json(lesson);
  INFO(joined(load.problems));
  REQUIRE(load.lesson);
  const std::optional<StepAnimation>& k = load.lesson->steps[2].animation;
  REQUIRE(k);
  CHECK(k->animation.name == "k");
  CHECK(k->animation.target == Animation::Target::selection);
  CHECK(k->animation.integral);
  CHECK(k->animation.from == 0.0);
  CHECK(k->animation.to == 8.0);
  CHECK(k->seconds == 2.5);
  CHECK(k->fps == 30);  // not given: 30
  CHECK(k->loop);
  const std::optional<StepAnimation>& base = load.lesson->steps[0].animation;
  REQUIRE(base);
  CHECK(base->animation.target == Animation::Target::encoding);
  CHECK_FALSE(base->animation.integral);
  CHECK(base->fps == 12);
  CHECK_FALSE(base->loop);
  CHECK_FALSE(load.lesson->steps[1].animation);
  CHECK(step_animation_caption(load.lesson->steps[2]) == "animated: k 0 → 8 over 2.5 s, repeating");
  CHECK(step_animation_caption(load.lesson->steps[0]) == "animated: base 100 → 10000 over 4 s");
  CHECK(step_animation_caption(load.lesson->steps[1]).empty());
  set_language("ko");
  CHECK(step_animation_caption(load.lesson->steps[0]) == "애니메이션: 4초 동안 base를 100 → 10000");
  set_language("en");

  // Written back by the editor's writer and read again: the same animations.
  const std::string text = lesson_to_text(*load.lesson);
  const json written = json::parse(text);
  CHECK(
      written["steps"][2]["animate"] ==
      json({{"parameter", "k"}, {"from", 0.0}, {"to", 8.0}, {"seconds", 2.5}, {"fps", 30}, {"loop", true}}));
  CHECK_FALSE(written["steps"][1].contains("animate"));
  const LessonLoad again = lesson_from_text(text, "again.json", ui::view_ids());
  INFO(joined(again.problems));
  REQUIRE(again.lesson);
  for (std::size_t s = 0; s < 3; ++s)
    CHECK(again.lesson->steps[s].animation == load.lesson->steps[s].animation);

  struct Case {
    json animate;
    std::string expected;  // the one problem line, whole
  };
  const std::string step = "lessons/bad.json: step 1: ";
  const std::vector<Case> cases = {
      {"k",
       step +
           "animate: must be a JSON object with parameter, from, to and seconds (and fps, loop if wanted)"},
      {{{"from", 0}, {"to", 3}, {"seconds", 1}}, step + "animate.parameter: missing"},
      {{{"parameter", "p"}, {"from", "0"}, {"to", 3}, {"seconds", 1}},
       step + "animate.from: must be a number"},
      {{{"parameter", "p"}, {"from", 0}, {"to", 3}}, step + "animate.seconds: missing"},
      {{{"parameter", "p"}, {"from", 0}, {"to", 3}, {"seconds", 0}},
       step + "animate.seconds: must be above 0 and at most 60 seconds (got 0)"},
      {{{"parameter", "p"}, {"from", 0}, {"to", 3}, {"seconds", 61}},
       step + "animate.seconds: must be above 0 and at most 60 seconds (got 61)"},
      {{{"parameter", "p"}, {"from", 0}, {"to", 3}, {"seconds", 1}, {"fps", 2.5}},
       step + "animate.fps: must be a whole number of frames per second from 1 to 120 (got 2.5)"},
      {{{"parameter", "p"}, {"from", 0}, {"to", 3}, {"seconds", 1}, {"loop", "yes"}},
       step + "animate.loop: must be true or false"},
      {{{"parameter", "p"}, {"from", 0}, {"to", 3}, {"seconds", 1}, {"speed", 2}},
       step + "animate.speed: unknown key (known: parameter, from, to, seconds, fps, loop)"},
      {{{"parameter", "q"}, {"from", 0}, {"to", 3}, {"seconds", 1}},
       step + "animate: unknown parameter 'q' (p, k, i; a CONFIG key with a number: positions, dims, base, "
              "start, sigma, seed; or a --set key VIEW.KEY such as rope.b.factor)"},
      {{{"parameter", "p"}, {"from", 3}, {"to", 3}, {"seconds", 1}},
       step + "animate: p starts and ends at 3: nothing would move (give two different values)"},
      {{{"parameter", "p"}, {"from", 0}, {"to", 64}, {"seconds", 1}},
       step + "animate: p = 64 is outside 0..63 for sinusoidal with N = 64, D = 8, start = 0"},
  };
  for (const Case& c : cases) {
    INFO(c.animate.dump());
    json bad = valid_lesson();
    bad["steps"][0]["animate"] = c.animate;
    const LessonLoad refused = load_json(bad);
    CHECK_FALSE(refused.lesson);
    CHECK(refused.problems == std::vector<std::string>{c.expected});
  }
  // In the UI's language, field names as written.
  json bad = valid_lesson();
  bad["steps"][0]["animate"] = {{"parameter", "p"}, {"from", 0}, {"to", 3}, {"seconds", 0}};
  set_language("ko");
  const LessonLoad korean = load_json(bad);
  set_language("en");
  CHECK(korean.problems ==
        std::vector<std::string>{
            "lessons/bad.json: 1단계: animate.seconds: 0초보다 길고 60초 이하여야 합니다 (입력: 0)"});
}

TEST_CASE("the shipped lessons animate k in the rotation and p along the waves", "[lesson][animation]") {
  const Lesson rotation = load_shipped("04_offset_rotation", ui::view_ids());
  REQUIRE(rotation.steps[0].animation);
  CHECK(animation_text(rotation.steps[0].animation->animation) == "k=0:32");
  CHECK(rotation.steps[0].animation->seconds == 4.0);
  const Lesson sinusoid = load_shipped("03_sinusoid", ui::view_ids());
  REQUIRE(sinusoid.steps[2].animation);
  CHECK(animation_text(sinusoid.steps[2].animation->animation) == "p=0:127");
}

TEST_CASE("text that is not JSON is refused naming the file", "[lesson]") {
  const LessonLoad load = lesson_from_text("{\"pelab_lesson\": 1,", "lessons/bad.json", ui::view_ids());
  CHECK_FALSE(load.lesson);
  REQUIRE(load.problems.size() == 1);
  CHECK(load.problems[0].rfind("lessons/bad.json: file: not valid JSON", 0) == 0);
}

TEST_CASE("every problem of a lesson is listed, each with its own step", "[lesson]") {
  json lesson = valid_lesson();
  lesson["steps"][0].erase("text_en");
  lesson["steps"][1]["highlight"]["target"] = "rotation";
  lesson["steps"][2]["session"]["configs"][0]["positions"] = 100000;
  const LessonLoad load = load_json(lesson);
  INFO(joined(load.problems));
  CHECK_FALSE(load.lesson);
  CHECK(load.problems.size() == 3);
  CHECK(mentions(load.problems, "step 1: text_en: missing"));
  CHECK(mentions(load.problems, "step 2: highlight.target: view \"rotation\" is not shown"));
  CHECK(mentions(load.problems, "step 3: session.configs[0].positions: must be in 1..16384"));
}

TEST_CASE("a lesson's problems are told in the UI's language, field names as written", "[lesson]") {
  std::vector<std::string> string_problems;
  REQUIRE(load_strings(std::filesystem::path(PELAB_SOURCE_DIR) / "assets" / "i18n", string_problems));
  json lesson = valid_lesson();
  lesson["steps"][0].erase("text_en");
  lesson["steps"][1]["highlight"]["target"] = "rotation";
  lesson["steps"][2]["session"]["configs"][0]["positions"] = 100000;
  lesson["steps"][2]["text_en"] = "Attention weights 주의";
  set_language("ko");
  const LessonLoad load = load_json(lesson);
  set_language("en");
  INFO(joined(load.problems));
  CHECK_FALSE(load.lesson);
  REQUIRE(load.problems.size() == 4);
  CHECK(mentions(load.problems, "1단계: text_en: 없습니다"));
  CHECK(
      mentions(load.problems, "2단계: highlight.target: 뷰 \"rotation\"은(는) 이 단계에서 보이지 않습니다"));
  CHECK(mentions(load.problems, "3단계: session.configs[0].positions: 1..16384 범위 안이어야 합니다"));
  CHECK(mentions(load.problems, "3단계: text_en: 한글이 들어 있습니다"));
  // A syntax error: its line and column in the UI's language, the parser's own words after them.
  set_language("ko");
  const LessonLoad broken = lesson_from_text("{\n  \"pelab_lesson\": 1,", "lessons/bad.json", ui::view_ids());
  set_language("en");
  REQUIRE(broken.problems.size() == 1);
  INFO(broken.problems[0]);
  CHECK(broken.problems[0].rfind("lessons/bad.json: file: 올바른 JSON이 아닙니다: 2번째 줄", 0) == 0);
  CHECK(broken.problems[0].find("syntax error") != std::string::npos);
  // Back in English, the same file reads as before.
  const LessonLoad english = load_json(lesson);
  CHECK(mentions(english.problems, "step 3: text_en: contains Hangul: is it the English text?"));
}

TEST_CASE("a step's session is merged over the lesson's", "[lesson]") {
  json lesson = valid_lesson();
  lesson["session"]["configs"].push_back({{"kind", "integer"}, {"label", "B"}, {"positions", 32}});
  lesson["session"]["display"] = {{"metric", "cosine"}};
  lesson["steps"][2]["session"] = json::parse(R"({
    "configs": [{"dims": 16, "selection": {"position": 5}}],
    "display": {"colormap": "magma"},
    "layout": {"maximized": "curves"}})");
  lesson["steps"][1]["session"]["display"] = {{"metric", nullptr}};
  const LessonLoad load = load_json(lesson);
  INFO(joined(load.problems));
  REQUIRE(load.lesson);
  const std::vector<LessonStep>& steps = load.lesson->steps;

  // Step 1: the lesson's session as it is.
  const AppState& first = steps[0].state;
  REQUIRE(first.slots.size() == 2);
  CHECK(first.slots[0].config.encoding.dims == 8);
  CHECK(first.slots[1].config.label == "B");
  CHECK(first.display.metric == SimilarityMetric::cosine);
  CHECK(first.layout.views == std::vector<std::string>{"heatmap", "curves"});
  CHECK_FALSE(first.layout.maximized);

  // Step 2: views replaced, null removes the key (back to the default metric).
  const AppState& second = steps[1].state;
  CHECK(second.layout.views == std::vector<std::string>{"scorecard"});
  CHECK(second.display.metric == SimilarityMetric::dot);
  CHECK(second.slots.size() == 2);

  // Step 3: configs merged element by element; the patch's length wins (one configuration).
  const AppState& third = steps[2].state;
  REQUIRE(third.slots.size() == 1);
  CHECK(third.slots[0].config.encoding.kind == EncodingKind::sinusoidal);
  CHECK(third.slots[0].config.encoding.positions == 64);
  CHECK(third.slots[0].config.encoding.dims == 16);
  CHECK(third.slots[0].selection.position == 5);
  CHECK(third.slots[0].selection.offset == Selection{}.offset);
  CHECK(third.display.metric == SimilarityMetric::cosine);
  CHECK(third.display.colormap == Colormap::magma);
  CHECK(third.layout.maximized == std::optional<std::string>("curves"));
  CHECK(third.layout.views == std::vector<std::string>{"heatmap", "curves"});
}

TEST_CASE("highlights, formulas and prompts are read as written", "[lesson]") {
  const LessonLoad load = load_json(valid_lesson());
  REQUIRE(load.lesson);
  const std::vector<LessonStep>& steps = load.lesson->steps;
  REQUIRE(steps[0].highlight);
  CHECK(steps[0].highlight->kind == HighlightKind::cell);
  CHECK(steps[0].highlight->position == 1);
  CHECK(steps[0].highlight->dimension == 0);
  CHECK(steps[0].highlight->config == 0);
  CHECK(steps[0].formula == "Pₚ₊ₖ = T(k) Pₚ");
  REQUIRE(steps[1].highlight);
  CHECK(*steps[1].highlight == Highlight{HighlightKind::view, "scorecard", 0, 0, 0});
  CHECK(steps[1].try_text.in("ko") == "해 보세요.");
  CHECK(steps[1].try_text.in("en") == "Try it.");
  CHECK_FALSE(steps[2].highlight);
  CHECK(steps[2].formula.empty());
  CHECK(steps[2].try_text.empty());
  for (HighlightKind kind :
       {HighlightKind::control, HighlightKind::view, HighlightKind::cell, HighlightKind::curve})
    CHECK(parse_highlight_kind(to_string(kind)) == kind);
  CHECK(std::find(lesson_control_ids().begin(), lesson_control_ids().end(), "base") !=
        lesson_control_ids().end());
}

TEST_CASE("a control highlight names a sidebar control: known ids load, others are refused", "[lesson]") {
  // Every id of the list is accepted, so the loader and the sidebar's marks use the same names.
  // Kind-specific controls need a step whose active configuration has that kind (the sidebar draws
  // them only then); the others are checked on the plain sinusoid.
  const std::map<std::string_view, json> needs = {
      {"binary_signed", json::parse(R"([{"kind": "binary", "base": null}])")},
      {"table", json::parse(R"([{"kind": "learned", "base": null}])")},
      {"sigma", json::parse(R"([{"kind": "learned", "base": null}])")},
      {"seed", json::parse(R"([{"kind": "learned", "base": null}])")},
      {"scale_sharing",
       json::parse(R"([{}, {"kind": "sinusoidal", "positions": 64, "dims": 8, "base": 100}])")}};
  for (std::string_view id : lesson_control_ids()) {
    INFO(id);
    json lesson = valid_lesson();
    lesson["steps"][2]["highlight"] = {{"kind", "control"}, {"target", std::string(id)}};
    if (const auto need = needs.find(id); need != needs.end())
      lesson["steps"][2]["session"]["configs"] = need->second;
    const LessonLoad load = load_json(lesson);
    INFO(joined(load.problems));
    REQUIRE(load.lesson);
    REQUIRE(load.lesson->steps[2].highlight);
    CHECK(*load.lesson->steps[2].highlight == Highlight{HighlightKind::control, std::string(id), 0, 0, 0});
  }
  // A misspelt or invented one is refused with the file, the step and the field, and the list of
  // ids a teacher can use.
  for (const char* wrong : {"Base", "p", "k_slider", ""}) {
    INFO(wrong);
    json lesson = valid_lesson();
    lesson["steps"][1]["highlight"] = {{"kind", "control"}, {"target", wrong}};
    const LessonLoad load = load_json(lesson);
    INFO(joined(load.problems));
    CHECK_FALSE(load.lesson);
    CHECK(mentions(load.problems, "lessons/bad.json: step 2: highlight.target: unknown control \"" +
                                      std::string(wrong) + "\""));
    CHECK(mentions(load.problems, "position"));
  }
  // A control the step's sidebar does not draw is refused: sigma belongs to a seeded learned table.
  {
    json lesson = valid_lesson();
    lesson["steps"][2]["highlight"] = {{"kind", "control"}, {"target", "sigma"}};
    const LessonLoad load = load_json(lesson);
    INFO(joined(load.problems));
    CHECK_FALSE(load.lesson);
    CHECK(mentions(load.problems,
                   "lessons/bad.json: step 3: highlight.target: control \"sigma\" is shown only"));
    CHECK(mentions(load.problems, "only for kind learned"));  // the kinds that read sigma (kinds.hpp)
  }
  // A target that is not a string is refused too.
  json lesson = valid_lesson();
  lesson["steps"][0]["highlight"] = {{"kind", "control"}, {"target", 3}};
  const LessonLoad load = load_json(lesson);
  CHECK_FALSE(load.lesson);
  CHECK(mentions(load.problems, "lessons/bad.json: step 1: highlight.target"));
}

TEST_CASE("table paths are relative to the lesson file, and a missing table is refused", "[lesson]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "pelab_test_lessons";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "lessons");
  std::filesystem::copy_file(std::filesystem::path(PELAB_PRESET_DIR) / "gpt2_wpe_64x768.npy",
                             dir / "table.npy");
  json lesson = valid_lesson();
  lesson["session"]["configs"][0] = {
      {"kind", "learned"}, {"positions", 64}, {"dims", 768}, {"table", "../table.npy"}};
  lesson["steps"][2].erase("session");
  { std::ofstream(dir / "lessons" / "gpt.json") << lesson.dump(); }
  const LessonLoad load = load_lesson_file(dir / "lessons" / "gpt.json", ui::view_ids());
  INFO(joined(load.problems));
  REQUIRE(load.lesson);
  for (const LessonStep& step : load.lesson->steps)
    CHECK(step.state.slots[0].config.table_path == (dir / "table.npy").string());

  lesson["steps"][1]["session"]["configs"] = {{{"table", "missing.npy"}}};
  { std::ofstream(dir / "lessons" / "gpt.json") << lesson.dump(); }
  const LessonLoad missing = load_lesson_file(dir / "lessons" / "gpt.json", ui::view_ids());
  CHECK_FALSE(missing.lesson);
  REQUIRE(missing.problems.size() == 1);
  CHECK(missing.problems[0] == (dir / "lessons" / "gpt.json").string() +
                                   ": step 2: session.configs[0].table: no such file: " +
                                   (dir / "lessons" / "missing.npy").string());

  const LessonLoad absent = load_lesson_file(dir / "lessons" / "absent.json", ui::view_ids());
  CHECK_FALSE(absent.lesson);
  REQUIRE(absent.problems.size() == 1);
  CHECK(absent.problems[0].find("absent.json") != std::string::npos);
  std::filesystem::remove_all(dir);
}

// The numbers the lessons state, recomputed with core from the state of the step that states them.
TEST_CASE("the numbers in the lessons are core's", "[lesson]") {
  const ViewIds views = ui::view_ids();
  SECTION("lesson 2: normalized depends on N, sigmoid saturates, binary steps are uneven") {
    const Lesson lesson = load_shipped("02_requirements", views);
    const AppState& normalized = lesson.steps[2].state;
    REQUIRE(normalized.slots.size() == 2);
    CHECK(encode(normalized.slots[0].config.encoding)(1, 0) == Approx(0.5));
    CHECK(encode(normalized.slots[1].config.encoding)(1, 0) == Approx(0.142857).margin(1e-6));
    CHECK(lesson.steps[2].text.in("en").find("0.142857") != std::string::npos);

    const auto integer = requirement_scores(lesson.steps[1].state.slots[0].config.encoding);
    CHECK(integer[1].value == Approx(63.0));
    CHECK_FALSE(integer[1].pass);
    CHECK_FALSE(integer[2].pass);

    const auto binary = requirement_scores(lesson.steps[3].state.slots[0].config.encoding);
    CHECK(binary[3].value == Approx(0.29).margin(0.005));
    CHECK_FALSE(binary[3].pass);

    const auto sigmoid = requirement_scores(lesson.steps[4].state.slots[0].config.encoding);
    CHECK(sigmoid[4].value == Approx(3.6e-7).epsilon(0.01));
    CHECK_FALSE(sigmoid[4].pass);
    CHECK_FALSE(sigmoid[3].pass);

    for (const Slot& slot : lesson.steps[5].state.slots) {
      const auto scores = requirement_scores(slot.config.encoding);
      const bool all =
          std::all_of(scores.begin(), scores.end(), [](const RequirementScore& s) { return s.pass; });
      CHECK(all == (slot.config.encoding.kind == EncodingKind::sinusoidal));
    }
  }
  SECTION("lesson 3: the d = 4, base 100 table and the periods") {
    const Lesson lesson = load_shipped("03_sinusoid", views);
    const EncodingParams& small = lesson.steps[1].state.slots[0].config.encoding;
    CHECK(small.positions == 4);
    CHECK(small.dims == 4);
    CHECK(small.base == 100.0);
    const Matrix p = encode(small);
    CHECK(p(1, 0) == Approx(0.841).margin(5e-4));
    CHECK(p(1, 1) == Approx(0.540).margin(5e-4));
    CHECK(p(1, 2) == Approx(0.100).margin(5e-4));
    CHECK(p(1, 3) == Approx(0.995).margin(5e-4));
    const double pi = std::acos(-1.0);
    CHECK(2 * pi * std::pow(10000.0, 62.0 / 64.0) == Approx(47100).epsilon(0.001));
    CHECK(2 * pi * std::pow(100.0, 62.0 / 64.0) == Approx(544).epsilon(0.001));
    const EncodingParams& big = lesson.steps[5].state.slots[0].config.encoding;
    CHECK(big.positions == 2000);
    CHECK(big.dims == 1600);
    const std::vector<std::int64_t> rows = {0, 1999}, last = {1598, 1599};
    const Matrix corner = encode_grid(big, rows, last);
    CHECK(std::abs(corner(1, 0)) < 0.21);
    CHECK(corner(1, 1) > 0.97);
  }
  SECTION("lesson 4: the dot product depends only on the offset") {
    const Lesson lesson = load_shipped("04_offset_rotation", views);
    const EncodingParams& e = lesson.steps[5].state.slots[0].config.encoding;
    CHECK(e.dims == 64);
    const Matrix s = similarity_matrix(encode(e), SimilarityMetric::dot);
    for (std::int64_t p : {0, 20, 40}) {
      CHECK(s(p, p) == Approx(32.0));
      CHECK(s(p, p + 1) == Approx(30.92).margin(0.005));
      CHECK(s(p, p + 4) == Approx(23.93).margin(0.005));
    }
    CHECK(lesson.steps[4].state.slots[0].config.encoding.dims == 512);
  }
  SECTION("lesson 6: GPT-2's table next to the sinusoid") {
    const Lesson lesson = load_shipped("06_learned_tables", views);
    const Slot& gpt2 = lesson.steps[0].state.slots[0];
    REQUIRE(gpt2.config.encoding.kind == EncodingKind::learned);
    const LoadedTable table = load_position_table(gpt2.config.table_path);
    const Matrix p = encode(gpt2.config.encoding, &table.values);
    const Matrix cosine = similarity_matrix(p, SimilarityMetric::cosine);
    double neighbours = 0.0;
    for (Eigen::Index r = 1; r + 1 < p.rows(); ++r) neighbours += cosine(r, r + 1);
    CHECK(neighbours / static_cast<double>(p.rows() - 2) == Approx(0.997).margin(5e-4));
    const std::vector<std::pair<int, double>> learned = {{4, 0.984}, {8, 0.944}, {16, 0.838}, {32, 0.614}};
    for (const auto& [k, value] : learned) CHECK(cosine(10, 10 + k) == Approx(value).margin(5e-4));
    CHECK(cosine(0, 1) == Approx(0.52).margin(5e-3));
    CHECK(p.row(0).norm() == Approx(9.88).margin(5e-3));
    double lo = 1e9, hi = 0.0;
    for (Eigen::Index r = 1; r < p.rows(); ++r) {
      lo = std::min(lo, p.row(r).norm());
      hi = std::max(hi, p.row(r).norm());
    }
    CHECK(lo == Approx(3.35).margin(5e-3));
    CHECK(hi == Approx(5.19).margin(5e-3));
    Eigen::Index row = 0, column = 0;
    CHECK(p.cwiseAbs().maxCoeff(&row, &column) == Approx(4.54).margin(5e-3));
    CHECK(row == 0);
    CHECK(column == 674);
    for (Eigen::Index r = 0; r < p.rows(); ++r)
      for (Eigen::Index c = 9; c <= 11; ++c) CHECK(std::abs(p(r, c)) < 0.06);
    const auto scores = requirement_scores(gpt2.config.encoding, &table.values);
    CHECK_FALSE(scores[1].pass);
    CHECK_FALSE(scores[3].pass);
    CHECK(scores[3].value == Approx(2.95).margin(5e-3));
    CHECK((p.row(1) - p.row(0)).norm() == Approx(8.41).margin(5e-3));

    const Slot& sinusoid = lesson.steps[0].state.slots[1];
    CHECK(sinusoid.config.encoding.dims == 768);
    const Matrix s = similarity_matrix(encode(sinusoid.config.encoding), SimilarityMetric::cosine);
    const std::vector<std::pair<int, double>> fixed = {{4, 0.769}, {8, 0.723}, {16, 0.632}, {32, 0.563}};
    for (const auto& [k, value] : fixed) CHECK(s(10, 10 + k) == Approx(value).margin(5e-4));
    const auto sinusoid_scores = requirement_scores(sinusoid.config.encoding);
    CHECK(std::all_of(sinusoid_scores.begin(), sinusoid_scores.end(),
                      [](const RequirementScore& r) { return r.pass; }));
  }
}

TEST_CASE("the complete example of docs/lessons.md loads", "[lesson]") {
  std::ifstream in(lesson_dir.parent_path().parent_path() / "docs" / "lessons.md");
  REQUIRE(in);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t begin = text.find("```json\n");
  REQUIRE(begin != std::string::npos);
  const std::size_t end = text.find("```", begin + 8);
  REQUIRE(end != std::string::npos);
  const LessonLoad load =
      lesson_from_text(text.substr(begin + 8, end - begin - 8), "example.json", ui::view_ids());
  INFO(joined(load.problems));
  REQUIRE(load.lesson);
  REQUIRE(load.lesson->steps.size() == 2);
  const AppState& second = load.lesson->steps[1].state;
  REQUIRE(second.slots.size() == 2);
  CHECK(second.slots[0].config.label == "base 10000");
  CHECK(second.slots[0].config.encoding.positions == 128);
  CHECK(second.slots[1].config.encoding.base == 100.0);
  CHECK(second.layout.maximized == std::optional<std::string>("spectrum"));
}

// ---------------------------------------------------------------------------------------------
// Lessons written by the app's lesson editor (save_lesson_file / lesson_to_text).

namespace {

// A directory of this run's own (the Release and sanitizer trees may run the same case at once).
std::filesystem::path unique_temp_dir(const std::string& name) {
  std::random_device random;
  return std::filesystem::temp_directory_path() / (name + "_" + std::to_string(random()));
}

// What a step shows, as a session file would hold it (the user's UI settings are not a step's).
std::string shown_state(AppState state) {
  state.ui = UiSettings{};
  return session_to_text(state);
}

void check_same_lesson(const Lesson& written, const Lesson& read) {
  CHECK(read.title == written.title);
  REQUIRE(read.steps.size() == written.steps.size());
  for (std::size_t s = 0; s < written.steps.size(); ++s) {
    INFO("step " << s + 1);
    const LessonStep& a = written.steps[s];
    const LessonStep& b = read.steps[s];
    CHECK(b.text == a.text);
    CHECK(b.try_text == a.try_text);
    CHECK(b.formula == a.formula);
    CHECK(b.highlight == a.highlight);
    CHECK(b.animation == a.animation);
    CHECK(shown_state(b.state) == shown_state(a.state));
    CHECK(b.state.slots.size() == a.state.slots.size());
    CHECK(b.state.layout.views == a.state.layout.views);
  }
}

}  // namespace

TEST_CASE("every shipped lesson, written out by the editor's writer, reads back the same",
          "[lesson][editor]") {
  // The shipped files are written by hand with a lesson-wide session and per-step patches; the
  // writer gives every step its whole state. Both must read to the same lesson.
  for (const auto& [id, steps] : shipped) {
    INFO(id);
    const Lesson lesson = load_shipped(id, ui::view_ids());
    const std::string text = lesson_to_text(lesson);
    const LessonLoad again = lesson_from_text(text, id + ".json", ui::view_ids());
    INFO(joined(again.problems));
    REQUIRE(again.lesson);
    check_same_lesson(lesson, *again.lesson);
    const json written = json::parse(text);  // named: a range-for over a temporary's member would dangle
    CHECK(written.count("session") == 0);
    for (const json& step : written.at("steps")) CHECK_FALSE(step.at("session").contains("ui"));
  }
}

TEST_CASE("a lesson captured from app states is saved and loads as captured", "[lesson][editor]") {
  const std::filesystem::path dir = unique_temp_dir("pelab_lesson_editor_test");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  Lesson lesson;
  lesson.id = "made_here";
  lesson.title.by_language = {{"en", "Made in the app"}, {"ko", "앱에서 만든 수업"}};

  AppState first;  // the app as it starts, with the user's own font (not part of a step)
  first.ui.font_size = 30.0f;
  LessonStep one;
  one.state = first;
  one.text.by_language = {{"en", "The table."}, {"ko", "표입니다."}};
  one.highlight = Highlight{HighlightKind::view, "heatmap", 0, 0, 0};
  lesson.steps.push_back(one);

  AppState second = first;  // two configurations, p and k moved, one view maximised
  second.slots[0].config.encoding.base = 500.0;
  second.slots[0].selection.position = 17;
  second.slots[0].selection.offset = 3;
  second.slots.push_back(Slot{});
  second.slots[1].config.encoding.kind = EncodingKind::binary;
  second.layout.maximized = "rotation";
  LessonStep two;
  two.state = second;
  two.text.by_language = {{"en", "Rotation by k."}};  // no Korean: Korean readers get English
  two.formula = "Pₚ₊ₖ = T(k) Pₚ";
  two.try_text.by_language = {{"en", "Drag k."}, {"ko", "k를 끌어 보세요."}};
  two.highlight = Highlight{HighlightKind::control, "offset", 0, 0, 0};
  lesson.steps.push_back(two);

  AppState third = first;
  third.layout.views = {"heatmap", "curves"};
  LessonStep three;
  three.state = third;
  three.text.by_language = {{"en", "One cell, one curve."}};
  three.highlight = Highlight{HighlightKind::cell, "", 5, 3, 0};
  lesson.steps.push_back(three);
  LessonStep four = three;
  four.highlight = Highlight{HighlightKind::curve, "", 0, 6, 0};
  lesson.steps.push_back(four);

  const std::filesystem::path path = dir / "made_here.json";
  const std::vector<std::string> problems = save_lesson_file(path, lesson, ui::view_ids());
  INFO(joined(problems));
  REQUIRE(problems.empty());
  const LessonLoad load = load_lesson_file(path, ui::view_ids());
  INFO(joined(load.problems));
  REQUIRE(load.lesson);
  CHECK(load.lesson->id == "made_here");
  check_same_lesson(lesson, *load.lesson);
  CHECK(load.lesson->steps[1].state.slots[0].config.encoding.base == 500.0);
  CHECK(load.lesson->steps[1].state.slots[0].selection.position == 17);
  CHECK(load.lesson->steps[1].state.slots[1].config.encoding.kind == EncodingKind::binary);
  CHECK(load.lesson->steps[1].state.layout.maximized == std::optional<std::string>("rotation"));
  CHECK(load.lesson->steps[0].state.ui.font_size == UiSettings{}.font_size);  // the lecturer's stays theirs
  CHECK(load.lesson->steps[1].text.in("ko") == "Rotation by k.");

  // The lesson list finds it with its title, step count and the glyphs of its texts.
  const std::vector<LessonInfo> listed = list_lessons(dir);
  REQUIRE(listed.size() == 1);
  CHECK(listed[0].id == "made_here");
  CHECK(listed[0].steps == 4);
  CHECK(listed[0].title.in("ko") == "앱에서 만든 수업");
  CHECK(listed[0].all_text.find("k를 끌어 보세요.") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("the editor's save refuses what the loader would refuse and writes nothing", "[lesson][editor]") {
  const std::filesystem::path dir = unique_temp_dir("pelab_lesson_editor_refuse");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::filesystem::path path = dir / "draft.json";
  {
    std::ofstream existing(path);
    existing << "an earlier lesson";
  }
  Lesson lesson;
  lesson.id = "draft";
  lesson.title.by_language = {{"en", "Draft"}};
  LessonStep step;
  step.text.by_language = {{"ko", "한국어만 있습니다."}};                 // English is required
  step.highlight = Highlight{HighlightKind::view, "scorecard", 0, 0, 0};  // not shown in the step
  lesson.steps.push_back(step);

  const std::vector<std::string> problems = save_lesson_file(path, lesson, ui::view_ids());
  REQUIRE(problems.size() == 2);
  CHECK(mentions(problems, "step 1: text_en"));
  CHECK(mentions(problems, "step 1: highlight.target"));
  std::ifstream kept(path);
  CHECK(std::string(std::istreambuf_iterator<char>(kept), {}) == "an earlier lesson");

  Lesson empty;
  empty.title.by_language = {{"en", "No steps"}};
  CHECK(mentions(save_lesson_file(path, empty, ui::view_ids()), "steps"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("the editor's save names tables by absolute path and refuses a missing one", "[lesson][editor]") {
  const std::filesystem::path dir = unique_temp_dir("pelab_lesson_editor_tables");
  std::filesystem::create_directories(dir);
  const std::filesystem::path gpt2 = std::filesystem::path(PELAB_PRESET_DIR) / "gpt2_wpe_64x768.npy";
  Lesson lesson;
  lesson.id = "tables";
  lesson.title.by_language = {{"en", "Tables"}};
  LessonStep step;
  step.text.by_language = {{"en", "GPT-2's table."}};
  step.state.slots[0].config.encoding.kind = EncodingKind::learned;
  step.state.slots[0].config.encoding.positions = 64;
  step.state.slots[0].config.encoding.dims = 768;
  // As typed on the command line: relative to the working directory, not to the lesson folder.
  step.state.slots[0].config.table_path =
      std::filesystem::relative(gpt2, std::filesystem::current_path()).string();
  REQUIRE(std::filesystem::path(step.state.slots[0].config.table_path).is_relative());
  lesson.steps.push_back(step);
  const std::filesystem::path path = dir / "tables.json";
  const std::vector<std::string> problems = save_lesson_file(path, lesson, ui::view_ids());
  INFO(joined(problems));
  REQUIRE(problems.empty());
  const std::string written =
      json::parse(std::ifstream(path)).at("steps").at(0).at("session").at("configs").at(0).at("table");
  CHECK(std::filesystem::path(written).is_absolute());
  CHECK(std::filesystem::equivalent(written, gpt2));
  const LessonLoad load = load_lesson_file(path, ui::view_ids());
  INFO(joined(load.problems));
  CHECK(load.lesson);

  lesson.steps[0].state.slots[0].config.table_path = (dir / "gone.npy").string();
  const std::vector<std::string> refused = save_lesson_file(dir / "gone.json", lesson, ui::view_ids());
  CHECK(mentions(refused, "step 1: session.configs[0].table"));
  CHECK_FALSE(std::filesystem::exists(dir / "gone.json"));
  std::filesystem::remove_all(dir);
}
