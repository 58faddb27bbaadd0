// Headless checks of the plot API (ImGui context without a renderer; no GL needed).
#include <imgui.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "plot/dot_sprites.hpp"
#include "plot/plot.hpp"
#include "plot/plot_internal.hpp"  // label_background(): finds the label plates in the draw list
#include "plot_harness.hpp"

namespace plot = pelab::plot;
using pelab::test::PlotHarness;

namespace {

struct Limits {
  double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
};

}  // namespace

TEST_CASE("heatmap fit is exact from the first frame, markers do not widen it") {
  PlotHarness h;
  ImVec2 a1, b1, a2, b2;
  Limits first, begin2;
  plot::PlotConfig cfg;
  cfg.y.invert = true;
  cfg.legend = false;
  auto body = [&](ImVec2* a, ImVec2* b, Limits* early, Limits* late) {
    if (plot::BeginPlot("##heat", ImVec2(600, 500), cfg)) {
      if (early) plot::GetPlotLimits(&early->x0, &early->x1, &early->y0, &early->y1);
      plot::PlotImage((ImTextureID)2, 0, 0, 64, 128);
      plot::PlotMarker(0.5, 0.5, plot::palette_color(0));
      plot::PlotMarker(63.5, 127.5, plot::palette_color(0));
      plot::PlotRectOutline(0, 10, 64, 11, plot::palette_color(1));
      *a = plot::PlotToPixels(0, 0);
      *b = plot::PlotToPixels(64, 128);
      if (late) plot::GetPlotLimits(&late->x0, &late->x1, &late->y0, &late->y1);
      plot::EndPlot();
    }
  };
  h.frame([&] { body(&a1, &b1, nullptr, &first); });
  h.frame([&] { body(&a2, &b2, &begin2, nullptr); });
  CHECK(first.x0 == 0);
  CHECK(first.x1 == 64);
  CHECK(first.y0 == 0);
  CHECK(first.y1 == 128);
  CHECK(begin2.x0 == 0);
  CHECK(begin2.y1 == 128);
  CHECK(a1.x == a2.x);
  CHECK(a1.y == a2.y);
  CHECK(b1.x == b2.x);
  CHECK(b1.y == b2.y);
  CHECK(a1.y < b1.y);  // inverted: row 0 at the top
}

TEST_CASE("log axes ignore non-positive data") {
  PlotHarness h;
  Limits l;
  plot::PlotConfig cfg;
  cfg.y.scale = plot::Scale::log10;
  const double x[5] = {0, 1, 2, 3, 4}, y[5] = {-1, 0, 10, 1000, NAN};
  for (int f = 0; f < 2; ++f)
    h.frame([&] {
      if (plot::BeginPlot("##log", ImVec2(500, 300), cfg)) {
        plot::PlotLine("y", x, y, 5, plot::palette_color(0));
        plot::GetPlotLimits(&l.x0, &l.x1, &l.y0, &l.y1);
        plot::EndPlot();
      }
    });
  CHECK(l.y0 > 0);
  CHECK(l.y0 < 10);
  CHECK(l.y1 > 1000);
  CHECK(l.y1 < 2000);
}

