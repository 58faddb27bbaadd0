// Links on pelab's command line, off screen (EGL, no display server): a link draws the same picture
// as the command line it stands for, a .link file the same as the link, a bad parameter is named on
// stderr and refuses the picture (exit 2; the window opens the rest with a notice), and a link does
// not mix with other CONFIGs.
#include "gui_support.hpp"

using namespace pelab::test;
namespace fs = std::filesystem;

namespace {

// pelab off screen at 1024x768; `arguments` quoted by the caller.
Run screenshot(const std::string& arguments, const fs::path& png, const fs::path& geometry) {
  return run_headless(arguments + " --size 1024x768 --screenshot " + png.string() + " --geometry " +
                      geometry.string());
}

}  // namespace

TEST_CASE("a link draws what its command line draws", "[link]") {
  const fs::path dir = temp_dir();
  struct Case {
    std::string name, link, command_line;
  };
  const std::vector<Case> cases = {
      {"rotation", "'pelab:?c=sinusoidal:base=100&c=fourier&view=rotation&p=30&k=5&lang=ko'",
       "sinusoidal:base=100 fourier --view rotation --lang ko"},
      {"bias", "'pelab:?c=integer&view=bias&set=bias.method%3Dt5&set=bias.heads=4&lang=en'",
       "integer --view bias --set bias.method=t5 --set bias.heads=4 --lang en"},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const fs::path from_link = dir / (c.name + "_link.png"), from_cli = dir / (c.name + "_cli.png");
    const fs::path geometry = dir / (c.name + "_geometry.json");
    const Run link = screenshot(c.link, from_link, geometry);
    INFO(link.output);
    REQUIRE(link.status == 0);
    CHECK(link.output.find("link parameter ignored") == std::string::npos);
    // p and k have no option of their own: the command line's picture takes them from a session.
    std::string session_argument;
    if (c.name == "rotation") {
      const fs::path session = dir / "rotation_selection.json";
      std::ofstream(session)
          << R"({"pelab_session": 2, "configs": [)"
             R"({"kind": "sinusoidal", "base": 100, "selection": {"position": 30, "offset": 5}},)"
             R"({"kind": "fourier", "selection": {"position": 30, "offset": 5}}],)"
             R"("links": {"base": false}})";
      session_argument = " --session " + session.string();
    }
    const std::string command_line =
        session_argument.empty() ? c.command_line
                                 : c.command_line.substr(c.command_line.find(" --")) + session_argument;
    const Run cli = screenshot(command_line, from_cli, geometry);
    INFO(cli.output);
    REQUIRE(cli.status == 0);
    CHECK(differing_pixels(from_link, from_cli, geometry) == 0);
  }
  // The comparison sees a difference where there is one: p = 20 is not p = 30.
  const fs::path other = dir / "rotation_other.png", geometry = dir / "rotation_geometry.json";
  REQUIRE(
      screenshot("'pelab:?c=sinusoidal:base=100&c=fourier&view=rotation&p=20&k=5&lang=ko'", other, geometry)
          .status == 0);
  CHECK(differing_pixels(other, dir / "rotation_link.png", geometry) > 100);
}

TEST_CASE("a .link file opens as the link it holds", "[link]") {
  const fs::path dir = temp_dir();
  std::ofstream(dir / "lecture.link") << "pelab:?c=sinusoidal:base=100&view=similarity&p=12\n";
  const fs::path from_file = dir / "file.png", from_link = dir / "file_link.png",
                 geometry = dir / "file.json";
  const Run file = screenshot((dir / "lecture.link").string(), from_file, geometry);
  INFO(file.output);
  REQUIRE(file.status == 0);
  const Run link = screenshot("'pelab:?c=sinusoidal:base=100&view=similarity&p=12'", from_link, geometry);
  REQUIRE(link.status == 0);
  CHECK(differing_pixels(from_file, from_link, geometry) == 0);

  std::ofstream(dir / "junk.link") << "not a link\n";
  const Run junk = screenshot((dir / "junk.link").string(), dir / "junk.png", geometry);
  CHECK(junk.status == 2);
  CHECK(junk.output.find("junk.link: not a link") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "junk.png"));
}

