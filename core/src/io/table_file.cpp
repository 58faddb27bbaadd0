// Position tables from .npy or .safetensors files. Reading goes through a small byte source (a file
// read with pread, or bytes in memory) so that a checkpoint's header and one tensor can be read
// without reading the whole file.
#include "pelab/io/table_file.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>

#include "../memory_hints.hpp"
#include "../platform/file_io.hpp"
#include "pelab/io/hf_cache.hpp"
#include "pelab/io/npy.hpp"

namespace pelab {
namespace {

constexpr std::array<std::string_view, 12> usual_names = {
    "wpe.weight",                             // GPT-2 (GPT2Model checkpoints, e.g. the hub's gpt2)
    "transformer.wpe.weight",                 // GPT2LMHeadModel, GPT-Neo, nanoGPT
    "embeddings.position_embeddings.weight",  // BERT, RoBERTa, DistilBERT, ELECTRA (after "bert." etc.)
    "position_embeddings.weight",
    "model.decoder.embed_positions.weight",  // OPT, BART, mBART, Whisper (decoder)
    "decoder.embed_positions.weight",
    "embed_positions.weight",
    "embeddings.position_embedding.weight",  // CLIP (text_model. / vision_model.)
    "position_embedding.weight",
    "embeddings.position_embeddings",  // Hugging Face ViT / DeiT: [1, N, D]
    "pos_embed",                       // timm ViT / DeiT: [1, N, D]
    "wpe",
};

std::string lower(std::string text) {
  for (char& c : text) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return text;
}

// Where the bytes come from.
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  virtual std::uint64_t size() const = 0;
  // Exactly `length` bytes at `offset` into `out` (callers stay inside size()).
  virtual void read_into(std::uint64_t offset, std::uint64_t length, char* out) const = 0;
  // The same bytes as a string.
  std::string read(std::uint64_t offset, std::uint64_t length) const {
    std::string bytes(static_cast<std::size_t>(length), '\0');
    read_into(offset, length, bytes.data());
    return bytes;
  }
};

class MemorySource final : public ByteSource {
 public:
  explicit MemorySource(std::string_view bytes) : bytes_(bytes) {}
  std::uint64_t size() const override { return bytes_.size(); }
  void read_into(std::uint64_t offset, std::uint64_t length, char* out) const override {
    if (length > 0) std::memcpy(out, bytes_.data() + offset, static_cast<std::size_t>(length));
  }

 private:
  std::string_view bytes_;
};

class FileSource final : public ByteSource {
 public:
  explicit FileSource(const std::filesystem::path& path) : name_(path.string()) {
    fd_ = file_io::open_for_reading(path);
    if (fd_ < 0) {
      if (errno == ENOENT) throw Error(Text{TextId::file_not_found, {name_}});
      throw Error(Text{TextId::file_cannot_read, {name_}, {os_error_text(errno)}});
    }
    file_io::FileInfo info;
    if (!file_io::info(fd_, info)) {
      const int error = errno;
      file_io::close_file(fd_);
      throw Error(Text{TextId::file_cannot_read, {name_}, {os_error_text(error)}});
    }
    if (!info.regular) {
      file_io::close_file(fd_);
      throw Error(Text{info.directory ? TextId::file_is_directory : TextId::file_not_regular, {name_}});
    }
    size_ = info.size;
  }
  ~FileSource() override { file_io::close_file(fd_); }
  FileSource(const FileSource&) = delete;
  FileSource& operator=(const FileSource&) = delete;

  std::uint64_t size() const override { return size_; }
  void read_into(std::uint64_t offset, std::uint64_t length, char* out) const override {
    std::uint64_t done = 0;
    while (done < length) {
      const std::int64_t got =
          file_io::read_at(fd_, out + done, static_cast<std::size_t>(length - done), offset + done);
      if (got < 0) {
        if (errno == EINTR) continue;
        throw Error(Text{TextId::file_cannot_read, {name_}, {os_error_text(errno)}});
      }
      if (got == 0) throw Error(Text{TextId::file_ended_early, {name_}});
      done += static_cast<std::uint64_t>(got);
    }
  }

