// Every control at its extreme values, for every kind and every view (docs/testing.md): the real
// program renders a screenshot off screen (EGL) of a session holding the extreme, and
//   - exits 0 with no sanitizer report (this test's value is in the ASan + UBSan build),
//   - formats no NaN or inf as a number (`--geometry` counts the non-finite values given to
//     plot::format_number and lists the drawn text lines showing "nan" / "inf"; both must be empty),
//   - refuses nothing (no notice: the extremes are all legal values),
//   - every view (every configuration's panel of a per-configuration view) either draws its data or
//     draws its one sentence saying why it does not apply, never neither: `--geometry` lists per view
//     and panel the vertices drawn in a data colour, the heatmap images and the "does not apply"
//     sentences (app/run/view_census.hpp), and the picture is not one colour where the data landed.
// Launches are bounded (26 + one per view): four kinds side by side per launch (two at the largest
// N x D; the per-configuration views draw each of them), every view of the registry in one tall grid
// per extreme, and one launch per view (maximised, where its own layout code runs at full size) only
// at the largest N and D with p, k, i at the far edges.
// Also the latency benchmark (`--bench-latency`) at a small size: its output parses and is positive.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gui_support.hpp"
#include "pelab/kinds.hpp"
#include "state/params.hpp"
#include "ui/view_registry.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

using namespace pelab::test;

// The app's limits and the one base range, as core states them.
using pelab::app::max_dims;
using pelab::app::max_positions;
using pelab::app::max_start;
constexpr double min_base = pelab::base_range.lowest;
constexpr double max_base = pelab::base_range.highest;

// Every view of the registry, in its order: a new view is swept without a line here.
const std::vector<std::string> all_views = [] {
  std::vector<std::string> ids;
  for (const pelab::app::ui::ViewType& view : pelab::app::ui::view_registry()) ids.emplace_back(view.id);
  return ids;
}();
// The grid at the largest N x D already computes every other view for two full-size tables at once;
// scoring them too would take each of those launches past the screenshot's 120 s limit under ASan on
// a loaded 2-core machine (the score alone takes ~70 s there). The scorecard at the largest N and D
// is swept once, maximised (below); in the grid it is swept at every other extreme.
std::vector<std::string> views_but_scorecard() {
  std::vector<std::string> views = all_views;
  views.erase(std::find(views.begin(), views.end(), "scorecard"));
  return views;
}

// Drawn once across all configurations (the others once per configuration: one panel each).
bool drawn_across(const std::string& id) {
  return pelab::app::ui::find_view(id)->scope == pelab::app::ui::ViewScope::across_configs;
}

// Every kind of core's table, four per launch (the app shows at most four configurations side by side).
std::vector<std::vector<std::string>> kind_groups() {
  std::vector<std::vector<std::string>> groups;
  for (const pelab::KindInfo& info : pelab::kind_table()) {
    if (groups.empty() || groups.back().size() == pelab::app::max_configs) groups.emplace_back();
    groups.back().emplace_back(info.name);
  }
  return groups;
}

bool reads_base(const std::string& kind) {
  return !pelab::unused_parameter_reason(*pelab::parse_encoding_kind(kind), pelab::KindParameter::base);
}

// One extreme: the encoding's shape and base, the selection at an edge, the similarity metric.
struct Extreme {
  std::string name;
  std::int64_t positions = 64, dims = 16, start = 0;
  double base = 10000.0;
  bool high_edges = false;  // p = start + N - 1, k = N - 1, i = D - 1 (else p = start, k = 0, i = 0)
  std::string metric = "dot";
  double sigma = 0.02;  // learned (seeded table)
  bool binary_signed = false;
};

