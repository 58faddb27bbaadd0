// The sidebar's compare controls: the list of configurations (select, add, duplicate, remove,
// reorder, label), the link toggles, the presets (session files in assets/presets), and the
// learned table of the selected configuration (a path field, recent files, the file's tensors).
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "pelab/io/data_dir.hpp"
#include "pelab/io/hf_cache.hpp"
#include "state/i18n.hpp"
#include "ui/config_names.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"

namespace pelab::app::ui {
namespace {

struct Preset {
  const char* file;       // in assets/presets
  const char* title_key;  // the menu entry
};
constexpr Preset presets[] = {
    {"gpt2_vs_sinusoidal.json", "presets.gpt2"},
    {"base_10000_vs_100.json", "presets.bases"},
    {"interleaved_vs_concat.json", "presets.layouts"},
    {"naive_encodings.json", "presets.naive"},
};

// The name of a configuration without its label: the label field's hint.
std::string unlabelled_name(const Config& config) {
  return display_label(Config{config.id, "", config.encoding, config.table_path, config.tensor});
}

bool small_button(const char* label, const char* tooltip, bool enabled = true) {
  ImGui::BeginDisabled(!enabled);
  const bool pressed = ImGui::SmallButton(label);
  ImGui::EndDisabled();
  item_tooltip(tooltip);
  return pressed && enabled;
}

}  // namespace

std::vector<ConfigNameSpot> draw_configs_list(AppContext& app) {
  std::vector<ConfigNameSpot> names;
  AppState& state = app.state;
  const std::size_t count = state.slots.size();
  std::optional<std::size_t> remove, duplicate;
  std::optional<std::pair<std::size_t, int>> move;
  for (std::size_t i = 0; i < count; ++i) {
    ImGui::PushID(static_cast<int>(i));
    ImGui::PushStyleColor(ImGuiCol_Text, config_color(state.ui.theme, i));
    if (ImGui::RadioButton("##active", state.active == i)) state.active = i;
    ImGui::SameLine();
    const std::string name = lettered_label(i, state.slots[i].config);
    const float buttons =
        (count > 1 ? 4.0f : 1.0f) * (ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.x);
    // Where Selectable would write its text: at the cursor, on the radio button's text baseline.
    const ImVec2 text_pos(ImGui::GetCursorScreenPos().x,
                          ImGui::GetCursorScreenPos().y + ImGui::GetStyle().FramePadding.y);
    if (ImGui::Selectable("##name", state.active == i, 0,
                          ImVec2(std::max(ImGui::GetContentRegionAvail().x - buttons, 1.0f), 0.0f)))
      state.active = i;
    const ImVec2 item_min = ImGui::GetItemRectMin(), item_max = ImGui::GetItemRectMax();
    names.push_back({state.slots[i].config.id, i, false, text_pos,
                     ImVec4(item_min.x, item_min.y, item_max.x, item_max.y),
                     ImGui::GetColorU32(ImGuiCol_Text)});
    ImGui::PopStyleColor();
    const std::string tip = name + "\nSelect: the controls below edit this configuration.";
    item_tooltip(tip.c_str());
    ImGui::SameLine();
    if (count > 1) {  // one configuration: nothing to reorder or remove
      if (small_button("↑", tr("configs.up.tip"), i > 0)) move = std::make_pair(i, -1);
      ImGui::SameLine();
      if (small_button("↓", tr("configs.down.tip"), i + 1 < count)) move = std::make_pair(i, +1);
      ImGui::SameLine();
    }
    if (small_button("⊕", tr("configs.duplicate.tip"), count < max_configs)) duplicate = i;
    if (count > 1) {
      ImGui::SameLine();
      if (small_button("✕", tr("configs.remove.tip"))) remove = i;
    }
    ImGui::PopID();
  }
  if (move) move_slot(state, move->first, move->second);
  if (duplicate) duplicate_slot(state, *duplicate);
  if (remove) remove_slot(state, *remove);

  ImGui::BeginDisabled(state.slots.size() >= max_configs);
  if (ImGui::Button(tr("configs.add"))) {
    Slot added = state.active_slot();
    added.config.label.clear();
    add_slot(state, added);
  }
  ImGui::EndDisabled();
  item_tooltip(tr("configs.add.tip"));
  ImGui::SameLine();
  if (ImGui::Button(tr("configs.presets"))) ImGui::OpenPopup("presets");
  item_tooltip(tr("configs.presets.tip"));
  if (ImGui::BeginPopup("presets")) {
    for (const Preset& preset : presets) {
      if (ImGui::Selectable(tr(preset.title_key)))
        open_session(app, pelab::data_dir() / "presets" / preset.file);
    }
    ImGui::EndPopup();
  }

  Config& config = state.active_slot().config;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("configs.label"));
  ImGui::SameLine(6.5f * ImGui::GetFontSize());
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::InputText("##label", &config.label) && config.label.size() > max_label_length)
    config.label.resize(max_label_length);
  {
    // The hint goes where InputText writes its text, clipped to the field.
    const ImVec2 field_min = ImGui::GetItemRectMin(), field_max = ImGui::GetItemRectMax();
    const ImVec2 padding = ImGui::GetStyle().FramePadding;
    names.push_back({config.id, 0, true, ImVec2(field_min.x + padding.x, field_min.y + padding.y),
                     ImVec4(field_min.x, field_min.y, field_max.x, field_max.y),
                     ImGui::GetColorU32(ImGuiCol_TextDisabled)});
  }
  item_tooltip(tr("configs.label.tip"));

  if (state.slots.size() > 1) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("configs.linked"));
    item_tooltip(tr("configs.linked.tip"));
    for (LinkedParam param : all_linked_params) {
      // Two rows: the table's shape (N, D, base, start), then the selection (p, k, i).
      if (param != LinkedParam::positions && param != LinkedParam::position) ImGui::SameLine();
      const std::string label = std::string(to_string(param)) + "##link";
      bool linked = state.links[param];
      if (ImGui::Checkbox(label.c_str(), &linked)) {
        state.links[param] = linked;
        // Linking makes the others take the selected configuration's value now.
        if (linked) copy_linked(state, state.active, param);
      }
      item_tooltip(tr("configs.link.tip"));
    }
  }
  return names;
}

