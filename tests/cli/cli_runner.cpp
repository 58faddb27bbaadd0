// Child-process runner and temporary directories for the pelab-cli tests.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

extern char** environ;

namespace cli_test {

RunResult run_cli(const std::vector<std::string>& args) { return run_program(PELAB_CLI_PATH, args); }

namespace {

// The environment for the child. `render` loads Mesa through EGL, and under the sanitizer build
// LeakSanitizer (GCC 12, glibc 2.36) can crash while scanning the dynamic TLS Mesa's threads leave
// behind ("Tracer caught signal 11", a DTLS entry with a garbage range; it depends on the memory
// layout, so on the length of the output path). Leak checks are off for `render` only, as for the
// app's GL tests (tests/app/CMakeLists.txt); ASan's other checks stay on. Other commands keep them.
std::vector<std::string> child_environment(const std::vector<std::string>& args) {
  std::vector<std::string> env;
  bool asan_options = false;
  const bool loads_gl = !args.empty() && args.front() == "render";
  for (char** e = environ; *e != nullptr; ++e) {
    std::string entry = *e;
    if (loads_gl && entry.rfind("ASAN_OPTIONS=", 0) == 0) {
      entry += ":detect_leaks=0";
      asan_options = true;
    }
    env.push_back(std::move(entry));
  }
  if (loads_gl && !asan_options) env.push_back("ASAN_OPTIONS=detect_leaks=0");
  return env;
}

}  // namespace

bool render_built() { return PELAB_CLI_RENDER_BUILT != 0; }

RunResult run_program(const std::string& program, const std::vector<std::string>& args) {
  // stdout and stderr go to files in a private directory (no pipes, so no deadlock on big output).
  TempDir capture;
  const std::string out_path = capture.file("stdout"), err_path = capture.file("stderr");

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);

  std::vector<std::string> argv_strings;
  argv_strings.push_back(program);
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);

  pid_t pid = 0;
  std::vector<std::string> env_strings = child_environment(args);
  std::vector<char*> envp;
  for (std::string& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);
  const int spawned = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw std::runtime_error("cannot start " + program + ": " + std::strerror(spawned));

  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw std::runtime_error("waitpid failed: " + std::string(std::strerror(errno)));
  }
  RunResult result;
  if (WIFEXITED(status)) {
    result.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.exit_code = 128 + WTERMSIG(status);
  }
  result.out = read_bytes(out_path);
  result.err = read_bytes(err_path);
  return result;
}

TempDir::TempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "pelab-cli-test-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw std::runtime_error("mkdtemp failed: " + std::string(std::strerror(errno)));
  }
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  // Restore permissions a test may have taken away, so the directory can be removed.
  std::filesystem::permissions(path_, std::filesystem::perms::owner_all, std::filesystem::perm_options::add,
                               ignored);
  std::filesystem::remove_all(path_, ignored);
}

std::vector<std::string> TempDir::listing() const {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(path_))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

void write_bytes(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

pelab::NpyArray load_npy(const std::filesystem::path& path) { return pelab::read_npy(path); }

pelab::NpyArray run_npy(std::vector<std::string> args, const TempDir& dir, const std::string& name) {
  args.push_back("--out");
  args.push_back(dir.file(name));
  const RunResult r = run_cli(args);
  INFO("stderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  REQUIRE(r.err.empty());
  return load_npy(dir.file(name));
}

double at(const pelab::NpyArray& array, std::int64_t i, std::int64_t j) {
  return array.data.at(static_cast<std::size_t>(i * array.shape.at(1) + j));
}

bool is_one_error_line(const std::string& err) {
  return err.rfind("pelab-cli: ", 0) == 0 && err.size() > 12 && err.back() == '\n' &&
         std::count(err.begin(), err.end(), '\n') == 1;
}

}  // namespace cli_test
