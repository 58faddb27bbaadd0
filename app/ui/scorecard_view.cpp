// Across configurations: core's five requirements of a good encoding (SPEC §2) as a table, one
// column per configuration, each score with its threshold, pass or fail, and the verdict in words.
#include <string>

#include "plot/plot.hpp"
#include "state/i18n.hpp"
#include "ui/panels.hpp"

namespace pelab::app::ui {

void draw_scorecard_view(AppContext& app) {
  const AppState& state = app.state;
  const std::size_t count = state.slots.size();
  std::vector<std::shared_ptr<const ViewData>> data(count);
  for (std::size_t i = 0; i < count; ++i) data[i] = latest_data(app, i);
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("##scorecard", static_cast<int>(count) + 1, flags, ImGui::GetContentRegionAvail()))
    return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn(tr("views.scorecard.requirement"), ImGuiTableColumnFlags_WidthStretch, 0.8f);
  for (std::size_t i = 0; i < count; ++i) {
    const std::string name =
        std::string(1, static_cast<char>('A' + i)) + " " + display_label(state.slots[i].config);
    ImGui::TableSetupColumn(name.c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  }
  ImGui::TableHeadersRow();
  const ImVec4 pass_color(0.30f, 0.75f, 0.40f, 1.0f), fail_color(0.95f, 0.35f, 0.30f, 1.0f);
  for (int requirement = 0; requirement < 5; ++requirement) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    // Name and what is measured, from the first configuration that has scores.
    for (const auto& d : data) {
      if (!d || !d->requirements || d->requirements->scores.size() != 5) continue;
      const RequirementScore& score = d->requirements->scores[static_cast<std::size_t>(requirement)];
      ImGui::Text("%d  %s", score.number, score.name.c_str());
      // On a projector the table must fit: what is measured moves into the tooltip.
      if (app.lessons.presenting) {
        if (!app.capture_mode) item_tooltip(score.description.c_str());
      } else {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("%s", score.description.c_str());
        ImGui::PopTextWrapPos();
      }
      break;
    }
    for (std::size_t i = 0; i < count; ++i) {
      ImGui::TableSetColumnIndex(static_cast<int>(i) + 1);
      if (!data[i] || !data[i]->requirements) {
        ImGui::TextDisabled("%s", tr("status.computing"));
        continue;
      }
      const RequirementsData& scores = *data[i]->requirements;
      if (!scores.error.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextWrapped("cannot score: %s", scores.error.c_str());
        ImGui::PopTextWrapPos();
        continue;
      }
      const RequirementScore& score = scores.scores[static_cast<std::size_t>(requirement)];
      ImGui::TextColored(score.pass ? pass_color : fail_color, "%s  %s", score.pass ? "✔ pass" : "✘ fail",
                         plot::format_number(score.value, 4).c_str());
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextUnformatted(requirement_verdict(score).c_str());
      ImGui::PopTextWrapPos();
    }
  }
  ImGui::EndTable();
}

}  // namespace pelab::app::ui
