// load_position_table: choosing the tensor of a checkpoint, file types by extension and content,
// the read limit, and GPT-2's real position table as .npy, F32 .safetensors and BF16 .safetensors.
#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "pelab/io/atomic_file.hpp"
#include "pelab/io/npy.hpp"
#include "pelab/io/safetensors.hpp"
#include "pelab/io/table_file.hpp"
#include "safetensors_bytes.hpp"
#include "temp_dir.hpp"

using namespace pelab::test;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// A file of F32 tensors of the given names and shapes (values 0, 1, 2, ... per tensor).
std::string checkpoint(const std::vector<std::pair<std::string, std::vector<std::int64_t>>>& tensors,
                       const std::string& dtype = "F32") {
  std::string header = "{";
  std::string data;
  for (const auto& [name, shape] : tensors) {
    std::int64_t count = 1;
    for (std::int64_t d : shape) count *= d;
    const std::uint64_t begin = data.size();
    for (std::int64_t i = 0; i < count; ++i) {
      if (dtype == "F32") data += f32s({static_cast<float>(i)});
      if (dtype == "I64") data += i64s({i});
    }
    if (header.size() > 1) header += ", ";
    header += entry(name, dtype, pelab::shape_text(shape), begin, data.size());
  }
  return safetensors_bytes(header + "}", data);
}

std::string picked(const std::string& bytes) {
  return pelab::decode_position_table(bytes, "model.safetensors").tensor;
}

std::string refusal(const std::string& bytes) {
  try {
    pelab::decode_position_table(bytes, "model.safetensors");
  } catch (const pelab::Error& e) {
    return e.what();
  }
  return "";
}

// An I64 tensor under GPT-2's usual name beside an F32 table.
std::string mixed_dtypes() {
  const std::string header = std::string("{") + entry("wpe.weight", "I64", "[2, 2]", 0, 32) + ", " +
                             entry("table", "F32", "[2, 2]", 32, 48) + "}";
  return safetensors_bytes(header, i64s({1, 2, 3, 4}) + f32s({1, 2, 3, 4}));
}

// bfloat16 from float by rounding to nearest, ties to even (no NaN in the tables used here).
std::uint16_t bfloat16_bits(float value) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  return static_cast<std::uint16_t>((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
}

// Loads windows of a 700 x 500 table file: the first rows at full width, narrower ones, 1 x 1 and one
// larger than the table; each must equal that corner of `values`, with the stored shape reported.
void check_windows_of_700_by_500(const std::filesystem::path& path, const pelab::Matrix& values) {
  for (const pelab::TableWindow window :
       {pelab::TableWindow{300, 500}, pelab::TableWindow{700, 123}, pelab::TableWindow{299, 401},
        pelab::TableWindow{1, 1}, pelab::TableWindow{100000, 4800}}) {
    INFO("window " << window.rows << " x " << window.cols);
    const pelab::LoadedTable part =
        pelab::load_position_table(path, {}, pelab::default_max_table_bytes, {}, window);
    const Eigen::Index r = std::min<Eigen::Index>(window.rows, 700),
                       c = std::min<Eigen::Index>(window.cols, 500);
    CHECK(part.values == pelab::Matrix(values.topLeftCorner(r, c)));
    CHECK(part.stored_rows == 700);
    CHECK(part.stored_cols == 500);
    CHECK_THAT(part.description, Contains("700 × 500"));
  }
}

const std::filesystem::path gpt2_npy = PELAB_GPT2_WPE_NPY;

}  // namespace

TEST_CASE("table file: the usual names", "[io][table]") {
  const auto names = pelab::usual_position_tensor_names();
  REQUIRE(names.size() >= 10);
  CHECK(names[0] == "wpe.weight");
  for (std::string_view expected : {"transformer.wpe.weight", "embeddings.position_embeddings.weight",
                                    "model.decoder.embed_positions.weight", "embeddings.position_embeddings",
                                    "pos_embed", "embeddings.position_embedding.weight"}) {
    INFO(expected);
    CHECK(std::find(names.begin(), names.end(), expected) != names.end());
  }
}