TEST_CASE("wheel zoom keeps the point under the mouse; SetNextPlotLimits holds; double-click releases") {
  PlotHarness h;
  plot::PlotConfig cfg;
  std::vector<double> x(20000), y(20000);
  for (int i = 0; i < 20000; ++i) x[i] = i, y[i] = std::sin(i * 0.01);
  Limits l;
  double mx = 0, my = 0;
  auto body = [&] {
    if (plot::BeginPlot("##z", ImVec2(800, 500), cfg)) {
      plot::PlotLine("sin", x.data(), y.data(), 20000, plot::palette_color(0));
      plot::GetPlotLimits(&l.x0, &l.x1, &l.y0, &l.y1);
      plot::GetPlotMousePos(&mx, &my);
      plot::EndPlot();
    }
  };
  h.mouse = ImVec2(400, 250);
  h.frame(body);
  h.frame(body);
  const double mx0 = mx, my0 = my;
  const Limits before = l;
  h.wheel = 2;
  h.frame(body);
  h.frame(body);
  CHECK(l.x1 - l.x0 < 0.7 * (before.x1 - before.x0));
  CHECK(mx == Approx(mx0).margin(1e-6 * (before.x1 - before.x0)));
  CHECK(my == Approx(my0).margin(1e-6 * (before.y1 - before.y0)));
  // Held: still zoomed a few frames later.
  h.frame(body);
  CHECK(l.x1 - l.x0 < 0.7 * (before.x1 - before.x0));

  plot::SetNextPlotLimits(100, 200, -2, 2);
  h.frame(body);
  CHECK(l.x0 == 100);
  CHECK(l.x1 == 200);
  h.frame(body);
  CHECK(l.x0 == 100);

  // Double-click inside the area: back to auto-fit.
  for (int k = 0; k < 2; ++k) {
    h.down[0] = true;
    h.frame(body);
    h.down[0] = false;
    h.frame(body);
  }
  h.frame(body);
  CHECK(l.x0 == Approx(before.x0));
  CHECK(l.x1 == Approx(before.x1));
}

TEST_CASE("drag pans by the dragged distance; right-drag box zooms") {
  PlotHarness h;
  plot::PlotConfig cfg;
  cfg.x.auto_fit = false;
  cfg.x.min = 0;
  cfg.x.max = 100;
  cfg.y.auto_fit = false;
  cfg.y.min = 0;
  cfg.y.max = 10;
  Limits l;
  ImVec2 p0, p100;
  auto body = [&] {
    if (plot::BeginPlot("##pan", ImVec2(800, 500), cfg)) {
      plot::GetPlotLimits(&l.x0, &l.x1, &l.y0, &l.y1);
      p0 = plot::PlotToPixels(0, 0);
      p100 = plot::PlotToPixels(100, 10);
      plot::EndPlot();
    }
  };
  h.mouse = ImVec2(400, 250);
  h.frame(body);
  const double px_per_unit = (p100.x - p0.x) / 100.0;
  h.down[0] = true;
  h.frame(body);
  for (int i = 1; i <= 10; ++i) {
    h.mouse = ImVec2(static_cast<float>(400 + 10 * i), 250);
    h.frame(body);
  }
  h.down[0] = false;
  h.frame(body);
  CHECK(l.x0 == Approx(-100 / px_per_unit).epsilon(1e-3));
  CHECK(l.y0 == Approx(0).margin(1e-9));

  // Box zoom from (300, 200) to (500, 300) in pixels.
  h.frame(body);
  const ImVec2 q0 = p0;
  (void)q0;
  h.mouse = ImVec2(300, 200);
  h.frame(body);
  h.down[1] = true;
  h.frame(body);
  h.mouse = ImVec2(500, 300);
  h.frame(body);
  h.frame(body);
  h.down[1] = false;
  h.frame(body);
  h.frame(body);
  CHECK((l.x1 - l.x0) * px_per_unit == Approx(200).epsilon(0.02));
}

TEST_CASE("legend click hides an item and removes it from the fit") {
  PlotHarness h;
  plot::PlotConfig cfg;
  const double x[2] = {0, 1}, a[2] = {0, 1}, b[2] = {0, 100};
  Limits l;
  auto body = [&] {
    if (plot::BeginPlot("##leg", ImVec2(800, 500), cfg)) {
      plot::PlotLine("small", x, a, 2, plot::palette_color(0));
      plot::PlotLine("big", x, b, 2, plot::palette_color(1));
      plot::GetPlotLimits(&l.x0, &l.x1, &l.y0, &l.y1);
      plot::EndPlot();
    }
  };
  h.frame(body);
  h.frame(body);
  CHECK(l.y1 > 100);
  // The legend is top-right inside the area; "big" is its second row. Find it by scanning for a y that
  // toggles.
  bool toggled = false;
  for (float y = 20; y < 140 && !toggled; y += 4) {
    h.mouse = ImVec2(760, y);
    h.frame(body);
    h.down[0] = true;
    h.frame(body);
    h.down[0] = false;
    h.frame(body);
    h.frame(body);
    if (l.y1 < 2)
      toggled = true;
    else if (l.y1 < 100)
      break;  // hid "small" instead? (cannot happen: would keep y1 > 100)
  }
  CHECK(toggled);
}

