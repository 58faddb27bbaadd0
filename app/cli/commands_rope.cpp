// rope and rope-frequencies: RoPE applied to a matrix, and its (scaled) inverse frequencies.
#include <iostream>
#include <ostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "errors.hpp"
#include "output.hpp"
#include "pelab/relative.hpp"
#include "pelab/rope_scaling.hpp"
#include "resolve.hpp"
#include "rope_options.hpp"
#include "values.hpp"

namespace pelab::cli {
namespace {

using U = std::uint64_t;

constexpr std::int64_t kMaxPosition = std::int64_t{1} << 52;

// {"inv_freq": [...], "attention_factor": x} on one line; every number in its shortest form that
// reads back exactly (as %.17g does, without the trailing noise).
std::string frequencies_json(const RopeFrequencies& f) {
  std::string text = "{\"inv_freq\": [";
  for (std::size_t i = 0; i < f.inv_freq.size(); ++i) {
    if (i > 0) text += ", ";
    text += format_real(f.inv_freq[i]);
  }
  text += "], \"attention_factor\": ";
  text += format_real(f.attention_factor);
  text += "}\n";
  return text;
}

// What the model left to defaults or did not read, one line each on stderr.
void print_warnings(const RopeSetup& setup) {
  for (const std::string& warning : setup.warnings) std::cerr << "pelab-cli: warning: " << warning << "\n";
}

}  // namespace

void run_rope(const RopeArgs& args) {
  const U max_bytes = max_bytes_value(args.common);
  const std::filesystem::path out = out_path(args.common, "rope");
  const Format format = output_format(args.common, out, {Format::npy, Format::csv}, "rope");
  require(args.in, "rope", "X.npy");
  require(args.pairing, "rope", "adjacent|half");
  const auto pairing = parse_rope_pairing(args.pairing.text);
  if (!pairing) throw UsageError("--pairing: unknown pairing '" + args.pairing.text + "' (adjacent, half)");
  const RopeOptions options = parse_rope_options(args.scaling, nullptr, args.base, "rope");
  std::int64_t start = 0;
  if (args.start.given()) {
    start = integer_value(args.start);
    require_at_least("--start", start, 0);
    require_at_most("--start", start, kMaxPosition - 1);
  }

  const std::filesystem::path in = args.in.text;
  const Matrix x = load_matrix_npy(in, max_bytes, "--in");
  if (options.config.empty() && x.cols() % 2 != 0) {
    throw FileError("--in " + in.string() + " has " + std::to_string(x.cols()) +
                    " columns; RoPE rotates pairs of coordinates, so it needs an even number");
  }
  if (start > kMaxPosition - x.rows()) {
    throw FileError("--start + the " + std::to_string(x.rows()) + " rows of " + in.string() +
                    " must stay below 2^52 so positions are exact");
  }
  RopeSetup setup = resolve_rope_setup(options, max_bytes, x.cols());
  print_warnings(setup);
  // As transformers at run time: dynamic and longrope see seq_len = the last position + 1.
  RopeScaling& scaling = setup.scaling;
  if ((scaling.type == RopeScalingType::dynamic || scaling.type == RopeScalingType::longrope) &&
      !scaling.seq_len && start + x.rows() >= 1) {
    scaling.seq_len = start + x.rows();
  }
  const Budget budget{max_bytes, true};
  budget.check_output(
      output_bytes(format, saturating_product({to_u64(x.rows()), to_u64(x.cols())})),
      "a " + shape_text({x.rows(), x.cols()}) + " matrix as " + std::string(extension_of(format)));
  preflight_output(out);
  RopeFrequencies frequencies;
  try {
    frequencies = rope_frequencies(setup.rotated_dims, setup.base, scaling);
  } catch (const pelab::Error& e) {
    throw FileError(e.what());  // only reachable through values from the input files
  }
  write_matrix(
      out, format,
      rope_apply_frequencies(x, frequencies.inv_freq, *pairing, start, frequencies.attention_factor));
}

void run_rope_frequencies(const RopeFrequenciesArgs& args, std::ostream& out) {
  const U max_bytes = max_bytes_value(args.common);
  const bool to_file = args.common.out.given();
  const bool json = args.json.value;
  if (!to_file && !json) {
    throw UsageError(
        "rope-frequencies needs --out F.npy or --json (or both) (see 'pelab-cli rope-frequencies --help')");
  }
  if (!to_file && args.common.format.given()) {
    throw UsageError("--format applies to --out (e.g. --out - --format csv); --json always prints JSON");
  }
  if (to_file && json && is_stdout(args.common.out.text)) {
    throw UsageError("--out - and --json would both write to standard output; give one of them");
  }
  std::filesystem::path path;
  Format format = Format::npy;
  if (to_file) {
    path = args.common.out.text;
    format = output_format(args.common, path, {Format::npy, Format::csv}, "rope-frequencies");
  }
  const RopeOptions options = parse_rope_options(args.scaling, &args.dims, args.base, "rope-frequencies");
  // D from the command line is checked before any file is read.
  if (options.dims) {
    const Budget budget{max_bytes, false};
    const std::int64_t pairs = *options.dims / 2;
    if (to_file) {
      budget.check_output(
          output_bytes(format, to_u64(pairs)),
          std::to_string(pairs) + " inverse frequencies as " + std::string(extension_of(format)));
    }
    budget.check_memory(saturating_product({to_u64(pairs), 64}),
                        std::to_string(pairs) + " inverse frequencies");
  }
  const RopeSetup setup = resolve_rope_setup(options, max_bytes, std::nullopt);
  print_warnings(setup);
  const std::int64_t pairs = setup.rotated_dims / 2;
  if (!options.dims) {
    const Budget budget{max_bytes, true};
    if (to_file) {
      budget.check_output(
          output_bytes(format, to_u64(pairs)),
          std::to_string(pairs) + " inverse frequencies as " + std::string(extension_of(format)));
    }
    budget.check_memory(saturating_product({to_u64(pairs), 64}),
                        std::to_string(pairs) + " inverse frequencies");
  }
  if (to_file) preflight_output(path);
  const RopeFrequencies frequencies = rope_frequencies(setup.rotated_dims, setup.base, setup.scaling);
  if (to_file) {
    const std::int64_t shape[1] = {pairs};
    write_array(path, format, std::span<const double>(frequencies.inv_freq), shape);
  }
  if (json) out << frequencies_json(frequencies) << std::flush;
}

}  // namespace pelab::cli
