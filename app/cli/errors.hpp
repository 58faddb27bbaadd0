#pragma once
// The two kinds of failure pelab-cli reports, each with its exit code (see docs/cli.md):
// 2 when the command line itself is wrong, 1 when a file involved is (missing, malformed, does
// not fit the options, cannot be written).
#include <stdexcept>
#include <string>

namespace pelab::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitRuntime = 1;
inline constexpr int kExitUsage = 2;

class CliError : public std::runtime_error {
 public:
  CliError(int exit_code, const std::string& message) : std::runtime_error(message), exit_code_(exit_code) {}
  int exit_code() const { return exit_code_; }

 private:
  int exit_code_;
};

// Bad command, option or value: detectable from the command line alone. Exit code 2.
class UsageError : public CliError {
 public:
  explicit UsageError(const std::string& message) : CliError(kExitUsage, message) {}
};

// An input file that cannot be read or used, or an output that cannot be written. Exit code 1.
class FileError : public CliError {
 public:
  explicit FileError(const std::string& message) : CliError(kExitRuntime, message) {}
};

}  // namespace pelab::cli
