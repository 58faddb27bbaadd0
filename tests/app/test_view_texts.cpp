// What the similarity, rotation and spectrum views say and plot (ui/view_texts.hpp), checked against
// values worked out here from the encodings' formulas, in both languages; and where wrapped text breaks.
#include <imgui.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "pelab/encodings.hpp"
#include "plot/plot.hpp"
#include "plot/rich_text.hpp"
#include "state/i18n.hpp"
#include "state/view_data.hpp"
#include "ui/soft_wrap.hpp"
#include "ui/view_texts.hpp"

using namespace pelab;
using namespace pelab::app;

namespace {

void load_both_languages() {
  std::vector<std::string> problems;
  REQUIRE(load_strings(std::filesystem::path(PELAB_SOURCE_DIR) / "assets" / "i18n", problems));
}

EncodingParams sinusoid(std::int64_t n, std::int64_t d, double base) {
  EncodingParams e;
  e.kind = EncodingKind::sinusoidal;
  e.positions = n;
  e.dims = d;
  e.base = base;
  return e;
}

// P[p, i] of the interleaved sinusoid, from its definition: sin at 2k, cos at 2k + 1, w_k = base^(−2k/D).
double sinusoid_cell(std::int64_t p, std::int64_t i, std::int64_t d, double base) {
  const double w = std::pow(base, -2.0 * static_cast<double>(i / 2) / static_cast<double>(d));
  return i % 2 == 0 ? std::sin(w * static_cast<double>(p)) : std::cos(w * static_cast<double>(p));
}

SimilarityData similarity_of(const EncodingParams& e) {
  const TableKey key{e, nullptr, ""};
  const TableData table = compute_table(key);
  return compute_similarity(SimilarityKey{key, SimilarityMetric::dot}, table);
}

}  // namespace

TEST_CASE("the similarity subtitle names the closed form only where S is the offset sum",
          "[view_texts][similarity]") {
  load_both_languages();
  set_language(Language("en"));
  const double base = 100.0;

  SECTION("even D: S[p, q] = Σₖ cos(wₖ (q − p)), and the subtitle says so") {
    const EncodingParams e = sinusoid(12, 8, base);
    const SimilarityData s = similarity_of(e);
    REQUIRE(s.error.empty());
    for (int p = 0; p < 12; ++p) {
      for (int q = 0; q < 12; ++q) {
        double sum = 0.0;
        for (int k = 0; k < 4; ++k) sum += std::cos(std::pow(base, -2.0 * k / 8.0) * (q - p));
        CHECK(s.exact(p, q) == Approx(sum).margin(1e-12));
      }
    }
    const std::string key = ui::similarity_method_key(s, e);
    CHECK(key == "views.similarity.method.closed_form");
    CHECK(std::string(tr(key.c_str())).find("Σₖ cos(wₖ (q − p))") != std::string::npos);
  }

  SECTION("odd D: S is P Pᵀ with the lone sine column, not a function of q − p, and the subtitle says P Pᵀ") {
    const std::int64_t n = 12, d = 7;
    const EncodingParams e = sinusoid(n, d, base);
    const SimilarityData s = similarity_of(e);
    REQUIRE(s.error.empty());
    for (std::int64_t p = 0; p < n; ++p) {
      for (std::int64_t q = 0; q < n; ++q) {
        double dot = 0.0;
        for (std::int64_t i = 0; i < d; ++i)
          dot += sinusoid_cell(p, i, d, base) * sinusoid_cell(q, i, d, base);
        CHECK(s.exact(p, q) == Approx(dot).margin(1e-12));
      }
    }
    // The same offset q − p = 1 gives different values: the offset sum alone cannot be what is drawn.
    CHECK(std::abs(s.exact(0, 1) - s.exact(5, 6)) > 1e-3);
    const std::string key = ui::similarity_method_key(s, e);
    CHECK(key == "views.similarity.method.gram_odd");
    for (Language language : {Language("en"), Language("ko")}) {
      set_language(language);
      const std::string text = tr(key.c_str());
      CHECK(text.find("P P^{T}") != std::string::npos);
      CHECK(text.find("Σₖ cos(wₖ (q − p))") == std::string::npos);
    }
    set_language(Language("en"));
  }

  SECTION("other kinds: the Gram matrix") {
    EncodingParams e = sinusoid(12, 8, base);
    e.kind = EncodingKind::binary;
    const SimilarityData s = similarity_of(e);
    REQUIRE(s.error.empty());
    // Bits of 5 = 101b and 6 = 110b share bit 2 only.
    CHECK(s.exact(5, 6) == 1.0);
    CHECK(std::string(ui::similarity_method_key(s, e)) == "views.similarity.method.gram");
    CHECK(std::string(tr("views.similarity.method.gram")).find("P P^{T}") != std::string::npos);
  }
}