const std::vector<Extreme>& extremes() {
  static const std::vector<Extreme> list = {
      {"N = D = 1, p, k, i at 0", 1, 1, 0, 10000.0, false, "cosine", 0.0, true},
      {"N = D = 1, start at its maximum", 1, 1, max_start, 10000.0, true, "distance"},
      {"N = 1, D at its maximum", 1, max_dims, 0, 10000.0, true, "cosine"},
      {"N at its maximum, D = 1", max_positions, 1, 0, 10000.0, true, "cosine"},
      {"N, D at their maximum, p, k, i at the far edges", max_positions, max_dims, 0, 10000.0, true, "dot"},
      {"N, D at their maximum, start at its maximum, cosine", max_positions, max_dims, max_start, max_base,
       true, "cosine"},
      {"odd D = 3, base at its minimum, p, k, i at 0", 5, 3, 0, min_base, false, "cosine", 0.0, true},
      {"odd D = 7, base at its maximum, far edges", 33, 7, 0, max_base, true, "distance"},
      {"odd D = 4095, base at its minimum, far edges", 300, max_dims - 1, 0, min_base, true, "cosine"},
      {"start at its maximum, odd D, far edges", 2000, 129, max_start, min_base, true, "dot"},
      {"start just below its maximum, p, k, i at 0, sigma 0", 2, 2, max_start - 1, max_base, false, "cosine",
       0.0},
  };
  return list;
}

json session_for(const Extreme& e, const std::vector<std::string>& kinds, const json& layout) {
  json configs = json::array();
  for (const std::string& kind : kinds) {
    json config{{"kind", kind},
                {"positions", e.positions},
                {"dims", e.dims},
                {"start", e.start},
                {"selection",
                 {{"position", e.high_edges ? e.start + e.positions - 1 : e.start},
                  {"offset", e.high_edges ? e.positions - 1 : 0},
                  {"dimension", e.high_edges ? e.dims - 1 : 0}}}};
    if (reads_base(kind)) config["base"] = e.base;
    const pelab::EncodingKind k = *pelab::parse_encoding_kind(kind);
    if (pelab::reads(k, pelab::KindParameter::sigma)) config["sigma"] = e.sigma;
    if (pelab::reads(k, pelab::KindParameter::binary_signed)) config["binary_signed"] = e.binary_signed;
    configs.push_back(config);
  }
  json links = json::object();
  for (const char* key : {"positions", "dims", "base", "start", "position", "offset", "dimension"})
    links[key] = false;
  return json{{"pelab_session", 2}, {"configs", configs},
              {"links", links},     {"display", {{"metric", e.metric}}},
              {"layout", layout},   {"ui", {{"language", "en"}}}};
}

// Distinct colours (coarsely: 4 bits a channel) in the picture's rectangle [x0, y0, x1, y1].
std::size_t colours_in(const Image& image, const json& rect) {
  const int x0 = std::max(0, static_cast<int>(rect[0].get<double>())),
            y0 = std::max(0, static_cast<int>(rect[1].get<double>())),
            x1 = std::min(image.width, static_cast<int>(std::ceil(rect[2].get<double>()))),
            y1 = std::min(image.height, static_cast<int>(std::ceil(rect[3].get<double>())));
  std::set<int> colours;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      const std::array<int, 3> p = image.pixel(x, y);
      colours.insert((p[0] >> 4) << 8 | (p[1] >> 4) << 4 | (p[2] >> 4));
    }
  }
  return colours.size();
}

// Each of `views` drew its data or said why it does not apply, in every panel (--geometry's "views").
void check_views_drawn(const Image& image, const json& geometry, const std::vector<std::string>& views,
                       std::size_t configs) {
  for (const std::string& view : views) {
    std::size_t panels = 0;
    for (const json& drawn : geometry.at("views")) {
      if (drawn.at("view") != view) continue;
      ++panels;
      INFO(view << ", panel " << drawn.dump());
      const bool data = drawn.at("data_vertices").get<int>() > 0 ||
                        (drawn.at("heatmaps").get<int>() > 0 && drawn.at("images").get<int>() > 0);
      const bool says_why = drawn.at("not_applicable").get<int>() > 0;
      CHECK((data || says_why));
      CHECK_FALSE((data && says_why));
      if (data) CHECK(colours_in(image, drawn.at("data_rect")) >= 2);
    }
    INFO(view << ": one panel per configuration, or one across them");
    CHECK(panels == (drawn_across(view) ? 1 : configs));
  }
}

