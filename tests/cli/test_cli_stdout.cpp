// pelab-cli --out -: the output on standard output, byte for byte the file --out FILE writes, and
// nothing else there; a figure needs --format png; misuse is one line on stderr and exit code 2.
#include <stb_image.h>

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "pelab/io/npy.hpp"

using namespace cli_test;

namespace {

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// The command to stdout and to a file: both succeed with nothing on stderr, and the bytes agree.
std::string same_as_file(const std::vector<std::string>& command, const std::string& file_name,
                         const std::vector<std::string>& stdout_options) {
  TempDir dir;
  const std::string file = dir.file(file_name);
  const RunResult to_file = run_cli(with(command, {"--out", file}));
  INFO(to_file.err);
  REQUIRE(to_file.exit_code == 0);
  REQUIRE(to_file.out.empty());
  const RunResult to_stdout = run_cli(with(with(command, {"--out", "-"}), stdout_options));
  INFO(to_stdout.err);
  REQUIRE(to_stdout.exit_code == 0);
  REQUIRE(to_stdout.err.empty());
  CHECK(to_stdout.out == read_bytes(file));
  CHECK(dir.listing() == std::vector<std::string>{file_name});  // no file named "-"
  return to_stdout.out;
}

void usage_error(const std::vector<std::string>& args, const std::string& part) {
  const RunResult r = run_cli(args);
  INFO(r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("pelab-cli: ", 0) == 0);
  CHECK(r.err.find('\n') == r.err.size() - 1);
  CHECK(r.err.find(part) != std::string::npos);
}

}  // namespace

TEST_CASE("pelab-cli --out - writes .npy to stdout, identical to the file", "[cli][stdout]") {
  const std::vector<std::string> encode = {"encode", "sinusoidal", "--positions", "64", "--dims", "16"};
  const std::string bytes = same_as_file(encode, "p.npy", {});
  const pelab::NpyArray a = pelab::npy_decode(bytes, "stdout");
  CHECK(a.shape == std::vector<std::int64_t>{64, 16});
  CHECK(a.dtype == pelab::NpyDtype::float64);
  // --format npy says the same as the default.
  CHECK(same_as_file(encode, "q.npy", {"--format", "npy"}) == bytes);

  same_as_file({"similarity", "sinusoidal", "--positions", "32", "--dims", "8", "--metric", "cosine"},
               "s.npy", {});
  same_as_file({"rotation", "--dims", "8", "--shift", "3"}, "t.npy", {});
  same_as_file({"t5-bucket", "--from", "-20", "--to", "40"}, "b.npy", {});  // int64
  same_as_file({"shaw", "--queries", "4", "--keys", "6", "--clip", "2"}, "i.npy", {});
  same_as_file({"alibi", "--heads", "4", "--positions", "8", "--causal"}, "a.npy", {});  // 3-D
  same_as_file({"rope-frequencies", "--dims", "16"}, "f.npy", {});
}

TEST_CASE("pelab-cli --out - --format csv writes the CSV file's bytes", "[cli][stdout]") {
  const std::string csv = same_as_file({"encode", "binary", "--positions", "8", "--dims", "3", "--signed"},
                                       "bits.csv", {"--format", "csv"});
  CHECK(csv.rfind("-1,-1,-1\n1,-1,-1\n", 0) == 0);
  same_as_file({"similarity", "learned", "--positions", "16", "--dims", "8", "--seed", "3"}, "s.csv",
               {"--format", "csv"});
  same_as_file({"alibi", "--heads", "12"}, "slopes.csv", {"--format", "csv"});
  same_as_file({"rope-frequencies", "--dims", "16"}, "f.csv", {"--format", "csv"});
}

TEST_CASE("render --out - --format png writes the PNG, and refuses - without it", "[cli][stdout][render]") {
  const std::vector<std::string> render = {"render", "sinusoidal", "--positions", "64", "--dims", "16"};
  const std::string png = same_as_file(render, "h.png", {"--format", "png"});
  int w = 0, h = 0, channels = 0;
  unsigned char* pixels = stbi_load_from_memory(reinterpret_cast<const unsigned char*>(png.data()),
                                                static_cast<int>(png.size()), &w, &h, &channels, 3);
  REQUIRE(pixels != nullptr);
  stbi_image_free(pixels);
  CHECK(w > 0);
  CHECK(h > 0);
  usage_error(with(render, {"--out", "-"}), "needs --format png");
  usage_error(with(render, {"--out", "-", "--format", "npy"}), "render writes png");
  usage_error(with(render, {"--out", "-", "--format", "csv"}), "render writes png");
}

TEST_CASE("pelab-cli --out - and --format misuse: one line on stderr, exit code 2, nothing on stdout",
          "[cli][stdout]") {
  const std::vector<std::string> encode = {"encode", "sinusoidal", "--positions", "8", "--dims", "4"};
  usage_error(with(encode, {"--out", "-", "--format", "png"}), "pictures come from 'pelab-cli render'");
  usage_error(with(encode, {"--out", "-", "--format", "xlsx"}), "unknown format 'xlsx'");
  usage_error(with(encode, {"--out", "p.npy", "--format", "csv"}), "does not match --out 'p.npy'");
  usage_error({"rope-frequencies", "--dims", "8", "--out", "-", "--json"}, "both write to standard output");
  usage_error({"rope-frequencies", "--dims", "8", "--json", "--format", "csv"}, "--format applies to --out");
  // check prints its table to stdout with --out - as without --out; it has no --format.
  const RunResult check = run_cli({"check", "sinusoidal", "--positions", "8", "--dims", "4", "--out", "-"});
  CHECK(check.exit_code == 0);
  CHECK(check.out.find("requirement") != std::string::npos);
  usage_error({"check", "sinusoidal", "--positions", "8", "--dims", "4", "--format", "csv"}, "--format");
  // The --max-bytes budget applies to standard output too, before anything is written.
  usage_error(with(encode, {"--out", "-", "--max-bytes", "100"}), "--max-bytes");
}