TEST_CASE("table file: picking the tensor of a checkpoint", "[io][table]") {
  // GPT-2: wpe.weight beside the (bigger) token table.
  CHECK(picked(checkpoint({{"wte.weight", {10, 4}}, {"wpe.weight", {6, 4}}, {"ln_f.bias", {4}}})) ==
        "wpe.weight");
  CHECK(picked(checkpoint({{"transformer.wte.weight", {10, 4}}, {"transformer.wpe.weight", {6, 4}}})) ==
        "transformer.wpe.weight");
  // An exact usual name wins over a longer name ending in an earlier usual name.
  CHECK(picked(checkpoint({{"bert.embeddings.position_embeddings.weight", {5, 4}},
                           {"position_embeddings.weight", {3, 4}}})) == "position_embeddings.weight");
  // BERT for a task: names ending in a usual name; position_ids ([1, 512] int64) is not a table.
  const std::string bert = checkpoint({{"bert.embeddings.word_embeddings.weight", {9, 4}},
                                       {"bert.embeddings.position_embeddings.weight", {5, 4}},
                                       {"bert.embeddings.token_type_embeddings.weight", {2, 4}}});
  CHECK(picked(bert) == "bert.embeddings.position_embeddings.weight");
  // OPT's decoder (two reserved rows included: the table is returned as stored).
  const pelab::LoadedTable opt =
      pelab::decode_position_table(checkpoint({{"model.decoder.embed_tokens.weight", {9, 4}},
                                               {"model.decoder.embed_positions.weight", {7, 4}}}),
                                   "opt.safetensors");
  CHECK(opt.tensor == "model.decoder.embed_positions.weight");
  CHECK(opt.values.rows() == 7);
  // Hugging Face ViT keeps [1, N, D]: squeezed to N x D.
  const pelab::LoadedTable vit =
      pelab::decode_position_table(checkpoint({{"vit.embeddings.cls_token", {1, 1, 4}},
                                               {"vit.embeddings.position_embeddings", {1, 5, 4}}}),
                                   "dir/vit.safetensors");
  CHECK(vit.tensor == "vit.embeddings.position_embeddings");
  CHECK(vit.values.rows() == 5);
  CHECK(vit.values.cols() == 4);
  CHECK(vit.values(1, 0) == 4.0);  // C order, values 0, 1, 2, ...
  CHECK(vit.description ==
        "vit.safetensors: vit.embeddings.position_embeddings (F32, 5 \u00d7 4, stored as [1, 5, 4])");
  CHECK(vit.tensors_2d.size() == 2);  // cls_token [1, 1, 4] is table-shaped too
  // timm: pos_embed.
  CHECK(picked(checkpoint(
            {{"cls_token", {1, 1, 4}}, {"pos_embed", {1, 3, 4}}, {"patch_embed.proj.bias", {4}}})) ==
        "pos_embed");
  // The only 2-D tensor of a readable dtype.
  CHECK(picked(checkpoint({{"encoder.table", {4, 2}}, {"bias", {2}}})) == "encoder.table");
  CHECK(picked(mixed_dtypes()) == "table");  // an I64 "wpe.weight" cannot be the table
  // A usual name only counts as a whole dotted component: "xpos_embed" is not "pos_embed".
  CHECK_THAT(refusal(checkpoint({{"xpos_embed", {3, 4}}, {"other", {3, 4}}})),
             StartsWith("model.safetensors: cannot tell which tensor is the position table") &&
                 Contains("'other' (F32, [3, 4]), 'xpos_embed' (F32, [3, 4])"));
  // CLIP has two: ambiguous.
  CHECK_THAT(
      refusal(checkpoint({{"text_model.embeddings.position_embedding.weight", {7, 4}},
                          {"vision_model.embeddings.position_embedding.weight", {5, 4}}})),
      Contains("2 tensors could be the position table ('text_model.embeddings.position_embedding.weight' "
               "(F32, [7, 4]), 'vision_model.embeddings.position_embedding.weight' (F32, [5, 4])); name "
               "the one to use"));
  // Naming a tensor overrides the rules; the list for a UI has every table-shaped tensor.
  const pelab::LoadedTable wte =
      pelab::decode_position_table(checkpoint({{"wte.weight", {10, 4}}, {"wpe.weight", {6, 4}}, {"b", {4}}}),
                                   "gpt2.safetensors", "wte.weight");
  CHECK(wte.tensor == "wte.weight");
  CHECK(wte.values.rows() == 10);
  CHECK(wte.dtype == "F32");
  REQUIRE(wte.tensors_2d.size() == 2);
  CHECK(wte.tensors_2d[0].name == "wpe.weight");
  CHECK(wte.tensors_2d[1].name == "wte.weight");
  CHECK(wte.description == "gpt2.safetensors: wte.weight (F32, 10 \u00d7 4)");
}

