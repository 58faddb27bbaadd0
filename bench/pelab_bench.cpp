// pelab-bench: pelab against the numpy code of source post 002, in one run (the benchmark).
//
// Cases (N x D):
//   table 2000x1600, table 4096x1024   pelab::encode(sinusoidal)   vs source post 002 get_position_encoding
//   (info) floors, both table sizes    a new N x D matrix memset once to zero bytes, and once to
//                                      0x3f bytes (nonzero): what obtaining and writing that much
//                                      new memory costs any code that returns a new table
//   sinusoid similarity 2000x1600      pelab::sinusoidal_similarity_closed_form(N, D, 1e4, 0, dot)
//                                      (the full N x N matrix)      vs numpy P @ P.T
//   (info) offset vector s(r)          pelab::sinusoidal_similarity_by_offset(D, 1e4, N-1): the O(N D)
//                                      vector every row of that Toeplitz matrix is made of, not the matrix
//   learned similarity 2000x1600       pelab::similarity_matrix(L, dot) vs numpy L @ L.T, the same L
//                                      (np.random.default_rng(0).normal(0, 0.02, (N, D)), read from .npy)
//   pelab-cli as a pipeline step       the whole process `pelab-cli similarity learned --table L.npy
//                                      --out S.npy` (start, read, L L^T, write, exit) vs np.load, L @ L.T
//                                      and np.save in the running interpreter; and the start-up alone
//                                      (`pelab-cli --version`, against `python3 -c "import numpy"`)
//
// Two numpy baselines in the same run, each in its own long-lived /usr/bin/python3 process
// (bench/numpy_baseline.py --serve) driven over a pipe:
//   numpy-ref        LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/blas:/usr/lib/x86_64-linux-gnu/lapack:
//                    Debian's netlib reference BLAS (single-threaded, unoptimised)
//   numpy-OpenBLAS   LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/openblas-pthread: Debian's OpenBLAS,
//                    threaded (what pip's numpy ships, and what Debian's numpy uses once
//                    libopenblas0-pthread is the libblas.so.3 alternative)
// LD_LIBRARY_PATH is set for each python process only; the system's alternative is neither read
// nor changed. Each process reports the BLAS it really mapped (/proc/self/maps) and threadpoolctl's
// kernel report; the bench refuses to run if the reference process has OpenBLAS mapped or the
// OpenBLAS process has not.
//
// OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE: some machines set them in the environment (older OpenBLAS
// builds crash or compute wrongly on their processors without them). OpenBLAS reads them when it
// is loaded, on both sides (pelab_core links OpenBLAS too). `cmake --build <dir> --target bench`
// runs pelab-bench with both unset (`env -u ...`, that command only), so that OpenBLAS picks the
// kernel for the processor as current numpy does; run pelab-bench directly to keep them. The report
// prints both variables and the kernel each side runs; every result is checked against numpy's.
//
// Timing: one warm-up call of each side (excluded), then rounds of M pelab calls + 1 call of each
// numpy (M = 3 for the fast pelab cases, 1 for the slow ones; the reference BLAS matmul takes
// seconds, so it is called in the first 3 rounds only), and the medians are compared. Each sample
// records wall time (the verdict) and the process's CPU time over all threads (OpenBLAS runs on
// every core on both sides). Before a timed BLAS call the bench waits 200 ms, so that the other
// process's OpenBLAS threads, which spin for a while after a call, do not take a core from it.
// Peak memory: each case once more in a fresh process per side (this program re-executed with
// --mem, and numpy_baseline.py --mem under each BLAS); reported is the peak RSS (VmHWM) at the end
// minus VmRSS just before the case, i.e. what the case itself adds on top of the runtime (inputs
// built inside the case count).
//
// Exit status is 0 even when a target is missed: this is a report; FAIL lines say so.
#include <emmintrin.h>
#include <fcntl.h>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
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
#include <thread>
#include <vector>

#include "memory_hints.hpp"  // core-internal (core/src): the same hint pelab gives its own tables
#include "pelab/blas.hpp"
#include "pelab/encodings.hpp"
#include "pelab/io/npy.hpp"
#include "pelab/similarity.hpp"

#ifndef PELAB_BENCH_PYTHON
#define PELAB_BENCH_PYTHON "/usr/bin/python3"
#endif
#ifndef PELAB_BENCH_SCRIPT
#define PELAB_BENCH_SCRIPT "numpy_baseline.py"
#endif
#ifndef PELAB_BENCH_CLI
#define PELAB_BENCH_CLI "pelab-cli"
#endif

