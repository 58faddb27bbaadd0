// View attention (docs/encodings.md §2): a six-word sentence of seeded word embeddings w with the
// configuration's positions p as x = w + p, one attention head. The logits split into four terms
// (w·w, w·p, p·w, p·p) shown with their sum; softmax weights and outputs without and with
// positions. Clicking a word swaps it with the next one: without positions every output row moves
// with its token (attention is permutation-equivariant, |Δ| ~ 1e-16), with positions the rows
// change, because the positions stay with the slots.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <numeric>
#include <random>
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

std::vector<std::string> slot_words(const std::vector<std::int64_t>& order) {
  std::vector<std::string> words;
  for (std::int64_t token : order)
    words.emplace_back(attention_sentence_words()[static_cast<std::size_t>(token)]);
  return words;
}

std::vector<std::string> numbered(std::int64_t count) {
  std::vector<std::string> labels;
  for (std::int64_t c = 0; c < count; ++c) labels.push_back(std::to_string(c));
  return labels;
}

void draw_attention_controls(ViewContext& view) {
  std::vector<std::int64_t>& order = view.settings.attention.order;
  if (!valid_attention_order(order)) order = AttentionViewSettings{}.order;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("views.attention.sentence"));
  // The next button on this line when it fits, else on the next one (narrow compare panels).
  const auto next = [](const char* label) {
    same_line_if_fits(ImGui::CalcTextSize(label).x + 2.0f * ImGui::GetStyle().FramePadding.x);
  };
  for (std::size_t r = 0; r < order.size(); ++r) {
    const std::string word(attention_sentence_words()[static_cast<std::size_t>(order[r])]);
    next(word.c_str());
    ImGui::PushID(static_cast<int>(r));
    if (ImGui::Button(word.c_str())) std::swap(order[r], order[(r + 1) % order.size()]);
    if (!view.capture_mode) item_tooltip(tr("views.attention.word.tip"));
    ImGui::PopID();
  }
  next(tr("views.attention.shuffle"));
  if (ImGui::Button(tr("views.attention.shuffle"))) {
    // Seeded by the order itself: the same order always shuffles the same way, with no state kept.
    std::uint32_t seed = 1;
    for (std::int64_t token : order) seed = seed * 7u + static_cast<std::uint32_t>(token);
    std::mt19937 generator(seed);
    std::shuffle(order.begin(), order.end(), generator);
  }
  next(tr("views.attention.reset"));
  if (ImGui::Button(tr("views.attention.reset"))) std::iota(order.begin(), order.end(), 0);
}

// Cell sizes for grids arranged in `rows` (indices into specs) within width x height: each row's
// cells as wide as its grids fit across, one cell height for all (at most 2.5 widths, at least
// the width), so the grids fill the panel and every row label stays readable.
struct CellSizes {
  std::vector<float> widths;  // per row
  float height = 0.0f;
};
CellSizes fit_cells(const std::vector<MatrixGridSpec>& specs, const std::vector<std::vector<int>>& rows,
                    float width, float height) {
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  CellSizes sizes;
  float chrome_height = 0.0f, cell_rows = 0.0f, narrowest = 1e9f;
  for (const std::vector<int>& row : rows) {
    float chrome = 0.0f, cols = 0.0f, tallest_chrome = 0.0f, tallest = 0.0f;
    for (int g : row) {
      const MatrixGridSpec& spec = specs[static_cast<std::size_t>(g)];
      chrome += matrix_grid_chrome(spec).x + 2.0f;
      cols += static_cast<float>(spec.values->cols());
      tallest = std::max(tallest, static_cast<float>(spec.values->rows()));
    }
    chrome += spacing.x * static_cast<float>(row.size() - 1);
    sizes.widths.push_back(std::max(std::floor((width - chrome) / cols), 3.0f));
    narrowest = std::min(narrowest, sizes.widths.back());
    // Words over columns this narrow may stand upright, taking more height.
    for (int g : row)
      tallest_chrome = std::max(
          tallest_chrome, matrix_grid_chrome(specs[static_cast<std::size_t>(g)], sizes.widths.back()).y);
    chrome_height += tallest_chrome + spacing.y + 2.0f;
    cell_rows += tallest;
  }
  sizes.height = std::clamp(std::floor((height - chrome_height) / cell_rows), 3.0f, 2.5f * narrowest);
  for (float& w : sizes.widths) w = std::min(w, sizes.height);
  return sizes;
}

