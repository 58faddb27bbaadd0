// The presenter console on the desktop: a second GLFW window (gfx/second_window.hpp) and the next
// step's picture made off screen by a second AppContext (run/presenter_console.hpp).
#include "run/presenter_console.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "gfx/fonts.hpp"
#include "gfx/offscreen_frame.hpp"
#include "gfx/second_window.hpp"
#include "gfx/texture.hpp"
#include "plot/plot.hpp"
#include "run/run_modes.hpp"
#include "state/i18n.hpp"
#include "state/presenter_notes.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"

namespace pelab::app::run {

// What the picture depends on: another step, size, language, theme or font makes it again.
struct ConsolePictureKey {
  std::string lesson_id;
  std::size_t lesson_steps = 0;
  std::size_t step = 0;
  int width = 0, height = 0;
  std::string language;
  Theme theme = Theme::dark;
  float font_pixels = 0.0f;
  bool operator==(const ConsolePictureKey&) const = default;
};

// What the console's font atlas and style were built for.
struct ConsoleLook {
  std::string language;
  Theme theme = Theme::dark;
  float font_pixels = 0.0f;
  bool operator==(const ConsoleLook&) const = default;
};

namespace {

using Clock = std::chrono::steady_clock;

// The console's text: read at arm's length on the lecturer's own screen, smaller than the slides'.
constexpr float console_font_size = 22.0f;
// The picture is kept at most this wide (a box filter of a whole factor): the console shows it smaller
// than the slide, and a smaller texture costs the software rasteriser less each console frame.
constexpr int picture_max_width = 800;
// Frames in a row with every worker settled before the picture is read, as a slide's export waits.
constexpr int picture_settled_frames = 4;

// `image` made `factor` times smaller in each direction (each pixel the mean of a factor × factor
// box), as RGBA with alpha 255.
std::vector<std::uint8_t> shrink_to_rgba(const gfx::RgbImage& image, int factor, int& width, int& height) {
  width = image.width / factor;
  height = image.height / factor;
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4u);
  const int area = factor * factor;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      int sum[3] = {0, 0, 0};
      for (int dy = 0; dy < factor; ++dy) {
        const std::size_t row =
            static_cast<std::size_t>(y * factor + dy) * static_cast<std::size_t>(image.width);
        for (int dx = 0; dx < factor; ++dx) {
          const std::size_t at = (row + static_cast<std::size_t>(x * factor + dx)) * 3u;
          for (int c = 0; c < 3; ++c) sum[c] += image.pixels[at + static_cast<std::size_t>(c)];
        }
      }
      const std::size_t out =
          (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4u;
      for (int c = 0; c < 3; ++c)
        rgba[out + static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(sum[c] / area);
      rgba[out + 3] = 255;
    }
  }
  return rgba;
}

// The ImGui and plot contexts current now, made current again when it goes.
class KeepCurrentContexts {
 public:
  KeepCurrentContexts() : imgui_(ImGui::GetCurrentContext()), plot_(plot::GetCurrentContext()) {}
  ~KeepCurrentContexts() {
    ImGui::SetCurrentContext(imgui_);
    plot::SetCurrentContext(plot_);
  }
  KeepCurrentContexts(const KeepCurrentContexts&) = delete;
  KeepCurrentContexts& operator=(const KeepCurrentContexts&) = delete;

 private:
  ImGuiContext* imgui_;
  plot::detail::Context* plot_;
};

}  // namespace

struct PresenterConsole::Impl {
  std::unique_ptr<gfx::SecondWindow> window;
  std::optional<ConsoleLook> look;
  std::string title;

  // The next step's picture: a second app showing that step, drawn into an off-screen frame.
  std::unique_ptr<ui::AppContext> preview;
  std::unique_ptr<gfx::OffscreenFrame> frame;
  plot::detail::Context* preview_plot = nullptr;
  float frame_font_pixels = 0.0f;
  std::optional<ConsolePictureKey> wanted;  // the picture to show; none at the last step or without a lesson
  bool made = false, failed = false;
  bool asked = false;  // a frame has sent the step's requests to the preview's workers
  int settled = 0;
  Clock::time_point started;
  gfx::Texture2D picture;

