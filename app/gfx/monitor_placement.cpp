#include "gfx/monitor_placement.hpp"

#include <algorithm>
#include <cstdint>

namespace pelab::gfx {
namespace {

// Pixels of `a` inside `b` (64 bits: two 8K monitors side by side overflow nothing, but a bogus
// rectangle from a driver must not either).
std::int64_t overlap_area(const ScreenRect& a, const ScreenRect& b) {
  const std::int64_t width = std::int64_t{std::min(a.x + a.width, b.x + b.width)} - std::max(a.x, b.x);
  const std::int64_t height = std::int64_t{std::min(a.y + a.height, b.y + b.height)} - std::max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

}  // namespace

std::optional<std::size_t> monitor_holding(std::span<const ScreenRect> monitors, const ScreenRect& window) {
  if (monitors.empty()) return std::nullopt;
  std::size_t best = 0;
  for (std::size_t i = 1; i < monitors.size(); ++i)
    if (overlap_area(window, monitors[i]) > overlap_area(window, monitors[best])) best = i;
  return best;
}

std::optional<ScreenRect> console_window_rect(std::span<const ScreenRect> work_areas,
                                              const ScreenRect& audience, int wanted_width,
                                              int wanted_height) {
  if (work_areas.size() < 2) return std::nullopt;
  const std::size_t audience_monitor = *monitor_holding(work_areas, audience);
  std::optional<std::size_t> chosen;
  for (std::size_t i = 0; i < work_areas.size(); ++i) {
    if (i == audience_monitor || work_areas[i].width < 1 || work_areas[i].height < 1) continue;
    if (!chosen || overlap_area(audience, work_areas[i]) < overlap_area(audience, work_areas[*chosen]))
      chosen = i;
  }
  if (!chosen) return std::nullopt;
  const ScreenRect& area = work_areas[*chosen];
  ScreenRect rect;
  rect.width = std::clamp(wanted_width, 1, area.width);
  rect.height = std::clamp(wanted_height, 1, area.height);
  rect.x = area.x + (area.width - rect.width) / 2;
  rect.y = area.y + (area.height - rect.height) / 2;
  return rect;
}

}  // namespace pelab::gfx
