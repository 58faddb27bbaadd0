// Session files and settings: round trip, and refusal (with reasons) of anything malformed.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <span>

#include "problems_support.hpp"
#include "state/config_paths.hpp"
#include "state/session.hpp"
#include "state/view_options.hpp"
#include "ui/view_registry.hpp"

using namespace pelab;
using namespace pelab::app;

using pelab::test::mentions;

SessionLoad from_text(std::string_view text) { return session_from_text(text, ui::view_ids()); }

TEST_CASE("a session round-trips every configuration, selection, setting and the layout", "[session]") {
  AppState state;
  Slot& a = state.slots.front();
  a.config.label = "first";
  a.config.encoding = EncodingParams{EncodingKind::binary, 300, 12, 123.5, 7, true, 0.5, 42};
  a.selection = Selection{100, 9, 11};
  Slot b;
  b.config.encoding.kind = EncodingKind::learned;
  b.config.table_path = "/data/gpt2.safetensors";
  b.config.tensor = "wpe.weight";
  b.selection = Selection{3, 2, 1};
  REQUIRE(add_slot(state, b));
  state.active = 1;
  state.links[LinkedParam::base] = true;
  state.links[LinkedParam::offset] = false;
  DisplaySettings& d = state.display;
  d.neighbour_curves = 3;
  d.colormap = Colormap::gray;
  d.range_mode = RangeMode::fixed;
  d.range_min = -2.5;
  d.range_max = 4.0;
  d.metric = SimilarityMetric::distance;
  d.convention = RotationConvention::row;
  d.show_both_conventions = true;
  d.scale_sharing = ScaleSharing::always;
  d.difference_a = 1;
  d.difference_b = 0;
  state.layout.views = {"difference", "heatmap", "scorecard"};
  state.layout.maximized = "rotation";
  state.layout.sidebar_width = 21.0f;
  state.layout.show_sidebar = false;
  state.ui = UiSettings{30.0f, Theme::light, std::nullopt};
  state.views.curves.pick = true;
  state.views.curves.columns = {0, 16, -1};

  const SessionLoad load = from_text(session_to_text(state));
  INFO(session_to_text(state));
  REQUIRE(load.problems.empty());
  REQUIRE(load.state.has_value());
  CHECK(*load.state == state);
}

TEST_CASE("a version 1 session loads into version 2", "[session]") {
  // Written by the first pelab: one encoding with its selection and display settings mixed in.
  const SessionLoad load = from_text(R"({"pelab_session": 1,
      "encodings": [{"kind": "sigmoid", "positions": 300, "dims": 12, "base": 50, "start": 4,
                     "binary_signed": false, "sigma": 0.02, "seed": 0, "position": 100, "offset": 9,
                     "dimension": 11, "neighbour_curves": 2, "colormap": "magma", "range_mode": "symmetric",
                     "range_min": -1, "range_max": 1, "metric": "cosine", "convention": "row",
                     "show_both_conventions": true}],
      "layout": {"maximized": "spectrum", "sidebar_width": 20, "show_sidebar": true},
      "ui": {"font_size": 22, "theme": "light"}})");
  REQUIRE(load.problems.empty());
  REQUIRE(load.state.has_value());
  const AppState& state = *load.state;
  REQUIRE(state.slots.size() == 1);
  const EncodingParams& e = state.slots.front().config.encoding;
  CHECK(e.kind == EncodingKind::sigmoid);
  CHECK(e.positions == 300);
  CHECK(e.base == 50.0);
  CHECK(e.start == 4);
  CHECK(state.slots.front().selection == Selection{100, 9, 11});
  CHECK(state.display.neighbour_curves == 2);
  CHECK(state.display.colormap == Colormap::magma);
  CHECK(state.display.range_mode == RangeMode::symmetric);
  CHECK(state.display.metric == SimilarityMetric::cosine);
  CHECK(state.display.convention == RotationConvention::row);
  CHECK(state.display.show_both_conventions);
  CHECK(state.layout.maximized == "spectrum");
  CHECK(state.layout.views == LayoutState{}.views);
  CHECK(state.ui == UiSettings{22.0f, Theme::light, std::nullopt});
}

