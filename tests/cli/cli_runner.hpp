#pragma once
// Runs the built pelab-cli as a child process (posix_spawn) with captured stdout, stderr and exit
// code, and gives every test a fresh temporary directory.
#include <filesystem>
#include <string>
#include <vector>

#include "pelab/io/npy.hpp"

namespace cli_test {

struct RunResult {
  int exit_code = -1;  // the child's exit status; 128 + signal number if it was killed
  std::string out;
  std::string err;
};

// pelab-cli with these arguments (no shell involved, so no quoting issues).
RunResult run_cli(const std::vector<std::string>& args);
// Any program (used for nothing but pelab-cli today; kept general for clarity).
RunResult run_program(const std::string& program, const std::vector<std::string>& args);

// Whether this build has the app, so that `render` can draw (a PELAB_BUILD_APP=OFF build has pelab-cli
// alone: its render says that it needs pelab, and the tests that draw are left out).
bool render_built();

// A fresh, empty directory under the system temp dir, removed with everything in it at scope exit.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  // Sorted names of the entries directly inside (to see that nothing was left behind).
  std::vector<std::string> listing() const;

 private:
  std::filesystem::path path_;
};

std::string read_bytes(const std::filesystem::path& path);
void write_bytes(const std::filesystem::path& path, const std::string& bytes);

// The output file read back with pelab's .npy reader.
pelab::NpyArray load_npy(const std::filesystem::path& path);

// Runs pelab-cli with `--out dir/name` appended, requires success with an empty stderr (Catch
// REQUIRE), and loads the .npy it wrote.
pelab::NpyArray run_npy(std::vector<std::string> args, const TempDir& dir,
                        const std::string& name = "out.npy");
// Value at C-order index (i, j) of a 2-D array.
double at(const pelab::NpyArray& array, std::int64_t i, std::int64_t j);

// stderr is exactly one line ("...\n", no other newline) that starts with "pelab-cli: ".
bool is_one_error_line(const std::string& err);

}  // namespace cli_test
