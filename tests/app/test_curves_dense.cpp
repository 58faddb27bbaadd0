// A dense curve stays readable (issue 19 §2): a wave faster than min_pixels_per_period (8 px) is drawn as its
// band, the sweep between its extremes around each pixel column, and turns back into a line when zoomed
// in. Checked three ways: the envelope against closed forms and a hand case; the plot API's pixels per
// unit and the band's drawn extent against the axis mapping, before and after a zoom; the curves view's
// legend in the `--geometry` census, fast column a band beside slow ones as lines.
#include <imgui.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <numbers>
#include <string>
#include <vector>

#include "gui_support.hpp"
#include "plot/envelope.hpp"
#include "plot/plot.hpp"
#include "plot/plot_internal.hpp"  // envelope_fill(): finds the band's fill in the draw list
#include "plot_harness.hpp"

namespace fs = std::filesystem;
namespace plot = pelab::plot;

using namespace pelab::test;

namespace {

constexpr double pi = std::numbers::pi;

// Whether the closed interval [a, b] holds a point x0 + 2πm for some integer m.
bool holds_phase(double a, double b, double x0) {
  const double m = std::ceil((a - x0) / (2.0 * pi));
  return x0 + 2.0 * pi * m <= b;
}

// sin(p) at the positions p = 0 .. count − 1 (period 2π), as a plot's xs and ys.
void sine_at_positions(int count, std::vector<double>& xs, std::vector<double>& ys) {
  for (int p = 0; p < count; ++p) {
    xs.push_back(p);
    ys.push_back(std::sin(p));
  }
}

// The vertices of the last frame in exactly this colour.
std::vector<ImVec2> vertices_of(ImU32 colour) {
  std::vector<ImVec2> found;
  const ImDrawData* data = ImGui::GetDrawData();
  for (int l = 0; l < data->CmdListsCount; ++l)
    for (const ImDrawVert& v : data->CmdLists[l]->VtxBuffer)
      if (v.col == colour) found.push_back(v.pos);
  return found;
}

// Every text run of a census, joined, one a line: the legend entries and notes to search (the census
// reads a run's spaces back from the glyph gaps, so two spaces come back as one).
std::string all_text(const nlohmann::json& census) {
  std::string text;
  for (const nlohmann::json& run : census["text_runs"]) text += run["text"].get<std::string>() + "\n";
  return text;
}

}  // namespace

TEST_CASE("the per-column envelope of sin x is its closed-form min and max over each column") {
  // sin sampled every 1e-3 over [0, 10]: the line between samples is within h²/8 = 1.25e-7 of sin.
  const double h = 1e-3;
  std::vector<double> xs, ys;
  for (int k = 0; k <= 10000; ++k) {
    xs.push_back(k * h);
    ys.push_back(std::sin(k * h));
  }
  const int columns = 37;
  const plot::LineEnvelope envelope =
      plot::line_envelope(xs.data(), ys.data(), static_cast<int>(xs.size()), 0.0, 10.0, columns);
  REQUIRE(envelope.lo.size() == static_cast<std::size_t>(columns));
  for (int k = 0; k < columns; ++k) {
    const double a = 10.0 * k / columns, b = 10.0 * (k + 1) / columns;
    // sin on [a, b]: 1 where the interval holds π/2 + 2πm, −1 where it holds 3π/2 + 2πm, else its ends.
    const double hi = holds_phase(a, b, 0.5 * pi) ? 1.0 : std::max(std::sin(a), std::sin(b));
    const double lo = holds_phase(a, b, 1.5 * pi) ? -1.0 : std::min(std::sin(a), std::sin(b));
    INFO("column " << k << " [" << a << ", " << b << "]");
    CHECK(envelope.hi[static_cast<std::size_t>(k)] == Approx(hi).margin(1e-6));
    CHECK(envelope.lo[static_cast<std::size_t>(k)] == Approx(lo).margin(1e-6));
  }
  // Widened to one period (2π), every column holds a whole period: the full swing, −1 .. 1.
  const plot::LineEnvelope swing =
      plot::line_envelope(xs.data(), ys.data(), static_cast<int>(xs.size()), 3.5, 6.5, 9, 2.0 * pi);
  for (std::size_t k = 0; k < 9; ++k) {
    CHECK(swing.hi[k] == Approx(1.0).margin(1e-6));
    CHECK(swing.lo[k] == Approx(-1.0).margin(1e-6));
  }
}

