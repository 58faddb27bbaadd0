// Fuzz-style robustness of the .safetensors reader: truncations, random byte flips and header
// mutations of valid files must either decode or throw pelab::Error, never crash, read out of
// bounds (run under ASan) or throw anything else.
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "mutate_text.hpp"
#include "pelab/io/safetensors.hpp"
#include "pelab/io/table_file.hpp"
#include "safetensors_bytes.hpp"

using namespace pelab::test;

namespace {

// Indexes the file, decodes every tensor that can be a table, and loads it as a position table.
// 0 = all of that worked, 1 = pelab::Error somewhere, 2 = anything else (a bug).
int safetensors_outcome(const std::string& bytes) {
  try {
    const std::vector<pelab::TensorInfo> index = pelab::safetensors_index(bytes, "fuzz.safetensors");
    for (const pelab::TensorInfo& info : index) {
      if (!pelab::table_dims(info.shape) || !pelab::safetensors_dtype_readable(info.dtype)) continue;
      const pelab::Matrix m = pelab::safetensors_matrix(bytes, info.name, "fuzz.safetensors");
      const auto dims = pelab::table_dims(info.shape);
      if (m.rows() != dims->first || m.cols() != dims->second) return 2;
    }
    pelab::decode_position_table(bytes, "fuzz.safetensors");
    return 0;
  } catch (const pelab::Error&) {
    return 1;
  } catch (...) {
    return 2;
  }
}

std::vector<std::string> safetensors_seed_files() {
  std::vector<std::string> seeds;
  // Hand-built: metadata, F16, BF16, F64 and an I64 1-D tensor.
  const std::string header =
      "{\"__metadata__\": {\"format\": \"pt\"}, " + entry("wpe.weight", "F16", "[2, 3]", 0, 12) + ", " +
      entry("b", "BF16", "[1, 1, 2]", 12, 16) + ", " + entry("d", "F64", "[1, 1]", 16, 24) + ", " +
      entry("ids", "I64", "[2]", 24, 40) + "}";
  seeds.push_back(safetensors_bytes(header, u16s({0x3C00, 0xC000, 0x0001, 0x8000, 0x7BFF, 0x3555}) +
                                                u16s({0x3F80, 0x4049}) + f64s({0.25}) + i64s({1, -1})));
  // Written by safetensors_encode.
  pelab::Matrix a(3, 2), b(2, 4);
  a << 1, -2, 0.5, 4, 1e-3, 6;
  b.setConstant(0.75);
  seeds.push_back(pelab::safetensors_encode({{"transformer.wpe.weight", a}, {"wte", b}}, "F32"));
  seeds.push_back(pelab::safetensors_encode({{"only", b}}, "F64"));
  return seeds;
}

std::uint64_t header_length(const std::string& bytes) {
  std::uint64_t n = 0;
  for (int i = 0; i < 8; ++i) n |= std::uint64_t{static_cast<unsigned char>(bytes[i])} << (8 * i);
  return n;
}

}  // namespace

TEST_CASE("safetensors fuzz: the seed files decode", "[io][safetensors][fuzz]") {
  for (const std::string& seed : safetensors_seed_files()) CHECK(safetensors_outcome(seed) == 0);
}

TEST_CASE("safetensors fuzz: every truncation throws pelab::Error", "[io][safetensors][fuzz]") {
  for (const std::string& seed : safetensors_seed_files()) {
    for (std::size_t length = 0; length < seed.size(); ++length) {
      INFO("length " << length);
      CHECK(safetensors_outcome(seed.substr(0, length)) ==
            1);  // the data no longer ends where the tensors do
    }
  }
}

TEST_CASE("safetensors fuzz: random byte flips decode or throw pelab::Error", "[io][safetensors][fuzz]") {
  std::mt19937 random(20240612u);
  int decoded = 0, refused = 0;
  for (const std::string& seed : safetensors_seed_files()) {
    for (int trial = 0; trial < 4000; ++trial) {
      const int result = safetensors_outcome(pelab::test::with_random_flips(seed, random));
      INFO("trial " << trial);
      REQUIRE(result != 2);
      (result == 0 ? decoded : refused)++;
    }
  }
  CHECK(decoded > 0);  // flips in the data section mostly leave a valid file
  CHECK(refused > 0);
}

TEST_CASE("safetensors fuzz: header text mutations decode or throw pelab::Error", "[io][safetensors][fuzz]") {
  // Mutations from the header's own alphabet reach the validator far more often than random bytes.
  const std::string alphabet = "{}[]\",: 0123456789-.eE+FIUBOLdtypeshapedata_offsets__metadata__\\u";
  std::mt19937 random(11u);
  int decoded = 0;
  for (const std::string& seed : safetensors_seed_files()) {
    const std::uint64_t n = header_length(seed);
    const std::string header = seed.substr(8, n);
    const std::string data = seed.substr(8 + n);
    for (int trial = 0; trial < 4000; ++trial) {
      const std::string mutated = pelab::test::mutate_text(header, alphabet, random);
      // Keep the length field consistent so the JSON and the validator, not the length check, see it.
      const int result = safetensors_outcome(safetensors_bytes(mutated, data));
      INFO("trial " << trial << ": " << mutated);
      REQUIRE(result != 2);
      decoded += result == 0 ? 1 : 0;
    }
  }
  CHECK(decoded > 0);  // e.g. edits inside padding or metadata strings
}
