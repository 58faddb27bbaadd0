// Across configurations: core's five requirements of a good encoding (docs/encodings.md §3) as a table, one
// column per configuration, each score with its threshold, pass or fail, and the verdict in words.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "plot/plot.hpp"
#include "plot/rich_text.hpp"
#include "state/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/view_export_arrays.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {

namespace {

// A score that is not a number is shown as a symbol, not as "inf" / "nan": ∞ (the step variation
// of identical rows, whose mean step is 0) or — (a table holding NaN or inf; the verdict says so).
std::string score_text(double value, int digits) {
  if (std::isnan(value)) return "—";
  if (std::isinf(value)) return value > 0 ? "∞" : "−∞";
  return plot::format_number(value, digits);
}

// Each failed requirement as "✘ D · 4 distance-like" (red) and its verdict sentence beside it, wrapped
// with a hanging indent; drawn smaller (down to 70%) when they would not all fit in the space left.
// "4  distance-like": requirement `index` (0..4) as its row names it, scored or not yet.
std::string requirement_name(int index) {
  const Text name{static_cast<TextId>(static_cast<int>(TextId::requirement_name_1) + index), {}};
  return std::to_string(index + 1) + "  " + tr_text(name);
}

void draw_failures_below(const std::vector<std::shared_ptr<const ViewData>>& data, const ImVec4& fail_color) {
  std::vector<std::pair<std::string, std::string>> failures;
  for (std::size_t i = 0; i < data.size(); ++i) {
    if (!data[i] || !data[i]->requirements || data[i]->requirements->scores.size() != 5) continue;
    for (const RequirementScore& score : data[i]->requirements->scores) {
      if (score.pass || !score.measurable) continue;  // not measurable is no failure
      failures.emplace_back("✘ " + std::string(1, config_letter(i)) + " · " + std::to_string(score.number) +
                                " " + tr_text(score.name_text),
                            tr_text(requirement_verdict_text(score)));
    }
  }
  if (failures.empty()) return;
  ImGui::Spacing();
  const auto height_of = [&](const std::pair<std::string, std::string>& failure) {
    const float width = ImGui::GetContentRegionAvail().x;
    const float indent = ImGui::CalcTextSize(failure.first.c_str()).x + ImGui::GetStyle().ItemSpacing.x;
    return plot::CalcRichTextWrappedSize(failure.second, std::max(1.0f, width - indent),
                                         plot::TextMarkup::plain)
               .y +
           ImGui::GetStyle().ItemSpacing.y;
  };
  const float available = ImGui::GetContentRegionAvail().y;
  float full = 0.0f;
  for (const auto& failure : failures) full += height_of(failure);
  if (full > available) ImGui::SetWindowFontScale(plot::TextScale(available / full, 0.7f));
  // Text that may not shrink (a slide) and still does not fit: the sentences that fit, then how many
  // more there are (their marks are in the table above), rather than a sentence cut at the bottom.
  std::size_t shown = failures.size();
  if (full > available) {
    const float more_line = ImGui::GetTextLineHeightWithSpacing();
    float used = 0.0f;
    for (shown = 0; shown < failures.size(); ++shown) {
      const float height = height_of(failures[shown]);
      if (used + height + (shown + 1 < failures.size() ? more_line : 0.0f) > available) break;
      used += height;
    }
  }
  for (std::size_t f = 0; f < shown; ++f) {
    const auto& [who, why] = failures[f];
    ImGui::TextColored(fail_color, "%s", who.c_str());
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0.0f);
    plot::TextWrappedPlain(why);
    ImGui::PopTextWrapPos();
  }
  if (shown < failures.size())
    ImGui::TextColored(
        fail_color, "%s",
        trf("views.scorecard.more_failures", {std::to_string(failures.size() - shown)}).c_str());
  ImGui::SetWindowFontScale(1.0f);
}