  ~Impl() {
    // The frame's ImGui context first (it makes the one current at its creation current again), then
    // the app whose GPU images it drew, then the plot context both used.
    frame.reset();
    preview.reset();
    if (preview_plot) plot::DestroyContext(preview_plot);
  }

  void open(gfx::Window& main, ui::AppContext& app) {
    if (window) return;
    gfx::SecondWindowOptions options;
    options.title = tr("console.title");
    for (const ui::LessonKey& key : ui::lesson_keys) options.forwarded_keys.push_back(key.glfw_key);
    // The modifiers too, so Alt+F5 in the console is Alt+F5 (a press of F5 alone would leave presenting).
    for (const int key : ui::lesson_modifier_keys) options.forwarded_keys.push_back(key);
    std::string error;
    window = gfx::SecondWindow::open(main, options, error);
    if (!window) {
      ui::add_notice(app, trf("console.cannot_open", {error}), true);
      return;
    }
    look.reset();
    title.clear();
  }

  void want_picture(gfx::Window& main, ui::AppContext& app) {
    const LessonPlayer& player = app.lessons;
    if (!player.lesson || player.step + 1 >= player.lesson->steps.size()) {
      wanted.reset();
      return;
    }
    const gfx::FramebufferSize size = main.framebuffer_size();
    if (size.width < 1 || size.height < 1) return;  // minimised: keep what there is
    ConsolePictureKey key;
    key.lesson_id = player.lesson->id;
    key.lesson_steps = player.lesson->steps.size();
    key.step = player.step + 1;
    key.width = size.width;
    key.height = size.height;
    key.language = current_language();
    key.theme = app.state.ui.theme;
    // The slide's font: presenter mode's, at the audience window's scale.
    key.font_pixels = std::max(app.state.ui.font_size, ui::presenter_font_size) * main.content_scale();
    if (wanted == key) return;
    const bool same_lesson =
        wanted && wanted->lesson_id == key.lesson_id && wanted->lesson_steps == key.lesson_steps;
    wanted = key;
    made = failed = asked = false;
    settled = 0;
    started = Clock::now();

    KeepCurrentContexts keep;
    if (!preview_plot) preview_plot = plot::CreateContext();
    plot::SetCurrentContext(preview_plot);
    if (!frame || frame->size().width != key.width || frame->size().height != key.height) {
      frame.reset();
      std::string error;
      frame = gfx::OffscreenFrame::create(key.width, key.height, error);  // makes its context current
      if (!frame) {
        failed = true;
        ui::add_notice(app, trf("console.picture_error", {error}), true);
        return;
      }
      frame_font_pixels = 0.0f;
    }
    ImGui::SetCurrentContext(frame->imgui_context());
    if (frame_font_pixels != key.font_pixels) {
      std::string notice;  // a missing font: the audience window has said so already
      gfx::rebuild_fonts(app.font_glyphs, key.font_pixels, language_font_files(), notice);
      frame_font_pixels = key.font_pixels;
    }
    ui::apply_theme(key.theme, key.font_pixels);

    if (!preview) {
      preview = std::make_unique<ui::AppContext>();
      preview->renderer = app.renderer;
      preview->wake = app.wake;
      preview->capture_mode = true;  // no tooltips, nothing saved
    }
    if (!same_lesson || !preview->lessons.lesson) preview->lessons.lesson = player.lesson;
    preview->sources = app.sources;  // tables loaded already are not read again
    preview->model_presets = app.model_presets;
    preview->lessons.presenting = true;
    preview->state.ui = app.state.ui;
    preview->state.ui.font_size = key.font_pixels / main.content_scale();
    ui::show_lesson_step(*preview, key.step);
  }

