// The bottom line: the table's size and base, how long the last computation took, frame rate.
#include <cstdio>

#include "plot/plot.hpp"
#include "ui/panels.hpp"

namespace pelab::app::ui {

void draw_status_bar(AppContext& app, const ViewData* data) {
  ImGui::Separator();
  const EncodingParams& e = app.state.encodings.front().encoding;
  ImGui::Text("%s   N = %lld   D = %lld   base = %s   start = %lld", std::string(to_string(e.kind)).c_str(),
              static_cast<long long>(e.positions), static_cast<long long>(e.dims),
              plot::format_number(e.base, 6).c_str(), static_cast<long long>(e.start));
  ImGui::SameLine(0.0f, 3.0f * ImGui::GetFontSize());
  if (data && data->table) {
    ImGui::Text("table %.1f ms, similarity %.1f ms", data->table->compute_ms, data->similarity->compute_ms);
  }
  ImGui::SameLine(0.0f, 3.0f * ImGui::GetFontSize());
  if (!app.worker->settled()) {
    ImGui::TextUnformatted("computing…");
    ImGui::SameLine(0.0f, 3.0f * ImGui::GetFontSize());
  }
  if (!app.capture_mode) ImGui::Text("%.0f fps", static_cast<double>(ImGui::GetIO().Framerate));
}

}  // namespace pelab::app::ui
