#pragma once
// Hugging Face .safetensors files: how real model checkpoints (GPT-2's wpe.weight, BERT's
// position_embeddings, ...) come in. Layout: an 8-byte little-endian header length n, n bytes of
// JSON ({"name": {"dtype": "F32", "shape": [1024, 768], "data_offsets": [begin, end]}, ...,
// optional "__metadata__": {string: string}}), then the data section; offsets count from its
// first byte. Every tensor is C order, little-endian.
//
// The reader is strict, as the .npy one is: every malformed header is refused with a one-line
// pelab::Error that starts with the file name and says what is wrong, and nothing is read out of
// bounds. Checked: the header length against the file size (and a 100 MB cap), well-formed JSON
// that is an object without duplicate keys, each entry's three fields and their types (no other
// field), a known dtype, non-negative integer dimensions, an element count × element size that
// does not overflow and equals end − begin, and offsets that tile the data section exactly (sorted
// by offset, each tensor starts where the previous one ends, the last ends at the end of the file),
// as the reference implementation requires. Every listed dtype is accepted in the index; only F16,
// BF16, F32 and F64 can be read as a table.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pelab/types.hpp"

namespace pelab {

// One tensor as the header declares it. `dtype` is the safetensors name ("F32", "BF16", "I64", ...).
struct TensorInfo {
  std::string name;
  std::string dtype;
  std::vector<std::int64_t> shape;
};

// A header entry plus where its bytes are: [begin, end) relative to the start of the data section.
struct SafetensorsEntry {
  TensorInfo info;
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
};

// A validated header.
struct SafetensorsHeader {
  std::uint64_t data_start = 0;           // file offset of the data section: 8 + header length
  std::uint64_t data_size = 0;            // bytes from data_start to the end of the file
  std::vector<SafetensorsEntry> entries;  // sorted by name, metadata excluded
  std::vector<std::pair<std::string, std::string>> metadata;  // "__metadata__", sorted by key
};

// Headers longer than this are refused (the reference implementation's limit).
inline constexpr std::uint64_t safetensors_max_header_bytes = 100'000'000;

// Bits per element of a safetensors dtype (BOOL, U8, I8, F8_E5M2, F8_E4M3, F8_E8M0, I16, U16, F16,
// BF16, I32, U32, F32, C64, I64, U64, F64, and the packed F4, F6_E2M3, F6_E3M2), or nullopt if the
// name is unknown.
std::optional<unsigned> safetensors_dtype_bits(std::string_view dtype);

// True for the dtypes a table can be read from: F16, BF16, F32, F64.
bool safetensors_dtype_readable(std::string_view dtype);

// Parses and validates the header of a file of `file_size` bytes. `prefix` holds the file's first
// bytes: the whole file, or at least its 8 + n header bytes (pelab reads a big checkpoint's header
// without reading its data). Throws pelab::Error with a message starting with `name_for_messages`.
SafetensorsHeader safetensors_parse_header(std::string_view prefix, std::uint64_t file_size,
                                           std::string_view name_for_messages);

// The header's tensors (name, dtype, shape), sorted by name.
std::vector<TensorInfo> safetensors_tensor_infos(const SafetensorsHeader& header);

// Rows and columns when `shape` can be a positions x dims table: 2-D, or more dimensions whose
// leading ones are all 1 (ViT/DeiT keep their table as [1, N, D]; those leading 1s are dropped).
std::optional<std::pair<std::int64_t, std::int64_t>> table_dims(const std::vector<std::int64_t>& shape);

// "[1024, 768]".
std::string shape_text(const std::vector<std::int64_t>& shape);

// The tensors whose shape is a table (see table_dims), for messages:
// "'wpe.weight' (F32, [1024, 768]), 'wte.weight' (F32, [50257, 768])", at most `limit` of them
// followed by "and K more"; "none" when there is none. Names are quoted with control characters
// escaped, so the text stays on one line.
std::string table_tensor_list(const std::vector<TensorInfo>& tensors, std::size_t limit = 20);
// The same list as the last argument of `text`: a plain argument, or a part when the list has words
// of its own ("none", "... and K more") that a translation words differently.
void append_tensor_list(Text& text, const std::vector<TensorInfo>& tensors, std::size_t limit = 20);

// A tensor name quoted for a one-line message: 'name', control characters written as \xNN.
std::string quoted_tensor_name(std::string_view name);

// Decodes one entry as a table. `data` must be the entry's end − begin bytes. F16 and BF16 are
// converted to double exactly (subnormals, infinities and NaN included); NaN and infinities are kept
// (see all_finite). Throws pelab::Error naming the tensor if its dtype is not F16/BF16/F32/F64, if
// its shape is not a table (see table_dims) or if it has no rows or no columns.
Matrix safetensors_entry_matrix(const SafetensorsEntry& entry, std::string_view data,
                                std::string_view name_for_messages);

// Bytes per element of a readable dtype (F64 8, F32 4, F16 and BF16 2); 0 for any other.
std::size_t safetensors_item_size(std::string_view dtype);

// Decodes data.size() / safetensors_item_size(dtype) consecutive little-endian elements of a readable
// dtype into `out`, exactly as safetensors_entry_matrix does (a window of a table is decoded row by row
// with it). Writes nothing for another dtype.
void safetensors_decode_run(std::string_view dtype, std::string_view data, double* out);

// Every tensor of a whole file held in memory, sorted by name, "__metadata__" excluded.
std::vector<TensorInfo> safetensors_index(std::string_view bytes, std::string_view name_for_messages);

// The named tensor of a whole file held in memory as a double matrix (a [1, N, D] tensor gives
// N x D). A missing name is refused with a message listing the file's table-shaped tensors.
Matrix safetensors_matrix(std::string_view bytes, std::string_view tensor,
                          std::string_view name_for_messages);

// A complete .safetensors file holding the matrices as 2-D tensors, laid out in the order given;
// the header JSON is padded with spaces so the data starts at a multiple of 8 bytes, as the
// reference writer does. `dtype` is "F32" (values rounded to float) or "F64". Throws pelab::Error
// for another dtype, an empty or duplicate name, or "__metadata__" as a name.
std::string safetensors_encode(const std::vector<std::pair<std::string, Matrix>>& tensors,
                               std::string_view dtype);

}  // namespace pelab