// Renders the session with `--view view` and checks everything listed at the top.
void check_render(const std::string& name, const json& session, const std::string& view,
                  const std::string& size) {
  const fs::path dir = temp_dir();
  // The largest sizes under ASan on a loaded 2-core machine can take minutes to compute; the
  // screenshot's default 120 s limit is for users, not for this sweep (ctest's own timeout remains).
  setenv("PELAB_SETTLE_SECONDS", "900", 1);
  std::string stem = name + "_" + view;
  for (char& c : stem)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  const fs::path session_path = dir / (stem + ".json"), png = dir / (stem + ".png"),
                 geometry_path = dir / (stem + "_geometry.json");
  std::ofstream(session_path) << session.dump(2);
  fs::remove(png);
  fs::remove(geometry_path);
  const Run result =
      run_headless("--session " + session_path.string() + " --view " + view + " --size " + size +
                   " --screenshot " + png.string() + " --geometry " + geometry_path.string());
  INFO(name << ", --view " << view << " (" << result.seconds << " s)\n" << result.output);
  // CHECK, not REQUIRE: one failing launch must not hide the others.
  CHECK(result.status == 0);
  CHECK(result.output.find("runtime error") == std::string::npos);  // UBSan
  CHECK(result.output.find("Sanitizer") == std::string::npos);
  std::ifstream file(geometry_path);
  CHECK(file.good());
  if (result.status != 0 || !file) return;
  const json geometry = json::parse(file);
  CHECK(geometry.at("nonfinite_numbers").get<int>() == 0);
  CHECK(geometry.at("nonfinite_text").dump() == "[]");
  CHECK(geometry.at("notices").dump() == "[]");
  CHECK(geometry.at("text_lines").get<int>() > 0);
  const std::vector<std::string> views =
      view == "all" ? session.at("layout").at("views").get<std::vector<std::string>>() : std::vector{view};
  check_views_drawn(load_png(png), geometry, views, session.at("configs").size());
}

}  // namespace

// Every view of the registry in one grid tall enough to show each of them unscrolled (a view
// scrolled out of sight would draw nothing), for every extreme and every kind: four kinds per launch, two at
// the largest N x D (four full-size tables at once take minutes to compute on 2 cores; 26 launches).
TEST_CASE("sweep: every extreme and every kind with all views in one grid", "[sweep]") {
  for (const Extreme& extreme : extremes()) {
    const bool large = extreme.positions * extreme.dims > (std::int64_t{1} << 22);
    const json layout{{"views", large ? views_but_scorecard() : all_views}, {"maximized", nullptr}};
    for (const auto& group : kind_groups()) {
      for (std::size_t first = 0; first < group.size(); first += large ? 2 : group.size()) {
        const std::vector<std::string> kinds(
            group.begin() + static_cast<std::ptrdiff_t>(first),
            group.begin() +
                static_cast<std::ptrdiff_t>(large ? std::min(first + 2, group.size()) : group.size()));
        check_render(extreme.name + " " + kinds.front(), session_for(extreme, kinds, layout), "all",
                     "2000x6400");
      }
    }
  }
}

// Each view maximised (its own layout at full size) at the largest N and D with p, k, i at the far
// edges, for integer (the largest values, a zero row) and learned (the non-closed-form Gram matrix,
// the least-squares fit): one launch per view of the registry, the scorecard's too (core caps
// requirement 5's distance sample, so scoring the largest table takes seconds); the grid above runs
// every kind in every view at every extreme.
TEST_CASE("sweep: each view maximised at the largest N and D with p k i at the far edges", "[sweep]") {
  const json layout{{"views", all_views}, {"maximized", nullptr}};
  const Extreme& extreme = extremes()[4];
  for (const std::string& view : all_views) {
    // A view whose configuration panels ask for more than the layout's default (attention's two rows of
    // 150 px grids) scrolls at 1000 x 700 with two configurations; a taller frame shows both panels.
    const bool tall_panels = pelab::app::ui::find_view(view)->min_panel_height > 0.0f;
    check_render(extreme.name, session_for(extreme, {"integer", "learned"}, layout), view,
                 tall_panels ? "1000x1400" : "1000x700");
  }
}

