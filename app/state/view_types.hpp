#pragma once
// The view types by id, in the order of the grid, the sidebar's toggles and --help: the one list a
// new view joins (docs/architecture.md, "Add a view"). Everything else about a view is its row,
// `<id>_view_type` in app/ui/<id>_view.cpp; the registry (app/ui/view_registry.cpp) expands this
// list into those rows. The list is free of GUI code so that readers of ids without the UI (the
// session and lesson fuzz harnesses in tests/fuzz) take it from here instead of restating it.
#include <array>
#include <cstddef>
#include <string_view>

// VIEW(id) once per view type, one line each.
// clang-format off
#define PELAB_VIEW_TYPES(VIEW) \
  VIEW(heatmap) \
  VIEW(curves) \
  VIEW(spectrum) \
  VIEW(similarity) \
  VIEW(rotation) \
  VIEW(difference) \
  VIEW(scorecard) \
  VIEW(rope) \
  VIEW(bias) \
  VIEW(attention) \
  VIEW(norms) \
  VIEW(pca)
// clang-format on

namespace pelab::app {

#define PELAB_VIEW_TYPE_ID(id) std::string_view(#id),
inline constexpr std::array view_type_ids = {PELAB_VIEW_TYPES(PELAB_VIEW_TYPE_ID)};
#undef PELAB_VIEW_TYPE_ID

// Sessions, lessons and --view name a view by its id: no two may share one.
constexpr bool view_type_ids_distinct() {
  for (std::size_t i = 0; i < view_type_ids.size(); ++i)
    for (std::size_t j = i + 1; j < view_type_ids.size(); ++j)
      if (view_type_ids[i] == view_type_ids[j]) return false;
  return true;
}
static_assert(view_type_ids_distinct(), "two view types share an id in PELAB_VIEW_TYPES");

}  // namespace pelab::app
