// encode, similarity, check and render: the commands built on an absolute encoding table.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "commands.hpp"
#include "errors.hpp"
#include "output.hpp"
#include "pelab/encodings.hpp"
#include "pelab/io/colormap.hpp"
#include "pelab/io/png.hpp"
#include "pelab/requirements.hpp"
#include "pelab/similarity.hpp"
#include "resolve.hpp"
#include "values.hpp"

#ifdef PELAB_CLI_VIEWS
#include "run/figure.hpp"
#include "state/i18n.hpp"
#include "ui/view_registry.hpp"
#endif

namespace pelab::cli {
namespace {

using U = std::uint64_t;

SimilarityMetric metric_value(const Arg& metric) {
  if (!metric.given()) return SimilarityMetric::dot;
  const auto parsed = parse_similarity_metric(metric.text);
  if (!parsed) throw UsageError("--metric: unknown metric '" + metric.text + "' (dot, cosine, distance)");
  return *parsed;
}

// Bytes of the arrays a similarity matrix needs: the N x N result, plus the N x D table unless the
// sinusoidal closed form is used (it never forms the table).
U similarity_memory(const EncodingParams& p) {
  const U result = saturating_product({to_u64(p.positions), to_u64(p.positions), 8});
  if (p.kind == EncodingKind::sinusoidal) return result;
  return saturating_sum({result, saturating_product({to_u64(p.positions), to_u64(p.dims), 8})});
}

std::string similarity_memory_text(const EncodingParams& p) {
  std::string text = "the " + shape_text({p.positions, p.positions}) + " similarity matrix";
  if (p.kind != EncodingKind::sinusoidal) text += " and the " + shape_text({p.positions, p.dims}) + " table";
  return text;
}

Matrix compute_similarity(const EncodingSpec& spec, SimilarityMetric metric) {
  const EncodingParams& p = spec.params;
  if (p.kind == EncodingKind::sinusoidal) {
    return sinusoidal_similarity_closed_form(p.positions, p.dims, p.base, p.start, metric);
  }
  return similarity_matrix(encode(p, spec.source()), metric);
}

std::string format_score(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", value);
  return buffer;
}

std::string pad(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

nlohmann::ordered_json encoding_json(const EncodingSpec& spec) {
  const EncodingParams& p = spec.params;
  nlohmann::ordered_json j;
  j["kind"] = std::string(to_string(p.kind));
  j["positions"] = p.positions;
  j["dims"] = p.dims;
  j["start"] = p.start;
  if (spec.uses_base()) j["base"] = p.base;
  if (p.kind == EncodingKind::binary) j["signed"] = p.binary_signed;
  if (p.kind == EncodingKind::learned) {
    if (spec.table) {
      j["table"] = spec.table_path.string();
      if (!spec.table_tensor.empty()) j["tensor"] = spec.table_tensor;
    } else {
      j["sigma"] = p.sigma;
      j["seed"] = p.seed;
    }
  }
  return j;
}

std::string check_json(const EncodingSpec& spec, const std::vector<RequirementScore>& scores) {
  nlohmann::ordered_json j;
  j["encoding"] = encoding_json(spec);
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  int passed = 0;
  for (const RequirementScore& s : scores) {
    nlohmann::ordered_json r;
    r["number"] = s.number;
    r["name"] = s.name;
    r["description"] = s.description;
    // JSON has no infinity: a non-finite measurement is null (and "value_text" says which).
    if (std::isfinite(s.value)) {
      r["value"] = s.value;
    } else {
      r["value"] = nullptr;
    }
    r["value_text"] = format_score(s.value);
    r["threshold"] = s.threshold;
    r["higher_is_better"] = s.higher_is_better;
    r["pass"] = s.pass;
    passed += s.pass ? 1 : 0;
    list.push_back(std::move(r));
  }
  j["requirements"] = std::move(list);
  j["passed"] = passed;
  j["total"] = static_cast<int>(scores.size());
  return j.dump(2) + "\n";
}

std::string check_table(const EncodingSpec& spec, const std::vector<RequirementScore>& scores) {
  std::ostringstream text;
  text << spec.describe() << "\n\n";
  text << "#  " << pad("requirement", 20) << pad("value", 14) << pad("pass if", 12) << "result\n";
  int passed = 0;
  for (const RequirementScore& s : scores) {
    const std::string rule = (s.higher_is_better ? "> " : "<= ") + format_score(s.threshold);
    text << s.number << "  " << pad(s.name, 20) << pad(format_score(s.value), 14) << pad(rule, 12)
         << (s.pass ? "pass" : "FAIL") << "\n";
    passed += s.pass ? 1 : 0;
  }
  text << "\n" << passed << " of " << scores.size() << " requirements pass\n\n";
  for (const RequirementScore& s : scores)
    text << s.number << "  " << s.name << ": " << s.description << "\n";
  return text.str();
}

}  // namespace

void run_encode(const EncodeArgs& args) {
  const U max_bytes = max_bytes_value(args.common);
  EncodingSpec spec = parse_encoding(args.encoding, "encode");
  const std::filesystem::path out = out_path(args.common, "encode");
  const Format format = output_format(args.common, out, {Format::npy, Format::csv}, "encode");
  load_encoding_table(spec, args.encoding, max_bytes);
  const EncodingParams& p = spec.params;

  const Budget budget{max_bytes, spec.sizes_from_file};
  const U count = saturating_product({to_u64(p.positions), to_u64(p.dims)});
  budget.check_output(output_bytes(format, count), "a " + shape_text({p.positions, p.dims}) + " table as " +
                                                       std::string(extension_of(format)));
  budget.check_memory(saturating_product({count, 8}), "the " + shape_text({p.positions, p.dims}) + " table");
  preflight_output(out);
  write_matrix(out, format, encode(p, spec.source()));
}

void run_similarity(const SimilarityArgs& args) {
  const U max_bytes = max_bytes_value(args.common);
  EncodingSpec spec = parse_encoding(args.encoding, "similarity");
  const std::filesystem::path out = out_path(args.common, "similarity");
  const Format format = output_format(args.common, out, {Format::npy, Format::csv}, "similarity");
  const SimilarityMetric metric = metric_value(args.metric);
  load_encoding_table(spec, args.encoding, max_bytes);
  const EncodingParams& p = spec.params;

  const Budget budget{max_bytes, spec.sizes_from_file};
  const U count = saturating_product({to_u64(p.positions), to_u64(p.positions)});
  budget.check_output(output_bytes(format, count), "a " + shape_text({p.positions, p.positions}) +
                                                       " similarity matrix as " +
                                                       std::string(extension_of(format)));
  budget.check_memory(similarity_memory(p), similarity_memory_text(p));
  preflight_output(out);
  write_matrix(out, format, compute_similarity(spec, metric));
}

void run_check(const CheckArgs& args, std::ostream& out) {
  const U max_bytes = max_bytes_value(args.common);
  EncodingSpec spec = parse_encoding(args.encoding, "check");
  std::filesystem::path path;  // --out is optional here, and any file name goes
  if (args.common.out.given()) {
    path = args.common.out.text;
    if (!path.has_filename()) throw UsageError("--out '" + args.common.out.text + "' does not name a file");
  }
  load_encoding_table(spec, args.encoding, max_bytes);
  const EncodingParams& p = spec.params;

  // The scores need the table at N and at 2N (requirement 1) and a pairwise distance matrix of up
  // to 4096 rows (requirement 5).
  const Budget budget{max_bytes, spec.sizes_from_file};
  const U table = saturating_product({to_u64(p.positions), to_u64(p.dims), 8});
  const U sample = to_u64(std::min<std::int64_t>(p.positions, 4096));
  budget.check_memory(
      saturating_sum({saturating_product({table, 3}), saturating_product({sample, sample, 8})}),
      "the " + shape_text({p.positions, p.dims}) + " table, the same at 2N, and up to 4096 x 4096 distances");
  if (!path.empty()) preflight_output(path);

  const std::vector<RequirementScore> scores = requirement_scores(p, spec.source());
  const std::string text = args.json.value ? check_json(spec, scores) : check_table(spec, scores);
  if (!path.empty()) {
    write_text(path, text);
  } else {
    out << text << std::flush;
    if (!out) throw FileError("cannot write the scores to standard output");
  }
}

#ifdef PELAB_CLI_VIEWS
// The figure is one of the app's views, drawn off screen by the app's own code (run::render_figure):
// every view type, and the same picture as the app shows for that view maximised.
void run_render(const RenderArgs& args) {
  const U max_bytes = max_bytes_value(args.common);
  EncodingSpec spec = parse_encoding(args.encoding, "render");
  const std::filesystem::path out = out_path(args.common, "render");
  output_format(args.common, out, {Format::png}, "render");

  const std::string view_id = args.view.given() ? args.view.text : "heatmap";
  const app::ui::ViewType* view = app::ui::find_view(view_id);
  if (!view) {
    throw UsageError("--view: unknown view '" + view_id + "' (" + app::ui::view_id_list() + ")");
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
    char end = 0;
    if (std::sscanf(args.size.text.c_str(), "%dx%d%c", &width, &height, &end) != 2 || width < 320 ||
        height < 240 || width > 16384 || height > 16384) {
      throw UsageError("--size: expected WxH with 320 <= W, 240 <= H, both <= 16384 (got '" + args.size.text +
                       "')");
    }
  }
  if (args.lang.given()) {
    request.ui.language = app::parse_language(args.lang.text);
    if (!request.ui.language) throw UsageError("--lang: unknown language '" + args.lang.text + "' (en, ko)");
  }
  load_encoding_table(spec, args.encoding, max_bytes);
  const EncodingParams& p = spec.params;
  // The app's views work within the app's limits; a figure must not silently show less.
  if (p.positions > app::max_positions || p.dims > app::max_dims || p.start > app::max_start) {
    throw UsageError("render draws the app's views, which show N <= " + std::to_string(app::max_positions) +
                     ", D <= " + std::to_string(app::max_dims) +
                     ", start <= " + std::to_string(app::max_start) + " (got " + spec.describe() + ")");
  }

  const Budget budget{max_bytes, spec.sizes_from_file};
  budget.check_output(saturating_product({to_u64(width), to_u64(height), 3}),
                      "a " + std::to_string(width) + " x " + std::to_string(height) + " RGB picture");
  if (shows_similarity) {
    budget.check_memory(similarity_memory(p), similarity_memory_text(p));
  } else {
    budget.check_memory(saturating_product({to_u64(p.positions), to_u64(p.dims), 8}),
                        "the " + shape_text({p.positions, p.dims}) + " table");
  }
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
#else
void run_render(const RenderArgs& args) {
  const U max_bytes = max_bytes_value(args.common);
  EncodingSpec spec = parse_encoding(args.encoding, "render");
  const std::filesystem::path out = out_path(args.common, "render");
  output_format(args.common, out, {Format::png}, "render");

  bool similarity_view = false;
  if (args.view.given()) {
    if (args.view.text == "similarity") {
      similarity_view = true;
    } else if (args.view.text != "heatmap") {
      throw UsageError("--view: unknown view '" + args.view.text + "' (heatmap, similarity)");
    }
  }
  if (args.metric.given() && !similarity_view) {
    throw UsageError("--metric applies only with --view similarity");
  }
  const SimilarityMetric metric = metric_value(args.metric);
  FigureOptions figure;
  if (args.colormap.given()) {
    const auto colormap = parse_colormap(args.colormap.text);
    if (!colormap) {
      throw UsageError("--colormap: unknown colormap '" + args.colormap.text +
                       "' (viridis, magma, red-blue, gray)");
    }
    figure.colormap = *colormap;
  }
  load_encoding_table(spec, args.encoding, max_bytes);
  const EncodingParams& p = spec.params;

  const Budget budget{max_bytes, spec.sizes_from_file};
  budget.check_output(
      saturating_product({to_u64(figure.width), to_u64(figure.height), 3}),
      "a " + std::to_string(figure.width) + " x " + std::to_string(figure.height) + " RGB picture");
  if (similarity_view) {
    budget.check_memory(similarity_memory(p), similarity_memory_text(p));
  } else {
    budget.check_memory(saturating_product({to_u64(p.positions), to_u64(p.dims), 8}),
                        "the " + shape_text({p.positions, p.dims}) + " table");
  }
  preflight_output(out);

  Matrix matrix;
  if (similarity_view) {
    matrix = compute_similarity(spec, metric);
    figure.title = std::string(to_string(metric)) + " similarity of " + spec.describe();
    figure.x_label = "position q";
    figure.y_label = "position p";
    figure.x_first = static_cast<double>(p.start);
    figure.equal_aspect = true;  // N x N positions: a square
    figure.width = 1000;         // room for the square and its colour bar, little white beside
  } else {
    matrix = encode(p, spec.source());
    figure.title = spec.describe();
    figure.x_label = "dimension i";
    figure.y_label = "position p";
  }
  figure.y_first = static_cast<double>(p.start);
  try {
    write_bytes(out, png_encode_rgb(figure.width, figure.height, render_heatmap_figure(matrix, figure)));
  } catch (const pelab::Error& e) {
    throw FileError(e.what());
  }
}

#endif

}  // namespace pelab::cli
