// pelab-cli rope-frequencies and rope's scaling options: the JSON and .npy outputs against values
// derived by hand (D = 8, base 10000: theta_i = 1, 0.1, 0.01, 0.001; see tests/core/test_rope_scaling.cpp
// for the derivations), --config presets, and every refusal (exit code, one line, no file).
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <numbers>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "pelab/io/npy.hpp"

using namespace cli_test;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

constexpr double kPi = std::numbers::pi;

std::string models(const std::string& name) {
  return (std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() / "assets" / "models" /
          name)
      .string();
}

struct Frequencies {
  std::vector<double> inv_freq;
  double attention_factor = 0.0;
  std::vector<std::string> warnings;  // stderr's "pelab-cli: warning: " lines, without that prefix
};

// Runs rope-frequencies ... --json, requires success, parses stdout.
Frequencies run_json(std::vector<std::string> args) {
  args.insert(args.begin(), "rope-frequencies");
  args.push_back("--json");
  const RunResult r = run_cli(args);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  // Nothing on stderr but warnings, one line each.
  std::vector<std::string> warnings;
  for (std::size_t at = 0; at < r.err.size();) {
    const std::size_t end = r.err.find('\n', at);
    REQUIRE(end != std::string::npos);
    const std::string line = r.err.substr(at, end - at);
    REQUIRE(line.starts_with("pelab-cli: warning: "));
    warnings.push_back(line.substr(20));
    at = end + 1;
  }
  REQUIRE(!r.out.empty());
  REQUIRE(r.out.back() == '\n');
  REQUIRE(r.out.find('\n') == r.out.size() - 1);  // one line
  const nlohmann::json j = nlohmann::json::parse(r.out);
  REQUIRE(j.is_object());
  REQUIRE(j.size() == 2);  // exactly {"inv_freq": [...], "attention_factor": x}
  Frequencies f;
  for (const auto& v : j.at("inv_freq")) f.inv_freq.push_back(v.get<double>());
  f.attention_factor = j.at("attention_factor").get<double>();
  f.warnings = warnings;
  return f;
}

void check_values(const std::vector<double>& got, const std::vector<double>& want, double rel = 1e-14) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("pair " << i);
    CHECK_THAT(got[i], WithinRel(want[i], rel));
  }
}

void write_vector(const std::string& path, const std::vector<double>& values) {
  const std::int64_t shape[1] = {static_cast<std::int64_t>(values.size())};
  write_bytes(path, pelab::npy_encode(std::span<const double>(values), shape));
}

void write_matrix(const std::string& path, const std::vector<double>& values, std::int64_t rows,
                  std::int64_t cols) {
  const std::int64_t shape[2] = {rows, cols};
  write_bytes(path, pelab::npy_encode(std::span<const double>(values), shape));
}

}  // namespace

TEST_CASE("rope-frequencies: --json and --out agree and give the hand-derived values", "[rope_scaling]") {
  TempDir dir;
  const Frequencies none = run_json({"--dims", "8"});
  check_values(none.inv_freq, {1.0, 0.1, 0.01, 0.001}, 1e-15);
  CHECK(none.attention_factor == 1.0);

  // --out alone: a 1-D float64 .npy with D/2 values, nothing on stdout.
  const RunResult r = run_cli({"rope-frequencies", "--dims", "8", "--scaling", "linear", "--factor", "4",
                               "--out", dir.file("lin.npy")});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.empty());
  const pelab::NpyArray lin = load_npy(dir.file("lin.npy"));
  CHECK(lin.dtype == pelab::NpyDtype::float64);
  CHECK(lin.shape == std::vector<std::int64_t>{4});
  check_values(lin.data, {0.25, 0.025, 0.0025, 0.00025}, 1e-15);

  // Both: the same doubles, bit for bit, in the file and the JSON (printed to read back exactly).
  const std::vector<std::string> yarn = {"--dims",         "128",  "--base",       "500000",
                                         "--scaling",      "yarn", "--factor",     "16",
                                         "--original-max", "4096", "--no-truncate"};
  std::vector<std::string> both = yarn;
  both.insert(both.end(), {"--out", dir.file("y.npy")});
  const Frequencies j = run_json(both);
  CHECK(load_npy(dir.file("y.npy")).data == j.inv_freq);
  CHECK_THAT(j.attention_factor, WithinRel(0.1 * std::log(16.0) + 1.0, 1e-15));
  // .csv works too, one value per line.
  const RunResult csv = run_cli({"rope-frequencies", "--dims", "8", "--out", dir.file("f.csv")});
  REQUIRE(csv.exit_code == 0);
  CHECK(read_bytes(dir.file("f.csv")) == "1\n0.10000000000000001\n0.01\n0.001\n");
}

