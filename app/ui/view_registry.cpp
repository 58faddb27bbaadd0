// The view registry: the rows of the view files in one list (see view_registry.hpp).
#include "ui/view_registry.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "state/i18n.hpp"

namespace pelab::app::ui {

#define PELAB_VIEW_TYPE_ROW(id) &id##_view_type,
constinit const std::array<const ViewType*, view_type_ids.size()> registry_rows = {
    {PELAB_VIEW_TYPES(PELAB_VIEW_TYPE_ROW)}};
#undef PELAB_VIEW_TYPE_ROW

const ViewType* find_view(std::string_view id) {
  for (const ViewType* view : registry_rows)
    if (view->id == id) return view;
  return nullptr;
}

std::span<const std::string_view> view_ids() { return view_type_ids; }

std::string view_id_list() {
  std::string text;
  for (const ViewType& view : view_registry()) text += (text.empty() ? "" : ", ") + std::string(view.id);
  return text;
}

std::string view_help() {
  std::string text;
  for (const ViewType& view : view_registry()) {
    std::string id(view.id);
    id.resize(std::max<std::size_t>(id.size() + 2, 12), ' ');
    text += "  " + id + std::string(view.title) + ": " + std::string(view.summary) + "\n";
  }
  return text;
}

std::string view_text_key(const ViewType& view, std::string_view part) {
  return "view." + std::string(view.id) + "." + std::string(part);
}

std::string view_title(const ViewType& view) {
  return tr_or(view_text_key(view, "title").c_str(), view.title);
}

std::string view_short_name(const ViewType& view) {
  return tr_or(view_text_key(view, "short").c_str(), view.id);
}

std::string view_summary(const ViewType& view) {
  return tr_or(view_text_key(view, "summary").c_str(), view.summary);
}

}  // namespace pelab::app::ui
