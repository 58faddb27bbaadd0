// Every bad input of the pelab-cli contract: non-zero exit (2 usage, 1 files), exactly one line on
// stderr starting with "pelab-cli:", no output file created, an existing output left byte-identical,
// and nothing else (no temporary file) left in the directory.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <limits>

#include "cli_runner.hpp"
#include "pelab/config_spec.hpp"
#include "pelab/io/npy.hpp"

using namespace cli_test;

namespace {

struct BadCase {
  std::vector<std::string> args;  // "{OUT}" is the output path, "{DIR}" the test directory
  int exit_code;
  std::string out_name = "result.npy";
};

std::vector<std::string> expand(const std::vector<std::string>& args, const std::string& out,
                                const std::string& dir) {
  std::vector<std::string> result;
  for (std::string a : args) {
    if (a == "{OUT}") a = out;
    if (a.rfind("{DIR}", 0) == 0) a = dir + a.substr(5);
    result.push_back(a);
  }
  return result;
}

std::string joined(const std::vector<std::string>& args) {
  std::string s;
  for (const auto& a : args) s += (s.empty() ? "" : " ") + a;
  return s;
}

// Runs the case twice: once with a fresh output path (must not appear) and once over an existing
// file (must keep its bytes). The directory must look the same afterwards.
void expect_refused(const BadCase& c, const TempDir& dir) {
  if (!c.args.empty() && c.args.front() == "render" && !render_built())
    return;  // render_without_app covers it
  const std::string out = dir.file(c.out_name);
  const std::vector<std::string> args = expand(c.args, out, dir.path().string());
  INFO("pelab-cli " << joined(args));
  const std::vector<std::string> before = dir.listing();

  const RunResult fresh = run_cli(args);
  INFO("stderr: " << fresh.err);
  CHECK(fresh.exit_code == c.exit_code);
  CHECK(is_one_error_line(fresh.err));
  CHECK(fresh.out.empty());
  CHECK_FALSE(std::filesystem::exists(out));
  CHECK(dir.listing() == before);

  const std::string precious = "precious bytes that must survive\n";
  write_bytes(out, precious);
  const RunResult again = run_cli(args);
  CHECK(again.exit_code == c.exit_code);
  CHECK(again.err == fresh.err);
  CHECK(read_bytes(out) == precious);
  std::filesystem::remove(out);
  CHECK(dir.listing() == before);
}

// A version 1.0 .npy file built by hand (not by pelab): magic, version, header padded with spaces
// to a multiple of 64 bytes and ending in '\n', then the raw data.
std::string handmade_npy(const std::string& descr, const std::string& shape, const std::string& data) {
  std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  const std::size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  std::string file = "\x93NUMPY";
  file += '\x01';
  file += '\x00';
  file += static_cast<char>(header.size() & 0xff);
  file += static_cast<char>(header.size() >> 8);
  return file + header + data;
}

std::string little_endian_doubles(const std::vector<double>& values) {
  std::string bytes(values.size() * 8, '\0');
  for (std::size_t i = 0; i < values.size(); ++i) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &values[i], 8);
    for (int b = 0; b < 8; ++b) bytes[i * 8 + b] = static_cast<char>((bits >> (8 * b)) & 0xff);
  }
  return bytes;
}

std::string big_endian_doubles(const std::vector<double>& values) {
  std::string bytes = little_endian_doubles(values);
  for (std::size_t i = 0; i < values.size(); ++i)
    std::reverse(bytes.begin() + i * 8, bytes.begin() + i * 8 + 8);
  return bytes;
}

const std::vector<std::string> kSin = {"encode", "sinusoidal", "--positions", "4", "--dims", "4"};

std::vector<std::string> sin_with(std::vector<std::string> extra) {
  std::vector<std::string> args = kSin;
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

}  // namespace