TEST_CASE("rope-frequencies: every scaling type on the command line", "[rope_scaling]") {
  TempDir dir;
  // ntk: theta_i 2^(-2i/3).
  check_values(run_json({"--dims", "8", "--scaling", "ntk", "--factor", "4"}).inv_freq,
               {1.0, 0.1 * std::pow(2.0, -2.0 / 3.0), 0.01 * std::pow(2.0, -4.0 / 3.0), 0.00025});
  // dynamic changes only when --seq-len exceeds --original-max: L = 16, n = 32 -> multiplier 5.
  for (const char* n : {"1", "16"}) {
    check_values(run_json({"--dims", "8", "--scaling", "dynamic", "--factor", "4", "--original-max", "16",
                           "--seq-len", n})
                     .inv_freq,
                 {1.0, 0.1, 0.01, 0.001}, 1e-15);
  }
  check_values(
      run_json({"--dims", "8", "--scaling", "dynamic", "--factor", "4", "--original-max", "16"}).inv_freq,
      {1.0, 0.1, 0.01, 0.001}, 1e-15);
  check_values(run_json({"--dims", "8", "--scaling", "dynamic", "--factor", "4", "--original-max", "16",
                         "--seq-len", "32"})
                   .inv_freq,
               {1.0, 0.1 * std::pow(5.0, -1.0 / 3.0), 0.01 * std::pow(5.0, -2.0 / 3.0), 0.0002});
  // yarn, L = 8192: ramp 0, 0, 1/3, 2/3; mscale pair; explicit attention factor; betas.
  const Frequencies y =
      run_json({"--dims", "8", "--scaling", "yarn", "--factor", "4", "--original-max", "8192"});
  check_values(y.inv_freq, {1.0, 0.1, 0.0075, 0.0005});
  CHECK_THAT(y.attention_factor, WithinRel(0.1 * std::log(4.0) + 1.0, 1e-15));
  CHECK_THAT(run_json({"--dims", "8", "--scaling", "yarn", "--factor", "4", "--original-max", "8192",
                       "--mscale", "1", "--mscale-all-dim", "0.707"})
                 .attention_factor,
             WithinRel((0.1 * std::log(4.0) + 1.0) / (0.0707 * std::log(4.0) + 1.0), 1e-15));
  CHECK(run_json({"--dims", "8", "--scaling", "yarn", "--factor", "4", "--original-max", "8192",
                  "--attention-factor", "0.25"})
            .attention_factor == 0.25);
  check_values(run_json({"--dims", "8", "--scaling", "yarn", "--factor", "4", "--original-max", "8192",
                         "--beta-fast", "4", "--beta-slow", "2"})
                   .inv_freq,
               {1.0, 0.1, 0.01, 0.00025});
  // llama3, L = 1000: kept, kept, blended 0.0125 / pi, divided.
  check_values(run_json({"--dims", "8", "--scaling", "llama3", "--factor", "4", "--original-max", "1000",
                         "--low-freq-factor", "1", "--high-freq-factor", "4"})
                   .inv_freq,
               {1.0, 0.1, 0.0125 / kPi, 0.00025});
  // longrope with factor lists from .npy files: long for a sequence past L (attention sqrt(1.5) from
  // S = M / L = 4), short without a sequence length (transformers' default, said on stderr).
  write_vector(dir.file("short.npy"), {1.0, 1.5, 2.0, 3.0});
  write_vector(dir.file("long.npy"), {1.0, 2.0, 4.0, 8.0});
  const std::vector<std::string> lr = {"--dims",          "8",
                                       "--scaling",       "longrope",
                                       "--original-max",  "16",
                                       "--short-factors", dir.file("short.npy"),
                                       "--long-factors",  dir.file("long.npy")};
  std::vector<std::string> args = lr;
  args.insert(args.end(), {"--max-positions", "64", "--seq-len", "17"});
  const Frequencies lo = run_json(args);
  CHECK(lo.warnings.empty());
  check_values(lo.inv_freq, {1.0, 0.05, 0.0025, 0.000125});
  CHECK_THAT(lo.attention_factor, WithinRel(std::sqrt(1.5), 1e-15));
  args = lr;
  args.insert(args.end(), {"--max-positions", "16"});
  const Frequencies sh = run_json(args);
  check_values(sh.inv_freq, {1.0, 0.1 / 1.5, 0.005, 0.001 / 3.0});
  CHECK(sh.attention_factor == 1.0);
  REQUIRE(sh.warnings.size() == 1);
  CHECK_THAT(sh.warnings[0], Contains("longrope without --seq-len: the short factors"));
  args = lr;
  args.insert(args.end(), {"--max-positions", "64", "--seq-len", "10"});
  check_values(run_json(args).inv_freq, sh.inv_freq, 1e-15);
  args = lr;
  args.insert(args.end(), {"--factor", "16", "--attention-factor", "1.125", "--seq-len", "17"});
  const Frequencies f16 = run_json(args);
  check_values(f16.inv_freq, lo.inv_freq, 1e-15);
  CHECK(f16.attention_factor == 1.125);
  // --no-truncate (yarn only) moves the ramp off integers.
  const Frequencies nt = run_json(
      {"--dims", "8", "--scaling", "yarn", "--factor", "4", "--original-max", "8192", "--no-truncate"});
  const double low = std::log10(128.0 / kPi), high = std::log10(4096.0 / kPi);
  const double r2 = (2.0 - low) / (high - low);
  CHECK_THAT(nt.inv_freq[2], WithinRel(0.01 * (1.0 - r2 + r2 / 4.0), 1e-14));
}