TEST_CASE("clipped plots return false; tiny and degenerate plots do not crash") {
  PlotHarness h;
  plot::PlotConfig cfg;
  cfg.title = "t";
  cfg.x.label = "x";
  cfg.y.label = "y";
  bool shown = true;
  h.frame([&] {
    ImGui::SetCursorPosY(5000);
    shown = plot::BeginPlot("##far", ImVec2(300, 200), cfg);
    if (shown) plot::EndPlot();
  });
  CHECK(!shown);
  const double nan2[2] = {NAN, NAN}, one[1] = {1};
  for (ImVec2 size : {ImVec2(1, 1), ImVec2(30, 20), ImVec2(120, 80)}) {
    for (int f = 0; f < 3; ++f)
      h.frame([&] {
        h.mouse = ImVec2(10, 10);
        if (plot::BeginPlot("##tiny", size, cfg)) {
          plot::PlotLine("nan", nan2, nan2, 2, plot::palette_color(0));
          plot::PlotLine("one", one, one, 1, plot::palette_color(1));
          plot::PlotScatter("s", one, one, 1, plot::palette_color(2));
          plot::PlotText(1, 1, "text", plot::palette_color(3));
          plot::PlotArc(0, 0, 1, 0, 3, plot::palette_color(4));
          plot::EndPlot();
        }
        plot::ColorBar("##cb", (ImTextureID)3, 5, 5, size, "v");
      });
  }
  SUCCEED();
}

TEST_CASE("20k unsorted points with thick lines stay within 16-bit draw commands") {
  PlotHarness h;
  plot::PlotConfig cfg;
  cfg.equal_aspect = true;
  std::vector<double> x(20001), y(20001);
  for (int i = 0; i <= 20000; ++i) x[i] = std::cos(i * 0.7), y[i] = std::sin(i * 1.3);  // chaotic, unsorted
  h.frame([&] {
    if (plot::BeginPlot("##chaos", ImVec2(900, 700), cfg)) {
      plot::PlotLine("chaos", x.data(), y.data(), 20001, plot::palette_color(0), 4.0f);
      plot::EndPlot();
    }
  });
  const ImDrawData* dd = ImGui::GetDrawData();
  CHECK(dd->TotalVtxCount > 0);
  for (int n = 0; n < dd->CmdListsCount; ++n)
    for (const ImDrawCmd& cmd : dd->CmdLists[n]->CmdBuffer) CHECK(cmd.ElemCount < 3 * 65536);
}

TEST_CASE("dense sorted lines are decimated to a min/max envelope that keeps the extremes") {
  PlotHarness h;
  plot::PlotConfig cfg;
  cfg.legend = false;
  const int n = 100000;
  std::vector<double> x(n), y(n);
  for (int i = 0; i < n; ++i) x[i] = i, y[i] = std::sin(i * 0.01) + 0.3 * std::sin(i * 1.7);
  const int imax = 23456, imin = 34567;  // single-sample spikes, left of centre
  y[imax] = 5, y[imin] = -5;
  auto vertex_count = [&](bool with_line, ImVec2* top, ImVec2* bottom) {
    h.frame([&] {
      if (plot::BeginPlot("##dense", ImVec2(1000, 600), cfg)) {
        if (with_line) plot::PlotLine("dense", x.data(), y.data(), n, plot::palette_color(0));
        plot::PlotMarker(0, -5, plot::palette_color(1));
        plot::PlotMarker(n - 1, 5, plot::palette_color(1));
        *top = plot::PlotToPixels(x[imax], y[imax]);
        *bottom = plot::PlotToPixels(x[imin], y[imin]);
        plot::EndPlot();
      }
    });
    return ImGui::GetDrawData()->TotalVtxCount;
  };
  ImVec2 top, bottom;
  const int base = vertex_count(false, &top, &bottom);
  const int with = vertex_count(true, &top, &bottom);
  const int line_vertices = with - base;
  CHECK(line_vertices > 0);
  CHECK(line_vertices < n / 10);
  // The envelope still reaches both spikes.
  bool hit_top = false, hit_bottom = false;
  const ImDrawData* dd = ImGui::GetDrawData();
  const ImU32 rgb = plot::palette_color(0) & 0x00FFFFFFu;
  for (int k = 0; k < dd->CmdListsCount; ++k)
    for (const ImDrawVert& v : dd->CmdLists[k]->VtxBuffer) {
      if ((v.col & 0x00FFFFFFu) != rgb) continue;
      if (std::fabs(v.pos.x - top.x) < 4 && std::fabs(v.pos.y - top.y) < 4) hit_top = true;
      if (std::fabs(v.pos.x - bottom.x) < 4 && std::fabs(v.pos.y - bottom.y) < 4) hit_bottom = true;
    }
  CHECK(hit_top);
  CHECK(hit_bottom);
}