 private:
  std::string name_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

enum class FileType { npy, safetensors };

constexpr std::string_view npy_magic = "\x93NUMPY";

FileType file_type(const std::filesystem::path& path, const ByteSource& source) {
  const std::string extension = lower(path.extension().string());
  if (extension == ".npy") return FileType::npy;
  if (extension == ".safetensors") return FileType::safetensors;
  const std::string head = source.read(0, std::min<std::uint64_t>(source.size(), 9));
  if (std::string_view(head).starts_with(npy_magic)) return FileType::npy;
  if (head.size() == 9 && head[8] == '{') {
    std::uint64_t length = 0;
    for (std::size_t i = 0; i < 8; ++i)
      length |= std::uint64_t{static_cast<unsigned char>(head[i])} << (8 * i);
    if (length <= source.size() - 8) return FileType::safetensors;
  }
  throw Error(Text{TextId::table_unknown_type, {path.string()}});
}

std::string npy_dtype_name(NpyDtype dtype) {
  switch (dtype) {
    case NpyDtype::float32:
      return "F32";
    case NpyDtype::float64:
      return "F64";
    case NpyDtype::int32:
      return "I32";
    case NpyDtype::int64:
      return "I64";
    case NpyDtype::float16:
      return "F16";
    case NpyDtype::bfloat16:
      return "BF16";
  }
  return "F64";
}

std::string dims_text(std::int64_t rows, std::int64_t cols) {
  return std::to_string(rows) + " \u00d7 " + std::to_string(cols);
}

// Refuses NaN and infinities; `tensor` is the quoted tensor name, or empty for a .npy table.
void require_finite(const Matrix& values, const std::string& name, const std::string& tensor) {
  for (Eigen::Index r = 0; r < values.rows(); ++r) {
    for (Eigen::Index c = 0; c < values.cols(); ++c) {
      if (!std::isfinite(values(r, c))) {
        if (tensor.empty())
          throw Error(Text{TextId::table_not_finite, {name, std::to_string(r), std::to_string(c)}});
        throw Error(
            Text{TextId::table_tensor_not_finite, {name, tensor, std::to_string(r), std::to_string(c)}});
      }
    }
  }
}

void refuse_larger_than(const ByteSource& source, const std::string& name, std::uint64_t max_bytes) {
  if (source.size() > max_bytes) {
    throw Error(
        Text{TextId::table_file_too_large, {name, std::to_string(source.size()), std::to_string(max_bytes)}});
  }
}

// A .npy source's header, read on its own.
NpyLayout read_npy_layout(const ByteSource& source, const std::string& name) {
  const std::uint64_t size = source.size();
  const std::uint64_t header_size =
      npy_header_size(source.read(0, std::min<std::uint64_t>(size, npy_prefix_bytes)), size, name);
  return npy_parse_layout(source.read(0, header_size), name);
}

// `count` items of `item` bytes each, starting `offset` bytes into the source, as doubles into `out`:
// read piece by piece through `piece` (at most 1 MiB, a multiple of every item size) and converted by
// decode(bytes, out), which writes bytes.size() / item doubles.
template <typename Decode>
void read_decoded_run(const ByteSource& source, std::uint64_t offset, std::uint64_t item, std::uint64_t count,
                      double* out, std::string& piece, Decode&& decode) {
  const std::uint64_t bytes = count * item;
  constexpr std::uint64_t piece_bytes = std::uint64_t{1} << 20;
  if (piece.size() < std::min(piece_bytes, bytes))
    piece.resize(static_cast<std::size_t>(std::min(piece_bytes, bytes)));
  for (std::uint64_t done = 0; done < bytes;) {
    const std::uint64_t length = std::min(piece_bytes, bytes - done);
    source.read_into(offset + done, length, piece.data());
    decode(std::string_view(piece.data(), static_cast<std::size_t>(length)), out);
    out += length / item;
    done += length;
  }
}

// The first values.rows() x values.cols() values of a row-major table whose rows hold `stored_cols`
// values, into `values`: one run at full width, else one run per row. read_run(first, count, out)
// reads `count` values from value `first` of the table.
template <typename ReadRun>
void read_row_major_window(Matrix& values, std::int64_t stored_cols, ReadRun&& read_run) {
  const auto rows = static_cast<std::uint64_t>(values.rows()),
             cols = static_cast<std::uint64_t>(values.cols());
  if (values.cols() == stored_cols) {
    read_run(std::uint64_t{0}, rows * cols, values.data());
    return;
  }
  for (Eigen::Index r = 0; r < values.rows(); ++r)  // Matrix is row-major: row r is cols contiguous doubles
    read_run(static_cast<std::uint64_t>(r) * static_cast<std::uint64_t>(stored_cols), cols,
             values.row(r).data());
}

// `count` stored items from item `first` of a .npy's data, as doubles into `out`: little-endian
// float64 straight into `out`, other dtypes decoded piece by piece through `piece`.
void read_npy_run(const ByteSource& source, const NpyLayout& layout, std::uint64_t first, std::uint64_t count,
                  double* out, std::string& piece) {
  const std::uint64_t item = npy_item_size(layout.dtype);
  const std::uint64_t offset = layout.data_offset + first * item;
  if (std::endian::native == std::endian::little && layout.dtype == NpyDtype::float64) {
    source.read_into(offset, count * item, reinterpret_cast<char*>(out));
    return;
  }
  read_decoded_run(source, offset, item, count, out, piece,
                   [&](std::string_view bytes, double* to) { npy_decode_run(layout.dtype, bytes, to); });
}

// The first rows x cols values of a checked 2-D layout, read straight into the matrix: a whole
// C-order table (or its first rows) in one run, a narrower window one run per row; a Fortran-order
// table is read whole and reordered, or one run per column of a window.
Matrix read_npy_values(const ByteSource& source, const NpyLayout& layout, std::int64_t rows,
                       std::int64_t cols) {
  Matrix values(rows, cols);
  // A large table is faulted in by 2 MiB pages as it is read (numpy's np.load gets the same hint).
  detail::advise_huge_pages(values.data(), static_cast<std::size_t>(values.size()) * sizeof(double));
  const auto stored_rows = static_cast<std::uint64_t>(layout.shape[0]);
  const auto stored_cols = static_cast<std::uint64_t>(layout.shape[1]);
  const auto rows_read = static_cast<std::uint64_t>(rows), cols_read = static_cast<std::uint64_t>(cols);
  std::string piece;
  if (layout.fortran_order) {
    if (rows_read == stored_rows && cols_read == stored_cols) {
      npy_decode_data(layout, source.read(layout.data_offset, layout.data_bytes), values.data());
      return values;
    }
    Vector column(rows);
    for (Eigen::Index c = 0; c < cols; ++c) {
      read_npy_run(source, layout, static_cast<std::uint64_t>(c) * stored_rows, rows_read, column.data(),
                   piece);
      values.col(c) = column;
    }
    return values;
  }
  read_row_major_window(values, layout.shape[1], [&](std::uint64_t first, std::uint64_t count, double* out) {
    read_npy_run(source, layout, first, count, out, piece);
  });
  return values;
}

LoadedTable load_npy_table(const ByteSource& source, const std::filesystem::path& path,
                           std::string_view tensor, std::uint64_t max_bytes,
                           const TableShapeCheck& check_shape, const TableWindow& window) {
  const std::string name = path.string();
  if (!tensor.empty()) {
    throw Error(Text{TextId::table_npy_tensor, {name, quoted_tensor_name(tensor)}});
  }
  // `max_bytes` caps a file read whole; a window that cuts the table bounds the read itself.
  const bool unbounded = window.rows == TableWindow{}.rows && window.cols == TableWindow{}.cols;
  if (unbounded) refuse_larger_than(source, name, max_bytes);
  const NpyLayout layout = read_npy_layout(source, name);
  npy_require_table_shape(layout.shape, name);
  const std::int64_t rows = std::min(layout.shape[0], std::max<std::int64_t>(window.rows, 0));
  const std::int64_t cols = std::min(layout.shape[1], std::max<std::int64_t>(window.cols, 0));
  const bool whole = rows == layout.shape[0] && cols == layout.shape[1];
  if (!unbounded && whole) refuse_larger_than(source, name, max_bytes);
  if (check_shape) check_shape(layout.shape[0], layout.shape[1], {});
  npy_check_data_size(layout, source.size(), name);
  LoadedTable table;
  table.values = read_npy_values(source, layout, rows, cols);
  table.stored_rows = layout.shape[0];
  table.stored_cols = layout.shape[1];
  require_finite(table.values, name, "");
  table.path = path;
  table.dtype = npy_dtype_name(layout.dtype);
  table.description = path.filename().string() + " (" + table.dtype + ", " +
                      dims_text(layout.shape[0], layout.shape[1]) + ")";
  table.tensors_2d.push_back(TensorInfo{"", table.dtype, layout.shape});
  return table;
}

// The first rows x cols values of a row-major safetensors tensor of a readable dtype whose data
// starts at `offset` and whose rows hold `stored_cols` values, decoded as a whole tensor would be.
Matrix read_safetensors_window(const ByteSource& source, std::uint64_t offset, std::string_view dtype,
                               std::int64_t stored_cols, std::int64_t rows, std::int64_t cols) {
  Matrix values(rows, cols);
  detail::advise_huge_pages(values.data(), static_cast<std::size_t>(values.size()) * sizeof(double));
  const std::uint64_t item = safetensors_item_size(dtype);
  std::string piece;
  read_row_major_window(values, stored_cols, [&](std::uint64_t first, std::uint64_t count, double* out) {
    read_decoded_run(source, offset + first * item, item, count, out, piece,
                     [&](std::string_view bytes, double* to) { safetensors_decode_run(dtype, bytes, to); });
  });
  return values;
}

// The header of a .safetensors source, read on its own.
SafetensorsHeader read_header(const ByteSource& source, const std::string& name, std::uint64_t max_bytes) {
  const std::uint64_t size = source.size();
  std::string prefix = source.read(0, std::min<std::uint64_t>(size, 8));
  if (prefix.size() == 8) {
    std::uint64_t length = 0;
    for (std::size_t i = 0; i < 8; ++i)
      length |= std::uint64_t{static_cast<unsigned char>(prefix[i])} << (8 * i);
    // A length that does not fit is left to the parser, which words the refusal.
    if (length <= size - 8 && length <= safetensors_max_header_bytes) {
      if (8 + length > max_bytes) {
        throw Error(Text{TextId::table_header_too_large,
                         {name, std::to_string(8 + length), std::to_string(max_bytes)}});
      }
      prefix = source.read(0, 8 + length);
    }
  }
  return safetensors_parse_header(prefix, size, name);
}

// `first_row` stored rows in front of position 0 are left out (a model's offset, hf_cache.hpp):
// the table seen by `check_shape`, `window` and the result starts at stored row `first_row`.
LoadedTable load_safetensors_table(const ByteSource& source, const std::filesystem::path& path,
                                   std::string_view tensor, std::uint64_t max_bytes,
                                   const TableShapeCheck& check_shape, const TableWindow& window,
                                   std::int64_t first_row = 0) {
  const std::string name = path.string();
  const SafetensorsHeader header = read_header(source, name, max_bytes);
  const std::vector<TensorInfo> all = safetensors_tensor_infos(header);
  const std::string chosen = tensor.empty() ? pick_position_tensor(all, name) : std::string(tensor);
  const auto it = std::find_if(header.entries.begin(), header.entries.end(),
                               [&](const SafetensorsEntry& e) { return e.info.name == chosen; });
  if (it == header.entries.end()) {
    Text text{TextId::table_no_tensor, {name, quoted_tensor_name(chosen)}};
    append_tensor_list(text, all);
    throw Error(std::move(text));
  }
  const SafetensorsEntry& entry = *it;
  // A dtype or shape that cannot be a table is refused before its bytes are read: the decoder,
  // given no data, words the refusal.
  if (!safetensors_dtype_readable(entry.info.dtype) || !table_dims(entry.info.shape) ||
      entry.begin == entry.end)
    safetensors_entry_matrix(entry, {}, name);
  const auto [stored_rows, stored_cols] = *table_dims(entry.info.shape);
  if (stored_rows <= first_row) {
    throw Error(
        Text{TextId::hf_offset_rows,
             {name, quoted_tensor_name(chosen), std::to_string(stored_rows), std::to_string(first_row)}});
  }
  const std::int64_t positions = stored_rows - first_row;
  const std::int64_t rows = std::min(positions, std::max<std::int64_t>(window.rows, 0));
  const std::int64_t cols = std::min(stored_cols, std::max<std::int64_t>(window.cols, 0));
  const bool all_positions = rows == positions && cols == stored_cols;
  const bool whole = all_positions && first_row == 0;
  // `max_bytes` caps a tensor read whole; a window that cuts the table bounds the read itself.
  const std::uint64_t length = entry.end - entry.begin;
  if (all_positions && (length > max_bytes || header.data_start > max_bytes - length)) {
    throw Error(Text{TextId::table_tensor_too_large,
                     {name, quoted_tensor_name(chosen), std::to_string(length),
                      std::to_string(header.data_start), std::to_string(max_bytes)}});
  }
  if (check_shape) check_shape(positions, stored_cols, chosen);
  LoadedTable table;
  table.row_offset = first_row;
  if (whole) {
    table.values =
        safetensors_entry_matrix(entry, source.read(header.data_start + entry.begin, length), name);
  } else {
    // The tensor is row-major: its first `cols` values of each of the first `rows` rows, one run per
    // row (one run in all at full width), decoded piece by piece.
    const std::uint64_t skipped = static_cast<std::uint64_t>(first_row) *
                                  static_cast<std::uint64_t>(stored_cols) *
                                  safetensors_item_size(entry.info.dtype);
    table.values = read_safetensors_window(source, header.data_start + entry.begin + skipped,
                                           entry.info.dtype, stored_cols, rows, cols);
  }
  table.stored_rows = stored_rows;
  table.stored_cols = stored_cols;
  require_finite(table.values, name, quoted_tensor_name(chosen));
  table.path = path;
  table.tensor = chosen;
  table.dtype = entry.info.dtype;
  table.description = path.filename().string() + ": " + chosen + " (" + table.dtype + ", " +
                      dims_text(stored_rows, stored_cols);
  if (entry.info.shape.size() > 2) table.description += ", stored as " + shape_text(entry.info.shape);
  table.description += ")";
  for (const TensorInfo& info : all) {
    if (table_dims(info.shape)) table.tensors_2d.push_back(info);
  }
  return table;
}

LoadedTable load_table(const ByteSource& source, const std::filesystem::path& path, std::string_view tensor,
                       std::uint64_t max_bytes, const TableShapeCheck& check_shape,
                       const TableWindow& window = {}) {
  return file_type(path, source) == FileType::npy
             ? load_npy_table(source, path, tensor, max_bytes, check_shape, window)
             : load_safetensors_table(source, path, tensor, max_bytes, check_shape, window);
}

bool ends_with_component(std::string_view name, std::string_view suffix) {
  return name.size() > suffix.size() && name.ends_with(suffix) &&
         name[name.size() - suffix.size() - 1] == '.';
}

}  // namespace

std::span<const std::string_view> usual_position_tensor_names() { return usual_names; }

std::string pick_position_tensor(const std::vector<TensorInfo>& tensors, std::string_view name_for_messages) {
  const std::string name(name_for_messages);
  const auto usable = [](const TensorInfo& t) {
    return safetensors_dtype_readable(t.dtype) && table_dims(t.shape).has_value();
  };
  for (std::string_view usual : usual_names) {
    for (const TensorInfo& t : tensors) {
      if (usable(t) && t.name == usual) return t.name;
    }
  }
  for (std::string_view usual : usual_names) {
    std::vector<TensorInfo> matches;
    for (const TensorInfo& t : tensors) {
      if (usable(t) && ends_with_component(t.name, usual)) matches.push_back(t);
    }
    if (matches.size() == 1) return matches.front().name;
    if (matches.size() > 1) {
      Text text{TextId::table_ambiguous, {name, std::to_string(matches.size())}};
      append_tensor_list(text, matches);
      throw Error(std::move(text));
    }
  }
  const TensorInfo* only = nullptr;
  std::size_t count = 0;
  for (const TensorInfo& t : tensors) {
    if (usable(t)) {
      only = &t;
      ++count;
    }
  }
  if (count == 1) return only->name;
  if (std::none_of(tensors.begin(), tensors.end(),
                   [](const TensorInfo& t) { return table_dims(t.shape).has_value(); })) {
    throw Error(Text{tensors.size() == 1 ? TextId::table_no_2d_tensor_one : TextId::table_no_2d_tensor,
                     {name, std::to_string(tensors.size())}});
  }
  Text text{TextId::table_which_tensor, {name}};
  append_tensor_list(text, tensors);
  throw Error(std::move(text));
}

LoadedTable load_position_table(const std::filesystem::path& path, std::string_view tensor,
                                std::uint64_t max_bytes, const TableShapeCheck& check_shape,
                                const TableWindow& window) {
  const std::string text = path.string();
  if (names_hf_model(text)) {
    const HfSnapshot snapshot = hf_find_snapshot(text, hf_environment());
    const HfPositionTable found = hf_find_position_table(snapshot, tensor);
    const FileSource source(found.file);
    LoadedTable table = load_safetensors_table(source, found.file, found.tensor, max_bytes, check_shape,
                                               window, found.row_offset);
    table.path = path;
    table.model_type = found.model_type;
    table.description = text + ": " + found.tensor + " (" + table.dtype + ", " +
                        dims_text(table.positions(), table.stored_cols) + ")";
    if (found.row_offset > 0) {
      table.description += ", position 0 = stored row " + std::to_string(found.row_offset) + " of " +
                           std::to_string(table.stored_rows);
    }
    return table;
  }
  const FileSource source(path);
  return load_table(source, path, tensor, max_bytes, check_shape, window);
}

LoadedTable decode_position_table(std::string_view bytes, const std::filesystem::path& path,
                                  std::string_view tensor, const TableShapeCheck& check_shape) {
  const MemorySource source(bytes);
  return load_table(source, path, tensor, std::numeric_limits<std::uint64_t>::max(), check_shape);
}

std::vector<TensorInfo> list_table_tensors(const std::filesystem::path& path, std::uint64_t max_bytes) {
  if (const std::string text = path.string(); names_hf_model(text)) {
    const HfPositionTable found = hf_find_position_table(hf_find_snapshot(text, hf_environment()));
    return list_table_tensors(found.file, max_bytes);
  }
  const FileSource source(path);
  const std::string name = path.string();
  if (file_type(path, source) == FileType::npy) {
    // Only the header: what a listing shows is all there.
    refuse_larger_than(source, name, max_bytes);
    const NpyLayout layout = read_npy_layout(source, name);
    npy_check_data_size(layout, source.size(), name);
    return {TensorInfo{"", npy_dtype_name(layout.dtype), layout.shape}};
  }
  return safetensors_tensor_infos(read_header(source, name, max_bytes));
}

}  // namespace pelab