TEST_CASE("bad commands and options: exit 2 / one line / no output") {
  TempDir dir;
  const std::vector<BadCase> cases = {
      {{}, 2},
      {{"frobnicate", "--out", "{OUT}"}, 2},
      {{"Encode", "sinusoidal", "--positions", "4", "--dims", "4", "--out", "{OUT}"}, 2},
      {{"--positions", "4", "encode", "sinusoidal", "--dims", "4", "--out", "{OUT}"}, 2},
      {{"encode", "banana", "--positions", "4", "--dims", "4", "--out", "{OUT}"}, 2},
      {{"encode", "--positions", "4", "--dims", "4", "--out", "{OUT}"}, 2},
      {sin_with({"--colour", "red", "--out", "{OUT}"}), 2},
      {sin_with({"-x", "--out", "{OUT}"}), 2},
      {sin_with({"extra", "--out", "{OUT}"}), 2},
      {sin_with({"--positions", "5", "--out", "{OUT}"}), 2},
      {sin_with({"--out", "{OUT}", "--base"}), 2},
      {sin_with({}), 2},
      {{"encode", "sinusoidal", "--dims", "4", "--out", "{OUT}"}, 2},
      {{"encode", "sinusoidal", "--positions", "4", "--out", "{OUT}"}, 2},
      {{"encode", "sinusoidal", "--positions", "0", "--dims", "4", "--out", "{OUT}"}, 2},
      {{"encode", "sinusoidal", "--positions", "4", "--dims", "-1", "--out", "{OUT}"}, 2},
      {{"encode", "sinusoidal", "--positions", "4", "--dims", "0", "--out", "{OUT}"}, 2},
      {{"encode", "sinusoidal", "--positions", "abc", "--dims", "4", "--out", "{OUT}"}, 2},
      {{"encode", "sinusoidal", "--positions", "12abc", "--dims", "4", "--out", "{OUT}"}, 2},
      {{"encode", "sinusoidal", "--positions", "4.5", "--dims", "4", "--out", "{OUT}"}, 2},
      {{"encode", "sinusoidal", "--positions", "1e3", "--dims", "4", "--out", "{OUT}"}, 2},
      {{"encode", "sinusoidal", "--positions", " 4", "--dims", "4", "--out", "{OUT}"}, 2},
      {{"encode", "sinusoidal", "--positions", "", "--dims", "4", "--out", "{OUT}"}, 2},
      {{"encode", "sinusoidal", "--positions", "99999999999999999999", "--dims", "4", "--out", "{OUT}"}, 2},
      {sin_with({"--base", "nan", "--out", "{OUT}"}), 2},
      {sin_with({"--base", "NaN", "--out", "{OUT}"}), 2},
      {sin_with({"--base", "inf", "--out", "{OUT}"}), 2},
      {sin_with({"--base", "-inf", "--out", "{OUT}"}), 2},
      {sin_with({"--base", "1e999", "--out", "{OUT}"}), 2},
      {sin_with({"--base", "0", "--out", "{OUT}"}), 2},
      {sin_with({"--base", "-1", "--out", "{OUT}"}), 2},
      {sin_with({"--base", "10000x", "--out", "{OUT}"}), 2},
      {sin_with({"--start", "-1", "--out", "{OUT}"}), 2},
      {sin_with({"--start", "4503599627370495", "--out", "{OUT}"}), 2},
      {sin_with({"--signed", "--out", "{OUT}"}), 2},
      {sin_with({"--sigma", "0.1", "--out", "{OUT}"}), 2},
      {sin_with({"--seed", "3", "--out", "{OUT}"}), 2},
      {sin_with({"--table", "{DIR}/t.npy", "--out", "{OUT}"}), 2},
      {{"encode", "integer", "--positions", "4", "--dims", "4", "--base", "100", "--out", "{OUT}"}, 2},
      {{"encode", "learned", "--positions", "4", "--dims", "4", "--seed", "-1", "--out", "{OUT}"}, 2},
      {{"encode", "learned", "--positions", "4", "--dims", "4", "--sigma", "-0.1", "--out", "{OUT}"}, 2},
      {{"encode", "learned", "--table", "{DIR}/t.npy", "--sigma", "0.1", "--out", "{OUT}"}, 2},
      // --out: missing, unknown extension, wrong format for the command.
      {sin_with({"--out", "{OUT}"}), 2, "result.txt"},
      {sin_with({"--out", "{OUT}"}), 2, "result"},
      {sin_with({"--out", "{OUT}"}), 2, "result.png"},
      {{"render", "sinusoidal", "--positions", "4", "--dims", "4", "--out", "{OUT}"}, 2, "result.npy"},
      {{"render", "sinusoidal", "--positions", "4", "--dims", "4", "--out", "{OUT}"}, 2, "result.csv"},
      {{"render", "sinusoidal", "--positions", "4", "--dims", "4", "--view", "cube", "--out", "{OUT}"},
       2,
       "r.png"},
      {{"render", "sinusoidal", "--positions", "4", "--dims", "4", "--colormap", "jet", "--out", "{OUT}"},
       2,
       "r.png"},
      {{"render", "sinusoidal", "--positions", "4", "--dims", "4", "--metric", "cosine", "--out", "{OUT}"},
       2,
       "r.png"},
      {{"similarity", "sinusoidal", "--positions", "4", "--dims", "4", "--metric", "manhattan", "--out",
        "{OUT}"},
       2},
      {{"check", "sinusoidal", "--positions", "0", "--dims", "4", "--out", "{OUT}"}, 2, "c.txt"},
      {{"check", "sinusoidal", "--positions", "4", "--dims", "4", "--json", "--signed", "--out", "{OUT}"},
       2,
       "c.json"},
      // rotation
      {{"rotation", "--dims", "7", "--shift", "1", "--out", "{OUT}"}, 2},
      {{"rotation", "--dims", "8", "--out", "{OUT}"}, 2},
      {{"rotation", "--dims", "8", "--shift", "nan", "--out", "{OUT}"}, 2},
      {{"rotation", "--dims", "8", "--shift", "1", "--base", "0", "--out", "{OUT}"}, 2},
      {{"rotation", "--dims", "8", "--shift", "1", "--convention", "diagonal", "--out", "{OUT}"}, 2},
      // t5-bucket
      {{"t5-bucket", "--from", "5", "--to", "3", "--out", "{OUT}"}, 2},
      {{"t5-bucket", "--from", "abc", "--to", "3", "--out", "{OUT}"}, 2},
      {{"t5-bucket", "--to", "3", "--out", "{OUT}"}, 2},
      {{"t5-bucket", "--from", "0", "--to", "3", "--buckets", "3", "--out", "{OUT}"}, 2},
      {{"t5-bucket", "--from", "0", "--to", "3", "--max-distance", "8", "--out", "{OUT}"}, 2},
      {{"t5-bucket", "--from", "-9223372036854775808", "--to", "0", "--out", "{OUT}"}, 2},
      // shaw
      {{"shaw", "--queries", "5", "--keys", "4", "--clip", "2", "--out", "{OUT}"}, 2},
      {{"shaw", "--queries", "4", "--keys", "4", "--clip", "-1", "--out", "{OUT}"}, 2},
      {{"shaw", "--queries", "0", "--keys", "4", "--clip", "1", "--out", "{OUT}"}, 2},
      // alibi
      {{"alibi", "--heads", "0", "--out", "{OUT}"}, 2},
      {{"alibi", "--heads", "8", "--causal", "--out", "{OUT}"}, 2},
      {{"alibi", "--heads", "8", "--positions", "0", "--out", "{OUT}"}, 2},
      {{"alibi", "--heads", "2000000", "--out", "{OUT}"}, 2},
      // rope (command-line problems)
      {{"rope", "--pairing", "half", "--out", "{OUT}"}, 2},
      {{"rope", "--in", "{DIR}/x.npy", "--out", "{OUT}"}, 2},
      {{"rope", "--in", "{DIR}/x.npy", "--pairing", "sideways", "--out", "{OUT}"}, 2},
      {{"rope", "--in", "{DIR}/x.npy", "--pairing", "half", "--base", "inf", "--out", "{OUT}"}, 2},
  };
  for (const BadCase& c : cases) expect_refused(c, dir);
}