namespace {

namespace fs = std::filesystem;
constexpr double kBase = 10000.0;
// Where Debian keeps each BLAS (and its LAPACK) as libblas.so.3 / liblapack.so.3.
constexpr const char* kRefBlasPath = "/usr/lib/x86_64-linux-gnu/blas:/usr/lib/x86_64-linux-gnu/lapack";
constexpr const char* kOpenBlasPath = "/usr/lib/x86_64-linux-gnu/openblas-pthread";

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

// In a forked child before exec: the BLAS search path of the program about to run (only there).
void set_library_path(const std::string& path) {
  if (!path.empty()) setenv("LD_LIBRARY_PATH", path.c_str(), 1);
}

// In a forked child: replaces it with argv[0] run with argv, or exits with 127 (as a shell does) when
// that fails.
[[noreturn]] void exec_or_exit(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  execv(args[0], args.data());
  std::perror(args[0]);
  _exit(127);
}

// Runs argv to completion (with LD_LIBRARY_PATH = library_path if not empty) and returns its stdout
// (stderr passes through).
std::string run_capture(const std::vector<std::string>& argv, const std::string& library_path = "") {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    close(fds[1]);
    set_library_path(library_path);
    exec_or_exit(argv);
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

// A whole child process: wall time from fork to exit, and the CPU time, peak RSS and minor page
// faults of that child alone (wait4's rusage).
struct ProcessRun {
  double wall = 0.0, cpu = 0.0;
  long peak_rss_kib = 0, minor_faults = 0;
};

// Runs argv (stdout to /dev/null, stderr passes through) in the environment a user would start it
// in: without the kernel choice pelab-bench may have made for itself (the child makes its own, as
// pelab-cli does) and without the bench's malloc tunables. Throws unless it exits with 0.
ProcessRun run_process(const std::vector<std::string>& argv) {
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, STDOUT_FILENO);
    if (std::getenv("PELAB_SET_OPENBLAS_CORETYPE") != nullptr) {
      unsetenv("OPENBLAS_CORETYPE");
      unsetenv("PELAB_SET_OPENBLAS_CORETYPE");
    }
    unsetenv("GLIBC_TUNABLES");
    exec_or_exit(argv);
  }
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid) throw std::runtime_error("wait4 failed");
  const auto t1 = std::chrono::steady_clock::now();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) throw std::runtime_error("'" + argv[0] + "' failed");
  const auto ms = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_usec) * 1e-3;
  };
  return {std::chrono::duration<double, std::milli>(t1 - t0).count(), ms(usage.ru_utime) + ms(usage.ru_stime),
          usage.ru_maxrss, usage.ru_minflt};
}

// The BLAS / LAPACK shared objects mapped into this process.
std::vector<std::string> mapped_blas_libraries() {
  std::ifstream maps("/proc/self/maps");
  std::vector<std::string> libs;
  std::string line;
  while (std::getline(maps, line)) {
    const std::size_t slash = line.find('/');
    if (slash == std::string::npos) continue;
    const std::string path = line.substr(slash);
    const std::string name = path.substr(path.rfind('/') + 1);
    if ((name.find("blas") != std::string::npos || name.find("lapack") != std::string::npos) &&
        name.find(".so") != std::string::npos && std::find(libs.begin(), libs.end(), path) == libs.end())
      libs.push_back(path);
  }
  return libs;
}

// pelab's own BLAS: the libraries mapped into this process, then pelab_core's own description
// (OpenBLAS's configuration and kernel, or Eigen's products when OpenBLAS was not found).
std::string pelab_blas_text() {
  std::string text;
  for (const std::string& lib : mapped_blas_libraries()) {
    if (lib.find("libopenblas") != std::string::npos || lib.find("libblas") != std::string::npos)
      text += (text.empty() ? "loaded " : " ") + lib;
  }
  return (text.empty() ? "" : text + " | ") + pelab::blas_description();
}

std::string env_text(const char* name) {
  const char* v = std::getenv(name);
  return std::string(name) + "=" + (v ? v : "(unset)");
}

// One timing: wall-clock and the CPU time of all threads of the process, in milliseconds.
struct Sample {
  double wall = 0.0, cpu = 0.0;
};

double process_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

template <typename F>
Sample measure(F&& f) {
  const double c0 = process_cpu_ms();
  const auto t0 = std::chrono::steady_clock::now();
  f();
  const auto t1 = std::chrono::steady_clock::now();
  const double c1 = process_cpu_ms();
  return {std::chrono::duration<double, std::milli>(t1 - t0).count(), c1 - c0};
}

