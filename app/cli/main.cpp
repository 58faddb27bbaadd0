// pelab-cli: position encodings from the command line. The contract is docs/cli.md.
#include <pelab/blas.hpp>

#include <iostream>

#include "cli.hpp"

int main(int argc, char** argv) {
  pelab::restart_with_fitting_blas_kernel(argv);  // before any work: OpenBLAS reads its kernel once
  return pelab::cli::run(argc, argv, std::cout, std::cerr);
}
