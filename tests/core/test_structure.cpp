// Rotation structure, linear fits, period spectra and kind texts of every encoding (docs/encodings.md §4, §5,
// §7). Every number is checked against an independent derivation: the table itself, a dense matrix product, a
// hand-reduced angle or a closed form.
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "pelab/encodings.hpp"
#include "pelab/kinds.hpp"
#include "pelab/rotation.hpp"
#include "pelab/structure.hpp"
#include "pelab/text.hpp"

using namespace pelab;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

constexpr double kPi = std::numbers::pi;

std::vector<std::int64_t> all_dims(std::int64_t d) {
  std::vector<std::int64_t> dims(static_cast<std::size_t>(d));
  std::iota(dims.begin(), dims.end(), std::int64_t{0});
  return dims;
}

}  // namespace

TEST_CASE("rotation_structure: pairs and frequencies are the table's own", "[structure]") {
  // sinusoidal, even D: pairs (2k, 2k+1), w_k = base^(−2k/D) as the same double expression.
  const RotationStructure sin8 = rotation_structure(encoding_params(EncodingKind::sinusoidal, 16, 8, 100.0));
  REQUIRE(sin8.exact());
  REQUIRE(sin8.pairs.size() == 4);
  for (std::int64_t k = 0; k < 4; ++k) {
    const RotationPair& pr = sin8.pairs[static_cast<std::size_t>(k)];
    CHECK(pr.sin_col == 2 * k);
    CHECK(pr.cos_col == 2 * k + 1);
    CHECK(pr.frequency == std::pow(100.0, -2.0 * static_cast<double>(k) / 8.0));
  }
  CHECK(sin8.pairing_rule == "pairs (2k, 2k+1)");
  CHECK(sin8.zero_columns.empty());
  CHECK(sin8.pair_of_column(5) == std::size_t{2});
  CHECK(!sin8.pair_of_column(8));

  // concat, D = 7: K = 3, pairs (k, k + 3), column 6 is zero; the table's entries are sin/cos of
  // exactly frequency · p (encode_grid evaluates them directly), so equality is bitwise.
  const EncodingParams cp = encoding_params(EncodingKind::sinusoidal_concat, 30, 7, 10000.0, 5);
  const RotationStructure c7 = rotation_structure(cp);
  REQUIRE(c7.exact());
  REQUIRE(c7.pairs.size() == 3);
  CHECK(c7.zero_columns == std::vector<std::int64_t>{6});
  const Matrix table = encode(cp);
  for (std::int64_t k = 0; k < 3; ++k) {
    const RotationPair& pr = c7.pairs[static_cast<std::size_t>(k)];
    CHECK(pr.sin_col == k);
    CHECK(pr.cos_col == k + 3);
    CHECK_THAT(pr.frequency, WithinRel(std::pow(10000.0, -static_cast<double>(k) / 2.0), 1e-14));
    for (std::int64_t r = 0; r < 30; ++r) {
      const double pos = static_cast<double>(5 + r);
      CHECK(table(r, k) == std::sin(pr.frequency * pos));
      CHECK(table(r, k + 3) == std::cos(pr.frequency * pos));
    }
  }
  CHECK(c7.pair_of_column(4) == std::size_t{1});
  CHECK(!c7.pair_of_column(6));

  // concat, D = 1: K = 0, no pairs, a single zero column, and still exact (T(k) = [0]).
  const RotationStructure c1 = rotation_structure(encoding_params(EncodingKind::sinusoidal_concat, 4, 1));
  CHECK(c1.exact());
  CHECK(c1.pairs.empty());
  CHECK(c1.zero_columns == std::vector<std::int64_t>{0});

  // fourier, N = 17, D = 6: w_k = 2^k π/16.
  const RotationStructure f6 = rotation_structure(encoding_params(EncodingKind::fourier, 17, 6));
  REQUIRE(f6.pairs.size() == 3);
  for (int k = 0; k < 3; ++k) CHECK_THAT(f6.pairs[k].frequency, WithinRel(std::ldexp(kPi, k) / 16.0, 1e-15));
  CHECK(f6.frequency_rule == "wₖ = 2^k π/(N−1)");

  CHECK_THROWS_AS(rotation_structure(encoding_params(EncodingKind::sinusoidal, 0, 4)), Error);
}

