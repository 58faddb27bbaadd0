// The arrays behind each view (the registry's export_data functions; see view_data_export.hpp).
#include "ui/view_export_arrays.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <numeric>
#include <stdexcept>
#include <system_error>

#include "pelab/encodings.hpp"
#include "pelab/io/atomic_file.hpp"
#include "pelab/io/csv.hpp"
#include "pelab/io/npy.hpp"
#include "pelab/similarity.hpp"
#include "state/i18n.hpp"
#include "state/relative_data.hpp"
#include "ui/app_ui.hpp"
#include "ui/panels.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {
namespace export_arrays {

// The view's data for one slot, or a thrown message when it is missing or not up to date.
std::shared_ptr<const ViewData> fresh_data(const AppContext& app, std::size_t slot, Needs needs) {
  if (slot >= app.state.slots.size()) throw std::runtime_error("no such configuration");
  const std::shared_ptr<const ViewData> data = latest_data(app, slot);
  if (!data || !data->has(needs) || !data->is_fresh(needs) ||
      !(data->request.table.encoding == app.state.slots[slot].config.encoding)) {
    throw std::runtime_error(tr("export.not_ready"));
  }
  return data;
}

std::shared_ptr<const AcrossData> fresh_across(const AppContext& app, Needs needs) {
  std::shared_ptr<const AcrossData> data = app.across ? app.across->latest() : nullptr;
  if (!data || !data->is_fresh(needs)) throw std::runtime_error(tr("export.not_ready"));
  return data;
}

void require_no_error(const std::string& error) {
  if (!error.empty()) throw std::runtime_error(error);
}

std::uint64_t bytes_of(std::int64_t rows, std::int64_t cols) {
  return static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(cols) * 8u;
}

void check_full_cap(std::int64_t rows, std::int64_t cols) {
  const std::uint64_t bytes = bytes_of(rows, cols);
  if (bytes > export_full_cap_bytes) {
    char text[64];
    std::snprintf(text, sizeof text, "%.0f", static_cast<double>(bytes) / (1 << 20));
    throw std::runtime_error(trf("export.too_large", {std::to_string(rows) + " × " + std::to_string(cols),
                                                      text, std::to_string(export_full_cap_bytes >> 20)}));
  }
}

ExportArray matrix_array(std::string name, std::string description, const Matrix& m, std::string row_axis,
                         std::string col_axis) {
  ExportArray a;
  a.name = std::move(name);
  a.description = std::move(description);
  a.shape = {m.rows(), m.cols()};
  a.values.assign(m.data(), m.data() + m.size());
  a.axes = {std::move(row_axis), std::move(col_axis)};
  a.rows = Sampling{m.rows(), 1, m.rows()};
  return a;
}

// A 2-D table whose columns are named series of equal length.
ExportArray columns_array(std::string name, std::string description, std::string row_axis,
                          const std::vector<std::pair<std::string, const std::vector<double>*>>& columns) {
  ExportArray a;
  a.name = std::move(name);
  a.description = std::move(description);
  const std::size_t rows = columns.empty() ? 0 : columns.front().second->size();
  a.shape = {static_cast<std::int64_t>(rows), static_cast<std::int64_t>(columns.size())};
  a.values.resize(rows * columns.size());
  for (std::size_t c = 0; c < columns.size(); ++c) {
    a.columns.push_back(columns[c].first);
    for (std::size_t r = 0; r < rows; ++r)
      a.values[r * columns.size() + c] =
          r < columns[c].second->size() ? (*columns[c].second)[r] : std::nan("");
  }
  a.axes = {std::move(row_axis), "column (see columns)"};
  a.rows = Sampling{static_cast<std::int64_t>(rows), 1, static_cast<std::int64_t>(rows)};
  return a;
}

std::string position_axis(std::int64_t start, std::int64_t stride) {
  if (stride == 1) return "row r: position p = " + std::to_string(start) + " + r";
  return "row r: position p = " + std::to_string(start) + " + " + std::to_string(stride) + " r";
}

std::vector<std::int64_t> all_positions(const EncodingParams& e) {
  std::vector<std::int64_t> positions(static_cast<std::size_t>(e.positions));
  std::iota(positions.begin(), positions.end(), e.start);
  return positions;
}

char config_letter(std::size_t index) { return static_cast<char>('A' + index); }

}  // namespace export_arrays

using namespace export_arrays;

// ---- the views' data ----------------------------------------------------------------------------

