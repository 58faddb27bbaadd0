// pelab-bench: pelab against the numpy code of seed 002, in one run (the benchmark).
//
// Cases (N x D):
//   table 2000x1600, table 4096x1024   pelab::encode(sinusoidal)   vs seed 002 get_position_encoding
//   sinusoid similarity 2000x1600      pelab::sinusoidal_similarity_closed_form(N, D, 1e4, 0, dot)
//                                      (the full N x N matrix)      vs numpy P @ P.T
//   (info) offset vector s(r)          pelab::sinusoidal_similarity_by_offset(D, 1e4, N-1): the O(N D)
//                                      vector every row of that Toeplitz matrix is made of, not the matrix
//   learned similarity 2000x1600       pelab::similarity_matrix(L, dot) vs numpy L @ L.T, the same L
//                                      (np.random.default_rng(0).normal(0, 0.02, (N, D)), read from .npy)
//   (info) fresh-buffer floor          a new 4096x1024 matrix zero-filled: what obtaining 32 MiB of new
//                                      memory costs any code that returns a new table of that size
//
// numpy runs in one /usr/bin/python3 process (bench/numpy_baseline.py --serve) driven over a pipe,
// so the two sides are timed interleaved: one warm-up call of each side (excluded), then rounds of
// M pelab calls + 1 numpy call (M = 3 for the fast pelab cases, 1 for the slow one), and the medians
// are compared. Each sample records wall time (the verdict) and the calling thread's CPU time
// (a cross-check that ignores time spent waiting for a core on a busy machine; both sides are
// single-threaded: pelab here, numpy with the netlib reference BLAS). Every result is checked
// against numpy's.
// Peak memory: each case once more in a fresh process per side (this program re-executed with
// --mem, and numpy_baseline.py --mem); reported is the peak RSS (VmHWM) at the end minus VmRSS just
// before the case, i.e. what the case itself adds on top of the runtime (inputs built inside the
// case count).
//
// Exit status is 0 even when a target is missed: this is a report; FAIL lines say so.
#include <fcntl.h>
#include <malloc.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "memory_hints.hpp"  // core-internal (core/src): the same hint pelab gives its own tables
#include "pelab/encodings.hpp"
#include "pelab/io/npy.hpp"
#include "pelab/similarity.hpp"

#ifndef PELAB_BENCH_PYTHON
#define PELAB_BENCH_PYTHON "/usr/bin/python3"
#endif
#ifndef PELAB_BENCH_SCRIPT
#define PELAB_BENCH_SCRIPT "numpy_baseline.py"
#endif

namespace {

namespace fs = std::filesystem;
constexpr double kBase = 10000.0;

// ---------------------------------------------------------------------------------------------
// Small process helpers (POSIX).

// A field of /proc/self/status in KiB ("VmRSS", "VmHWM"). VmHWM is the peak RSS of this process
// image: unlike getrusage's ru_maxrss it starts afresh at exec, so a child forked from this (large)
// process and re-executed does not inherit the parent's peak.
long status_kib(const std::string& field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(field + ":", 0) == 0) return std::strtol(line.c_str() + field.size() + 1, nullptr, 10);
  }
  return -1;
}

// Runs argv to completion and returns its stdout (stderr passes through).
std::string run_capture(const std::vector<std::string>& argv) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    close(fds[1]);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    std::perror(args[0]);
    _exit(127);
  }
  close(fds[1]);
  std::string out;
  char buf[4096];
  for (ssize_t got; (got = read(fds[0], buf, sizeof buf)) > 0;)
    out.append(buf, static_cast<std::size_t>(got));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) throw std::runtime_error("'" + argv[0] + "' failed");
  return out;
}

// One timing: wall-clock and the calling thread's CPU time, in milliseconds.
struct Sample {
  double wall = 0.0, cpu = 0.0;
};

double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

template <typename F>
Sample measure(F&& f) {
  const double c0 = thread_cpu_ms();
  const auto t0 = std::chrono::steady_clock::now();
  f();
  const auto t1 = std::chrono::steady_clock::now();
  const double c1 = thread_cpu_ms();
  return {std::chrono::duration<double, std::milli>(t1 - t0).count(), c1 - c0};
}

