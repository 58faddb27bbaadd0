// rotation, t5-bucket, shaw and alibi: the rotation T(k) and the relative schemes (rope: commands_rope.cpp).
#include <vector>

#include "commands.hpp"
#include "errors.hpp"
#include "output.hpp"
#include "pelab/relative.hpp"
#include "pelab/rotation.hpp"
#include "resolve.hpp"
#include "values.hpp"

namespace pelab::cli {
namespace {

using U = std::uint64_t;

// T5 relative positions stay within +-2^53 (|r| is then exact and its negation cannot overflow).
constexpr std::int64_t kMaxRelative = std::int64_t{1} << 53;

std::int64_t required_integer(const Arg& arg, std::string_view command, std::string_view placeholder) {
  require(arg, command, placeholder);
  return integer_value(arg);
}

}  // namespace

void run_rotation(const RotationArgs& args) {
  const U max_bytes = max_bytes_value(args.common);
  const std::filesystem::path out = out_path(args.common, "rotation");
  const Format format = output_format(args.common, out, {Format::npy, Format::csv}, "rotation");
  const std::int64_t d = required_integer(args.dims, "rotation", "D");
  require_at_least("--dims", d, 1);
  if (d % 2 != 0) {
    throw UsageError("rotation needs an even --dims (got " + std::to_string(d) +
                     "): with odd D the last sine column has no cosine partner, so no T(k) exists");
  }
  const double base = base_value(args.base);
  require(args.shift, "rotation", "K");
  const double shift = real_value(args.shift);
  RotationConvention convention = RotationConvention::column;
  if (args.convention.given()) {
    const auto parsed = parse_rotation_convention(args.convention.text);
    if (!parsed)
      throw UsageError("--convention: unknown convention '" + args.convention.text + "' (column, row)");
    convention = *parsed;
  }

  const Budget budget{max_bytes, false};
  budget.check_output(output_bytes(format, saturating_product({to_u64(d), to_u64(d)})),
                      "a " + shape_text({d, d}) + " matrix as " + std::string(extension_of(format)));
  preflight_output(out);
  write_matrix(out, format, rotation_matrix(d, base, shift, convention));
}

void run_t5_bucket(const T5BucketArgs& args) {
  const U max_bytes = max_bytes_value(args.common);
  const std::filesystem::path out = out_path(args.common, "t5-bucket");
  const Format format = output_format(args.common, out, {Format::npy, Format::csv}, "t5-bucket");
  const std::int64_t from = required_integer(args.from, "t5-bucket", "A");
  const std::int64_t to = required_integer(args.to, "t5-bucket", "B");
  require_at_least("--from", from, -kMaxRelative);
  require_at_most("--from", from, kMaxRelative);
  require_at_least("--to", to, -kMaxRelative);
  require_at_most("--to", to, kMaxRelative);
  if (from > to) {
    throw UsageError("--from (" + std::to_string(from) + ") must not exceed --to (" + std::to_string(to) +
                     ")");
  }
  const bool causal = args.causal.value;
  std::int64_t buckets = 32;
  if (args.buckets.given()) {
    buckets = integer_value(args.buckets);
    require_at_least(causal ? "--buckets (with --causal)" : "--buckets", buckets, causal ? 2 : 4);
    require_at_most("--buckets", buckets, std::int64_t{1} << 40);
  }
  std::int64_t max_distance = 128;
  if (args.max_distance.given()) max_distance = integer_value(args.max_distance);
  // The exact range: distances 0..max_exact-1 get a bucket each; the log range must reach past it.
  const std::int64_t max_exact = (causal ? buckets : buckets / 2) / 2;
  if (max_distance <= max_exact) {
    throw UsageError("--max-distance must be above " + std::to_string(max_exact) + ", the exact range of " +
                     std::to_string(buckets) + (causal ? " causal" : "") + " buckets (got " +
                     std::to_string(max_distance) + ")");
  }

  const std::int64_t count = to - from + 1;
  const Budget budget{max_bytes, false};
  budget.check_output(output_bytes(format, to_u64(count), true),
                      std::to_string(count) + " int64 buckets as " + std::string(extension_of(format)));
  preflight_output(out);
  std::vector<std::int64_t> bucket(static_cast<std::size_t>(count));
  for (std::int64_t i = 0; i < count; ++i) {
    bucket[static_cast<std::size_t>(i)] = t5_relative_bucket(from + i, causal, buckets, max_distance);
  }
  const std::int64_t shape[1] = {count};
  write_array(out, format, std::span<const std::int64_t>(bucket), shape);
}

void run_shaw(const ShawArgs& args) {
  const U max_bytes = max_bytes_value(args.common);
  const std::filesystem::path out = out_path(args.common, "shaw");
  const Format format = output_format(args.common, out, {Format::npy, Format::csv}, "shaw");
  const std::int64_t queries = required_integer(args.queries, "shaw", "Q");
  const std::int64_t keys = required_integer(args.keys, "shaw", "K");
  const std::int64_t clip = required_integer(args.clip, "shaw", "C");
  require_at_least("--queries", queries, 1);
  require_at_least("--keys", keys, 1);
  require_at_least("--clip", clip, 0);
  require_at_most("--clip", clip, std::int64_t{1} << 61);
  if (queries > keys) {
    throw UsageError("--queries (" + std::to_string(queries) + ") cannot exceed --keys (" +
                     std::to_string(keys) + "): the queries are the last Q of the K key positions");
  }

  const Budget budget{max_bytes, false};
  budget.check_output(
      output_bytes(format, saturating_product({to_u64(queries), to_u64(keys)}), true),
      "a " + shape_text({queries, keys}) + " int64 matrix as " + std::string(extension_of(format)));
  preflight_output(out);
  write_matrix(out, format, shaw_relative_index(queries, keys, clip));
}

void run_alibi(const AlibiArgs& args) {
  const U max_bytes = max_bytes_value(args.common);
  const std::filesystem::path out = out_path(args.common, "alibi");
  const Format format = output_format(args.common, out, {Format::npy, Format::csv}, "alibi");
  const std::int64_t heads = required_integer(args.heads, "alibi", "H");
  require_at_least("--heads", heads, 1);
  require_at_most("--heads", heads, std::int64_t{1} << 20);
  if (args.causal.value && !args.positions.given()) {
    throw UsageError("--causal needs --positions N (the slopes alone have no mask)");
  }
  const Budget budget{max_bytes, false};
  if (!args.positions.given()) {
    budget.check_output(output_bytes(format, to_u64(heads)),
                        std::to_string(heads) + " slopes as " + std::string(extension_of(format)));
    preflight_output(out);
    const Vector slopes = alibi_slopes(heads);
    const std::int64_t shape[1] = {heads};
    write_array(out, format, std::span<const double>(slopes.data(), static_cast<std::size_t>(slopes.size())),
                shape);
    return;
  }
  const std::int64_t n = integer_value(args.positions);
  require_at_least("--positions", n, 1);
  const U count = saturating_product({to_u64(heads), to_u64(n), to_u64(n)});
  budget.check_output(output_bytes(format, count), "a " + shape_text({heads, n, n}) + " bias tensor as " +
                                                       std::string(extension_of(format)));
  budget.check_memory(saturating_product({count, 8}), "the " + shape_text({heads, n, n}) + " bias tensor");
  preflight_output(out);

  std::vector<Matrix> bias = alibi_bias(heads, n, args.causal.value);
  std::vector<double> flat;
  flat.reserve(static_cast<std::size_t>(count));
  for (Matrix& head : bias) {
    // "+ 0.0" turns the diagonal's -0.0 (from -m * 0) into 0, so the CSV reads "0", not "-0".
    for (Eigen::Index i = 0; i < head.size(); ++i) flat.push_back(head.data()[i] + 0.0);
    head = Matrix();  // release each head once copied
  }
  const std::int64_t shape[3] = {heads, n, n};
  write_array(out, format, std::span<const double>(flat), shape);
}

}  // namespace pelab::cli