TEST_CASE("missing keys keep their defaults", "[session]") {
  const SessionLoad load = from_text(R"({"pelab_session": 2, "configs": [{"dims": 8}]})");
  REQUIRE(load.state.has_value());
  Slot expected;
  expected.config.encoding.dims = 8;
  expected.selection = clamped(expected.selection, expected.config.encoding);
  CHECK(load.state->slots.front() == expected);
  CHECK(load.state->layout == LayoutState{});
  CHECK(load.state->links == Links{});
}

TEST_CASE("a malformed session is refused as a whole, with every reason", "[session]") {
  SECTION("not JSON") {
    const SessionLoad load = from_text("{\"pelab_session\": 2, \"configs\": [");
    CHECK_FALSE(load.state.has_value());
    CHECK(mentions(load.problems, "not valid JSON"));
  }
  SECTION("not a pelab session") {
    const SessionLoad load = from_text("[1, 2, 3]");
    CHECK_FALSE(load.state.has_value());
    CHECK(mentions(load.problems, "must be a JSON object"));
  }
  SECTION("missing or unsupported version") {
    CHECK(mentions(from_text("{}").problems, "not a pelab session file"));
    CHECK(mentions(from_text(R"({"pelab_session": 99})").problems, "unsupported format version"));
  }
  SECTION("values out of range, wrong types, unknown names and keys: all listed") {
    const SessionLoad load = from_text(R"({"pelab_session": 2,
        "configs": [{"dims": 0, "base": "big", "kind": "wavelet", "colour": "red", "tensor": "x"}],
        "display": {"range_min": 2, "range_max": 1, "scale_sharing": "sometimes"},
        "links": {"positions": 3},
        "layout": {"maximized": "nowhere", "views": ["heatmap", "teapot"]}, "ui": {"font_size": 500}})");
    CHECK_FALSE(load.state.has_value());
    CHECK(mentions(load.problems, "configs[0].dims: must be in 1..4096"));
    CHECK(mentions(load.problems, "configs[0].base: must be a number"));
    CHECK(mentions(load.problems, "configs[0].kind: unknown value \"wavelet\""));
    CHECK(mentions(load.problems, "configs[0].colour: unknown key"));
    CHECK(mentions(load.problems, "configs[0].tensor: needs a table"));
    CHECK(mentions(load.problems, "display.range_max: must be larger than range_min"));
    CHECK(mentions(load.problems, "display.scale_sharing: unknown value \"sometimes\""));
    CHECK(mentions(load.problems, "links.positions: must be true or false"));
    CHECK(mentions(load.problems, "layout.maximized"));
    CHECK(mentions(load.problems, "layout.views: unknown view \"teapot\""));
    CHECK(mentions(load.problems, "ui.font_size: must be in 12..48"));
    CHECK(load.problems.size() == 11);
  }
  SECTION("too many configurations, negative integers") {
    CHECK(mentions(from_text(R"({"pelab_session": 2, "configs": [{}, {}, {}, {}, {}]})").problems,
                   "configs: must be an array of 1 to 4 configurations"));
    CHECK(mentions(from_text(R"({"pelab_session": 2, "configs": [{"start": -4}]})").problems,
                   "configs[0].start: must be in 0..1000000000"));
  }
}

TEST_CASE("session files: problems name the file, saving is atomic and readable back", "[session]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "pelab_test_session";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const SessionLoad missing = load_session_file(dir / "absent.json", ui::view_ids());
  CHECK_FALSE(missing.state.has_value());
  REQUIRE_FALSE(missing.problems.empty());
  CHECK(missing.problems.front().find("absent.json") != std::string::npos);

  std::ofstream(dir / "bad.json") << "{ nope";
  const SessionLoad bad = load_session_file(dir / "bad.json", ui::view_ids());
  REQUIRE_FALSE(bad.problems.empty());
  CHECK(bad.problems.front().rfind((dir / "bad.json").string() + ": not valid JSON", 0) == 0);

  AppState state;
  state.slots.front().config.encoding.positions = 777;
  save_session_file(dir / "good.json", state);
  const SessionLoad good = load_session_file(dir / "good.json", ui::view_ids());
  REQUIRE(good.state.has_value());
  CHECK(*good.state == state);
  std::filesystem::remove_all(dir);
}

TEST_CASE("every shipped preset is a valid session", "[session]") {
  for (const auto& entry : std::filesystem::directory_iterator(PELAB_PRESET_DIR)) {
    if (entry.path().extension() != ".json") continue;
    INFO(entry.path());
    const SessionLoad load = load_session_file(entry.path(), ui::view_ids());
    CHECK(load.problems.empty());
    CHECK(load.state.has_value());
  }
}