void draw_scorecard_view(AcrossContext& view) {
  const std::size_t count = view.slots.size();
  std::vector<std::shared_ptr<const ViewData>> data(count);
  for (std::size_t i = 0; i < count; ++i) data[i] = view.data_of(i);
  // The sentences (what is measured under each name, each verdict under its mark) are shown only when
  // every row still fits with them (a wide screen, few configurations); otherwise the mark and the
  // number stay, the sentences move into tooltips and the failures' verdicts below the table, so
  // requirements 3 to 5 are never scrolled off (four configurations at 1024 x 768 would wrap a
  // verdict one word per line). Presenting, what is measured is never shown (the table must fit).
  // Columns share the width by their stretch weights (0.8 for the names, 1 per configuration).
  const ImVec2 area = ImGui::GetContentRegionAvail();
  const bool presenting = view.lessons.presenting;
  bool verdicts = true;
  {
    const float column = area.x / (0.8f + static_cast<float>(count)) - 2.0f * ImGui::GetStyle().CellPadding.x;
    const float line = ImGui::GetTextLineHeightWithSpacing();
    // Lines a sentence takes in a column of `width` (0.85: word wrap leaves lines short).
    const auto wrapped_lines = [](const std::string& text, float width) {
      return std::ceil(ImGui::CalcTextSize(text.c_str()).x / std::max(0.85f * width, 1.0f));
    };
    float needed = 2.0f * line;  // the header row
    for (std::size_t r = 0; r < 5; ++r) {
      float lines = 1.0f;
      for (const auto& d : data) {
        if (!d || !d->requirements || d->requirements->scores.size() != 5) continue;
        const RequirementScore& score = d->requirements->scores[r];
        lines = std::max(lines, 1.0f + wrapped_lines(tr_text(requirement_verdict_text(score)), column));
        if (!presenting)
          lines = std::max(lines, 1.0f + wrapped_lines(tr_text(score.description_text), 0.8f * column));
      }
      needed += lines * line;
    }
    verdicts = needed <= area.y;
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchProp;
  // Without the sentences the table is six one-line rows; the failures' sentences go below it, where
  // the audience can read why (a tooltip is not shown to them).
  ImVec2 table_size = area;
  if (!verdicts) {
    const float row = ImGui::GetTextLineHeight() + 2.0f * ImGui::GetStyle().CellPadding.y + 1.0f;
    table_size.y = std::min(area.y, 6.0f * row + 4.0f);
  }
  if (!ImGui::BeginTable("##scorecard", static_cast<int>(count) + 1, flags, table_size)) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  // The names whole ("length-independent", not "length-inde"): the column as wide as the widest, up to
  // 45% of the table; the configurations share the rest.
  float name_width = ImGui::CalcTextSize(tr("views.scorecard.requirement")).x;
  for (int requirement = 0; requirement < 5; ++requirement)
    name_width = std::max(name_width, ImGui::CalcTextSize(requirement_name(requirement).c_str()).x);
  name_width = std::min(name_width, 0.45f * area.x);
  ImGui::TableSetupColumn(tr("views.scorecard.requirement"), ImGuiTableColumnFlags_WidthFixed, name_width);
  const float config_width = (area.x - name_width) / static_cast<float>(count) -
                             2.0f * ImGui::GetStyle().CellPadding.x - ImGui::GetStyle().ItemSpacing.x;
  for (std::size_t i = 0; i < count; ++i) {
    std::string name = std::string(1, config_letter(i)) + " " + display_label(view.slots[i].config);
    // A label too wide for its column keeps its first word (the kind), not a word cut by "…".
    if (ImGui::CalcTextSize(name.c_str()).x > config_width && name.find(' ', 2) != std::string::npos)
      name.resize(name.find(' ', 2));
    ImGui::TableSetupColumn(name.c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  }
  ImGui::TableHeadersRow();
  const ImVec4 pass_color(0.30f, 0.75f, 0.40f, 1.0f), fail_color(0.95f, 0.35f, 0.30f, 1.0f);
  for (int requirement = 0; requirement < 5; ++requirement) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    // The name, and what is measured from the first configuration that has scored it.
    const std::string name = requirement_name(requirement);
    if (ImGui::CalcTextSize(name.c_str()).x <= name_width) {
      ImGui::TextUnformatted(name.c_str());
    } else {
      ImGui::PushTextWrapPos(0.0f);
      plot::TextWrappedPlain(name);
      ImGui::PopTextWrapPos();
    }
    for (const auto& d : data) {
      if (!d || !d->requirements || d->requirements->scores.size() <= static_cast<std::size_t>(requirement))
        continue;
      const RequirementScore& score = d->requirements->scores[static_cast<std::size_t>(requirement)];
      const std::string description = tr_text(score.description_text);
      // When the table must fit (a projector, a narrow cell), what is measured moves into the tooltip.
      if (presenting || !verdicts) {
        if (!view.capture_mode) item_tooltip(description.c_str());
      } else {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::PushTextWrapPos(0.0f);
        plot::TextWrappedPlain(description);
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
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
        plot::TextWrappedPlain(trf("views.scorecard.cannot_score", {scores.error}));
        ImGui::PopTextWrapPos();
        continue;
      }
      // Scored one by one: a requirement not measured yet waits, greyed, beside those that are.
      if (scores.scores.size() <= static_cast<std::size_t>(requirement)) {
        ImGui::TextDisabled("%s", tr("views.scorecard.pending"));
        continue;
      }
      const RequirementScore& score = scores.scores[static_cast<std::size_t>(requirement)];
      // "✔ pass  1.57e-16", or only "✔ 1.57e-16" when the column is too narrow for the word (four
      // configurations on a projector): the number must stay whole.
      // A measure that needs more positions than N has is neither: "– n/a (N ≥ 3)", greyed.
      const std::string number = score.measurable
                                     ? score_text(score.value, presenting || !verdicts ? 3 : 4)
                                     : trf("views.scorecard.needs", {std::to_string(score.needs_positions)});
      const char* word = !score.measurable ? "views.scorecard.not_measurable"
                         : score.pass      ? "views.scorecard.pass"
                                           : "views.scorecard.fail";
      std::string cell = std::string(tr(word)) + "  " + number;
      if (ImGui::CalcTextSize(cell.c_str()).x > ImGui::GetContentRegionAvail().x)
        cell = std::string(!score.measurable ? "– " : score.pass ? "✔ " : "✘ ") + number;
      const ImVec4 color = !score.measurable ? ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled)
                           : score.pass      ? pass_color
                                             : fail_color;
      ImGui::TextColored(color, "%s", cell.c_str());
      const std::string verdict = tr_text(requirement_verdict_text(score));
      if (!verdicts) {
        if (!view.capture_mode) item_tooltip(verdict.c_str());
      } else {
        ImGui::PushTextWrapPos(0.0f);
        plot::TextWrappedPlain(verdict);  // at spaces only: ImGui's wrap would cut "2.95" after its '.'
        ImGui::PopTextWrapPos();
      }
    }
  }
  ImGui::EndTable();
  if (!verdicts) draw_failures_below(data, fail_color);
}