TEST_CASE("max-bytes: outputs above the cap are refused before computing") {
  TempDir dir;
  const std::vector<BadCase> cases = {
      {sin_with({"--max-bytes", "100", "--out", "{OUT}"}), 2},  // 4 x 4 x 8 = 128 bytes
      {sin_with({"--max-bytes", "0", "--out", "{OUT}"}), 2},
      {sin_with({"--max-bytes", "-5", "--out", "{OUT}"}), 2},
      {sin_with({"--max-bytes", "lots", "--out", "{OUT}"}), 2},
      {{"encode", "sinusoidal", "--positions", "100000000", "--dims", "100000000", "--out", "{OUT}"}, 2},
      {{"encode", "sinusoidal", "--positions", "4503599627370496", "--dims", "4503599627370496", "--out",
        "{OUT}"},
       2},
      {{"similarity", "sinusoidal", "--positions", "1000", "--dims", "4", "--max-bytes", "7999999", "--out",
        "{OUT}"},
       2},
      // The N x D table behind a non-sinusoidal similarity counts too: 10 x 10 result + 10 x 1000 table.
      {{"similarity", "integer", "--positions", "10", "--dims", "1000", "--max-bytes", "50000", "--out",
        "{OUT}"},
       2},
      {{"rotation", "--dims", "1000", "--shift", "1", "--max-bytes", "100", "--out", "{OUT}"}, 2},
      {{"t5-bucket", "--from", "0", "--to", "1000", "--max-bytes", "100", "--out", "{OUT}"}, 2},
      {{"shaw", "--queries", "100", "--keys", "100", "--clip", "4", "--max-bytes", "100", "--out", "{OUT}"},
       2},
      {{"alibi", "--heads", "8", "--positions", "100", "--max-bytes", "1000", "--out", "{OUT}"}, 2},
      {{"alibi", "--heads", "8", "--positions", "100000", "--out", "{OUT}"}, 2},
      {{"check", "sinusoidal", "--positions", "64", "--dims", "16", "--max-bytes", "100", "--out", "{OUT}"},
       2,
       "c.txt"},
      {{"render", "sinusoidal", "--positions", "64", "--dims", "16", "--max-bytes", "100", "--out", "{OUT}"},
       2,
       "r.png"},
  };
  for (const BadCase& c : cases) expect_refused(c, dir);

  // Exactly at the cap is allowed: a 128-byte header + 4 x 4 x 8 = 256 bytes, the file's real size.
  const RunResult ok = run_cli(sin_with({"--max-bytes", "256", "--out", dir.file("ok.npy")}));
  CHECK(ok.exit_code == 0);
  CHECK(std::filesystem::file_size(dir.file("ok.npy")) == 256);
  const RunResult over = run_cli(sin_with({"--max-bytes", "255", "--out", dir.file("over.npy")}));
  CHECK(over.exit_code == 2);
  CHECK_FALSE(std::filesystem::exists(dir.file("over.npy")));
  const RunResult message = run_cli(sin_with({"--max-bytes", "100", "--out", dir.file("no.npy")}));
  CHECK(message.err.find("256 bytes") != std::string::npos);
  CHECK(message.err.find("--max-bytes") != std::string::npos);
}