TEST_CASE("marker labels and text are drawn on top of lines submitted after them") {
  PlotHarness h;
  plot::PlotConfig cfg;
  cfg.legend = false;
  const ImU32 text_col = IM_COL32(11, 22, 33, 255), line_col = IM_COL32(44, 55, 66, 255);
  const double xs[3] = {0, 1, 2}, ys[3] = {0, 1, 0};
  h.frame([&] {
    if (plot::BeginPlot("##order", ImVec2(600, 400), cfg)) {
      plot::PlotText(1, 1, "label", text_col);
      plot::PlotMarker(1, 0.5, plot::palette_color(1), 6.0f, "marker");
      plot::PlotLine("line", xs, ys, 3, line_col);
      plot::EndPlot();
    }
  });
  const ImDrawData* dd = ImGui::GetDrawData();
  int last_line = -1, first_text = -1;
  for (int k = 0; k < dd->CmdListsCount; ++k) {
    const auto& vb = dd->CmdLists[k]->VtxBuffer;
    for (int i = 0; i < vb.Size; ++i) {
      const ImU32 rgb = vb[i].col & 0x00FFFFFFu;
      if (rgb == (line_col & 0x00FFFFFFu)) last_line = i;
      if (rgb == (text_col & 0x00FFFFFFu) && first_text < 0) first_text = i;
    }
  }
  REQUIRE(last_line >= 0);
  REQUIRE(first_text >= 0);
  CHECK(first_text > last_line);
}

TEST_CASE("rich text: scripts are measured smaller, lines stack, plain text is unchanged") {
  PlotHarness h;
  h.frame([&] {
    const float f = ImGui::GetFontSize();
    const ImVec2 plain = ImGui::CalcTextSize("Pp+k");
    const ImVec2 rich = plot::CalcRichTextSize("P_{p+k}");
    CHECK(rich.x < plain.x);  // the script is drawn at 70%
    CHECK(rich.x > ImGui::CalcTextSize("P").x);
    CHECK(rich.y > f);  // a subscript reaches below the line
    CHECK(rich.y < 1.3f * f);
    CHECK(plot::CalcRichTextSize("max_distance").x == ImGui::CalcTextSize("max_distance").x);
    CHECK(plot::CalcRichTextSize("a_1\nb^2").y > 2 * f);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const int before = dl->VtxBuffer.Size;
    plot::AddRichText(dl, ImVec2(10, 10), IM_COL32_WHITE, "T(k) P_p = P_{p+k}");
    CHECK(dl->VtxBuffer.Size > before);
  });
}

