// The bottom line: the selected configuration's size and base, how long the last computations took,
// whether any configuration is still computing.
#include <cstdio>

#include "plot/plot.hpp"
#include "state/i18n.hpp"
#include "ui/panels.hpp"

namespace pelab::app::ui {
namespace {

std::string format_ms(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", ms);
  return text;
}

}  // namespace

void draw_status_bar(AppContext& app) {
  app.status_bar_top = ImGui::GetCursorScreenPos().y;
  ImGui::Separator();
  const EncodingParams& e = app.state.active_slot().config.encoding;
  if (narrow_layout(app)) {  // the narrow layout: the configuration's size and whether it computes
    ImGui::Text("%s  N = %lld  D = %lld", std::string(to_string(e.kind)).c_str(),
                static_cast<long long>(e.positions), static_cast<long long>(e.dims));
    if (!all_settled(app)) {
      ImGui::SameLine(0.0f, ImGui::GetFontSize());
      ImGui::TextUnformatted(tr("status.computing"));
    }
    return;
  }
  ImGui::Text("%s   N = %lld   D = %lld   base = %s   start = %lld", std::string(to_string(e.kind)).c_str(),
              static_cast<long long>(e.positions), static_cast<long long>(e.dims),
              plot::format_number(e.base, 6).c_str(), static_cast<long long>(e.start));
  const std::shared_ptr<const ViewData> data = latest_data(app, app.state.active);
  if (data && data->table) {
    ImGui::SameLine(0.0f, 3.0f * ImGui::GetFontSize());
    ImGui::TextUnformatted(trf("status.table_ms", {format_ms(data->table->compute_ms)}).c_str());
    if (data->similarity) {
      ImGui::SameLine(0.0f, 0.0f);
      ImGui::TextUnformatted(trf("status.similarity_ms", {format_ms(data->similarity->compute_ms)}).c_str());
    }
  }
  ImGui::SameLine(0.0f, 3.0f * ImGui::GetFontSize());
  // No frame rate: an idle window draws no frames, so an average over them would mislead
  // (the frame benchmark measures frame times).
  if (!all_settled(app)) ImGui::TextUnformatted(tr("status.computing"));
}

}  // namespace pelab::app::ui