TEST_CASE("malformed / unsupported / mismatched .npy inputs: exit 1 / one line / no output") {
  TempDir dir;
  const std::vector<double> six = {1, 2, 3, 4, 5, 6};
  const std::string good = handmade_npy("<f8", "(2, 3)", little_endian_doubles(six));
  write_bytes(dir.file("good.npy"), good);
  write_bytes(dir.file("truncated.npy"), good.substr(0, good.size() - 5));
  write_bytes(dir.file("header_only.npy"), good.substr(0, 40));
  std::string magic = good;
  magic[1] = 'X';
  write_bytes(dir.file("bad_magic.npy"), magic);
  write_bytes(dir.file("empty.npy"), "");
  write_bytes(dir.file("text.npy"), "1,2,3\n4,5,6\n");
  write_bytes(dir.file("complex.npy"), handmade_npy("<c16", "(2, 3)", std::string(96, '\0')));
  write_bytes(dir.file("big_endian.npy"), handmade_npy(">f8", "(2, 3)", big_endian_doubles(six)));
  write_bytes(dir.file("object.npy"), handmade_npy("|O", "(2, 3)", std::string(48, '\0')));
  write_bytes(dir.file("three_d.npy"), handmade_npy("<f8", "(1, 2, 3)", little_endian_doubles(six)));
  write_bytes(dir.file("one_d.npy"), handmade_npy("<f8", "(6,)", little_endian_doubles(six)));
  write_bytes(dir.file("zero_rows.npy"), handmade_npy("<f8", "(0, 3)", ""));
  write_bytes(dir.file("nan.npy"),
              handmade_npy("<f8", "(2, 3)",
                           little_endian_doubles({1, 2, std::numeric_limits<double>::quiet_NaN(), 4, 5, 6})));
  write_bytes(dir.file("odd.npy"), handmade_npy("<f8", "(2, 3)", little_endian_doubles(six)));
  write_bytes(dir.file("even.npy"), handmade_npy("<f8", "(3, 2)", little_endian_doubles(six)));
  std::filesystem::create_directory(dir.file("a_directory.npy"));

  std::vector<BadCase> cases;
  for (const char* name : {"missing.npy", "truncated.npy", "header_only.npy", "bad_magic.npy", "empty.npy",
                           "text.npy", "complex.npy", "big_endian.npy", "object.npy", "three_d.npy",
                           "one_d.npy", "zero_rows.npy", "nan.npy", "a_directory.npy"}) {
    const std::string input = std::string("{DIR}/") + name;
    cases.push_back({{"encode", "learned", "--table", input, "--out", "{OUT}"}, 1});
    cases.push_back({{"rope", "--in", input, "--pairing", "adjacent", "--out", "{OUT}"}, 1});
  }
  // Well-formed but not fitting the options: width, rows past the end, odd width for RoPE, size cap.
  cases.push_back({{"encode", "learned", "--table", "{DIR}/good.npy", "--dims", "4", "--out", "{OUT}"}, 1});
  cases.push_back(
      {{"encode", "learned", "--table", "{DIR}/good.npy", "--positions", "3", "--out", "{OUT}"}, 1});
  cases.push_back(
      {{"similarity", "learned", "--table", "{DIR}/good.npy", "--start", "2", "--out", "{OUT}"}, 1});
  cases.push_back(
      {{"check", "learned", "--table", "{DIR}/good.npy", "--dims", "2", "--out", "{OUT}"}, 1, "c.txt"});
  cases.push_back(
      {{"render", "learned", "--table", "{DIR}/good.npy", "--positions", "9", "--out", "{OUT}"}, 1, "r.png"});
  cases.push_back(
      {{"encode", "learned", "--table", "{DIR}/good.npy", "--max-bytes", "100", "--out", "{OUT}"}, 1});
  cases.push_back({{"rope", "--in", "{DIR}/odd.npy", "--pairing", "half", "--out", "{OUT}"}, 1});
  cases.push_back(
      {{"rope", "--in", "{DIR}/even.npy", "--pairing", "half", "--max-bytes", "40", "--out", "{OUT}"}, 1});
  for (const BadCase& c : cases) expect_refused(c, dir);

  // The same good file works, so the failures above are the files' fault.
  CHECK(run_cli({"encode", "learned", "--table", dir.file("good.npy"), "--out", dir.file("ok.npy")})
            .exit_code == 0);
  CHECK(run_cli({"rope", "--in", dir.file("even.npy"), "--pairing", "half", "--out", dir.file("ok2.npy")})
            .exit_code == 0);
}