TEST_CASE("the envelope of integer samples follows the line between them (hand case)") {
  // sin(πp/2) at p = 0..3 is 0, 1, 0, −1; six columns of width 0.5 over [0, 3]. Each column's range is
  // the line's at its ends and any sample inside: [0, 0.5] goes 0 → 0.5, [0.5, 1] 0.5 → 1, ...
  const std::vector<double> xs{0, 1, 2, 3}, ys{0, 1, 0, -1};
  const plot::LineEnvelope envelope = plot::line_envelope(xs.data(), ys.data(), 4, 0.0, 3.0, 6);
  const std::vector<double> lo{0.0, 0.5, 0.5, 0.0, -0.5, -1.0}, hi{0.5, 1.0, 1.0, 0.5, 0.0, -0.5};
  for (std::size_t k = 0; k < 6; ++k) {
    INFO("column " << k);
    CHECK(envelope.lo[k] == Approx(lo[k]).margin(1e-12));
    CHECK(envelope.hi[k] == Approx(hi[k]).margin(1e-12));
  }
  // A column the line does not reach, and a NaN sample breaking the line (no interpolation across it).
  const plot::LineEnvelope beyond = plot::line_envelope(xs.data(), ys.data(), 4, 3.5, 4.5, 2);
  CHECK(std::isnan(beyond.lo[0]));
  CHECK(std::isnan(beyond.hi[1]));
  const std::vector<double> broken{0, std::nan(""), 0, -1};
  const plot::LineEnvelope gap = plot::line_envelope(xs.data(), broken.data(), 4, 0.25, 0.75, 1);
  CHECK(std::isnan(gap.lo[0]));
}

TEST_CASE("a wave is a band under 8 px a period and a line from 8 px on") {
  CHECK(plot::min_pixels_per_period == 8.0);
  CHECK(plot::wave_as_band(7.999));
  CHECK_FALSE(plot::wave_as_band(8.0));
  CHECK_FALSE(plot::wave_as_band(25.0));
}

TEST_CASE("a dense wave is a band at the full range and a line when zoomed in (plot API)") {
  // 2000 positions of sin(p) (period 2π) in a 600 px plot: under 2 px a period, a band; zoomed to
  // 64 positions, some 50 px a period, a line.
  PlotHarness harness;
  std::vector<double> xs, ys;
  sine_at_positions(2000, xs, ys);
  const ImU32 colour = plot::palette_color(0);
  plot::PlotConfig config;
  config.x.auto_fit = false;
  config.x.min = 0.0;
  config.x.max = 2000.0;
  config.legend = false;
  double pixels_per_unit = 0.0;
  ImVec2 top{}, bottom{}, left{}, right{};
  bool band = false;
  const auto body = [&] {
    if (!plot::BeginPlot("##dense", ImVec2(600, 400), config)) return;
    pixels_per_unit = plot::GetPlotPixelsPerUnitX();
    band = plot::wave_as_band(2.0 * pi * pixels_per_unit);
    if (band) {
      plot::PlotEnvelope("sin", xs.data(), ys.data(), 2000, colour, 2.0 * pi);
    } else {
      plot::PlotLine("sin", xs.data(), ys.data(), 2000, colour, 1.0f);
    }
    double x0 = 0.0, x1 = 0.0;
    plot::GetPlotLimits(&x0, &x1, nullptr, nullptr);
    left = plot::PlotToPixels(x0, 0.0);
    right = plot::PlotToPixels(x1, 0.0);
    top = plot::PlotToPixels(1000.0, 1.0);
    bottom = plot::PlotToPixels(1000.0, -1.0);
    plot::EndPlot();
  };
  harness.frame(body);
  CHECK(pixels_per_unit == Approx((right.x - left.x) / 2000.0).epsilon(1e-6));
  CHECK(2.0 * pi * pixels_per_unit < 8.0);
  CHECK(band);
  // The band fills from the pixel of 1 to that of −1 (every window of one period holds both, and its
  // rows are whole pixels), in its fill colour and edged in the item's; no vertex beyond the swing.
  const ImU32 fill_colour = plot::detail::envelope_fill(colour);
  const std::vector<ImVec2> fill = vertices_of(fill_colour);
  REQUIRE(!fill.empty());
  CHECK_FALSE(vertices_of(colour).empty());  // the edges
  float fill_top = FLT_MAX, fill_bottom = -FLT_MAX;
  for (const ImVec2& v : fill) fill_top = std::min(fill_top, v.y), fill_bottom = std::max(fill_bottom, v.y);
  CHECK(fill_top == Approx(top.y).margin(1.0));
  CHECK(fill_bottom == Approx(bottom.y).margin(1.0));
  float fill_left = FLT_MAX, fill_right = -FLT_MAX;
  for (const ImVec2& v : fill) fill_left = std::min(fill_left, v.x), fill_right = std::max(fill_right, v.x);
  CHECK(fill_left == Approx(left.x).margin(1.0));    // from p = 0, the x-range's start ...
  CHECK(fill_right == Approx(right.x).margin(1.0));  // ... to the x-range's end

  plot::SetNextPlotLimits(0.0, 64.0, -1.1, 1.1);
  harness.frame(body);
  CHECK(pixels_per_unit == Approx((right.x - left.x) / 64.0).epsilon(1e-6));
  CHECK_FALSE(band);
  CHECK(vertices_of(fill_colour).empty());
  CHECK_FALSE(vertices_of(colour).empty());  // the line itself
}

