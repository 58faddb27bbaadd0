// Rich-text markup and label placement of the plot layer. See labels.hpp for the rules.
#include "labels.hpp"

#include <algorithm>
#include <limits>

namespace pelab::plot {

namespace {

bool is_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// Length of the markup at text[i] ('_' or '^'), or 0 when it is literal; `body` gets the script's text.
size_t markup_at(std::string_view text, size_t i, std::string_view& body) {
  const char c = text[i];
  if ((c != '_' && c != '^') || i + 1 >= text.size()) return 0;
  if (text[i + 1] == '{') {
    int depth = 0;
    for (size_t j = i + 1; j < text.size(); ++j) {
      if (text[j] == '{') ++depth;
      if (text[j] == '}' && --depth == 0) {
        body = text.substr(i + 2, j - i - 2);
        return j - i + 1;
      }
    }
    return 0;  // unmatched: literal
  }
  // Single-character form: only maths-like uses ("P_p", "2^k"), never identifiers ("max_distance").
  if (i == 0 || text[i - 1] == ' ' || !is_alnum(text[i + 1])) return 0;
  if (i + 2 < text.size() && is_alnum(text[i + 2])) return 0;
  body = text.substr(i + 1, 1);
  return 2;
}

void append(std::vector<RichRun>& runs, std::string_view s, int level) {
  if (s.empty()) return;
  if (!runs.empty() && runs.back().level == level) {
    runs.back().text.append(s);
  } else {
    runs.push_back({std::string(s), level});
  }
}

}  // namespace

std::vector<RichRun> parse_rich_text(std::string_view text) {
  std::vector<RichRun> runs;
  size_t literal = 0;  // start of the pending literal text
  for (size_t i = 0; i < text.size();) {
    std::string_view body;
    const size_t n = markup_at(text, i, body);
    if (n == 0) {
      ++i;
      continue;
    }
    append(runs, text.substr(literal, i - literal), 0);
    append(runs, body, text[i] == '_' ? -1 : 1);
    i += n;
    literal = i;
  }
  append(runs, text.substr(literal), 0);
  return runs;
}

bool has_rich_markup(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    std::string_view body;
    if (markup_at(text, i, body) != 0) return true;
  }
  return false;
}

std::string strip_rich_markup(std::string_view text) {
  std::string out;
  for (const RichRun& r : parse_rich_text(text)) out += r.text;
  return out;
}

float LabelBox::overlap_area(const LabelBox& o) const {
  const float w = std::min(x1, o.x1) - std::max(x0, o.x0), h = std::min(y1, o.y1) - std::max(y0, o.y0);
  return w > 0 && h > 0 ? w * h : 0.0f;
}

std::vector<LabelPlacement> place_labels(const LabelBox& bounds, const std::vector<LabelBox>& obstacles,
                                         const std::vector<LabelPoint>& data_points,
                                         const std::vector<LabelRequest>& labels) {
  std::vector<LabelPlacement> out;
  std::vector<LabelBox> taken = obstacles;
  out.reserve(labels.size());
  const auto box_at = [](const LabelRequest& r, LabelPoint p) {
    return LabelBox{p.x, p.y, p.x + r.width, p.y + r.height};
  };
  const auto is_free = [&](const LabelBox& b) {
    if (!bounds.contains(b)) return false;
    for (const LabelBox& t : taken)
      if (t.overlaps(b)) return false;
    return true;
  };
  const auto covered = [&](const LabelBox& b) {
    int n = 0;
    for (const LabelPoint& p : data_points) n += b.contains(p) ? 1 : 0;
    return n;
  };
  constexpr int kRing = 8;
  for (const LabelRequest& r : labels) {
    LabelPlacement placed;
    const int n = static_cast<int>(r.candidates.size());
    if (n == 0) {
      out.push_back(placed);
      continue;
    }
    int first_free = -1, best = -1, best_cover = std::numeric_limits<int>::max();
    for (int i = 0; i < n && (first_free < 0 || i < first_free + kRing); ++i) {
      const LabelBox b = box_at(r, r.candidates[static_cast<size_t>(i)]);
      if (!is_free(b)) continue;
      if (first_free < 0) first_free = i;
      const int cover = covered(b);
      if (cover < best_cover) best = i, best_cover = cover;
      if (cover == 0) break;  // nothing better can follow
    }
    if (best >= 0) {
      placed.box = box_at(r, r.candidates[static_cast<size_t>(best)]);
      placed.candidate = best;
      placed.free = true;
    } else {
      // Nothing free: the candidate (slid inside the bounds) that overlaps the least.
      float least = std::numeric_limits<float>::infinity();
      for (int i = 0; i < n; ++i) {
        LabelPoint p = r.candidates[static_cast<size_t>(i)];
        p.x = std::max(bounds.x0, std::min(p.x, bounds.x1 - r.width));
        p.y = std::max(bounds.y0, std::min(p.y, bounds.y1 - r.height));
        const LabelBox b = box_at(r, p);
        float area = 0;
        for (const LabelBox& t : taken) area += t.overlap_area(b);
        if (area < least) least = area, placed.box = b, placed.candidate = i;
      }
    }
    taken.push_back(placed.box);
    out.push_back(placed);
  }
  return out;
}

std::vector<LabelPoint> candidates_around(LabelPoint a, float w, float h, float gap, float step, int rings) {
  std::vector<LabelPoint> out;
  out.reserve(static_cast<size_t>(std::max(rings, 0)) * 8);
  for (int r = 0; r < rings; ++r) {
    const float d = gap + step * static_cast<float>(r);
    const float q = 0.7071f * d;                // the diagonal ones keep their corner d away from the anchor
    out.push_back({a.x + q, a.y - q - h});      // right-above
    out.push_back({a.x - q - w, a.y - q - h});  // left-above
    out.push_back({a.x + q, a.y + q});          // right-below
    out.push_back({a.x - q - w, a.y + q});      // left-below
    out.push_back({a.x + d, a.y - 0.5f * h});   // right
    out.push_back({a.x - d - w, a.y - 0.5f * h});  // left
    out.push_back({a.x - 0.5f * w, a.y - d - h});  // above
    out.push_back({a.x - 0.5f * w, a.y + d});      // below
  }
  return out;
}

}  // namespace pelab::plot
