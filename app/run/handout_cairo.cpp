// The PDF handout through cairo and pango (run/handout.hpp): the build where cairo is present.
#include <cairo/cairo-pdf.h>
#include <cairo/cairo.h>
#include <pango/pangocairo.h>

#include <algorithm>

#include "pelab/io/atomic_file.hpp"
#include "plot/labels.hpp"
#include "run/handout.hpp"
#include "state/i18n.hpp"
#include "ui/panels.hpp"

namespace pelab::app::run {
namespace {

// The app's script markup ("base^{−2k/D}", labels.hpp) as pango markup: scripts in <sup>/<sub>, the
// rest escaped, so the handout shows raised exponents as the slide does.
std::string pango_markup(const std::string& text) {
  std::string markup;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t nl = std::min(text.find('\n', start), text.size());
    if (start > 0) markup += '\n';
    for (const plot::RichRun& run : plot::parse_rich_text(std::string_view(text).substr(start, nl - start))) {
      gchar* escaped = g_markup_escape_text(run.text.c_str(), static_cast<gssize>(run.text.size()));
      markup += run.level > 0 ? "<sup>" : run.level < 0 ? "<sub>" : "";
      markup += escaped;
      markup += run.level > 0 ? "</sup>" : run.level < 0 ? "</sub>" : "";
      g_free(escaped);
    }
    start = nl + 1;
  }
  return markup;
}

// A paragraph laid out by pango: wrapped to `width` points, with font fallback (Hangul from
// NanumGothic, subscripts and maths from DejaVu Sans). Returns the y below it; with draw = false
// only measures (a box is drawn before the text it holds).
double draw_paragraph(cairo_t* cr, const std::string& text, const char* font, double x, double y,
                      double width, bool draw = true) {
  PangoLayout* layout = pango_cairo_create_layout(cr);
  PangoFontDescription* description = pango_font_description_from_string(font);
  pango_layout_set_font_description(layout, description);
  pango_layout_set_width(layout, static_cast<int>(width * PANGO_SCALE));
  pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
  if (plot::has_rich_markup(text)) {
    pango_layout_set_markup(layout, pango_markup(text).c_str(), -1);
  } else {
    pango_layout_set_text(layout, text.c_str(), -1);
  }
  if (draw) {
    cairo_move_to(cr, x, y);
    pango_cairo_show_layout(cr, layout);
  }
  int w = 0, h = 0;
  pango_layout_get_size(layout, &w, &h);
  pango_font_description_free(description);
  g_object_unref(layout);
  return y + static_cast<double>(h) / PANGO_SCALE;
}

cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

bool handouts_available() { return true; }

const char* handouts_missing_reason() { return ""; }

// One A4 landscape page per step: the slide scaled to the page width, then the text below it.
void write_handout(const std::filesystem::path& pdf, const LessonPlayer& player,
                   const std::vector<gfx::RgbImage>& slides) {
  const Lesson& lesson = *player.lesson;
  const Language language = current_language();
  constexpr double page_w = 842.0, page_h = 595.0, margin = 28.0;
  std::string bytes;
  cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(append_bytes, &bytes, page_w, page_h);
  cairo_t* cr = cairo_create(surface);
  for (std::size_t n = 0; n < slides.size(); ++n) {
    const gfx::RgbImage& slide = slides[n];
    // RGB rows into cairo's 32-bit xRGB.
    cairo_surface_t* image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, slide.width, slide.height);
    unsigned char* data = cairo_image_surface_get_data(image);
    const int stride = cairo_image_surface_get_stride(image);
    for (int y = 0; y < slide.height; ++y) {
      auto* row = reinterpret_cast<std::uint32_t*>(data + y * stride);
      for (int x = 0; x < slide.width; ++x) {
        const std::size_t at = 3 * (static_cast<std::size_t>(y) * slide.width + x);
        row[x] = (std::uint32_t{slide.pixels[at]} << 16) | (std::uint32_t{slide.pixels[at + 1]} << 8) |
                 slide.pixels[at + 2];
      }
    }
    cairo_surface_mark_dirty(image);
    const LessonStep& step = lesson.steps[n];
    const double text_width = page_w - 2 * margin;
    // The text under the slide: measured first (draw = false), so a long step shrinks the slide
    // instead of running off the page.
    const auto text_block = [&](double y, bool draw) {
      cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
      const std::string heading =
          lesson.title.in(language) + "  —  " +
          trf("lesson.counter", {std::to_string(n + 1), std::to_string(slides.size())});
      y = draw_paragraph(cr, heading, "Sans Bold 12", margin, y, text_width, draw) + 4.0;
      y = draw_paragraph(cr, step.text.in(language), "Sans 10.5", margin, y, text_width, draw) + 4.0;
      if (!step.formula.empty())
        y = draw_paragraph(cr, step.formula, "DejaVu Sans 10.5", margin, y, text_width, draw) + 4.0;
      // A page cannot play the step's animation: one line says what moves, from where to where.
      if (const std::string animated = step_animation_caption(step); !animated.empty())
        y = draw_paragraph(cr, animated, "Sans Italic 10.5", margin, y, text_width, draw) + 4.0;
      const std::string pointed = ui::pointed_control_caption(step, step.state);
      if (!pointed.empty())
        y = draw_paragraph(cr, pointed, "Sans Italic 10.5", margin, y, text_width, draw) + 4.0;
      // The "try this" prompt is for students on their own, so it is on the handout (not on the
      // slide the audience watches): a tinted box, set apart from what the lecturer says.
      if (!step.try_text.in(language).empty()) {
        constexpr double pad = 7.0;
        const std::string prompt = std::string(tr("lesson.try")) + " " + step.try_text.in(language);
        const double inner = text_width - 2 * pad;
        const double height = draw_paragraph(cr, prompt, "Sans 10.5", margin + pad, 0.0, inner, false);
        const double top = y + 4.0;
        if (draw) {
          cairo_rectangle(cr, margin, top, text_width, height + 2 * pad);
          cairo_set_source_rgb(cr, 1.0, 0.96, 0.88);
          cairo_fill_preserve(cr);
          cairo_set_source_rgb(cr, 0.85, 0.55, 0.0);
          cairo_set_line_width(cr, 1.2);
          cairo_stroke(cr);
          cairo_set_source_rgb(cr, 0.15, 0.1, 0.0);
          draw_paragraph(cr, prompt, "Sans 10.5", margin + pad, top + pad, inner);
        }
        y = top + height + 2 * pad;
      }
      return y;
    };
    const double text_height = text_block(0.0, false);
    const double room = std::max(0.3 * page_h, page_h - 2 * margin - 10.0 - text_height);
    const double scale =
        std::min({(page_w - 2 * margin) / slide.width, 0.62 * page_h / slide.height, room / slide.height});
    cairo_save(cr);
    cairo_translate(cr, margin, margin);
    cairo_scale(cr, scale, scale);
    cairo_set_source_surface(cr, image, 0, 0);
    cairo_paint(cr);
    cairo_restore(cr);
    cairo_surface_destroy(image);
    text_block(margin + slide.height * scale + 10.0, true);
    cairo_show_page(cr);
  }
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  const cairo_status_t status = cairo_surface_status(surface);
  cairo_surface_destroy(surface);
  if (status != CAIRO_STATUS_SUCCESS)
    throw Error(std::string("cannot make the PDF: ") + cairo_status_to_string(status));
  write_file_atomic(pdf, bytes);
}

}  // namespace pelab::app::run
