// rope-check: an implementation's RoPE dump (inverse frequencies, or the cos and sin caches) against
// the reference for a config, and the known mistake that reproduces a difference.
#include <algorithm>
#include <cmath>
#include <functional>
#include <iostream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "errors.hpp"
#include "output.hpp"
#include "pelab/rope_scaling.hpp"
#include "resolve.hpp"
#include "rope_options.hpp"
#include "values.hpp"

namespace pelab::cli {
namespace {

using T = RopeScalingType;

// A dump in the layout compared: inv_freq (1 x K) or cos and sin side by side (N x 2W).
struct Dump {
  std::int64_t rows = 0, cols = 0;  // cos / sin: N x W each; inv_freq: 1 x K
  std::vector<double> values;       // inv_freq; or cos rows then sin rows
};

// How the cos and sin caches are laid out along a row.
enum class Layout { halves, adjacent };

// cos(n theta_k) A and sin(n theta_k) A for n = 0 .. N-1, as LlamaRotaryEmbedding returns them
// (halves: emb = cat(freqs, freqs)), or with each frequency repeated in place (adjacent pairs).
// `long_from`: rows n >= long_from use `long_inv` (a switch on positions).
Dump caches(const std::vector<double>& inv, double attention, std::int64_t rows, Layout layout, bool float32,
            const std::vector<double>* long_inv = nullptr, std::int64_t long_from = 0) {
  const auto k = static_cast<std::int64_t>(inv.size());
  Dump d{rows, 2 * k, std::vector<double>(static_cast<std::size_t>(2 * rows * 2 * k))};
  const std::size_t sin_at = static_cast<std::size_t>(rows * 2 * k);
  for (std::int64_t n = 0; n < rows; ++n) {
    const std::vector<double>& use = long_inv && n >= long_from ? *long_inv : inv;
    for (std::int64_t j = 0; j < 2 * k; ++j) {
      const std::int64_t pair = layout == Layout::halves ? j % k : j / 2;
      double angle = static_cast<double>(n) * use[static_cast<std::size_t>(pair)];
      if (float32) {
        // Frequencies and angles in float32, as an implementation without float64 computes them.
        angle = static_cast<double>(static_cast<float>(n) *
                                    static_cast<float>(use[static_cast<std::size_t>(pair)]));
      }
      const auto at = static_cast<std::size_t>(n * 2 * k + j);
      d.values[at] = std::cos(angle) * attention;
      d.values[sin_at + at] = std::sin(angle) * attention;
    }
  }
  return d;
}

struct Difference {
  std::size_t first = 0, worst = 0;
  double worst_error = 0.0;  // relative to max(|reference|, scale)
  bool differs = false;
};

Difference compare(const Dump& got, const Dump& want, double rtol, double scale) {
  Difference d;
  if (got.values.size() != want.values.size()) {
    d.differs = true;
    return d;
  }
  for (std::size_t i = 0; i < got.values.size(); ++i) {
    const double error = std::abs(got.values[i] - want.values[i]) / std::max(std::abs(want.values[i]), scale);
    if (error > rtol && !d.differs) {
      d.differs = true;
      d.first = i;
    }
    if (error > d.worst_error) {
      d.worst_error = error;
      d.worst = i;
    }
  }
  return d;
}

// "inv_freq[3]" or "cos[10, 7]".
std::string place(const Dump& dump, bool caches, std::size_t i) {
  if (!caches) return "inv_freq[" + std::to_string(i) + "]";
  const std::size_t cells = static_cast<std::size_t>(dump.rows * dump.cols);
  const bool is_sin = i >= cells;
  const std::size_t at = is_sin ? i - cells : i;
  return std::string(is_sin ? "sin[" : "cos[") + std::to_string(at / static_cast<std::size_t>(dump.cols)) +
         ", " + std::to_string(at % static_cast<std::size_t>(dump.cols)) + "]";
}

std::vector<double> load_vector(const std::string& path, const std::string& option, std::uint64_t max_bytes) {
  std::vector<double> values =
      load_vector_npy(path, max_bytes, option, "the inverse frequencies are a 1-D array");
  for (double v : values) {
    if (!std::isfinite(v)) throw FileError(option + " " + path + ": contains NaN or infinite values");
  }
  return values;
}

}  // namespace

void run_rope_check(const RopeCheckArgs& args, std::ostream& out) {
  const std::uint64_t max_bytes = max_bytes_value(args.common);
  const bool by_inv = args.inv_freq.given();
  const bool by_caches = args.cos.given() || args.sin.given();
  if (by_inv == by_caches) {
    throw UsageError(
        "rope-check needs --inv-freq F.npy, or --cos C.npy and --sin S.npy (see 'pelab-cli rope-check "
        "--help')");
  }
  if (by_caches && !(args.cos.given() && args.sin.given()))
    throw UsageError(std::string(args.cos.given() ? "--cos needs --sin" : "--sin needs --cos") + " S.npy");
  double rtol = 1e-6;
  if (args.rtol.given()) {
    rtol = real_value(args.rtol);
    if (!(rtol > 0.0) || rtol >= 1.0)
      throw UsageError("--rtol must be above 0 and below 1 (got " + args.rtol.text + ")");
  }
  std::optional<Layout> pairing;
  if (args.pairing.given()) {
    if (args.pairing.text != "half" && args.pairing.text != "adjacent")
      throw UsageError("--pairing: unknown pairing '" + args.pairing.text + "' (adjacent, half)");
    if (!by_caches) throw UsageError("--pairing applies to --cos and --sin (the caches' layout)");
    pairing = args.pairing.text == "half" ? Layout::halves : Layout::adjacent;
  }
  const RopeOptions options = parse_rope_options(args.scaling, &args.dims, args.base, "rope-check");

  // The dump first: its length gives the cache's N (the sequence length transformers sees).
  Dump got;
  std::optional<std::int64_t> rows;
  if (by_inv) {
    got.values = load_vector(args.inv_freq.text, "--inv-freq", max_bytes);
    got.rows = 1;
    got.cols = static_cast<std::int64_t>(got.values.size());
  } else {
    const Matrix c = load_matrix_npy(args.cos.text, max_bytes, "--cos");
    const Matrix s = load_matrix_npy(args.sin.text, max_bytes, "--sin");
    if (c.rows() != s.rows() || c.cols() != s.cols()) {
      throw FileError("--cos is " + std::to_string(c.rows()) + " x " + std::to_string(c.cols()) +
                      " but --sin is " + std::to_string(s.rows()) + " x " + std::to_string(s.cols()));
    }
    got.rows = c.rows();
    got.cols = c.cols();
    for (const Matrix* m : {&c, &s})
      for (Eigen::Index r = 0; r < m->rows(); ++r)
        for (Eigen::Index j = 0; j < m->cols(); ++j) got.values.push_back((*m)(r, j));
    rows = got.rows;
  }

  RopeSetup setup = resolve_rope_setup(options, max_bytes, std::nullopt);
  RopeScaling& s = setup.scaling;
  // As transformers at run time: the caches of positions 0 .. N-1 see seq_len = N.
  if (rows && (s.type == T::dynamic || s.type == T::longrope) && !s.seq_len) s.seq_len = *rows;
  for (const std::string& warning : setup.warnings)
    if (!(rows && warning.starts_with("longrope without --seq-len")))
      std::cerr << "pelab-cli: warning: " << warning << "\n";

  const RopeFrequencies ref = rope_frequencies(setup.rotated_dims, setup.base, s);
  // The model's pairs: adjacent (2k, 2k+1) for GPT-J, CodeGen and Cohere (rotate_every_two,
  // repeat_interleave), halves (k, k + D'/2) for the rest, unless --pairing says.
  const std::string type = setup.model ? setup.model->model_type : std::string();
  Layout model_layout =
      type == "gptj" || type == "codegen" || type == "cohere" ? Layout::adjacent : Layout::halves;
  if (pairing) model_layout = *pairing;
  const Layout other_layout = model_layout == Layout::halves ? Layout::adjacent : Layout::halves;
  const double attention = ref.attention_factor;
  const auto k = static_cast<std::int64_t>(ref.inv_freq.size());
  auto as_dump = [&](const std::vector<double>& inv, double a, std::optional<Layout> layout = std::nullopt,
                     bool float32 = false) {
    if (by_inv) return Dump{1, static_cast<std::int64_t>(inv.size()), inv};
    return caches(inv, a, *rows, layout.value_or(model_layout), float32);
  };
  const Dump want = as_dump(ref.inv_freq, attention);
  const double scale = by_inv ? 0.0 : attention;  // cos and sin: errors against their amplitude
  const std::string what =
      by_inv ? std::to_string(k) + " inverse frequencies"
             : std::to_string(*rows) + " x " + std::to_string(2 * k) + " cos and sin caches";
  const std::string model = setup.model ? setup.model->source : "the options";
  const std::string scaling = std::string(to_string(s.type)) +
                              ", D' = " + std::to_string(setup.rotated_dims) + ", base " +
                              format_real(setup.base);

  if (got.cols == want.cols) {
    const Difference d = compare(got, want, rtol, scale);
    if (!d.differs) {
      out << "rope-check: agree: " << what << " of " << model << " (" << scaling << ") within rtol "
          << format_real(rtol) << " (worst " << format_real(d.worst_error) << ")\n";
      return;
    }
    out << "rope-check: differ: " << what << " of " << model << " (" << scaling << ")\n"
        << "  first difference: " << place(got, !by_inv, d.first) << " = " << format_real(got.values[d.first])
        << ", reference " << format_real(want.values[d.first]) << "\n"
        << "  worst error: " << place(got, !by_inv, d.worst) << ", " << format_real(d.worst_error)
        << " relative (rtol " << format_real(rtol) << ")\n";
  } else {
    out << "rope-check: differ: the dump has " << got.cols << (by_inv ? " values" : " columns") << " where "
        << what << " of " << model << " (" << scaling << ") have " << want.cols << "\n";
  }

  // Known mistakes, each recognised by recomputing the reference with it.
  struct Mistake {
    std::string name;
    std::function<std::optional<Dump>()> predict;
  };
  auto frequencies = [&](std::int64_t dims,
                         const RopeScaling& scaling_used) -> std::optional<RopeFrequencies> {
    try {
      return rope_frequencies(dims, setup.base, scaling_used);
    } catch (const pelab::Error&) {
      return std::nullopt;
    }
  };
  std::vector<Mistake> mistakes;
  if (s.type != T::none) {
    mistakes.push_back({"scaling left out: the unscaled base^(-2i/D')", [&]() -> std::optional<Dump> {
                          return as_dump(rope_inverse_frequencies(setup.rotated_dims, setup.base), 1.0);
                        }});
  }
  if (s.type == T::dynamic) {
    mistakes.push_back({"dynamic NTK held static: the base scaled once for the whole extended context",
                        [&]() -> std::optional<Dump> {
                          RopeScaling fixed = s;
                          fixed.seq_len =
                              static_cast<std::int64_t>(*s.factor * static_cast<double>(*s.original_max));
                          const auto f = frequencies(setup.rotated_dims, fixed);
                          if (!f) return std::nullopt;
                          return as_dump(f->inv_freq, f->attention_factor);
                        }});
    mistakes.push_back({"dynamic NTK held static: NTK-aware with the factor itself at every length",
                        [&]() -> std::optional<Dump> {
                          RopeScaling ntk;
                          ntk.type = T::ntk;
                          ntk.factor = s.factor;
                          const auto f = frequencies(setup.rotated_dims, ntk);
                          if (!f) return std::nullopt;
                          return as_dump(f->inv_freq, f->attention_factor);
                        }});
  }
  if (s.type == T::longrope) {
    auto with_list = [&](bool long_list) -> std::optional<Dump> {
      RopeScaling forced = s;
      forced.seq_len = long_list ? *s.original_max + 1 : 1;
      const auto f = frequencies(setup.rotated_dims, forced);
      if (!f || f->long_factors == ref.long_factors) return std::nullopt;
      return as_dump(f->inv_freq, f->attention_factor);
    };
    mistakes.push_back({"long factors for a short context", [with_list] { return with_list(true); }});
    mistakes.push_back({"short factors for a long context", [with_list] { return with_list(false); }});
    if (!by_inv) {
      mistakes.push_back(
          {"a switch on positions instead of sequence length: rows past L take the long factors",
           [&]() -> std::optional<Dump> {
             RopeScaling lo = s, hi = s;
             lo.seq_len = 1;
             hi.seq_len = *s.original_max + 1;
             const auto fl = frequencies(setup.rotated_dims, lo);
             const auto fh = frequencies(setup.rotated_dims, hi);
             if (!fl || !fh) return std::nullopt;
             return caches(fl->inv_freq, attention, *rows, model_layout, false, &fh->inv_freq,
                           *s.original_max + 1);
           }});
    }
  }
  if (setup.rotated_dims != setup.head_dim) {
    mistakes.push_back(
        {"partial rotary ignored: all " + std::to_string(setup.head_dim) + " dimensions rotated",
         [&]() -> std::optional<Dump> {
           RopeScaling full = s;
           full.short_factor.clear();
           full.long_factor.clear();
           if (s.type == T::longrope) return std::nullopt;
           const auto f = frequencies(setup.head_dim, full);
           if (!f) return std::nullopt;
           return as_dump(f->inv_freq, f->attention_factor);
         }});
  }
  if (!by_inv) {
    if (attention != 1.0) {
      mistakes.push_back(
          {"attention factor left out: cos and sin not multiplied by " + format_real(attention),
           [&]() -> std::optional<Dump> { return as_dump(ref.inv_freq, 1.0); }});
    }
    mistakes.push_back(
        {model_layout == Layout::halves
             ? "adjacent pairs (2k, 2k+1) where the model rotates halves (k, k + D'/2)"
             : "halves (k, k + D'/2) where the model rotates adjacent pairs (2k, 2k+1)",
         [&]() -> std::optional<Dump> { return as_dump(ref.inv_freq, attention, other_layout); }});
    mistakes.push_back(
        {"float32 frequencies and angles: large positions lose their phase",
         [&]() -> std::optional<Dump> { return as_dump(ref.inv_freq, attention, std::nullopt, true); }});
  }
  bool named = false;
  for (const Mistake& mistake : mistakes) {
    const std::optional<Dump> predicted = mistake.predict();
    if (!predicted || predicted->cols != got.cols) continue;
    if (compare(got, *predicted, rtol, scale).differs) continue;
    out << "  likely cause: " << mistake.name << "\n";
    named = true;
  }
  if (!named) out << "  likely cause: none of the known mistakes reproduces this dump\n";
  out << std::flush;
  throw CliError(kExitRuntime,
                 "rope-check: the dump differs from the reference (details on standard output)");
}

}  // namespace pelab::cli