TEST_CASE("settings round trip and refusal", "[session]") {
  std::vector<std::string> problems;
  const UiSettings settings{26.0f, Theme::light, std::nullopt};
  CHECK(settings_from_text(settings_to_text(settings), problems) == settings);
  CHECK(problems.empty());
  CHECK_FALSE(settings_from_text(R"({"font_size": 2})", problems).has_value());
  CHECK(mentions(problems, "settings.font_size"));
}

TEST_CASE("the selection is kept inside the table for use, and kept as set while a limit passes through",
          "[params]") {
  EncodingParams e;
  e.positions = 10;
  e.dims = 6;
  e.start = 100;
  const Selection wanted{5, 50, 9};
  CHECK(clamped(wanted, e) == Selection{100, 9, 5});
  CHECK(clamped(Selection{1000, 0, 0}, e).position == 109);
  // Typing N = 64 passes through N = 6: the stored p = 20 survives and is used again at 64.
  e.start = 0;
  const Selection p20{20, 4, 6};
  e.positions = 6;
  CHECK(clamped(p20, e).position == 5);
  e.positions = 64;
  CHECK(clamped(p20, e).position == 20);
}

TEST_CASE("linking moves exactly the linked parameters", "[params]") {
  AppState state;
  state.slots.front().config.encoding.base = 10000.0;
  Slot other = state.slots.front();
  other.config.encoding.kind = EncodingKind::fourier;
  REQUIRE(add_slot(state, other));
  REQUIRE(add_slot(state, other));
  state.links = Links{};
  state.links[LinkedParam::positions] = true;
  state.links[LinkedParam::dims] = false;
  state.links[LinkedParam::base] = false;
  state.links[LinkedParam::position] = true;

  const Slot before = state.slots[1];
  state.slots[1].config.encoding.positions = 200;  // linked
  state.slots[1].config.encoding.dims = 32;        // not linked
  state.slots[1].config.encoding.base = 100.0;     // not linked
  state.slots[1].selection.position = 77;          // linked
  propagate_links(state, 1, before);
  for (std::size_t i = 0; i < 3; ++i) {
    INFO("slot " << i);
    CHECK(state.slots[i].config.encoding.positions == 200);
    CHECK(state.slots[i].selection.position == 77);
    CHECK(state.slots[i].config.encoding.dims == (i == 1 ? 32 : 64));
    CHECK(state.slots[i].config.encoding.base == (i == 1 ? 100.0 : 10000.0));
    CHECK(state.slots[i].selection.offset == 4);  // unchanged everywhere
  }
  CHECK(state.slots[0].config.encoding.kind == EncodingKind::sinusoidal);  // kinds are never linked
  CHECK(state.slots[2].config.encoding.kind == EncodingKind::fourier);
}

TEST_CASE("slots: add, duplicate, remove and move keep 1 to 4 and a valid selection", "[params]") {
  AppState state;
  CHECK(duplicate_slot(state, 0));
  CHECK(add_slot(state, Slot{}));
  CHECK(add_slot(state, Slot{}));
  CHECK_FALSE(add_slot(state, Slot{}));  // at most four
  CHECK(state.slots.size() == 4);
  CHECK(state.active == 3);
  std::set<int> ids;
  for (const Slot& slot : state.slots) ids.insert(slot.config.id);
  CHECK(ids.size() == 4);  // every configuration has its own id (its cache and GPU images)
  state.slots[0].config.label = "first";
  move_slot(state, 0, +1);
  CHECK(state.slots[1].config.label == "first");
  CHECK(remove_slot(state, 3));
  CHECK(state.active == 2);
  CHECK(remove_slot(state, 0));
  CHECK(remove_slot(state, 0));
  CHECK_FALSE(remove_slot(state, 0));  // the last one stays
  CHECK(state.active == 0);
}

