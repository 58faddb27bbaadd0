// Every text colour of both themes against the background it is drawn on: at least 4.5:1 (WCAG 2,
// level AA, the ratio for normal-size text), computed from the colours the app installs. The ratio
// itself is checked on hand values first (black on white is 21:1, a colour on itself 1:1, and the
// mid-grey #767676 is the lightest grey that reaches 4.5:1 on white).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "ui/theme.hpp"

using namespace pelab::app;
using pelab::app::ui::contrast_ratio;

TEST_CASE("contrast ratio: hand values", "[theme]") {
  const ImVec4 black(0, 0, 0, 1), white(1, 1, 1, 1);
  CHECK(contrast_ratio(black, white) == Approx(21.0));
  CHECK(contrast_ratio(white, black) == Approx(21.0));
  CHECK(contrast_ratio(white, white) == Approx(1.0));
  constexpr float k = 1.0f / 255.0f;
  CHECK(contrast_ratio(ImVec4(118 * k, 118 * k, 118 * k, 1), white) == Approx(4.54).epsilon(0.01));
  CHECK(contrast_ratio(ImVec4(119 * k, 119 * k, 119 * k, 1), white) < 4.5);
}

TEST_CASE("every text colour reads at 4.5:1 or more on its background, in both themes", "[theme]") {
  for (Theme theme : {Theme::dark, Theme::light}) {
    const ImGuiStyle style = ui::theme_style(theme, 14.0f);
    const ImVec4 window = style.Colors[ImGuiCol_WindowBg];
    const std::string name(to_string(theme));
    struct Pair {
      const char* what;
      ImVec4 text, background;
    };
    std::vector<Pair> pairs = {
        {"text on the window", style.Colors[ImGuiCol_Text], window},
        {"notes (disabled text) on the window", style.Colors[ImGuiCol_TextDisabled], window},
        {"text in a field", style.Colors[ImGuiCol_Text], style.Colors[ImGuiCol_FrameBg]},
        {"text on a button", style.Colors[ImGuiCol_Text], style.Colors[ImGuiCol_Button]},
    };
    const ui::ThemeTextColors own = ui::theme_text_colors(theme);
    pairs.push_back({"a sidebar heading", own.heading, window});
    pairs.push_back({"the lesson band's title", own.accent, style.Colors[ImGuiCol_FrameBg]});
    pairs.push_back({"the lesson band's formulas", own.formula, style.Colors[ImGuiCol_FrameBg]});
    pairs.push_back({"a configuration's load error", own.error, window});
    for (std::size_t i = 0; i < ui::config_color_count; ++i)
      pairs.push_back({"a configuration's label", ui::config_text_color(theme, i), window});
    for (const Pair& pair : pairs) {
      // A translucent background (ImGui's buttons are) is seen over the window: blend it first.
      const float a = pair.background.w;
      const ImVec4 seen(pair.background.x * a + window.x * (1 - a),
                        pair.background.y * a + window.y * (1 - a),
                        pair.background.z * a + window.z * (1 - a), 1);
      INFO(name << " theme: " << pair.what);
      CHECK(contrast_ratio(pair.text, seen) >= 4.5);
    }
  }
}
