// Errors a user of the app can meet carry their sentence (pelab::Text) besides the English what(), so
// the app can show them in Korean: real bad inputs throw an Error whose id and arguments are the
// expected ones, english(text()) is what() exactly, and the Korean catalogue renders them with no
// English sentence left.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include <cerrno>

#include "pelab/encodings.hpp"
#include "pelab/io/colormap.hpp"
#include "pelab/io/npy.hpp"
#include "pelab/io/safetensors.hpp"
#include "pelab/io/table_file.hpp"
#include "pelab/model_config.hpp"
#include "pelab/number_text.hpp"
#include "pelab/pca.hpp"
#include "pelab/text.hpp"
#include "pelab/types.hpp"

using namespace pelab;

namespace {

// The Error `run` throws (fails the test if it throws none).
template <typename Run>
Error caught(Run run) {
  try {
    run();
  } catch (const Error& error) {
    return error;
  }
  FAIL("no pelab::Error thrown");
  return Error("unreachable");
}

// A .safetensors file: 8-byte length, the header JSON padded with spaces, then `data`.
std::string safetensors_bytes(std::string header, const std::string& data) {
  while (header.size() % 8 != 0) header += ' ';
  std::string out;
  for (std::size_t i = 0; i < 8; ++i) out.push_back(static_cast<char>((header.size() >> (8 * i)) & 0xffu));
  return out + header + data;
}

// The Korean sentences of core (assets/i18n/ko/core_texts.json), rendered as the app's tr_text does.
std::string korean(const Text& text) {
  static const std::map<std::string, std::string, std::less<>> patterns = [] {
    std::ifstream in(std::filesystem::path(PELAB_I18N_DIR) / "ko" / "core_texts.json");
    std::ostringstream content;
    content << in.rdbuf();
    std::map<std::string, std::string, std::less<>> out;
    const nlohmann::json root = nlohmann::json::parse(content.str());
    for (const auto& item : root.items()) out[item.key()] = item.value().get<std::string>();
    return out;
  }();
  return format_text(text, [](TextId id) -> std::string_view {
    const auto found = patterns.find("core." + std::string(text_key(id)));
    REQUIRE(found != patterns.end());
    return found->second;
  });
}

bool has_hangul(const std::string& text) {
  // Hangul syllables U+AC00..U+D7A3 are encoded EA B0 80 .. ED 9E A3 in UTF-8.
  for (std::size_t i = 0; i + 2 < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0xEA && byte <= 0xED) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("a truncated .npy in memory throws its sentence", "[errors][npy]") {
  const Error short_magic = caught([] { npy_decode(std::string_view("\x93NUM"), "bad.npy"); });
  CHECK(short_magic.text() == Text{TextId::npy_truncated, {"bad.npy", "4"}});
  CHECK(english(short_magic.text()) == short_magic.what());
  CHECK(std::string(short_magic.what()) == "bad.npy: truncated .npy file (4 bytes)");

  // A whole header cut off after its length field.
  std::string bytes = npy_encode(std::vector<double>{1.0, 2.0}, std::vector<std::int64_t>{2});
  bytes.resize(20);
  const Error cut = caught([&] { npy_decode(bytes, "cut.npy"); });
  CHECK(cut.text().id == TextId::npy_header_past_end);
  CHECK(cut.text().args == std::vector<std::string>{"cut.npy", "118", "20"});
  CHECK(english(cut.text()) == cut.what());

  // Data shorter than the shape needs.
  bytes = npy_encode(std::vector<double>{1.0, 2.0}, std::vector<std::int64_t>{2});
  bytes.resize(bytes.size() - 3);
  const Error data = caught([&] { npy_decode(bytes, "short.npy"); });
  CHECK(data.text() == Text{TextId::npy_data_truncated, {"short.npy", "(2,)", "16", "13"}});
  CHECK(english(data.text()) == data.what());

  const Error not_npy = caught([] { npy_decode(std::string_view("hello, world"), "bad.npy"); });
  CHECK(not_npy.text() == Text{TextId::npy_not_npy, {"bad.npy"}});
  CHECK(std::string(not_npy.what()) ==
        "bad.npy: not a .npy file (it does not start with the \\x93NUMPY magic bytes)");
}

namespace {

// A version 1 .npy: magic, version, header length, `header` padded to 64 bytes, then `payload` zero bytes.
std::string npy_v1_bytes(std::string header, std::size_t payload) {
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string bytes = std::string("\x93NUMPY\x01\x00", 8);
  bytes.push_back(static_cast<char>(header.size() & 0xff));
  bytes.push_back(static_cast<char>(header.size() >> 8));
  return bytes + header + std::string(payload, '\0');
}

// A valid .npy of one complex128 value ('<c16'), which pelab refuses for its dtype.
std::string complex_npy_bytes() {
  return npy_v1_bytes("{'descr': '<c16', 'fortran_order': False, 'shape': (1,), }", 16);
}

}  // namespace

TEST_CASE("a .npy refusal assembled from pieces carries each piece as a sentence", "[errors][npy]") {
  // Complex numbers: "unsupported dtype '<c16' (complex)"; the reason is a part of the sentence.
  const std::string bytes = complex_npy_bytes();
  const Error error = caught([&] { npy_decode(bytes, "c.npy"); });
  CHECK(error.text() ==
        Text{TextId::npy_unsupported_dtype, {"c.npy", "<c16"}, {Text{TextId::npy_kind_complex}}});
  CHECK(english(error.text()) == error.what());
  CHECK(std::string(error.what()) ==
        "c.npy: unsupported dtype '<c16' (complex); pelab reads little-endian float16, bfloat16, float32, "
        "float64, int32 or int64");

  // A malformed header: the reason and the byte position.
  const std::string broken = npy_v1_bytes("{'descr': '<f8', 'fortran_order': Maybe, 'shape': (1,), }", 8);
  const Error malformed = caught([&] { npy_decode(broken, "m.npy"); });
  CHECK(malformed.text().id == TextId::npy_malformed_header);
  REQUIRE(malformed.text().parts.size() == 1);
  CHECK(malformed.text().parts[0] == Text{TextId::npy_header_fortran_order});
  CHECK(english(malformed.text()) == malformed.what());
  CHECK(std::string(malformed.what()).find("'fortran_order' must be True or False (at header byte ") !=
        std::string::npos);
}

TEST_CASE("a .safetensors header with an unknown dtype throws its sentence", "[errors][safetensors]") {
  const std::string bytes =
      safetensors_bytes(R"({"wpe.weight":{"dtype":"F12","shape":[1,1],"data_offsets":[0,4]}})", "abcd");
  const Error error = caught([&] { safetensors_index(bytes, "model.safetensors"); });
  CHECK(error.text() == Text{TextId::st_malformed,
                             {"model.safetensors"},
                             {Text{TextId::st_unknown_dtype, {"'wpe.weight'", "'F12'"}}}});
  CHECK(english(error.text()) == error.what());
  CHECK(std::string(error.what())
            .starts_with("model.safetensors: malformed .safetensors header: tensor 'wpe.weight': unknown "
                         "dtype 'F12' (known: "));

  // A JSON type described inside the reason, two levels down.
  const std::string shape =
      safetensors_bytes(R"({"t":{"dtype":"F32","shape":"2","data_offsets":[0,4]}})", "abcd");
  const Error nested = caught([&] { safetensors_index(shape, "s.safetensors"); });
  CHECK(english(nested.text()) == nested.what());
  CHECK(std::string(nested.what()) ==
        "s.safetensors: malformed .safetensors header: tensor 't': 'shape' must be an array, not a JSON "
        "string");

  // The tensor list of "has no tensor": "none" is a sentence of its own.
  const std::string empty = safetensors_bytes("{}", "");
  const Error none = caught([&] { safetensors_matrix(empty, "wpe", "e.safetensors"); });
  CHECK(none.text() ==
        Text{TextId::table_no_tensor, {"e.safetensors", "'wpe'"}, {Text{TextId::tensor_list_none}}});
  CHECK(std::string(none.what()) ==
        "e.safetensors: has no tensor 'wpe'; its table-shaped tensors (2-D, or [1, ..., 1, N, D]) are: none");
}

TEST_CASE("a bad config.json throws its sentence", "[errors][config]") {
  const Error zero = caught([] { parse_model_config(R"({"head_dim": 0})", "config.json"); });
  CHECK(zero.text() ==
        Text{TextId::config_error, {"config.json"}, {Text{TextId::config_integer_range, {"head_dim", "0"}}}});
  CHECK(english(zero.text()) == zero.what());
  CHECK(std::string(zero.what()) == "config.json: head_dim must be an integer from 1 to 2^53 (got 0)");

  const Error json = caught([] { parse_model_config("{\"head_dim\": ", "config.json"); });
  CHECK(json.text().id == TextId::config_error);
  REQUIRE(json.text().parts.size() == 1);
  CHECK(json.text().parts[0].id == TextId::config_not_json_near);
  CHECK(english(json.text()) == json.what());

  // An error from the RoPE rules inside the config's: its sentence is a part of the config's.
  const Error odd =
      caught([] { parse_model_config(R"({"head_dim": 64, "partial_rotary_factor": 0.01})", "config.json"); });
  CHECK(odd.text() ==
        Text{TextId::config_error, {"config.json"}, {Text{TextId::rope_rotated_odd, {"64", "0.01", "0"}}}});
  CHECK(english(odd.text()) == odd.what());

  const Error missing = caught([] {
    parse_model_config(R"({"head_dim": 64, "rope_scaling": {"rope_type": "linear"}})", "config.json");
  });
  CHECK(std::string(missing.what()) == "config.json: linear scaling needs rope_scaling.factor");
  CHECK(english(missing.text()) == missing.what());
}

TEST_CASE("a missing table file throws its sentence", "[errors][files]") {
  const std::string path = (std::filesystem::temp_directory_path() / "pelab-no-such-table.npy").string();
  const Error error = caught([&] { load_position_table(path); });
  CHECK(error.text() == Text{TextId::file_not_found, {path}});
  CHECK(english(error.text()) == error.what());
}

TEST_CASE("an error built from an English string has no sentence", "[errors]") {
  const Error plain("something went wrong");
  CHECK(plain.text().empty());
  CHECK(std::string(plain.what()) == "something went wrong");
  const Error copy = Error(Text{TextId::npy_truncated, {"a.npy", "3"}});
  const Error copied = copy;  // copies share the sentence
  CHECK(copied.text() == copy.text());
}

TEST_CASE("the Korean rendering of these errors has no English sentence left", "[errors][i18n]") {
  const Error npy = caught([] { npy_decode(std::string_view("\x93NUM"), "bad.npy"); });
  const std::string npy_ko = korean(npy.text());
  CHECK(npy_ko == "bad.npy: .npy 파일이 잘려 있습니다 (4바이트)");

  const std::string bytes = complex_npy_bytes();
  const std::string dtype_ko = korean(caught([&] { npy_decode(bytes, "c.npy"); }).text());
  INFO(dtype_ko);
  CHECK(has_hangul(dtype_ko));
  CHECK(dtype_ko.find("복소수") != std::string::npos);  // the part, translated too
  for (const char* english_word : {"unsupported", "complex", "pelab reads", "little-endian"})
    CHECK(dtype_ko.find(english_word) == std::string::npos);

  const std::string st =
      safetensors_bytes(R"({"t":{"dtype":"F32","shape":"2","data_offsets":[0,4]}})", "abcd");
  const std::string st_ko = korean(caught([&] { safetensors_index(st, "s.safetensors"); }).text());
  INFO(st_ko);
  CHECK(has_hangul(st_ko));
  for (const char* english_word : {"malformed", "must be", "a JSON string", "tensor 't'"})
    CHECK(st_ko.find(english_word) == std::string::npos);

  const std::string config_ko =
      korean(caught([] { parse_model_config(R"({"head_dim": 0})", "config.json"); }).text());
  INFO(config_ko);
  CHECK(config_ko == "config.json 오류: head_dim은(는) 1에서 2^53 사이의 정수여야 합니다 (받은 값: 0)");
}

TEST_CASE("checks inside core's computations carry their sentences", "[errors][i18n]") {
  EncodingParams params;
  params.kind = EncodingKind::sinusoidal;
  params.positions = 0;
  const Error positions = caught([&] { validate(params); });
  CHECK(positions.text() == Text{TextId::encode_positions_at_least_1, {"0"}});
  CHECK(std::string(positions.what()) == "positions N must be at least 1 (got 0)");
  CHECK(korean(positions.text()) == "위치 수 N은 1 이상이어야 합니다 (0이(가) 주어짐)");

  const Matrix values = Matrix::Constant(2, 2, 0.5);
  const Error reversed = caught([&] { value_range(values, RangeMode::fixed, 2.0, 1.0); });
  CHECK(reversed.text() == Text{TextId::colormap_fixed_reversed, {"2", "1"}});
  CHECK(std::string(reversed.what()) ==
        "the fixed colour range is reversed: low 2 is above high 1; swap the two values");
  CHECK(korean(reversed.text()).find("아래 값 2") != std::string::npos);

  // A learned table narrower than D.
  EncodingParams learned;
  learned.kind = EncodingKind::learned;
  learned.positions = 3;
  learned.dims = 4;
  const Matrix source = Matrix::Zero(3, 5);
  const Error width = caught([&] { encode(learned, &source); });
  CHECK(width.text() == Text{TextId::encode_learned_columns, {"5", "4"}});
  CHECK(english(width.text()) == width.what());
  CHECK(korean(width.text()) == "학습된 표의 열은 5개인데 D = 4입니다. --dims를 표의 너비로 맞추세요");

  const Error components = caught([&] { pca_project(Matrix::Identity(4, 4), 4); });
  CHECK(components.text() == Text{TextId::pca_components, {"4"}});
  CHECK(std::string(components.what()) == "PCA projects to 1, 2 or 3 components (got 4)");

  // A base whose inverse overflows, inside a config.json: the rule's sentence is a part of the
  // config's, so the whole message is Korean.
  const Error theta =
      caught([] { parse_model_config(R"({"head_dim": 64, "rope_theta": 1e-320})", "config.json"); });
  INFO(theta.what());
  CHECK(english(theta.text()) == theta.what());
  const std::string theta_ko = korean(theta.text());
  INFO(theta_ko);
  CHECK(theta_ko.find("base는 0보다 큰 유한한 수") != std::string::npos);
  CHECK(theta_ko.find("must be") == std::string::npos);
}

TEST_CASE("the OS's reasons are sentences with glibc's English", "[errors][i18n]") {
  CHECK(os_error_text(ENOENT) == Text{TextId::os_no_such_file});
  CHECK(english(os_error_text(EACCES)) == "Permission denied");
  CHECK(english(os_error_text(ENOSPC)) == "No space left on device");
  CHECK(english(os_error_text(EROFS)) == "Read-only file system");
  CHECK(korean(os_error_text(EACCES)) == "권한이 없습니다");
  // Any other errno: the C library's text as the argument.
  CHECK(os_error_text(EIO) == Text{TextId::os_other, {"Input/output error"}});
  CHECK(english(Text{TextId::read_failed, {"t.npy"}, {os_error_text(EIO)}}) ==
        "cannot read t.npy: Input/output error");
  CHECK(korean(Text{TextId::write_failed, {"s.json"}, {os_error_text(ENOSPC)}})
            .find("장치에 남은 공간이 없습니다") != std::string::npos);
}

TEST_CASE("number_text: whole numbers in full, others in their shortest round-trip form") {
  CHECK(pelab::number_text(500000.0) == "500000");
  CHECK(pelab::number_text(-3.0) == "-3");
  CHECK(pelab::number_text(0.1) == "0.1");
  CHECK(pelab::number_text(-2.5) == "-2.5");
  CHECK(pelab::number_text(1e20) == "1e+20");
  CHECK(pelab::number_text(0.30000000000000004) == "0.30000000000000004");
  CHECK(std::stod(pelab::number_text(1.0 / 3.0)) == 1.0 / 3.0);
}

TEST_CASE("parse_pixel_size: WxH, digits only, within 320x240 .. 16384x16384") {
  using pelab::parse_pixel_size;
  CHECK(parse_pixel_size("--size", "800x600") == pelab::PixelSize{800, 600});
  CHECK(parse_pixel_size("--size", "320x240") == pelab::PixelSize{320, 240});
  CHECK(parse_pixel_size("--size", "16384x16384") == pelab::PixelSize{16384, 16384});
  // Text after the height, a sign, spaces, a missing part, or a side out of range: all refused, each with
  // the same sentence naming the limits and the text given.
  for (const char* bad :
       {"800x600junk", "100000x600", "800x16385", "319x240", "320x239", "-800x600", "+800x600", "800 x600",
        "800x", "x600", "800", "", "99999999999x600", "800x600x2", "0x0"}) {
    INFO(bad);
    CHECK_THROWS_WITH(
        parse_pixel_size("--size", bad),
        "--size: expected WxH with 320 <= W, 240 <= H, both <= 16384 (got '" + std::string(bad) + "')");
  }
}
