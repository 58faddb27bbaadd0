// The view registry: the rows of the view files in one list (see view_registry.hpp).
#include "ui/view_registry.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace pelab::app::ui {
namespace {

// The rows, copied once from the view files' constants (constant-initialised, so they are set before
// any code runs), in PELAB_VIEW_TYPES' order.
const std::array<ViewType, view_type_ids.size()>& rows() {
#define PELAB_VIEW_TYPE_ROW(id) id##_view_type,
  static const std::array<ViewType, view_type_ids.size()> registry = {
      {PELAB_VIEW_TYPES(PELAB_VIEW_TYPE_ROW)}};
#undef PELAB_VIEW_TYPE_ROW
  return registry;
}

}  // namespace

std::span<const ViewType> view_registry() { return rows(); }

const ViewType* find_view(std::string_view id) {
  for (const ViewType& view : rows())
    if (view.id == id) return &view;
  return nullptr;
}

std::span<const std::string_view> view_ids() { return view_type_ids; }

std::string view_id_list() {
  std::string text;
  for (const ViewType& view : rows()) text += (text.empty() ? "" : ", ") + std::string(view.id);
  return text;
}

std::string view_help() {
  std::string text;
  for (const ViewType& view : rows()) {
    std::string id(view.id);
    id.resize(std::max<std::size_t>(id.size() + 2, 12), ' ');
    text += "  " + id + std::string(view.title) + ": " + std::string(view.summary) + "\n";
  }
  return text;
}

}  // namespace pelab::app::ui