TEST_CASE("table file: types by extension and by content", "[io][table]") {
  TempDir dir;
  const std::string st = checkpoint({{"wpe.weight", {3, 2}}});
  pelab::Matrix m(2, 2);
  m << 1, 2, 3, 4;
  const std::int64_t shape[2] = {2, 2};
  const std::string npy = pelab::npy_encode(std::span<const double>(m.data(), 4), shape);

  pelab::write_file_atomic(dir.path / "UPPER.SafeTensors", st);
  pelab::write_file_atomic(dir.path / "model.bin", st);
  pelab::write_file_atomic(dir.path / "table.dat", npy);
  pelab::write_file_atomic(dir.path / "table.NPY", npy);
  pelab::write_file_atomic(dir.path / "notes.txt", "hello, this is not a table at all");
  pelab::write_file_atomic(dir.path / "npy_named.safetensors", npy);

  CHECK(pelab::load_position_table(dir.path / "UPPER.SafeTensors").tensor == "wpe.weight");
  CHECK(pelab::load_position_table(dir.path / "model.bin").values.rows() == 3);
  const pelab::LoadedTable dat = pelab::load_position_table(dir.path / "table.dat");
  CHECK(dat.values == m);
  CHECK(dat.tensor.empty());
  CHECK(dat.dtype == "F64");
  CHECK(dat.description == "table.dat (F64, 2 \u00d7 2)");
  CHECK(pelab::load_position_table(dir.path / "table.NPY").values == m);

  const std::string notes = (dir.path / "notes.txt").string();
  CHECK_THROWS_WITH(pelab::load_position_table(dir.path / "notes.txt"),
                    StartsWith(notes + ": not a table file pelab knows"));
  // The extension decides: a .npy named .safetensors is refused as a bad checkpoint.
  CHECK_THROWS_WITH(pelab::load_position_table(dir.path / "npy_named.safetensors"),
                    StartsWith((dir.path / "npy_named.safetensors").string() + ": "));
  // A tensor name for a .npy file is an error.
  CHECK_THROWS_WITH(pelab::load_position_table(dir.path / "table.NPY", "wpe.weight"),
                    Contains("a .npy file holds one unnamed array, so there is no tensor 'wpe.weight'"));
  // Missing files and directories: the message starts with the path.
  const std::string missing = (dir.path / "missing.safetensors").string();
  CHECK_THROWS_WITH(pelab::load_position_table(missing), missing + ": cannot read: the file does not exist");
  CHECK_THROWS_WITH(pelab::load_position_table(dir.path),
                    dir.path.string() + ": cannot read: it is a directory, not a file");

  // Listing without loading.
  const std::vector<pelab::TensorInfo> listed = pelab::list_table_tensors(dir.path / "UPPER.SafeTensors");
  REQUIRE(listed.size() == 1);
  CHECK(listed[0].name == "wpe.weight");
  CHECK(listed[0].shape == std::vector<std::int64_t>{3, 2});
  const std::vector<pelab::TensorInfo> npy_listed = pelab::list_table_tensors(dir.path / "table.dat");
  REQUIRE(npy_listed.size() == 1);
  CHECK(npy_listed[0].name.empty());
  CHECK(npy_listed[0].dtype == "F64");
  CHECK(npy_listed[0].shape == std::vector<std::int64_t>{2, 2});
  // A .npy must be 2-D: a [1, N, D] array is not squeezed (only checkpoint tensors are).
  const std::int64_t cube_shape[3] = {1, 2, 2};
  pelab::write_file_atomic(dir.path / "cube.npy",
                           pelab::npy_encode(std::span<const double>(m.data(), 4), cube_shape));
  CHECK_THROWS_WITH(pelab::load_position_table(dir.path / "cube.npy"), Contains("has 3 dimensions"));
}

