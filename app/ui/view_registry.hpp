#pragma once
// The view registry: one row per view type, saying what the view is called, which computed items it
// needs from each configuration, whether it is drawn once per configuration or once across all of
// them, how to draw it, what it adds to the workers' requests, what its Export menu writes, and
// (through its id) its settings and translated texts. The grid, the sidebar's view toggles,
// `--view`, `--help`, sessions, lessons and the tests all read the registry. Each row is defined in
// its view's file (`<id>_view_type` in app/ui/<id>_view.cpp, next to the functions it names) and
// listed by id once, in PELAB_VIEW_TYPES (state/view_types.hpp): a new view is its file plus that
// one id.
#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "state/view_data.hpp"
#include "state/view_settings.hpp"
#include "state/view_types.hpp"
#include "ui/app_ui.hpp"
#include "ui/view_data_export.hpp"

namespace pelab::app::ui {

enum class ViewScope { per_config, across_configs };

struct ViewType {
  std::string_view id;       // "heatmap": --view, sessions
  std::string_view title;    // "Heatmap of P" (English; other languages: view_text_key(view, "title"))
  std::string_view summary;  // one line for --help and tooltips
  Needs needs = 0;           // items computed for every configuration while the view is visible
  ViewScope scope = ViewScope::per_config;
  float width = 1.0f;                             // relative width of its cell in the grid
  void (*draw)(ViewContext&) = nullptr;           // per_config
  void (*draw_across)(AcrossContext&) = nullptr;  // across_configs
  // The view's own inputs to each configuration's worker request (the curves it picks, the
  // attention order, ...), set while the view is visible; nullptr: it has none beyond the
  // configuration, its selection and the metric.
  void (*request_inputs)(const ViewSettings&, const DisplaySettings&, ComputeRequest&) = nullptr;
  // The exact numbers behind the view, for its Export menu (view_data_export.cpp): named 1-D / 2-D
  // arrays of configuration `slot` (ignored across configurations); nullptr: PNG export only.
  std::vector<ExportArray> (*export_data)(const ExportContext&, std::size_t slot, ExportDetail) = nullptr;
  int min_configs = 1;  // configurations the view needs to show anything (difference: two)
  // Compare mode: the least size of one configuration's panel, in font heights, for a view whose
  // matrices need more than the layout's default (a heatmap's square with its axes); 0: that default.
  float min_panel_width = 0.0f, min_panel_height = 0.0f;

  // Its settings (state/view_settings.hpp): the fields, session keys and ranges that the session,
  // `--set` and the view's controls share; nullptr: a view without settings of its own. The tables
  // are listed once, in state/ (view_settings_tables(), which the session code reads and which
  // cannot see this registry); a row finds its table there by its id.
  const ViewSettingsTable* settings() const { return find_view_settings_table(id); }
};

// The rows, one per id of PELAB_VIEW_TYPES, each defined in app/ui/<id>_view.cpp.
#define PELAB_DECLARE_VIEW_TYPE(id) extern const ViewType id##_view_type;
PELAB_VIEW_TYPES(PELAB_DECLARE_VIEW_TYPE)
#undef PELAB_DECLARE_VIEW_TYPE

// The rows' addresses in PELAB_VIEW_TYPES' order (view_registry.cpp): addresses are constants, so
// the list is set before any code runs, in whichever order the files are initialised.
extern const std::array<const ViewType*, view_type_ids.size()> registry_rows;

// The rows as `const ViewType&`, in PELAB_VIEW_TYPES' order. (Not std::views::transform: the web
// build's libc++ has no range adaptors.)
class ViewRows {
 public:
  class iterator {
   public:
    explicit iterator(const ViewType* const* at) : at_(at) {}
    const ViewType& operator*() const { return **at_; }
    iterator& operator++() {
      ++at_;
      return *this;
    }
    bool operator==(const iterator&) const = default;

   private:
    const ViewType* const* at_;
  };
  iterator begin() const { return iterator(registry_rows.data()); }
  iterator end() const { return iterator(registry_rows.data() + registry_rows.size()); }
  std::size_t size() const { return registry_rows.size(); }
  const ViewType& operator[](std::size_t index) const { return *registry_rows[index]; }
};
inline ViewRows view_registry() { return ViewRows{}; }
const ViewType* find_view(std::string_view id);
// The ids in the registry's order (state/view_types.hpp's view_type_ids).
std::span<const std::string_view> view_ids();
// "heatmap, curves, ..." and the --help lines ("  heatmap      Heatmap of P: ...").
std::string view_id_list();
std::string view_help();

// The key of one of a view's texts in the UI strings (assets/i18n/<language>/views.json):
// "view.<id>.<part>" for the parts "title", "short" and "summary".
std::string view_text_key(const ViewType& view, std::string_view part);
// Those texts in the UI's language; in English (no key) the row's title and summary, and the id as
// the short name (as --view and sessions spell it).
std::string view_title(const ViewType& view);
std::string view_short_name(const ViewType& view);
std::string view_summary(const ViewType& view);

}  // namespace pelab::app::ui
