// .safetensors: hand-built files with values worked out by hand, the writer's round trip, and every
// kind of malformed input refused with a one-line message that starts with the file name.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "pelab/io/safetensors.hpp"
#include "pelab/io/table_file.hpp"
#include "safetensors_bytes.hpp"

using namespace pelab::test;

namespace {

// Five tensors of every readable dtype plus an I64 one, laid out in this order:
//   half   F16  [2, 3] bytes  0..12
//   brain  BF16 [1, 2] bytes 12..16
//   single F32  [2, 2] bytes 16..32
//   double F64  [1, 1] bytes 32..40
//   ids    I64  [2]    bytes 40..56
std::string tiny_file() {
  const std::string header =
      "{\"__metadata__\": {\"format\": \"pt\", \"source\": \"hand\"}, " +
      entry("half", "F16", "[2, 3]", 0, 12) + ", " + entry("brain", "BF16", "[1, 2]", 12, 16) + ", " +
      entry("single", "F32", "[2, 2]", 16, 32) + ", " + entry("double", "F64", "[1, 1]", 32, 40) + ", " +
      entry("ids", "I64", "[2]", 40, 56) + "}";
  const std::string data = u16s({0x3C00, 0xC000, 0x0001, 0x8000, 0x7BFF, 0x3555}) + u16s({0x3F80, 0x4049}) +
                           f32s({0.5f, -1.25f, 0.1f, 3.0f}) + f64s({1.0 / 3.0}) + i64s({7, -8});
  return safetensors_bytes(header, data);
}

// The message of the pelab::Error that loading `bytes` as bad.safetensors throws ("" if none).
std::string refusal(const std::string& bytes, const std::string& tensor = {}) {
  try {
    pelab::decode_position_table(bytes, "bad.safetensors", tensor);
  } catch (const pelab::Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("safetensors: a hand-built file decodes to hand-computed values", "[io][safetensors]") {
  const std::string bytes = tiny_file();
  const std::vector<pelab::TensorInfo> index = pelab::safetensors_index(bytes, "tiny.safetensors");
  REQUIRE(index.size() == 5);  // __metadata__ is not a tensor
  CHECK(index[0].name == "brain");
  CHECK(index[1].name == "double");
  CHECK(index[2].name == "half");
  CHECK(index[3].name == "ids");
  CHECK(index[4].name == "single");
  CHECK(index[2].dtype == "F16");
  CHECK(index[2].shape == std::vector<std::int64_t>{2, 3});
  CHECK(index[3].dtype == "I64");
  CHECK(index[3].shape == std::vector<std::int64_t>{2});

  const pelab::SafetensorsHeader header = pelab::safetensors_parse_header(bytes, bytes.size(), "tiny");
  CHECK(header.metadata ==
        std::vector<std::pair<std::string, std::string>>{{"format", "pt"}, {"source", "hand"}});
  CHECK(header.data_size == 56);
  CHECK(header.data_start + header.data_size == bytes.size());

  // F16: 0x3C00 = 1, 0xC000 = -2, 0x0001 = 2^-24 (smallest subnormal), 0x8000 = -0,
  // 0x7BFF = (2 - 2^-10) * 2^15 = 65504 (largest), 0x3555 = (1024 + 341) * 2^(13 - 25) = 1365/4096.
  const pelab::Matrix half = pelab::safetensors_matrix(bytes, "half", "tiny");
  REQUIRE(half.rows() == 2);
  REQUIRE(half.cols() == 3);
  CHECK(half(0, 0) == 1.0);
  CHECK(half(0, 1) == -2.0);
  CHECK(half(0, 2) == 5.9604644775390625e-08);
  CHECK(half(1, 0) == 0.0);
  CHECK(std::signbit(half(1, 0)));
  CHECK(half(1, 1) == 65504.0);
  CHECK(half(1, 2) == 0.333251953125);

  // BF16 is the top half of a float32: 0x3F80 -> 0x3F800000 = 1, 0x4049 -> 0x40490000 = 3.140625.
  const pelab::Matrix brain = pelab::safetensors_matrix(bytes, "brain", "tiny");
  REQUIRE(brain.rows() == 1);
  REQUIRE(brain.cols() == 2);
  CHECK(brain(0, 0) == 1.0);
  CHECK(brain(0, 1) == 3.140625);

  const pelab::Matrix single = pelab::safetensors_matrix(bytes, "single", "tiny");
  CHECK(single(0, 0) == 0.5);
  CHECK(single(0, 1) == -1.25);
  CHECK(single(1, 0) == 0.100000001490116119384765625);  // 0.1f exactly
  CHECK(single(1, 1) == 3.0);
  CHECK(pelab::safetensors_matrix(bytes, "double", "tiny")(0, 0) == 1.0 / 3.0);

  // The I64 tensor is listed but is no table.
  CHECK_THROWS_WITH(
      pelab::safetensors_matrix(bytes, "ids", "tiny"),
      Catch::Contains("tiny: tensor 'ids' has dtype I64; a position table must be F32, F16, BF16 or F64"));
}

TEST_CASE("safetensors: F16 and BF16 specials convert exactly", "[io][safetensors]") {
  const std::string header = std::string("{") + entry("h", "F16", "[1, 6]", 0, 12) + ", " +
                             entry("b", "BF16", "[1, 5]", 12, 22) + "}";
  const std::string data =
      u16s({0x7C00, 0xFC00, 0x7E00, 0x03FF, 0x0400, 0xFBFF}) + u16s({0x7F80, 0xFF80, 0x7FC0, 0x0001, 0xC2F7});
  const std::string bytes = safetensors_bytes(header, data);
  const pelab::Matrix h = pelab::safetensors_matrix(bytes, "h", "specials");
  CHECK(h(0, 0) == std::numeric_limits<double>::infinity());
  CHECK(h(0, 1) == -std::numeric_limits<double>::infinity());
  CHECK(std::isnan(h(0, 2)));
  CHECK(h(0, 3) == 1023.0 * std::ldexp(1.0, -24));  // largest subnormal 6.097555160522461e-05
  CHECK(h(0, 4) == 6.103515625e-05);                // smallest normal 2^-14
  CHECK(h(0, 5) == -65504.0);
  const pelab::Matrix b = pelab::safetensors_matrix(bytes, "b", "specials");
  CHECK(b(0, 0) == std::numeric_limits<double>::infinity());
  CHECK(b(0, 1) == -std::numeric_limits<double>::infinity());
  CHECK(std::isnan(b(0, 2)));
  CHECK(b(0, 3) == std::ldexp(1.0, -133));  // smallest bfloat16 subnormal
  CHECK(b(0, 4) == -123.5);                 // 0xC2F70000: -(1 + 0x77/128) * 2^6
  // The loader refuses them: a position table must be finite.
  CHECK_THAT(refusal(bytes, "h"), Catch::Contains("bad.safetensors: tensor 'h' holds NaN or infinite values "
                                                  "(first at row 0, column 0)"));
}

TEST_CASE("safetensors: safetensors_encode round trip", "[io][safetensors]") {
  std::mt19937_64 random(99);
  std::normal_distribution<double> normal;
  pelab::Matrix a(5, 3), b(1, 7);
  for (Eigen::Index i = 0; i < a.size(); ++i) a.data()[i] = normal(random);
  for (Eigen::Index i = 0; i < b.size(); ++i) b.data()[i] = normal(random) * 1e-30;
  a(0, 0) = -0.0;
  a(4, 2) = 1e300;

  const std::string f64 = pelab::safetensors_encode({{"model.a", a}, {"b", b}}, "F64");
  std::uint64_t header_length = 0;
  for (int i = 0; i < 8; ++i) header_length |= std::uint64_t{static_cast<unsigned char>(f64[i])} << (8 * i);
  CHECK((8 + header_length) % 8 == 0);  // data aligned as the reference writer aligns it
  CHECK(f64.size() == 8 + header_length + 8 * (15 + 7));
  const auto index = pelab::safetensors_index(f64, "rt");
  REQUIRE(index.size() == 2);
  CHECK(index[0].name == "b");
  CHECK(index[1].name == "model.a");
  CHECK(index[1].shape == std::vector<std::int64_t>{5, 3});
  CHECK(index[1].dtype == "F64");
  const pelab::Matrix a64 = pelab::safetensors_matrix(f64, "model.a", "rt");
  CHECK(a64 == a);
  CHECK(std::signbit(a64(0, 0)));
  CHECK(pelab::safetensors_matrix(f64, "b", "rt") == b);

  const std::string f32 = pelab::safetensors_encode({{"model.a", a}}, "F32");
  const pelab::Matrix a32 = pelab::safetensors_matrix(f32, "model.a", "rt");
  CHECK(std::isinf(a32(4, 2)));                    // 1e300 overflows float...
  for (Eigen::Index i = 0; i + 1 < a.size(); ++i)  // ...every other value is the float rounding
    CHECK(a32.data()[i] == static_cast<double>(static_cast<float>(a.data()[i])));

  // Names are escaped in the JSON and come back unchanged.
  const std::string odd = pelab::safetensors_encode({{"quote\" back\\slash \u00e9", b}}, "F64");
  CHECK(pelab::safetensors_index(odd, "odd")[0].name == "quote\" back\\slash \u00e9");

  CHECK_THROWS_WITH(pelab::safetensors_encode({{"a", a}}, "F16"), Catch::Contains("pelab writes F32 or F64"));
  CHECK_THROWS_WITH(pelab::safetensors_encode({{"a", a}, {"a", b}}, "F32"), Catch::Contains("used twice"));
  CHECK_THROWS_AS(pelab::safetensors_encode({{"", a}}, "F32"), pelab::Error);
  CHECK_THROWS_AS(pelab::safetensors_encode({{"__metadata__", a}}, "F32"), pelab::Error);
  CHECK_THROWS_AS(pelab::safetensors_encode({{"\xff", a}}, "F32"), pelab::Error);
  // No tensors at all is still a valid file ("{}" padded), with nothing to pick.
  const std::string none = pelab::safetensors_encode({}, "F32");
  CHECK(pelab::safetensors_index(none, "none").empty());
}

TEST_CASE("safetensors: malformed input is refused with a one-line message", "[io][safetensors]") {
  struct Bad {
    const char* what;
    std::string bytes;
    std::string tensor;
    std::string expected;  // part of the message
  };
  const std::string t = entry("t", "F32", "[1, 2]", 0, 8);
  const std::string two = f32s({1.0f, 2.0f});
  const auto file = [](const std::string& header, const std::string& data) {
    return safetensors_bytes(header, data);
  };
  const auto length_only = [](std::uint64_t length, const std::string& rest) {
    std::string out;
    put_le(out, length, 8);
    return out + rest;
  };
  const std::vector<Bad> cases = {
      {"empty file", "", "", "truncated .safetensors file (0 bytes"},
      {"half a length", std::string("\x10\x00\x00", 3), "", "truncated .safetensors file (3 bytes"},
      {"length beyond the file", length_only(1000, "{\"t\": 1}"), "", "header length 1000 runs past the end"},
      {"length near 2^64", length_only(std::uint64_t{1} << 63, "{}"), "", "runs past the end of the file"},
      {"length zero", length_only(0, two), "", "must be a JSON object starting with '{'"},
      {"not an object", file("[1, 2]", ""), "", "starting with '{'"},
      {"cut JSON", file("{\"t\": ", ""), "", "the JSON is not well-formed"},
      {"text after the JSON", file("{} x", ""), "", "the JSON is not well-formed"},
      {"comment in the JSON", file("{/* c */}", ""), "", "the JSON is not well-formed"},
      {"invalid UTF-8", file("{\"\xff\": 1}", ""), "", "the JSON is not well-formed"},
      {"entry not an object", file("{\"t\": 5}", ""), "", "tensor 't': must be an object"},
      {"missing dtype", file("{\"t\": {\"shape\": [1, 2], \"data_offsets\": [0, 8]}}", two), "",
       "tensor 't': the field 'dtype' is missing"},
      {"missing shape", file("{\"t\": {\"dtype\": \"F32\", \"data_offsets\": [0, 8]}}", two), "",
       "the field 'shape' is missing"},
      {"missing offsets", file("{\"t\": {\"dtype\": \"F32\", \"shape\": [1, 2]}}", two), "",
       "the field 'data_offsets' is missing"},
      {"unexpected field",
       file("{\"t\": {\"dtype\": \"F32\", \"shape\": [1, 2], \"data_offsets\": [0, 8], \"offset\": 0}}", two),
       "", "unexpected field 'offset'"},
      {"dtype a number", file("{\"t\": {\"dtype\": 32, \"shape\": [1, 2], \"data_offsets\": [0, 8]}}", two),
       "", "'dtype' must be a string, not an integer"},
      {"unknown dtype", file(std::string("{") + entry("t", "F128", "[1, 2]", 0, 8) + "}", two), "",
       "unknown dtype 'F128'"},
      {"shape a string", file(std::string("{") + entry("t", "F32", "\"1x2\"", 0, 8) + "}", two), "",
       "'shape' must be an array, not a JSON string"},
      {"negative dimension", file(std::string("{") + entry("t", "F32", "[-1, 2]", 0, 8) + "}", two), "",
       "non-negative integers, not a negative integer"},
      {"fractional dimension", file(std::string("{") + entry("t", "F32", "[1.5, 2]", 0, 8) + "}", two), "",
       "non-negative integers, not a number written with a decimal point or exponent"},
      {"dimension above 2^63",
       file(std::string("{") + entry("t", "F32", "[18446744073709551615, 0]", 0, 0) + "}", ""), "",
       "a dimension in 'shape' is too large"},
      {"one offset", file("{\"t\": {\"dtype\": \"F32\", \"shape\": [1, 2], \"data_offsets\": [8]}}", two), "",
       "'data_offsets' must be [begin, end]"},
      {"offsets as floats",
       file("{\"t\": {\"dtype\": \"F32\", \"shape\": [1, 2], \"data_offsets\": [0, 8.0]}}", two), "",
       "'data_offsets' must be [begin, end], two non-negative integers"},
      {"offsets reversed", file(std::string("{") + entry("t", "F32", "[1, 2]", 8, 0) + "}", two), "",
       "ends before it begins"},
      {"offsets past the data", file(std::string("{") + entry("t", "F32", "[2, 2]", 0, 16) + "}", two), "",
       "[0, 16] run past the end of the data (8 bytes)"},
      {"size mismatch", file(std::string("{") + entry("t", "F32", "[2, 2]", 0, 8) + "}", two), "",
       "shape [2, 2] of F32 needs 16 bytes but 'data_offsets' [0, 8] hold 8"},
      {"element count overflows",
       file(std::string("{") + entry("t", "F32", "[4611686018427387904, 4611686018427387904]", 0, 8) + "}",
            two),
       "", "is too large or does not fill whole bytes"},
      {"packed dtype not filling bytes", file(std::string("{") + entry("t", "F4", "[3]", 0, 2) + "}", "ab"),
       "", "does not fill whole bytes"},
      {"overlapping tensors",
       file(std::string("{") + entry("a", "F32", "[1, 2]", 0, 8) + ", " + entry("b", "F32", "[1, 2]", 4, 12) +
                "}",
            two + "xxxx"),
       "", "tensor 'b': its bytes [4, 12) overlap those of tensor 'a'"},
      {"gap between tensors",
       file(std::string("{") + entry("a", "F32", "[1, 2]", 0, 8) + ", " +
                entry("b", "F32", "[1, 2]", 12, 20) + "}",
            two + "gap!" + two),
       "", "4 data bytes before tensor 'b' belong to no tensor"},
      {"bytes after the last tensor", file("{" + t + "}", two + "tail"), "",
       "the last 4 bytes of the file belong to no tensor"},
      {"duplicate tensor", file("{" + t + ", " + t + "}", two), "", "the key 't' appears twice"},
      {"duplicate field",
       file("{\"t\": {\"dtype\": \"F32\", \"dtype\": \"F64\", \"shape\": [1, 2], \"data_offsets\": [0, 8]}}",
            two),
       "", "the key 'dtype' appears twice"},
      {"metadata not an object", file("{\"__metadata__\": 3, " + t + "}", two), "",
       "'__metadata__' must be an object of strings"},
      {"metadata value not a string", file("{\"__metadata__\": {\"format\": 1}, " + t + "}", two), "",
       "'__metadata__' value of 'format' must be a string"},
      {"I64 chosen", file(std::string("{") + entry("t", "I64", "[1, 2]", 0, 16) + "}", i64s({1, 2})), "t",
       "tensor 't' has dtype I64; a position table must be F32, F16, BF16 or F64"},
      {"1-D tensor chosen", file(std::string("{") + entry("t", "F32", "[2]", 0, 8) + "}", two), "t",
       "tensor 't' has shape [2] (1-D) but a 2-D table positions x dims is needed"},
      {"3-D tensor chosen", file(std::string("{") + entry("t", "F32", "[2, 1, 1]", 0, 8) + "}", two), "t",
       "tensor 't' has shape [2, 1, 1] (3-D)"},
      {"missing tensor", file("{" + t + "}", two), "nope",
       "has no tensor 'nope'; its table-shaped tensors (2-D, or [1, ..., 1, N, D]) are: 't' (F32, [1, 2])"},
      // GPT-2's causal mask attn.bias is [1, 1, n, n]: listed as table-shaped, never as "2-D".
      {"missing tensor beside a 4-D mask",
       file(std::string("{") + entry("attn.bias", "F32", "[1, 1, 1, 2]", 0, 8) + "}", two), "wpe",
       "has no tensor 'wpe'; its table-shaped tensors (2-D, or [1, ..., 1, N, D]) are: 'attn.bias' (F32, [1, "
       "1, "
       "1, 2])"},
      {"missing tensor with a newline in its name", file("{" + t + "}", two), "a\nb",
       "has no tensor 'a\\x0ab'"},
      {"NaN value", file("{" + t + "}", f32s({1.0f, std::numeric_limits<float>::quiet_NaN()})), "",
       "tensor 't' holds NaN or infinite values (first at row 0, column 1)"},
      {"infinite F16 value",
       file(std::string("{") + entry("t", "F16", "[2, 1]", 0, 4) + "}", u16s({0x3C00, 0xFC00})), "",
       "tensor 't' holds NaN or infinite values (first at row 1, column 0)"},
      {"empty table", file(std::string("{") + entry("t", "F32", "[0, 2]", 0, 0) + "}", ""), "t",
       "tensor 't' is empty (shape [0, 2])"},
      {"no 2-D tensor to pick", file(std::string("{") + entry("t", "F32", "[2]", 0, 8) + "}", two), "",
       "has no tensor that could be a position table (1 tensor, none 2-D or [1, ..., 1, N, D])"},
      {"two 2-D tensors, no usual name",
       file(std::string("{") + entry("a", "F32", "[1, 2]", 0, 8) + ", " + entry("b", "F32", "[2, 1]", 8, 16) +
                "}",
            two + two),
       "", "cannot tell which tensor is the position table"},
  };
  CHECK(cases.size() >= 25);
  for (const Bad& c : cases) {
    INFO(c.what);
    const std::string message = refusal(c.bytes, c.tensor);
    INFO(message);
    CHECK(message.rfind("bad.safetensors: ", 0) == 0);
    CHECK(message.find('\n') == std::string::npos);
    CHECK(message.find(c.expected) != std::string::npos);
  }
}

TEST_CASE("safetensors: a header above 100 MB is refused without reading it", "[io][safetensors]") {
  std::string prefix;
  put_le(prefix, 150'000'000, 8);
  CHECK_THROWS_WITH(
      pelab::safetensors_parse_header(prefix, 200'000'000, "huge.safetensors"),
      "huge.safetensors: .safetensors header length 150000000 is above the 100000000-byte limit; "
      "the file is corrupt");
}

TEST_CASE("safetensors: table_dims and the tensor list for messages", "[io][safetensors]") {
  using Shape = std::vector<std::int64_t>;
  CHECK(pelab::table_dims(Shape{1024, 768}) == std::pair<std::int64_t, std::int64_t>{1024, 768});
  CHECK(pelab::table_dims(Shape{1, 197, 768}) == std::pair<std::int64_t, std::int64_t>{197, 768});
  CHECK(pelab::table_dims(Shape{1, 1, 1, 4}) == std::pair<std::int64_t, std::int64_t>{1, 4});
  CHECK_FALSE(pelab::table_dims(Shape{2, 197, 768}));
  CHECK_FALSE(pelab::table_dims(Shape{768}));
  CHECK_FALSE(pelab::table_dims(Shape{}));
  std::vector<pelab::TensorInfo> many;
  for (int i = 0; i < 25; ++i) {
    std::string name = "t";
    name += std::to_string(100 + i);
    many.push_back({name, "F32", {2, 2}});
  }
  many.push_back({"bias", "F32", {2}});
  const std::string list = pelab::table_tensor_list(many, 3);
  CHECK(list == "'t100' (F32, [2, 2]), 't101' (F32, [2, 2]), 't102' (F32, [2, 2]) and 22 more");
  CHECK(pelab::table_tensor_list({{"bias", "F32", {2}}}) == "none");
  CHECK(pelab::quoted_tensor_name("a\tb") == "'a\\x09b'");
  CHECK(pelab::safetensors_dtype_bits("BF16") == 16u);
  CHECK(pelab::safetensors_dtype_bits("F4") == 4u);
  CHECK_FALSE(pelab::safetensors_dtype_bits("f32"));  // names are case-sensitive, as in the format
}

TEST_CASE("safetensors: inconsistent hand-made entries and deep JSON are refused, not crashed on",
          "[io][safetensors]") {
  const pelab::SafetensorsEntry huge{{"x", "F32", {std::int64_t{1} << 40, std::int64_t{1} << 40}}, 0, 16};
  CHECK_THROWS_AS(pelab::safetensors_entry_matrix(huge, std::string(16, '\0'), "x"), pelab::Error);
  const pelab::SafetensorsEntry negative{{"x", "F32", {-2, 3}}, 0, 24};
  CHECK_THROWS_AS(pelab::safetensors_entry_matrix(negative, std::string(24, '\0'), "x"), pelab::Error);
  const pelab::SafetensorsEntry short_data{{"x", "F32", {2, 3}}, 0, 24};
  CHECK_THROWS_WITH(pelab::safetensors_entry_matrix(short_data, std::string(20, '\0'), "x"),
                    "x: tensor 'x': got 20 data bytes, which do not match shape [2, 3] of F32");
  // 100 000 nested arrays: parsed without recursion, then refused as an entry.
  const std::string deep = "{\"a\": " + std::string(100000, '[') + std::string(100000, ']') + "}";
  CHECK_THAT(refusal(safetensors_bytes(deep, "")), Catch::Contains("tensor 'a': must be an object"));
}