TEST_CASE("config files live under XDG_CONFIG_HOME/pelab, else ~/.config/pelab", "[config]") {
  const char* saved_xdg = std::getenv("XDG_CONFIG_HOME");
  const std::string saved = saved_xdg ? saved_xdg : "";
  const std::string saved_home = std::getenv("HOME") ? std::getenv("HOME") : "";
  setenv("XDG_CONFIG_HOME", "/tmp/xdg-test", 1);
  CHECK(config_dir() == std::filesystem::path("/tmp/xdg-test/pelab"));
  CHECK(imgui_ini_path() == std::filesystem::path("/tmp/xdg-test/pelab/imgui.ini"));
  setenv("XDG_CONFIG_HOME", "relative/ignored", 1);
  setenv("HOME", "/home/someone", 1);
  CHECK(config_dir() == std::filesystem::path("/home/someone/.config/pelab"));
  unsetenv("XDG_CONFIG_HOME");
  CHECK(settings_path() == std::filesystem::path("/home/someone/.config/pelab/settings.json"));
  if (saved_xdg) setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
  setenv("HOME", saved_home.c_str(), 1);
}

TEST_CASE("view ids, titles and help come from the registry", "[params]") {
  for (std::string_view id : ui::view_ids()) {
    const ui::ViewType* view = ui::find_view(id);
    REQUIRE(view != nullptr);
    CHECK(view->id == id);
    CHECK_FALSE(view->title.empty());
    CHECK(ui::view_help().find(std::string(id)) != std::string::npos);
    CHECK((view->draw != nullptr) == (view->scope == ui::ViewScope::per_config));
    CHECK((view->draw_across != nullptr) == (view->scope == ui::ViewScope::across_configs));
  }
  CHECK(ui::find_view("all") == nullptr);
}

// The registry lists the rows of the view files by the ids of state/view_types.hpp: each row must
// carry the id it is listed under (a row copied from another view's file and not renamed would
// otherwise answer to the wrong id), in the same order, one row per id.
TEST_CASE("each registry row carries the id it is listed under", "[params]") {
  const auto rows = ui::view_registry();
  REQUIRE(rows.size() == view_type_ids.size());
  REQUIRE(ui::view_ids().size() == view_type_ids.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    INFO("row " << i);
    CHECK(rows[i].id == view_type_ids[i]);
    CHECK(ui::view_ids()[i] == view_type_ids[i]);
    CHECK(ui::find_view(view_type_ids[i]) == &rows[i]);
  }
}

// Each settings table (state/view_settings.hpp) is reached by the registry row of the view it
// belongs to, and by no other row; its keys are distinct. The tables are listed once, in state/
// (the session code cannot see the registry); a table naming no view would never be drawn.
TEST_CASE("each view's settings table is reached by its registry row", "[params][view_options]") {
  for (const ViewSettingsTable* table : view_settings_tables()) {
    INFO(table->view);
    const ui::ViewType* view = ui::find_view(table->view);
    REQUIRE(view != nullptr);
    CHECK(view->settings() == table);
    std::set<std::string_view> keys;
    for (const SettingField& field : table->fields) CHECK(keys.insert(field.key).second);
  }
  std::set<std::string_view> rows_with_settings;
  for (const ui::ViewType& row : ui::view_registry()) {
    if (!row.settings()) continue;
    rows_with_settings.insert(row.id);
    CHECK(row.settings()->view == row.id);
  }
  // The views with settings of their own, as the README and --set document them.
  CHECK(rows_with_settings ==
        std::set<std::string_view>{"curves", "rotation", "rope", "bias", "attention", "norms", "pca"});
  CHECK(find_view_settings_table("heatmap") == nullptr);
  CHECK(find_view_settings_table("no-such-view") == nullptr);
}