std::vector<ExportArray> export_heatmap_data(const AppContext& app, std::size_t slot, ExportDetail detail) {
  const auto data = fresh_data(app, slot, item_table);
  const TableData& table = *data->table;
  require_no_error(table.error);
  const TableKey& key = data->request.table;
  const std::string description = "the table P: P[r, i] of position p (row) and dimension i (column)";
  if (detail == ExportDetail::full && table.rows.stride > 1) {
    check_full_cap(key.encoding.positions, key.encoding.dims);
    ExportArray a = matrix_array("table", description, encode(key.encoding, key.source()),
                                 position_axis(key.encoding.start, 1), "column i: dimension i");
    a.full = true;
    return {a};
  }
  ExportArray a = matrix_array("table", description, table.exact,
                               position_axis(table.start, table.rows.stride), "column i: dimension i");
  a.rows = table.rows;
  return {a};
}

std::vector<ExportArray> export_curves_data(const AppContext& app, std::size_t slot, ExportDetail detail) {
  const auto data = fresh_data(app, slot, item_table | item_curves);
  const CurvesData& curves = *data->curves;
  require_no_error(curves.error);
  const TableKey& key = data->request.table;
  std::vector<std::pair<std::string, const std::vector<double>*>> columns;
  const std::string description = "the curves P[p, i] of the view: column 0 is p, the others P[p, i]";
  if (detail == ExportDetail::full && curves.sampling.stride > 1) {
    check_full_cap(key.encoding.positions, static_cast<std::int64_t>(curves.curves.size()) + 1);
    const std::vector<std::int64_t> positions = all_positions(key.encoding);
    std::vector<std::int64_t> dims;
    for (const auto& c : curves.curves) dims.push_back(c.dimension);
    const Matrix values = encode_grid(key.encoding, positions, dims, key.source());
    std::vector<double> p(positions.begin(), positions.end());
    std::vector<std::vector<double>> series(dims.size());
    for (std::size_t c = 0; c < dims.size(); ++c) {
      series[c].resize(positions.size());
      for (std::size_t r = 0; r < positions.size(); ++r)
        series[c][r] = values(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c));
    }
    columns.emplace_back("p", &p);
    for (std::size_t c = 0; c < dims.size(); ++c)
      columns.emplace_back("P[p, " + std::to_string(dims[c]) + "]", &series[c]);
    ExportArray a = columns_array("curves", description, position_axis(key.encoding.start, 1), columns);
    a.full = true;
    a.rows = Sampling{key.encoding.positions, 1, key.encoding.positions};
    return {a};
  }
  columns.emplace_back("p", &curves.positions);
  for (const auto& c : curves.curves)
    columns.emplace_back("P[p, " + std::to_string(c.dimension) + "]", &c.values);
  ExportArray a = columns_array("curves", description,
                                position_axis(key.encoding.start, curves.sampling.stride), columns);
  a.rows = curves.sampling;
  return {a};
}

std::vector<ExportArray> export_spectrum_data(const AppContext& app, std::size_t slot, ExportDetail) {
  const auto data = fresh_data(app, slot, item_spectrum);
  const PeriodSpectrum& s = *data->spectrum;
  if (s.periods.empty()) throw std::runtime_error(tr_text(s.why_none_text));
  std::vector<double> band(s.periods.size()), column(s.periods.size());
  for (std::size_t b = 0; b < s.periods.size(); ++b) {
    band[b] = static_cast<double>(b);
    column[b] = static_cast<double>(s.columns[b]);
  }
  return {columns_array("periods", "the period of each band in positions (" + s.rule + ")", "row: band",
                        {{"band", &band}, {"first column", &column}, {"period", &s.periods}})};
}

