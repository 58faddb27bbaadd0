#include <algorithm>

#include "state/params.hpp"

namespace pelab::app {

void clamp_to_table(ViewParams& params) {
  EncodingParams& e = params.encoding;
  e.positions = std::clamp<std::int64_t>(e.positions, 1, max_positions);
  e.dims = std::clamp<std::int64_t>(e.dims, 1, max_dims);
  e.start = std::clamp<std::int64_t>(e.start, 0, max_start);
  params.position = std::clamp(params.position, e.start, e.start + e.positions - 1);
  params.offset = std::clamp<std::int64_t>(params.offset, 0, e.positions - 1);
  params.dimension = std::clamp<std::int64_t>(params.dimension, 0, e.dims - 1);
  params.neighbour_curves = std::clamp(params.neighbour_curves, 0, max_neighbour_curves);
}

std::string_view to_string(ViewId view) {
  switch (view) {
    case ViewId::heatmap:
      return "heatmap";
    case ViewId::curves:
      return "curves";
    case ViewId::similarity:
      return "similarity";
    case ViewId::rotation:
      return "rotation";
    case ViewId::spectrum:
      return "spectrum";
  }
  return "heatmap";
}

std::optional<ViewId> parse_view_id(std::string_view name) {
  for (ViewId view : all_views) {
    if (to_string(view) == name) return view;
  }
  return std::nullopt;
}

std::string_view view_title(ViewId view) {
  switch (view) {
    case ViewId::heatmap:
      return "Heatmap of P";
    case ViewId::curves:
      return "Curves P[:, i]";
    case ViewId::similarity:
      return "Similarity S[p, q]";
    case ViewId::rotation:
      return "Offset as rotation T(k)";
    case ViewId::spectrum:
      return "Wavelength spectrum";
  }
  return "";
}

std::string_view to_string(Theme theme) { return theme == Theme::dark ? "dark" : "light"; }

std::optional<Theme> parse_theme(std::string_view name) {
  if (name == "dark") return Theme::dark;
  if (name == "light") return Theme::light;
  return std::nullopt;
}

}  // namespace pelab::app