TEST_CASE("view options (--set) from the command line, all or nothing", "[session][view_options]") {
  const std::filesystem::path models = std::filesystem::path(PELAB_SOURCE_DIR) / "assets" / "models";
  ViewSettings views;
  // The model preset first (Llama 3.1 8B: head_dim 4096/32 = 128, theta 5e5, L = 8192, llama3 x8,
  // p at 8 x 8192), then the other keys whatever their order; JSON values and plain strings.
  const std::vector<std::string> options = {
      "rope.position=1000", "rope.model=llama-3.1-8b", "bias.method=t5",
      "bias.heads=12",      "norms.lengths=[4,1,2]",   R"(rope.b={"type": "linear", "factor": 2})"};
  REQUIRE(apply_view_options(views, options, models).empty());
  CHECK(views.rope.model == "llama-3.1-8b");
  CHECK(views.rope.dims == 128);
  CHECK(views.rope.base == 500000.0);
  CHECK(views.rope.context == 8192);
  CHECK(views.rope.scaling_a.type == RopeScalingType::llama3);
  CHECK(views.rope.scaling_a.factor == 8.0);
  CHECK(views.rope.scaling_b.type == RopeScalingType::linear);
  CHECK(views.rope.scaling_b.factor == 2.0);
  CHECK(views.rope.position == 1000);
  CHECK(views.bias.method == BiasMethod::t5);
  CHECK(views.bias.heads == 12);
  CHECK(views.norms.lengths == std::vector<std::int64_t>{4, 1, 2});
  // The curves' picked columns: a list, negative entries counting from the end.
  const std::vector<std::string> curves_options = {"curves.pick=true", "curves.columns=[0, 16, -1]"};
  REQUIRE(apply_view_options(views, curves_options, models).empty());
  CHECK(views.curves.pick);
  CHECK(views.curves.columns == std::vector<std::int64_t>{0, 16, -1});
  CHECK(resolve_curve_columns(views.curves.columns, 64) == std::vector<std::int64_t>{0, 16, 63});
  CHECK(resolve_curve_columns({5, -1, 4}, 4) == std::vector<std::int64_t>{3});  // 5, 4 outside; -1 is 3
  // The ends of the range: the first and last column of the widest table the views draw (D = 4096).
  REQUIRE(
      apply_view_options(views, std::vector<std::string>{"curves.columns=[-4096, 4095]"}, models).empty());
  CHECK(views.curves.columns == std::vector<std::int64_t>{-4096, 4095});
  CHECK(resolve_curve_columns(views.curves.columns, 4096) == std::vector<std::int64_t>{0, 4095});
  REQUIRE(apply_view_options(views, curves_options, models).empty());
  // Refused: an empty list, too many entries, an entry beyond any D, a fraction.
  for (const char* option : {"curves.columns=[]", "curves.columns=[0,1,2,3,4,5,6,7,8]",
                             "curves.columns=[4096]", "curves.columns=[-4097]", "curves.columns=[1.5]"}) {
    INFO(option);
    ViewSettings untouched = views;
    CHECK_FALSE(apply_view_options(untouched, std::vector<std::string>{option}, models).empty());
    CHECK(untouched == views);
  }

  // Refused: nothing changes, each problem names its option.
  const ViewSettings before = views;
  const std::vector<std::string> bad = {"bias.heads=1000", "rope.model=no-such-model", "pca", "nope.x=1",
                                        "pca.components=2"};
  const std::vector<std::string> problems = apply_view_options(views, bad, models);
  CHECK(views == before);
  // Each names the option as typed, never the session's path ("views.bias.heads").
  CHECK(mentions(problems, "--set bias.heads=1000: must be in 1..32"));
  CHECK_FALSE(mentions(problems, "views."));
  CHECK(mentions(problems, "--set rope.model=no-such-model"));
  CHECK(mentions(problems, "--set pca: expected VIEW.KEY=VALUE"));
  CHECK(mentions(problems, "nope"));
}

TEST_CASE("a saved session starts with its format key; .json arguments name session files", "[session]") {
  // The desktop's MIME type for sessions looks for "pelab_session" in the first 64 bytes
  // (packaging/pelab-mime.xml), so it must come first even with four configurations.
  AppState state;
  for (int i = 0; i < 3; ++i) REQUIRE(add_slot(state, state.slots.front()));
  const std::string text = session_to_text(state);
  CHECK(text.rfind("{\n  \"pelab_session\": 2,\n  \"configs\": [", 0) == 0);

  CHECK(names_session_file("/home/ada/session.json"));
  CHECK(names_session_file("lesson state.JSON"));
  CHECK_FALSE(names_session_file("sinusoidal:label=a.json.npy"));
  CHECK_FALSE(names_session_file("sinusoidal"));
  CHECK_FALSE(names_session_file("json"));
}

TEST_CASE("a configuration is named by its letter and its label", "[session]") {
  Config unlabelled;
  unlabelled.encoding.kind = EncodingKind::sinusoidal;
  unlabelled.encoding.base = 100.0;
  CHECK(lettered_label(1, unlabelled) == "B  sinusoidal base 100");
  Config labelled = unlabelled;
  labelled.label = "mine";
  CHECK(lettered_label(3, labelled) == "D  mine");
  CHECK(config_letter(0) == 'A');
}