TEST_CASE("a residual of exactly 0 is plotted as 0, not as a small number", "[view_texts][rotation]") {
  load_both_languages();
  SECTION("k = 0: T(0) is the identity, every residual is exactly 0, drawn at 0 on a linear axis") {
    for (std::int64_t n : {1, 24}) {
      INFO("N = " << n);
      const EncodingParams e = sinusoid(n, 8, 10000.0);
      const TableKey key{e, nullptr, ""};
      const TableData table = compute_table(key);
      const ResidualData residual = compute_residual(ResidualKey{key, 0}, table);
      REQUIRE(residual.error.empty());
      REQUIRE(residual.residuals.size() == static_cast<std::size_t>(n));
      for (double r : residual.residuals) CHECK(r == 0.0);  // the exported array holds exact zeros
      const ui::ResidualPoints points = ui::residual_points(residual.positions, residual.residuals);
      CHECK(points.values.empty());
      CHECK(points.zero_positions == residual.positions);
      CHECK_FALSE(points.log_axis);
      for (double y : points.zero_values()) CHECK(y == 0.0);
    }
  }
  SECTION("zeros among positive residuals: on a floor a decade below the smallest, the rest as they are") {
    const std::vector<double> positions = {0, 1, 2, 3, 4};
    const std::vector<double> residuals = {0.0, 2.5e-16, 0.0, 4.0e-15, 1.1e-16};
    const ui::ResidualPoints points = ui::residual_points(positions, residuals);
    CHECK(points.log_axis);
    CHECK(points.positions == std::vector<double>{1, 3, 4});
    CHECK(points.values == std::vector<double>{2.5e-16, 4.0e-15, 1.1e-16});
    CHECK(points.zero_positions == std::vector<double>{0, 2});
    // 1.1e-16 lies in the decade [1e-16, 1e-15): the floor is 1e-17, below every real value.
    CHECK(points.floor == Approx(1e-17).epsilon(1e-12));
  }
  SECTION("the notes on the floor exist in both languages") {
    for (const char* key : {"views.rotation.zero_note", "views.rotation.zero_note_all"}) {
      INFO(key);
      set_language(Language("en"));
      const std::string en = tr(key);
      set_language(Language("ko"));
      const std::string ko = tr(key);
      set_language(Language("en"));
      CHECK(en.find("exactly 0") != std::string::npos);
      CHECK(en.find("floor") != std::string::npos);
      CHECK(ko.find("정확히 0") != std::string::npos);
      CHECK(ko.find("바닥") != std::string::npos);
    }
  }
}

TEST_CASE("the binary spectrum's note counts the bits it draws and names the ones it does not",
          "[view_texts][spectrum]") {
  load_both_languages();
  set_language(Language("en"));
  EncodingParams e = sinusoid(64, 64, 10000.0);
  e.kind = EncodingKind::binary;
  SECTION("D = 64, N = 64: bits 0-61 drawn; bit i's period 2^(i+1) exceeds 64 from i = 6 on: 56 of 62") {
    const std::string note = ui::spectrum_note(period_spectrum(e), e);
    INFO(note);
    CHECK(note.find("period of bit i = 2^{i+1}") != std::string::npos);
    CHECK(note.find("2^(i+1)") == std::string::npos);
    CHECK(note.find("56 of these 62 bits never complete a period within N = 64") != std::string::npos);
    CHECK(note.find("Bits 62–63 are not drawn") != std::string::npos);
    set_language(Language("ko"));
    const std::string ko = ui::spectrum_note(period_spectrum(e), e);
    INFO(ko);
    CHECK(ko.find("이 비트 62개 중 56개는 N = 64") != std::string::npos);
    CHECK(ko.find("62–63번 비트") != std::string::npos);
    set_language(Language("en"));
  }
  SECTION("D = 63: only bit 62 is left out") {
    e.dims = 63;
    const std::string note = ui::spectrum_note(period_spectrum(e), e);
    INFO(note);
    CHECK(note.find("56 of these 62 bits") != std::string::npos);
    CHECK(note.find("Bit 62 is not drawn") != std::string::npos);
  }
  SECTION("D = 8, N = 10: periods 2, 4, 8 fit, 16 to 256 do not: 5 of 8, nothing left out") {
    e.dims = 8;
    e.positions = 10;
    const std::string note = ui::spectrum_note(period_spectrum(e), e);
    INFO(note);
    CHECK(note.find("5 of these 8 bits never complete a period within N = 10") != std::string::npos);
    CHECK(note.find("not drawn") == std::string::npos);
  }
}