std::vector<ExportArray> export_similarity_data(const AppContext& app, std::size_t slot,
                                                ExportDetail detail) {
  const auto data = fresh_data(app, slot, item_table | item_similarity | item_similarity_row);
  const SimilarityData& sim = *data->similarity;
  require_no_error(sim.error);
  const TableKey& key = data->request.table;
  const SimilarityMetric metric = data->request.metric;
  const std::string description = std::string(to_string(metric)) + " similarity S[p, q] of the positions";
  std::vector<ExportArray> arrays;
  if (detail == ExportDetail::full && sim.rows.stride > 1) {
    const EncodingParams& e = key.encoding;
    check_full_cap(e.positions, e.positions);
    Matrix full;
    if (e.kind == EncodingKind::sinusoidal) {
      full = sinusoidal_similarity_closed_form(e.positions, e.dims, e.base, e.start, metric);
    } else {
      const double flops =
          static_cast<double>(e.positions) * static_cast<double>(e.positions) * static_cast<double>(e.dims);
      if (flops > export_full_flop_cap) throw std::runtime_error(tr("export.too_slow"));
      full = similarity_matrix(encode(e, key.source()), metric);
    }
    ExportArray a = matrix_array("similarity", description, full, position_axis(e.start, 1),
                                 "column: position q = " + std::to_string(e.start) + " + c");
    a.full = true;
    arrays.push_back(std::move(a));
  } else {
    ExportArray a =
        matrix_array("similarity", description, sim.exact, position_axis(sim.start, sim.rows.stride),
                     "column c: position q = " + std::to_string(sim.start) + " + " +
                         std::to_string(sim.rows.stride) + " c");
    a.rows = sim.rows;
    arrays.push_back(std::move(a));
  }
  const SimilarityRowData& row = *data->similarity_row;
  require_no_error(row.error);
  ExportArray r = columns_array(
      "row",
      "the row S[p, :] against q − p at the selected p = " + std::to_string(data->request.selection.position),
      "row: one sampled q", {{"q - p", &row.offsets}, {"S[p, q]", &row.values}});
  if (const TableData* table = data->table.get()) {
    r.rows = table->rows;
    r.rows.shown = r.shape[0];
  }
  arrays.push_back(std::move(r));
  return arrays;
}

std::vector<ExportArray> export_rotation_data(const AppContext& app, std::size_t slot, ExportDetail) {
  const auto data = fresh_data(app, slot, item_table | item_rotation | item_residual);
  const RotationData& rot = *data->rotation;
  require_no_error(rot.error);
  const bool exact = rot.structure.exact();
  std::string window = "columns";
  for (std::int64_t c : rot.window) {
    window += ' ';  // not `" " + std::to_string(c)`: GCC 12's false -Wrestrict
    window += std::to_string(c);
  }
  const std::string k = std::to_string(data->request.selection.offset);
  std::vector<ExportArray> arrays;
  arrays.push_back(matrix_array(
      exact ? "T-column" : "fit",
      exact ? "T(" + k + ") in the column convention P_{p+k} = T(k) P_p, on " + window
            : "the least-squares linear map for k = " + k + " on " + window,
      rot.blocks[0], "row: output column (window order)", "column: input column (window order)"));
  arrays.push_back(matrix_array(exact ? "T-row" : "fit-transposed",
                                exact ? "T(" + k + ") in the row convention P_{p+k} = P_p T(k), on " + window
                                      : "the fitted map transposed (row convention), on " + window,
                                rot.blocks[1], "row: input column (window order)",
                                "column: output column (window order)"));
  std::vector<double> columns(rot.window.begin(), rot.window.end());
  arrays.push_back(columns_array("window", "the columns of P the matrices act on, in order",
                                 "row: window index", {{"column", &columns}}));
  if (exact) {
    const ResidualData& res = *data->residual;
    require_no_error(res.error);
    ExportArray r =
        columns_array("residual", "max_i |(T(k) P_p)_i − P[p + k, i]| over p for k = " + k,
                      "row: one sampled p", {{"p", &res.positions}, {"residual", &res.residuals}});
    r.rows = data->table->rows;
    r.rows.shown = r.shape[0];
    arrays.push_back(std::move(r));
  } else {
    ExportArray r =
        columns_array("fit-residual", "the fitted map's residual over p for k = " + k, "row: one sampled p",
                      {{"p", &rot.fit_positions}, {"residual", &rot.fit_residuals}});
    r.rows = data->table->rows;
    r.rows.shown = r.shape[0];
    arrays.push_back(std::move(r));
  }
  return arrays;
}

