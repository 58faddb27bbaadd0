#include "ui/matrix_grid.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include "context/app_chrome.hpp"
#include "plot/plot.hpp"
#include "ui/soft_wrap.hpp"

namespace pelab::app::ui {
namespace {

// Black or white, whichever reads better on the cell colour.
ImU32 text_on(ImU32 background) {
  const float r = static_cast<float>((background >> IM_COL32_R_SHIFT) & 0xFF) / 255.0f;
  const float g = static_cast<float>((background >> IM_COL32_G_SHIFT) & 0xFF) / 255.0f;
  const float b = static_cast<float>((background >> IM_COL32_B_SHIFT) & 0xFF) / 255.0f;
  const float luminance = 0.2126f * r + 0.7152f * g + 0.0722f * b;
  return luminance > 0.5f ? IM_COL32(0, 0, 0, 255) : IM_COL32(255, 255, 255, 255);
}

float widest(const std::vector<std::string>& labels) {
  float width = 0.0f;
  for (const std::string& label : labels) width = std::max(width, ImGui::CalcTextSize(label.c_str()).x);
  return width;
}

// Every k-th label, so labels of `extent` pixels and `gap` between them do not overlap in cells of
// `cell` pixels. Lines of text stacked (row labels, upright column labels) need no gap, and 90% of a
// line: a line's height has the room between lines in it (the words are lower case, 3 letters).
int label_step(float extent, float cell, float gap = 4.0f) {
  return std::max(1, static_cast<int>(std::ceil((extent + gap) / std::max(cell, 1.0f))));
}

// How the column labels are drawn over columns `cell_w` wide. Words over narrow columns: a smaller
// font (down to 70%, none on a slide), else turned to read upwards when that labels more columns,
// because every other word ("the sat the") reads as a different sentence; else every k-th label.
struct ColumnLabels {
  bool vertical = false;
  float scale = 1.0f;  // of the font, horizontal labels
  int step = 1;        // every step-th column is labelled
  float room = 0.0f;   // the height they take above the cells
};

ColumnLabels column_labels(const MatrixGridSpec& spec, float cell_w) {
  ColumnLabels labels;
  if (spec.col_labels.empty()) return labels;
  const float em = ImGui::GetFontSize();
  const float line = ImGui::GetTextLineHeight();
  const float widest_label = widest(spec.col_labels);
  labels.scale = plot::TextScale((cell_w - 4.0f) / std::max(widest_label, 1.0f), 0.7f);
  labels.step = label_step(widest_label * labels.scale + 0.3f * em, cell_w);  // a visible gap between them
  labels.room = line + 0.1f * em;
  const int vertical_step = label_step(0.9f * line, cell_w, 0.0f);
  if (vertical_step < labels.step) labels = ColumnLabels{true, 1.0f, vertical_step, widest_label + 0.3f * em};
  return labels;
}

}  // namespace

ImU32 colormap_u32(Colormap colormap, double t, float alpha) {
  const Rgb8 c = colormap_color(colormap, t);
  return IM_COL32(c.r, c.g, c.b, static_cast<int>(255.0f * alpha));
}

ValueRange symmetric_range_of(std::initializer_list<const Matrix*> matrices) {
  double largest = 0.0;
  for (const Matrix* m : matrices) {
    if (!m) continue;
    for (Eigen::Index i = 0; i < m->size(); ++i) {
      const double v = m->data()[i];
      if (std::isfinite(v)) largest = std::max(largest, std::abs(v));
    }
  }
  if (!(largest > 0.0)) largest = 1.0;
  return ValueRange{-largest, largest};
}

ValueRange symmetric_range_of(const std::vector<Matrix>& matrices) {
  ValueRange range{-1.0, 1.0};
  bool first = true;
  for (const Matrix& m : matrices) {
    const ValueRange one = symmetric_range_of({&m});
    range = first ? one : ValueRange{std::min(range.lo, one.lo), std::max(range.hi, one.hi)};
    first = false;
  }
  return range;
}

bool matrix_values_fit(const MatrixGridSpec& spec, float w, float h) {
  if (!spec.values || h < ImGui::GetTextLineHeight() + 2.0f) return false;
  for (Eigen::Index i = 0; i < spec.values->size(); ++i) {
    const double v = spec.values->data()[i];
    if (std::isfinite(v) && ImGui::CalcTextSize(plot::format_number(v, spec.digits).c_str()).x + 4.0f > w)
      return false;
  }
  return true;
}

ImVec2 matrix_grid_chrome(const MatrixGridSpec& spec, float cell_w) {
  const float em = ImGui::GetFontSize();
  const float line = ImGui::GetTextLineHeight();
  const float title = spec.title ? line + 0.2f * em : 0.0f;
  const float left = spec.row_labels.empty() ? 0.0f : widest(spec.row_labels) + 0.4f * em;
  return ImVec2(left, title + column_labels(spec, cell_w).room);
}

ImVec2 matrix_grid_size(const MatrixGridSpec& spec, float cell) {
  const ImVec2 chrome = matrix_grid_chrome(spec, cell);
  const auto rows = spec.values ? static_cast<float>(spec.values->rows()) : 0.0f;
  const auto cols = spec.values ? static_cast<float>(spec.values->cols()) : 0.0f;
  return ImVec2(std::ceil(chrome.x + cols * cell) + 1.0f, std::ceil(chrome.y + rows * cell) + 1.0f);
}

MatrixGridHover draw_matrix_grid(const MatrixGridSpec& spec, ImVec2 size) {
  MatrixGridHover hover;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (size.x <= 0.0f) size.x = avail.x;
  if (size.y <= 0.0f) size.y = avail.y;
  size.x = std::max(size.x, 1.0f);
  size.y = std::max(size.y, 1.0f);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(spec.id, size);
  const bool hovered = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  if (!spec.values || spec.values->rows() == 0 || spec.values->cols() == 0) return hover;
  const Matrix& m = *spec.values;
  const auto rows = static_cast<int>(m.rows()), cols = static_cast<int>(m.cols());

  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float em = ImGui::GetFontSize();
  const float line = ImGui::GetTextLineHeight();
  const ImU32 text_color = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim_color = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  float top = origin.y;
  if (spec.title) {
    // A title wider than its grid would be cut by the grid beside it: shrink it (to 75% at most; not
    // on a slide), then end it at a word with "…", then clip what still does not fit.
    std::string title = spec.title;
    const float title_scale =
        plot::TextScale(size.x / std::max(ImGui::CalcTextSize(title.c_str()).x, 1.0f), 0.75f);
    for (std::size_t cut = title.rfind(' ');
         title_scale * ImGui::CalcTextSize(title.c_str()).x > size.x && cut != std::string::npos && cut > 0;
         cut = title.rfind(' ', cut - 1))
      title = std::string(spec.title, cut) + "…";
    const float title_size = em * title_scale;
    draw->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + line), true);
    draw->AddText(ImGui::GetFont(), title_size, ImVec2(origin.x, origin.y + 0.5f * (em - title_size)),
                  text_color, title.c_str());
    draw->PopClipRect();
    top += line + 0.2f * em;
  }
  // The cells with the column labels' room for cells as wide as the grid allows, then again when
  // that width turns them upright (which takes more room above).
  const float left_margin = matrix_grid_chrome(spec, FLT_MAX).x;
  const float room_x = size.x - left_margin;
  float cell_w = 0.0f, cell_h = 0.0f, top_margin = 0.0f;
  ColumnLabels labels;
  for (float widest_cells = room_x / static_cast<float>(cols);;) {
    labels = column_labels(spec, widest_cells);
    top_margin = labels.room;
    const float room_y = origin.y + size.y - top - top_margin;
    if (room_x < 4.0f || room_y < 4.0f) return hover;
    cell_w = room_x / static_cast<float>(cols);
    cell_h = room_y / static_cast<float>(rows);
    if (spec.square_cells) cell_w = cell_h = std::min(cell_w, cell_h);
    cell_w = std::floor(cell_w * 4.0f) / 4.0f;
    cell_h = std::floor(cell_h * 4.0f) / 4.0f;
    if (labels.vertical || !column_labels(spec, cell_w).vertical) break;
    widest_cells = cell_w;
  }
  // The cells may have narrowed since the labels were chosen: their size and spacing for these cells.
  if (labels.vertical) {
    labels.step = label_step(0.9f * line, cell_w, 0.0f);
  } else {
    const ColumnLabels at_cells = column_labels(spec, cell_w);
    labels.scale = at_cells.scale;
    labels.step = at_cells.step;
  }
  const ImVec2 cells(origin.x + left_margin, top + top_margin);
  const ImVec2 cells_end(cells.x + cell_w * static_cast<float>(cols),
                         cells.y + cell_h * static_cast<float>(rows));
  if (spec.placements)
    spec.placements->push_back(HeatmapPlacement{spec.placement_name, spec.config, cells, cells_end, rows,
                                                cols, spec.colormap, spec.range});

  // Column labels above (column_labels), row labels on the left, thinned so they never overlap.
  if (!spec.col_labels.empty() && spec.show_col_labels) {
    const float label_size = em * labels.scale;
    for (int c = 0; c < cols && c < static_cast<int>(spec.col_labels.size()); c += labels.step) {
      const char* text = spec.col_labels[static_cast<std::size_t>(c)].c_str();
      const float w = ImGui::CalcTextSize(text).x * labels.scale;
      const float centre = cells.x + (static_cast<float>(c) + 0.5f) * cell_w;
      if (labels.vertical) {  // ending just above its column
        plot::AddRichTextVertical(draw, ImVec2(centre, cells.y - 0.2f * em - 0.5f * w), dim_color, text);
        continue;
      }
      // Within the grid, so a label never runs into the grid beside it.
      const float x = std::clamp(centre - 0.5f * w, origin.x, std::max(origin.x, cells_end.x - w));
      draw->AddText(ImGui::GetFont(), label_size, ImVec2(x, cells.y - 0.1f * em - 0.5f * (line + label_size)),
                    dim_color, text);
    }
  }
  if (!spec.row_labels.empty() && spec.show_row_labels) {
    const int step = label_step(0.9f * line, cell_h, 0.0f);
    for (int r = 0; r < rows && r < static_cast<int>(spec.row_labels.size()); r += step) {
      const char* text = spec.row_labels[static_cast<std::size_t>(r)].c_str();
      const float w = ImGui::CalcTextSize(text).x;
      draw->AddText(
          ImVec2(cells.x - 0.3f * em - w, cells.y + (static_cast<float>(r) + 0.5f) * cell_h - 0.5f * line),
          dim_color, text);
    }
  }

  // Cells, with their values printed when every one of them fits (some printed and some not
  // would read as if the blank ones were special).
  bool print_values = spec.show_values && cell_h >= line + 2.0f;
  std::vector<std::string> texts;
  if (print_values) {
    texts.reserve(static_cast<std::size_t>(rows * cols));
    for (int r = 0; r < rows && print_values; ++r) {
      for (int c = 0; c < cols; ++c) {
        texts.push_back(std::isfinite(m(r, c)) ? plot::format_number(m(r, c), spec.digits) : std::string());
        if (ImGui::CalcTextSize(texts.back().c_str()).x + 4.0f > cell_w) {
          print_values = false;
          break;
        }
      }
    }
  }
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const ImVec2 a(cells.x + static_cast<float>(c) * cell_w, cells.y + static_cast<float>(r) * cell_h);
      const ImVec2 b(a.x + cell_w, a.y + cell_h);
      const double v = m(r, c);
      if (!std::isfinite(v)) {  // masked: a hatched grey cell
        draw->AddRectFilled(a, b, IM_COL32(128, 128, 128, 90));
        if (cell_w >= 6.0f)
          draw->AddLine(ImVec2(a.x + 1, b.y - 1), ImVec2(b.x - 1, a.y + 1), IM_COL32(128, 128, 128, 200));
        continue;
      }
      const ImU32 fill = colormap_u32(spec.colormap, normalize(v, spec.range));
      draw->AddRectFilled(a, b, fill);
      if (print_values) {
        const std::string& text = texts[static_cast<std::size_t>(r * cols + c)];
        const ImVec2 t = ImGui::CalcTextSize(text.c_str());
        draw->AddText(ImVec2(a.x + 0.5f * (cell_w - t.x), a.y + 0.5f * (cell_h - t.y)), text_on(fill),
                      text.c_str());
      }
    }
  }
  // Thin separators when the cells are large: a matrix, not a blur.
  if (cell_w >= 10.0f && cell_h >= 10.0f) {
    const ImU32 grid = ImGui::GetColorU32(ImGuiCol_WindowBg, 0.6f);
    for (int c = 1; c < cols; ++c)
      draw->AddLine(ImVec2(cells.x + static_cast<float>(c) * cell_w, cells.y),
                    ImVec2(cells.x + static_cast<float>(c) * cell_w, cells_end.y), grid);
    for (int r = 1; r < rows; ++r)
      draw->AddLine(ImVec2(cells.x, cells.y + static_cast<float>(r) * cell_h),
                    ImVec2(cells_end.x, cells.y + static_cast<float>(r) * cell_h), grid);
  }
  const ImU32 outline = ImGui::GetColorU32(ImGuiCol_Text);
  if (spec.highlight_row && *spec.highlight_row >= 0 && *spec.highlight_row < rows) {
    const float y = cells.y + static_cast<float>(*spec.highlight_row) * cell_h;
    draw->AddRect(ImVec2(cells.x - 1, y - 1), ImVec2(cells_end.x + 1, y + cell_h + 1), outline, 0.0f, 0,
                  2.0f);
  }
  if (spec.highlight_col && *spec.highlight_col >= 0 && *spec.highlight_col < cols) {
    const float x = cells.x + static_cast<float>(*spec.highlight_col) * cell_w;
    draw->AddRect(ImVec2(x - 1, cells.y - 1), ImVec2(x + cell_w + 1, cells_end.y + 1), outline, 0.0f, 0,
                  2.0f);
  }

  if (hovered) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const int c = static_cast<int>(std::floor((mouse.x - cells.x) / cell_w));
    const int r = static_cast<int>(std::floor((mouse.y - cells.y) / cell_h));
    if (c >= 0 && c < cols && r >= 0 && r < rows) {
      hover = MatrixGridHover{true, r, c, clicked};
      const ImVec2 a(cells.x + static_cast<float>(c) * cell_w, cells.y + static_cast<float>(r) * cell_h);
      draw->AddRect(a, ImVec2(a.x + cell_w, a.y + cell_h), outline, 0.0f, 0, 2.0f);
      // Appended piece by piece: `"[" + std::string&&` trips GCC 12's false -Wrestrict in some unity
      // batches.
      std::string text;
      if (spec.hover_text) {
        text = spec.hover_text(r, c);
      } else {
        text = "[";
        text += std::to_string(r);
        text += ", ";
        text += std::to_string(c);
        text += "] = ";
        text += plot::format_number(m(r, c), 9);
      }
      if (plot::HoverReadoutShown()) {
        ImGui::BeginTooltip();
        ImGui::TextUnformatted(text.c_str());
        ImGui::EndTooltip();
      }
    }
  }
  return hover;
}

