// Validation shared by the commands: required options, --max-bytes, encoding options, .npy and
// .safetensors inputs.
#include "resolve.hpp"

#include <algorithm>
#include <cctype>
#include <system_error>

#include "errors.hpp"
#include "output.hpp"
#include "pelab/config_spec.hpp"
#include "pelab/io/atomic_file.hpp"
#include "pelab/io/hf_cache.hpp"
#include "pelab/io/npy.hpp"
#include "pelab/io/table_file.hpp"
#include "pelab/kinds.hpp"
#include "values.hpp"

namespace pelab::cli {
namespace {

std::string kind_list() { return kind_names(); }

}  // namespace

void reject_extras(const CLI::App& command) {
  const std::vector<std::string> extras = command.remaining();
  if (extras.empty()) return;
  const std::string& first = extras.front();
  const std::string help = " (see 'pelab-cli " + command.get_name() + " --help')";
  if (first.size() > 1 && first.front() == '-') {
    const std::string name = first.substr(0, first.find('='));
    throw UsageError("unknown option " + name + " for " + command.get_name() + help);
  }
  throw UsageError("unexpected argument '" + first + "' for " + command.get_name() + help);
}

void require(const Arg& arg, std::string_view command, std::string_view placeholder) {
  if (!arg.given()) {
    throw UsageError(std::string(command) + " needs " + arg.name + " " + std::string(placeholder) +
                     " (see 'pelab-cli " + std::string(command) + " --help')");
  }
}

std::int64_t integer_value(const Arg& arg) { return parse_integer(arg.name, arg.text); }
double real_value(const Arg& arg) { return parse_real(arg.name, arg.text); }

std::filesystem::path out_path(const CommonArgs& common, std::string_view command) {
  require(common.out, command, "FILE");
  return common.out.text;
}

Format output_format(const CommonArgs& common, const std::filesystem::path& out,
                     std::initializer_list<Format> allowed, std::string_view command) {
  const auto allows = [&](Format f) { return std::find(allowed.begin(), allowed.end(), f) != allowed.end(); };
  std::string writes;
  for (Format f : allowed) writes += (writes.empty() ? "" : " or ") + std::string(extension_of(f).substr(1));
  std::optional<Format> named;
  if (common.format.given()) {
    const std::string& text = common.format.text;
    for (Format f : {Format::npy, Format::csv, Format::png}) {
      if (text == extension_of(f).substr(1)) named = f;
    }
    if (!named) throw UsageError("--format: unknown format '" + text + "' (" + writes + ")");
    if (!allows(*named)) {
      throw UsageError("--format " + text + ": " + std::string(command) + " writes " + writes +
                       (*named == Format::png ? " (pictures come from 'pelab-cli render')" : ""));
    }
  }
  if (is_stdout(out)) {
    if (named) return *named;
    if (allows(Format::npy)) return Format::npy;
    throw UsageError(std::string(command) + " writes a picture: --out - (standard output) needs --format " +
                     writes);
  }
  const Format format = choose_format(out, allowed, command);
  if (named && *named != format) {
    throw UsageError("--format " + common.format.text + " does not match --out '" + out.string() +
                     "'; the extension picks a file's format (--format is for --out -)");
  }
  return format;
}

double base_value(const Arg& base) {
  if (!base.given()) return EncodingParams{}.base;
  // The base of a rotary table obeys the rule of every base: core's one reader states it.
  const ParameterItem item{"base", base.text};
  try {
    return read_parameters(EncodingKind::sinusoidal, {&item, 1}, ParameterSpelling::cli_option).encoding.base;
  } catch (const pelab::Error& e) {
    throw UsageError(e.what());
  }
}

std::uint64_t max_bytes_value(const CommonArgs& common) {
  if (!common.max_bytes.given()) return kDefaultMaxBytes;
  const std::uint64_t value = parse_unsigned(common.max_bytes.name, common.max_bytes.text);
  if (value == 0) throw UsageError("--max-bytes must be at least 1 (got 0)");
  return value;
}

namespace {

// An input file larger than --max-bytes is refused before it is read.
void check_input_size(const std::filesystem::path& path, std::uint64_t max_bytes, std::string_view option) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (!ec && size > max_bytes) {
    throw FileError(std::string(option) + " " + path.string() + " is " + format_bytes(size) +
                    ", above --max-bytes " + std::to_string(max_bytes) +
                    "; pass a larger --max-bytes to read it");
  }
}

bool is_safetensors_name(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension == ".safetensors";
}

}  // namespace

Matrix load_matrix_npy(const std::filesystem::path& path, std::uint64_t max_bytes, std::string_view option) {
  const std::string name = path.string();
  check_input_size(path, max_bytes, option);
  Matrix matrix;
  try {
    matrix = npy_decode_matrix(read_file_bytes(path, max_bytes), name);
  } catch (const pelab::Error& e) {
    throw FileError(e.what());
  }
  if (!all_finite(matrix))
    throw FileError(name + ": contains NaN or infinite values; a finite matrix is needed");
  return matrix;
}

std::vector<double> load_vector_npy(const std::string& path, std::uint64_t max_bytes,
                                    const std::string& option, std::string_view one_d_is) {
  NpyArray array;
  try {
    array = npy_decode(read_file_bytes(path, max_bytes), path);
  } catch (const pelab::Error& e) {
    throw FileError(option + " " + e.what());
  }
  if (array.shape.size() != 1) {
    throw FileError(option + " " + path + " has " + std::to_string(array.shape.size()) + " dimensions; " +
                    std::string(one_d_is));
  }
  return std::move(array.data);
}

bool EncodingSpec::uses_base() const { return reads(params.kind, KindParameter::base); }

