// The pelab-cli grammar: subcommands, options and their --help text.
#include "command_line.hpp"

#include <array>

#include "pelab/kinds.hpp"
#include "pelab/rope_scaling.hpp"
#include "values.hpp"

namespace pelab::cli {
namespace {

constexpr std::array<std::string_view, 11> kCommands = {
    "encode", "similarity",       "rotation",   "t5-bucket", "shaw",  "alibi",
    "rope",   "rope-frequencies", "rope-check", "check",     "render"};

void add_arg(CLI::App* app, Arg& arg, const std::string& name, const std::string& type,
             const std::string& help) {
  arg.name = name;
  arg.option = app->add_option(name, arg.text, help)->type_name(type);
}

void add_flag(CLI::App* app, Flag& flag, const std::string& name, const std::string& help) {
  flag.name = name;
  flag.option = app->add_flag(name, flag.value, help);
}

CLI::App* add_command(CLI::App& app, const std::string& name, const std::string& description,
                      const std::string& footer) {
  CLI::App* sub = app.add_subcommand(name, description);
  sub->allow_extras();  // unknown options are reported by pelab-cli (cli.cpp), one line, before anything else
  sub->footer(footer);
  return sub;
}

// `format_help` empty: the command has no --format (check writes text).
void add_common(CLI::App* app, CommonArgs& common, const std::string& out_help,
                const std::string& format_help =
                    "with --out - (standard output): npy (default) or csv; "
                    "with a file it must match the extension") {
  add_arg(app, common.out, "--out", "FILE", out_help);
  if (!format_help.empty()) add_arg(app, common.format, "--format", "npy|csv|png", format_help);
  add_arg(
      app, common.max_bytes, "--max-bytes", "M",
      "refuse an output (or an array computed on the way) larger than M bytes (default 2147483648 = 2 GiB)");
}

void add_encoding(CLI::App* app, EncodingArgs& e) {
  e.kind_option = app->add_option("KIND", e.kind, "the encoding: " + kind_names())->type_name("");
  add_arg(app, e.positions, "--positions", "N",
          "number of positions N (rows), >= 1; learned with --table: defaults to the table's rows - start");
  add_arg(app, e.dims, "--dims", "D",
          "model width D (columns), >= 1; learned with --table: defaults to the table's width");
  add_arg(app, e.base, "--base", "B",
          kinds_reading(KindParameter::base) + " only: the base / largest timescale, " + base_range_text() +
              " (default 10000)");
  add_arg(app, e.start, "--start", "P", "first position: row r is position P + r, >= 0 (default 0)");
  add_flag(app, e.signed_bits, "--signed",
           kinds_reading(KindParameter::binary_signed) + " only: map the bits {0, 1} to {-1, +1}");
  add_arg(app, e.sigma, "--sigma", "S",
          kinds_reading(KindParameter::sigma) +
              " without --table only: entries ~ N(0, S^2), S >= 0 (default 0.02)");
  add_arg(app, e.seed, "--seed", "K",
          kinds_reading(KindParameter::seed) + " without --table only: random seed, 0..2^64-1 (default 0)");
  add_arg(
      app, e.table, "--table", "FILE",
      kinds_reading(KindParameter::table) +
          " only: take the table from a 2-D .npy file (<f2 <f4 <f8 <i4 <i8, bfloat16) or a tensor of a "
          ".safetensors checkpoint (F32 F16 BF16 F64), or hf:ORG/NAME[@REV], a model in the local "
          "Hugging Face cache (its table found by model type, reserved rows removed); row p = position p");
  add_arg(app, e.tensor, "--tensor", "NAME",
          "with --table FILE.safetensors or hf:ORG/NAME only: the tensor to use (default: a usual name such "
          "as wpe.weight, else the only 2-D tensor)");
}

// Every parameter's option from core's table: its help, the types that read it, its default.
void add_rope_scaling(CLI::App* app, RopeScalingArgs& r) {
  add_arg(app, r.scaling, "--scaling", "TYPE",
          "frequency scaling: " + rope_scaling_type_names() + " (default none, or the --config model's)");
  for (const RopeParamInfo& row : rope_param_table()) {
    std::string help = std::string(row.help);
    const std::string types = rope_types_reading(row.param);
    help += " (" + types;
    if (row.has_fallback) help += "; default " + format_real(row.fallback);
    help += ")";
    const auto index = static_cast<std::size_t>(row.param);
    if (row.value == RopeValue::flag) {
      add_flag(app, r.flags[index], std::string(row.option), help);
    } else {
      add_arg(app, r.params[index], std::string(row.option), std::string(row.placeholder), help);
    }
  }
  add_arg(
      app, r.config, "--config", "FILE",
      "a Hugging Face config.json, or hf:ORG/NAME[@REV] for one in the local cache: base, head dim, partial "
      "rotary factor and scaling (options override it)");
  add_arg(app, r.layers, "--layers", "NAME",
          "with --config of a model with two RoPEs (Gemma 3): global or local, the layers to compute");
}

// The formula of each type, from core's table.
std::string rope_scaling_footer() {
  std::string text = "Scaling as transformers' rope_type functions (modeling_rope_utils.py), in double:\n";
  for (const RopeTypeInfo& row : rope_type_table()) {
    text += "  " + std::string(row.name);
    text.append(row.name.size() < 10 ? 10 - row.name.size() : 1, ' ');
    text += std::string(row.formula) + "\n";
  }
  return text +
         "An option that does not apply to the scaling is an error. With --config FILE the model's values "
         "are\n"
         "defaults and options override them; --scaling TYPE replaces the model's scaling (keeping its L).\n"
         "Values the file leaves to a default, and keys pelab does not read, are said on stderr.";
}

// One line per kind from core's table, then the rule for options.
std::string encoding_footer() {
  std::string text = "Kinds:\n";
  for (const KindInfo& info : kind_table()) {
    text += "  " + std::string(info.name);
    text.append(info.name.size() < 19 ? 19 - info.name.size() : 1, ' ');
    text += std::string(info.summary) + "\n";
  }
  return text + "An option that does not apply to KIND is an error.";
}

}  // namespace

std::string command_list() {
  std::string list;
  for (std::string_view c : kCommands) {
    if (!list.empty()) list += ", ";
    list += c;
  }
  return list;
}

bool is_command(std::string_view name) {
  for (std::string_view c : kCommands) {
    if (c == name) return true;
  }
  return false;
}

CommandLine::CommandLine()
    : app("Position encodings of Transformer models, computed and exported.", "pelab-cli") {
  app.footer(
      "Outputs (--out): the extension picks the format. .npy = float64 (int64 for indices), C order,\n"
      "little-endian; .csv = one line per row, no header, %.17g; .png = render only. The file is written\n"
      "to a temporary name and renamed, so a failed command leaves no file and never clobbers one.\n"
      "--out - writes to standard output (and nothing else goes there): .npy unless --format csv;\n"
      "render needs --format png. E.g. pelab-cli encode sinusoidal --positions 8 --dims 4 --out - |\n"
      "python3 -c 'import numpy, sys, io; print(numpy.load(io.BytesIO(sys.stdin.buffer.read())))'\n"
      "Exit codes: 0 ok; 2 bad command, option or value; 1 a file cannot be read, is malformed or\n"
      "does not fit the options, or the output cannot be written. Errors are one line on stderr\n"
      "starting with 'pelab-cli: '. Run 'pelab-cli COMMAND --help' for a command's options;\n"
      "docs/cli.md has the full reference with examples.");
  app.get_formatter()->column_width(34);

  encode.app =
      add_command(app, "encode", "the N x D table of an absolute encoding (row p = position start + p)",
                  encoding_footer() +
                      "\nExample: pelab-cli encode sinusoidal --positions 4 --dims 4 --base 100 --out p.npy");
  add_encoding(encode.app, encode.encoding);
  add_common(encode.app, encode.common, "output file: .npy or .csv, or - for standard output (required)");

  similarity.app = add_command(
      app, "similarity", "the N x N similarity S[p, q] between the rows of an encoding",
      encoding_footer() +
          "\nsinusoidal uses the exact closed form sum_k cos(w_k (p - q)) without forming the table."
          "\nExample: pelab-cli similarity sinusoidal --positions 64 --dims 32 --metric cosine --out s.npy");
  add_encoding(similarity.app, similarity.encoding);
  add_arg(similarity.app, similarity.metric, "--metric", "dot|cosine|distance",
          "dot product, cosine, or Euclidean distance (default dot)");
  add_common(similarity.app, similarity.common,
             "output file: .npy or .csv, or - for standard output (required)");

  rotation.app = add_command(
      app, "rotation", "the D x D matrix T(k) that moves a sinusoidal encoding by k positions",
      "column: P_{p+k} = T(k) P_p (blocks [[cos wk, sin wk], [-sin wk, cos wk]]); row: P_{p+k} = P_p T(k),\n"
      "the transpose. D must be even. The shift k may be any finite real.\n"
      "Example: pelab-cli rotation --dims 8 --shift 3 --out t.npy");
  add_arg(rotation.app, rotation.dims, "--dims", "D", "model width D, even, >= 2 (required)");
  add_arg(rotation.app, rotation.base, "--base", "B", "w_k = B^(-2k/D), finite > 0 (default 10000)");
  add_arg(rotation.app, rotation.shift, "--shift", "K", "the offset k, any finite real (required)");
  add_arg(rotation.app, rotation.convention, "--convention", "column|row",
          "column vectors (T P_p) or row vectors (P_p T) (default column)");
  add_common(rotation.app, rotation.common, "output file: .npy or .csv, or - for standard output (required)");

  t5_bucket.app = add_command(
      app, "t5-bucket", "T5 relative-position buckets for r = key - query = A..B (int64, length B - A + 1)",
      "As HF transformers' T5Attention._relative_position_bucket: exact for small |r|, logarithmic up to\n"
      "--max-distance, then the last bucket; bidirectional uses half the buckets for r > 0; --causal\n"
      "counts only r <= 0. A and B lie within +-2^53.\n"
      "Example: pelab-cli t5-bucket --from -128 --to 300 --out b.npy");
  add_arg(t5_bucket.app, t5_bucket.from, "--from", "A", "first relative position (required)");
  add_arg(t5_bucket.app, t5_bucket.to, "--to", "B", "last relative position, >= A (required)");
  add_arg(t5_bucket.app, t5_bucket.buckets, "--buckets", "n",
          "number of buckets, >= 4 (>= 2 with --causal) (default 32)");
  add_arg(t5_bucket.app, t5_bucket.max_distance, "--max-distance", "M",
          "distance mapped to the last bucket; above the exact range (default 128)");
  add_flag(t5_bucket.app, t5_bucket.causal, "--causal", "unidirectional (decoder) buckets");
  add_common(t5_bucket.app, t5_bucket.common,
             "output file: .npy (int64) or .csv, or - for standard output (required)");

  shaw.app = add_command(
      app, "shaw", "Shaw et al. relative index clip(j - i, -C, C) + C, int64 Q x K",
      "Query row r sits at key position i = K - Q + r (the queries are the last Q of the K positions),\n"
      "so Q = K gives the usual square matrix. Index c selects the learned vector a_{c - C}.\n"
      "Example: pelab-cli shaw --queries 4 --keys 4 --clip 2 --out idx.npy");
  add_arg(shaw.app, shaw.queries, "--queries", "Q", "number of queries, 1..K (required)");
  add_arg(shaw.app, shaw.keys, "--keys", "K", "number of keys, >= 1 (required)");
  add_arg(shaw.app, shaw.clip, "--clip", "C", "largest relative distance kept, >= 0 (required)");
  add_common(shaw.app, shaw.common, "output file: .npy (int64) or .csv, or - for standard output (required)");

  alibi.app = add_command(
      app, "alibi", "ALiBi head slopes (H), or with --positions the H x N x N biases",
      "Slopes as the ALiBi paper's code (8 heads: 1/2 .. 1/256; other counts interleave the next power of\n"
      "two). Bias -m_h |i - j|; --causal: -m_h (i - j) for j <= i and -inf above the diagonal.\n"
      "CSV of the 3-D tensor: H*N lines of N values, head h on lines h*N .. h*N + N - 1.\n"
      "Example: pelab-cli alibi --heads 8 --positions 16 --causal --out bias.npy");
  add_arg(alibi.app, alibi.heads, "--heads", "H", "number of heads, 1..1048576 (required)");
  add_arg(alibi.app, alibi.positions, "--positions", "N",
          "sequence length N: write the H x N x N bias tensor");
  add_flag(alibi.app, alibi.causal, "--causal", "causal mask (needs --positions)");
  add_common(alibi.app, alibi.common, "output file: .npy or .csv, or - for standard output (required)");

  rope.app = add_command(
      app, "rope", "apply rotary position embedding to the rows of a .npy matrix",
      std::string(
          "Row p of X is rotated by position start + p: pair k turns by (start + p) w_k, w_k = "
          "base^(-2k/D),\n"
          "or the scaled frequencies of --scaling / --config (times their attention factor; with a partial\n"
          "rotary factor only the first D' columns turn). adjacent pairs (2k, 2k+1) as RoFormer; half pairs\n"
          "(k, k + D'/2) as GPT-NeoX / LLaMA. X must be 2-D, finite, with an even number of rotated "
          "columns;\n"
          "the output is float64 of the same shape. dynamic and longrope take --seq-len from start + "
          "rows.\n") +
          rope_scaling_footer() +
          "\nExample: pelab-cli rope --in q.npy --pairing half --start 10 --out q_rot.npy");
  add_arg(rope.app, rope.in, "--in", "X.npy", "input matrix, 2-D (<f4 <f8 <i4 <i8) (required)");
  add_arg(rope.app, rope.base, "--base", "B",
          "finite > 0 (default 10000, or the --config model's rope_theta)");
  add_arg(rope.app, rope.pairing, "--pairing", "adjacent|half", "which coordinates form a pair (required)");
  add_arg(rope.app, rope.start, "--start", "P", "position of row 0, >= 0 (default 0)");
  add_rope_scaling(rope.app, rope.scaling);
  add_common(rope.app, rope.common, "output file: .npy or .csv, or - for standard output (required)");

  rope_frequencies.app = add_command(
      app, "rope-frequencies", "RoPE's D/2 inverse frequencies, scaled as a long-context model scales them",
      std::string(
          "Writes theta_i, i = 0 .. D/2 - 1 (float64) to --out and/or prints JSON {\"inv_freq\": [...],\n"
          "\"attention_factor\": x} with --json. D is --dims (or the --config model's head_dim) times its\n"
          "partial rotary factor.\n") +
          rope_scaling_footer() +
          "\nExample: pelab-cli rope-frequencies --dims 128 --base 500000 --scaling llama3 --factor 8 \\\n"
          "  --original-max 8192 --low-freq-factor 1 --high-freq-factor 4 --json");
  add_arg(rope_frequencies.app, rope_frequencies.dims, "--dims", "D",
          "head dimension D, >= 2 (required unless --config gives it)");
  add_arg(rope_frequencies.app, rope_frequencies.base, "--base", "B",
          "finite > 0 (default 10000, or the --config model's rope_theta)");
  add_rope_scaling(rope_frequencies.app, rope_frequencies.scaling);
  add_flag(rope_frequencies.app, rope_frequencies.json, "--json",
           "print the frequencies and attention factor as JSON");
  add_common(rope_frequencies.app, rope_frequencies.common,
             "output file: .npy or .csv, or - for standard output (give it, --json, or both)");

  rope_check.app = add_command(
      app, "rope-check",
      "compare an implementation's RoPE dump with the reference and name the likely mistake",
      std::string(
          "Compares the D'/2 inverse frequencies (--inv-freq) or the N x D' cos and sin caches of positions\n"
          "0 .. N-1 (--cos, --sin; as LlamaRotaryEmbedding returns them, times the attention factor) with\n"
          "pelab's reference for the config or options; dynamic and longrope see seq_len = N. Exit 0 when\n"
          "they agree within --rtol (default 1e-6: a float32 dump of the right values passes), 1 when they\n"
          "differ (the first difference, the worst error and each known mistake that reproduces the dump "
          "are\n"
          "printed), 2 for bad usage.\n") +
          rope_scaling_footer() +
          "\nExample: pelab-cli rope-check --config config.json --inv-freq inv_freq.npy");
  add_arg(rope_check.app, rope_check.dims, "--dims", "D",
          "head dimension D, >= 2 (required unless --config gives it)");
  add_arg(rope_check.app, rope_check.base, "--base", "B",
          "finite > 0 (default 10000, or the --config model's rope_theta)");
  add_arg(rope_check.app, rope_check.inv_freq, "--inv-freq", "F.npy",
          "1-D .npy of the D'/2 inverse frequencies");
  add_arg(rope_check.app, rope_check.cos, "--cos", "C.npy", "2-D .npy of the N x D' cos cache (with --sin)");
  add_arg(rope_check.app, rope_check.sin, "--sin", "S.npy", "2-D .npy of the N x D' sin cache (with --cos)");
  add_arg(rope_check.app, rope_check.rtol, "--rtol", "R",
          "relative tolerance, 0 < R < 1 (default 1e-6; cos and sin relative to the attention factor)");
  add_arg(rope_check.app, rope_check.pairing, "--pairing", "adjacent|half",
          "the model's pairs, so the caches' layout: half (cat(freqs, freqs)) or adjacent (each frequency "
          "twice); default adjacent for GPT-J, CodeGen and Cohere configs, else half");
  add_rope_scaling(rope_check.app, rope_check.scaling);
  add_arg(rope_check.app, rope_check.common.max_bytes, "--max-bytes", "M",
          "refuse an input larger than M bytes (default 2147483648 = 2 GiB)");

  check.app =
      add_command(app, "check", "score an encoding against the five requirements of a good position encoding",
                  encoding_footer() +
                      "\nPrints a table (or JSON with --json) to stdout, or writes it to --out (any file "
                      "name). The exit\n"
                      "code is 0 whether or not the requirements pass.\n"
                      "Example: pelab-cli check integer --positions 64 --dims 16 --json");
  add_encoding(check.app, check.encoding);
  add_flag(check.app, check.json, "--json", "print JSON instead of a table");
  add_common(check.app, check.common, "write the table / JSON to this file instead of stdout", "");

  // Drawn by the app's own view code off screen (EGL: no display needed), so a figure is what the
  // app shows in that view, maximised, with the figure's title in place of the view's title row.
  render.app = add_command(
      app, "render", "a PNG figure of any of the app's views of an encoding (no display needed)",
      encoding_footer() +
          "\nThe figure is the app's view, drawn off screen by the same code as in the app (pelab --help "
          "lists the\nviews), --size pixels (default 1200 x 800; similarity 1000 x 800), titled with the "
          "view and the encoding\nunless --title is given.\n"
          "Example: pelab-cli render sinusoidal --positions 128 --dims 64 --view similarity --out s.png");
  add_encoding(render.app, render.encoding);
  add_arg(render.app, render.view, "--view", "NAME",
          "one of the app's views, as pelab --help lists them (default heatmap)");
  add_arg(render.app, render.colormap, "--colormap", "NAME",
          "viridis, magma, red-blue or gray (default viridis)");
  add_arg(render.app, render.metric, "--metric", "dot|cosine|distance",
          "with a view that shows the similarity only (default dot)");
  add_arg(render.app, render.size, "--size", "WxH",
          "the picture in pixels, at least 320x240 (default 1200x800; similarity 1000x800)");
  add_arg(render.app, render.title, "--title", "TEXT",
          "the figure's title (default: the view and the encoding)");
  add_arg(render.app, render.lang, "--lang", "CODE",
          "language of the view's texts: the code of a language directory in the data's i18n/, e.g. en "
          "(default: the system locale)");
  add_common(render.app, render.common,
             "output file: .png, or - for standard output with --format png (required)",
             "with --out - (standard output): png, which it then requires; with a file it must be png");
}

}  // namespace pelab::cli