namespace {

// Bounding boxes of the runs of vertices drawn in exactly `color` (the inner part of each filled plate;
// the anti-aliased fringe, at alpha 0, is skipped), from the last rendered frame.
std::vector<ImRect> boxes_of_color(ImU32 color) {
  std::vector<ImRect> out;
  const ImDrawData* data = ImGui::GetDrawData();
  for (int l = 0; l < data->CmdListsCount; ++l) {
    const ImDrawList* dl = data->CmdLists[l];
    bool in_run = false;
    for (const ImDrawVert& v : dl->VtxBuffer) {
      if (v.col == (color & ~IM_COL32_A_MASK)) continue;  // the fringe, interleaved with the inside
      if (v.col != color) {
        in_run = false;
        continue;
      }
      if (!in_run) out.emplace_back(v.pos, v.pos);
      in_run = true;
      out.back().Add(v.pos);
    }
  }
  return out;
}

bool overlap(const ImRect& a, const ImRect& b) {  // more than a pixel of overlap
  return std::min(a.Max.x, b.Max.x) - std::max(a.Min.x, b.Min.x) > 1 &&
         std::min(a.Max.y, b.Max.y) - std::max(a.Min.y, b.Min.y) > 1;
}

}  // namespace

TEST_CASE("labels on one point, tags, legend and rich legend entries draw in one plot") {
  PlotHarness h;
  plot::PlotConfig cfg;
  cfg.title = "P_{p+k} = T(k) P_p";
  cfg.x.label = "w_k p";
  cfg.y.label = "base^{-2k/D}";
  const std::vector<double> xs = {0, 1, 2, 3}, ys = {0, 1, 0, 1};
  for (int frame = 0; frame < 2; ++frame) {
    h.frame([&] {
      REQUIRE(plot::BeginPlot("##labels", ImVec2(500, 300), cfg));
      plot::PlotLine("P_p", xs.data(), ys.data(), 4, plot::palette_color(0));
      plot::PlotMarker(3, 1, plot::palette_color(1), 6, "T(k) P_p");
      plot::PlotMarker(3, 1, plot::palette_color(2), 6, "P_{p+k}");
      plot::PlotVLine(3, plot::palette_color(3), "N = 64");
      plot::PlotText(1, 1, "q_{max}", plot::palette_color(4));
      plot::EndPlot();
    });
  }
  // Four label plates (two marker labels on one point, the tag, the text) and the legend: none overlaps.
  const std::vector<ImRect> plates = boxes_of_color(pelab::plot::detail::label_background(0.82f));
  const std::vector<ImRect> legend = boxes_of_color(pelab::plot::detail::label_background(0.85f));
  REQUIRE(plates.size() == 4);
  REQUIRE(legend.size() == 1);
  for (size_t i = 0; i < plates.size(); ++i) {
    CHECK_FALSE(overlap(plates[i], legend[0]));
    for (size_t j = i + 1; j < plates.size(); ++j) CHECK_FALSE(overlap(plates[i], plates[j]));
  }
}

TEST_CASE("the hover readout takes a side of the cursor that covers no label") {
  PlotHarness h;
  plot::PlotConfig cfg;
  cfg.legend = false;
  const std::vector<double> xs = {0, 10}, ys = {0, 1};
  const auto draw = [&] {
    h.frame([&] {
      REQUIRE(plot::BeginPlot("##readout", ImVec2(600, 400), cfg));
      plot::PlotLine("##line", xs.data(), ys.data(), 2, plot::palette_color(0));
      plot::PlotHLine(0.5, plot::palette_color(3), "N = 64, the training context");
      plot::SetHoverText("r");  // a small readout, so that every side of the cursor fits in the plot
      plot::EndPlot();
    });
  };
  draw();
  const std::vector<ImRect> tags = boxes_of_color(pelab::plot::detail::label_background(0.82f));
  REQUIRE(tags.size() == 1);
  const ImRect tag = tags[0];
  // Just above the tag's left part: right-below (the usual side) and left-below would both cover it.
  h.mouse = ImVec2(tag.Min.x + 20, tag.Min.y - 15);
  draw();
  draw();
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec4 popup = style.Colors[ImGuiCol_PopupBg];
  const std::vector<ImRect> readout =
      boxes_of_color(ImGui::ColorConvertFloat4ToU32(ImVec4(popup.x, popup.y, popup.z, 1.0f)));
  REQUIRE(readout.size() == 1);
  CHECK_FALSE(overlap(readout[0], tag));
  CHECK(readout[0].Max.y < h.mouse.y);  // above the cursor
  CHECK(readout[0].Min.x > h.mouse.x);  // on its usual (right) side
}