TEST_CASE("table file: only the header and the chosen tensor are read", "[io][table]") {
  TempDir dir;
  // A 1000 x 64 token table (256 000 bytes) and a 4 x 64 position table (1 024 bytes).
  const std::string bytes = checkpoint({{"wte.weight", {1000, 64}}, {"wpe.weight", {4, 64}}});
  const std::filesystem::path path = dir.path / "big.safetensors";
  pelab::write_file_atomic(path, bytes);
  const std::uint64_t header = bytes.size() - 4 * 1000 * 64 - 4 * 4 * 64;
  const pelab::LoadedTable small = pelab::load_position_table(path, {}, header + 1024);
  CHECK(small.values.rows() == 4);
  CHECK(small.values(3, 63) == 255.0);
  CHECK_THROWS_WITH(pelab::load_position_table(path, {}, header + 1023),
                    path.string() + ": tensor 'wpe.weight' is 1024 bytes (plus a " + std::to_string(header) +
                        "-byte header), above the limit of " + std::to_string(header + 1023) + " bytes");
  CHECK_THROWS_WITH(pelab::load_position_table(path, "wte.weight", 100000),
                    Contains("above the limit of 100000 bytes"));
  CHECK_THROWS_WITH(pelab::load_position_table(path, {}, 10), Contains("the .safetensors header is"));
  CHECK(pelab::list_table_tensors(path, header).size() == 2);
  // A .npy is read whole, so its size counts.
  pelab::write_file_atomic(
      dir.path / "t.npy",
      pelab::npy_encode(std::span<const double>(small.values.data(), 256), std::vector<std::int64_t>{4, 64}));
  CHECK_THROWS_WITH(pelab::load_position_table(dir.path / "t.npy", {}, 1000),
                    Contains("t.npy: the file is 2176 bytes, above the limit of 1000 bytes"));
}

TEST_CASE("table file: GPT-2's real wpe table as .npy", "[io][table][gpt2]") {
  INFO("GPT-2 table expected at " << gpt2_npy.string() << " (assets/presets in the repository)");
  REQUIRE(std::filesystem::exists(gpt2_npy));
  const pelab::LoadedTable table = pelab::load_position_table(gpt2_npy);
  REQUIRE(table.values.rows() == 64);
  REQUIRE(table.values.cols() == 768);
  CHECK(table.dtype == "F32");
  CHECK(table.description == "gpt2_wpe_64x768.npy (F32, 64 \u00d7 768)");
  // assets/presets/README.md: row 0 starts -0.01882072, -0.1974186, 0.00402672.
  CHECK_THAT(table.values(0, 0), Catch::Matchers::WithinAbs(-0.01882072, 5e-9));
  CHECK_THAT(table.values(0, 1), Catch::Matchers::WithinAbs(-0.1974186, 5e-8));
  CHECK_THAT(table.values(0, 2), Catch::Matchers::WithinAbs(0.00402672, 5e-9));
  // Row 0's norm is 9.8756, about twice that of every other row (GPT-2's first position is special).
  const double first = table.values.row(0).norm();
  CHECK_THAT(first, Catch::Matchers::WithinAbs(9.8756, 1e-3));
  for (Eigen::Index p = 1; p < 64; ++p) {
    INFO("row " << p);
    CHECK(first > 1.8 * table.values.row(p).norm());
  }
}