TEST_CASE("rope-frequencies --config: presets, and options override them", "[rope_scaling]") {
  // Llama 3.1 8B: D = 4096 / 32 = 128, base 500000, llama3 (8, 1, 4, 8192).
  const Frequencies llama = run_json({"--config", models("llama-3.1-8b.json")});
  REQUIRE(llama.inv_freq.size() == 64);
  CHECK(llama.inv_freq[0] == 1.0);
  CHECK_THAT(llama.inv_freq[63], WithinRel(std::pow(500000.0, -126.0 / 128.0) / 8.0, 1e-14));
  CHECK(llama.attention_factor == 1.0);
  // --scaling none drops the model's scaling; --base and --dims replace the model's values.
  const Frequencies plain = run_json({"--config", models("llama-3.1-8b.json"), "--scaling", "none"});
  CHECK_THAT(plain.inv_freq[63], WithinRel(std::pow(500000.0, -126.0 / 128.0), 1e-14));
  check_values(run_json({"--config", models("llama-3.1-8b.json"), "--scaling", "none", "--base", "10000",
                         "--dims", "8"})
                   .inv_freq,
               {1.0, 0.1, 0.01, 0.001}, 1e-15);
  // Overriding one llama3 parameter keeps the others: factor 16 divides the low band by 16.
  const Frequencies f16 = run_json({"--config", models("llama-3.1-8b.json"), "--factor", "16"});
  CHECK_THAT(f16.inv_freq[63], WithinRel(std::pow(500000.0, -126.0 / 128.0) / 16.0, 1e-14));
  CHECK(f16.inv_freq[0] == 1.0);
  // --scaling yarn on Llama 3.1 keeps its original context (8192) and needs a factor.
  const Frequencies y =
      run_json({"--config", models("llama-3.1-8b.json"), "--scaling", "yarn", "--factor", "8"});
  const Frequencies y2 = run_json(
      {"--dims", "128", "--base", "500000", "--scaling", "yarn", "--factor", "8", "--original-max", "8192"});
  CHECK(y.inv_freq == y2.inv_freq);
  // Qwen2-7B-Instruct with YaRN (factor 4 over 32768), Mistral and Llama 2 (no scaling).
  const Frequencies q = run_json({"--config", models("qwen2-7b-instruct-yarn.json")});
  CHECK(q.inv_freq.size() == 64);
  CHECK_THAT(q.attention_factor, WithinRel(0.1 * std::log(4.0) + 1.0, 1e-15));
  CHECK(run_json({"--config", models("mistral-7b-v0.1.json")}).inv_freq ==
        run_json({"--config", models("llama-2-7b.json")}).inv_freq);
  // A partial rotary factor from the config: D' = int(64 x 0.25) = 16 -> 8 frequencies.
  TempDir dir;
  write_bytes(dir.file("p.json"), R"({"head_dim": 64, "partial_rotary_factor": 0.25, "rope_theta": 100})");
  const Frequencies p = run_json({"--config", dir.file("p.json")});
  REQUIRE(p.inv_freq.size() == 8);
  CHECK_THAT(p.inv_freq[1], WithinRel(std::pow(100.0, -2.0 / 16.0), 1e-15));
}

TEST_CASE("rope: the scaling options and --config", "[rope_scaling]") {
  TempDir dir;
  std::vector<double> values(3 * 8);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = std::cos(0.9 * static_cast<double>(i) + 0.2);
  write_matrix(dir.file("x.npy"), values, 3, 8);
  // Position interpolation: linear factor 2 at positions 10, 11, 12 = no scaling at 5, 5.5, 6;
  // with an even start the first row matches an unscaled start of half as much.
  const auto lin = run_npy({"rope", "--in", dir.file("x.npy"), "--pairing", "half", "--start", "10",
                            "--scaling", "linear", "--factor", "2"},
                           dir, "lin.npy");
  const auto half =
      run_npy({"rope", "--in", dir.file("x.npy"), "--pairing", "half", "--start", "5"}, dir, "h.npy");
  for (int c = 0; c < 8; ++c) CHECK_THAT(at(lin, 0, c), WithinAbs(at(half, 0, c), 1e-14));
  // yarn's attention factor multiplies the rotated coordinates: row norms grow by that factor.
  const auto y = run_npy({"rope", "--in", dir.file("x.npy"), "--pairing", "adjacent", "--scaling", "yarn",
                          "--factor", "4", "--original-max", "8192"},
                         dir, "y.npy");
  const double m = 0.1 * std::log(4.0) + 1.0;
  for (int r = 0; r < 3; ++r) {
    double in = 0.0, out = 0.0;
    for (int c = 0; c < 8; ++c) {
      in += values[static_cast<std::size_t>(r * 8 + c)] * values[static_cast<std::size_t>(r * 8 + c)];
      out += at(y, r, c) * at(y, r, c);
    }
    CHECK_THAT(std::sqrt(out), WithinRel(m * std::sqrt(in), 1e-14));
  }
  // dynamic: --seq-len defaults to start + rows (transformers' run-time rule): 30 + 3 = 33 > 16.
  const std::vector<std::string> dyn = {
      "rope",      "--in",    dir.file("x.npy"), "--pairing", "half",           "--start", "30",
      "--scaling", "dynamic", "--factor",        "2",         "--original-max", "16"};
  const auto d_default = run_npy(dyn, dir, "d0.npy");
  std::vector<std::string> with = dyn;
  with.insert(with.end(), {"--seq-len", "33"});
  CHECK(run_npy(with, dir, "d33.npy").data == d_default.data);
  with = dyn;
  with.insert(with.end(), {"--seq-len", "16"});
  const auto d16 = run_npy(with, dir, "d16.npy");
  CHECK(d16.data != d_default.data);
  const auto plain =
      run_npy({"rope", "--in", dir.file("x.npy"), "--pairing", "half", "--start", "30"}, dir, "p.npy");
  CHECK(d16.data == plain.data);
  // --config with a partial rotary factor: only the first int(8 x 0.5) = 4 columns turn.
  write_bytes(dir.file("c.json"), R"({"head_dim": 8, "partial_rotary_factor": 0.5, "rope_theta": 100})");
  const auto partial = run_npy({"rope", "--in", dir.file("x.npy"), "--pairing", "half", "--start", "3",
                                "--config", dir.file("c.json")},
                               dir, "c.npy");
  for (int r = 0; r < 3; ++r) {
    for (int c = 4; c < 8; ++c) CHECK(at(partial, r, c) == values[static_cast<std::size_t>(r * 8 + c)]);
    // Column 0 pairs with column 2 (half of 4), angle 3 + r times theta_0 = 1.
    const double a = values[static_cast<std::size_t>(r * 8)], b = values[static_cast<std::size_t>(r * 8 + 2)];
    const double angle = 3.0 + r;
    CHECK_THAT(at(partial, r, 0), WithinAbs(a * std::cos(angle) - b * std::sin(angle), 1e-14));
  }
}

