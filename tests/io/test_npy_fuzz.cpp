// Fuzz-style robustness: truncations and random corruptions of valid .npy files must either
// decode or throw pelab::Error, never crash, read out of bounds (run under ASan) or throw
// anything else.
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "mutate_text.hpp"
#include "pelab/io/npy.hpp"

namespace {

// Decodes and reports: 0 = decoded, 1 = pelab::Error, 2 = anything else (a bug).
int npy_outcome(const std::string& bytes) {
  try {
    const pelab::NpyArray array = pelab::npy_decode(bytes, "fuzz.npy");
    std::size_t count = 1;
    for (std::int64_t dimension : array.shape) count *= static_cast<std::size_t>(dimension);
    return count == array.data.size() ? 0 : 2;
  } catch (const pelab::Error&) {
    return 1;
  } catch (...) {
    return 2;
  }
}

std::vector<std::string> npy_seed_files() {
  const std::vector<double> values{1.5, -2.0, 0.25, 1e300, -0.0, 3.0};
  const std::vector<float> floats{1.5f, -2.0f, 0.25f, 7.0f, -0.0f, 3.0f};
  const std::vector<std::int64_t> ints{1, -2, 3, 4, 5, 6};
  const std::vector<std::int64_t> shape2{2, 3}, shape3{1, 2, 3}, shape1{6};
  std::vector<std::string> seeds = {
      pelab::npy_encode(std::span<const double>(values), shape2),
      pelab::npy_encode(std::span<const float>(floats), shape3),
      pelab::npy_encode(std::span<const std::int64_t>(ints), shape1),
  };
  // A Fortran-order version 2.0 file written by hand.
  std::string header = "{'descr': '<f8', 'fortran_order': True, 'shape': (3, 2), }";
  header += std::string(64 - (12 + header.size() + 1) % 64, ' ') + "\n";
  std::string v2 = std::string("\x93NUMPY\x02\x00", 8);
  for (int i = 0; i < 4; ++i) v2 += static_cast<char>((header.size() >> (8 * i)) & 0xff);
  v2 += header;
  v2 += seeds[0].substr(seeds[0].size() - 48);
  seeds.push_back(v2);
  return seeds;
}

}  // namespace

TEST_CASE("npy fuzz: the seed files decode", "[io][npy][fuzz]") {
  for (const std::string& seed : npy_seed_files()) CHECK(npy_outcome(seed) == 0);
}

TEST_CASE("npy fuzz: every truncation decodes or throws pelab::Error", "[io][npy][fuzz]") {
  for (const std::string& seed : npy_seed_files()) {
    for (std::size_t length = 0; length < seed.size(); ++length) {
      INFO("length " << length);
      CHECK(npy_outcome(seed.substr(0, length)) == 1);  // a strict prefix is never a whole file
    }
  }
}

TEST_CASE("npy fuzz: random byte flips decode or throw pelab::Error", "[io][npy][fuzz]") {
  std::mt19937 random(20240611u);
  int decoded = 0, refused = 0;
  for (const std::string& seed : npy_seed_files()) {
    for (int trial = 0; trial < 4000; ++trial) {
      const int result = npy_outcome(pelab::test::with_random_flips(seed, random));
      INFO("trial " << trial);
      REQUIRE(result != 2);
      (result == 0 ? decoded : refused)++;
    }
  }
  CHECK(decoded > 0);
  CHECK(refused > 0);
}

TEST_CASE("npy fuzz: header text mutations decode or throw pelab::Error", "[io][npy][fuzz]") {
  // Mutations drawn from the header's own alphabet hit the parser much harder than random bytes.
  const std::string alphabet = "{}()[],:'\" \n\t0123456789-LTrueFalsedescrshapefortran_order<>|=fiucO";
  std::mt19937 random(7u);
  for (const std::string& seed : npy_seed_files()) {
    const bool version1 = seed[6] == 1;
    const std::size_t header_start = version1 ? 10 : 12;
    std::size_t header_length = 0;
    for (std::size_t i = 8; i < header_start; ++i)
      header_length |= std::size_t(std::uint8_t(seed[i])) << (8 * (i - 8));
    const std::string header = seed.substr(header_start, header_length);
    const std::string data = seed.substr(header_start + header_length);
    for (int trial = 0; trial < 4000; ++trial) {
      const std::string mutated = pelab::test::mutate_text(header, alphabet, random);
      // Keep the length field consistent so the parser, not the length check, sees the damage.
      std::string bytes = seed.substr(0, 8);
      for (std::size_t i = 0; i < header_start - 8; ++i)
        bytes += static_cast<char>((mutated.size() >> (8 * i)) & 0xff);
      bytes += mutated + data;
      INFO("trial " << trial);
      REQUIRE(npy_outcome(bytes) != 2);
    }
  }
}