TEST_CASE("table file: GPT-2's table through .safetensors (F32 exact, BF16 within rounding)",
          "[io][table][gpt2]") {
  REQUIRE(std::filesystem::exists(gpt2_npy));
  const pelab::Matrix table = pelab::load_position_table(gpt2_npy).values;
  TempDir dir;

  // F32 through the encoder, beside a decoy token table: wpe.weight is chosen and identical.
  const pelab::Matrix decoy = pelab::Matrix::Constant(100, 768, 0.5);
  const std::filesystem::path f32 = dir.path / "gpt2.safetensors";
  pelab::write_file_atomic(f32,
                           pelab::safetensors_encode({{"wte.weight", decoy}, {"wpe.weight", table}}, "F32"));
  const pelab::LoadedTable loaded = pelab::load_position_table(f32);
  CHECK(loaded.tensor == "wpe.weight");
  CHECK(loaded.dtype == "F32");
  CHECK(loaded.values == table);
  CHECK(loaded.description == "gpt2.safetensors: wpe.weight (F32, 64 \u00d7 768)");

  // BF16, rounded to nearest even by hand: each value within half a bfloat16 step (2^-8 relative).
  std::string data;
  for (Eigen::Index i = 0; i < table.size(); ++i)
    data += u16s({bfloat16_bits(static_cast<float>(table.data()[i]))});
  const std::filesystem::path bf16 = dir.path / "gpt2_bf16.safetensors";
  pelab::write_file_atomic(
      bf16, safetensors_bytes(
                std::string("{") + entry("transformer.wpe.weight", "BF16", "[64, 768]", 0, data.size()) + "}",
                data));
  const pelab::LoadedTable rounded = pelab::load_position_table(bf16);
  CHECK(rounded.tensor == "transformer.wpe.weight");
  CHECK(rounded.dtype == "BF16");
  REQUIRE(rounded.values.rows() == 64);
  REQUIRE(rounded.values.cols() == 768);
  double worst = 0.0;
  for (Eigen::Index i = 0; i < table.size(); ++i) {
    const double exact = table.data()[i];
    if (exact != 0.0) worst = std::max(worst, std::abs(rounded.values.data()[i] - exact) / std::abs(exact));
  }
  CHECK(worst <= std::ldexp(1.0, -8));
  CHECK(worst > 0.0);                              // it did round
  CHECK(rounded.values(0, 0) == -0.018798828125);  // -0.01882072 in bfloat16: 0xBC9A
}

TEST_CASE("table file: the shape check runs after the header and before any data is read", "[io][table]") {
  TempDir dir;
  // 100000 x 4800 float32 promised, 16 bytes of data present: reading the data would fail as truncated.
  const std::int64_t shape[2] = {100000, 4800};
  const std::filesystem::path path = dir.path / "short.npy";
  pelab::write_file_atomic(
      path, pelab::npy_encode_header(pelab::NpyDtype::float32, shape, 480000000) + std::string(16, '\0'));
  std::vector<std::string> seen;
  const pelab::TableShapeCheck refuse = [&](std::int64_t rows, std::int64_t cols, std::string_view tensor) {
    seen.push_back(std::to_string(rows) + " x " + std::to_string(cols) + " '" + std::string(tensor) + "'");
    throw std::runtime_error("too many positions");
  };
  CHECK_THROWS_WITH(pelab::load_position_table(path, {}, pelab::default_max_table_bytes, refuse),
                    "too many positions");
  CHECK(seen == std::vector<std::string>{"100000 x 4800 ''"});
  // Without the check the same file is refused for what it lacks.
  CHECK_THROWS_WITH(pelab::load_position_table(path),
                    path.string() +
                        ": .npy data is truncated: shape (100000, 4800) needs 1920000000 bytes "
                        "but the file has 16");
  // A checkpoint's tensor is checked the same way, with its name.
  const std::string bytes = checkpoint({{"wte.weight", {10, 3}}, {"wpe.weight", {4, 2}}});
  seen.clear();
  CHECK_THROWS_WITH(pelab::decode_position_table(bytes, "m.safetensors", {}, refuse), "too many positions");
  CHECK(seen == std::vector<std::string>{"4 x 2 'wpe.weight'"});
  // A check that accepts changes nothing.
  const pelab::LoadedTable table = pelab::decode_position_table(
      bytes, "m.safetensors", {}, [](std::int64_t, std::int64_t, std::string_view) {});
  CHECK(table.values(3, 1) == 7.0);
}