// One numpy side: a long-lived `python3 numpy_baseline.py --serve` talking over two pipes, with
// its own LD_LIBRARY_PATH (which BLAS libblas.so.3 resolves to in that process).
class NumpyServer {
 public:
  NumpyServer(std::string label, const std::string& python, const std::string& script,
              const std::string& library_path)
      : label_(std::move(label)) {
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
      set_library_path(library_path);
      // numpy runs as users have it: if pelab restarted itself with a kernel choice, undo it here.
      if (std::getenv("PELAB_SET_OPENBLAS_CORETYPE") != nullptr) {
        unsetenv("OPENBLAS_CORETYPE");
        unsetenv("PELAB_SET_OPENBLAS_CORETYPE");
      }
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

  const std::string& label() const { return label_; }

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
      throw std::runtime_error(label_ +
                               ": numpy_baseline.py stopped answering (is numpy installed for this python?)");
    if (reply.rfind("error", 0) == 0) throw std::runtime_error(label_ + ": numpy_baseline.py: " + reply);
    return reply;
  }
  // A timed command answers "<wall ms> <cpu ms>".
  Sample time(const std::string& command) {
    std::istringstream in(ask(command));
    Sample s;
    if (!(in >> s.wall >> s.cpu))
      throw std::runtime_error(label_ + ": numpy_baseline.py: bad timing reply to " + command);
    return s;
  }

 private:
  std::string label_;
  pid_t pid_ = -1;
  FILE* in_ = nullptr;
  FILE* out_ = nullptr;
};

// Refuses to compare against a BLAS other than the one named: the reference process must have
// netlib's libblas mapped and no OpenBLAS, the OpenBLAS process OpenBLAS.
void require_blas(NumpyServer& np, bool openblas) {
  const std::string libs = np.ask("blas-libs");
  const bool has_openblas = libs.find("openblas") != std::string::npos;
  const bool has_reference = libs.find("/blas/libblas.so") != std::string::npos;
  if (openblas ? !has_openblas : (has_openblas || !has_reference)) {
    throw std::runtime_error(np.label() + " loaded '" + libs + "', not " +
                             (openblas ? "OpenBLAS" : "only the netlib reference BLAS") +
                             " (check --ref-blas-path / --openblas-path and the installed packages)");
  }
}

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
// (huge-page advised, as pelab's tables are) written once by memset with one byte value. Zero is
// special on some machines (on the bench machine memory takes all-zero lines at twice the rate of
// any other data, even from non-temporal stores), so the floor is measured twice with the same
// memset: zeros (= Eigen's setZero) and the byte 0x3f, i.e. every entry 0x3f3f3f3f3f3f3f3f
// (about 0.49), the least that writing a table of nonzero values can cost.
constexpr int kNonzeroByte = 0x3f;
pelab::Matrix fresh_buffer(Dims s, int byte) {
  pelab::Matrix m(s.n, s.d);
  const auto bytes = static_cast<std::size_t>(m.size()) * sizeof(double);
  pelab::detail::advise_huge_pages(m.data(), bytes);
  std::memset(m.data(), byte, bytes);
  return m;
}

// Frees a table-sized result so that the next timed call starts from the same cache state whatever
// the previous call was. A memset leaves its 24 MiB dirty in the cache (its write to memory happens
// later), while the table's streaming stores leave nothing: without this, a table timed right after
// a floor paid for writing the floor's lines back (measured: 3.0 ms after a floor, 2.1 ms after
// numpy's calls). The flush is not timed; every case of the rounds gets it.
void release_clean(pelab::Matrix& m) {
  const auto* bytes = reinterpret_cast<const char*>(m.data());
  const std::size_t size = static_cast<std::size_t>(m.size()) * sizeof(double);
  for (std::size_t at = 0; at < size; at += 64) _mm_clflush(bytes + at);
  _mm_mfence();
  m = pelab::Matrix();
}

enum Side { kRef = 0, kOpen = 1 };
constexpr std::array<const char*, 2> kSideName = {"numpy-ref", "numpy-OpenBLAS"};