TEST_CASE("a link's bad parameters are named on stderr, and no picture is made", "[link]") {
  const fs::path dir = temp_dir();
  const fs::path bad = dir / "bad.png", geometry = dir / "bad.json";
  fs::remove(bad);
  fs::remove(geometry);
  const Run r = screenshot(
      "'pelab:?c=bogus&c=fourier&c=learned:table=/nonexistent/"
      "t.npy&view=nope&p=x&zz=1&lang=xx&set=rope.dims=0&"
      "lesson=99_none'",
      bad, geometry);
  INFO(r.output);
  CHECK(r.status == 2);  // refused input gives no picture (the window applies the rest, with notices)
  for (const char* named : {"c: CONFIG 'bogus'", "view=nope: no such view", "p=x: expected a whole number",
                            "unknown parameter 'zz'", "lang=xx: no such language", "set=rope.dims=0: "})
    CHECK(r.output.find(std::string("link parameter ignored: ") + named) != std::string::npos);
  CHECK(r.output.find("99_none") != std::string::npos);  // the lesson's own notice names it
  CHECK_FALSE(fs::exists(bad));
  CHECK_FALSE(fs::exists(geometry));
  // A CONFIG that parses but whose table cannot be loaded: named.
  const Run table = screenshot("'pelab:?c=fourier&c=learned:table=/nonexistent/t.npy'", bad, geometry);
  INFO(table.output);
  CHECK(table.status == 2);
  CHECK(table.output.find("link parameter ignored: c=learned:table=/nonexistent/t.npy: ") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(bad));

  // A lesson's step: the third of lesson 4, its counter drawn; a step past the end is named.
  const Run third =
      screenshot("'pelab:?lesson=04_offset_rotation&step=3&lang=en'", dir / "third.png", geometry);
  INFO(third.output);
  REQUIRE(third.status == 0);
  CHECK(load_json(geometry)["text"].get<std::string>().find("step 3 of 7") != std::string::npos);
  fs::remove(dir / "lesson.png");
  const Run lesson = screenshot("'pelab:?lesson=04_offset_rotation&step=99'", dir / "lesson.png", geometry);
  INFO(lesson.output);
  CHECK(lesson.status == 2);
  CHECK(lesson.output.find("step=99: the lesson has") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "lesson.png"));
}

TEST_CASE("a link opens alone", "[link]") {
  const fs::path dir = temp_dir();
  const Run r = screenshot("'pelab:?c=fourier' integer", dir / "alone.png", dir / "alone.json");
  CHECK(r.status == 2);
  CHECK(r.output.find("the link 'pelab:?c=fourier' opens alone") != std::string::npos);
}

TEST_CASE("Copy link puts the state's link on the clipboard, and it opens that state", "[link]") {
  const fs::path dir = temp_dir();
  std::string link;
  {
    OffscreenApp offscreen;
    pelab::app::AppState& state = offscreen.app.state;
    state.slots.front().config.encoding.base = 100.0;
    state.slots.front().selection.position = 33;
    state.layout.maximized = "similarity";
    state.views.pca.components = 3;
    offscreen.prepare();
    offscreen.frame();
    link = pelab::app::ui::copy_state_link(offscreen.app);
    // What differs from the defaults only (k = 4 and i = 6 are; base is not linked here, while pelab
    // links it for configurations opened together that share it).
    CHECK(link == "pelab:?c=sinusoidal:base=100&view=similarity&p=33&links.base=false&set=pca.components=3");
    CHECK(std::string(ImGui::GetClipboardText()) == link);
    REQUIRE_FALSE(offscreen.app.notices.empty());
    CHECK(offscreen.app.notices.back().text.find(link) != std::string::npos);
    CHECK_FALSE(offscreen.app.notices.back().is_error);

    // A configuration the CONFIG grammar cannot write is left out, and a notice says so.
    pelab::app::Slot odd;
    odd.config.encoding.kind = pelab::EncodingKind::learned;
    odd.config.table_path = "tables/a,b.npy";
    state.slots.push_back(odd);
    const std::size_t before = offscreen.app.notices.size();
    const std::string without = pelab::app::ui::copy_state_link(offscreen.app);
    CHECK(without.find("a,b") == std::string::npos);
    REQUIRE(offscreen.app.notices.size() == before + 2);
    CHECK(offscreen.app.notices.back().is_error);
    CHECK(offscreen.app.notices.back().text.find("a,b.npy") != std::string::npos);
  }
  const fs::path from_link = dir / "copied.png", from_cli = dir / "copied_cli.png",
                 geometry = dir / "copied.json";
  REQUIRE(screenshot("'" + link + "'", from_link, geometry).status == 0);
  const fs::path session = dir / "copied_selection.json";
  write_text(session, R"({"pelab_session": 2, "configs": [{"kind": "sinusoidal", "base": 100,
                          "selection": {"position": 33}}]})");
  REQUIRE(screenshot("--session " + session.string() + " --view similarity --set pca.components=3", from_cli,
                     geometry)
              .status == 0);
  CHECK(differing_pixels(from_link, from_cli, geometry) == 0);
}