TEST_CASE("rope-frequencies and rope refuse bad options with one line and no file", "[rope_scaling]") {
  TempDir dir;
  write_vector(dir.file("four.npy"), {1.0, 1.0, 1.0, 1.0});
  write_vector(dir.file("three.npy"), {1.0, 1.0, 1.0});
  write_vector(dir.file("zero.npy"), {1.0, 0.0, 1.0, 1.0});
  write_matrix(dir.file("m.npy"), {1.0, 1.0, 1.0, 1.0}, 2, 2);
  write_matrix(dir.file("x.npy"), std::vector<double>(16, 0.5), 2, 8);
  write_bytes(dir.file("broken.json"), "{\"head_dim\": 128,");
  write_bytes(dir.file("bad_theta.json"), R"({"head_dim": 128, "rope_theta": "big"})");
  const std::string out = dir.file("out.npy");
  const std::string llama = models("llama-3.1-8b.json");
  struct Case {
    std::vector<std::string> args;
    int exit_code;
    std::string part;
  };
  const std::vector<std::string> f = {"rope-frequencies", "--out", out};
  auto with = [&](std::initializer_list<std::string> more) {
    std::vector<std::string> a = f;
    a.insert(a.end(), more);
    return a;
  };
  const std::vector<Case> cases = {
      // Command-line problems: exit 2.
      {with({}), 2, "rope-frequencies needs --dims D (or --config FILE)"},
      {{"rope-frequencies", "--dims", "8"}, 2, "rope-frequencies needs --out F.npy or --json"},
      {with({"--dims", "7"}), 2, "--dims must be even (got 7)"},
      {with({"--dims", "0"}), 2, "--dims must be at least 2 (got 0)"},
      {with({"--dims", "8x"}), 2, "--dims: '8x' is not an integer"},
      {with({"--dims", "8", "--base", "0"}), 2, "--base must be above 0"},
      {with({"--dims", "8", "--scaling", "magic"}), 2, "--scaling: unknown scaling 'magic'"},
      {with({"--dims", "8", "--scaling", "default"}), 2, "--scaling: unknown scaling 'default'"},
      {with({"--dims", "8", "--factor", "2"}), 2, "--factor needs --scaling (it applies to linear, ntk"},
      {with({"--dims", "8", "--scaling", "linear"}), 2, "--scaling linear needs --factor S"},
      {with({"--dims", "8", "--scaling", "linear", "--factor", "0"}), 2, "--factor must be above 0 (got 0)"},
      {with({"--dims", "8", "--scaling", "linear", "--factor", "nan"}), 2,
       "--factor: 'nan' is not a finite number"},
      {with({"--dims", "8", "--scaling", "yarn", "--factor", "4"}), 2,
       "--scaling yarn needs --original-max L"},
      {with({"--dims", "8", "--scaling", "dynamic"}), 2,
       "--scaling dynamic needs --factor S and --original-max L"},
      {with({"--dims", "8", "--scaling", "llama3", "--factor", "8", "--original-max", "8192"}), 2,
       "--scaling llama3 needs --low-freq-factor A and --high-freq-factor B"},
      {with({"--dims", "8", "--scaling", "longrope", "--original-max", "16"}), 2,
       "--scaling longrope needs --short-factors F.npy, --long-factors F.npy and --factor S or "
       "--max-positions M"},
      {with({"--dims", "8", "--scaling", "llama3", "--factor", "8", "--original-max", "8192",
             "--low-freq-factor", "1", "--high-freq-factor", "4", "--beta-fast", "32"}),
       2, "--beta-fast does not apply to llama3 scaling (only to yarn)"},
      {with({"--dims", "8", "--scaling", "linear", "--factor", "2", "--no-truncate"}), 2,
       "--no-truncate does not apply to linear scaling"},
      {with(
           {"--dims", "8", "--scaling", "yarn", "--factor", "2", "--original-max", "64", "--seq-len", "100"}),
       2, "--seq-len does not apply to yarn scaling (only to dynamic, longrope)"},
      {with({"--dims", "8", "--scaling", "dynamic", "--factor", "2", "--original-max", "64",
             "--max-positions", "100"}),
       2, "--max-positions does not apply to dynamic scaling"},
      {with({"--dims", "8", "--scaling", "ntk", "--factor", "2", "--original-max", "64"}), 2,
       "--original-max does not apply to ntk scaling"},
      {with({"--dims", "8", "--scaling", "linear", "--factor", "2", "--attention-factor", "2"}), 2,
       "--attention-factor does not apply to linear scaling (only to yarn, longrope)"},
      {with({"--dims", "8", "--scaling", "yarn", "--factor", "2", "--original-max", "64", "--mscale", "1"}),
       2, "--mscale needs --mscale-all-dim"},
      {with({"--dims", "8", "--scaling", "yarn", "--factor", "2", "--original-max", "64", "--mscale", "1",
             "--mscale-all-dim", "1", "--attention-factor", "1"}),
       2, "--attention-factor contradicts --mscale / --mscale-all-dim"},
      {with({"--dims", "8", "--scaling", "llama3", "--factor", "8", "--original-max", "8192",
             "--low-freq-factor", "4", "--high-freq-factor", "4"}),
       2, "--high-freq-factor (4) must be above --low-freq-factor (4)"},
      {with({"--dims", "8", "--scaling", "dynamic", "--factor", "2", "--original-max", "64", "--seq-len",
             "0"}),
       2, "--seq-len must be at least 1 (got 0)"},
      {with({"--dims", "8", "--scaling", "yarn", "--factor", "2", "--original-max", "64", "--base", "1"}), 2,
       "yarn scaling needs base above 1"},
      {with({"--dims", "8", "--bogus", "1"}), 2, "unknown option --bogus for rope-frequencies"},
      {{"rope-frequencies", "--dims", "8", "--out", dir.file("f.png")},
       2,
       "rope-frequencies writes .npy or .csv"},
      {with({"--config", ""}), 2, "--config needs a file name"},
      {with({"--config", llama, "--beta-fast", "4"}), 2,
       "--beta-fast does not apply to llama3 scaling (the scaling of --config"},
      {with({"--config", llama, "--scaling", "longrope"}), 2,
       "--scaling longrope needs --short-factors F.npy"},
      // File problems: exit 1.
      {with({"--config", dir.file("missing.json")}), 1, "missing.json"},
      {with({"--config", dir.file("broken.json")}), 1, "broken.json: not valid JSON"},
      {with({"--config", dir.file("bad_theta.json")}), 1, "rope_theta must be a number"},
      {with({"--dims", "8", "--scaling", "longrope", "--original-max", "16", "--max-positions", "64",
             "--short-factors", dir.file("three.npy"), "--long-factors", dir.file("four.npy")}),
       1, "--short-factors " + dir.file("three.npy") + " has 3 factors but D/2 = 4 are needed"},
      {with({"--dims", "8", "--scaling", "longrope", "--original-max", "16", "--max-positions", "64",
             "--short-factors", dir.file("four.npy"), "--long-factors", dir.file("zero.npy")}),
       1, "factor 1 is 0; every factor must be finite and above 0"},
      {with({"--dims", "8", "--scaling", "longrope", "--original-max", "16", "--max-positions", "64",
             "--short-factors", dir.file("four.npy"), "--long-factors", dir.file("m.npy")}),
       1, "has 2 dimensions; a 1-D array"},
      {with({"--dims", "8", "--scaling", "longrope", "--original-max", "16", "--max-positions", "64",
             "--short-factors", dir.file("nope.npy"), "--long-factors", dir.file("four.npy")}),
       1, "nope.npy"},
      {{"rope-frequencies", "--dims", "8", "--out", dir.file("no/such/dir/f.npy")}, 1, "no/such/dir"},
      // rope: the same options, and the input must fit the model.
      {{"rope", "--in", dir.file("x.npy"), "--pairing", "half", "--factor", "2", "--out", out},
       2,
       "--factor needs --scaling"},
      {{"rope", "--in", dir.file("x.npy"), "--pairing", "half", "--scaling", "yarn", "--factor", "2", "--out",
        out},
       2,
       "--scaling yarn needs --original-max L"},
      {{"rope", "--in", dir.file("x.npy"), "--pairing", "half", "--dims", "8", "--out", out},
       2,
       "unknown option --dims for rope"},
      {{"rope", "--in", dir.file("x.npy"), "--pairing", "half", "--config", llama, "--out", out},
       1,
       "has head_dim 128 but --in has 8 columns"},
  };
  for (const Case& c : cases) {
    std::string line;
    for (const std::string& a : c.args) line += a + " ";
    INFO("pelab-cli " << line);
    const std::vector<std::string> before = dir.listing();
    const RunResult r = run_cli(c.args);
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == c.exit_code);
    CHECK(is_one_error_line(r.err));
    CHECK_THAT(r.err, Contains(c.part));
    CHECK(r.out.empty());
    CHECK_FALSE(std::filesystem::exists(out));
    CHECK(dir.listing() == before);
  }
}