void draw_config_names(const AppState& state, const std::vector<ConfigNameSpot>& spots) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (const ConfigNameSpot& spot : spots) {
    const auto slot = std::find_if(state.slots.begin(), state.slots.end(),
                                   [&](const Slot& s) { return s.config.id == spot.config_id; });
    if (slot == state.slots.end()) continue;  // removed in this frame
    if (spot.hint && !slot->config.label.empty()) continue;
    const std::string text =
        spot.hint ? unlabelled_name(slot->config) : lettered_label(spot.row, slot->config);
    draw->AddText(nullptr, 0.0f, spot.pos, spot.color, text.c_str(), text.c_str() + text.size(), 0.0f,
                  &spot.clip);
    // A text capture (--geometry) reads what the widgets write; these are written here.
    ImGui::LogText("%s\n", text.c_str());
  }
}

void draw_table_source_controls(AppContext& app) {
  Config& config = app.state.active_slot().config;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("configs.table"));
  ImGui::SameLine(6.5f * ImGui::GetFontSize());
  // A model from the local Hugging Face cache is shown by its whole name (hf:ORG/NAME).
  const std::string shown = config.table_path.empty() ? std::string(tr("configs.seeded_table"))
                            : names_hf_model(config.table_path)
                                ? config.table_path
                                : std::filesystem::path(config.table_path).filename().string();
  ImGui::TextUnformatted(shown.c_str());
  if (!config.table_path.empty()) item_tooltip(config.table_path.c_str());
  if (ImGui::Button(tr("configs.open_table"))) {
    app.dialog.table_requested = true;
  }
  item_tooltip(tr("configs.open_table.tip"));
  if (!config.table_path.empty()) {
    ImGui::SameLine();
    if (ImGui::Button(tr("configs.seeded"))) {
      config.table_path.clear();
      config.tensor.clear();
    }
    item_tooltip(tr("configs.seeded.tip"));
    const LoadedSource& source = table_source(app, config.table_path, config.tensor);
    if (!source.error.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, theme_text_colors(app.state.ui.theme).error);
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextUnformatted(source.error.c_str());
      ImGui::PopTextWrapPos();
      ImGui::PopStyleColor();
      return;
    }
    if (source.info.row_offset > 0) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextUnformatted(trf("configs.row_offset", {std::to_string(source.info.row_offset)}).c_str());
      ImGui::PopTextWrapPos();
    }
    if (source.info.tensors_2d.size() > 1) {
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(tr("configs.tensor"));
      ImGui::SameLine(6.5f * ImGui::GetFontSize());
      ImGui::SetNextItemWidth(-1.0f);
      if (ImGui::BeginCombo("##tensor", source.info.tensor.c_str())) {
        const std::string path = config.table_path;
        std::optional<std::string> chosen;
        for (const TensorInfo& tensor : source.info.tensors_2d) {
          if (ImGui::Selectable(tensor.name.c_str(), tensor.name == source.info.tensor)) chosen = tensor.name;
        }
        ImGui::EndCombo();
        if (chosen) open_table(app, path, *chosen);
      }
      item_tooltip(tr("configs.tensor.tip"));
    }
  }
}

}  // namespace pelab::app::ui