// Grids drawn together print their values all or none: a grid with numbers beside one without
// would read as if the numbers mattered more there.
void draw_rows(std::vector<MatrixGridSpec>& specs, const std::vector<std::vector<int>>& rows,
               const CellSizes& sizes, std::size_t first_row) {
  bool fit = true;
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (int g : rows[r])
      fit = fit &&
            matrix_values_fit(specs[static_cast<std::size_t>(g)], sizes.widths[first_row + r], sizes.height);
  for (const std::vector<int>& row : rows)
    for (int g : row) specs[static_cast<std::size_t>(g)].show_values = fit;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const float w = sizes.widths[first_row + r];
    for (std::size_t k = 0; k < rows[r].size(); ++k) {
      if (k > 0) ImGui::SameLine();
      MatrixGridSpec& spec = specs[static_cast<std::size_t>(rows[r][k])];
      spec.square_cells = false;
      const ImVec2 chrome = matrix_grid_chrome(spec, w);
      const ImVec2 size(std::ceil(chrome.x + w * static_cast<float>(spec.values->cols())) + 1.0f,
                        std::ceil(chrome.y + sizes.height * static_cast<float>(spec.values->rows())) + 1.0f);
      draw_matrix_grid(spec, size);
    }
  }
}

// Rows of a short panel's grids: within a row the grids' cells share its width equally (a 6 x 16 output
// as wide as a 6 x 6 logit), with one cell height, square in the word-by-word grids.
struct ShortRow {
  std::vector<int> grids;
  std::vector<float> widths;  // each grid's cell width
  float cell_h = 0.0f;
};

ShortRow fit_short_row(std::vector<MatrixGridSpec>& specs, std::vector<int> grids, float width,
                       float height) {
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  const auto count = static_cast<float>(grids.size());
  float chrome_x = 0.0f;
  for (std::size_t k = 0; k < grids.size(); ++k) {
    MatrixGridSpec& spec = specs[static_cast<std::size_t>(grids[k])];
    if (k > 0) spec.row_labels.clear();
    spec.square_cells = false;
    chrome_x += matrix_grid_chrome(spec).x + 2.0f;
  }
  const float cells_width = std::floor((width - chrome_x - spacing.x * (count - 1.0f)) / count);
  ShortRow row{std::move(grids), {}, FLT_MAX};
  float widest = 0.0f;
  for (int g : row.grids) {
    const MatrixGridSpec& spec = specs[static_cast<std::size_t>(g)];
    row.widths.push_back(std::floor(4.0f * cells_width / static_cast<float>(spec.values->cols())) / 4.0f);
    if (spec.values->rows() == spec.values->cols()) widest = std::max(widest, row.widths.back());
    row.cell_h = std::min(row.cell_h, (height - matrix_grid_chrome(spec, row.widths.back()).y - 2.0f) /
                                          static_cast<float>(spec.values->rows()));
  }
  row.cell_h = std::floor(4.0f * std::min(row.cell_h, widest > 0.0f ? widest : row.cell_h)) / 4.0f;
  return row;
}