namespace {

// An ImGui context with its default font, inside a frame: what text measuring needs (no renderer).
struct FontFrame {
  FontFrame() {
    ImGui::CreateContext();
    plot::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.Fonts->AddFontDefault();
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    io.DisplaySize = ImVec2(800, 600);
    io.DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
  }
  ~FontFrame() {
    ImGui::EndFrame();
    plot::DestroyContext();
    ImGui::DestroyContext();
  }
  FontFrame(const FontFrame&) = delete;
  FontFrame& operator=(const FontFrame&) = delete;
};

float text_width(const std::string& text) { return ImGui::CalcTextSize(text.c_str()).x; }

// Where ImGui's own word wrap ends the first line: what TextWrapped / TextUnformatted drew before.
std::string imgui_first_line(const std::string& text, float width) {
  const char* end =
      ImGui::GetFont()->CalcWordWrapPositionA(1.0f, text.c_str(), text.c_str() + text.size(), width);
  return std::string(text.c_str(), end);
}

std::string joined(const std::vector<std::string>& lines, const char* separator) {
  std::string out;
  for (const std::string& line : lines) out += (out.empty() ? "" : separator) + line;
  return out;
}

}  // namespace

TEST_CASE("wrapped text breaks at spaces, never inside a number or a file name", "[view_texts][wrap]") {
  const FontFrame frame;
  for (const plot::TextMarkup markup : {plot::TextMarkup::plain, plot::TextMarkup::rich}) {
    SECTION("the scorecard's 2.95") {
      const std::string text = "so the steps vary by 2.95 times their mean";
      // Room for "... vary by 2." but not for "... vary by 2.95": ImGui broke the number there.
      const float width = text_width("so the steps vary by 2.") + 1.0f;
      REQUIRE(width < text_width("so the steps vary by 2.95"));
      CHECK(imgui_first_line(text, width) == "so the steps vary by 2.");
      const std::vector<std::string> lines = plot::WrapTextLines(text, width, markup);
      INFO(joined(lines, " | "));
      CHECK(lines.size() >= 2);
      CHECK(lines[0] == "so the steps vary by");
      CHECK(lines[1].rfind("2.95 ", 0) == 0);
      for (const std::string& line : lines) CHECK(text_width(line) <= width);
      CHECK(joined(lines, " ") == text);
    }
    SECTION("the Korean 0.295") {
      const std::string text = "간격의 표준편차가 평균의 0.295만큼 다릅니다";
      const float width = text_width("간격의 표준편차가 평균의 0.") + 1.0f;
      REQUIRE(width < text_width("간격의 표준편차가 평균의 0.295만큼"));
      CHECK(imgui_first_line(text, width) == "간격의 표준편차가 평균의 0.");
      const std::vector<std::string> lines = plot::WrapTextLines(text, width, markup);
      INFO(joined(lines, " | "));
      REQUIRE(lines.size() >= 2);
      CHECK(lines[0] == "간격의 표준편차가 평균의");
      CHECK(lines[1].rfind("0.295만큼", 0) == 0);
      CHECK(joined(lines, " ") == text);
    }
  }
  SECTION("a path wider than the line breaks after a '/', its file name whole") {
    const std::string text = "wrote /tmp/pelab-exports/heatmap-table.npy";
    const float width = text_width("/tmp/pelab-exports/heatmap-table.") + 1.0f;
    REQUIRE(width < text_width("/tmp/pelab-exports/heatmap-table.npy"));
    // ImGui's wrap cut the path inside its file name: "heatmap-table." / "npy".
    CHECK(imgui_first_line("/tmp/pelab-exports/heatmap-table.npy", width) ==
          "/tmp/pelab-exports/heatmap-table.");
    const std::vector<std::string> lines = plot::WrapTextLines(text, width, plot::TextMarkup::plain);
    INFO(joined(lines, " | "));
    CHECK(lines == std::vector<std::string>{"wrote /tmp/pelab-exports/", "heatmap-table.npy"});
    // A message's indented second line keeps its indent; the path's continuation starts at the margin.
    const std::string message = "cannot read:\n  /tmp/pelab-exports/heatmap-table.npy";
    CHECK(plot::WrapTextLines(message, width, plot::TextMarkup::plain) ==
          std::vector<std::string>{"cannot read:", "  /tmp/pelab-exports/", "heatmap-table.npy"});
  }
  SECTION("plain text keeps an underscore as written; rich text makes it a subscript") {
    const std::string name = "heatmap_a.npy";
    CHECK(plot::CalcRichTextWrappedSize(name, 0.0f, plot::TextMarkup::plain).x == text_width(name));
    CHECK(plot::CalcRichTextWrappedSize(name, 0.0f, plot::TextMarkup::rich).x < text_width(name));
  }
}

