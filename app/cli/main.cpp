// pelab-cli: position encodings from the command line. The contract is docs/cli.md.
// This executable links pelab_core only. `render` draws the app's own views, so it hands its whole
// command line to the pelab executable beside this one (`pelab --cli render ...`, same options, same
// messages and exit codes), which links the view code.
#include <pelab/blas.hpp>
#include <pelab/platform.hpp>

#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "errors.hpp"

int main(int argc, char** argv) {
  pelab::restart_with_fitting_blas_kernel(argv);  // before any work: OpenBLAS reads its kernel once
  const std::vector<std::string> arguments(argv, argv + argc);
  const pelab::cli::Renderer hand_over_to_app = [&arguments](const pelab::cli::RenderArgs&) {
    const std::filesystem::path self = pelab::executable_path();
    const std::filesystem::path app = self.parent_path() / ("pelab" + self.extension().string());
    std::error_code ec;
    if (self.empty() || !std::filesystem::is_regular_file(app, ec)) {
      throw pelab::cli::FileError(
          "render draws the app's views and needs the pelab program beside pelab-cli (" + app.string() +
          " is missing; a build with PELAB_BUILD_APP=OFF has no render)");
    }
    std::vector<std::string> forwarded{"pelab", "--cli"};
    forwarded.insert(forwarded.end(), arguments.begin() + 1, arguments.end());
    std::cout.flush();
    const std::string reason = pelab::run_in_place(app, forwarded);
    throw pelab::cli::FileError("cannot start " + app.string() + ": " + reason);
  };
  return pelab::cli::run(argc, argv, std::cout, std::cerr, hand_over_to_app);
}
