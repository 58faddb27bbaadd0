// View norms (docs/encodings.md §11): a batch of sequences of different lengths, padded to the longest, each
// token x = w + p with seeded word embeddings and the configuration's positions. LayerNorm
// normalises each token over its D features; BatchNorm normalises each feature over the batch, one
// batch per time step (the t-th tokens of the sequences). Padding zeros join BatchNorm's batch, and
// a step with one real token has variance 0: BatchNorm then outputs β (0) whatever the token was,
// while LayerNorm never looks at the other sequences.
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "plot/plot.hpp"
#include "state/i18n.hpp"
#include "ui/matrix_grid.hpp"
#include "ui/panels.hpp"
#include "ui/view_export_arrays.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {
namespace {

constexpr std::int64_t feature_window = 12;

std::string sequence_name(std::size_t s) { return std::string(1, static_cast<char>('A' + s)); }

void draw_norms_controls(ViewContext& view) {
  NormsViewSettings& settings = view.settings.norms;
  const float em = ImGui::GetFontSize();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("views.norms.batch"));
  for (std::size_t s = 0; s < settings.lengths.size(); ++s) {
    same_line_if_fits(4.5f * em);
    ImGui::PushID(static_cast<int>(s));
    ImGui::SetNextItemWidth(4.5f * em);
    int length = static_cast<int>(settings.lengths[s]);
    const std::string format = sequence_name(s) + ": %d";
    if (ImGui::SliderInt("##length", &length, static_cast<int>(min_norm_length),
                         static_cast<int>(max_norm_length), format.c_str()))
      settings.lengths[s] = length;
    if (!view.capture_mode) item_tooltip(tr("views.norms.length.tip"));
    ImGui::PopID();
  }
  same_line_if_fits(4.0f * em);
  ImGui::BeginDisabled(settings.lengths.size() >= static_cast<std::size_t>(max_norm_sequences));
  if (ImGui::SmallButton("+")) settings.lengths.push_back(min_norm_length);
  ImGui::EndDisabled();
  if (!view.capture_mode) item_tooltip(tr("views.norms.add.tip"));
  ImGui::SameLine();
  ImGui::BeginDisabled(settings.lengths.size() <= 1);
  if (ImGui::SmallButton("−")) settings.lengths.pop_back();
  ImGui::EndDisabled();
  if (!view.capture_mode) item_tooltip(tr("views.norms.remove.tip"));
  same_line_if_fits(ImGui::CalcTextSize(tr("views.norms.count_padding")).x + 2.0f * em);
  ImGui::Checkbox(tr("views.norms.count_padding"), &settings.count_padding);
  if (!view.capture_mode) item_tooltip(tr("views.norms.count_padding.tip"));
}