struct Row {
  std::string name;
  std::vector<Sample> pelab;
  std::array<std::vector<Sample>, 2> numpy;
  bool info = false;        // information only: no target
  double target_ref = 0.0;  // required numpy-ref / pelab ratio
  bool vs_openblas = true;  // and pelab at least as fast as numpy-OpenBLAS
  std::string target_text;
  long pelab_kib = -1;
  std::array<long, 2> numpy_kib = {-1, -1};
  double ratio(Side side, double Sample::*field = &Sample::wall) const {
    return median_of(numpy[side], field) / median_of(pelab, field);
  }
  bool pass() const { return info || (ratio(kRef) >= target_ref && (!vs_openblas || ratio(kOpen) >= 1.0)); }
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
      "                   [--script PATH] [--cli PATH] [--ref-blas-path DIRS] [--openblas-path DIRS]\n"
      "                   [--settle-ms T] [--no-memory] [--default-malloc]\n"
      "  Times pelab and source post 002's numpy code in one run against two numpy baselines: numpy with\n"
      "  the netlib reference BLAS (LD_LIBRARY_PATH=DIRS of --ref-blas-path, default\n"
      "  /usr/lib/x86_64-linux-gnu/blas:/usr/lib/x86_64-linux-gnu/lapack) and numpy with OpenBLAS\n"
      "  (--openblas-path, default /usr/lib/x86_64-linux-gnu/openblas-pthread), each set for its\n"
      "  python process only; the system's libblas.so.3 alternative is not used. Interleaved in\n"
      "  rounds after one warm-up call of each side: a round is M pelab calls (M = 3 by default; 1\n"
      "  for a case where pelab takes over 100 ms) and one call of each numpy. K rounds per case\n"
      "  (default 7; the reference BLAS matmul takes seconds, so it is called in the first 3 rounds\n"
      "  only). Medians are compared. Before each BLAS call the bench waits T ms (default 200) so\n"
      "  that idle OpenBLAS threads of the other process, which spin for a while, are quiet.\n"
      "  Checks pelab's results against both numpys' and prints one table with the ratios, the\n"
      "  targets and the peak memory of each side. Exit status 0 even if a target fails (look for\n"
      "  FAIL). OpenBLAS reads OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE on both sides; the `bench` build\n"
      "  target runs this program with both unset.\n"
      "  Both sides run under one glibc malloc policy: large blocks come from the heap and are kept\n"
      "  after free (M_MMAP_THRESHOLD 256 MiB, M_TRIM_THRESHOLD 1 GiB; passed to python through\n"
      "  GLIBC_TUNABLES), so neither pays the kernel for fresh zeroed pages on every call.\n"
      "  --default-malloc keeps glibc's defaults on both sides instead.\n"
      "  --cli PATH: the pelab-cli whose whole process is timed as a pipeline step (default: the one\n"
      "  built beside this program); it runs in the user's environment, without the two above.");
}

std::string dims_text(Dims s) { return std::to_string(s.n) + "x" + std::to_string(s.d); }
std::string dims_args(Dims s) { return std::to_string(s.n) + " " + std::to_string(s.d); }

}  // namespace