TEST_CASE("sinusoidal-concat with --dims 1 is a single zero column (tensor2tensor)", "[rope_scaling]") {
  TempDir dir;
  const auto t =
      run_npy({"encode", "sinusoidal-concat", "--positions", "6", "--dims", "1", "--start", "2"}, dir);
  REQUIRE(t.shape == std::vector<std::int64_t>{6, 1});
  for (double v : t.data) CHECK(v == 0.0);
}

namespace {

std::string corpus(const std::string& name) {
  return (std::filesystem::path(__FILE__).parent_path().parent_path() / "data" / "model_configs" / name)
      .string();
}

}  // namespace

TEST_CASE("published configs through --config: every field read, warnings on stderr", "[rope_scaling]") {
  // GPT-NeoX-20B: 6144 / 64 = 96 wide, rotary_pct 0.25 -> 24 dims, 12 frequencies, rotary_emb_base 10000.
  const Frequencies neox = run_json({"--config", corpus("gpt-neox-20b.json")});
  REQUIRE(neox.inv_freq.size() == 12);
  CHECK_THAT(neox.inv_freq[11], WithinRel(std::pow(1e4, -22.0 / 24.0), 1e-15));
  CHECK(neox.warnings.empty());
  // GPT-J: rotary_dim 64 of n_embd / n_head = 256: 32 frequencies; the base is left to 10000, said.
  const Frequencies gptj = run_json({"--config", corpus("gpt-j-6b.json")});
  REQUIRE(gptj.inv_freq.size() == 32);
  REQUIRE(gptj.warnings.size() == 1);
  CHECK_THAT(gptj.warnings[0], Contains("rope_theta is not set: 10000"));
  // DeepSeek-V3: qk_rope_head_dim 64 -> 32 frequencies; yarn x40 with mscale 1 / 1: attention 1.
  const Frequencies ds = run_json({"--config", corpus("deepseek-v3.json")});
  REQUIRE(ds.inv_freq.size() == 32);
  CHECK(ds.attention_factor == 1.0);
  CHECK_THAT(ds.inv_freq[31], WithinRel(std::pow(1e4, -62.0 / 64.0) / 40.0, 1e-14));
  // Qwen2.5 yarn: the betas are left to transformers' defaults, and said so.
  const Frequencies qwen = run_json({"--config", corpus("qwen2.5-7b-instruct-yarn.json")});
  CHECK_THAT(qwen.attention_factor, WithinRel(0.1 * std::log(4.0) + 1.0, 1e-15));
  REQUIRE(qwen.warnings.size() == 2);
  CHECK_THAT(qwen.warnings[0], Contains("rope_scaling.beta_fast is not set: 32 (transformers' default)"));
  // Phi-3 "su": read as longrope; no --seq-len: the short factors, said.
  const Frequencies phi = run_json({"--config", corpus("phi-3-vision-128k-instruct-language-su.json")});
  REQUIRE(phi.inv_freq.size() == 48);
  CHECK_THAT(phi.inv_freq[0], WithinRel(1.0 / 1.05, 1e-15));
  CHECK_THAT(phi.attention_factor, WithinRel(std::sqrt(17.0 / 12.0), 1e-15));
  REQUIRE(phi.warnings.size() == 2);
  CHECK_THAT(phi.warnings[1], Contains("longrope without --seq-len"));
  // Gemma 3: two RoPEs, refused until --layers names one.
  const RunResult gemma = run_cli({"rope-frequencies", "--config", corpus("gemma-3-1b-it.json"), "--json"});
  CHECK(gemma.exit_code == 1);
  CHECK(is_one_error_line(gemma.err));
  CHECK_THAT(gemma.err, Contains("choose one of global, local (pelab-cli: --layers NAME)"));
  CHECK(gemma.out.empty());
  const Frequencies local = run_json({"--config", corpus("gemma-3-1b-it.json"), "--layers", "local"});
  REQUIRE(local.inv_freq.size() == 128);
  CHECK_THAT(local.inv_freq[64], WithinRel(1e-2, 1e-15));
  const Frequencies global = run_json({"--config", corpus("gemma-3-1b-it.json"), "--layers", "global"});
  CHECK_THAT(global.inv_freq[64], WithinRel(1e-3, 1e-15));
  const RunResult no_config = run_cli({"rope-frequencies", "--dims", "8", "--layers", "local", "--json"});
  CHECK(no_config.exit_code == 2);
  CHECK_THAT(no_config.err, Contains("--layers needs --config FILE"));
  // GPT-2 has no RoPE at all.
  const RunResult gpt2 = run_cli({"rope-frequencies", "--config", corpus("gpt2.json"), "--json"});
  CHECK(gpt2.exit_code == 1);
  CHECK_THAT(gpt2.err, Contains("model_type \"gpt2\" does not use RoPE"));
  // A misspelt key: the default is used and both are said.
  TempDir dir;
  write_bytes(dir.file("typo.json"), R"({"head_dim": 64, "rope_thetta": 500000})");
  const Frequencies typo = run_json({"--config", dir.file("typo.json")});
  CHECK(typo.inv_freq[1] == std::pow(1e4, -2.0 / 64.0));
  REQUIRE(typo.warnings.size() == 2);
  CHECK_THAT(typo.warnings[0],
             Contains("rope_thetta is not a key pelab or transformers reads; did you mean rope_theta?"));
}

