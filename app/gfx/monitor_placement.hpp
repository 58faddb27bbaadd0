#pragma once
// Where a window goes among the monitors: pure rectangle arithmetic, no GLFW (second_window.cpp and
// window_desktop.cpp ask GLFW for the rectangles and apply the answer), so it is tested by hand cases.
#include <cstddef>
#include <optional>
#include <span>

namespace pelab::gfx {

// A rectangle in the desktop's coordinates (pixels, y down), as GLFW gives monitors and windows.
struct ScreenRect {
  int x = 0, y = 0, width = 0, height = 0;
  bool operator==(const ScreenRect&) const = default;
};

// The index of the monitor holding most of `window` (the first of equals); the first monitor when the
// window lies on none; none when there are no monitors.
std::optional<std::size_t> monitor_holding(std::span<const ScreenRect> monitors, const ScreenRect& window);

// The presenter console's rectangle: on a monitor other than the one holding most of the audience
// window (of the others, the one holding least of it, so a window spanning two leaves the third; the
// first of equals), `wanted` centred in that monitor's work area and cut to fit it. None with fewer
// than two monitors: the window opens where the window manager puts it, beside or over the audience.
// `work_areas`: each monitor's work area (its rectangle less the panels), in GLFW's monitor order.
std::optional<ScreenRect> console_window_rect(std::span<const ScreenRect> work_areas,
                                              const ScreenRect& audience, int wanted_width,
                                              int wanted_height);

}  // namespace pelab::gfx