using namespace export_arrays;

// The arrays behind the view, for its Export menu (view_data_export.hpp).
std::vector<ExportArray> export_scorecard_data(const ExportContext& sources, std::size_t, ExportDetail) {
  std::vector<std::vector<double>> values, passes;
  std::vector<double> thresholds, numbers;
  std::vector<std::string> names;
  for (std::size_t i = 0; i < sources.slots.size(); ++i) {
    const auto data = fresh_data(sources, i, item_requirements);
    require_no_error(data->requirements->error);
    const auto& scores = data->requirements->scores;
    std::vector<double> v, pass;
    for (const RequirementScore& s : scores) {
      v.push_back(s.value);
      // 1 pass, 0 fail, NaN not measurable (fewer positions than the measure needs; value NaN too).
      pass.push_back(!s.measurable ? std::numeric_limits<double>::quiet_NaN() : s.pass ? 1.0 : 0.0);
      if (i == 0) {
        numbers.push_back(s.number);
        thresholds.push_back(s.threshold);
      }
    }
    values.push_back(std::move(v));
    passes.push_back(std::move(pass));
  }
  std::vector<std::pair<std::string, const std::vector<double>*>> columns{{"requirement", &numbers},
                                                                          {"threshold", &thresholds}};
  for (std::size_t i = 0; i < values.size(); ++i) {
    columns.emplace_back(std::string("value ") + config_letter(i), &values[i]);
    columns.emplace_back(std::string("pass ") + config_letter(i), &passes[i]);
  }
  return {columns_array(
      "scores",
      "core's five requirements: the measured value and pass (1), fail (0) or not measurable (NaN) per "
      "configuration",
      "row: requirement", columns)};
}

}  // namespace

// The view's row in the registry (view_registry.hpp).
constinit const ViewType scorecard_view_type = {
    .id = "scorecard",
    .title = "Requirements scorecard",
    .summary = "the five requirements of a good encoding, scored per configuration",
    .needs = item_requirements,
    .scope = ViewScope::across_configs,
    // Beside a 64-row table on a 1024 x 768 slide (lesson 2), 1.6 left the table 122 px wide; at 1.3
    // the table's data is 150 px or more and one configuration's verdicts still fit.
    .width = 1.3f,
    .draw_across = draw_scorecard_view,
    .export_data = export_scorecard_data,
};

}  // namespace pelab::app::ui
