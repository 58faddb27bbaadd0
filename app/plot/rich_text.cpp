// Plot layer: text with sub- and superscripts (markup in labels.hpp), measured and drawn with ImGui's
// current font. Scripts are the same font drawn smaller, so every glyph the font atlas holds can be a
// script (Unicode has subscript letters for only a few characters: there is no subscript q).
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <string_view>

#include "plot_internal.hpp"

namespace pelab::plot {

namespace detail {

namespace {

// Script size and placement, in font sizes: the subscript's baseline drops about 0.2, the superscript's
// rises about 0.35 (what typeset maths does at 70% size), so both read as scripts even on a projector.
constexpr float kScriptScale = 0.7f;
constexpr float kSubTop = 0.42f;   // top of a subscript's glyph box below the top of the line
constexpr float kSupTop = -0.12f;  // top of a superscript's glyph box (above the line's top)

float run_size(int level, float f) { return level == 0 ? f : kScriptScale * f; }
float run_dy(int level, float f) { return level < 0 ? kSubTop * f : level > 0 ? kSupTop * f : 0.0f; }

// One line: width, and the top / bottom of its glyph boxes relative to a plain line's box [0, f].
struct LineBox {
  float width = 0, top = 0, bottom = 0;
};

LineBox measure_runs(ImFont* font, float f, const std::vector<RichRun>& runs) {
  LineBox box;
  box.bottom = f;
  for (const RichRun& r : runs) {
    const float size = run_size(r.level, f);
    const char* s = r.text.c_str();
    box.width += font->CalcTextSizeA(size, FLT_MAX, 0.0f, s, s + r.text.size()).x;
    box.top = std::min(box.top, run_dy(r.level, f));
    box.bottom = std::max(box.bottom, run_dy(r.level, f) + size);
  }
  return box;
}

// Calls fn(line) for each '\n'-separated line.
template <typename Fn>
void for_each_line(std::string_view text, Fn&& fn) {
  for (;;) {
    const size_t nl = text.find('\n');
    fn(text.substr(0, nl));
    if (nl == std::string_view::npos) return;
    text.remove_prefix(nl + 1);
  }
}

}  // namespace

ImVec2 text_size(const std::string& text) {
  if (!has_rich_markup(text)) return ImGui::CalcTextSize(text.c_str(), nullptr, false);
  ImFont* font = ImGui::GetFont();
  const float f = ImGui::GetFontSize();
  ImVec2 size(0, 0);
  for_each_line(text, [&](std::string_view line) {
    const LineBox box = measure_runs(font, f, parse_rich_text(line));
    size.x = std::max(size.x, box.width);
    size.y += box.bottom - box.top;
  });
  return size;
}

void add_text(ImDrawList* dl, ImVec2 pos, ImU32 color, const std::string& text) {
  if (!has_rich_markup(text)) {
    dl->AddText(pos, color, text.c_str());
    return;
  }
  ImFont* font = ImGui::GetFont();
  const float f = ImGui::GetFontSize();
  float y = pos.y;
  for_each_line(text, [&](std::string_view line) {
    const std::vector<RichRun> runs = parse_rich_text(line);
    const LineBox box = measure_runs(font, f, runs);
    float x = pos.x;
    for (const RichRun& r : runs) {
      const float size = run_size(r.level, f);
      const char* s = r.text.c_str();
      const char* e = s + r.text.size();
      dl->AddText(font, size, ImVec2(round_px(x), round_px(y - box.top + run_dy(r.level, f))), color, s, e);
      x += font->CalcTextSizeA(size, FLT_MAX, 0.0f, s, e).x;
    }
    y += box.bottom - box.top;
  });
}

// ImGui 1.86 has no rotated text, so the glyph quads are emitted directly from the font (no CPU clipping,
// GPU clip only). One line; scripts are placed as in add_text, turned with the rest.
void add_text_vertical(ImDrawList* dl, ImVec2 center, ImU32 color, const char* text, float max_length) {
  ImFont* font = ImGui::GetFont();
  float f = ImGui::GetFontSize();
  std::vector<RichRun> runs = parse_rich_text(text);
  LineBox box = measure_runs(font, f, runs);
  if (max_length > 0.0f && box.width > max_length) {
    f *= TextScale(max_length / box.width, 0.7f);
    box = measure_runs(font, f, runs);
  }
  // Still too long at the smallest size allowed (a slide's): end at a word with "…", as a title does.
  if (max_length > 0.0f && box.width > max_length) {
    std::string shorter = text;
    for (std::size_t cut = shorter.rfind(' '); cut != std::string::npos && cut > 0;
         cut = shorter.rfind(' ')) {
      shorter = shorter.substr(0, cut);
      const std::vector<RichRun> cut_runs = parse_rich_text(shorter + "…");
      const LineBox cut_box = measure_runs(font, f, cut_runs);
      if (cut_box.width <= max_length || shorter.find(' ') == std::string::npos) {
        runs = cut_runs;
        box = cut_box;
        break;
      }
    }
  }
  const float height = box.bottom - box.top;
  const ImVec2 origin(round_px(center.x - height * 0.5f), round_px(center.y + box.width * 0.5f));
  auto at = [&](float tx, float ty) { return ImVec2(origin.x + ty, origin.y - tx); };
  dl->PushTextureID(font->ContainerAtlas->TexID);
  float pen = 0;
  for (const RichRun& r : runs) {
    const float scale = run_size(r.level, f) / font->FontSize;
    const float dy = run_dy(r.level, f) - box.top;
    const char* end = r.text.c_str() + r.text.size();
    for (const char* s = r.text.c_str(); s < end;) {
      unsigned int c = static_cast<unsigned char>(*s);
      if (c < 0x80) {
        ++s;
      } else {
        s += ImTextCharFromUtf8(&c, s, end);
        if (c == 0) break;
      }
      if (c == '\n' || c == '\r') continue;
      const ImFontGlyph* g = font->FindGlyph(static_cast<ImWchar>(c));
      if (!g) continue;
      if (g->Visible) {
        const float x0 = pen + g->X0 * scale, x1 = pen + g->X1 * scale;
        const float y0 = dy + g->Y0 * scale, y1 = dy + g->Y1 * scale;
        dl->PrimReserve(6, 4);
        dl->PrimQuadUV(at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1), ImVec2(g->U0, g->V0),
                       ImVec2(g->U1, g->V0), ImVec2(g->U1, g->V1), ImVec2(g->U0, g->V1), color);
      }
      pen += g->AdvanceX * scale;
    }
  }
  dl->PopTextureID();
}

ImVec2 tag_padding(float font_size) {
  return ImVec2(round_px(0.2f * font_size), round_px(0.05f * font_size));
}

// Text on a translucent plate, so tags stay readable over data.
ImRect add_tag(ImDrawList* dl, ImVec2 pos, ImU32 color, const std::string& text) {
  const float f = ImGui::GetFontSize();
  const ImVec2 ts = text_size(text), pad = tag_padding(f);
  pos = ImVec2(round_px(pos.x), round_px(pos.y));
  const ImRect r(pos, ImVec2(pos.x + ts.x + 2 * pad.x, pos.y + ts.y + 2 * pad.y));
  dl->AddRectFilled(r.Min, r.Max, label_background(0.82f), 0.2f * f);
  add_text(dl, ImVec2(pos.x + pad.x, pos.y + pad.y), color, text);
  return r;
}

}  // namespace detail

ImVec2 CalcRichTextSize(const char* text) { return text ? detail::text_size(text) : ImVec2(0, 0); }

void AddRichText(ImDrawList* draw_list, ImVec2 pos, ImU32 color, const char* text) {
  if (draw_list && text) detail::add_text(draw_list, pos, color, text);
}

void AddRichTextVertical(ImDrawList* draw_list, ImVec2 center, ImU32 color, const char* text) {
  if (draw_list && text) detail::add_text_vertical(draw_list, center, color, text);
}

}  // namespace pelab::plot