TEST_CASE("table file: every dtype and order read from a file equals the in-memory decoder", "[io][table]") {
  TempDir dir;
  // 700 x 500 values: 1.4 MB as float32, more than the 1 MiB pieces non-float64 data is read in, so
  // a piece boundary falls inside a row.
  const std::int64_t rows = 700, cols = 500;
  pelab::Matrix values(rows, cols);
  for (Eigen::Index i = 0; i < values.size(); ++i)
    values.data()[i] = static_cast<double>((i * 7919) % 100003) - 50000.0;
  const std::int64_t shape[2] = {rows, cols};
  const auto count = static_cast<std::size_t>(rows * cols);
  std::vector<float> f32(values.data(), values.data() + count);
  std::vector<std::int64_t> i64(count);
  for (std::size_t i = 0; i < count; ++i) i64[i] = static_cast<std::int64_t>(values.data()[i]);
  std::string i32 = pelab::npy_encode_header(pelab::NpyDtype::int32, shape, count);
  for (std::int64_t v : i64) {
    const auto bits = static_cast<std::uint32_t>(static_cast<std::int32_t>(v));
    for (int b = 0; b < 4; ++b) i32 += static_cast<char>((bits >> (8 * b)) & 0xff);
  }
  // Fortran order: the transpose's bytes under a header saying so.
  const pelab::Matrix transposed = values.transpose();
  std::string fortran = pelab::npy_encode(std::span<const double>(transposed.data(), count),
                                          std::vector<std::int64_t>{rows, cols});
  const std::string from = "'fortran_order': False";
  fortran.replace(fortran.find(from), from.size(), "'fortran_order': True ");
  const std::vector<std::pair<std::string, std::string>> files = {
      {"f8.npy", pelab::npy_encode(std::span<const double>(values.data(), count), shape)},
      {"f4.npy", pelab::npy_encode(std::span<const float>(f32), shape)},
      {"i8.npy", pelab::npy_encode(std::span<const std::int64_t>(i64), shape)},
      {"i4.npy", i32},
      {"fortran.npy", fortran}};
  for (const auto& [name, bytes] : files) {
    INFO(name);
    pelab::write_file_atomic(dir.path / name, bytes);
    const pelab::LoadedTable table = pelab::load_position_table(dir.path / name);
    REQUIRE(table.values.rows() == rows);
    REQUIRE(table.values.cols() == cols);
    // Every value is an integer below 2^24, so each dtype holds it exactly.
    CHECK(table.values == values);
    CHECK(pelab::npy_decode_matrix(bytes, name) == values);
    CHECK(pelab::npy_to_matrix(pelab::npy_decode(bytes, name), name) == values);
    // Windows: the first rows at full width (one run), narrower ones (one run per row, or per column
    // of a Fortran-order file), one larger than the table (the whole table).
    check_windows_of_700_by_500(dir.path / name, values);
  }
}

namespace {

// The largest resident set this process has had so far, in MiB (Linux; 0 elsewhere).
double table_file_peak_rss_mib() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::atof(line.c_str() + 6) / 1024.0;
  return 0.0;
}

// The sparse 100000 x 4800 float32 table of the window tests (1.92 GB): `path` holds the file's header
// and its data starts at `data_start`. Makes the file full size with holes (no disk blocks) but for
// rows 0, 1 and 16383, which get r * 10000 + c + 0.5, then loads the app's window, the first 16384 x
// 4096 (512 MiB of doubles; the whole table is 3.84 GB of doubles), and checks its values, its holes,
// the time and the peak memory. Returns the table for the caller's checks of its description.
pelab::LoadedTable load_window_of_sparse_table(const std::filesystem::path& path, std::uint64_t data_start) {
  const std::int64_t rows = 100000, cols = 4800;
  std::filesystem::resize_file(path, data_start + static_cast<std::uint64_t>(rows * cols) * 4);
  const auto value = [](std::int64_t r, std::int64_t c) { return static_cast<float>(r * 10000 + c) + 0.5f; };
  {
    std::fstream out(path, std::ios::in | std::ios::out | std::ios::binary);
    for (const std::int64_t r : {std::int64_t{0}, std::int64_t{1}, std::int64_t{16383}}) {
      std::string row;
      for (std::int64_t c = 0; c < cols; ++c) row += f32s({value(r, c)});
      out.seekp(static_cast<std::streamoff>(data_start + static_cast<std::uint64_t>(r * cols) * 4));
      out.write(row.data(), static_cast<std::streamsize>(row.size()));
    }
    REQUIRE(out.good());
  }
  const auto start = std::chrono::steady_clock::now();
  pelab::LoadedTable table = pelab::load_position_table(path, {}, pelab::default_max_table_bytes, {},
                                                        pelab::TableWindow{16384, 4096});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  REQUIRE(table.values.rows() == 16384);
  REQUIRE(table.values.cols() == 4096);
  CHECK(table.stored_rows == rows);
  CHECK(table.stored_cols == cols);
  for (const std::int64_t r : {std::int64_t{0}, std::int64_t{1}, std::int64_t{16383}}) {
    for (const std::int64_t c : {std::int64_t{0}, std::int64_t{1}, std::int64_t{2047}, std::int64_t{4095}}) {
      INFO("row " << r << ", column " << c);
      CHECK(table.values(r, c) == static_cast<double>(value(r, c)));
    }
  }
  CHECK(table.values.row(2).isZero());  // a hole reads as zeros
  CHECK(table.values.row(16382).isZero());
  CHECK(seconds < 10.0);  // idle: about a second; read whole, 10-11 s (.npy) and 29.8 s (.safetensors)
  CHECK(table_file_peak_rss_mib() < 1024.0);  // the window's 512 MiB and little more (5.5 GB read whole)
  return table;
}

}  // namespace