TEST_CASE("exact kinds: T(k) P_p = P_{p+k} to 1e-12, pairwise and dense, both conventions", "[structure]") {
  struct Case {
    EncodingKind kind;
    std::int64_t n, d;
    double base;
  };
  const std::vector<Case> cases = {
      {EncodingKind::sinusoidal, 40, 2, 10000.0},
      {EncodingKind::sinusoidal, 40, 8, 100.0},
      {EncodingKind::sinusoidal, 40, 64, 10000.0},
      {EncodingKind::sinusoidal_concat, 40, 1, 10000.0},
      {EncodingKind::sinusoidal_concat, 40, 2, 10000.0},
      {EncodingKind::sinusoidal_concat, 40, 7, 10000.0},
      {EncodingKind::sinusoidal_concat, 40, 16, 50.0},
      {EncodingKind::fourier, 17, 2, 1.0},
      {EncodingKind::fourier, 17, 12, 1.0},
      {EncodingKind::fourier, 64, 40, 1.0},
      {EncodingKind::fourier, 1, 4, 1.0},
  };
  for (const Case& c : cases) {
    for (std::int64_t start : {0, 1000}) {
      for (std::int64_t k : {0, 1, 5, 37, 1000, 3000, -3}) {
        if (start + k < 0) continue;
        // P_p for p = start..start+N−1 and P_{p+k} for the same p, from two independent tables.
        const EncodingParams p = encoding_params(c.kind, c.n, c.d, c.base, start);
        EncodingParams shifted = p;
        shifted.start = start + k;
        const Matrix x = encode(p), y = encode(shifted);
        const RotationStructure s = rotation_structure(p);
        INFO(to_string(c.kind) << " N=" << c.n << " D=" << c.d << " start=" << start << " k=" << k);
        REQUIRE(s.exact());
        CHECK(rotation_residuals(p, s, x, y, k).maxCoeff() <= 1e-12);
        // Dense: column vectors y_p = T x_p, i.e. Y = X Tᵀ; row vectors Y = X T_row.
        const std::vector<std::int64_t> dims = all_dims(c.d);
        const Matrix tc = rotation_window(p, s, k, dims, RotationConvention::column);
        const Matrix tr = rotation_window(p, s, k, dims, RotationConvention::row);
        CHECK(tr == tc.transpose());
        CHECK((x * tc.transpose() - y).cwiseAbs().maxCoeff() <= 1e-12);
        CHECK((x * tr - y).cwiseAbs().maxCoeff() <= 1e-12);
      }
    }
  }
  // fourier at shifts far past any double-rounded w·k: the exact reduction keeps 1e-12.
  for (std::int64_t k : {std::int64_t{123456789012}, (std::int64_t{1} << 50) + 7}) {
    const EncodingParams p = encoding_params(EncodingKind::fourier, 17, 80, 1.0, 1000);
    EncodingParams shifted = p;
    shifted.start = 1000 + k;
    const RotationStructure s = rotation_structure(p);
    CHECK(rotation_residuals(p, s, encode(p), encode(shifted), k).maxCoeff() <= 1e-12);
  }
}