TEST_CASE("render without the app: one line naming what is missing, exit 1, nothing written") {
  if (render_built()) return;  // a build with the app draws (test_cli_check_render.cpp)
  TempDir dir;
  const RunResult r =
      run_cli({"render", "sinusoidal", "--positions", "8", "--dims", "4", "--out", dir.file("r.png")});
  CHECK(r.exit_code == 1);
  CHECK(is_one_error_line(r.err));
  CHECK(r.err.find("render draws the app's views and needs the pelab program beside pelab-cli") !=
        std::string::npos);
  CHECK(dir.listing().empty());
}

TEST_CASE("output paths that cannot be written: exit 1 / one line / nothing left behind") {
  TempDir dir;
  write_bytes(dir.file("plain_file"), "not a directory");
  std::filesystem::create_directory(dir.file("existing_dir.npy"));
  const std::vector<std::string> targets = {
      dir.file("missing_dir") + "/out.npy",   // directory does not exist
      dir.file("plain_file") + "/out.npy",    // parent is a file
      dir.file("existing_dir.npy"),           // the target is a directory
      "/proc/pelab-cli-test-unwritable.npy",  // no one can create files here, not even root
  };
  const std::vector<std::string> before = dir.listing();
  for (const std::string& target : targets) {
    for (const std::vector<std::string>& command : std::vector<std::vector<std::string>>{
             sin_with({"--out", target}),
             {"shaw", "--queries", "2", "--keys", "2", "--clip", "1", "--out", target},
             {"alibi", "--heads", "4", "--positions", "3", "--out", target}}) {
      INFO("pelab-cli " << joined(command));
      const RunResult r = run_cli(command);
      INFO(r.err);
      CHECK(r.exit_code == 1);
      CHECK(is_one_error_line(r.err));
      CHECK(dir.listing() == before);
    }
  }
  CHECK_FALSE(std::filesystem::exists(dir.file("missing_dir")));
  CHECK(std::filesystem::is_empty(dir.file("existing_dir.npy")));

  // A read-only directory (only meaningful when not running as root, who may write anyway).
  if (::geteuid() != 0) {
    std::filesystem::create_directory(dir.file("read_only"));
    write_bytes(dir.file("read_only") + "/kept.npy", "old");
    std::filesystem::permissions(dir.file("read_only"),
                                 std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    const RunResult r = run_cli(sin_with({"--out", dir.file("read_only") + "/kept.npy"}));
    std::filesystem::permissions(dir.file("read_only"), std::filesystem::perms::owner_all);
    CHECK(r.exit_code == 1);
    CHECK(is_one_error_line(r.err));
    CHECK(read_bytes(dir.file("read_only") + "/kept.npy") == "old");
    CHECK(std::distance(std::filesystem::directory_iterator(dir.file("read_only")), {}) == 1);
  }
}

// pelab-cli's --base and a CONFIG's base= (what pelab reads) take the same range, from core, and
// refuse with the same words. The bounds follow from double precision (encodings.hpp): 2^52/DBL_MAX
// ≈ 2.5e-293 and, for the period plot's log axis, about 1e295, rounded inward.
TEST_CASE("pelab-cli and CONFIG accept and refuse the same bases with the same message") {
  for (const std::string base : {"1e9", "1e-292", "1e290", "0.5"}) {
    INFO("base " << base);
    const RunResult r =
        run_cli({"encode", "sinusoidal", "--positions", "2", "--dims", "2", "--base", base, "--out", "-"});
    CHECK(r.exit_code == 0);
    CHECK(pelab::parse_config_spec("sinusoidal:base=" + base).encoding.base == std::stod(base));
  }
  for (const std::string base : {"1e308", "1e-300", "9.9e-293"}) {
    INFO("base " << base);
    const RunResult r =
        run_cli({"encode", "sinusoidal", "--positions", "2", "--dims", "2", "--base", base, "--out", "-"});
    CHECK(r.exit_code == 2);
    CHECK(r.err == "pelab-cli: --base must be between 1e-292 and 1e290 (got " + base + ")\n");
    CHECK_THROWS_WITH(pelab::parse_config_spec("sinusoidal:base=" + base),
                      Catch::EndsWith(": base must be between 1e-292 and 1e290 (got " + base + ")"));
  }
  // An option the kind does not read: one message, the front end's spelling of the option first.
  const RunResult r =
      run_cli({"encode", "integer", "--positions", "2", "--dims", "2", "--base", "3", "--out", "-"});
  CHECK(r.exit_code == 2);
  const std::string rest =
      " does not apply to kind integer (only to sigmoid, sinusoidal, sinusoidal-concat); integer ignores "
      "base: "
      "P[p, i] = p has no frequencies or timescales.";
  CHECK(r.err == "pelab-cli: --base" + rest + "\n");
  CHECK_THROWS_WITH(pelab::parse_config_spec("integer:base=3"), Catch::EndsWith(": base" + rest));
}

// One grammar: pelab-cli's encoding options and a CONFIG's keys go through one reader in core, so
// every bad value is refused with the same sentence; only the spelling of the key differs ("--dims"
// on the command line, "dims" in a CONFIG). The expected sentences are written out here, so a
// drifting copy of either front end's wording fails.
TEST_CASE("pelab-cli options and CONFIG keys refuse bad values with one sentence") {
  struct Case {
    std::string kind, key, value;
    std::string sentence;  // with KEY where the front end's spelling of a key goes
  };
  const std::vector<Case> cases = {
      {"sinusoidal", "dims", "8x", "KEY: '8x' is not an integer"},
      {"sinusoidal", "dims", "1e3", "KEY: '1e3' is not an integer"},
      {"sinusoidal", "dims", "0", "KEY must be at least 1 (got 0)"},
      {"sinusoidal", "positions", "-3", "KEY must be at least 1 (got -3)"},
      {"sinusoidal", "positions", "99999999999999999999",
       "KEY: '99999999999999999999' is out of range for a 64-bit integer"},
      {"sinusoidal", "start", "-1", "KEY must be at least 0 (got -1)"},
      {"sinusoidal", "base", "abc", "KEY: 'abc' is not a number"},
      {"sinusoidal", "base", "nan", "KEY: 'nan' is not a finite number"},
      {"sinusoidal", "base", "0", "KEY must be above 0 (got 0)"},
      {"sinusoidal", "base", "1e-300", "KEY must be between 1e-292 and 1e290 (got 1e-300)"},
      {"sinusoidal", "base", "1e400", "KEY: '1e400' is out of the range of a double"},
      {"learned", "sigma", "-0.5", "KEY must be 0 or more (got -0.5)"},
      {"learned", "seed", "-1", "KEY: '-1' is not a non-negative integer"},
      {"learned", "seed", "18446744073709551616",
       "KEY: '18446744073709551616' is out of range (0 to 18446744073709551615)"},
      {"integer", "seed", "3",
       "KEY does not apply to kind integer (only to learned); integer ignores the seed: its table "
       "follows a fixed rule with nothing random to draw."},
  };
  for (const Case& c : cases) {
    INFO(c.kind << " " << c.key << "=" << c.value);
    std::vector<std::string> args = {"encode", c.kind};
    for (const std::string size : {"positions", "dims"}) {
      if (c.key != size) args.insert(args.end(), {"--" + size, "4"});
    }
    args.insert(args.end(), {"--" + c.key, c.value, "--out", "-"});
    const RunResult cli = run_cli(args);
    std::string option_sentence = c.sentence;
    option_sentence.replace(option_sentence.find("KEY"), 3, "--" + c.key);
    CHECK(cli.exit_code == 2);
    CHECK(cli.err == "pelab-cli: " + option_sentence + "\n");

    const std::string config = c.kind + ":" + c.key + "=" + c.value;
    std::string key_sentence = c.sentence;
    key_sentence.replace(key_sentence.find("KEY"), 3, c.key);
    CHECK_THROWS_WITH(pelab::parse_config_spec(config), "CONFIG '" + config + "': " + key_sentence);
  }
}