TEST_CASE("table file: a window of a 1.92 GB table reads only its rows and columns", "[io][table]") {
  TempDir dir;
  const std::int64_t shape[2] = {100000, 4800};
  const std::string header = pelab::npy_encode_header(pelab::NpyDtype::float32, shape, 100000 * 4800);
  const std::filesystem::path path = dir.path / "sparse.npy";
  pelab::write_file_atomic(path, header);
  const pelab::LoadedTable table = load_window_of_sparse_table(path, header.size());
  CHECK_THAT(table.description, Contains("100000 × 4800"));
}

namespace {

// IEEE binary16 bits of an integer of magnitude below 2048 (exact there), by hand: sign, the exponent
// of the leading bit biased by 15, the 10 bits below it.
std::uint16_t half_bits_of_integer(int value) {
  if (value == 0) return 0;
  const unsigned magnitude = static_cast<unsigned>(value < 0 ? -value : value);
  const int exponent = std::bit_width(magnitude) - 1;
  const unsigned fraction = ((magnitude << 10) >> exponent) & 0x3ffu;
  return static_cast<std::uint16_t>((value < 0 ? 0x8000u : 0u) | static_cast<unsigned>(exponent + 15) << 10 |
                                    fraction);
}

}  // namespace

TEST_CASE("table file: a window of a .safetensors tensor equals the corner of the whole", "[io][table]") {
  TempDir dir;
  // 700 x 500 integers in [-100, 100]: exact in F64, F32, F16 and BF16 alike.
  const std::int64_t rows = 700, cols = 500;
  pelab::Matrix values(rows, cols);
  for (Eigen::Index r = 0; r < rows; ++r)
    for (Eigen::Index c = 0; c < cols; ++c) values(r, c) = static_cast<double>((r * 7 + c * 3) % 201 - 100);
  std::string f64, f32, f16, bf16;
  for (Eigen::Index i = 0; i < values.size(); ++i) {
    const double v = values.data()[i];  // row-major: the tensor's own order
    f64 += f64s({v});
    f32 += f32s({static_cast<float>(v)});
    f16 += u16s({half_bits_of_integer(static_cast<int>(v))});
    bf16 += u16s({bfloat16_bits(static_cast<float>(v))});
  }
  const auto file = [](const std::string& dtype, const std::string& shape, const std::string& data) {
    // A decoy tensor first, so the table's data does not start at the data section's start.
    const std::string decoy = f32s({1.0f, 2.0f, 3.0f, 4.0f});
    return safetensors_bytes(std::string("{") + entry("decoy", "F32", "[2, 2]", 0, 16) + ", " +
                                 entry("wpe.weight", dtype, shape, 16, 16 + data.size()) + "}",
                             decoy + data);
  };
  const std::vector<std::pair<std::string, std::string>> files = {
      {"f64.safetensors", file("F64", "[700, 500]", f64)},
      {"f32.safetensors", file("F32", "[700, 500]", f32)},
      {"f16.safetensors", file("F16", "[700, 500]", f16)},
      {"bf16.safetensors", file("BF16", "[700, 500]", bf16)},
      {"vit.safetensors", file("F32", "[1, 700, 500]", f32)}};
  for (const auto& [name, bytes] : files) {
    INFO(name);
    pelab::write_file_atomic(dir.path / name, bytes);
    REQUIRE(pelab::load_position_table(dir.path / name).values == values);
    check_windows_of_700_by_500(dir.path / name, values);
    CHECK(pelab::load_position_table(dir.path / name).tensor == "wpe.weight");
  }
  // The byte cap applies to a tensor read whole (2.8 MB of F64 over a 1 MiB cap) and not to a window
  // that reads 10 x 10 of it.
  const std::filesystem::path f64_path = dir.path / "f64.safetensors";
  CHECK_THROWS_WITH(pelab::load_position_table(f64_path, {}, std::uint64_t{1} << 20),
                    Contains("wpe.weight") && Contains("2800000"));
  CHECK(pelab::load_position_table(f64_path, {}, std::uint64_t{1} << 20, {}, pelab::TableWindow{10, 10})
            .values == pelab::Matrix(values.topLeftCorner(10, 10)));
}