// The grids of a short panel in one row, or two when that gives them larger cells (a narrow panel).
void draw_short_grids(std::vector<MatrixGridSpec>& specs, const std::vector<int>& grids, float width,
                      float height) {
  // The smallest side of a grid's cells, which the arrangement makes as large as it can.
  const auto smallest_side = [&](const std::vector<ShortRow>& rows) {
    float smallest = FLT_MAX;
    for (const ShortRow& row : rows)
      for (std::size_t k = 0; k < row.grids.size(); ++k) {
        const Matrix& values = *specs[static_cast<std::size_t>(row.grids[k])].values;
        smallest = std::min({smallest, row.widths[k] * static_cast<float>(values.cols()),
                             row.cell_h * static_cast<float>(values.rows())});
      }
    return smallest;
  };
  const std::vector<MatrixGridSpec> unchanged = specs;
  std::vector<ShortRow> rows = {fit_short_row(specs, grids, width, height)};
  const std::size_t half = (grids.size() + 1) / 2;
  const float row_height = std::floor(0.5f * (height - ImGui::GetStyle().ItemSpacing.y));
  std::vector<MatrixGridSpec> split_specs = unchanged;
  std::vector<ShortRow> split = {
      fit_short_row(split_specs, std::vector<int>(grids.begin(), grids.begin() + static_cast<long>(half)),
                    width, row_height),
      fit_short_row(split_specs, std::vector<int>(grids.begin() + static_cast<long>(half), grids.end()),
                    width, row_height)};
  if (smallest_side(split) > smallest_side(rows)) {
    rows = std::move(split);
    specs = std::move(split_specs);
    // The fuller row limits the grids' size; the other row takes the same grid width and cell height,
    // so the five matrices read as one set, not as two sizes.
    float grid_width = FLT_MAX, cell_h = FLT_MAX;
    for (const ShortRow& row : rows) {
      cell_h = std::min(cell_h, row.cell_h);
      for (std::size_t k = 0; k < row.grids.size(); ++k)
        grid_width = std::min(
            grid_width,
            row.widths[k] * static_cast<float>(specs[static_cast<std::size_t>(row.grids[k])].values->cols()));
    }
    for (ShortRow& row : rows) {
      row.cell_h = cell_h;
      for (std::size_t k = 0; k < row.grids.size(); ++k)
        row.widths[k] =
            std::floor(4.0f * grid_width /
                       static_cast<float>(specs[static_cast<std::size_t>(row.grids[k])].values->cols())) /
            4.0f;
    }
  }
  bool fit = true;
  for (const ShortRow& row : rows)
    for (std::size_t k = 0; k < row.grids.size(); ++k)
      fit =
          fit && matrix_values_fit(specs[static_cast<std::size_t>(row.grids[k])], row.widths[k], row.cell_h);
  for (const ShortRow& row : rows) {
    for (std::size_t k = 0; k < row.grids.size(); ++k) {
      if (k > 0) ImGui::SameLine();
      MatrixGridSpec& spec = specs[static_cast<std::size_t>(row.grids[k])];
      spec.show_values = fit;
      const ImVec2 chrome = matrix_grid_chrome(spec, row.widths[k]);
      draw_matrix_grid(
          spec, ImVec2(std::ceil(chrome.x + row.widths[k] * static_cast<float>(spec.values->cols())) + 1.0f,
                       std::ceil(chrome.y + row.cell_h * static_cast<float>(spec.values->rows())) + 1.0f));
    }
  }
}