// The numpy side: one long-lived `python3 numpy_baseline.py --serve` talking over two pipes.
class NumpyServer {
 public:
  NumpyServer(const std::string& python, const std::string& script) {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      dup2(to_child[0], STDIN_FILENO);
      dup2(from_child[1], STDOUT_FILENO);
      close(to_child[0]);
      close(to_child[1]);
      close(from_child[0]);
      close(from_child[1]);
      execl(python.c_str(), python.c_str(), script.c_str(), "--serve", static_cast<char*>(nullptr));
      std::perror(python.c_str());
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = fdopen(to_child[1], "w");
    out_ = fdopen(from_child[0], "r");
  }
  NumpyServer(const NumpyServer&) = delete;
  NumpyServer& operator=(const NumpyServer&) = delete;
  ~NumpyServer() {
    if (in_) {
      std::fputs("quit\n", in_);
      std::fclose(in_);
    }
    if (out_) std::fclose(out_);
    int status = 0;
    waitpid(pid_, &status, 0);
  }

  std::string ask(const std::string& command) {
    std::fputs((command + "\n").c_str(), in_);
    std::fflush(in_);
    char* line = nullptr;
    std::size_t cap = 0;
    const ssize_t got = getline(&line, &cap, out_);
    std::string reply = got > 0 ? std::string(line, static_cast<std::size_t>(got)) : std::string();
    std::free(line);
    while (!reply.empty() && (reply.back() == '\n' || reply.back() == '\r')) reply.pop_back();
    if (got <= 0)
      throw std::runtime_error("numpy_baseline.py stopped answering (is numpy installed for this python?)");
    if (reply.rfind("error", 0) == 0) throw std::runtime_error("numpy_baseline.py: " + reply);
    return reply;
  }
  // A timed command answers "<wall ms> <cpu ms>".
  Sample time(const std::string& command) {
    std::istringstream in(ask(command));
    Sample s;
    if (!(in >> s.wall >> s.cpu))
      throw std::runtime_error("numpy_baseline.py: bad timing reply to " + command);
    return s;
  }

 private:
  pid_t pid_ = -1;
  FILE* in_ = nullptr;
  FILE* out_ = nullptr;
};

// ---------------------------------------------------------------------------------------------
// Statistics and checks.