TEST_CASE("table file: a window of a 1.92 GB .safetensors tensor reads only its rows and columns",
          "[io][table]") {
  TempDir dir;
  const std::string header =
      std::string("{") + entry("wpe.weight", "F32", "[100000, 4800]", 0, std::uint64_t{100000} * 4800 * 4) +
      "}";
  const std::filesystem::path path = dir.path / "sparse.safetensors";
  pelab::write_file_atomic(path, safetensors_bytes(header, ""));
  const pelab::LoadedTable table = load_window_of_sparse_table(path, 8 + header.size());
  CHECK(table.description == "sparse.safetensors: wpe.weight (F32, 100000 × 4800)");
}

TEST_CASE("table file: float16 and bfloat16 .npy tables load as their .safetensors twins do", "[io][table]") {
  const TempDir dir;
  // One 2 x 3 table, as '<f2' and as 'bfloat16' .npy files and as F16 / BF16 tensors: the same
  // values, -1.5, 0.25, 3, 1024, -0.125, 0 (exact in both formats).
  const std::string f16 = u16s({0xBE00, 0x3400, 0x4200, 0x6400, 0xB000, 0x0000});
  const std::string bf16 = u16s({0xBFC0, 0x3E80, 0x4040, 0x4480, 0xBE00, 0x0000});
  const auto npy = [](const std::string& descr, const std::string& data) {
    std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (2, 3), }";
    while ((10 + header.size() + 1) % 64 != 0) header += ' ';
    header += '\n';
    std::string bytes = std::string("\x93NUMPY\x01\x00", 8);
    bytes.push_back(static_cast<char>(header.size()));
    bytes.push_back('\0');
    return bytes + header + data;
  };
  const std::vector<double> expected{-1.5, 0.25, 3.0, 1024.0, -0.125, 0.0};
  for (const auto& [file, bytes] :
       {std::pair<std::string, std::string>{"f16.npy", npy("<f2", f16)},
        {"bf16.npy", npy("bfloat16", bf16)},
        {"f16.safetensors", safetensors_bytes("{" + entry("t", "F16", "[2, 3]", 0, 12) + "}", f16)},
        {"bf16.safetensors", safetensors_bytes("{" + entry("t", "BF16", "[2, 3]", 0, 12) + "}", bf16)}}) {
    INFO(file);
    pelab::write_file_atomic(dir.path / file, bytes);
    const pelab::LoadedTable table = pelab::load_position_table(dir.path / file);
    REQUIRE(table.values.rows() == 2);
    REQUIRE(table.values.cols() == 3);
    CHECK(std::vector<double>(table.values.data(), table.values.data() + 6) == expected);
    CHECK(table.dtype == (file.starts_with("f16") ? "F16" : "BF16"));
    // A window reads through the piece-by-piece path.
    const pelab::LoadedTable part =
        pelab::load_position_table(dir.path / file, {}, pelab::default_max_table_bytes, {}, {2, 2});
    CHECK(part.values(1, 1) == -0.125);
  }
}
