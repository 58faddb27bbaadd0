// Compare mode: the similarity heatmaps of configurations side by side share one colour range, the
// min and max over all their matrices, so equal colours mean equal values (GPT-2's 0.34..1 used to sit
// beside the sinusoid's 0.50..1). The ranges are read from where the app drew the heatmaps (the
// geometry file, or the placements of the app drawn in process) and compared with the matrices'
// extremes computed here from the tables.
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "gui_support.hpp"
#include "pelab/io/npy.hpp"

namespace fs = std::filesystem;
using namespace pelab;
using namespace pelab::test;

namespace {

struct Extremes {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void add(double v) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  void add(const Extremes& other) {
    add(other.lo);
    add(other.hi);
  }
};

// cos(P_p, P_q) over every pair of rows, in plain loops.
Extremes cosine_extremes(const Matrix& table) {
  Extremes e;
  for (Eigen::Index p = 0; p < table.rows(); ++p) {
    for (Eigen::Index q = 0; q < table.rows(); ++q) {
      double dot = 0.0, pp = 0.0, qq = 0.0;
      for (Eigen::Index i = 0; i < table.cols(); ++i) {
        dot += table(p, i) * table(q, i);
        pp += table(p, i) * table(p, i);
        qq += table(q, i) * table(q, i);
      }
      e.add(dot / std::sqrt(pp * qq));
    }
  }
  return e;
}

// The interleaved sinusoid of even D: P_p · P_q = Σₖ cos(wₖ (q − p)), wₖ = base^(−2k/D), so S depends on
// r = |q − p| only; its cosine divides by every row's squared norm D/2.
Extremes sinusoid_extremes(int n, int d, double base, bool cosine) {
  Extremes e;
  for (int r = 0; r < n; ++r) {
    double sum = 0.0;
    for (int k = 0; k < d / 2; ++k) sum += std::cos(std::pow(base, -2.0 * k / d) * r);
    e.add(cosine ? sum / (d / 2) : sum);
  }
  return e;
}

// Binary (0/1 bits, D > log2 N): P_p · P_q counts the bits p and q share.
Extremes binary_dot_extremes(unsigned n) {
  Extremes e;
  for (unsigned p = 0; p < n; ++p)
    for (unsigned q = 0; q < n; ++q) e.add(std::popcount(p & q));
  return e;
}

// The colour range of each configuration's `name` heatmap, in configuration order.
std::vector<std::array<double, 2>> ranges_of(const nlohmann::json& frame, const std::string& name) {
  std::vector<std::pair<int, std::array<double, 2>>> found;
  for (const nlohmann::json& h : frame["heatmaps"])
    if (h["name"] == name)
      found.push_back({h["config"].get<int>(), {h["range"][0].get<double>(), h["range"][1].get<double>()}});
  std::sort(found.begin(), found.end());
  std::vector<std::array<double, 2>> out;
  for (const auto& [config, range] : found) out.push_back(range);
  return out;
}

nlohmann::json run_with_geometry(const std::string& arguments, const std::string& name) {
  const fs::path dir = temp_dir();
  const fs::path png = dir / (name + ".png"), geometry = dir / (name + ".json");
  const Run result =
      run_headless("--screenshot " + png.string() + " --geometry " + geometry.string() + " " + arguments);
  INFO(result.output);
  REQUIRE(result.status == 0);
  return load_json(geometry);
}

const fs::path source_dir = PELAB_SOURCE_DIR;

}  // namespace

TEST_CASE("GPT-2 preset: both similarity panels use one colour range, the extremes of both matrices",
          "[shared_scale]") {
  const Matrix gpt2 = npy_to_matrix(read_npy(source_dir / "assets/presets/gpt2_wpe_64x768.npy"), "gpt2");
  REQUIRE(gpt2.rows() == 64);
  REQUIRE(gpt2.cols() == 768);
  const Extremes learned = cosine_extremes(gpt2);
  const Extremes sinusoid = sinusoid_extremes(64, 768, 10000.0, true);
  // Each alone would get its own scale: the test means something only if those differ.
  REQUIRE(std::abs(learned.lo - sinusoid.lo) > 0.05);
  Extremes both = learned;
  both.add(sinusoid);

  const nlohmann::json frame =
      run_with_geometry("--session " + (source_dir / "assets/presets/gpt2_vs_sinusoidal.json").string() +
                            " --view similarity --size 1920x1080",
                        "gpt2_preset");
  const auto ranges = ranges_of(frame, "similarity");
  REQUIRE(ranges.size() == 2);
  CHECK(ranges[0] == ranges[1]);
  for (const auto& range : ranges) {
    CHECK(range[0] == Approx(both.lo).margin(1e-9));
    CHECK(range[1] == Approx(both.hi).margin(1e-9));
  }
}

TEST_CASE("lesson 6, step 2: GPT-2 and the sinusoid's cosine similarities on one colour range",
          "[shared_scale]") {
  const fs::path dir = temp_dir();
  const Extremes learned =
      cosine_extremes(npy_to_matrix(read_npy(source_dir / "assets/presets/gpt2_wpe_64x768.npy"), "gpt2"));
  Extremes both = sinusoid_extremes(64, 768, 10000.0, true);
  both.add(learned);

  OffscreenApp off;
  app::ui::AppContext& app = off.app;
  off.prepare();
  REQUIRE(app::ui::start_lesson(app, "06_learned_tables"));
  app::ui::show_lesson_step(app, 1);  // "Nobody told GPT-2 ...": the similarity view
  off.settle();
  std::vector<app::ui::HeatmapPlacement> similarity;
  for (const app::ui::HeatmapPlacement& placement : app.placements)
    if (placement.name == std::string("similarity")) similarity.push_back(placement);
  REQUIRE(similarity.size() == 2);
  for (const app::ui::HeatmapPlacement& placement : similarity) {
    INFO("configuration " << placement.config);
    CHECK(placement.range.lo == Approx(both.lo).margin(1e-9));
    CHECK(placement.range.hi == Approx(both.hi).margin(1e-9));
  }
}

TEST_CASE("two kinds, default settings: the similarity shares one range, the tables keep their own",
          "[shared_scale]") {
  // Dot products: the sinusoid's Σₖ cos(wₖ r) (8 at r = 0) and binary's shared bits (0 to 5 below 32).
  Extremes both = sinusoid_extremes(32, 16, 100.0, false);
  both.add(binary_dot_extremes(32));
  REQUIRE(both.hi == Approx(8.0));
  const nlohmann::json frame = run_with_geometry(
      "sinusoidal:positions=32,dims=16,base=100 binary:positions=32,dims=16 --view all --size 1920x1080",
      "two_kinds");
  const auto similarity = ranges_of(frame, "similarity");
  REQUIRE(similarity.size() == 2);
  CHECK(similarity[0] == similarity[1]);
  CHECK(similarity[0][0] == Approx(both.lo).margin(1e-9));
  CHECK(similarity[0][1] == Approx(both.hi).margin(1e-9));
  // The tables hold different things (a sine, a bit): "same kind" leaves their scales apart.
  const auto table = ranges_of(frame, "heatmap");
  REQUIRE(table.size() == 2);
  CHECK(table[1][0] == 0.0);
  CHECK(table[1][1] == 1.0);
  CHECK(table[0][0] < -0.9);
}