void draw_attention_view(ViewContext& view) {
  if (view.index == 0) {
    draw_attention_controls(view);
  } else {
    ImGui::Dummy(ImVec2(1.0f, ImGui::GetFrameHeight()));
  }
  const std::shared_ptr<const AttentionData>& source = view.data.attention;
  if (!source->error.empty()) {
    note_text("%s", trf("views.attention.error", {source->error}).c_str());
    return;
  }
  // Computed by the configuration's worker for the order the controls set (the worker's newest
  // result: the order it was computed for, which may be a frame behind the buttons).
  const AttentionOrderData& memo = *view.data.attention_order;
  if (!memo.error.empty()) {
    note_text("%s", trf("views.attention.error", {memo.error}).c_str());
    return;
  }
  const std::vector<std::int64_t>& order = memo.order;
  const AttentionDemo& demo = memo.demo;
  const bool identity = std::is_sorted(order.begin(), order.end());
  const auto head = source->weights.wq.cols();
  // The explanation is the same for every configuration: once, in the first panel; the numbers
  // are each configuration's own.
  const std::string without = plot::format_number(memo.moved_without.maxCoeff(), 2);
  const std::string with = plot::format_number(memo.moved_with.maxCoeff(), 3);
  // Positions past the table (N < 6) come from the kind's rule: say so.
  const EncodingParams& e = view.data.request.table.encoding;
  const auto words_count = static_cast<std::int64_t>(attention_sentence_tokens().size());
  if (e.positions < words_count)
    note_text("%s",
              trf("views.attention.past_table", {std::to_string(e.positions), std::to_string(words_count)})
                  .c_str());
  const std::vector<std::string> words = slot_words(order);
  const float em = ImGui::GetFontSize();
  const float line = ImGui::GetTextLineHeightWithSpacing();

  // The four terms and their sum, on one colour scale (so their sizes compare).
  const AttentionTerms& t = demo.terms;
  const ValueRange logit_range =
      symmetric_range_of({&t.word_word, &t.word_position, &t.position_word, &t.position_position, &t.total});
  const Matrix* term_values[5] = {&t.word_word, &t.word_position, &t.position_word, &t.position_position,
                                  &t.total};
  const char* term_titles[5] = {"w·w", "+ w·p", "+ p·w", "+ p·p", "= a"};
  const char* term_ids[5] = {"##ww", "##wp", "##pw", "##pp", "##a"};
  // Softmax weights and outputs, without and with positions.
  const ValueRange output_range = symmetric_range_of({&demo.output_without, &demo.output_with});
  const std::vector<std::string> dims = numbered(head);
  const Colormap weight_map =
      view.display.colormap == Colormap::red_blue ? Colormap::viridis : view.display.colormap;
  const Matrix* values[4] = {&demo.weights_without, &demo.output_without, &demo.weights_with,
                             &demo.output_with};
  const char* titles[4] = {tr("views.attention.weights_without"), tr("views.attention.output_without"),
                           tr("views.attention.weights_with"), tr("views.attention.output_with")};
  const char* ids[4] = {"##weights_without", "##output_without", "##weights_with", "##output_with"};

  std::vector<MatrixGridSpec> specs(9);
  for (std::size_t g = 0; g < specs.size(); ++g) {
    specs[g].placements = &view.placements;
    specs[g].placement_name = g < 5        ? "attention-logits"
                              : g % 2 == 1 ? "attention-weights"
                                           : "attention-output";
    specs[g].config = static_cast<int>(view.index);
  }
  for (int g = 0; g < 5; ++g) {
    MatrixGridSpec& spec = specs[static_cast<std::size_t>(g)];
    spec.id = term_ids[g];
    spec.title = term_titles[g];
    spec.values = term_values[g];
    spec.range = logit_range;
    spec.colormap = Colormap::red_blue;
    spec.row_labels = words;
    spec.col_labels = words;
    spec.hover_text = [&, g](int r, int c) {
      std::string text = words[static_cast<std::size_t>(r)];
      text += " → ";
      text += words[static_cast<std::size_t>(c)];
      text += ": ";
      text += plot::format_number((*term_values[g])(r, c), 6);
      return text;
    };
  }
  for (int g = 0; g < 4; ++g) {
    MatrixGridSpec& spec = specs[static_cast<std::size_t>(5 + g)];
    const bool output = g % 2 == 1;
    spec.id = ids[g];
    spec.title = titles[g];
    spec.values = values[g];
    spec.range = output ? output_range : ValueRange{0.0, 1.0};
    spec.colormap = output ? Colormap::red_blue : weight_map;
    spec.row_labels = words;
    spec.col_labels = output ? dims : words;
    const Vector* moved = g < 2 ? &memo.moved_without : &memo.moved_with;
    spec.hover_text = [&, g, output, moved](int r, int c) {
      std::string text = words[static_cast<std::size_t>(r)];
      if (output) {
        text += ", z[";
        text += std::to_string(c);
        text += "]";
      } else {
        text += " → ";
        text += words[static_cast<std::size_t>(c)];
      }
      text += " = ";
      text += plot::format_number((*values[g])(r, c), 6);
      if (output) {
        text += "\n";
        text += trf("views.attention.row_moved", {plot::format_number((*moved)[r], 3)});
      }
      return text;
    };
  }
  // One row each when there is room, else the terms and the outputs over two rows each. Row labels on
  // the first grid of a row only.
  std::vector<std::vector<int>> top = {{0, 1, 2, 3, 4}}, bottom = {{5, 6, 7, 8}};
  if (ImGui::GetContentRegionAvail().x < 34.0f * em) {
    top = {{0, 1, 2}, {3, 4}};
    bottom = {{5, 6}, {7, 8}};
  }
  std::vector<std::vector<int>> all = top;
  all.insert(all.end(), bottom.begin(), bottom.end());
  std::vector<MatrixGridSpec> short_specs = specs;  // draw_short_grids labels its rows itself
  for (const std::vector<int>& row : all)
    for (std::size_t k = 1; k < row.size(); ++k) specs[static_cast<std::size_t>(row[k])].row_labels.clear();
  const std::string terms_heading = trf("views.attention.terms", {std::to_string(head)});
  // The cells of the nine grids in `area`, below their headings (which wrap in narrow panels) and
  // colour legends.
  const auto full_cells = [&](ImVec2 area) {
    const float headings = ImGui::CalcTextSize(terms_heading.c_str(), nullptr, false, area.x).y +
                           ImGui::CalcTextSize(tr("views.attention.outputs"), nullptr, false, area.x).y +
                           2.0f * ImGui::GetStyle().ItemSpacing.y;
    return fit_cells(specs, all, area.x, area.y - headings - 2.0f * line);
  };
  // A short panel (a slide at 1024 x 768, compare mode's stacked panels), or one where the nine grids
  // would be smaller than a projector's readable side, keeps its room for the matrices: no hint (in the
  // first panel it would make the grids smaller than in the others), and one or two rows of grids with
  // every word labelled: the split of the logits while the sentence is in order, what reordering does
  // once it is not (weights and outputs without and with positions).
  const ImVec2 room = ImGui::GetContentRegionAvail();
  const CellSizes room_cells = full_cells(room);
  float smallest_full = FLT_MAX;
  for (std::size_t r = 0; r < all.size(); ++r)
    for (int g : all[r]) {
      const Matrix& m = *specs[static_cast<std::size_t>(g)].values;
      smallest_full = std::min({smallest_full, room_cells.widths[r] * static_cast<float>(m.cols()),
                                room_cells.height * static_cast<float>(m.rows())});
    }
  const bool short_panel =
      room.y < 18.0f * ImGui::GetTextLineHeightWithSpacing() || smallest_full < readable_matrix_side();
  // The hint tells the user to click a word: a class watching a slide cannot.
  if (view.index == 0 && !short_panel) {
    if (!identity) {
      note_text("%s", trf("views.attention.moved", {without, with}).c_str());
    } else if (!view.lessons.presenting) {
      note_text("%s", tr("views.attention.hint"));
    }
  } else if (!identity) {
    note_text("%s", trf("views.attention.moved_short", {without, with}).c_str());
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (short_panel) {
    specs = std::move(short_specs);
    const std::vector<int> row = identity ? std::vector<int>{0, 1, 2, 3, 4} : std::vector<int>{5, 6, 7, 8};
    draw_short_grids(specs, row, avail.x, avail.y - line);
    if (identity) {
      draw_color_legend(tr("views.attention.logit_scale"), logit_range, Colormap::red_blue, avail.x);
    } else {
      draw_color_legend(tr("views.attention.output_scale"), output_range, Colormap::red_blue, avail.x);
    }
    return;
  }
  const CellSizes cells = full_cells(avail);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(terms_heading.c_str());
  ImGui::PopTextWrapPos();
  draw_rows(specs, top, cells, 0);
  draw_color_legend(tr("views.attention.logit_scale"), logit_range, Colormap::red_blue, avail.x);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(tr("views.attention.outputs"));
  ImGui::PopTextWrapPos();
  draw_rows(specs, bottom, cells, top.size());
  draw_color_legend(tr("views.attention.output_scale"), output_range, Colormap::red_blue, avail.x);
}

using namespace export_arrays;

// The arrays behind the view, for its Export menu (view_data_export.hpp).
std::vector<ExportArray> export_attention_data(const ExportContext& sources, std::size_t slot, ExportDetail) {
  const auto data = fresh_data(sources, slot, item_attention);
  const AttentionData& attention = *data->attention;
  require_no_error(attention.error);
  // What the view shows: the worker's demo for the order the user clicked.
  if (data->request.attention_order != sources.settings.attention.order)
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

// Its input to each configuration's request: the order the words are put in.
void attention_request_inputs(const ViewSettings& settings, const DisplaySettings&, ComputeRequest& request) {
  request.attention_order = settings.attention.order;
}

}  // namespace

// The view's row in the registry (view_registry.hpp).
constinit const ViewType attention_view_type = {
    .id = "attention",
    .title = "Attention with and without positions",
    .summary = "the four terms of the logits with x = w + p, and what permuting the words does",
    .needs = item_attention,
    .scope = ViewScope::per_config,
    .width = 1.6f,
    .draw = draw_attention_view,
    .request_inputs = attention_request_inputs,
    .export_data = export_attention_data,
    // Two rows of grids of at least min_matrix_side_px, three in the first, with the row labels; under
    // the controls, each row with its title and upright words, and the colour legend (measured at
    // 1024 x 768 and 1920 x 1080 with four configurations).
    .min_panel_width = 30.0f,
    .min_panel_height = 32.0f,
};

}  // namespace pelab::app::ui