double median(std::vector<double> v) {
  if (v.empty()) return NAN;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double median_of(const std::vector<Sample>& samples, double Sample::*field) {
  std::vector<double> v;
  for (const Sample& s : samples) v.push_back(s.*field);
  return median(std::move(v));
}

double max_abs_diff(const pelab::Matrix& a, const pelab::Matrix& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return INFINITY;
  return (a - b).cwiseAbs().maxCoeff();
}

std::string fmt(const char* format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

// ---------------------------------------------------------------------------------------------
// The cases. Each pelab result is kept alive in a holder and released before the next timed call,
// so freeing it is not timed (numpy's side likewise drops its previous result before the clock starts).

struct Dims {
  std::int64_t n, d;
};
constexpr Dims kTableA{2000, 1600}, kTableB{4096, 1024}, kSim{2000, 1600};

pelab::Matrix pelab_table(Dims s) {
  pelab::EncodingParams p;
  p.kind = pelab::EncodingKind::sinusoidal;
  p.positions = s.n;
  p.dims = s.d;
  p.base = kBase;
  return pelab::encode(p);
}

// What any code returning a new n x d table pays before computing anything: a new Eigen matrix
// (huge-page advised, as pelab's tables are) written once with zeros.
pelab::Matrix fresh_buffer(Dims s) {
  pelab::Matrix m(s.n, s.d);
  pelab::detail::advise_huge_pages(m.data(), static_cast<std::size_t>(m.size()) * sizeof(double));
  m.setZero();
  return m;
}

struct Row {
  std::string name;
  std::vector<Sample> pelab, numpy;
  double target = 0.0;  // required numpy/pelab ratio; 0 = information only
  std::string target_text;
  long pelab_kib = -1, numpy_kib = -1;
  double ratio(double Sample::*field = &Sample::wall) const {
    return median_of(numpy, field) / median_of(pelab, field);
  }
  bool info() const { return target <= 0.0; }
  bool pass() const { return info() || ratio() >= target; }
};

struct Check {
  std::string what;
  double error, tolerance;
};

// --mem CASE: one case in this fresh process; prints "<rss_before_kib> <peak_rss_kib>".
int mem_child(const std::string& which) {
  const long before = status_kib("VmRSS");
  if (which == "table-a") {
    const auto t = pelab_table(kTableA);
  } else if (which == "table-b") {
    const auto t = pelab_table(kTableB);
  } else if (which == "sim-closed") {
    const auto s =
        pelab::sinusoidal_similarity_closed_form(kSim.n, kSim.d, kBase, 0, pelab::SimilarityMetric::dot);
  } else if (which == "sim-offset") {
    const auto s = pelab::sinusoidal_similarity_by_offset(kSim.d, kBase, kSim.n - 1);
  } else if (which == "sim-learned") {
    const pelab::Matrix l = pelab::learned_table(kSim.n, kSim.d, 0.02, 0, 0);  // same shape as numpy's L
    const auto s = pelab::similarity_matrix(l, pelab::SimilarityMetric::dot);
  } else {
    std::fprintf(stderr, "unknown --mem case %s\n", which.c_str());
    return 2;
  }
  std::printf("%ld %ld\n", before, status_kib("VmHWM"));
  return 0;
}

// Peak memory of one case as "peak - before" in KiB, from a child's "<before> <peak>" line.
long parse_mem(const std::string& line) {
  std::istringstream in(line);
  long before = 0, peak = 0;
  if (!(in >> before >> peak)) throw std::runtime_error("bad --mem output: " + line);
  return peak - before;
}

std::string self_exe() { return fs::read_symlink("/proc/self/exe").string(); }

void usage() {
  std::puts(
      "usage: pelab-bench [--reps K] [--matmul-reps K] [--pelab-per-round M] [--python PATH]\n"
      "                   [--script PATH] [--no-memory] [--default-malloc]\n"
      "  Times pelab and seed 002's numpy code in one run, interleaved in rounds after one warm-up\n"
      "  call of each side: a round is M pelab calls (M = 3 by default; 1 for a case where pelab\n"
      "  takes over 100 ms) and one numpy call. K rounds per case (default 7; numpy matmul cases\n"
      "  take seconds, so their numpy call is made in the first 3 rounds only). Medians are compared.\n"
      "  Checks pelab's results against numpy's and prints one table with the ratios, the targets\n"
      "  and the peak memory of each side. Exit status 0 even if a target fails (look for FAIL).\n"
      "  Both sides run under one glibc malloc policy: large blocks come from the heap and are kept\n"
      "  after free (M_MMAP_THRESHOLD 256 MiB, M_TRIM_THRESHOLD 1 GiB; passed to python through\n"
      "  GLIBC_TUNABLES), so neither pays the kernel for fresh zeroed pages on every call.\n"
      "  --default-malloc keeps glibc's defaults on both sides instead.");
}

std::string dims_text(Dims s) { return std::to_string(s.n) + "x" + std::to_string(s.d); }
std::string dims_args(Dims s) { return std::to_string(s.n) + " " + std::to_string(s.d); }

}  // namespace

int main(int argc, char** argv) {
  int reps = 7, matmul_reps = 3, pelab_per_round = 3;
  bool memory = true, default_malloc = false;
  std::string python = PELAB_BENCH_PYTHON, script = PELAB_BENCH_SCRIPT;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        usage();
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--mem") return mem_child(value());
    if (a == "--reps")
      reps = std::max(1, std::stoi(value()));
    else if (a == "--matmul-reps")
      matmul_reps = std::max(1, std::stoi(value()));
    else if (a == "--pelab-per-round")
      pelab_per_round = std::max(1, std::stoi(value()));
    else if (a == "--python")
      python = value();
    else if (a == "--script")
      script = value();
    else if (a == "--no-memory")
      memory = false;
    else if (a == "--default-malloc")
      default_malloc = true;
    else {
      usage();
      return a == "--help" || a == "-h" ? 0 : 2;
    }
  }

  // The same allocator policy for pelab (mallopt, this process) and numpy (GLIBC_TUNABLES, read by
  // every child at start-up, including the --mem children): without it a 32 MiB result is a fresh
  // mmap each call and the kernel's page zeroing costs more than computing the table.
  const char* policy = "glibc defaults";
  if (!default_malloc) {
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    setenv("GLIBC_TUNABLES", "glibc.malloc.mmap_threshold=268435456:glibc.malloc.trim_threshold=1073741824",
           1);
    policy = "mmap threshold 256 MiB, trim threshold 1 GiB, same for both sides";
  }

  std::random_device entropy;
  const fs::path tmp = fs::temp_directory_path() / ("pelab-bench-" + std::to_string(entropy()));
  fs::create_directories(tmp);
  struct Cleanup {
    fs::path path;
    ~Cleanup() {
      std::error_code ignored;
      fs::remove_all(path, ignored);
    }
  } cleanup{tmp};

  // Fast pelab calls are sampled several times per round so that their median is not decided by
  // a handful of scheduler ticks on a busy machine; slow ones once.
  auto per_round_for = [&](const Sample& warm_up) { return warm_up.wall > 100.0 ? 1 : pelab_per_round; };
  auto read_matrix = [](const fs::path& file) {
    pelab::Matrix m = pelab::npy_to_matrix(pelab::read_npy(file), file.string());
    fs::remove(file);
    return m;
  };

  std::vector<Row> rows;  // in the order of the report
  std::vector<Check> checks;
  try {
    NumpyServer np(python, script);
    std::printf("pelab-bench: pelab vs seed 002's numpy code (%s)\n", np.ask("info").c_str());
    std::printf("malloc policy: %s\n", policy);
    std::printf(
        "timing: one warm-up call per side (excluded), then %d rounds per case of %d pelab calls (1 if "
        "pelab\n"
        "takes > 100 ms) + 1 numpy call (numpy matmul: first %d rounds only); medians compared\n\n",
        reps, pelab_per_round, matmul_reps);
    std::fflush(stdout);

    // Sinusoid tables; after the 4096x1024 one, the fresh-buffer floor (timed in the same rounds).
    for (const Dims s : {kTableA, kTableB}) {
      const bool with_floor = s.n == kTableB.n && s.d == kTableB.d;
      Row row, floor;
      row.name = "sinusoid table " + dims_text(s);
      row.target = 10.0;
      row.target_text = ">= 10x";
      floor.name = "  info: floor, new " + dims_text(s) + " matrix zero-filled";
      floor.target_text = "(info)";
      const std::string cmd = "table " + dims_args(s);
      pelab::Matrix held;
      const int per_round = per_round_for(measure([&] { held = pelab_table(s); }));  // warm-up
      if (with_floor) held = fresh_buffer(s);
      np.time(cmd);
      for (int r = 0; r < reps; ++r) {
        for (int i = 0; i < per_round; ++i) {
          held = pelab::Matrix();
          row.pelab.push_back(measure([&] { held = pelab_table(s); }));
          if (with_floor) {
            held = pelab::Matrix();
            floor.pelab.push_back(measure([&] { held = fresh_buffer(s); }));
          }
        }
        row.numpy.push_back(np.time(cmd));
      }
      floor.numpy = row.numpy;
      held = pelab_table(s);
      np.ask("save-last " + (tmp / "table.npy").string());
      checks.push_back(
          {row.name + ": max |pelab - numpy|", max_abs_diff(held, read_matrix(tmp / "table.npy")), 1e-9});
      rows.push_back(std::move(row));
      if (with_floor) rows.push_back(std::move(floor));
      std::printf("  done: %s\n", ("sinusoid table " + dims_text(s)).c_str());
      std::fflush(stdout);
    }

    // Sinusoid similarity (closed form, N x N) and the offset vector, against P @ P.T.
    {
      const Dims s = kSim;
      Row closed, offset;
      closed.name = "sinusoid similarity " + dims_text(s) + " (closed form, NxN)";
      closed.target = 500.0;
      closed.target_text = ">= 500x";
      offset.name = "  info: offset vector s(r), O(N*D), not NxN";
      offset.target_text = "(info)";
      const std::string cmd = "matmul-sin " + dims_args(s);
      pelab::Matrix held;
      pelab::Vector held_offset;
      auto run_closed = [&] {
        held = pelab::sinusoidal_similarity_closed_form(s.n, s.d, kBase, 0, pelab::SimilarityMetric::dot);
      };
      auto run_offset = [&] { held_offset = pelab::sinusoidal_similarity_by_offset(s.d, kBase, s.n - 1); };
      const int per_round = per_round_for(measure(run_closed));  // warm-up
      run_offset();
      np.time(cmd);
      for (int r = 0; r < std::max(reps, matmul_reps); ++r) {
        for (int i = 0; i < per_round; ++i) {
          held = pelab::Matrix();
          closed.pelab.push_back(measure(run_closed));
          held_offset = pelab::Vector();
          offset.pelab.push_back(measure(run_offset));
        }
        if (r < matmul_reps) closed.numpy.push_back(np.time(cmd));
      }
      offset.numpy = closed.numpy;
      np.ask("save-last " + (tmp / "sim.npy").string());
      const pelab::Matrix ref = read_matrix(tmp / "sim.npy");
      const double scale = ref.cwiseAbs().maxCoeff();
      checks.push_back({"sinusoid similarity (closed form): max |pelab - numpy| / max|S|",
                        max_abs_diff(held, ref) / scale, 1e-12});
      const pelab::Matrix row0 = ref.row(0);
      checks.push_back({"offset vector: max |s(r) - numpy S[0, r]| / max|S|",
                        max_abs_diff(held_offset.transpose(), row0) / scale, 1e-12});
      rows.push_back(std::move(closed));
      rows.push_back(std::move(offset));
      std::printf("  done: sinusoid similarity\n");
      std::fflush(stdout);
    }

    // Learned table similarity: the same L on both sides (numpy draws it, pelab reads the .npy).
    {
      const Dims s = kSim;
      Row row;
      row.name = "learned similarity " + dims_text(s) + " (L L^T)";
      row.target = 1.0;
      row.target_text = ">= 1x";
      np.ask("save-learned " + dims_args(s) + " " + (tmp / "learned.npy").string());
      const pelab::Matrix l = read_matrix(tmp / "learned.npy");
      const std::string cmd = "matmul-learned " + dims_args(s);
      pelab::Matrix held;
      auto run = [&] { held = pelab::similarity_matrix(l, pelab::SimilarityMetric::dot); };
      const int per_round = per_round_for(measure(run));  // warm-up
      np.time(cmd);
      for (int r = 0; r < std::max(reps, matmul_reps); ++r) {
        for (int i = 0; i < per_round; ++i) {
          held = pelab::Matrix();
          row.pelab.push_back(measure(run));
        }
        if (r < matmul_reps) row.numpy.push_back(np.time(cmd));
      }
      np.ask("save-last " + (tmp / "sim_learned.npy").string());
      const pelab::Matrix ref = read_matrix(tmp / "sim_learned.npy");
      checks.push_back({"learned similarity: max |pelab - numpy| / max|S|",
                        max_abs_diff(held, ref) / ref.cwiseAbs().maxCoeff(), 1e-12});
      rows.push_back(std::move(row));
      std::printf("  done: learned similarity\n");
      std::fflush(stdout);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pelab-bench: %s\n", e.what());
    return 1;
  }

  // Peak memory: every case once in a fresh process per side.
  if (memory) {
    struct MemCase {
      std::string row_prefix, pelab_case, numpy_case;
      Dims s;
    };
    const std::vector<MemCase> mem_cases = {
        {"sinusoid table " + dims_text(kTableA), "table-a", "table", kTableA},
        {"sinusoid table " + dims_text(kTableB), "table-b", "table", kTableB},
        {"sinusoid similarity", "sim-closed", "matmul-sin", kSim},
        {"  info: offset vector", "sim-offset", "matmul-sin", kSim},
        {"learned similarity", "sim-learned", "matmul-learned", kSim}};
    try {
      const std::string exe = self_exe();
      long numpy_sin_kib = -1;
      for (const MemCase& m : mem_cases) {
        const long pelab_kib = parse_mem(run_capture({exe, "--mem", m.pelab_case}));
        long numpy_kib = m.numpy_case == "matmul-sin" ? numpy_sin_kib : -1;
        if (numpy_kib < 0) {
          numpy_kib = parse_mem(run_capture(
              {python, script, "--mem", m.numpy_case, std::to_string(m.s.n), std::to_string(m.s.d)}));
        }
        if (m.numpy_case == "matmul-sin") numpy_sin_kib = numpy_kib;
        for (Row& r : rows) {
          if (r.name.rfind(m.row_prefix, 0) == 0) {
            r.pelab_kib = pelab_kib;
            r.numpy_kib = numpy_kib;
          }
        }
      }
    } catch (const std::exception& e) {
      std::fprintf(stderr, "pelab-bench: memory measurement failed: %s\n", e.what());
    }
  }

  // The report.
  auto mib = [](long kib) {
    return kib < 0 ? std::string("-") : fmt("%.1f", static_cast<double>(kib) / 1024.0);
  };
  constexpr int kName = 50;
  std::printf("\n%-*s %9s %9s %8s %8s %6s %10s %10s\n", kName, "case", "pelab ms", "numpy ms", "ratio",
              "target", "result", "pelab MiB", "numpy MiB");
  std::printf("%s\n", std::string(kName + 9 + 9 + 8 + 8 + 6 + 10 + 10 + 7, '-').c_str());
  bool all_pass = true;
  for (const Row& r : rows) {
    all_pass = all_pass && r.pass();
    std::printf("%-*s %9s %9s %7sx %8s %6s %10s %10s\n", kName, r.name.c_str(),
                fmt("%.2f", median_of(r.pelab, &Sample::wall)).c_str(),
                fmt("%.1f", median_of(r.numpy, &Sample::wall)).c_str(), fmt("%.1f", r.ratio()).c_str(),
                r.target_text.c_str(), r.info() ? "-" : (r.pass() ? "PASS" : "FAIL"),
                mib(r.pelab_kib).c_str(), mib(r.numpy_kib).c_str());
  }
  std::printf(
      "\nms = median wall time of one call; ratio = numpy / pelab (higher is better for pelab); PASS/FAIL\n"
      "judges the wall-time ratio. MiB = peak RSS a case adds in a fresh process: VmHWM after the case\n"
      "minus VmRSS before it (inputs built inside the case count: numpy's matmul cases build P or L\n"
      "first, pelab's learned case builds L; the closed form needs no table). For scale: a 2000x1600\n"
      "float64 table is 24.4 MiB, a 2000x2000 matrix 30.5 MiB, a 4096x1024 table 32 MiB.\n");

  std::printf("\ncross-check, thread CPU time (not affected by waiting for a core on a busy machine):\n");
  std::printf("%-*s %9s %9s %8s\n", kName, "case", "pelab ms", "numpy ms", "ratio");
  for (const Row& r : rows) {
    std::printf(
        "%-*s %9s %9s %7sx\n", kName, r.name.c_str(), fmt("%.2f", median_of(r.pelab, &Sample::cpu)).c_str(),
        fmt("%.1f", median_of(r.numpy, &Sample::cpu)).c_str(), fmt("%.1f", r.ratio(&Sample::cpu)).c_str());
  }

  std::printf("\ncorrectness (pelab against numpy's own results, read back from .npy):\n");
  bool all_ok = true;
  for (const Check& c : checks) {
    const bool ok = c.error <= c.tolerance;
    all_ok = all_ok && ok;
    std::printf("  %-66s %.2e (<= %.0e) %s\n", c.what.c_str(), c.error, c.tolerance, ok ? "OK" : "MISMATCH");
  }

  std::printf("\nall wall-time samples (ms):\n");
  for (const Row& r : rows) {
    std::printf("  %s\n    pelab:", r.name.c_str());
    for (const Sample& t : r.pelab) std::printf(" %.2f", t.wall);
    std::printf("\n    numpy:");
    for (const Sample& t : r.numpy) std::printf(" %.1f", t.wall);
    std::printf("\n");
  }
  std::printf("\n%s\n",
              all_pass && all_ok ? "ALL TARGETS PASS" : "SOME TARGETS FAIL (see FAIL / MISMATCH above)");
  return 0;
}
