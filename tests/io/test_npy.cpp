// .npy encoding and decoding against hand-written bytes, round trips, and every malformed case.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "pelab/io/atomic_file.hpp"
#include "pelab/io/npy.hpp"
#include "temp_dir.hpp"

using Catch::Matchers::Contains;
using namespace std::string_literals;

namespace {

// Little-endian bytes of common values, written out by hand.
const std::string f8_one = "\x00\x00\x00\x00\x00\x00\xf0\x3f"s;        // 1.0
const std::string f8_minus_two = "\x00\x00\x00\x00\x00\x00\x00\xc0"s;  // -2.0
const std::string f8_half = "\x00\x00\x00\x00\x00\x00\xe0\x3f"s;       // 0.5
const std::string f8_nan = "\x00\x00\x00\x00\x00\x00\xf8\x7f"s;        // quiet NaN
const std::string f4_one = "\x00\x00\x80\x3f"s;                        // 1.0f
const std::string f4_minus_two_and_half = "\x00\x00\x20\xc0"s;         // -2.5f
std::string i8(unsigned char low, unsigned char fill = 0) {            // small int64 in one byte, sign-filled
  std::string bytes(8, static_cast<char>(fill));
  bytes[0] = static_cast<char>(low);
  return bytes;
}

// A version 1.0 file: magic, version, 2-byte little-endian header length, header, data.
std::string npy_v1(const std::string& header, const std::string& data) {
  return "\x93NUMPY\x01\x00"s + static_cast<char>(header.size() & 0xff) +
         static_cast<char>(header.size() >> 8) + header + data;
}

// A version 2.0 or 3.0 file with a 4-byte header length.
std::string npy_v2(char major, const std::string& header, const std::string& data) {
  std::string length(4, '\0');
  for (int i = 0; i < 4; ++i) length[std::size_t(i)] = static_cast<char>((header.size() >> (8 * i)) & 0xff);
  return "\x93NUMPY"s + major + '\x00' + length + header + data;
}

// A header dict for the given descr and shape text, padded to 16 bytes like old NumPy versions.
std::string dict(const std::string& descr, const std::string& shape, const std::string& fortran = "False") {
  std::string text = "{'descr': '" + descr + "', 'fortran_order': " + fortran + ", 'shape': " + shape + ", }";
  while ((10 + text.size() + 1) % 16 != 0) text += ' ';
  return text + "\n";
}

// "(1, 1, ..., 1)" with `count` dimensions.
std::string many_ones(int count) {
  std::string shape = "(";
  for (int i = 0; i < count; ++i) shape += "1, ";
  return shape + ")";
}

pelab::NpyArray decode(const std::string& bytes) { return pelab::npy_decode(bytes, "model.npy"); }

std::string error_of(const std::string& bytes) {
  try {
    decode(bytes);
  } catch (const pelab::Error& error) {
    return error.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("npy: a float64 vector is encoded exactly as numpy.save writes it", "[io][npy]") {
  const std::string expected = "\x93NUMPY\x01\x00\x76\x00"s +
                               "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }" +
                               std::string(60, ' ') + "\n" + f8_one + f8_minus_two;
  const std::vector<double> values{1.0, -2.0};
  const std::vector<std::int64_t> shape{2};
  const std::string encoded = pelab::npy_encode(std::span<const double>(values), shape);
  CHECK(encoded.size() == 144);
  CHECK(encoded == expected);
}

TEST_CASE("npy: int64, float32 and 0-d arrays are encoded exactly as numpy.save writes them", "[io][npy]") {
  const std::vector<std::int64_t> ints{1, 2, 3, -1, 0, 7};
  const std::vector<std::int64_t> shape23{2, 3};
  CHECK(pelab::npy_encode(std::span<const std::int64_t>(ints), shape23) ==
        "\x93NUMPY\x01\x00\x76\x00"s + "{'descr': '<i8', 'fortran_order': False, 'shape': (2, 3), }" +
            std::string(58, ' ') + "\n" + i8(1) + i8(2) + i8(3) + i8(0xff, 0xff) + i8(0) + i8(7));

  const std::vector<float> floats{1.0f, -2.5f};
  const std::vector<std::int64_t> shape12{1, 2};
  CHECK(pelab::npy_encode(std::span<const float>(floats), shape12) ==
        "\x93NUMPY\x01\x00\x76\x00"s + "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 2), }" +
            std::string(58, ' ') + "\n" + f4_one + f4_minus_two_and_half);

  const std::vector<double> scalar{0.5};
  CHECK(pelab::npy_encode(std::span<const double>(scalar), std::span<const std::int64_t>()) ==
        "\x93NUMPY\x01\x00\x76\x00"s + "{'descr': '<f8', 'fortran_order': False, 'shape': (), }" +
            std::string(62, ' ') + "\n" + f8_half);
}

TEST_CASE("npy: encoded data always starts at a multiple of 64 bytes and the header ends with a newline",
          "[io][npy]") {
  for (std::int64_t first : {0LL, 1LL, 9LL, 10LL, 12345678901LL}) {
    for (std::size_t rank = 1; rank <= 5; ++rank) {
      std::vector<std::int64_t> shape(rank, 1);
      shape[0] = first;
      std::vector<double> values(static_cast<std::size_t>(first == 12345678901LL ? 0 : first), 0.0);
      if (first == 12345678901LL) shape.back() = 0;
      const std::string encoded = pelab::npy_encode(std::span<const double>(values), shape);
      const std::size_t header_end =
          10 + (std::uint8_t(encoded[8]) | std::size_t(std::uint8_t(encoded[9])) << 8);
      CHECK(header_end % 64 == 0);
      CHECK(encoded[header_end - 1] == '\n');
      CHECK(encoded.size() == header_end + values.size() * 8);
    }
  }
}

TEST_CASE("npy: encoding refuses a shape that does not match the data", "[io][npy]") {
  const std::vector<double> values{1, 2, 3};
  const std::vector<std::int64_t> wrong{2, 2}, negative{-3}, ok{3};
  CHECK_THROWS_WITH(pelab::npy_encode(std::span<const double>(values), wrong), Contains("does not match"));
  CHECK_THROWS_WITH(pelab::npy_encode(std::span<const double>(values), negative), Contains("negative"));
  CHECK_NOTHROW(pelab::npy_encode(std::span<const double>(values), ok));
}

TEST_CASE("npy: hand-built files decode to the expected shape and values", "[io][npy]") {
  SECTION("float64 2x2 in a 16-byte aligned header (older NumPy)") {
    const auto array = decode(npy_v1(dict("<f8", "(2, 2)"), f8_one + f8_minus_two + f8_half + f8_nan));
    CHECK(array.dtype == pelab::NpyDtype::float64);
    CHECK(array.shape == std::vector<std::int64_t>{2, 2});
    REQUIRE(array.data.size() == 4);
    CHECK(array.data[0] == 1.0);
    CHECK(array.data[1] == -2.0);
    CHECK(array.data[2] == 0.5);
    CHECK(std::isnan(array.data[3]));
  }
  SECTION("float32 1-D") {
    const auto array = decode(npy_v1(dict("<f4", "(2,)"), f4_one + f4_minus_two_and_half));
    CHECK(array.dtype == pelab::NpyDtype::float32);
    CHECK(array.shape == std::vector<std::int64_t>{2});
    CHECK(array.data == std::vector<double>{1.0, -2.5});
  }
  SECTION("int64 with extremes") {
    const std::string min = "\x00\x00\x00\x00\x00\x00\x00\x80"s, max = "\xff\xff\xff\xff\xff\xff\xff\x7f"s;
    const auto array = decode(npy_v1(dict("<i8", "(1, 3)"), i8(0xff, 0xff) + min + max));
    CHECK(array.dtype == pelab::NpyDtype::int64);
    CHECK(array.data == std::vector<double>{-1.0, -9223372036854775808.0, 9223372036854775807.0});
  }
  SECTION("int32") {
    const auto array = decode(npy_v1(dict("<i4", "(2,)"), "\x05\x00\x00\x00\xfe\xff\xff\xff"s));
    CHECK(array.dtype == pelab::NpyDtype::int32);
    CHECK(array.data == std::vector<double>{5.0, -2.0});
  }
  SECTION("float16 ('<f2') in Fortran order, subnormal and largest finite included") {
    // IEEE half: 0x3C00 = 1, 0xC100 = -2.5, 0x0001 = 2^-24 (smallest subnormal), 0x7BFF = 65504.
    const auto array = decode(npy_v1(dict("<f2", "(2, 2)", "True"), "\x00\x3c\x00\xc1\x01\x00\xff\x7b"s));
    CHECK(array.dtype == pelab::NpyDtype::float16);
    // Stored column by column: column 0 = (1, -2.5), column 1 = (2^-24, 65504).
    CHECK(array.data == std::vector<double>{1.0, std::ldexp(1.0, -24), -2.5, 65504.0});
  }
  SECTION("bfloat16 under ml_dtypes' descr 'bfloat16'") {
    // bfloat16 is a float32's upper half: 0x3F80 = 1, 0xC020 = -2.5, 0x3C00 = 2^-7.
    const auto array = decode(npy_v1(dict("bfloat16", "(3,)"), "\x80\x3f\x20\xc0\x00\x3c"s));
    CHECK(array.dtype == pelab::NpyDtype::bfloat16);
    CHECK(array.data == std::vector<double>{1.0, -2.5, std::ldexp(1.0, -7)});
  }
  SECTION("keys in another order, double quotes, no trailing comma, Python 2 long suffix, tabs") {
    const std::string header = "{\"shape\": (1L,2L), \"fortran_order\":False,\t\"descr\":\"<f8\"}\n";
    const auto array = decode(npy_v1(header, f8_one + f8_half));
    CHECK(array.shape == std::vector<std::int64_t>{1, 2});
    CHECK(array.data == std::vector<double>{1.0, 0.5});
  }
  SECTION("'=' (native) byte order, as numpy.dtype('=f8') on a little-endian machine") {
    CHECK(decode(npy_v1(dict("=f8", "(1,)"), f8_one)).data == std::vector<double>{1.0});
  }
  SECTION("format 2.0 and 3.0 headers have a 4-byte length") {
    for (char major : {'\x02', '\x03'}) {
      const auto array = decode(npy_v2(major, dict("<f8", "(2,)"), f8_half + f8_minus_two));
      CHECK(array.data == std::vector<double>{0.5, -2.0});
    }
  }
  SECTION("64 dimensions (NumPy 2's limit)") {
    CHECK(decode(npy_v1(dict("<f8", many_ones(64)), f8_one)).shape.size() == 64);
  }
  SECTION("0-d and empty arrays") {
    const auto scalar = decode(npy_v1(dict("<f8", "()"), f8_half));
    CHECK(scalar.shape.empty());
    CHECK(scalar.data == std::vector<double>{0.5});
    const auto empty = decode(npy_v1(dict("<f8", "(0, 5)"), ""));
    CHECK(empty.shape == std::vector<std::int64_t>{0, 5});
    CHECK(empty.data.empty());
  }
}

TEST_CASE("npy: fortran_order True is converted to C order", "[io][npy]") {
  // The 2x3 matrix [[1, 2, 3], [4, 5, 6]] stored column by column: 1 4 2 5 3 6.
  std::string data;
  for (int v : {1, 4, 2, 5, 3, 6}) data += i8(static_cast<unsigned char>(v));
  const auto array = decode(npy_v1(dict("<i8", "(2, 3)", "True"), data));
  CHECK(array.shape == std::vector<std::int64_t>{2, 3});
  CHECK(array.data == std::vector<double>{1, 2, 3, 4, 5, 6});

  // 2x2x2 with value 100 i + 10 j + k stored with i fastest, then j, then k.
  std::string data3;
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 2; ++j)
      for (int i = 0; i < 2; ++i) data3 += i8(static_cast<unsigned char>(100 * i + 10 * j + k));
  const auto cube = decode(npy_v1(dict("<i8", "(2, 2, 2)", "True"), data3));
  CHECK(cube.data == std::vector<double>{0, 1, 10, 11, 100, 101, 110, 111});

  // 1-D Fortran order is the same as C order.
  CHECK(decode(npy_v1(dict("<f8", "(2,)", "True"), f8_one + f8_half)).data == std::vector<double>{1.0, 0.5});
}

TEST_CASE("npy: round trips of float64, float32 and int64 in 1, 2 and 3 dimensions", "[io][npy]") {
  pelab::test::TempDir dir;
  const std::vector<double> values{0.1,
                                   -0.0,
                                   1e-300,
                                   4.9406564584124654e-324,
                                   1.7976931348623157e308,
                                   std::numeric_limits<double>::infinity(),
                                   -1.0 / 3.0,
                                   42.0,
                                   6.5,
                                   -7.25,
                                   123456789.0,
                                   2.0,
                                   3.0,
                                   4.0,
                                   5.0,
                                   6.0,
                                   7.0,
                                   8.0,
                                   9.0,
                                   10.0,
                                   11.0,
                                   12.0,
                                   13.0,
                                   14.0};
  for (const std::vector<std::int64_t>& shape :
       {std::vector<std::int64_t>{24}, std::vector<std::int64_t>{4, 6}, std::vector<std::int64_t>{2, 3, 4}}) {
    pelab::write_npy(dir.path / "f8.npy", values, shape);
    const auto array = pelab::read_npy(dir.path / "f8.npy");
    CHECK(array.dtype == pelab::NpyDtype::float64);
    CHECK(array.shape == shape);
    REQUIRE(array.data.size() == values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
      CHECK(array.data[i] == values[i]);
      CHECK(std::signbit(array.data[i]) == std::signbit(values[i]));
    }

    std::vector<float> floats(values.begin(), values.end());
    const auto from_floats = decode(pelab::npy_encode(std::span<const float>(floats), shape));
    CHECK(from_floats.dtype == pelab::NpyDtype::float32);
    CHECK(from_floats.shape == shape);
    CHECK(from_floats.data == std::vector<double>(floats.begin(), floats.end()));

    std::vector<std::int64_t> ints(values.size());
    for (std::size_t i = 0; i < ints.size(); ++i) ints[i] = static_cast<std::int64_t>(i * i) - 100;
    pelab::write_npy(dir.path / "i8.npy", std::span<const std::int64_t>(ints), shape);
    const auto int_array = pelab::read_npy(dir.path / "i8.npy");
    CHECK(int_array.dtype == pelab::NpyDtype::int64);
    CHECK(int_array.data == std::vector<double>(ints.begin(), ints.end()));
  }
}

TEST_CASE("npy: matrices round trip through write_npy and npy_to_matrix", "[io][npy]") {
  pelab::test::TempDir dir;
  pelab::Matrix matrix(3, 2);
  matrix << 0.1, 0.2, -3.5, 1e10, std::nan(""), 7.0;
  pelab::write_npy(dir.path / "m.npy", matrix);
  const pelab::Matrix back = pelab::npy_to_matrix(pelab::read_npy(dir.path / "m.npy"), "m.npy");
  REQUIRE(back.rows() == 3);
  REQUIRE(back.cols() == 2);
  CHECK(back(1, 1) == 1e10);
  CHECK(back(0, 0) == 0.1);
  CHECK(std::isnan(back(2, 0)));
  CHECK_FALSE(pelab::all_finite(back));
  pelab::Matrix finite = back;
  finite(2, 0) = 0.0;
  CHECK(pelab::all_finite(finite));
  finite(0, 1) = -std::numeric_limits<double>::infinity();
  CHECK_FALSE(pelab::all_finite(finite));

  pelab::write_npy(dir.path / "f4.npy", matrix, pelab::NpyDtype::float32);
  const auto as_float = pelab::read_npy(dir.path / "f4.npy");
  CHECK(as_float.dtype == pelab::NpyDtype::float32);
  CHECK(as_float.data[0] == static_cast<double>(0.1f));
  CHECK_THROWS_WITH(pelab::write_npy(dir.path / "i.npy", matrix, pelab::NpyDtype::int64),
                    Contains("float64 or float32"));

  pelab::IndexMatrix buckets(2, 2);
  buckets << 0, -31, 17, std::numeric_limits<std::int64_t>::max();
  pelab::write_npy(dir.path / "b.npy", buckets);
  const auto int_array = pelab::read_npy(dir.path / "b.npy");
  CHECK(int_array.dtype == pelab::NpyDtype::int64);
  CHECK(int_array.shape == std::vector<std::int64_t>{2, 2});
  CHECK(int_array.data[1] == -31.0);
}

TEST_CASE("npy: npy_to_matrix needs a non-empty 2-D table", "[io][npy]") {
  const auto vector = decode(npy_v1(dict("<f8", "(2,)"), f8_one + f8_half));
  CHECK_THROWS_WITH(pelab::npy_to_matrix(vector, "model.npy"),
                    Contains("model.npy") && Contains("(2,)") && Contains("2-D table positions x dims"));
  const auto cube = decode(npy_v1(dict("<f8", "(1, 1, 2)"), f8_one + f8_half));
  CHECK_THROWS_WITH(pelab::npy_to_matrix(cube, "model.npy"), Contains("3 dimensions"));
  const auto empty = decode(npy_v1(dict("<f8", "(0, 4)"), ""));
  CHECK_THROWS_WITH(pelab::npy_to_matrix(empty, "model.npy"), Contains("empty"));
  const auto good = decode(npy_v1(dict("<f8", "(2, 1)"), f8_one + f8_half));
  const pelab::Matrix matrix = pelab::npy_to_matrix(good, "model.npy");
  CHECK(matrix.rows() == 2);
  CHECK(matrix(1, 0) == 0.5);
}

TEST_CASE("npy: malformed files are refused with a message that says what is wrong", "[io][npy]") {
  const std::string data2 = f8_one + f8_half;
  struct Case {
    const char* what;
    std::string bytes;
    std::vector<const char*> words;
  };
  const std::vector<Case> cases = {
      {"empty file", "", {"model.npy", "truncated"}},
      {"not npy", "PK\x03\x04 this is a zip file", {"not a .npy file"}},
      {"magic only", "\x93NUMPY"s, {"truncated"}},
      {"bad magic", "\x93NUMPZ\x01\x00\x10\x00"s + std::string(16, ' '), {"not a .npy file"}},
      {"version 4", npy_v2('\x04', dict("<f8", "(2,)"), data2), {"version 4.0"}},
      {"version 1.1", "\x93NUMPY\x01\x01\x00\x00"s, {"version 1.1"}},
      {"no header length", "\x93NUMPY\x01\x00\x05"s, {"truncated"}},
      {"header past end", "\x93NUMPY\x01\x00\xff\x00{'descr'"s, {"runs past the end"}},
      {"v2 header past end", "\x93NUMPY\x02\x00\x00\x00\x00\x01{}"s, {"runs past the end"}},
      {"header not a dict", npy_v1("['descr', '<f8']\n", ""), {"malformed", "header"}},
      {"empty header", npy_v1("", ""), {"malformed"}},
      {"missing shape", npy_v1("{'descr': '<f8', 'fortran_order': False}\n", ""), {"no 'shape' key"}},
      {"missing descr", npy_v1("{'fortran_order': False, 'shape': (0,)}\n", ""), {"no 'descr' key"}},
      {"missing fortran_order", npy_v1("{'descr': '<f8', 'shape': (0,)}\n", ""), {"no 'fortran_order' key"}},
      {"extra key",
       npy_v1("{'descr': '<f8', 'fortran_order': False, 'shape': (0,), 'x': 1}\n", ""),
       {"unexpected key 'x'"}},
      {"duplicate key",
       npy_v1("{'descr': '<f8', 'descr': '<f8', 'fortran_order': False, 'shape': (0,)}\n", ""),
       {"duplicate"}},
      {"unterminated dict",
       npy_v1("{'descr': '<f8', 'fortran_order': False, 'shape': (0,)\n", ""),
       {"malformed"}},
      {"text after dict",
       npy_v1("{'descr': '<f8', 'fortran_order': False, 'shape': (0,)} x\n", ""),
       {"after the header"}},
      {"shape not a tuple", npy_v1(dict("<f8", "[2]"), data2), {"'shape'"}},
      {"shape (2) is an int", npy_v1(dict("<f8", "(2)"), data2), {"not a tuple"}},
      {"shape with a float", npy_v1(dict("<f8", "(2.0,)"), data2), {"'shape'"}},
      {"shape unparsable", npy_v1(dict("<f8", "(2,,)"), data2), {"'shape'"}},
      {"shape unterminated",
       npy_v1("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 1", data2),
       {"'shape'"}},
      {"negative dimension", npy_v1(dict("<f8", "(-2,)"), data2), {"negative dimension -2"}},
      {"dimension overflows int64", npy_v1(dict("<f8", "(99999999999999999999,)"), data2), {"too large"}},
      {"shape product overflow", npy_v1(dict("<f8", "(4294967296, 4294967296)"), data2), {"too large"}},
      {"shape product overflow with zero",
       npy_v1(dict("<f8", "(0, 4294967296, 4294967296)"), ""),
       {"too large"}},
      {"too many dimensions", npy_v1(dict("<f8", many_ones(65)), ""), {"'shape'"}},
      {"fortran_order not bool", npy_v1(dict("<f8", "(2,)", "0"), data2), {"True or False"}},
      {"descr not a string",
       npy_v1("{'descr': 8, 'fortran_order': False, 'shape': (2,)}\n", data2),
       {"quoted string"}},
      {"big-endian",
       npy_v1(dict(">f8", "(2,)"), data2),
       {"'>f8'", "big-endian", "little-endian float16, bfloat16, float32, float64"}},
      {"complex", npy_v1(dict("<c16", "(1,)"), data2), {"'<c16'", "complex"}},
      {"object", npy_v1(dict("|O", "(2,)"), data2), {"'|O'", "Python objects"}},
      {"unicode strings", npy_v1(dict("<U8", "(1,)"), std::string(32, 'a')), {"unicode strings"}},
      {"byte strings", npy_v1(dict("|S16", "(1,)"), data2), {"byte strings"}},
      {"bool", npy_v1(dict("|b1", "(2,)"), "\x01\x00"), {"bool"}},
      {"uint8", npy_v1(dict("|u1", "(2,)"), "\x01\x00"), {"unsigned"}},
      {"big-endian float16", npy_v1(dict(">f2", "(1,)"), "\x3c\x00"), {"'>f2'", "big-endian"}},
      {"raw 2-byte values (numpy.save's bfloat16)",
       npy_v1(dict("<V2", "(1,)"), "\x80\x3f"),
       {"'<V2'", "bfloat16", "descr 'bfloat16'"}},
      {"float8", npy_v1(dict("<f1", "(1,)"), "\x3c"), {"8-bit float"}},
      {"int16", npy_v1(dict("<i2", "(1,)"), "\x01\x00"), {"16-bit integer"}},
      {"'|' on a multi-byte type", npy_v1(dict("|f8", "(2,)"), data2), {"'|f8'", "1-byte"}},
      {"structured dtype",
       npy_v1("{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (2,)}\n", data2),
       {"structured"}},
      {"datetime", npy_v1(dict("<M8[ns]", "(2,)"), data2), {"datetime"}},
      {"descr with junk", npy_v1(dict("<f8 ", "(2,)"), data2), {"not a plain numeric type"}},
      {"empty descr", npy_v1(dict("", "(2,)"), data2), {"unsupported dtype"}},
      {"data too short", npy_v1(dict("<f8", "(3,)"), data2), {"truncated", "needs 24 bytes", "has 16"}},
      {"data too long", npy_v1(dict("<f8", "(1,)"), data2), {"8 unexpected bytes"}},
      {"float32 data not a whole element", npy_v1(dict("<f4", "(1,)"), "\x00\x00\x80"), {"truncated"}},
      {"non-ASCII in descr", npy_v1(dict("<f\xc3\xa9", "(1,)"), f8_one), {"malformed"}},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    const std::string message = error_of(c.bytes);
    INFO(message);
    CHECK(message.rfind("model.npy: ", 0) == 0);
    CHECK(message.find('\n') == std::string::npos);
    for (const char* word : c.words) CHECK_THAT(message, Contains(word));
  }
}

TEST_CASE("npy: read_npy names the path when the file is missing", "[io][npy]") {
  pelab::test::TempDir dir;
  CHECK_THROWS_WITH(pelab::read_npy(dir.path / "model.npy"),
                    Contains("model.npy") && Contains("does not exist"));
  pelab::write_file_atomic(dir.path / "bad.npy", "hello");
  CHECK_THROWS_WITH(pelab::read_npy(dir.path / "bad.npy"), Contains("bad.npy: not a .npy file"));
}

TEST_CASE("npy: write_npy writes exactly the bytes npy_encode makes", "[io][npy]") {
  pelab::test::TempDir dir;
  pelab::Matrix matrix(3, 5);
  for (Eigen::Index i = 0; i < matrix.size(); ++i) matrix.data()[i] = 0.1 * static_cast<double>(i) - 0.7;
  const std::int64_t shape[2] = {3, 5};
  const std::span<const double> values(matrix.data(), 15);
  pelab::write_npy(dir.path / "m.npy", matrix);
  CHECK(pelab::read_file_bytes(dir.path / "m.npy") == pelab::npy_encode(values, shape));
  const std::vector<float> rounded(values.begin(), values.end());
  pelab::write_npy(dir.path / "f.npy", matrix, pelab::NpyDtype::float32);
  CHECK(pelab::read_file_bytes(dir.path / "f.npy") ==
        pelab::npy_encode(std::span<const float>(rounded), shape));
  pelab::IndexMatrix index(2, 3);
  index << 1, -2, 3, -4, 5, std::numeric_limits<std::int64_t>::min();
  pelab::write_npy(dir.path / "i.npy", index);
  CHECK(pelab::read_file_bytes(dir.path / "i.npy") ==
        pelab::npy_encode(std::span<const std::int64_t>(index.data(), 6), std::vector<std::int64_t>{2, 3}));
  // The header alone is the encoded file's beginning: 128 bytes here (numpy.save pads to 64).
  const std::string header = pelab::npy_encode_header(pelab::NpyDtype::float64, shape, 15);
  CHECK(header.size() == 128);
  CHECK(pelab::npy_encode(values, shape).substr(0, header.size()) == header);
  // An empty array: a header and nothing else.
  const std::int64_t empty_shape[2] = {0, 4};
  pelab::write_npy(dir.path / "e.npy", std::span<const double>(), empty_shape);
  CHECK(pelab::read_file_bytes(dir.path / "e.npy") ==
        pelab::npy_encode(std::span<const double>(), empty_shape));
}