  // One off-screen frame of the picture; the texture once the preview has settled.
  void make_picture_frame(ui::AppContext& app) {
    KeepCurrentContexts keep;
    plot::SetCurrentContext(preview_plot);
    const bool was_settled = ui::all_settled(*preview);
    frame->begin_frame();
    ui::draw_app(*preview);
    frame->end_frame(preview->frame_textures());
    asked = true;
    settled = was_settled && ui::all_settled(*preview) ? settled + 1 : 0;
    if (settled >= picture_settled_frames) {
      const gfx::RgbImage image = frame->read_pixels();
      const int factor = std::max(1, (image.width + picture_max_width - 1) / picture_max_width);
      int width = 0, height = 0;
      const std::vector<std::uint8_t> rgba = shrink_to_rgba(image, factor, width, height);
      picture.upload(gfx::TexelFormat::rgba8, width, height, rgba.data());
      picture.set_filter(gfx::TextureFilter::linear);
      picture.mark_opaque();
      made = true;
    } else if (std::chrono::duration<double>(Clock::now() - started).count() > settle_timeout_seconds()) {
      failed = true;
      char seconds[32];
      std::snprintf(seconds, sizeof seconds, "%g", settle_timeout_seconds());
      ui::add_notice(app, trf("console.picture_error", {trf("console.picture_timeout", {seconds})}), true);
    }
  }

  void draw(ui::AppContext& app) {
    const ConsoleLook now_look{current_language(), app.state.ui.theme,
                               console_font_size * window->content_scale()};
    if (look != now_look) {
      window->make_current();
      std::string notice;
      gfx::rebuild_fonts(app.font_glyphs, now_look.font_pixels, language_font_files(), notice);
      ui::apply_theme(now_look.theme, now_look.font_pixels);
      window->restore_current();
      look = now_look;
    }
    // The window's title says where the lesson is (the task bar, and the test reads it).
    const PresenterNotes notes = presenter_notes(app.lessons, current_language(), Clock::now());
    std::string new_title = tr("console.title");
    if (notes.has_lesson) new_title += " — " + notes.counter;
    if (new_title != title) {
      window->set_title(new_title);
      title = new_title;
    }
    ui::ConsolePicture shown;
    if (wanted && made) {
      shown.texture = picture.imgui_id();
      shown.size = ImVec2(static_cast<float>(picture.width()), static_cast<float>(picture.height()));
    }
    shown.failed = failed;
    window->begin_frame();
    ui::draw_presenter_console(app, shown);
    window->end_frame();
  }
};

PresenterConsole::PresenterConsole() : impl_(std::make_unique<Impl>()) {}
PresenterConsole::~PresenterConsole() = default;

void PresenterConsole::update(gfx::Window& main, ui::AppContext& app) {
  Impl& impl = *impl_;
  if (app.requests.open_presenter_console) {
    app.requests.open_presenter_console = false;
    impl.open(main, app);
  }
  if (impl.window && impl.window->should_close()) impl.window.reset();  // presenting goes on
  app.presenter_console_open = impl.window != nullptr;
  if (!impl.window) return;
  impl.want_picture(main, app);
  if (impl.wanted && !impl.made && !impl.failed && impl.frame) impl.make_picture_frame(app);
  impl.draw(app);
}

bool PresenterConsole::busy() const {
  const Impl& impl = *impl_;
  // While the preview's workers compute, the loop may sleep: their result wakes it (app.wake).
  return impl.window && impl.wanted && !impl.made && !impl.failed && impl.preview &&
         (!impl.asked || ui::all_settled(*impl.preview));
}

std::chrono::duration<double> PresenterConsole::idle_timeout(const ui::AppContext& app) const {
  if (!impl_->window) return std::chrono::hours(1);
  return until_next_timer_second(app.lessons, Clock::now());
}

}  // namespace pelab::app::run
