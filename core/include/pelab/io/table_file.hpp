#pragma once
// Learned position tables from files of either type: a 2-D .npy array, or one tensor of a Hugging
// Face .safetensors checkpoint (GPT-2's wpe.weight, BERT's position_embeddings, ...). The type
// comes from the extension (.npy / .safetensors, any case) or, for any other name, from the content
// (the .npy magic, or an 8-byte length followed by '{'). Every failure is a pelab::Error with a
// one-line message that starts with the file path.
//
// Choosing the tensor of a .safetensors file when none is named:
//   1. a tensor whose name is exactly one of usual_position_tensor_names(), earliest in that list first;
//   2. else a tensor whose name ends in "." + one of them (e.g.
//   "bert.embeddings.position_embeddings.weight"),
//      again in list order; several tensors ending in the same usual name are refused as ambiguous;
//   3. else the only table-shaped tensor of a readable dtype, if there is exactly one;
//   4. else a refusal that lists the file's 2-D tensors.
// Only tensors of a readable dtype (F16, BF16, F32, F64) and a table shape take part in 1-3. A table
// shape is 2-D, or more dimensions whose leading ones are all 1: ViT/DeiT keep theirs as [1, N, D],
// which loads as N x D. (A .npy array must be 2-D, as before.)
//
// Values must be finite. Some models reserve rows: OPT and RoBERTa look position p up at row p + 2,
// and ViT's row 0 belongs to the class token. The table is returned as stored.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pelab/io/safetensors.hpp"
#include "pelab/types.hpp"

namespace pelab {

// A table read from a file, with what a UI needs to show and to offer other choices.
struct LoadedTable {
  Matrix values;  // positions x dims, row p = row p of the stored table (the TableWindow's part)
  std::int64_t stored_rows = 0;  // the shape as stored, also when only a window of it was read
  std::int64_t stored_cols = 0;
  std::filesystem::path path;
  std::string tensor;  // the tensor used; empty for .npy
  std::string
      dtype;  // as stored, in safetensors spelling: "F32", "BF16", ... (.npy: "F32", "F64", "I32", "I64")
  std::string description;             // "gpt2.safetensors: wpe.weight (F32, 1024 × 768)"
  std::vector<TensorInfo> tensors_2d;  // table-shaped tensors (any dtype), by name; .npy: its one array
  // A model from the local Hugging Face cache (`hf:ORG/NAME`, pelab/io/hf_cache.hpp): its model type
  // and the stored rows in front of position 0 that were left out (OPT 2, RoBERTa padding_idx + 1),
  // so that row r of `values` is position r. stored_rows counts them; positions() does not.
  std::string model_type;  // "" for a file named by its path
  std::int64_t row_offset = 0;
  std::int64_t positions() const { return stored_rows - row_offset; }
};

// Called with a table's shape (rows, cols) and its tensor (empty for .npy) once the file's header is
// read and before its data is: a caller refuses a shape it cannot use by throwing, so a table too
// large for it is never read.
using TableShapeCheck = std::function<void(std::int64_t rows, std::int64_t cols, std::string_view tensor)>;

// The part of a table a caller uses: its first `rows` rows and first `cols` columns. A table larger
// than that is read only that far (.npy in C order and every .safetensors tensor: the first `cols`
// values of each of the first `rows` rows, one read each; .npy in Fortran order: the first `rows`
// values of each of the first `cols` columns), so memory and time follow the window, not the file.
struct TableWindow {
  std::int64_t rows = std::numeric_limits<std::int64_t>::max();
  std::int64_t cols = std::numeric_limits<std::int64_t>::max();
};

// Default cap on the bytes read for one table (2 GiB).
inline constexpr std::uint64_t default_max_table_bytes = std::uint64_t{2} << 30;

// Loads a table. A `path` that starts with "hf:" names a model in the local Hugging Face cache
// (hf:ORG/NAME[@REVISION]): its position table is found by the model type of its config.json, in
// model.safetensors or through model.safetensors.index.json in one shard, with the rows in front of
// position 0 left out (see LoadedTable::row_offset and hf_find_position_table); `tensor`, when given,
// names the tensor instead. `path` in the result is then the name as given, and check_shape sees
// the rows from position 0 on. Otherwise `tensor` names the .safetensors tensor to use (empty: chosen as
// described above; a name given for a .npy file is an error). At most `max_bytes` bytes are read: the whole
// .npy file, or a .safetensors file's header plus the chosen tensor (so the position table of a large
// checkpoint loads without reading the rest); more is refused before reading. `check_shape`, when
// given, sees the table's shape after the header and the byte limit are checked (so a 2-D shape of
// a readable dtype) and before any data is read; what it throws goes to the caller unchanged.
// `window` bounds what is kept and what is read (`max_bytes` then applies only when the window holds
// the whole table).
LoadedTable load_position_table(const std::filesystem::path& path, std::string_view tensor = {},
                                std::uint64_t max_bytes = default_max_table_bytes,
                                const TableShapeCheck& check_shape = {}, const TableWindow& window = {});

// The same for a whole file already in memory; `path` decides the type and names it in messages.
LoadedTable decode_position_table(std::string_view bytes, const std::filesystem::path& path,
                                  std::string_view tensor = {}, const TableShapeCheck& check_shape = {});

// Every tensor of the file, sorted by name (.npy: one entry with an empty name). Reads only the
// header of either file type (a .npy file may be at most `max_bytes` long). For an hf: name, the
// tensors of the checkpoint file that holds the model's position table.
std::vector<TensorInfo> list_table_tensors(const std::filesystem::path& path,
                                           std::uint64_t max_bytes = default_max_table_bytes);

// Names under which models store their learned position table, most specific first:
// wpe.weight and transformer.wpe.weight (GPT-2, GPT-Neo, nanoGPT), embeddings.position_embeddings.weight
// (BERT, RoBERTa, DistilBERT, ELECTRA: "bert." etc. in front), model.decoder.embed_positions.weight
// (OPT, BART), embeddings.position_embedding.weight (CLIP), embeddings.position_embeddings (Hugging
// Face ViT/DeiT, [1, N, D]) and pos_embed (timm ViT/DeiT, [1, N, D]), and a few shorter forms.
std::span<const std::string_view> usual_position_tensor_names();

// Rules 1-4 above applied to a file's tensors: the chosen name, or pelab::Error (message starting
// with `name_for_messages`) when no tensor, or more than one, qualifies.
std::string pick_position_tensor(const std::vector<TensorInfo>& tensors, std::string_view name_for_messages);

}  // namespace pelab
