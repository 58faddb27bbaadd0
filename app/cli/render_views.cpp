// pelab-cli render, drawn by the app's own view code off screen (EGL: no display needed), so a figure
// is what the app shows in that view, maximised, with the figure's title in place of the view's title
// row. Compiled into the pelab executable, not into pelab-cli: pelab-cli's other commands link no
// ImGui, GLFW, EGL or cairo, and its render runs `pelab --cli render ...` (app/cli/main.cpp).
#include "render_views.hpp"

#include "commands.hpp"
#include "errors.hpp"
#include "output.hpp"
#include "pelab/io/colormap.hpp"
#include "pelab/io/png.hpp"
#include "pelab/number_text.hpp"
#include "resolve.hpp"
#include "run/figure.hpp"
#include "state/i18n.hpp"
#include "ui/view_registry.hpp"
#include "values.hpp"

namespace pelab::cli {
namespace {
using U = std::uint64_t;
}  // namespace

void render_views(const RenderArgs& args) {
  const U max_bytes = max_bytes_value(args.common);
  EncodingSpec spec = parse_encoding(args.encoding, "render");
  const std::filesystem::path out = out_path(args.common, "render");
  output_format(args.common, out, {Format::png}, "render");

  const std::string view_id = args.view.given() ? args.view.text : "heatmap";
  const app::ui::ViewType* view = app::ui::find_view(view_id);
  if (!view) {
    throw UsageError("--view: unknown view '" + view_id + "' (" + app::ui::view_id_list() + ")");
  }
  if (view->min_configs > 1) {
    throw UsageError("--view " + view_id + " compares " + std::to_string(view->min_configs) +
                     " configurations and render draws one; draw it with the app: pelab A B --view " +
                     view_id + " --screenshot FILE.png");
  }
  const bool shows_similarity = (view->needs & app::item_similarity) != 0;
  if (args.metric.given() && !shows_similarity) {
    throw UsageError("--metric applies only to a view that shows the similarity (not --view " + view_id +
                     ")");
  }
  app::run::FigureRequest request;
  request.display.metric = metric_value(args.metric);
  if (args.colormap.given()) {
    const auto colormap = parse_colormap(args.colormap.text);
    if (!colormap) {
      throw UsageError("--colormap: unknown colormap '" + args.colormap.text +
                       "' (viridis, magma, red-blue, gray)");
    }
    request.display.colormap = *colormap;
  }
  int width = view_id == "similarity" ? 1000 : 1200, height = 800;
  if (args.size.given()) {
    try {
      const PixelSize size = parse_pixel_size("--size", args.size.text);
      width = size.width;
      height = size.height;
    } catch (const Error& error) {
      throw UsageError(error.what());
    }
  }
  if (args.lang.given()) {
    request.ui.language = app::parse_language(args.lang.text);
    if (!request.ui.language)
      throw UsageError("--lang: unknown language '" + args.lang.text + "' (" + app::language_list() + ")");
  }
  load_encoding_table(spec, args.encoding, max_bytes, [&](const EncodingSpec& s) {
    const EncodingParams& p = s.params;
    // The app's views work within the app's limits; a figure must not silently show less.
    if (p.positions > app::max_positions || p.dims > app::max_dims || p.start > app::max_start) {
      throw UsageError("render draws the app's views, which show N <= " + std::to_string(app::max_positions) +
                       ", D <= " + std::to_string(app::max_dims) +
                       ", start <= " + std::to_string(app::max_start) + " (got " + s.describe() + ")");
    }
    const Budget budget{max_bytes, s.sizes_from_file};
    budget.check_output(saturating_product({to_u64(width), to_u64(height), 3}),
                        "a " + std::to_string(width) + " x " + std::to_string(height) + " RGB picture");
    if (shows_similarity) {
      budget.check_memory(similarity_memory(p), similarity_memory_text(p));
    } else {
      budget.check_memory(saturating_product({to_u64(p.positions), to_u64(p.dims), 8}),
                          "the " + shape_text({p.positions, p.dims}) + " table");
    }
  });
  const EncodingParams& p = spec.params;
  preflight_output(out);

  app::run::FigureConfig config;
  config.config.encoding = p;
  if (spec.table) {
    config.config.table_path = spec.table_path.string();
    config.config.tensor = spec.table_tensor;
    config.table = std::make_shared<const Matrix>(std::move(*spec.table));
    spec.table.reset();
  }
  request.configs.push_back(std::move(config));
  request.figure.view_id = view_id;
  request.figure.logical_size = ImVec2(static_cast<float>(width), static_cast<float>(height));
  request.figure.title =
      args.title.given() ? args.title.text : std::string(view->title) + ": " + spec.describe();
  std::string error;
  const std::optional<gfx::RgbImage> image = app::run::render_figure(request, error);
  if (!image) throw FileError("cannot render the figure: " + error);
  try {
    write_bytes(out, png_encode_rgb(image->width, image->height, image->pixels));
  } catch (const pelab::Error& e) {
    throw FileError(e.what());
  }
}

}  // namespace pelab::cli