TEST_CASE("the curves view draws a fast column as a band beside slow ones as lines", "[gui][curves]") {
  // D = 1600: column 0 has period 2π (6.28 positions), column 400 period 2π·10000^{400/1600} = 62.8,
  // column 1599 period 2π·10000^{1598/1600} ≈ 6.2e4. Over 2000 positions a plot narrower than
  // 2000 · 8 / 6.28 = 2548 px draws column 0 as a band; column 400 is one only under 2000 · 8 / 62.8 =
  // 255 px, so at 1920 × 1080 (a plot some 1300 px wide) it is a line, as is column 1599.
  const std::string columns = " --set curves.pick=true --set 'curves.columns=[0, 400, -1]'";
  const nlohmann::json wide = headless_census(
      "sinusoidal:positions=2000,dims=1600 --view curves --size 1920x1080 --lang en" + columns, "wide");
  const std::string text = all_text(wide);
  INFO(text);
  CHECK(text.find("i = 0 (λ = 6.28): band, ") != std::string::npos);
  CHECK(text.find("i = 400 (λ = 62.8)\n") != std::string::npos);
  CHECK(text.find("i = 400 (λ = 62.8): band") == std::string::npos);
  CHECK(text.find("i = 1599") != std::string::npos);
  CHECK(text.find("): band, ") == text.rfind("): band, "));  // one band only
  CHECK(text.find("p = 0 … 63") != std::string::npos);       // the strip of the first positions

  // 64 positions (what the zoom shows): every wave is a line, and neither the note nor the strip is drawn.
  const nlohmann::json few = headless_census(
      "sinusoidal:positions=64,dims=1600 --view curves --size 1920x1080 --lang en" + columns, "few");
  const std::string few_text = all_text(few);
  INFO(few_text);
  CHECK(few_text.find("band") == std::string::npos);
  CHECK(few_text.find("i = 0 (λ = 6.28)") != std::string::npos);

  // Korean at the projector's 1024 × 768, default columns (i − 1 .. i + 1 around i = 6, periods 6.43
  // and 6.5).
  const nlohmann::json korean = headless_census(
      "sinusoidal:positions=2000,dims=1600 --view curves --size 1024x768 --lang ko", "korean");
  const std::string korean_text = all_text(korean);
  INFO(korean_text);
  CHECK(korean_text.find("i = 6 (λ = 6.5): 띠, 주기당 ") != std::string::npos);
}

TEST_CASE("a line submitted before a band is drawn over it") {
  // The slow curve's line (y = 0.5 across the plot) submitted first, the fast wave's band after it:
  // the band is drawn first, so the line's vertices come after every vertex of the band's fill.
  PlotHarness harness;
  std::vector<double> xs, ys;
  sine_at_positions(2000, xs, ys);
  const std::vector<double> flat_x{0.0, 2000.0}, flat_y{0.5, 0.5};
  const ImU32 line_colour = plot::palette_color(1), band_colour = plot::palette_color(0);
  plot::PlotConfig config;
  config.legend = false;
  harness.frame([&] {
    if (!plot::BeginPlot("##order", ImVec2(600, 400), config)) return;
    plot::PlotLine("slow", flat_x.data(), flat_y.data(), 2, line_colour, 2.0f);
    plot::PlotEnvelope("fast", xs.data(), ys.data(), 2000, band_colour, 2.0 * pi);
    plot::EndPlot();
  });
  const ImU32 fill_colour = plot::detail::envelope_fill(band_colour);
  int last_fill = -1, first_line = -1;
  const ImDrawData* data = ImGui::GetDrawData();
  for (int l = 0; l < data->CmdListsCount; ++l) {
    const ImDrawList& list = *data->CmdLists[l];
    for (int v = 0; v < list.VtxBuffer.Size; ++v) {
      if (list.VtxBuffer[v].col == fill_colour) last_fill = v;
      if (list.VtxBuffer[v].col == line_colour && first_line < 0) first_line = v;
    }
  }
  REQUIRE(last_fill >= 0);
  REQUIRE(first_line >= 0);
  CHECK(first_line > last_fill);
}
