#pragma once
// One shell command run by the GUI tests (pelab under xvfb-run or off screen, pdfinfo, ...): its
// exit status, everything it printed (stdout and stderr) and how long it took.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

namespace pelab::test {

struct Run {
  int status = -1;
  std::string output;  // stdout and stderr
  double seconds = 0.0;
};

inline Run run(const std::string& command) {
  Run result;
  const auto start = std::chrono::steady_clock::now();
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen((command + " 2>&1").c_str(), "r"), pclose);
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe.get())) result.output += buffer.data();
  const int raw = pclose(pipe.release());
  result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace pelab::test