TEST_CASE("rotation_window entries by hand; sinusoidal equals rotation_matrix", "[structure]") {
  // concat D = 7, k = 4, window {0, 3, 6, 1}: pair 0 is (0, 3) with w_0 = 1, so angle 4; column 6 is
  // zero; column 1 belongs to pair 1, not in the window with its partner 4: only its cos on the diagonal.
  const EncodingParams cp = encoding_params(EncodingKind::sinusoidal_concat, 10, 7, 10000.0);
  const RotationStructure s = rotation_structure(cp);
  const std::vector<std::int64_t> dims = {0, 3, 6, 1};
  const Matrix t = rotation_window(cp, s, 4, dims, RotationConvention::column);
  const double w1 = std::pow(10000.0, -0.5);
  Matrix expected(4, 4);
  expected << std::cos(4.0), std::sin(4.0), 0, 0,  //
      -std::sin(4.0), std::cos(4.0), 0, 0,         //
      0, 0, 0, 0,                                  //
      0, 0, 0, std::cos(4.0 * w1);
  CHECK((t - expected).cwiseAbs().maxCoeff() <= 1e-15);

  // sinusoidal, even D: the full window is rotation_matrix exactly, and a partial window is its
  // sub-matrix (rows and columns following dims).
  const EncodingParams sp = encoding_params(EncodingKind::sinusoidal, 10, 16, 10000.0);
  const RotationStructure ss = rotation_structure(sp);
  const std::vector<std::int64_t> some = {3, 4, 5, 10, 2};
  for (auto conv : {RotationConvention::column, RotationConvention::row}) {
    const Matrix full = rotation_matrix(16, 10000.0, 7.0, conv);
    CHECK(rotation_window(sp, ss, 7, all_dims(16), conv) == full);
    const Matrix part = rotation_window(sp, ss, 7, some, conv);
    for (std::size_t r = 0; r < some.size(); ++r) {
      for (std::size_t c = 0; c < some.size(); ++c) CHECK(part(r, c) == full(some[r], some[c]));
    }
  }
  const std::vector<std::int64_t> outside = {16};
  CHECK_THROWS_AS(rotation_window(sp, ss, 1, outside, RotationConvention::column), Error);
}

TEST_CASE("fourier angles are reduced exactly, even in high bands", "[structure]") {
  // N = 17, M = 16, 2M = 32. Band 3, k = 5: 8·5 = 40 ≡ 8 (mod 32) → 8π/16 = π/2. Band 4, k = 3:
  // 16·3 = 48 ≡ 16 → π. Band 40, any k: 2^40 ≡ 0 (mod 32) → 0 (a band that aliases to a constant).
  const EncodingParams p17 = encoding_params(EncodingKind::fourier, 17, 82, 1.0);
  const RotationStructure s17 = rotation_structure(p17);
  REQUIRE(s17.pairs.size() == 41);
  const std::vector<double> a5 = rotation_angles(p17, s17, 5);
  CHECK(a5[3] == kPi * 8.0 / 16.0);
  CHECK(a5[40] == 0.0);
  CHECK(rotation_angles(p17, s17, 3)[4] == kPi);
  // N = 13, M = 12, 2M = 24: 2^40 = 8·2^37 and 2^37 ≡ 2 (mod 3), so 2^40 ≡ 16 (mod 24); k = 5:
  // 80 ≡ 8 → 8π/12 = 2π/3. k = −5: −80 ≡ 16 → 16π/12 = 4π/3.
  const EncodingParams p13 = encoding_params(EncodingKind::fourier, 13, 82, 1.0);
  const RotationStructure s13 = rotation_structure(p13);
  CHECK(rotation_angles(p13, s13, 5)[40] == kPi * 8.0 / 12.0);
  CHECK(rotation_angles(p13, s13, -5)[40] == kPi * 16.0 / 12.0);
  // Other kinds: w·k in double.
  const EncodingParams sp = encoding_params(EncodingKind::sinusoidal, 8, 4, 100.0);
  const std::vector<double> a = rotation_angles(sp, rotation_structure(sp), 9);
  CHECK(a == std::vector<double>{9.0, 0.1 * 9.0});
}

TEST_CASE("kinds without an exact T(k) say why; odd D too", "[structure]") {
  const std::vector<EncodingParams> inexact = {
      encoding_params(EncodingKind::integer, 20, 4), encoding_params(EncodingKind::normalized, 20, 4),
      encoding_params(EncodingKind::binary, 20, 4),  encoding_params(EncodingKind::sigmoid, 20, 4),
      encoding_params(EncodingKind::learned, 20, 4), encoding_params(EncodingKind::sinusoidal, 20, 7),
      encoding_params(EncodingKind::fourier, 20, 5),
  };
  for (const EncodingParams& p : inexact) {
    const RotationStructure s = rotation_structure(p);
    INFO(to_string(p.kind) << " D=" << p.dims);
    CHECK(!s.exact());
    CHECK(s.pairs.empty());
    CHECK(s.why_not.find(std::string(to_string(p.kind))) == 0);
    const Matrix t = encode(p);
    CHECK_THROWS_AS(rotation_residuals(p, s, t, t, 1), Error);
    CHECK_THROWS_AS(rotation_window(p, s, 1, all_dims(p.dims), RotationConvention::column), Error);
  }
  CHECK_THAT(rotation_structure(encoding_params(EncodingKind::sinusoidal, 20, 7)).why_not,
             Catch::Contains("no cosine partner"));
  // normalized with N = 1 is 0 everywhere: T(k) = 0 is exact.
  const EncodingParams flat = encoding_params(EncodingKind::normalized, 1, 3);
  const RotationStructure fs = rotation_structure(flat);
  CHECK(fs.exact());
  CHECK(fs.zero_columns == std::vector<std::int64_t>{0, 1, 2});
  EncodingParams later = flat;
  later.start = 9;
  CHECK(rotation_residuals(flat, fs, encode(flat), encode(later), 9)[0] == 0.0);
}