std::vector<ExportArray> export_pca_data(const AppContext& app, std::size_t slot, ExportDetail) {
  const auto data = fresh_data(app, slot, item_table | item_pca);
  const PcaData& pca = *data->pca;
  require_no_error(pca.error);
  std::vector<std::vector<double>> pcs(static_cast<std::size_t>(pca.points.cols()));
  std::vector<std::pair<std::string, const std::vector<double>*>> columns{{"p", &pca.positions}};
  for (Eigen::Index c = 0; c < pca.points.cols(); ++c) {
    auto& v = pcs[static_cast<std::size_t>(c)];
    v.resize(static_cast<std::size_t>(pca.points.rows()));
    for (Eigen::Index r = 0; r < pca.points.rows(); ++r) v[static_cast<std::size_t>(r)] = pca.points(r, c);
  }
  for (std::size_t c = 0; c < pcs.size(); ++c) columns.emplace_back("PC" + std::to_string(c + 1), &pcs[c]);
  ExportArray points = columns_array("points", "the table's sampled rows projected on the principal axes",
                                     "row: one sampled p", columns);
  points.rows = data->table->rows;
  const std::vector<double> explained(pca.explained.data(), pca.explained.data() + pca.explained.size());
  const std::vector<double> spectrum(pca.spectrum.data(), pca.spectrum.data() + pca.spectrum.size());
  return {points,
          columns_array("explained", "the fraction of variance of the first axes", "row: axis",
                        {{"fraction", &explained}}),
          columns_array("spectrum", "the fraction of variance of each component", "row: component",
                        {{"fraction", &spectrum}})};
}

std::vector<ExportArray> export_difference_data(const AppContext& app, std::size_t, ExportDetail) {
  // What the view draws: the across worker's difference, when it is for the newest data of the
  // two configurations compared.
  const std::shared_ptr<const AcrossData> across = fresh_across(app, item_difference);
  if (!(across->request.difference == current_across_request(app).difference) || !across->difference)
    throw std::runtime_error(tr("export.not_ready"));
  const std::shared_ptr<const DifferenceData> diff = across->difference;
  require_no_error(diff->error);
  std::vector<ExportArray> arrays;
  if (diff->table) {
    ExportArray a = matrix_array("table", "A − B of the tables P", diff->table->values,
                                 position_axis(diff->start, diff->rows.stride), "column i: dimension i");
    a.rows = diff->rows;
    arrays.push_back(std::move(a));
  }
  if (diff->similarity) {
    ExportArray a = matrix_array("similarity", "A − B of the similarities S", diff->similarity->values,
                                 "row: sampled position p", "column: sampled position q");
    arrays.push_back(std::move(a));
  }
  if (arrays.empty())
    throw std::runtime_error(diff->mismatch.empty() ? tr("export.not_ready") : diff->mismatch);
  return arrays;
}

std::vector<ExportArray> export_scorecard_data(const AppContext& app, std::size_t, ExportDetail) {
  std::vector<std::vector<double>> values, passes;
  std::vector<double> thresholds, numbers;
  std::vector<std::string> names;
  for (std::size_t i = 0; i < app.state.slots.size(); ++i) {
    const auto data = fresh_data(app, i, item_requirements);
    require_no_error(data->requirements->error);
    const auto& scores = data->requirements->scores;
    std::vector<double> v, pass;
    for (const RequirementScore& s : scores) {
      v.push_back(s.value);
      // 1 pass, 0 fail, NaN not measurable (fewer positions than the measure needs; value NaN too).
      pass.push_back(!s.measurable ? std::numeric_limits<double>::quiet_NaN() : s.pass ? 1.0 : 0.0);
      if (i == 0) {
        numbers.push_back(s.number);
        thresholds.push_back(s.threshold);
      }
    }
    values.push_back(std::move(v));
    passes.push_back(std::move(pass));
  }
  std::vector<std::pair<std::string, const std::vector<double>*>> columns{{"requirement", &numbers},
                                                                          {"threshold", &thresholds}};
  for (std::size_t i = 0; i < values.size(); ++i) {
    columns.emplace_back(std::string("value ") + config_letter(i), &values[i]);
    columns.emplace_back(std::string("pass ") + config_letter(i), &passes[i]);
  }
  return {columns_array(
      "scores",
      "core's five requirements: the measured value and pass (1), fail (0) or not measurable (NaN) per "
      "configuration",
      "row: requirement", columns)};
}