TEST_CASE("rope --config on DeepSeek-V3's 64-wide q_pe", "[rope_scaling]") {
  // q_pe is qk_rope_head_dim = 64 wide; halves (k, k + 32) as DeepSeek's rotate_half. Row r turns
  // pair k by r theta'_k with yarn's theta'_0 = 1 (pair 0 keeps its frequency: low = 10).
  TempDir dir;
  std::vector<double> values(2 * 64);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = std::sin(0.37 * static_cast<double>(i) + 0.1);
  write_matrix(dir.file("q_pe.npy"), values, 2, 64);
  const RunResult r = run_cli({"rope", "--in", dir.file("q_pe.npy"), "--pairing", "half", "--config",
                               corpus("deepseek-v3.json"), "--out", dir.file("out.npy")});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  const pelab::NpyArray out = load_npy(dir.file("out.npy"));
  REQUIRE(out.shape == std::vector<std::int64_t>{2, 64});
  for (int c = 0; c < 64; ++c)
    CHECK_THAT(at(out, 0, c), WithinAbs(values[static_cast<std::size_t>(c)], 1e-15));
  const double a = values[64], b = values[64 + 32];
  CHECK_THAT(at(out, 1, 0), WithinAbs(a * std::cos(1.0) - b * std::sin(1.0), 1e-14));
  CHECK_THAT(at(out, 1, 32), WithinAbs(a * std::sin(1.0) + b * std::cos(1.0), 1e-14));
}