TEST_CASE("fit_linear_map: integer leaves the closed-form residual, a sinusoid window none", "[structure]") {
  // Integer, p = 0..19 against p + 3. With one column the best m minimises Σ (m p − (p + 3))²:
  // m = Σ p(p + 3) / Σ p², residual max_p |m p − p − 3|. With D = 3 every column equals p, so the
  // best map gives the same rows (only the row sums of M matter).
  const std::int64_t n = 20, k = 3;
  double spk = 0.0, spp = 0.0;
  for (std::int64_t p = 0; p < n; ++p) {
    spk += static_cast<double>(p * (p + k));
    spp += static_cast<double>(p * p);
  }
  const double m = spk / spp;  // (2470 + 3·190) / 2470 = 16/13
  double expected = 0.0;
  for (std::int64_t p = 0; p < n; ++p)
    expected = std::max(expected, std::abs(m * static_cast<double>(p) - static_cast<double>(p + k)));
  CHECK_THAT(m, WithinRel(16.0 / 13.0, 1e-15));
  CHECK_THAT(expected, WithinAbs(3.0, 1e-12));  // at p = 0 the map gives 0, not 3
  for (std::int64_t d : {1, 3}) {
    const EncodingParams p = encoding_params(EncodingKind::integer, n + k, d);
    const Matrix t = encode(p);
    const LinearFit fit = fit_linear_map(t.topRows(n), t.bottomRows(n), all_dims(d));
    INFO("D=" << d);
    CHECK_THAT(fit.largest, WithinAbs(expected, 1e-9));
    CHECK_THAT(fit.map.sum() / static_cast<double>(d), WithinAbs(m, 1e-9));
    CHECK(!fit.underdetermined);
  }
  // Sinusoid, D = 8, window {2, 3, 4, 5}: exactly rotatable, so the fit finds T(k) itself.
  const EncodingParams sp = encoding_params(EncodingKind::sinusoidal, 205, 8, 100.0);
  const Matrix st = encode(sp);
  const std::vector<std::int64_t> window = {2, 3, 4, 5};
  const LinearFit sf = fit_linear_map(st.topRows(200), st.bottomRows(200), window);
  CHECK(sf.largest <= 1e-9);
  CHECK(sf.residuals.size() == 200);
  CHECK(!sf.underdetermined);
  const Matrix t5 = rotation_window(sp, rotation_structure(sp), 5, window, RotationConvention::column);
  CHECK((sf.map - t5).cwiseAbs().maxCoeff() <= 1e-8);
  // Three rows, four columns: some map fits exactly, and the flag says so.
  const LinearFit under = fit_linear_map(st.topRows(3), st.middleRows(5, 3), window);
  CHECK(under.underdetermined);
  CHECK(under.largest <= 1e-9);
  CHECK_THROWS_AS(fit_linear_map(st.topRows(3), st.topRows(4), window), Error);
}