std::vector<ExportArray> export_rope_data(const AppContext& app, std::size_t, ExportDetail) {
  // What the view draws: the across worker's numbers for the rope view's settings, when current.
  const std::shared_ptr<const AcrossData> across = fresh_across(app, item_rope);
  if (!(across->request.rope == app.state.views.rope)) throw std::runtime_error(tr("export.not_ready"));
  const RopeViewData& data = *across->rope;
  require_no_error(data.error);
  std::vector<std::vector<double>> extra;
  extra.reserve(16);
  std::vector<std::pair<std::string, const std::vector<double>*>> columns{
      {"pair", &data.pair_index},
      {"wavelength before", &data.wavelength_before},
      {"L theta", &data.seen_angle}};
  for (int s = 0; s < data.side_count; ++s) {
    const RopeSideData& side = data.sides[static_cast<std::size_t>(s)];
    if (!side.error.empty()) continue;
    const std::string tag = data.side_count > 1 ? std::string(" ") + static_cast<char>('1' + s) : "";
    std::vector<double> wavelength, turns, ramp;
    for (const RopePairInfo& pair : side.analysis.pairs) {
      wavelength.push_back(pair.wavelength_after);
      turns.push_back(pair.turns_after);
      ramp.push_back(pair.ramp);
    }
    extra.push_back(std::move(wavelength));
    columns.emplace_back("wavelength after" + tag, &extra.back());
    extra.push_back(std::move(turns));
    columns.emplace_back("turns after" + tag, &extra.back());
    extra.push_back(std::move(ramp));
    columns.emplace_back("ramp" + tag, &extra.back());
    columns.emplace_back("angle before" + tag, &side.angle_before);
    columns.emplace_back("angle after" + tag, &side.angle_after);
  }
  std::vector<ExportArray> arrays{
      columns_array("pairs", "per RoPE pair: wavelengths, turns within the context, ramp and angles at p",
                    "row: pair i", columns)};
  arrays.push_back(columns_array("decay-before", "the all-ones q·k score against distance m without scaling",
                                 "row: one drawn m",
                                 {{"m", &data.decay_before.x}, {"score", &data.decay_before.y}}));
  return arrays;
}

std::vector<ExportArray> export_attention_data(const AppContext& app, std::size_t slot, ExportDetail) {
  const auto data = fresh_data(app, slot, item_attention);
  const AttentionData& attention = *data->attention;
  require_no_error(attention.error);
  // What the view shows: the worker's demo for the order the user clicked.
  if (data->request.attention_order != app.state.views.attention.order)
    throw std::runtime_error(tr("export.not_ready"));
  require_no_error(data->attention_order->error);
  const AttentionDemo& demo = data->attention_order->demo;
  const std::string slot_axis = "row r: slot r of the sentence (token order[r])";
  std::vector<double> order(demo.order.begin(), demo.order.end());
  return {columns_array("order", "slot r holds token order[r] of the sentence", "row r: slot r",
                        {{"token", &order}}),
          matrix_array("words", "w: the seeded word embeddings, in this order", demo.words, slot_axis,
                       "column: dimension"),
          matrix_array("positions", "p: the configuration's position rows start.., slot by slot",
                       demo.positions, "row r: slot r (position start + r)", "column: dimension"),
          matrix_array("logits-word-word", "w·w term of the logits (divided by sqrt(head dims))",
                       demo.terms.word_word, "row: query slot", "column: key slot"),
          matrix_array("logits-word-position", "w·p term of the logits", demo.terms.word_position,
                       "row: query slot", "column: key slot"),
          matrix_array("logits-position-word", "p·w term of the logits", demo.terms.position_word,
                       "row: query slot", "column: key slot"),
          matrix_array("logits-position-position", "p·p term of the logits", demo.terms.position_position,
                       "row: query slot", "column: key slot"),
          matrix_array("logits", "a = the sum of the four terms (x = w + p)", demo.terms.total,
                       "row: query slot", "column: key slot"),
          matrix_array("weights-without", "softmax rows of w·w (no positions)", demo.weights_without,
                       "row: query slot", "column: key slot"),
          matrix_array("weights-with", "softmax rows of a (with positions)", demo.weights_with,
                       "row: query slot", "column: key slot"),
          matrix_array("output-without", "z = softmax(w·w) x W^V, one row per slot", demo.output_without,
                       slot_axis, "column: head dimension"),
          matrix_array("output-with", "z = softmax(a) x W^V, one row per slot", demo.output_with, slot_axis,
                       "column: head dimension")};
}

std::vector<ExportArray> export_norms_data(const AppContext& app, std::size_t slot, ExportDetail) {
  const auto data = fresh_data(app, slot, item_norms);
  require_no_error(data->norms->error);
  const NormsViewSettings& settings = app.state.views.norms;
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

std::vector<ExportArray> export_bias_data(const AppContext& app, std::size_t, ExportDetail) {
  // What the view draws: the across worker's numbers for bias_view_inputs(state), when current.
  const std::shared_ptr<const AcrossData> across = fresh_across(app, item_bias);
  if (!(across->request.bias == bias_view_inputs(app.state)))
    throw std::runtime_error(tr("export.not_ready"));
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

}  // namespace pelab::app::ui