std::string EncodingSpec::describe() const {
  const EncodingParams& p = params;
  std::string text =
      std::string(to_string(p.kind)) + ", N=" + std::to_string(p.positions) + ", D=" + std::to_string(p.dims);
  if (uses_base()) text += ", base=" + format_real(p.base);
  if (p.start != 0) text += ", start=" + std::to_string(p.start);
  if (reads(p.kind, KindParameter::binary_signed) && p.binary_signed) text += ", signed";
  if (reads(p.kind, KindParameter::table)) {
    if (!table_path.empty()) {  // set before the table is read, so size checks can describe it
      text += ", table=" + table_path.filename().string();
      if (!table_tensor.empty()) text += ":" + table_tensor;
    } else {
      text += ", sigma=" + format_real(p.sigma) + ", seed=" + std::to_string(p.seed);
    }
  }
  return text;
}

EncodingSpec parse_encoding(const EncodingArgs& args, std::string_view command) {
  if (args.kind.empty()) {
    throw UsageError(std::string(command) + " needs a KIND: " + kind_list());
  }
  const std::optional<EncodingKind> kind = parse_encoding_kind(args.kind);
  if (!kind) throw UsageError("unknown kind '" + args.kind + "' (kinds: " + kind_list() + ")");

  // The options go through core's one reader of encoding parameters (the CONFIG grammar's too), so
  // both front ends refuse the same values with the same words.
  std::vector<ParameterItem> items;
  for (const Arg* arg : {&args.positions, &args.dims, &args.start, &args.base, &args.sigma, &args.seed,
                         &args.table, &args.tensor}) {
    if (arg->given()) items.push_back({std::string_view(arg->name).substr(2), arg->text});
  }
  if (args.signed_bits.given()) items.push_back({"signed", args.signed_bits.value ? "true" : "false"});
  EncodingSpec spec;
  try {
    spec.params = read_parameters(*kind, items, ParameterSpelling::cli_option).encoding;
  } catch (const pelab::Error& e) {
    throw UsageError(e.what());
  }
  // What pelab-cli requires beyond CONFIG (which has defaults): N and D, unless a table gives them.
  const bool has_table = args.table.given();
  if (!has_table) {
    require(args.positions, command, "N");
    require(args.dims, command, "D");
    try {
      validate(spec.params);
    } catch (const pelab::Error& e) {
      throw UsageError(e.what());
    }
  }
  return spec;
}

namespace {

// Takes N and D from a table of `rows` x `cols` where the options left them open and checks that it
// covers positions start..start+N-1 with width D.
void fit_table_shape(EncodingSpec& spec, const EncodingArgs& args, std::int64_t rows, std::int64_t cols) {
  EncodingParams& p = spec.params;
  const std::string name = spec.table_path.string();
  if (!args.dims.given()) {
    p.dims = cols;
  } else if (p.dims != cols) {
    throw FileError("--table " + name + " has " + std::to_string(cols) + " columns but --dims is " +
                    std::to_string(p.dims) + " (omit --dims to use the table's width)");
  }
  if (p.start >= rows) {
    throw FileError("--table " + name + " has " + std::to_string(rows) + " rows (positions 0.." +
                    std::to_string(rows - 1) + ") but --start is " + std::to_string(p.start) +
                    "; a learned table is undefined past its last row");
  }
  if (!args.positions.given()) {
    p.positions = rows - p.start;
  } else if (p.start + p.positions > rows) {
    throw FileError("--table " + name + " has " + std::to_string(rows) + " rows (positions 0.." +
                    std::to_string(rows - 1) + ") but positions " + std::to_string(p.start) + ".." +
                    std::to_string(p.start + p.positions - 1) +
                    " were asked for; a learned table is undefined past its last row");
  }
  try {
    validate(p);
  } catch (const pelab::Error& e) {
    throw FileError(e.what());
  }
}

}  // namespace

void load_encoding_table(EncodingSpec& spec, const EncodingArgs& args, std::uint64_t max_bytes,
                         const SizeCheck& check_sizes) {
  if (!args.table.given()) {
    if (check_sizes) check_sizes(spec);
    return;
  }
  // The file decides what the options left open, and must agree with what they set.
  spec.table_path = args.table.text;
  spec.sizes_from_file = !args.positions.given() || !args.dims.given();
  // A .npy file's whole size is checked against --max-bytes before anything is read (the message
  // names --table); of a .safetensors checkpoint only the header and the chosen tensor are read, and
  // the loader checks their size against --max-bytes.
  // An hf:ORG/NAME model (pelab/io/hf_cache.hpp) is a .safetensors checkpoint in the local cache.
  if (!is_safetensors_name(spec.table_path) && !names_hf_model(spec.table_path.string()))
    check_input_size(spec.table_path, max_bytes, "--table");
  // The shape is known once the header is read: everything that depends only on it (the options,
  // the command's size budget) is checked then, so a table that would be refused is never read.
  const TableShapeCheck check_shape = [&](std::int64_t rows, std::int64_t cols, std::string_view tensor) {
    spec.table_tensor = tensor;
    fit_table_shape(spec, args, rows, cols);
    if (check_sizes) check_sizes(spec);
  };
  try {
    LoadedTable loaded = load_position_table(
        spec.table_path, args.tensor.given() ? args.tensor.text : std::string(), max_bytes, check_shape);
    spec.table = std::move(loaded.values);
    spec.table_tensor = std::move(loaded.tensor);
  } catch (const pelab::Error& e) {
    throw FileError(e.what());
  }
}

const Matrix* EncodingSpec::exact_table() const {
  if (!table || params.start != 0 || table->rows() != params.positions || table->cols() != params.dims)
    return nullptr;
  return &*table;
}

}  // namespace pelab::cli