namespace {

// theta_i = base^(-2i/D), i < D/2.
std::vector<double> plain_inv(double base, int dims) {
  std::vector<double> inv(static_cast<std::size_t>(dims / 2));
  for (std::size_t i = 0; i < inv.size(); ++i) inv[i] = std::pow(base, -2.0 * static_cast<double>(i) / dims);
  return inv;
}

// cos / sin caches of positions 0 .. rows-1: halves (cat(freqs, freqs), LlamaRotaryEmbedding) or
// adjacent (each frequency twice in place); `f32` computes the angles in float32.
void write_caches(const TempDir& dir, const std::vector<double>& inv, double attention, std::int64_t rows,
                  bool adjacent = false, bool f32 = false, const std::vector<double>* long_inv = nullptr,
                  std::int64_t long_from = 0) {
  const auto k = static_cast<std::int64_t>(inv.size());
  std::vector<double> c, s;
  for (std::int64_t n = 0; n < rows; ++n) {
    const std::vector<double>& use = long_inv && n >= long_from ? *long_inv : inv;
    for (std::int64_t j = 0; j < 2 * k; ++j) {
      const double w = use[static_cast<std::size_t>(adjacent ? j / 2 : j % k)];
      const double angle = f32 ? static_cast<double>(static_cast<float>(n) * static_cast<float>(w))
                               : static_cast<double>(n) * w;
      c.push_back(std::cos(angle) * attention);
      s.push_back(std::sin(angle) * attention);
    }
  }
  write_matrix(dir.file("cos.npy"), c, rows, 2 * k);
  write_matrix(dir.file("sin.npy"), s, rows, 2 * k);
}

RunResult check_inv(const std::string& config, const std::vector<double>& inv, const TempDir& dir,
                    std::vector<std::string> extra = {}) {
  write_vector(dir.file("inv.npy"), inv);
  std::vector<std::string> args = {"rope-check", "--config", corpus(config), "--inv-freq",
                                   dir.file("inv.npy")};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

RunResult check_caches(const std::string& config, const TempDir& dir, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"rope-check",        "--config", corpus(config),     "--cos",
                                   dir.file("cos.npy"), "--sin",    dir.file("sin.npy")};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

}  // namespace

TEST_CASE("rope-check: a right dump passes, a wrong one is named", "[rope_check]") {
  TempDir dir;
  // Llama 3.1 (llama3: kept below 8192 / 4 wavelengths, divided by 8 above 8192, blended between).
  std::vector<double> llama = plain_inv(5e5, 128);
  for (double& w : llama) {
    const double wavelength = 2.0 * kPi / w, smooth = (8192.0 / wavelength - 1.0) / 3.0;
    if (wavelength > 8192.0) {
      w /= 8.0;
    } else if (wavelength >= 2048.0) {
      w = (1.0 - smooth) * w / 8.0 + smooth * w;
    }
  }
  RunResult r = check_inv("llama-3.1-8b.json", llama, dir);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Contains("rope-check: agree: 64 inverse frequencies"));
  // A float32 dump of the right values passes the default tolerance.
  std::vector<double> f32 = llama;
  for (double& w : f32) w = static_cast<double>(static_cast<float>(w));
  CHECK(check_inv("llama-3.1-8b.json", f32, dir).exit_code == 0);
  // The scaling left out.
  r = check_inv("llama-3.1-8b.json", plain_inv(5e5, 128), dir);
  CHECK(r.exit_code == 1);
  CHECK(is_one_error_line(r.err));
  CHECK_THAT(r.out, Contains("likely cause: scaling left out"));
  CHECK_THAT(r.out, Contains("first difference: inv_freq["));
  // GPT-NeoX-20B rotates 24 of 96 dimensions: a dump of 48 frequencies rotated them all.
  r = check_inv("gpt-neox-20b.json", plain_inv(1e4, 96), dir);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Contains("the dump has 48 values where 12 inverse frequencies"));
  CHECK_THAT(r.out, Contains("likely cause: partial rotary ignored: all 96 dimensions rotated"));
  // Phi-3 "su" without a sequence length uses the short factors; the long ones are a mistake here.
  const nlohmann::json phi =
      nlohmann::json::parse(read_bytes(corpus("phi-3-vision-128k-instruct-language-su.json")));
  const auto long_factor = phi["rope_scaling"]["long_factor"].get<std::vector<double>>();
  const auto short_factor = phi["rope_scaling"]["short_factor"].get<std::vector<double>>();
  std::vector<double> long_inv = plain_inv(1e4, 96), short_inv = plain_inv(1e4, 96);
  for (std::size_t i = 0; i < 48; ++i) {
    long_inv[i] /= long_factor[i];
    short_inv[i] /= short_factor[i];
  }
  r = check_inv("phi-3-vision-128k-instruct-language-su.json", long_inv, dir);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Contains("likely cause: long factors for a short context"));
  CHECK(check_inv("phi-3-vision-128k-instruct-language-su.json", long_inv, dir, {"--seq-len", "5000"})
            .exit_code == 0);
  // InternLM2 (dynamic x2, L = 32768) at 65536 positions: alpha = 2 * 2 - 1 = 3,
  // base' = 1e6 * 3^(128/126); an NTK held at alpha = 2 is the static mistake.
  r = check_inv("internlm2-7b.json", plain_inv(1e6 * std::pow(3.0, 128.0 / 126.0), 128), dir,
                {"--seq-len", "65536"});
  CHECK(r.exit_code == 0);
  r = check_inv("internlm2-7b.json", plain_inv(1e6 * std::pow(2.0, 128.0 / 126.0), 128), dir,
                {"--seq-len", "65536"});
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Contains("likely cause: dynamic NTK held static: NTK-aware with the factor itself"));
  // Bad usage: no dump, or half of one.
  CHECK(run_cli({"rope-check", "--config", corpus("llama-3-8b.json")}).exit_code == 2);
  CHECK(run_cli({"rope-check", "--config", corpus("llama-3-8b.json"), "--cos", dir.file("inv.npy")})
            .exit_code == 2);
}