void draw_norms_view(ViewContext& view) {
  if (view.index == 0) {
    draw_norms_controls(view);
  } else {
    ImGui::Dummy(ImVec2(1.0f, ImGui::GetFrameHeight()));
  }
  const NormsViewSettings& settings = view.settings.norms;
  // Computed by the configuration's worker for the batch the controls set.
  const NormsResult& result = *view.data.norms_result;
  if (!result.error.empty()) {
    note_text("%s", trf("views.norms.error", {result.error}).c_str());
    return;
  }
  const PaddedBatch& batch = result.batch;
  const StepNorm& batch_norm = settings.count_padding ? result.with_padding : result.without_padding;
  const std::size_t sequences = batch.lengths.size();
  const auto dims = static_cast<std::int64_t>(batch.x.cols());

  // The steps whose batch has a single real token: the lesson of docs/encodings.md §11.
  std::string lonely;
  for (std::int64_t t = 0; t < batch.steps; ++t) {
    if (result.without_padding.counted[static_cast<std::size_t>(t)] == 1 && sequences > 1)
      lonely += (lonely.empty() ? "" : ", ") + std::to_string(t + 1);
  }
  // The batch's story is the same for every configuration: told once, in the first panel, unless
  // the panel is short (compare mode, stacked): then it keeps its room for the matrices.
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const bool short_panel = ImGui::GetContentRegionAvail().y < 20.0f * line;
  if (view.index == 0 && !short_panel) {
    note_text("%s",
              trf("views.norms.summary", {std::to_string(sequences), std::to_string(batch.steps)}).c_str());
    if (sequences == 1) {
      note_text("%s", tr("views.norms.batch_one"));
    } else if (!lonely.empty()) {
      note_text(
          "%s",
          trf(settings.count_padding ? "views.norms.lonely_padded" : "views.norms.lonely", {lonely}).c_str());
    }
  }

  const EncodingParams& e = view.data.request.table.encoding;
  if (e.positions < batch.steps)
    note_text(
        "%s",
        trf("views.norms.past_table", {std::to_string(e.positions), std::to_string(batch.steps)}).c_str());

  // Rows of the batch: A1 A2 A3 B1 B2 pad ...; the features: a window around i.
  std::vector<std::string> row_labels;
  for (std::size_t s = 0; s < sequences; ++s) {
    for (std::int64_t t = 0; t < batch.steps; ++t) {
      std::string label = tr("views.norms.pad");
      if (batch.real[static_cast<std::size_t>(batch.row(static_cast<std::int64_t>(s), t))]) {
        label = sequence_name(s);
        label += std::to_string(t + 1);
      }
      row_labels.push_back(std::move(label));
    }
  }
  const std::int64_t shown = std::min(dims, feature_window);
  const std::int64_t first = std::clamp<std::int64_t>(view.selection.dimension - shown / 2, 0, dims - shown);
  const auto window = [&](const Matrix& m, bool mask_padding) {
    Matrix out = m.middleCols(first, shown);
    if (mask_padding)
      for (Eigen::Index r = 0; r < out.rows(); ++r)
        if (!batch.real[static_cast<std::size_t>(r)])
          out.row(r).setConstant(std::numeric_limits<double>::quiet_NaN());
    return out;
  };
  const Matrix x = window(batch.x, false);
  const Matrix layer = window(result.layer, true);
  const Matrix bn = window(batch_norm.y, !settings.count_padding);
  std::vector<std::string> col_labels;
  for (std::int64_t c = first; c < first + shown; ++c) col_labels.push_back(std::to_string(c));
  const std::int64_t selected_col = std::clamp<std::int64_t>(view.selection.dimension, 0, dims - 1) - first;

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float em = ImGui::GetFontSize();
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  // A short panel shows the three matrices only.
  const float grids_height = short_panel ? avail.y - line : std::floor(0.55f * (avail.y - 2.0f * line));
  const ValueRange x_range = symmetric_range_of({&x});
  const ValueRange norm_range = symmetric_range_of({&layer, &bn});
  const Matrix* values[3] = {&x, &layer, &bn};
  const char* titles[3] = {
      tr("views.norms.input"), tr("views.norms.layer"),
      settings.count_padding ? tr("views.norms.batch_padded") : tr("views.norms.batch_real")};
  const char* ids[3] = {"##x", "##layer", "##batch"};
  // Narrow (compare mode, side by side): the grids, legends and plots one under the other.
  const bool narrow = avail.x < 30.0f * em && !short_panel;
  const float grid_width = narrow ? avail.x : std::floor((avail.x - 2.0f * spacing) / 3.0f);
  const float grid_height =
      narrow ? std::floor((grids_height - line - 2.0f * ImGui::GetStyle().ItemSpacing.y) / 3.0f)
             : grids_height;
  for (int g = 0; g < 3; ++g) {
    if (g > 0 && !narrow) ImGui::SameLine();
    MatrixGridSpec spec;
    spec.id = ids[g];
    spec.title = titles[g];
    spec.values = values[g];
    spec.range = g == 0 ? x_range : norm_range;
    spec.colormap = Colormap::red_blue;
    spec.row_labels = row_labels;
    spec.col_labels = col_labels;
    spec.square_cells = false;
    spec.highlight_col = static_cast<int>(selected_col);
    spec.placements = &view.placements;
    spec.placement_name = "norms";
    spec.config = static_cast<int>(view.index);
    spec.hover_text = [&, g](int r, int c) {
      return row_labels[static_cast<std::size_t>(r)] + ", " + tr("views.norms.feature") + " " +
             col_labels[static_cast<std::size_t>(c)] + ": " + plot::format_number((*values[g])(r, c), 6);
    };
    draw_matrix_grid(spec, ImVec2(grid_width, grid_height));
  }
  draw_color_legend("x", x_range, Colormap::red_blue, narrow ? avail.x : 0.5f * avail.x);
  if (!narrow) ImGui::SameLine();
  draw_color_legend(tr("views.norms.normalised"), norm_range, Colormap::red_blue,
                    ImGui::GetContentRegionAvail().x);  // what the first key left on its line
  if (short_panel) return;

  // BatchNorm's variance over the batch at each step for feature i, with and without the padding;
  // LayerNorm's variance over the features of each token.
  // One legend row for both plots (a legend inside these small plots would hide their points).
  // Narrow: both plots stacked when each gets 10 lines, else BatchNorm's (the lesson) alone.
  const bool both_plots =
      !narrow || ImGui::GetContentRegionAvail().y - line >= 20.0f * em + ImGui::GetStyle().ItemSpacing.y;
  std::vector<LegendEntry> legend = {{tr("views.norms.with_padding"), plot::palette_color(0)},
                                     {tr("views.norms.real_only"), plot::palette_color(1)}};
  if (both_plots) {
    legend.push_back({tr("views.norms.before"), plot::palette_color(2)});
    legend.push_back({tr("views.norms.after"), plot::palette_color(4)});
  }
  draw_legend_row(legend);
  const ImVec2 below = ImGui::GetContentRegionAvail();
  const float plot_width = narrow ? below.x : std::floor(0.5f * (below.x - spacing));
  const float plot_height =
      narrow && both_plots ? std::floor(0.5f * (below.y - ImGui::GetStyle().ItemSpacing.y)) : below.y;
  const std::int64_t feature = first + selected_col;
  {
    std::vector<double> steps, padded, real;
    for (std::int64_t t = 0; t < batch.steps; ++t) {
      steps.push_back(static_cast<double>(t + 1));
      padded.push_back(result.with_padding.variance(t, feature));
      real.push_back(result.without_padding.variance(t, feature));
    }
    const std::string title = trf("views.norms.batch_variance", {std::to_string(feature)});
    plot::PlotConfig config;
    config.title = title.c_str();
    config.x.label = tr("views.norms.step");
    config.x.integer_ticks = true;
    config.y.label = tr("views.norms.variance");
    config.link = "link_norms_steps";
    config.legend = false;
    if (plot::BeginPlot("##batch_variance", ImVec2(plot_width, plot_height), config)) {
      // The padded curve wide and underneath, the real-only one on top: where they agree both show.
      plot::PlotLine(tr("views.norms.with_padding"), steps.data(), padded.data(),
                     static_cast<int>(steps.size()), plot::palette_color(0), 5.0f);
      plot::PlotScatter("##padded_points", steps.data(), padded.data(), static_cast<int>(steps.size()),
                        plot::palette_color(0), 6.0f);
      plot::PlotLine(tr("views.norms.real_only"), steps.data(), real.data(), static_cast<int>(steps.size()),
                     plot::palette_color(1), 2.0f);
      plot::PlotScatter("##real_points", steps.data(), real.data(), static_cast<int>(steps.size()),
                        plot::palette_color(1), 3.0f);
      for (std::int64_t t = 0; t < batch.steps; ++t) {
        if (result.without_padding.counted[static_cast<std::size_t>(t)] == 1)
          plot::PlotMarker(static_cast<double>(t + 1), 0.0, plot::palette_color(3), 5.0f,
                           tr("views.norms.one_token"));
      }
      plot::PlotHLine(0.0, ImGui::GetColorU32(ImGuiCol_Text, 0.4f));
      plot::EndPlot();
    }
  }
  if (!both_plots) return;
  if (!narrow) ImGui::SameLine();
  {
    std::vector<double> tokens, before, after;
    for (std::size_t r = 0; r < batch.real.size(); ++r) {
      if (!batch.real[r]) continue;
      tokens.push_back(static_cast<double>(tokens.size() + 1));
      before.push_back(result.token_moments.variance[static_cast<Eigen::Index>(r)]);
      const auto row = static_cast<Eigen::Index>(r);
      after.push_back((result.layer.row(row).array() - result.layer.row(row).mean()).square().mean());
    }
    plot::PlotConfig config;
    const std::string title = trf("views.norms.layer_variance", {std::to_string(dims)});
    config.title = title.c_str();
    config.x.label = tr("views.norms.token");
    config.x.integer_ticks = true;
    config.y.label = tr("views.norms.variance");
    config.link = "link_norms_tokens";
    config.legend = false;
    const float width = narrow ? below.x : below.x - plot_width - spacing;
    if (plot::BeginPlot("##layer_variance", ImVec2(width, narrow ? 0.0f : below.y), config)) {
      plot::PlotLine(tr("views.norms.before"), tokens.data(), before.data(), static_cast<int>(tokens.size()),
                     plot::palette_color(2));
      plot::PlotScatter("##before_points", tokens.data(), before.data(), static_cast<int>(tokens.size()),
                        plot::palette_color(2), 3.5f);
      plot::PlotLine(tr("views.norms.after"), tokens.data(), after.data(), static_cast<int>(tokens.size()),
                     plot::palette_color(4));
      plot::PlotScatter("##after_points", tokens.data(), after.data(), static_cast<int>(tokens.size()),
                        plot::palette_color(4), 3.5f);
      plot::PlotHLine(0.0, ImGui::GetColorU32(ImGuiCol_Text, 0.4f));
      if (plot::IsPlotHovered()) {
        double mx = 0.0, my = 0.0;
        plot::GetPlotMousePos(&mx, &my);
        const auto k = static_cast<std::size_t>(
            std::clamp(std::lround(mx) - 1, 0L, static_cast<long>(tokens.size()) - 1));
        std::size_t seen = 0;
        for (std::size_t r = 0; r < batch.real.size(); ++r) {
          if (!batch.real[r]) continue;
          if (seen++ != k) continue;
          const std::string text = row_labels[r] + ": " + tr("views.norms.variance") + " " +
                                   plot::format_number(before[k], 4) + " → " +
                                   plot::format_number(after[k], 6);
          plot::SetHoverText(text.c_str());
        }
      }
      plot::EndPlot();
    }
  }
}

