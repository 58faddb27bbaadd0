// The view registry: one entry per view type (see view_registry.hpp).
#include "ui/view_registry.hpp"

#include <array>
#include <vector>

#include "ui/panels.hpp"

namespace pelab::app::ui {
namespace {

const std::array<ViewType, 12> registry = {{
    {"heatmap", "Heatmap of P", "the table P, positions × dimensions, with the exact value under the mouse",
     item_table, ViewScope::per_config, 1.0f, draw_heatmap_view, nullptr, export_heatmap_data},
    {"curves", "Curves P[:, i]", "columns i − n .. i + n against position, each with its period",
     item_table | item_curves, ViewScope::per_config, 1.0f, draw_curves_view, nullptr, export_curves_data},
    {"spectrum", "Periods of the columns", "the period of each band on a log axis with N marked",
     item_spectrum, ViewScope::per_config, 1.0f, draw_spectrum_view, nullptr, export_spectrum_data},
    {"similarity", "Similarity S[p, q]",
     "the N × N similarity of positions and the row S[p, :] against q − p",
     item_table | item_similarity | item_similarity_row, ViewScope::per_config, 1.4f, draw_similarity_view,
     nullptr, export_similarity_data},
    {"rotation", "Offset as rotation T(k)",
     "T(k) with P_{p+k} = T(k) P_p, the pair on its circle and the residual over p (or the best linear fit)",
     item_table | item_rotation | item_residual | item_selected_residual, ViewScope::per_config, 2.0f,
     draw_rotation_view, nullptr, export_rotation_data},
    {"difference", "Difference A − B", "the tables and similarities of two configurations subtracted",
     item_table | item_similarity | item_difference, ViewScope::across_configs, 1.6f, nullptr,
     draw_difference_view, export_difference_data, 2},
    {"scorecard", "Requirements scorecard",
     "the five requirements of a good encoding, scored per configuration", item_requirements,
     ViewScope::across_configs, 1.6f, nullptr, draw_scorecard_view, export_scorecard_data},
    {"rope", "RoPE frequency scaling",
     "per pair: wavelength, angle at p and regime before and after two scalings of a model; q·k decay with "
     "distance",
     item_rope, ViewScope::across_configs, 2.0f, nullptr, draw_rope_view, export_rope_data},
    {"bias", "Relative biases per head",
     "ALiBi, T5 and Shaw as query × key matrices per head, and every method against distance", item_bias,
     ViewScope::across_configs, 1.6f, nullptr, draw_bias_view, export_bias_data},
    {"attention", "Attention with and without positions",
     "the four terms of the logits with x = w + p, and what permuting the words does", item_attention,
     ViewScope::per_config, 1.6f, draw_attention_view, nullptr, export_attention_data},
    {"norms", "LayerNorm vs BatchNorm", "a padded batch normalised per token and per feature over the batch",
     item_norms, ViewScope::per_config, 1.6f, draw_norms_view, nullptr, export_norms_data},
    {"pca", "Principal components of P", "the rows of P on their first 2 or 3 principal axes, in order",
     item_table | item_pca, ViewScope::per_config, 1.0f, draw_pca_view, nullptr, export_pca_data},
}};

}  // namespace

std::span<const ViewType> view_registry() { return registry; }

const ViewType* find_view(std::string_view id) {
  for (const ViewType& view : registry)
    if (view.id == id) return &view;
  return nullptr;
}

std::span<const std::string_view> view_ids() {
  static const std::vector<std::string_view> ids = [] {
    std::vector<std::string_view> out;
    for (const ViewType& view : registry) out.push_back(view.id);
    return out;
  }();
  return ids;
}

std::string view_id_list() {
  std::string text;
  for (const ViewType& view : registry) text += (text.empty() ? "" : ", ") + std::string(view.id);
  return text;
}

std::string view_help() {
  std::string text;
  for (const ViewType& view : registry) {
    std::string id(view.id);
    id.resize(std::max<std::size_t>(id.size() + 2, 12), ' ');
    text += "  " + id + std::string(view.title) + ": " + std::string(view.summary) + "\n";
  }
  return text;
}

}  // namespace pelab::app::ui