TEST_CASE("period_spectrum: hand values per kind", "[structure]") {
  // binary: bit i repeats every 2^(i+1); bit 3 → 16.
  const EncodingParams bp = encoding_params(EncodingKind::binary, 10, 8);
  const PeriodSpectrum b = period_spectrum(bp);
  REQUIRE(b.periods.size() == 8);
  CHECK(b.periods[3] == 16.0);
  CHECK(b.columns[3] == 3);
  CHECK(b.band_label == "bit i");
  CHECK(!b.aliasing_limit);
  CHECK(b.why_none.empty());
  CHECK(period_spectrum(encoding_params(EncodingKind::binary, 10, 70)).periods.size() == 62);
  CHECK(!band_of_column(encoding_params(EncodingKind::binary, 10, 70), 62));
  CHECK(band_of_column(bp, 5) == std::size_t{5});

  // fourier, N = 17: λ_k = 2·16/2^k, band 3 → 4; bands at or below 2 positions alias.
  const EncodingParams fp = encoding_params(EncodingKind::fourier, 17, 8);
  const PeriodSpectrum f = period_spectrum(fp);
  REQUIRE(f.periods.size() == 4);
  CHECK(f.periods[3] == 4.0);
  CHECK(f.columns == std::vector<std::int64_t>{0, 2, 4, 6});
  CHECK(f.aliasing_limit == 2.0);
  CHECK(band_of_column(fp, 7) == std::size_t{3});

  // sinusoidal, base 100, D = 4: λ_0 = 2π, λ_1 = 2π·100^(2/4) = 20π; bounds 2π and 200π.
  const PeriodSpectrum s = period_spectrum(encoding_params(EncodingKind::sinusoidal, 10, 4, 100.0));
  REQUIRE(s.periods.size() == 2);
  CHECK_THAT(s.periods[0], WithinAbs(2.0 * kPi, 1e-12));
  CHECK_THAT(s.periods[1], WithinAbs(20.0 * kPi, 1e-12));
  CHECK(s.band_label == "pair k");
  REQUIRE(s.bounds.size() == 2);
  CHECK_THAT(s.bounds[1].first, WithinAbs(200.0 * kPi, 1e-10));
  CHECK(s.bounds[1].second == "2π·base");
  CHECK(!s.aliasing_limit);

  // concat, D = 7, base 10000: K = 3, λ_k = 2π·10000^(k/2) = {2π, 200π, 20000π}; column 6 has no band.
  const EncodingParams cp = encoding_params(EncodingKind::sinusoidal_concat, 10, 7, 10000.0);
  const PeriodSpectrum c = period_spectrum(cp);
  REQUIRE(c.periods.size() == 3);
  CHECK_THAT(c.periods[2], WithinRel(20000.0 * kPi, 1e-14));
  CHECK(c.columns == std::vector<std::int64_t>{0, 1, 2});
  CHECK(band_of_column(cp, 4) == std::size_t{1});
  CHECK(!band_of_column(cp, 6));
  CHECK(!period_spectrum(encoding_params(EncodingKind::sinusoidal_concat, 10, 1)).why_none.empty());

  // No periods: one sentence each; sigmoid's names its single rise around t_i.
  for (EncodingKind kind :
       {EncodingKind::integer, EncodingKind::normalized, EncodingKind::sigmoid, EncodingKind::learned}) {
    const PeriodSpectrum none = period_spectrum(encoding_params(kind, 10, 4));
    CHECK(none.periods.empty());
    CHECK(none.columns.empty());
    CHECK(!none.why_none.empty());
    CHECK(!band_of_column(encoding_params(kind, 10, 4), 0));
  }
  CHECK_THAT(period_spectrum(encoding_params(EncodingKind::sigmoid, 10, 4)).why_none,
             Catch::Contains("p ≈ tᵢ"));
}