int main(int argc, char** argv) {
  pelab::restart_with_fitting_blas_kernel(argv);  // what pelab and pelab-cli do at start-up
  int reps = 7, matmul_reps = 3, pelab_per_round = 3, settle_ms = 200;
  bool memory = true, default_malloc = false;
  std::string python = PELAB_BENCH_PYTHON, script = PELAB_BENCH_SCRIPT, cli = PELAB_BENCH_CLI;
  std::array<std::string, 2> blas_path = {kRefBlasPath, kOpenBlasPath};
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
    else if (a == "--settle-ms")
      settle_ms = std::max(0, std::stoi(value()));
    else if (a == "--python")
      python = value();
    else if (a == "--script")
      script = value();
    else if (a == "--cli")
      cli = value();
    else if (a == "--ref-blas-path")
      blas_path[kRef] = value();
    else if (a == "--openblas-path")
      blas_path[kOpen] = value();
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
  auto settle = [&] { std::this_thread::sleep_for(std::chrono::milliseconds(settle_ms)); };

  std::vector<Row> rows;  // in the order of the report
  struct FloorLine {
    std::string table;
    std::size_t table_row, zero_row, value_row;
    double table_back_to_back, zero_back_to_back;  // medians of calls in a tight loop, ms
  };
  std::vector<FloorLine> floors;
  std::vector<Check> checks;
  std::string cli_process_text, startup_text;  // the pipeline case's process figures
  try {
    NumpyServer ref(kSideName[kRef], python, script, blas_path[kRef]);
    NumpyServer open(kSideName[kOpen], python, script, blas_path[kOpen]);
    std::array<NumpyServer*, 2> np = {&ref, &open};
    require_blas(ref, false);
    require_blas(open, true);
    std::printf("pelab-bench: pelab vs source post 002's numpy code, two numpy baselines in one run\n");
    std::printf("  %-15s LD_LIBRARY_PATH=%s\n  %-15s %s\n", kSideName[kRef], blas_path[kRef].c_str(), "",
                ref.ask("info").c_str());
    std::printf("  %-15s LD_LIBRARY_PATH=%s\n  %-15s %s\n", kSideName[kOpen], blas_path[kOpen].c_str(), "",
                open.ask("info").c_str());
    std::printf("  %-15s %s\n", "pelab", pelab_blas_text().c_str());
    const bool pelab_chose_kernel = std::getenv("PELAB_SET_OPENBLAS_CORETYPE") != nullptr;
    std::printf("environment (read by OpenBLAS on both sides): %s %s %s %s\n",
                pelab_chose_kernel ? "OPENBLAS_CORETYPE=(unset)" : env_text("OPENBLAS_CORETYPE").c_str(),
                env_text("OPENBLAS_L2_SIZE").c_str(), env_text("OPENBLAS_NUM_THREADS").c_str(),
                env_text("OMP_NUM_THREADS").c_str());
    if (pelab_chose_kernel)
      std::printf(
          "pelab restarted itself with %s, as pelab and pelab-cli do: this OpenBLAS does not know the\n"
          "processor and would use its generic Prescott kernels (numpy does; see pelab/blas.hpp)\n",
          env_text("OPENBLAS_CORETYPE").c_str());
    std::printf("malloc policy: %s\n", policy);
    std::printf(
        "timing: one warm-up call per side (excluded), then %d rounds per case of %d pelab calls (1 if "
        "pelab\ntakes > 100 ms) + 1 call of each numpy (numpy-ref matmul: first %d rounds only); medians "
        "compared;\n%d ms pause before each BLAS call\n\n",
        reps, pelab_per_round, matmul_reps, settle_ms);
    std::fflush(stdout);

    // Sinusoid tables and their floors (timed in the same rounds).
    for (const Dims s : {kTableA, kTableB}) {
      Row row, zero, value;
      row.name = "sinusoid table " + dims_text(s);
      row.target_ref = 10.0;
      row.target_text = ">=10x ref, >=1x OB";
      zero.name = "  info: floor, new " + dims_text(s) + " matrix of zero bytes";
      value.name = "  info: floor, new " + dims_text(s) + " matrix of 0x3f bytes";
      zero.info = value.info = true;
      zero.target_text = value.target_text = "(info)";
      const std::string cmd = "table " + dims_args(s);
      pelab::Matrix held;
      const int per_round = per_round_for(measure([&] { held = pelab_table(s); }));  // warm-up
      held = fresh_buffer(s, 0);
      held = fresh_buffer(s, kNonzeroByte);
      for (NumpyServer* n : np) n->time(cmd);
      for (int r = 0; r < reps; ++r) {
        for (int i = 0; i < per_round; ++i) {
          release_clean(held);
          row.pelab.push_back(measure([&] { held = pelab_table(s); }));
          release_clean(held);
          zero.pelab.push_back(measure([&] { held = fresh_buffer(s, 0); }));
          release_clean(held);
          value.pelab.push_back(measure([&] { held = fresh_buffer(s, kNonzeroByte); }));
        }
        for (int side : {kRef, kOpen}) row.numpy[side].push_back(np[side]->time(cmd));
      }
      zero.numpy = value.numpy = row.numpy;
      held = pelab_table(s);
      for (int side : {kRef, kOpen}) {
        np[side]->ask("save-last " + (tmp / "table.npy").string());
        checks.push_back({row.name + ": max |pelab - " + kSideName[side] + "|",
                          max_abs_diff(held, read_matrix(tmp / "table.npy")), 1e-9});
      }
      // The same two calls back to back, each kind in its own tight loop and nothing flushed (what a
      // slider drag in the app does): a memset then finds the lines its previous call left dirty in
      // the cache and overwrites them there. Reported beside the rounds.
      release_clean(held);
      std::vector<Sample> table_loop, zero_loop;
      for (int i = 0; i < 21; ++i) {
        held = pelab::Matrix();
        table_loop.push_back(measure([&] { held = pelab_table(s); }));
      }
      for (int i = 0; i < 21; ++i) {
        held = pelab::Matrix();
        zero_loop.push_back(measure([&] { held = fresh_buffer(s, 0); }));
      }
      floors.push_back({dims_text(s), rows.size(), rows.size() + 1, rows.size() + 2,
                        median_of(table_loop, &Sample::wall), median_of(zero_loop, &Sample::wall)});
      rows.push_back(std::move(row));
      rows.push_back(std::move(zero));
      rows.push_back(std::move(value));
      std::printf("  done: sinusoid table %s\n", dims_text(s).c_str());
      std::fflush(stdout);
    }

    // Sinusoid similarity (closed form, N x N) and the offset vector, against P @ P.T.
    {
      const Dims s = kSim;
      Row closed, offset;
      closed.name = "sinusoid similarity " + dims_text(s) + " (closed form, NxN)";
      closed.target_ref = 500.0;
      closed.target_text = ">=500x ref, >=1x OB";
      offset.name = "  info: offset vector s(r), O(N*D), not NxN";
      offset.info = true;
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
      for (NumpyServer* n : np) n->time(cmd);
      for (int r = 0; r < std::max(reps, matmul_reps); ++r) {
        settle();
        for (int i = 0; i < per_round; ++i) {
          held = pelab::Matrix();
          closed.pelab.push_back(measure(run_closed));
          held_offset = pelab::Vector();
          offset.pelab.push_back(measure(run_offset));
        }
        for (int side : {kRef, kOpen}) {
          if (side == kRef && r >= matmul_reps) continue;
          settle();
          closed.numpy[side].push_back(np[side]->time(cmd));
        }
      }
      offset.numpy = closed.numpy;
      for (int side : {kRef, kOpen}) {
        np[side]->ask("save-last " + (tmp / "sim.npy").string());
        const pelab::Matrix ref_s = read_matrix(tmp / "sim.npy");
        const double scale = ref_s.cwiseAbs().maxCoeff();
        checks.push_back(
            {std::string("sinusoid similarity (closed form): max |pelab - ") + kSideName[side] + "| / max|S|",
             max_abs_diff(held, ref_s) / scale, 1e-12});
        const pelab::Matrix row0 = ref_s.row(0);
        checks.push_back({std::string("offset vector: max |s(r) - ") + kSideName[side] + " S[0, r]| / max|S|",
                          max_abs_diff(held_offset.transpose(), row0) / scale, 1e-12});
      }
      rows.push_back(std::move(closed));
      rows.push_back(std::move(offset));
      std::printf("  done: sinusoid similarity\n");
      std::fflush(stdout);
    }

    // Learned table similarity: the same L on all sides (numpy draws it, pelab reads the .npy).
    {
      const Dims s = kSim;
      Row row;
      row.name = "learned similarity " + dims_text(s) + " (L L^T)";
      row.target_ref = 1.0;
      row.target_text = ">=1x ref, >=1x OB";
      ref.ask("save-learned " + dims_args(s) + " " + (tmp / "learned.npy").string());
      const pelab::Matrix l = read_matrix(tmp / "learned.npy");
      const std::string cmd = "matmul-learned " + dims_args(s);
      pelab::Matrix held;
      auto run = [&] { held = pelab::similarity_matrix(l, pelab::SimilarityMetric::dot); };
      const int per_round = per_round_for(measure(run));  // warm-up
      for (NumpyServer* n : np) n->time(cmd);
      for (int r = 0; r < std::max(reps, matmul_reps); ++r) {
        for (int i = 0; i < per_round; ++i) {
          held = pelab::Matrix();
          settle();
          row.pelab.push_back(measure(run));
        }
        for (int side : {kRef, kOpen}) {
          if (side == kRef && r >= matmul_reps) continue;
          settle();
          row.numpy[side].push_back(np[side]->time(cmd));
        }
      }
      for (int side : {kRef, kOpen}) {
        np[side]->ask("save-last " + (tmp / "sim_learned.npy").string());
        const pelab::Matrix ref_s = read_matrix(tmp / "sim_learned.npy");
        checks.push_back({std::string("learned similarity: max |pelab - ") + kSideName[side] + "| / max|S|",
                          max_abs_diff(held, ref_s) / ref_s.cwiseAbs().maxCoeff(), 1e-12});
      }
      rows.push_back(std::move(row));
      std::printf("  done: learned similarity\n");
      std::fflush(stdout);
    }

    // pelab-cli as a pipeline step: the whole process against np.load + L @ L.T + np.save in the
    // running interpreter, on the same L.npy, each writing its own S.npy into the same directory.
    {
      const Dims s = kSim;
      Row row;
      row.name = "pelab-cli similarity learned " + dims_text(s) + ", process";
      row.target_ref = 1.0;
      row.target_text = ">=1x ref, >=1x OB";
      const fs::path input = tmp / "pipeline_L.npy";
      ref.ask("save-learned " + dims_args(s) + " " + input.string());
      const std::vector<std::string> argv = {cli,
                                             "similarity",
                                             "learned",
                                             "--table",
                                             input.string(),
                                             "--out",
                                             (tmp / "pipeline_pelab.npy").string()};
      auto numpy_cmd = [&](int side) {
        return "pipeline " + input.string() + " " +
               (tmp / ("pipeline_" + std::to_string(side) + ".npy")).string();
      };
      std::vector<ProcessRun> runs;
      run_process(argv);  // warm-up (and the page cache holds L.npy for both sides from here on)
      for (int side : {kRef, kOpen}) np[side]->time(numpy_cmd(side));
      for (int r = 0; r < std::max(reps, matmul_reps); ++r) {
        settle();
        runs.push_back(run_process(argv));
        row.pelab.push_back({runs.back().wall, runs.back().cpu});
        for (int side : {kRef, kOpen}) {
          if (side == kRef && r >= matmul_reps) continue;
          settle();
          row.numpy[side].push_back(np[side]->time(numpy_cmd(side)));
        }
      }
      const pelab::Matrix pelab_s = read_matrix(tmp / "pipeline_pelab.npy");
      for (int side : {kRef, kOpen}) {
        const pelab::Matrix numpy_s = read_matrix(tmp / ("pipeline_" + std::to_string(side) + ".npy"));
        checks.push_back({std::string("pelab-cli similarity: max |pelab - ") + kSideName[side] + "| / max|S|",
                          max_abs_diff(pelab_s, numpy_s) / numpy_s.cwiseAbs().maxCoeff(), 1e-12});
      }
      std::vector<double> rss, faults;
      for (const ProcessRun& run : runs) {
        rss.push_back(static_cast<double>(run.peak_rss_kib) / 1024.0);
        faults.push_back(static_cast<double>(run.minor_faults));
      }
      cli_process_text = "pelab-cli similarity process: peak RSS " + fmt("%.1f", median(rss)) +
                         " MiB, minor page faults " + fmt("%.0f", median(faults)) + " (medians of " +
                         std::to_string(runs.size()) + " runs; L.npy is 24.4 MiB, S.npy 30.5 MiB)";
      rows.push_back(std::move(row));

      // Start-up alone: the process that does nothing but print its version, against starting the
      // interpreter and importing numpy (what the numpy side paid once, before the pipeline).
      std::vector<double> cli_start, numpy_start;
      run_process({cli, "--version"});
      for (int r = 0; r < 11; ++r) {
        cli_start.push_back(run_process({cli, "--version"}).wall);
        numpy_start.push_back(run_process({python, "-c", "import numpy"}).wall);
      }
      startup_text = "start-up: `pelab-cli --version` " + fmt("%.1f", median(cli_start)) +
                     " ms, `python3 -c \"import numpy\"` " + fmt("%.1f", median(numpy_start)) +
                     " ms (medians of 11 runs each, whole processes)";
      std::printf("  done: pelab-cli as a pipeline step\n");
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
      std::array<long, 2> numpy_sin_kib = {-1, -1};
      for (const MemCase& m : mem_cases) {
        const long pelab_kib = parse_mem(run_capture({exe, "--mem", m.pelab_case}));
        std::array<long, 2> numpy_kib = {-1, -1};
        for (int side : {kRef, kOpen}) {
          numpy_kib[side] = m.numpy_case == "matmul-sin" ? numpy_sin_kib[side] : -1;
          if (numpy_kib[side] < 0) {
            numpy_kib[side] = parse_mem(run_capture(
                {python, script, "--mem", m.numpy_case, std::to_string(m.s.n), std::to_string(m.s.d)},
                blas_path[side]));
          }
          if (m.numpy_case == "matmul-sin") numpy_sin_kib[side] = numpy_kib[side];
        }
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
  const std::string rule(kName + 9 + 10 + 8 + 10 + 8 + 20 + 7 + 7, '-');
  std::printf("\n%-*s %9s %10s %8s %10s %8s %-20s %6s\n", kName, "case", "pelab ms", "np-ref ms", "ratio",
              "np-OB ms", "ratio", "target", "result");
  std::printf("%s\n", rule.c_str());
  bool all_pass = true;
  for (const Row& r : rows) {
    all_pass = all_pass && r.pass();
    std::printf(
        "%-*s %9s %10s %7sx %10s %7sx %-20s %6s\n", kName, r.name.c_str(),
        fmt("%.2f", median_of(r.pelab, &Sample::wall)).c_str(),
        fmt("%.1f", median_of(r.numpy[kRef], &Sample::wall)).c_str(), fmt("%.1f", r.ratio(kRef)).c_str(),
        fmt("%.1f", median_of(r.numpy[kOpen], &Sample::wall)).c_str(), fmt("%.1f", r.ratio(kOpen)).c_str(),
        r.target_text.c_str(), r.info ? "-" : (r.pass() ? "PASS" : "FAIL"));
  }
  if (!startup_text.empty()) std::printf("\n%s\n%s\n", cli_process_text.c_str(), startup_text.c_str());
  std::printf(
      "\nms = median wall time of one call; ratio = numpy / pelab (higher is better for pelab); np-ref =\n"
      "numpy with the netlib reference BLAS, np-OB = numpy with OpenBLAS (ref/OB in the targets). PASS\n"
      "needs both targets of the row, judged on the wall-time ratios.\n");

  std::printf("\nsinusoid table against the floors (target: within 2x of the zero-filled matrix):\n");
  for (const FloorLine& f : floors) {
    const double table = median_of(rows[f.table_row].pelab, &Sample::wall);
    const double zero = median_of(rows[f.zero_row].pelab, &Sample::wall);
    const double value = median_of(rows[f.value_row].pelab, &Sample::wall);
    const bool ok = table <= 2.0 * zero;
    all_pass = all_pass && ok;
    std::printf("  %-10s table %.3f ms = %.2fx the zeros (%.3f ms) %s; %.2fx the 0x3f bytes (%.3f ms)\n",
                f.table.c_str(), table, table / zero, zero, ok ? "PASS" : "FAIL", table / value, value);
    const bool loop_ok = f.table_back_to_back <= 2.0 * f.zero_back_to_back;
    all_pass = all_pass && loop_ok;
    std::printf(
        "  %-10s back to back (21 calls each, medians): table %.3f ms = %.2fx the zeros (%.3f ms) %s;\n"
        "  %-10s numpy-ref's table (rounds) / this = %.1fx\n",
        "", f.table_back_to_back, f.table_back_to_back / f.zero_back_to_back, f.zero_back_to_back,
        loop_ok ? "PASS" : "FAIL", "",
        median_of(rows[f.table_row].numpy[kRef], &Sample::wall) / f.table_back_to_back);
  }
  std::printf(
      "  (rounds: before every timed call the previous result's lines are flushed from the cache, untimed,\n"
      "  so each call writes memory that is not cached. Back to back: each kind in a tight loop with\n"
      "  nothing flushed, as when a slider is dragged in the app.)\n");

  if (memory) {
    std::printf("\npeak memory a case adds, MiB:\n%-*s %9s %10s %10s\n", kName, "case", "pelab", "np-ref",
                "np-OB");
    for (const Row& r : rows) {
      if (r.pelab_kib < 0) continue;
      std::printf("%-*s %9s %10s %10s\n", kName, r.name.c_str(), mib(r.pelab_kib).c_str(),
                  mib(r.numpy_kib[kRef]).c_str(), mib(r.numpy_kib[kOpen]).c_str());
    }
    std::printf(
        "MiB = peak RSS a case adds in a fresh process: VmHWM after the case minus VmRSS before it (inputs\n"
        "built inside the case count: numpy's matmul cases build P or L first, pelab's learned case builds\n"
        "L; the closed form needs no table). For scale: a 2000x1600 float64 table is 24.4 MiB, a 2000x2000\n"
        "matrix 30.5 MiB, a 4096x1024 table 32 MiB.\n");
  }

  std::printf("\ncross-check, CPU time of all threads of the process (OpenBLAS uses every core):\n");
  std::printf("%-*s %9s %10s %10s\n", kName, "case", "pelab ms", "np-ref ms", "np-OB ms");
  for (const Row& r : rows) {
    std::printf("%-*s %9s %10s %10s\n", kName, r.name.c_str(),
                fmt("%.2f", median_of(r.pelab, &Sample::cpu)).c_str(),
                fmt("%.1f", median_of(r.numpy[kRef], &Sample::cpu)).c_str(),
                fmt("%.1f", median_of(r.numpy[kOpen], &Sample::cpu)).c_str());
  }

  std::printf("\ncorrectness (pelab against numpy's own results, read back from .npy):\n");
  bool all_ok = true;
  for (const Check& c : checks) {
    const bool ok = c.error <= c.tolerance;
    all_ok = all_ok && ok;
    std::printf("  %-74s %.2e (<= %.0e) %s\n", c.what.c_str(), c.error, c.tolerance, ok ? "OK" : "MISMATCH");
  }

  std::printf("\nall wall-time samples (ms):\n");
  for (const Row& r : rows) {
    std::printf("  %s\n    pelab:", r.name.c_str());
    for (const Sample& t : r.pelab) std::printf(" %.2f", t.wall);
    for (int side : {kRef, kOpen}) {
      std::printf("\n    %s:", kSideName[side]);
      for (const Sample& t : r.numpy[side]) std::printf(" %.1f", t.wall);
    }
    std::printf("\n");
  }
  std::printf("\n%s\n",
              all_pass && all_ok ? "ALL TARGETS PASS" : "SOME TARGETS FAIL (see FAIL / MISMATCH above)");
  return 0;
}
