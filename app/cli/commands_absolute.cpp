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

namespace pelab::cli {
namespace {
using U = std::uint64_t;
}  // namespace

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

namespace {

Matrix compute_similarity(const EncodingSpec& spec, SimilarityMetric metric) {
  const EncodingParams& p = spec.params;
  if (p.kind == EncodingKind::sinusoidal) {
    return sinusoidal_similarity_closed_form(p.positions, p.dims, p.base, p.start, metric);
  }
  // A table file that is exactly the table asked for is used as read, without a copy.
  if (const Matrix* table = spec.exact_table()) return similarity_matrix(*table, metric);
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
  int passed = 0, unmeasurable = 0;
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
    r["measurable"] = s.measurable;
    r["needs_positions"] = s.needs_positions;
    r["verdict"] = !s.measurable ? "not measurable" : s.pass ? "pass" : "fail";
    passed += s.pass ? 1 : 0;
    unmeasurable += s.measurable ? 0 : 1;
    list.push_back(std::move(r));
  }
  j["requirements"] = std::move(list);
  j["passed"] = passed;
  j["not_measurable"] = unmeasurable;
  j["total"] = static_cast<int>(scores.size());
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string check_table(const EncodingSpec& spec, const std::vector<RequirementScore>& scores) {
  std::ostringstream text;
  text << spec.describe() << "\n\n";
  text << "#  " << pad("requirement", 20) << pad("value", 14) << pad("pass if", 12) << "result\n";
  int passed = 0, unmeasurable = 0;
  for (const RequirementScore& s : scores) {
    const std::string rule = (s.higher_is_better ? "> " : "<= ") + format_score(s.threshold);
    const std::string value = s.measurable ? format_score(s.value) : "-";
    const std::string result = !s.measurable
                                   ? "not measurable (needs N >= " + std::to_string(s.needs_positions) + ")"
                                   : (s.pass ? "pass" : "FAIL");
    text << s.number << "  " << pad(s.name, 20) << pad(value, 14) << pad(rule, 12) << result << "\n";
    passed += s.pass ? 1 : 0;
    unmeasurable += s.measurable ? 0 : 1;
  }
  text << "\n" << passed << " of " << scores.size() << " requirements pass";
  if (unmeasurable > 0) {
    text << ", " << unmeasurable << " not measurable at N = " << spec.params.positions;
  }
  text << "\n\n";
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
  load_encoding_table(spec, args.encoding, max_bytes, [&](const EncodingSpec& s) {
    const EncodingParams& p = s.params;
    const Budget budget{max_bytes, s.sizes_from_file};
    const U count = saturating_product({to_u64(p.positions), to_u64(p.dims)});
    budget.check_output(output_bytes(format, count), "a " + shape_text({p.positions, p.dims}) + " table as " +
                                                         std::string(extension_of(format)));
    budget.check_memory(saturating_product({count, 8}),
                        "the " + shape_text({p.positions, p.dims}) + " table");
  });
  preflight_output(out);
  // A table file that is exactly the table asked for is written as it was read, without a copy.
  if (const Matrix* table = spec.exact_table()) {
    write_matrix(out, format, *table);
  } else {
    write_matrix(out, format, encode(spec.params, spec.source()));
  }
}

void run_similarity(const SimilarityArgs& args) {
  const U max_bytes = max_bytes_value(args.common);
  EncodingSpec spec = parse_encoding(args.encoding, "similarity");
  const std::filesystem::path out = out_path(args.common, "similarity");
  const Format format = output_format(args.common, out, {Format::npy, Format::csv}, "similarity");
  const SimilarityMetric metric = metric_value(args.metric);
  load_encoding_table(spec, args.encoding, max_bytes, [&](const EncodingSpec& s) {
    const EncodingParams& p = s.params;
    const Budget budget{max_bytes, s.sizes_from_file};
    const U count = saturating_product({to_u64(p.positions), to_u64(p.positions)});
    budget.check_output(output_bytes(format, count), "a " + shape_text({p.positions, p.positions}) +
                                                         " similarity matrix as " +
                                                         std::string(extension_of(format)));
    budget.check_memory(similarity_memory(p), similarity_memory_text(p));
  });
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
  load_encoding_table(spec, args.encoding, max_bytes, [&](const EncodingSpec& s) {
    // The scores need the table at N and at 2N (requirement 1) and a pairwise distance matrix of up
    // to 4096 rows (requirement 5).
    const EncodingParams& p = s.params;
    const Budget budget{max_bytes, s.sizes_from_file};
    const U table = saturating_product({to_u64(p.positions), to_u64(p.dims), 8});
    const U sample = to_u64(std::min<std::int64_t>(p.positions, 4096));
    budget.check_memory(
        saturating_sum({saturating_product({table, 3}), saturating_product({sample, sample, 8})}),
        "the " + shape_text({p.positions, p.dims}) +
            " table, the same at 2N, and up to 4096 x 4096 distances");
  });
  const EncodingParams& p = spec.params;
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

}  // namespace pelab::cli