TEST_CASE("kind texts and the parameters each kind reads", "[structure]") {
  for (EncodingKind kind : all_encoding_kinds()) {
    const std::string name(to_string(kind));
    INFO(name);
    CHECK(!kind_text(kind).formula.empty());
    CHECK(!kind_text(kind).lesson.empty());
    const bool reads_base = kind == EncodingKind::sinusoidal || kind == EncodingKind::sinusoidal_concat ||
                            kind == EncodingKind::sigmoid;
    const auto base = unused_parameter_reason(kind, KindParameter::base);
    CHECK(base.has_value() == !reads_base);
    if (base) CHECK(base->find(name + " ignores base") == 0);
    CHECK(unused_parameter_reason(kind, KindParameter::binary_signed).has_value() ==
          (kind != EncodingKind::binary));
    CHECK(unused_parameter_reason(kind, KindParameter::sigma).has_value() == (kind != EncodingKind::learned));
    CHECK(unused_parameter_reason(kind, KindParameter::seed).has_value() == (kind != EncodingKind::learned));
    CHECK(base_meaning(kind).find("base") != std::string_view::npos);
  }
  for (EncodingKind kind : all_encoding_kinds())
    CHECK(reads(kind, KindParameter::table) == (kind == EncodingKind::learned));
  // The lists in pelab-cli's and CONFIG's messages, in the table's order (docs/encodings.md §4.s order).
  CHECK(kinds_reading(KindParameter::base) == "sigmoid, sinusoidal, sinusoidal-concat");
  CHECK(kinds_reading(KindParameter::binary_signed) == "binary");
  CHECK(kinds_reading(KindParameter::table) == "learned");
  CHECK(kind_names() ==
        "integer, normalized, binary, sigmoid, sinusoidal, sinusoidal-concat, learned, fourier");
  CHECK(*unused_parameter_reason(EncodingKind::fourier, KindParameter::base) ==
        "fourier ignores base: its bands are 2^k π/(N−1), fixed by N.");
  CHECK(base_meaning(EncodingKind::sinusoidal).find("base^{−2k/D}") != std::string_view::npos);
}

TEST_CASE("a structure built for another D is refused", "[structure]") {
  const EncodingParams wide = encoding_params(EncodingKind::sinusoidal, 5, 8);
  const EncodingParams narrow = encoding_params(EncodingKind::sinusoidal, 5, 4);
  const RotationStructure s = rotation_structure(wide);
  const Matrix t = encode(narrow);
  CHECK_THROWS_WITH(rotation_residuals(narrow, s, t, t, 1), Catch::Contains("outside this table's D = 4"));
  CHECK_THROWS_AS(rotation_window(narrow, s, 1, all_dims(4), RotationConvention::row), Error);
}

TEST_CASE("the sentences of the structure carry ids whose English is the sentence itself",
          "[structure][text]") {
  // The app translates by id and formats the arguments in; the English fields stay what the CLI
  // prints. Both must be the same sentence for every kind, with even and odd D and N = 1.
  for (EncodingKind kind : all_encoding_kinds()) {
    for (const auto& [n, d] : {std::pair<std::int64_t, std::int64_t>{16, 8}, {16, 7}, {1, 4}, {16, 1}}) {
      const EncodingParams p = encoding_params(kind, n, d);
      INFO(to_string(kind) << " N = " << n << " D = " << d);
      const RotationStructure s = rotation_structure(p);
      CHECK(english(s.why_not_text) == s.why_not);
      CHECK(english(s.pairing_text) == s.pairing_rule);
      CHECK(s.why_not_text.empty() == s.exact());
      const PeriodSpectrum spectrum = period_spectrum(p);
      CHECK(english(spectrum.why_none_text) == spectrum.why_none);
      CHECK(english(spectrum.band_text) == spectrum.band_label);
      if (!spectrum.rule_text.empty()) CHECK(english(spectrum.rule_text) == spectrum.rule);
    }
  }
  // The odd-D sentence names its kind through an argument, not through its id.
  const RotationStructure odd = rotation_structure(encoding_params(EncodingKind::fourier, 16, 7));
  CHECK(odd.why_not_text == Text{TextId::rotation_why_not_odd_d, {"fourier"}});
  CHECK(format_pattern("{1} and {0}, {2}", {"a", "b"}) == "b and a, {2}");
  // One pass: an argument that itself reads "{1}" is not replaced again; a formula's braces stay.
  CHECK(format_pattern("{0}{1}", {"{1}", "x"}) == "{1}x");
  CHECK(format_pattern("w = base^{-2i/D}, {0}", {"D = 8"}) == "w = base^{-2i/D}, D = 8");
  // Every id has a key and an English pattern, and no two share a key.
  std::set<std::string_view> keys;
  for (TextId id : all_text_ids()) {
    CHECK_FALSE(text_key(id).empty());
    CHECK_FALSE(text_pattern(id).empty());
    CHECK(keys.insert(text_key(id)).second);
  }
}
