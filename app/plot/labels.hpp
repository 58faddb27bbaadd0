// pelab plot layer, pure part: rich-text markup of plot labels and the placement of labels so that they do
// not overlap. No ImGui here, so both are unit-tested (tests/app/test_plot_ticks.cpp).
//
// Rich text (plot titles, axis labels, legend entries, marker labels, line tags, PlotText, the readout):
// - "_{...}" is a subscript and "^{...}" a superscript: "P_{p+k}", "base^{-2k/D}". Braces may nest inside;
//   the markup itself does not (what is between the braces is shown as it is).
// - "_x" / "^x" with a single ASCII letter or digit x is a sub / superscript too, but only when x is not
//   followed by another letter or digit and the '_' / '^' follows something other than a space: "P_p · P_q",
//   "S_A", "2^k" are maths, while identifiers such as "max_distance", "high_freq" or "base_100" and a lone
//   "x ^ 2" stay as they are written.
// - Anything else is literal, including an unmatched "_{".
//
// Placement (place_labels): labels are placed one after another in the order given (the caller puts the
// fixed ones first: legend and line tags, then marker labels, then free text). Each label offers candidate
// positions in its order of preference; it takes the first candidate that lies inside the bounds and
// overlaps neither an obstacle nor a label placed before it, except that among the free candidates up to
// one ring (8 candidates) past the first free one, the one that covers the fewest data points wins (ties go
// to the earlier candidate). A label with no free candidate takes the one, slid inside the bounds, that
// overlaps the least area. The result depends only on the input: a fixed scene never makes labels jump.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pelab::plot {

struct RichRun {
  std::string text;
  int level = 0;  // -1 subscript, 0 normal, +1 superscript
};

// The runs of one line of rich text (no '\n' handling: callers split lines first). Adjacent runs of the same
// level are merged; an empty text gives no runs.
std::vector<RichRun> parse_rich_text(std::string_view text);
// True when `text` contains any sub- or superscript markup (so plain text can take the fast path).
bool has_rich_markup(std::string_view text);
// `text` with the markup removed ("P_{p+k}" -> "Pp+k"): for logs and for measuring in tests.
std::string strip_rich_markup(std::string_view text);

struct LabelPoint {
  float x = 0, y = 0;
};

struct LabelBox {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  float width() const { return x1 - x0; }
  float height() const { return y1 - y0; }
  // Touching edges do not count: labels may sit flush against each other.
  bool overlaps(const LabelBox& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
  bool contains(const LabelBox& o) const { return o.x0 >= x0 && o.x1 <= x1 && o.y0 >= y0 && o.y1 <= y1; }
  bool contains(LabelPoint p) const { return p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1; }
  float overlap_area(const LabelBox& o) const;
};

struct LabelRequest {
  float width = 0, height = 0;         // the label's box (plate included)
  std::vector<LabelPoint> candidates;  // top-left corners, most preferred first
};

struct LabelPlacement {
  LabelBox box;
  int candidate = -1;  // index into LabelRequest::candidates; -1 for an empty request
  bool free = false;   // the box overlaps no obstacle and no earlier label and lies inside the bounds
};

std::vector<LabelPlacement> place_labels(const LabelBox& bounds, const std::vector<LabelBox>& obstacles,
                                         const std::vector<LabelPoint>& data_points,
                                         const std::vector<LabelRequest>& labels);

// Candidate top-left corners for a w x h label around a point: ring r (0 .. rings-1) keeps the label's
// nearest corner or edge gap + r * step away, in the order right-above, left-above, right-below,
// left-below, right, left, above, below. 8 candidates per ring.
std::vector<LabelPoint> candidates_around(LabelPoint anchor, float w, float h, float gap, float step,
                                          int rings);

}  // namespace pelab::plot