TEST_CASE("rope-check: cos and sin caches", "[rope_check]") {
  TempDir dir;
  // Qwen2.5 yarn x4: attention 0.1 ln 4 + 1; theta' from YaRN's ramp between
  // low = floor(D ln(L / (2 pi 32)) / (2 ln base)) and high = ceil(D ln(L / (2 pi)) / (2 ln base)).
  const double d = 128.0, base = 1e6, L = 32768.0, S = 4.0;
  const double low = std::max(std::floor(d * std::log(L / (32.0 * 2.0 * kPi)) / (2.0 * std::log(base))), 0.0);
  const double high = std::min(std::ceil(d * std::log(L / (2.0 * kPi)) / (2.0 * std::log(base))), d - 1.0);
  std::vector<double> yarn = plain_inv(base, 128);
  for (std::size_t i = 0; i < yarn.size(); ++i) {
    const double ramp = std::clamp((static_cast<double>(i) - low) / (high - low), 0.0, 1.0);
    yarn[i] = yarn[i] * (1.0 - ramp) + yarn[i] / S * ramp;
  }
  const double attention = 0.1 * std::log(S) + 1.0;
  write_caches(dir, yarn, attention, 8);
  RunResult r = check_caches("qwen2.5-7b-instruct-yarn.json", dir);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Contains("agree: 8 x 128 cos and sin caches"));
  write_caches(dir, yarn, 1.0, 8);
  r = check_caches("qwen2.5-7b-instruct-yarn.json", dir);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Contains("likely cause: attention factor left out"));
  write_caches(dir, yarn, attention, 8, true);
  r = check_caches("qwen2.5-7b-instruct-yarn.json", dir);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Contains("likely cause: adjacent pairs (2k, 2k+1) where the model rotates halves"));
  // GPT-J rotates adjacent pairs (rotate_every_two): its caches repeat each frequency in place, and
  // LlamaRotaryEmbedding's halves layout is the reverse mistake there.
  write_caches(dir, plain_inv(1e4, 64), 1.0, 8, true);
  CHECK(check_caches("gpt-j-6b.json", dir).exit_code == 0);
  write_caches(dir, plain_inv(1e4, 64), 1.0, 8);
  r = check_caches("gpt-j-6b.json", dir);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Contains("likely cause: halves (k, k + D'/2) where the model rotates adjacent pairs"));
  CHECK(check_caches("gpt-j-6b.json", dir, {"--pairing", "half"}).exit_code == 0);
  CHECK(check_caches("gpt-j-6b.json", dir, {"--pairing", "diagonal"}).exit_code == 2);
  // Pythia (16 rotated dims, base 1e4): float32 angles drift at 40000 positions.
  write_caches(dir, plain_inv(1e4, 16), 1.0, 40000, false, true);
  r = check_caches("pythia-160m.json", dir);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Contains("likely cause: float32 frequencies and angles"));
  // Phi-3 "su" over 4100 positions (seq_len 4100 > L = 4096: long factors everywhere); a cache that
  // switches per position (short below 4097) is the position-switch mistake.
  const nlohmann::json phi =
      nlohmann::json::parse(read_bytes(corpus("phi-3-vision-128k-instruct-language-su.json")));
  const auto long_factor = phi["rope_scaling"]["long_factor"].get<std::vector<double>>();
  const auto short_factor = phi["rope_scaling"]["short_factor"].get<std::vector<double>>();
  std::vector<double> long_inv = plain_inv(1e4, 96), short_inv = plain_inv(1e4, 96);
  for (std::size_t i = 0; i < 48; ++i) {
    long_inv[i] /= long_factor[i];
    short_inv[i] /= short_factor[i];
  }
  const double phi_attention = std::sqrt(17.0 / 12.0);
  write_caches(dir, long_inv, phi_attention, 4100);
  CHECK(check_caches("phi-3-vision-128k-instruct-language-su.json", dir).exit_code == 0);
  write_caches(dir, short_inv, phi_attention, 4100, false, false, &long_inv, 4097);
  r = check_caches("phi-3-vision-128k-instruct-language-su.json", dir);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Contains("likely cause: a switch on positions instead of sequence length"));
}