void draw_legend_row(const std::vector<LegendEntry>& entries) {
  const float em = ImGui::GetFontSize();
  const float line = ImGui::GetTextLineHeight();
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  const float row = ImGui::GetContentRegionAvail().x;
  bool first = true;
  for (const LegendEntry& entry : entries) {
    // An entry longer than the whole row (a narrow column, a projector's font) is drawn smaller,
    // down to 70%, then wrapped at its spaces onto more lines: never past the row's end into the
    // next panel, never cut.
    const float text_w = ImGui::CalcTextSize(entry.label.c_str()).x;
    const float text_room = row - 1.6f * em;
    const float scale = plot::TextScale(text_room / std::max(text_w, 1.0f), 0.7f);
    const float size = em * scale;
    const std::string wrapped = soft_wrap(entry.label, text_room, [&](std::string_view part) {
      return scale * ImGui::CalcTextSize(part.data(), part.data() + part.size()).x;
    });
    const auto lines = static_cast<float>(std::count(wrapped.begin(), wrapped.end(), '\n') + 1);
    const float width = std::min(row, 1.6f * em + text_w * scale);
    if (!first) {
      ImGui::SameLine(0.0f, 1.0f * em);
      if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
    }
    first = false;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(width, line * lines));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float y = at.y + 0.5f * line;
    if (entry.dot) {
      draw->AddCircleFilled(ImVec2(at.x + 0.6f * em, y), 0.3f * em, entry.color);
    } else {
      draw->AddLine(ImVec2(at.x, y), ImVec2(at.x + 1.2f * em, y), entry.color, 2.0f);
    }
    draw->PushClipRect(at, ImVec2(right, at.y + line * lines), true);
    float text_y = at.y + 0.5f * (em - size);
    for (std::size_t begin = 0; begin <= wrapped.size(); text_y += line) {
      const std::size_t end = std::min(wrapped.find('\n', begin), wrapped.size());
      draw->AddText(ImGui::GetFont(), size, ImVec2(at.x + 1.6f * em, text_y),
                    ImGui::GetColorU32(ImGuiCol_Text), wrapped.data() + begin, wrapped.data() + end);
      begin = end + 1;
    }
    draw->PopClipRect();
  }
}

