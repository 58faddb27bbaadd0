// The OpenBLAS kernel restart on Linux (pelab/blas.hpp): the program executes itself again through
// /proc/self/exe with OPENBLAS_CORETYPE set, before OpenBLAS has been loaded a second time.
#include <unistd.h>

#include <cstdlib>

#include "pelab/blas.hpp"

namespace pelab {

void restart_with_fitting_blas_kernel(char** argv) {
  if (argv == nullptr || std::getenv("OPENBLAS_CORETYPE") != nullptr ||
      std::getenv("PELAB_KEEP_BLAS_KERNEL") != nullptr)
    return;
  const std::optional<std::string> coretype = better_openblas_coretype();
  if (!coretype) return;
  setenv("OPENBLAS_CORETYPE", coretype->c_str(), 1);
  setenv("PELAB_SET_OPENBLAS_CORETYPE", "1", 1);
  execv("/proc/self/exe", argv);
  // Only on failure: carry on with the kernels already loaded.
  unsetenv("OPENBLAS_CORETYPE");
  unsetenv("PELAB_SET_OPENBLAS_CORETYPE");
}

}  // namespace pelab
