#pragma once
// Small matrices drawn as coloured cells on the CPU (ImDrawList), for the views whose matrices are
// a few dozen rows at most: attention logits, normalised batches, per-head biases. Unlike the GPU
// heatmaps they carry row and column labels (tokens, heads), print the value in each cell when the
// cell is large enough, and draw masked entries (-inf, NaN) as hatched cells.
#include <algorithm>
#include <cfloat>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "pelab/io/colormap.hpp"
#include "pelab/types.hpp"

namespace pelab::app {
struct HeatmapPlacement;
}

namespace pelab::app::ui {

// The smallest side of a matrix's cells on a projector, in font heights: 154 px at a slide's 28 px.
inline constexpr float min_matrix_side_em = 5.5f;
// The smallest side of any matrix at 1024 x 768 (issue 19): 150 px, which is 8.3 font heights at the
// default 18 px font and less than min_matrix_side_em at a slide's 28 px.
inline constexpr float min_matrix_side_px = 150.0f;
// The side a view gives a matrix's cells at least, at the current font: the larger of the two.
inline float readable_matrix_side() {
  return std::max(min_matrix_side_em * ImGui::GetFontSize(), min_matrix_side_px);
}

struct MatrixGridSpec {
  const char* id = "##grid";
  const char* title = nullptr;  // one line above the cells
  const Matrix* values = nullptr;
  ValueRange range;
  Colormap colormap = Colormap::red_blue;
  std::vector<std::string> row_labels, col_labels;  // optional; drawn thinned when they would collide
  // Labels given but not drawn still take their room: grids side by side keep equal cells.
  bool show_row_labels = true, show_col_labels = true;
  int digits =
      2;  // significant digits printed in the cells (in all of them when every value fits, else in none)
  bool show_values = true;  // false: never print values (grids shown together print all or none)
  bool square_cells = true;
  // The tooltip of a hovered cell (default: "[r, c] = value").
  std::function<std::string(int row, int col)> hover_text;
  std::optional<int> highlight_row;  // outlined
  std::optional<int> highlight_col;
  // Where the cells landed is added here (the view's placements, for `--geometry`), named so.
  std::vector<HeatmapPlacement>* placements = nullptr;
  const char* placement_name = "matrix";
  int config = 0;  // the configuration's slot index (0 for views across configurations)
};

struct MatrixGridHover {
  bool active = false;
  int row = 0, col = 0;
  bool clicked = false;
};

// Draws within `size` (a component <= 0: the available width / height) and reserves that space.
MatrixGridHover draw_matrix_grid(const MatrixGridSpec& spec, ImVec2 size);

// True when every value of the grid fits in cells of w x h pixels (what draw_matrix_grid prints).
bool matrix_values_fit(const MatrixGridSpec& spec, float w, float h);

// The room a grid needs besides its cells: its title, label margins (width, height). The column labels
// take more height over columns too narrow for them side by side (they are turned upright):
// `cell_w` is the columns' width.
ImVec2 matrix_grid_chrome(const MatrixGridSpec& spec, float cell_w = FLT_MAX);
// The size of a grid whose cells are `cell` pixels square.
ImVec2 matrix_grid_size(const MatrixGridSpec& spec, float cell);

// A row of legend entries (a short line or a dot in the item's colour, then its label), wrapping.
struct LegendEntry {
  std::string label;
  ImU32 color = 0;
  bool dot = false;  // a dot (scatter items) instead of a line
};
void draw_legend_row(const std::vector<LegendEntry>& entries);

// A horizontal colour legend: the colormap from lo to hi with the two values and a label.
void draw_color_legend(const char* label, ValueRange range, Colormap colormap, float width);

// The range -max|v| .. max|v| of the finite entries of several matrices (1 when all are 0).
ValueRange symmetric_range_of(std::initializer_list<const Matrix*> matrices);
ValueRange symmetric_range_of(const std::vector<Matrix>& matrices);

// A colour of the colormap at t in [0, 1], as ImGui wants it.
ImU32 colormap_u32(Colormap colormap, double t, float alpha = 1.0f);

}  // namespace pelab::app::ui
