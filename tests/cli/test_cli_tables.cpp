// pelab-cli with learned tables from real models: --table FILE.safetensors [--tensor NAME], checked
// against the same table as .npy (GPT-2's first 64 positions, assets/presets/gpt2_wpe_64x768.npy).
#include <sys/resource.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "pelab/io/npy.hpp"
#include "pelab/io/safetensors.hpp"

using namespace cli_test;

namespace {

const std::string gpt2_npy = PELAB_GPT2_WPE_NPY;

// GPT-2's table as a checkpoint: wpe.weight beside a decoy token table and a 1-D bias.
std::string gpt2_checkpoint(const TempDir& dir) {
  const pelab::Matrix wpe = pelab::npy_to_matrix(pelab::read_npy(gpt2_npy), gpt2_npy);
  pelab::Matrix wte(100, 768);
  for (Eigen::Index i = 0; i < wte.size(); ++i) wte.data()[i] = 0.001 * static_cast<double>(i % 997);
  const pelab::Matrix bias = pelab::Matrix::Zero(1, 768);
  const std::string path = dir.file("gpt2.safetensors");
  write_bytes(path, pelab::safetensors_encode({{"wte.weight", wte}, {"wpe.weight", wpe}, {"ln_f.bias", bias}},
                                              "F32"));
  return path;
}

}  // namespace

