// View bias (across configurations): what relative schemes add to the attention logits, per head,
// as query × key matrices: ALiBi's −m_h |i − j| (any head count, causal or not), T5's bucket map
// and the per-head bias of a seeded initialisation, Shaw's clipped index into learned key vectors.
// Below, every method against the distance r = j − i in one plot: ALiBi per head, T5 saturating at
// its max distance, RoPE's all-ones score and a sinusoid's similarity, each scaled to its largest
// |value| so the shapes compare.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "plot/plot.hpp"
#include "state/i18n.hpp"
#include "state/relative_data.hpp"
#include "ui/matrix_grid.hpp"
#include "ui/panels.hpp"
#include "ui/view_export_arrays.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {
namespace {

// "1/16" for a power of two's reciprocal, else three significant digits.
std::string slope_text(double slope) {
  const double inverse = 1.0 / slope;
  if (std::abs(inverse - std::round(inverse)) < 1e-9 && std::round(inverse) <= 1e6)
    return "1/" + std::to_string(static_cast<long long>(std::round(inverse)));
  return plot::format_number(slope, 3);
}

void slider(const char* label, const char* tip, std::int64_t& value, std::int64_t lo, std::int64_t hi,
            float width, bool capture, bool log = false) {
  same_line_if_fits(labelled_width(width, label));
  ImGui::SetNextItemWidth(width);
  int v = static_cast<int>(value);
  if (ImGui::SliderInt(label, &v, static_cast<int>(lo), static_cast<int>(hi), "%d",
                       log ? ImGuiSliderFlags_Logarithmic : 0))
    value = std::clamp<std::int64_t>(v, lo, hi);
  if (!capture) item_tooltip(tip);
}

void draw_bias_controls(AcrossContext& view) {
  BiasViewSettings& s = view.settings.bias;
  const bool capture = view.capture_mode;
  const float em = ImGui::GetFontSize();
  if (ImGui::RadioButton("ALiBi", s.method == BiasMethod::alibi)) s.method = BiasMethod::alibi;
  if (!capture) item_tooltip(tr("views.bias.alibi.tip"));
  ImGui::SameLine();
  if (ImGui::RadioButton("T5", s.method == BiasMethod::t5)) s.method = BiasMethod::t5;
  if (!capture) item_tooltip(tr("views.bias.t5.tip"));
  ImGui::SameLine();
  if (ImGui::RadioButton("Shaw", s.method == BiasMethod::shaw)) s.method = BiasMethod::shaw;
  if (!capture) item_tooltip(tr("views.bias.shaw.tip"));
  if (s.method != BiasMethod::shaw)
    slider(tr("views.bias.heads"), tr("views.bias.heads.tip"), s.heads, min_bias_heads, max_bias_heads,
           6.0f * em, capture);
  slider(tr("views.bias.positions"), tr("views.bias.positions.tip"), s.positions, min_bias_positions,
         max_bias_positions, 6.0f * em, capture);
  if (s.method != BiasMethod::shaw) {
    same_line_if_fits(labelled_width(ImGui::GetFrameHeight(), tr("views.bias.causal")));
    ImGui::Checkbox(tr("views.bias.causal"), &s.causal);
    if (!capture) item_tooltip(tr("views.bias.causal.tip"));
  }
  if (s.method == BiasMethod::t5) {
    slider(tr("views.bias.buckets"), tr("views.bias.buckets.tip"), s.t5_buckets, min_t5_buckets,
           max_t5_buckets, 6.0f * em, capture);
    slider(tr("views.bias.max_distance"), tr("views.bias.max_distance.tip"), s.t5_max_distance,
           min_t5_distance, max_t5_distance, 6.0f * em, capture, true);
    int seed = static_cast<int>(std::min<std::uint64_t>(s.seed, 1'000'000));
    same_line_if_fits(labelled_width(5.0f * em, tr("views.bias.seed")));  // the step buttons included
    ImGui::SetNextItemWidth(5.0f * em);
    if (ImGui::InputInt(tr("views.bias.seed"), &seed)) s.seed = static_cast<std::uint64_t>(std::max(seed, 0));
    if (!capture) item_tooltip(tr("views.bias.seed.tip"));
  }
  if (s.method == BiasMethod::shaw)
    slider(tr("views.bias.clip"), tr("views.bias.clip.tip"), s.shaw_clip, min_shaw_clip, max_shaw_clip,
           6.0f * em, capture);
}

// How `count` grids of square cells share an area: `columns` of them per row, each grid's cells a
// square of `side` px. Every grid spends `chrome` (row labels left; title above) beside its cells, and
// the first row `label_room` more for the column labels (lower rows would repeat them).
struct GridShape {
  int columns = 1, rows = 1;
  float side = 0.0f;
};

GridShape grid_shape(int count, ImVec2 room, ImVec2 chrome, float label_room) {
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  GridShape best;
  best.side = -FLT_MAX;
  for (int columns = 1; columns <= count; ++columns) {
    const int rows = (count + columns - 1) / columns;
    const auto c = static_cast<float>(columns), r = static_cast<float>(rows);
    const float side = std::min((room.x - spacing.x * (c - 1.0f)) / c - chrome.x,
                                (room.y - label_room - spacing.y * (r - 1.0f)) / r - chrome.y);
    if (side > best.side) best = GridShape{columns, rows, std::floor(side)};
  }
  return best;
}

std::vector<std::string> index_labels(std::int64_t n) {
  std::vector<std::string> labels;
  for (std::int64_t i = 0; i < n; ++i) labels.push_back(std::to_string(i));
  return labels;
}

// The grids of ALiBi's heads or T5's bucket map and heads in `room`: their shape, what each spends
// beside its cells and the column labels' room over the first row (none when leaving them out is
// what gives the cells the slide's smallest side).
struct BiasGrids {
  GridShape shape;
  ImVec2 chrome;
  float label_room = 0.0f;
};

BiasGrids bias_grids(const BiasViewSettings& s, const BiasViewData& data, ImVec2 room) {
  const bool t5 = s.method == BiasMethod::t5;
  const int count = static_cast<int>(data.heads.size()) + (t5 ? 1 : 0);
  // T5 has two colour legends (bias, bucket), one per line: side by side they do not fit a narrow area.
  room.y -= (t5 ? 2.0f : 1.0f) * ImGui::GetTextLineHeightWithSpacing();
  MatrixGridSpec probe;
  probe.title = "m";
  probe.row_labels = index_labels(s.positions);
  const ImVec2 chrome = matrix_grid_chrome(probe);
  probe.col_labels = probe.row_labels;
  // The column labels' room for the cells of the grids with it (numbers stand upright over narrow
  // columns, taking more room).
  float label_room = matrix_grid_chrome(probe).y - chrome.y;
  BiasGrids grids{grid_shape(count, room, chrome, label_room), chrome, label_room};
  label_room = matrix_grid_chrome(probe, grids.shape.side / static_cast<float>(s.positions)).y - chrome.y;
  if (label_room > grids.label_room)
    grids = BiasGrids{grid_shape(count, room, chrome, label_room), chrome, label_room};
  if (grids.shape.side < min_matrix_side_em * ImGui::GetFontSize())
    grids = BiasGrids{grid_shape(count, room, chrome, 0.0f), chrome, 0.0f};
  return grids;
}

// The grids in `width` when their height is free (a scrolling area): as many columns as keep every
// grid's cells at least readable_matrix_side(), the columns sharing the width.
BiasGrids readable_bias_grids(const BiasViewSettings& s, const BiasViewData& data, float width) {
  const int count = static_cast<int>(data.heads.size()) + (s.method == BiasMethod::t5 ? 1 : 0);
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  MatrixGridSpec probe;
  probe.title = "m";
  probe.row_labels = index_labels(s.positions);
  const ImVec2 chrome = matrix_grid_chrome(probe);
  probe.col_labels = probe.row_labels;
  BiasGrids grids{GridShape{1, count, 0.0f}, chrome, 0.0f};
  for (int columns = count; columns >= 1; --columns) {
    const auto c = static_cast<float>(columns);
    const float side = std::floor((width - spacing * (c - 1.0f)) / c - chrome.x);
    grids.shape = GridShape{columns, (count + columns - 1) / columns, side};
    if (side >= readable_matrix_side()) break;
  }
  grids.label_room =
      matrix_grid_chrome(probe, grids.shape.side / static_cast<float>(s.positions)).y - chrome.y;
  return grids;
}

// The height the grids of `grids` take with their colour legends.
float bias_grids_height(const BiasViewSettings& s, const BiasGrids& grids) {
  const auto rows = static_cast<float>(grids.shape.rows);
  const float legends = (s.method == BiasMethod::t5 ? 2.0f : 1.0f) * ImGui::GetTextLineHeightWithSpacing();
  return rows * (grids.chrome.y + grids.shape.side + 1.0f + ImGui::GetStyle().ItemSpacing.y) +
         grids.label_room + legends;
}

// `fixed`: the grids' shape when the caller chose it (a scrolling area), else the best in `room`.
void draw_matrices(const BiasViewSettings& s, const BiasViewData& data, ImVec2 room,
                   std::vector<HeatmapPlacement>& placements, const std::optional<BiasGrids>& fixed = {}) {
  const std::vector<std::string> labels = index_labels(s.positions);
  const float line = ImGui::GetTextLineHeightWithSpacing();
  if (s.method == BiasMethod::shaw) {
    const Matrix index = data.shaw_index.cast<double>();
    MatrixGridSpec spec;
    spec.id = "##shaw";
    spec.placements = &placements;
    spec.placement_name = "bias-shaw";
    const std::string title = trf("views.bias.shaw_title", {std::to_string(s.shaw_clip)});
    spec.title = title.c_str();
    spec.values = &index;
    spec.range = ValueRange{0.0, static_cast<double>(std::max<std::int64_t>(2 * s.shaw_clip, 1))};
    spec.colormap = Colormap::viridis;
    spec.row_labels = labels;
    spec.col_labels = labels;
    spec.digits = 4;
    spec.hover_text = [&](int r, int c) {
      return trf("views.bias.shaw_hover", {std::to_string(r), std::to_string(c), std::to_string(c - r),
                                           std::to_string(data.shaw_index(r, c) - s.shaw_clip)});
    };
    draw_matrix_grid(spec, ImVec2(room.x, room.y - line));
    draw_color_legend(tr("views.bias.index"), spec.range, Colormap::viridis, room.x);
    return;
  }
  // ALiBi or T5: one grid per head (T5: the bucket map first), small multiples on one colour scale.
  const bool t5 = s.method == BiasMethod::t5;
  const int count = static_cast<int>(data.heads.size()) + (t5 ? 1 : 0);
  const BiasGrids shape = fixed ? *fixed : bias_grids(s, data, room);
  const int cols = shape.shape.columns;
  const float w = shape.chrome.x + shape.shape.side + 1.0f;
  const ValueRange range = symmetric_range_of(data.heads);
  const Matrix buckets = t5 ? Matrix(data.buckets.cast<double>()) : Matrix();
  Matrix bucket_shown = buckets;
  if (t5 && s.causal)
    for (Eigen::Index i = 0; i < bucket_shown.rows(); ++i)
      for (Eigen::Index j = i + 1; j < bucket_shown.cols(); ++j)
        bucket_shown(i, j) = std::numeric_limits<double>::quiet_NaN();
  const float smallest_title = plot::TextScale(0.0f, 0.75f);  // what draw_matrix_grid may shrink a title to
  for (int g = 0; g < count; ++g) {
    if (g % cols != 0) ImGui::SameLine();
    MatrixGridSpec spec;
    const std::string id = "##head" + std::to_string(g);
    spec.id = id.c_str();
    spec.placements = &placements;
    spec.placement_name = t5 && g == 0 ? "bias-buckets" : "bias-head";
    spec.digits = 2;
    // Every grid keeps the row labels' room (equal cells); only the first of a row draws them. Column
    // labels over the first row only, when they fit.
    spec.row_labels = labels;
    spec.show_row_labels = g % cols == 0;
    if (g < cols && shape.label_room > 0.0f) spec.col_labels = labels;
    std::string title;
    if (t5 && g == 0) {
      title =
          trf("views.bias.bucket_title", {std::to_string(s.t5_buckets), std::to_string(s.t5_max_distance)});
      // Too long for a small grid: the name alone (the colour key below gives the bucket range).
      if (smallest_title * ImGui::CalcTextSize(title.c_str()).x > w)
        title = tr("views.bias.bucket_title_short");
      spec.values = &bucket_shown;
      spec.range = ValueRange{0.0, static_cast<double>(s.t5_buckets - 1)};
      spec.colormap = Colormap::viridis;
      spec.hover_text = [&](int r, int c) {
        return trf("views.bias.bucket_hover", {std::to_string(r), std::to_string(c), std::to_string(c - r),
                                               std::to_string(data.buckets(r, c))});
      };
    } else {
      const int head = g - (t5 ? 1 : 0);
      title = t5 ? trf("views.bias.t5_head", {std::to_string(head + 1)})
                 : trf("views.bias.alibi_head", {std::to_string(head + 1), slope_text(data.slopes[head])});
      // Too long for a small grid even at the title's smallest size: the slope alone, which is
      // what tells the heads apart (their order gives the number).
      if (!t5 && smallest_title * ImGui::CalcTextSize(title.c_str()).x > w)
        title = "m = " + slope_text(data.slopes[head]);
      spec.values = &data.heads[static_cast<std::size_t>(head)];
      spec.range = range;
      spec.colormap = Colormap::red_blue;
      spec.hover_text = [&, head](int r, int c) {
        const double v = data.heads[static_cast<std::size_t>(head)](r, c);
        return trf("views.bias.head_hover",
                   {std::to_string(head + 1), std::to_string(r), std::to_string(c),
                    std::isfinite(v) ? plot::format_number(v, 6) : tr("views.bias.masked")});
      };
    }
    spec.title = title.c_str();
    const float h = shape.chrome.y + (g < cols ? shape.label_room : 0.0f) + shape.shape.side + 1.0f;
    draw_matrix_grid(spec, ImVec2(w, h));
  }
  draw_color_legend(tr("views.bias.bias_shared"), range, Colormap::red_blue, room.x);
  if (t5)
    draw_color_legend(tr("views.bias.bucket"), ValueRange{0.0, static_cast<double>(s.t5_buckets - 1)},
                      Colormap::viridis, room.x);
}

std::vector<double> scaled(const std::vector<double>& values, double by) {
  std::vector<double> out(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) out[i] = values[i] / by;
  return out;
}

double largest_abs(const std::vector<double>& values) {
  double largest = 0.0;
  for (double v : values)
    if (std::isfinite(v)) largest = std::max(largest, std::abs(v));
  return largest > 0.0 ? largest : 1.0;
}

void draw_distance_plot(const BiasViewSettings& s, const BiasViewData& data, ImVec2 size, bool presenting) {
  plot::PlotConfig config;
  config.title = tr("views.bias.distance_title");
  config.x.label = tr("views.bias.distance");
  config.x.integer_ticks = true;
  config.y.label = tr("views.bias.normalised");
  config.link = "link_bias_distance";
  config.legend = false;  // the legend row above: a legend inside would hide the curves
  const std::string alibi_label = trf("views.bias.alibi_curve", {std::to_string(data.alibi.size())});
  const std::string t5_label = trf("views.bias.t5_curve", {std::to_string(s.t5_max_distance)});
  const std::string rope_label =
      trf("views.bias.rope_curve", {std::to_string(data.rope_dims), plot::format_number(data.rope_base, 6)});
  const std::string sinusoid_label =
      trf("views.bias.sinusoid_curve",
          {std::to_string(data.sinusoid_dims), plot::format_number(data.sinusoid_base, 6)});
  // The legend row and the plot stacked in their own area (which may sit beside the matrices).
  ImGui::BeginChild("##bias_distance_area", size, false, ImGuiWindowFlags_NoScrollbar);
  struct EndChild {
    ~EndChild() { ImGui::EndChild(); }
  } end_child;
  // At full size even when presenting: a slide's text is never under the presenter's font.
  draw_legend_row({{alibi_label, plot::palette_color(0)},
                   {t5_label, plot::palette_color(1)},
                   {rope_label, plot::palette_color(2)},
                   {sinusoid_label, plot::palette_color(3)}});
  // On a projector's height the title's line goes to the curves: the key above and the axis labels
  // already say what is plotted, and the caption band says why.
  if (presenting && ImGui::GetContentRegionAvail().y < 16.0f * ImGui::GetFontSize()) config.title = nullptr;
  if (!plot::BeginPlot("##bias_distance", ImGui::GetContentRegionAvail(), config)) return;
  const auto n = static_cast<int>(data.distances.size());
  double alibi_scale = 0.0;
  for (const std::vector<double>& head : data.alibi) alibi_scale = std::max(alibi_scale, largest_abs(head));
  for (std::size_t h = 0; h < data.alibi.size(); ++h) {
    // One legend entry for all heads: steeper heads are drawn stronger.
    const float alpha =
        1.0f - 0.7f * static_cast<float>(h) / static_cast<float>(std::max<std::size_t>(data.alibi.size(), 1));
    const std::vector<double> ys = scaled(data.alibi[h], alibi_scale);
    plot::PlotLine(
        alibi_label.c_str(), data.distances.data(), ys.data(), n,
        (plot::palette_color(0) & 0x00FFFFFFu) | (static_cast<ImU32>(255.0f * alpha) << IM_COL32_A_SHIFT),
        1.5f);
  }
  const std::vector<double> t5 = scaled(data.t5, largest_abs(data.t5));
  plot::PlotLine(t5_label.c_str(), data.distances.data(), t5.data(), n, plot::palette_color(1), 2.0f);
  const std::vector<double> rope = scaled(data.rope, largest_abs(data.rope));
  plot::PlotLine(rope_label.c_str(), data.distances.data(), rope.data(), n, plot::palette_color(2), 1.5f);
  const std::vector<double> sinusoid = scaled(data.sinusoid, largest_abs(data.sinusoid));
  plot::PlotLine(sinusoid_label.c_str(), data.distances.data(), sinusoid.data(), n, plot::palette_color(3),
                 1.5f);
  const ImU32 mark = ImGui::GetColorU32(ImGuiCol_Text, 0.45f);
  const auto d = static_cast<double>(s.t5_max_distance);
  // T5's max distance, tagged with its value alone: the key says it turns flat beyond it, and a short
  // tag fits outside the lines instead of on the curves between them.
  const std::string far = plot::format_number(d, 6), near = "−" + far;
  plot::PlotVLine(-d, mark, near.c_str());
  if (!s.causal) plot::PlotVLine(d, mark, far.c_str());
  plot::PlotHLine(0.0, ImGui::GetColorU32(ImGuiCol_Text, 0.3f));
  plot::EndPlot();
}

void draw_bias_view(AcrossContext& view) {
  // Presenting, the grids' titles and the caption band say the settings: their height goes to the grids.
  if (!view.lessons.presenting) draw_bias_controls(view);
  const BiasViewSettings& s = view.settings.bias;
  // Computed by the across worker from bias_view_inputs(state); until the numbers for the newest
  // settings arrive (a few ms), the previous ones stay.
  const std::shared_ptr<const AcrossData> across = view.across;
  if (!across || !across->bias) {
    ImGui::TextUnformatted(tr("status.computing"));
    return;
  }
  const BiasViewData& data = *across->bias;
  if (!data.error.empty()) {
    note_text("%s", trf("views.bias.error", {data.error}).c_str());
    return;
  }
  // Presenting, the caption band explains the step: the view's own sentence would take the
  // height the distance plot needs at 1024 × 768.
  if (!view.lessons.presenting) {
    switch (s.method) {
      case BiasMethod::alibi:
        note_text("%s", tr(s.causal ? "views.bias.alibi_note_causal" : "views.bias.alibi_note"));
        break;
      case BiasMethod::t5:
        note_text("%s",
                  trf("views.bias.t5_note", {std::to_string(s.t5_buckets), std::to_string(s.t5_max_distance)})
                      .c_str());
        break;
      case BiasMethod::shaw:
        note_text("%s", tr("views.bias.shaw_note"));
        break;
    }
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float em = ImGui::GetFontSize();
  // Side by side on a wide screen, on any landscape one while presenting, and wherever stacking would
  // leave the distance plot under its key less than ~14 lines (a projector's font at 1024 × 768)
  // while a column beside the matrices is still 15 em wide.
  const bool wide = avail.x >= 1.6f * avail.y && (avail.x >= 50.0f * em || view.lessons.presenting);
  const bool stacked_too_low = 0.42f * avail.y < 14.0f * em && 0.45f * avail.x >= 15.0f * em;
  const float left = std::floor(0.55f * avail.x);
  // On a slide every matrix keeps the projector's smallest side: when the heads do not get it beside
  // the distance plot, they take the whole slide (eight ALiBi heads, T5's four grids at 1024 × 768).
  if (view.lessons.presenting && s.method != BiasMethod::shaw &&
      bias_grids(s, data, ImVec2(left, avail.y)).shape.side < min_matrix_side_em * em) {
    draw_matrices(s, data, avail, view.placements);
    return;
  }
  const bool beside = wide || stacked_too_low;
  const float top = std::floor(0.58f * avail.y);
  // Off a slide, matrices that would be smaller than a projector's readable side (eight heads in a
  // 1024 x 768 window) keep that side, as many across as the width holds, with the distance plot under
  // them, and the view scrolls.
  if (!view.lessons.presenting && s.method != BiasMethod::shaw &&
      bias_grids(s, data, beside ? ImVec2(left, avail.y) : ImVec2(avail.x, top)).shape.side <
          readable_matrix_side()) {
    ImGui::BeginChild("##bias_scroll", avail, false, 0);
    const float width = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize;
    const BiasGrids grids = readable_bias_grids(s, data, width);
    draw_matrices(s, data, ImVec2(width, bias_grids_height(s, grids)), view.placements, grids);
    draw_distance_plot(s, data, ImVec2(width, 20.0f * em), false);  // its key and ~14 lines of curves
    ImGui::EndChild();
    return;
  }
  if (beside) {
    ImGui::BeginChild("##bias_matrices", ImVec2(left, avail.y), false, ImGuiWindowFlags_NoScrollbar);
    draw_matrices(s, data, ImGui::GetContentRegionAvail(), view.placements);
    ImGui::EndChild();
    ImGui::SameLine();
    draw_distance_plot(s, data, ImVec2(0.0f, avail.y), view.lessons.presenting);
  } else {
    ImGui::BeginChild("##bias_matrices", ImVec2(avail.x, top), false, ImGuiWindowFlags_NoScrollbar);
    draw_matrices(s, data, ImGui::GetContentRegionAvail(), view.placements);
    ImGui::EndChild();
    draw_distance_plot(s, data, ImVec2(avail.x, 0.0f), view.lessons.presenting);
  }
}

using namespace export_arrays;

// The arrays behind the view, for its Export menu (view_data_export.hpp).
std::vector<ExportArray> export_bias_data(const ExportContext& sources, std::size_t, ExportDetail) {
  // What the view draws: the across worker's numbers for the bias view's inputs now, when current.
  const std::shared_ptr<const AcrossData> across = fresh_across(sources, item_bias);
  if (!(across->request.bias == sources.across_now.bias)) throw std::runtime_error(tr("export.not_ready"));
  const BiasViewData& data = *across->bias;
  require_no_error(data.error);
  std::vector<ExportArray> arrays;
  if (data.slopes.size() > 0) {
    const std::vector<double> slopes(data.slopes.data(), data.slopes.data() + data.slopes.size());
    arrays.push_back(
        columns_array("alibi-slopes", "ALiBi's slope m_h of each head", "row: head h", {{"m", &slopes}}));
  }
  for (std::size_t h = 0; h < data.heads.size(); ++h) {
    arrays.push_back(
        matrix_array("head" + std::to_string(h),
                     "the bias of head " + std::to_string(h) + " (query i × key j; -inf where causal masks)",
                     data.heads[h], "row i: query", "column j: key"));
  }
  const auto index_array = [&](const char* name, const char* description, const IndexMatrix& m) {
    if (m.size() == 0) return;
    arrays.push_back(matrix_array(name, description, m.cast<double>(), "row i: query", "column j: key"));
  };
  index_array("t5-buckets", "T5's bucket of j − i", data.buckets);
  index_array("shaw-index", "Shaw's clipped index clip(j − i, −C, C) + C", data.shaw_index);
  if (data.t5_table.size() > 0) {
    arrays.push_back(matrix_array("t5-table", "T5's seeded per-head bias of each bucket", data.t5_table,
                                  "row: bucket", "column: head"));
  }
  if (!data.distances.empty()) {
    std::vector<std::pair<std::string, const std::vector<double>*>> columns{{"r", &data.distances}};
    for (std::size_t h = 0; h < data.alibi.size(); ++h)
      columns.emplace_back("alibi head " + std::to_string(h), &data.alibi[h]);
    if (!data.t5.empty()) columns.emplace_back("t5 head 0", &data.t5);
    if (!data.rope.empty()) columns.emplace_back("rope all-ones score", &data.rope);
    if (!data.sinusoid.empty()) columns.emplace_back("sinusoid dot similarity", &data.sinusoid);
    arrays.push_back(columns_array("distance", "every method's bias or score against the distance r = j − i",
                                   "row: distance r", columns));
  }
  return arrays;
}

}  // namespace

// The view's row in the registry (view_registry.hpp).
constinit const ViewType bias_view_type = {
    .id = "bias",
    .title = "Relative biases per head",
    .summary = "ALiBi, T5 and Shaw as query × key matrices per head, and every method against distance",
    .needs = item_bias,
    .scope = ViewScope::across_configs,
    .width = 1.6f,
    .draw_across = draw_bias_view,
    .export_data = export_bias_data,
};

}  // namespace pelab::app::ui