TEST_CASE("column spans: union, subtraction and filling with whole-pixel rectangles") {
  using pelab::plot::detail::ColumnSpan;
  namespace d = pelab::plot::detail;
  std::vector<ColumnSpan> spans = {{3, 10, 20}, {1, 5, 8}, {3, 18, 25}, {3, 26, 30}, {1, 8, 9}};
  d::normalize_spans(spans);
  CHECK(spans == std::vector<ColumnSpan>{{1, 5, 9}, {3, 10, 25}, {3, 26, 30}});
  const std::vector<ColumnSpan> cover = {{1, 0, 6}, {3, 12, 14}, {3, 20, 28}, {4, 0, 100}};
  std::vector<ColumnSpan> visible;
  d::subtract_spans(spans, cover, visible);
  CHECK(visible == std::vector<ColumnSpan>{{1, 6, 9}, {3, 10, 12}, {3, 14, 20}, {3, 28, 30}});
  std::vector<ColumnSpan> all = cover;
  d::add_spans(all, spans);
  CHECK(all == std::vector<ColumnSpan>{{1, 0, 9}, {3, 10, 30}, {4, 0, 100}});

  // Four columns of one aligned group share a rectangle; the rest stay one column wide. The rectangles
  // cover each span's pixels exactly once.
  PlotHarness h;
  const std::vector<ColumnSpan> group = {{8, 10, 50}, {9, 12, 40}, {10, 0, 45}, {11, 11, 44}, {13, 5, 6}};
  ImDrawList* list = nullptr;
  int pixels = 0;
  h.frame([&] {
    list = ImGui::GetWindowDrawList();
    const int before = list->VtxBuffer.Size;
    d::fill_spans(list, group, IM_COL32(1, 2, 3, 255));
    for (int v = before; v + 3 < list->VtxBuffer.Size + 1; v += 4) {
      const ImVec2 a = list->VtxBuffer[v].pos, b = list->VtxBuffer[v + 2].pos;
      CHECK(a.x == std::floor(a.x));
      CHECK(b.y == std::floor(b.y));
      pixels += static_cast<int>((b.x - a.x) * (b.y - a.y));
      if (b.x - a.x == 4) CHECK((a.x == 8 && a.y == 12 && b.y == 40));
    }
  });
  CHECK(pixels == 40 + 28 + 45 + 33 + 1);
}

TEST_CASE("dense curves drawn over each other keep only the spans no later curve covers") {
  PlotHarness h;
  plot::PlotConfig cfg;
  cfg.legend = false;
  const int n = 2000;
  std::vector<double> x(n), y(n);
  for (int i = 0; i < n; ++i) x[i] = i, y[i] = std::sin(i * 0.9);
  const ImU32 below = plot::palette_color(0), above = plot::palette_color(1);
  const auto opaque_vertices_of = [&](ImU32 color, bool with_second) {
    h.frame([&] {
      REQUIRE(plot::BeginPlot("##overlap", ImVec2(800, 400), cfg));
      plot::PlotLine("a", x.data(), y.data(), n, below, 1.0f);
      if (with_second) plot::PlotLine("b", x.data(), y.data(), n, above, 1.0f);
      plot::EndPlot();
    });
    int count = 0;
    const ImDrawData* dd = ImGui::GetDrawData();
    for (int k = 0; k < dd->CmdListsCount; ++k)
      for (const ImDrawVert& v : dd->CmdLists[k]->VtxBuffer) count += v.col == color;
    return count;
  };
  const int alone = opaque_vertices_of(below, false);
  const int covered = opaque_vertices_of(below, true);
  CHECK(alone > 1000);
  // The same curve on top hides every span of the first: what is left of it is its anti-aliased runs.
  CHECK(covered < alone / 2);
  CHECK(opaque_vertices_of(above, true) == alone);

  // The spans are in draw commands of their own, all opaque fills (drawn without blending by gfx).
  const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
  int opaque_commands = 0;
  const ImDrawData* dd = ImGui::GetDrawData();
  for (int k = 0; k < dd->CmdListsCount; ++k) {
    const ImDrawList& list = *dd->CmdLists[k];
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      bool opaque = cmd.ElemCount > 0;
      for (unsigned i = 0; i < cmd.ElemCount && opaque; ++i) {
        const ImDrawVert& v = list.VtxBuffer[cmd.VtxOffset + list.IdxBuffer[cmd.IdxOffset + i]];
        opaque = (v.col >> IM_COL32_A_SHIFT) == 0xFF && v.uv.x == white.x && v.uv.y == white.y;
      }
      opaque_commands += opaque;
    }
  }
  CHECK(opaque_commands == 2);  // the plot's background and the spans of the upper curve (none left below)
}