void draw_color_legend(const char* label, ValueRange range, Colormap colormap, float width) {
  const float em = ImGui::GetFontSize();
  const float line = ImGui::GetTextLineHeight();
  const std::string lo = plot::format_number(range.lo, 3), hi = plot::format_number(range.hi, 3);
  const float lo_w = ImGui::CalcTextSize(lo.c_str()).x, hi_w = ImGui::CalcTextSize(hi.c_str()).x;
  // A label that leaves the bar less than 3 em is drawn smaller (down to 70%); in a narrower area the
  // bar gives way (down to 1.5 em), then the label is clipped, so the high end's value always stays
  // inside `width` (a T5 legend beside four heads' matrices at 1024 x 768 ran past the panel's edge).
  const float label_full = label ? ImGui::CalcTextSize(label).x : 0.0f;
  const float label_room = width - lo_w - hi_w - 1.8f * em - 3.0f * em;
  const float label_scale = label ? plot::TextScale(label_room / std::max(label_full, 1.0f), 0.7f) : 1.0f;
  const float values_w = lo_w + hi_w + 1.2f * em;
  const float bar_w =
      std::clamp(width - label_full * label_scale - 0.6f * em - values_w, 1.5f * em, 12.0f * em);
  const float label_w =
      label ? std::max(0.0f, std::min(label_full * label_scale + 0.6f * em, width - values_w - bar_w)) : 0.0f;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(label_w + lo_w + bar_w + hi_w + 1.2f * em, line));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  float x = origin.x;
  if (label) {
    const float size = em * label_scale;
    const ImVec4 clip(x, origin.y, x + std::max(0.0f, label_w - 0.3f * em), origin.y + line);
    draw->AddText(ImGui::GetFont(), size, ImVec2(x, origin.y + 0.5f * (em - size)), text, label, nullptr,
                  0.0f, &clip);
    x += label_w;
  }
  draw->AddText(ImVec2(x, origin.y), text, lo.c_str());
  x += lo_w + 0.6f * em;
  constexpr int steps = 48;
  const float h = 0.7f * line, y = origin.y + 0.5f * (line - h);
  for (int s = 0; s < steps; ++s) {
    const float x0 = x + bar_w * static_cast<float>(s) / steps,
                x1 = x + bar_w * static_cast<float>(s + 1) / steps;
    draw->AddRectFilled(ImVec2(x0, y), ImVec2(x1 + 0.5f, y + h), colormap_u32(colormap, (s + 0.5) / steps));
  }
  x += bar_w + 0.6f * em;
  draw->AddText(ImVec2(x, origin.y), text, hi.c_str());
}

}  // namespace pelab::app::ui