// The sidebar's N slider passes through every value typed (64 cleared to 6, then 1, then 64 again):
// p = 20 and k = 4, set on the long table, are shown clamped meanwhile (p = 0, k = 0 at N = 1) and
// come back at N = 64, because the frames in between store only what the user moved (move_selection,
// the function the sidebar's sliders and the arrow keys go through). A selection the user moves
// while N is small is stored clamped into that table.
TEST_CASE("the selection survives N going 64 -> 6 -> 1 -> 64", "[selection]") {
  using namespace pelab::app;
  Slot slot;
  slot.config.encoding = pelab::encoding_params(pelab::EncodingKind::sinusoidal, 64, 16);
  slot.selection = Selection{20, 4, 6};
  for (std::int64_t n : {64, 6, 1, 64}) {
    slot.config.encoding.positions = n;
    const Selection shown = clamped(slot.selection, slot.config.encoding);
    move_selection(slot, shown);  // a frame of the sidebar with no slider moved
    if (n == 6) CHECK(shown == Selection{5, 4, 6});
    if (n == 1) CHECK(shown == Selection{0, 0, 6});
  }
  CHECK(slot.selection == Selection{20, 4, 6});
  CHECK(clamped(slot.selection, slot.config.encoding) == Selection{20, 4, 6});

  // With D at 2, the user moves i to 0: i is stored, p and k keep what the user set.
  slot.config.encoding.dims = 2;
  Selection moved = clamped(slot.selection, slot.config.encoding);
  CHECK(moved.dimension == 1);
  moved.dimension = 0;
  move_selection(slot, moved);
  CHECK(slot.selection == Selection{20, 4, 0});
  // A step past the table's end (p = 63 + 1 at N = 64, start 0) is stored as the last row.
  slot.config.encoding.dims = 16;
  moved = clamped(slot.selection, slot.config.encoding);
  moved.position = 64;
  move_selection(slot, moved);
  CHECK(slot.selection == Selection{63, 4, 0});
}

// The latency benchmark's numbers are measured, not made up: positive, at least one frame.
TEST_CASE("the latency benchmark runs and reports positive latencies", "[sweep][latency]") {
  temp_dir();
  for (const std::string view : {"similarity", "difference", "all"}) {
    const Run result = run_headless(
        "sinusoidal:positions=200,dims=64 --gl offscreen --size 1280x800 --bench-latency 2 --view " + view);
    INFO(result.output);
    REQUIRE(result.status == 0);
    const std::size_t at = result.output.find("\nlatency ");
    REQUIRE(at != std::string::npos);
    std::istringstream line(result.output.substr(at + 1, result.output.find('\n', at + 1) - at - 1));
    std::map<std::string, std::string> fields;
    for (std::string pair; line >> pair;) {
      const std::size_t eq = pair.find('=');
      if (eq != std::string::npos) fields[pair.substr(0, eq)] = pair.substr(eq + 1);
    }
    CHECK(fields["view"] == view);
    CHECK(fields["n"] == "200");
    CHECK(fields["d"] == "64");
    CHECK(fields["changes"] == "2");
    CHECK(std::stod(fields["latency_median_ms"]) > 0.0);
    CHECK(std::stod(fields["latency_max_ms"]) >= std::stod(fields["latency_median_ms"]));
    CHECK(std::stod(fields["frames_median"]) >= 1.0);
    CHECK(std::stod(fields["static_frame_ms"]) > 0.0);
    CHECK(std::stol(fields["vmhwm_kib"]) > 0);
    CHECK(std::stol(fields["maxrss_kib"]) > 0);
  }
}