TEST_CASE("encode learned --table gpt2.safetensors --tensor wpe.weight equals the .npy table") {
  REQUIRE(std::filesystem::exists(gpt2_npy));
  TempDir dir;
  const std::string st = gpt2_checkpoint(dir);
  const auto from_npy = run_npy({"encode", "learned", "--table", gpt2_npy}, dir, "npy.npy");
  REQUIRE(from_npy.shape == std::vector<std::int64_t>{64, 768});
  CHECK(at(from_npy, 0, 0) == static_cast<double>(-0.01882072f));

  const auto named =
      run_npy({"encode", "learned", "--table", st, "--tensor", "wpe.weight"}, dir, "named.npy");
  CHECK(named.shape == from_npy.shape);
  CHECK(named.data == from_npy.data);
  // Without --tensor the usual name is found; another tensor can be chosen by name.
  const auto picked = run_npy({"encode", "learned", "--table", st}, dir, "picked.npy");
  CHECK(picked.data == from_npy.data);
  const auto wte = run_npy({"encode", "learned", "--table", st, "--tensor", "wte.weight"}, dir, "wte.npy");
  CHECK(wte.shape == std::vector<std::int64_t>{100, 768});
  // --start / --positions work on the checkpoint's table as on the .npy.
  const auto tail =
      run_npy({"encode", "learned", "--table", st, "--start", "60", "--dims", "768"}, dir, "tail.npy");
  REQUIRE(tail.shape == std::vector<std::int64_t>{4, 768});
  for (std::int64_t i = 0; i < 768; ++i) CHECK(at(tail, 3, i) == at(from_npy, 63, i));

  // similarity and check read it too; check names the tensor.
  const auto sim_npy =
      run_npy({"similarity", "learned", "--table", gpt2_npy, "--metric", "cosine"}, dir, "s1.npy");
  const auto sim_st = run_npy({"similarity", "learned", "--table", st, "--metric", "cosine"}, dir, "s2.npy");
  CHECK(sim_st.data == sim_npy.data);
  const RunResult check = run_cli({"check", "learned", "--table", st, "--json"});
  INFO(check.err);
  REQUIRE(check.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(check.out);
  CHECK(j.at("encoding").at("tensor") == "wpe.weight");
  CHECK(j.at("encoding").at("table") == st);
  CHECK(j.at("encoding").at("positions") == 64);
  const RunResult text = run_cli({"check", "learned", "--table", st});
  CHECK(text.out.rfind("learned, N=64, D=768, table=gpt2.safetensors:wpe.weight\n", 0) == 0);
}

TEST_CASE(
    "encode learned with a .safetensors table: a missing tensor is exit 1 with one line listing the 2-D "
    "tensors") {
  REQUIRE(std::filesystem::exists(gpt2_npy));
  TempDir dir;
  const std::string st = gpt2_checkpoint(dir);
  const std::vector<std::string> before = dir.listing();
  const RunResult r =
      run_cli({"encode", "learned", "--table", st, "--tensor", "wpe", "--out", dir.file("out.npy")});
  INFO(r.err);
  CHECK(r.exit_code == 1);
  CHECK(is_one_error_line(r.err));
  CHECK(r.err == "pelab-cli: " + st +
                     ": has no tensor 'wpe'; its table-shaped tensors (2-D, or [1, ..., 1, N, D]) are: "
                     "'ln_f.bias' (F32, [1, 768]), 'wpe.weight' (F32, "
                     "[64, 768]), 'wte.weight' (F32, [100, 768])\n");
  CHECK(dir.listing() == before);

  // A tensor that does not fit the options: exit 1 with a reason.
  const RunResult one_d = run_cli({"encode", "learned", "--table", st, "--tensor", "ln_f.bias", "--dims", "4",
                                   "--out", dir.file("out.npy")});
  CHECK(one_d.exit_code == 1);  // [1, 768] is a 1-position table of width 768, not 4
  CHECK(is_one_error_line(one_d.err));
}

TEST_CASE("option --tensor is a usage error without --table or for another kind") {
  TempDir dir;
  const std::string out = dir.file("out.npy");
  const RunResult no_table = run_cli(
      {"encode", "learned", "--positions", "4", "--dims", "4", "--tensor", "wpe.weight", "--out", out});
  INFO(no_table.err);
  CHECK(no_table.exit_code == 2);
  CHECK(is_one_error_line(no_table.err));
  CHECK(no_table.err.find("--tensor needs --table") != std::string::npos);
  const RunResult other_kind =
      run_cli({"similarity", "sinusoidal", "--positions", "4", "--dims", "4", "--tensor", "x", "--out", out});
  CHECK(other_kind.exit_code == 2);
  // The same message as a CONFIG's, with the kind's reason from core's table of kinds.
  CHECK(other_kind.err ==
        "pelab-cli: --tensor does not apply to kind sinusoidal (only to learned); sinusoidal ignores a table "
        "file: its table follows a fixed rule; only learned takes its rows from a file.\n");
  const RunResult empty =
      run_cli({"encode", "learned", "--table", dir.file("t.safetensors"), "--tensor", "", "--out", out});
  CHECK(empty.exit_code == 2);
  CHECK(empty.err.find("--tensor") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("learned with bad .safetensors tables: bad files and --tensor with a .npy are exit 1") {
  REQUIRE(std::filesystem::exists(gpt2_npy));
  TempDir dir;
  const std::string st = gpt2_checkpoint(dir);
  const std::string bytes = read_bytes(st);
  write_bytes(dir.file("truncated.safetensors"), bytes.substr(0, bytes.size() - 3));
  write_bytes(dir.file("garbage.safetensors"), std::string(64, 'x'));
  write_bytes(dir.file("empty.safetensors"), "");
  const std::vector<std::vector<std::string>> cases = {
      {"encode", "learned", "--table", dir.file("truncated.safetensors")},
      {"encode", "learned", "--table", dir.file("garbage.safetensors")},
      {"encode", "learned", "--table", dir.file("empty.safetensors")},
      {"encode", "learned", "--table", dir.file("missing.safetensors")},
      {"encode", "learned", "--table", gpt2_npy, "--tensor", "wpe.weight"},
      {"similarity", "learned", "--table", st, "--dims", "700"},
      {"render", "learned", "--table", st, "--positions", "65"},
  };
  for (std::vector<std::string> args : cases) {
    if (args[0] == "render" && !render_built()) continue;
    const std::string out = dir.file(args[0] == "render" ? "out.png" : "out.npy");
    args.insert(args.end(), {"--out", out});
    const RunResult r = run_cli(args);
    INFO(args[3] << ": " << r.err);
    CHECK(r.exit_code == 1);
    CHECK(is_one_error_line(r.err));
    CHECK_FALSE(std::filesystem::exists(out));
  }
}

TEST_CASE("option --max-bytes counts the header and the chosen tensor of a .safetensors table") {
  REQUIRE(std::filesystem::exists(gpt2_npy));
  TempDir dir;
  const std::string st = gpt2_checkpoint(dir);
  // The file is ~510 KB (the decoy wte is 300 KB); wpe.weight is 64 * 768 * 4 = 196608 bytes.
  CHECK(std::filesystem::file_size(st) > 500000);
  const auto ok = run_npy({"encode", "learned", "--table", st, "--max-bytes", "400000"}, dir, "ok.npy");
  CHECK(ok.shape == std::vector<std::int64_t>{64, 768});
  const RunResult small =
      run_cli({"encode", "learned", "--table", st, "--max-bytes", "150000", "--out", dir.file("small.npy")});
  INFO(small.err);
  CHECK(small.exit_code == 1);
  CHECK(small.err.find("tensor 'wpe.weight' is 196608 bytes") != std::string::npos);
  // A .npy is read whole: its file size counts, as before.
  const RunResult npy = run_cli(
      {"encode", "learned", "--table", gpt2_npy, "--max-bytes", "150000", "--out", dir.file("npy.npy")});
  CHECK(npy.exit_code == 1);
  CHECK(npy.err.find("above --max-bytes 150000") != std::string::npos);
}

namespace {

// A table file of `rows` x `cols` float32 values whose data is only `data_bytes` long: the header
// promises far more than the file holds, so a reader that went past the header would refuse it as
// truncated instead.
std::string short_npy(std::int64_t rows, std::int64_t cols, std::size_t data_bytes) {
  const std::int64_t shape[2] = {rows, cols};
  return pelab::npy_encode_header(pelab::NpyDtype::float32, shape, static_cast<std::size_t>(rows * cols)) +
         std::string(data_bytes, '\0');
}

// The same as a .safetensors checkpoint with one tensor, wpe.weight.
std::string short_safetensors(std::int64_t rows, std::int64_t cols, std::size_t data_bytes) {
  std::string header = R"({"wpe.weight":{"dtype":"F32","shape":[)" + std::to_string(rows) + "," +
                       std::to_string(cols) + R"(],"data_offsets":[0,)" + std::to_string(rows * cols * 4) +
                       "]}}";
  header.append((8 - header.size() % 8) % 8, ' ');
  std::string file;
  for (int i = 0; i < 8; ++i) file += static_cast<char>((header.size() >> (8 * i)) & 0xff);
  return file + header + std::string(data_bytes, '\0');
}

// The largest resident set of any child this test process has waited for, in MiB.
double children_peak_rss_mib() {
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

}  // namespace

TEST_CASE("a table whose shape will be refused is refused from its header, before its data is read") {
  TempDir dir;
  // 100000 x 4800 float32: 1.92 GB of data (under --max-bytes' 2 GiB, so the file itself is allowed),
  // but a 74.5 GiB similarity, a 3.6 GiB table and N beyond what the app's views show.
  write_bytes(dir.file("short.npy"), short_npy(100000, 4800, 100));
  // A checkpoint's header is checked against the file's size, so its data is there, but sparse
  // (no disk blocks): reading it would take seconds and gigabytes.
  const std::string checkpoint = short_safetensors(100000, 4800, 0);
  write_bytes(dir.file("sparse.safetensors"), checkpoint);
  std::filesystem::resize_file(dir.file("sparse.safetensors"),
                               checkpoint.size() + std::uint64_t{100000} * 4800 * 4);
  struct Refusal {
    std::vector<std::string> args;
    int exit_code;
    std::string message;
  };
  const std::string similarity =
      "pelab-cli: the output would be 80000000128 bytes (74.5 GiB), a 100000 x 100000 similarity matrix as "
      ".npy, above --max-bytes 2147483648; pass a larger --max-bytes to allow it\n";
  const std::string table =
      "pelab-cli: the output would be 3840000128 bytes (3.6 GiB), a 100000 x 4800 table as .npy, above "
      "--max-bytes 2147483648; pass a larger --max-bytes to allow it\n";
  std::vector<Refusal> refusals;
  for (const char* file : {"short.npy", "sparse.safetensors"}) {
    refusals.push_back(
        {{"similarity", "learned", "--table", dir.file(file), "--out", dir.file("s.npy")}, 1, similarity});
    refusals.push_back(
        {{"encode", "learned", "--table", dir.file(file), "--out", dir.file("p.npy")}, 1, table});
  }
  if (render_built()) {
    refusals.push_back({{"render", "learned", "--table", dir.file("short.npy"), "--out", dir.file("r.png")},
                        2,
                        "pelab-cli: render draws the app's views, which show N <= 16384, D <= 4096, start <= "
                        "1000000000 (got learned, N=100000, D=4800, table=short.npy)\n"});
  }
  for (const Refusal& refusal : refusals) {
    const RunResult r = run_cli(refusal.args);
    INFO(refusal.args[0] << " " << refusal.args[3]);
    CHECK(r.exit_code == refusal.exit_code);
    CHECK(r.err == refusal.message);
    CHECK(r.out.empty());
  }
  CHECK(dir.listing() == std::vector<std::string>{"short.npy", "sparse.safetensors"});

  // The same table at its full size, a sparse file of 1.92 GB: refused as quickly and in as little
  // memory as the short one (reading it would take seconds and gigabytes).
  const std::filesystem::path sparse = dir.file("sparse.npy");
  write_bytes(sparse, short_npy(100000, 4800, 0));
  std::filesystem::resize_file(sparse, std::filesystem::file_size(sparse) + std::uint64_t{100000} * 4800 * 4);
  const auto start = std::chrono::steady_clock::now();
  const RunResult r =
      run_cli({"similarity", "learned", "--table", sparse.string(), "--out", dir.file("s.npy")});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(r.exit_code == 1);
  CHECK(r.err == similarity);
  CHECK(seconds < 5.0);                     // idle: about 0.01 s; reading it whole took 10 s
  CHECK(children_peak_rss_mib() < 1024.0);  // idle: a few MiB (ASan: more); reading it took 7.5 GB
  // A table it can use still loads: the refusal is the shape's, not the reader's.
  const RunResult small = run_cli({"encode", "learned", "--table", gpt2_npy, "--out", dir.file("ok.npy")});
  CHECK(small.exit_code == 0);
}