TEST_CASE("a multi-line field's text wraps at spaces and unwraps after an edit", "[view_texts][wrap]") {
  // Every byte one unit wide: the lines are worked out by counting.
  const auto bytes = [](std::string_view line) { return static_cast<float>(line.size()); };
  using ui::soft_wrap;
  using ui::unwrap_edit;
  // "the cat sat on the mat" at 7: "the cat" (7) fits, "the cat sat" (11) does not.
  CHECK(soft_wrap("the cat sat on the mat", 7.0f, bytes) == "the cat\nsat on\nthe mat");
  CHECK(soft_wrap("the cat sat on the mat", 100.0f, bytes) == "the cat sat on the mat");
  CHECK(soft_wrap("the cat sat on the mat", 0.0f, bytes) == "the cat sat on the mat");
  // The user's own line breaks stay, and each paragraph wraps on its own.
  CHECK(soft_wrap("ab cd\nef gh ij", 5.0f, bytes) == "ab cd\nef gh\nij");
  // A word wider than the line keeps a line of its own; runs of spaces end a line at their last space.
  CHECK(soft_wrap("a 0.000001 b", 4.0f, bytes) == "a\n0.000001\nb");
  CHECK(soft_wrap("ab   cd", 4.0f, bytes) == "ab  \ncd");
  CHECK(soft_wrap("  leading", 4.0f, bytes) == "  leading");  // no empty first line
  // Korean: the width counts bytes here, three per syllable; breaks at the space.
  CHECK(soft_wrap("위치 부호화", 9.0f, bytes) == "위치\n부호화");

  const std::string text = "the cat sat on the mat\nand then left";
  const std::string shown = soft_wrap(text, 7.0f, bytes);
  REQUIRE(shown == "the cat\nsat on\nthe mat\nand\nthen\nleft");
  // Nothing edited: the text as it was.
  CHECK(unwrap_edit(text, shown, shown) == text);
  // A word typed in the first line: both soft breaks after it are found in the unchanged end.
  const std::string typed = shown.substr(0, 4) + "big " + shown.substr(4);
  CHECK(unwrap_edit(text, shown, typed) == "the big cat sat on the mat\nand then left");
  // Enter typed after "sat": a paragraph of the user's, kept as a line break.
  const std::string entered = shown.substr(0, 11) + "\n" + shown.substr(11);
  CHECK(unwrap_edit(text, shown, entered) == "the cat sat\n on the mat\nand then left");
  // The soft break after "cat" deleted (backspace at the start of "sat"): the words join.
  const std::string joined = shown.substr(0, 7) + shown.substr(8);
  CHECK(unwrap_edit(text, shown, joined) == "the catsat on the mat\nand then left");
  // Everything replaced: no soft break is left.
  CHECK(unwrap_edit(text, shown, "new") == "new");
}