using namespace export_arrays;

// The arrays behind the view, for its Export menu (view_data_export.hpp).
std::vector<ExportArray> export_norms_data(const ExportContext& sources, std::size_t slot, ExportDetail) {
  const auto data = fresh_data(sources, slot, item_norms);
  require_no_error(data->norms->error);
  const NormsViewSettings& settings = sources.settings.norms;
  // What the view shows: the worker's result for the batch the controls set.
  if (data->request.norm_lengths != settings.lengths) throw std::runtime_error(tr("export.not_ready"));
  const NormsResult& result = *data->norms_result;
  require_no_error(result.error);
  const std::string row_axis = "row: sequence s, step t at s x steps + t (padding rows are 0)";
  const StepNorm& shown = settings.count_padding ? result.with_padding : result.without_padding;
  std::vector<double> real(result.batch.real.size());
  for (std::size_t r = 0; r < real.size(); ++r) real[r] = result.batch.real[r] ? 1.0 : 0.0;
  std::vector<double> counted(shown.counted.begin(), shown.counted.end());
  return {
      matrix_array("x", "x = w + p, the padded batch", result.batch.x, row_axis, "column: feature"),
      columns_array("real", "1 for a token, 0 for padding", row_axis, {{"real", &real}}),
      matrix_array("layernorm", "LayerNorm(x): each token over its features", result.layer, row_axis,
                   "column: feature"),
      matrix_array(settings.count_padding ? "batchnorm-padding-counted" : "batchnorm-real-only",
                   "BatchNorm(x) per step over the batch", shown.y, row_axis, "column: feature"),
      matrix_array("batchnorm-mean", "BatchNorm's mean per step and feature", shown.mean, "row: step t",
                   "column: feature"),
      matrix_array("batchnorm-variance", "BatchNorm's variance per step and feature", shown.variance,
                   "row: step t", "column: feature"),
      columns_array("batchnorm-counted", "rows in each step's batch", "row: step t", {{"rows", &counted}})};
}

// Its input to each configuration's request: the lengths of the batch's sequences.
void norms_request_inputs(const ViewSettings& settings, const DisplaySettings&, ComputeRequest& request) {
  request.norm_lengths = settings.norms.lengths;
}

}  // namespace

// The view's row in the registry (view_registry.hpp).
constinit const ViewType norms_view_type = {
    .id = "norms",
    .title = "LayerNorm vs BatchNorm",
    .summary = "a padded batch normalised per token and per feature over the batch",
    .needs = item_norms,
    .scope = ViewScope::per_config,
    .width = 1.6f,
    .draw = draw_norms_view,
    .request_inputs = norms_request_inputs,
    .export_data = export_norms_data,
};

}  // namespace pelab::app::ui