TEST_CASE("dense scatters draw baked disc sprites: one quad a dot, the disc's area in coverage") {
  ImGui::CreateContext();
  plot::Context* plot_context = plot::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.Fonts->AddFontDefault();
  plot::AddDotSprites(io.Fonts);
  io.Fonts->Build();
  plot::BakeDotSprites(io.Fonts);
  unsigned char* alpha = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsAlpha8(&alpha, &width, &height);
  for (const float r : {1.0f, 2.0f, 2.5f, 3.5f, 8.0f}) {
    const plot::DotSprite* sprite = plot::FindDotSprite(r);
    REQUIRE(sprite != nullptr);
    const int side = static_cast<int>(std::lround(sprite->size));
    CHECK(side == static_cast<int>(std::ceil(2.0f * r)) + 2);
    const int x0 = static_cast<int>(std::lround(sprite->uv0.x * static_cast<float>(width)));
    const int y0 = static_cast<int>(std::lround(sprite->uv0.y * static_cast<float>(height)));
    double coverage = 0.0;
    for (int y = 0; y < side; ++y)
      for (int x = 0; x < side; ++x) coverage += alpha[(y0 + y) * width + x0 + x] / 255.0;
    INFO("r = " << r);
    CHECK(coverage == Approx(3.14159265 * r * r).epsilon(0.06));                  // 4 x 4 samples per texel
    CHECK(alpha[y0 * width + x0] == 0);                                           // the transparent border
    if (r >= 2.0f) CHECK(alpha[(y0 + side / 2) * width + x0 + side / 2] == 255);  // the centre
  }
  CHECK(plot::FindDotSprite(2.2f) == nullptr);  // only the baked radii
  CHECK(plot::FindDotSprite(20.0f) == nullptr);

  // In a plot: 1000 points on a diagonal (neighbours about one pixel apart). Baked radius 2: one quad (4
  // vertices) a dot; radius 2.2 (not baked): tessellated discs with their anti-aliasing fringe.
  io.Fonts->SetTexID((ImTextureID)1);
  io.DisplaySize = ImVec2(1200, 800);
  io.DeltaTime = 1.0f / 60;
  io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
  std::vector<double> xs(1000), ys(1000);
  for (int i = 0; i < 1000; ++i) xs[static_cast<std::size_t>(i)] = ys[static_cast<std::size_t>(i)] = i;
  const auto vertices_with_radius = [&](float r) {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("w", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings);
    if (plot::BeginPlot("##dots", ImVec2(1100, 750), plot::PlotConfig{})) {
      plot::PlotScatter("dots", xs.data(), ys.data(), 1000, plot::palette_color(0), r);
      plot::EndPlot();
    }
    ImGui::End();
    ImGui::Render();
    return ImGui::GetDrawData()->TotalVtxCount;
  };
  const int with_sprites = vertices_with_radius(2.0f);
  const int with_discs = vertices_with_radius(2.2f);
  INFO(with_sprites << " vertices with sprites, " << with_discs << " with discs");
  // About 850 dots stay after one-radius cells; 4 vertices a sprite against 12-13 a disc.
  CHECK(with_sprites > 4 * 600);
  CHECK(with_discs > 2.5 * with_sprites);
  plot::DestroyContext(plot_context);
  CHECK(plot::GetCurrentContext() == nullptr);
  ImGui::DestroyContext();
}
