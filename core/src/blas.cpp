// The dense-product library behind similarity.cpp (see pelab/blas.hpp).
#include "pelab/blas.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#if defined(__linux__)
#include <unistd.h>
#endif

#if defined(PELAB_HAVE_OPENBLAS)
#include <cblas.h>
#endif

namespace pelab {

std::string blas_description() {
#if defined(PELAB_HAVE_OPENBLAS)
  std::string text = openblas_get_config();
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text + ", kernel " + openblas_get_corename() + ", " + std::to_string(openblas_get_num_threads()) +
         " threads";
#else
  return "Eigen (no OpenBLAS at build time)";
#endif
}

std::optional<std::string> better_openblas_coretype() {
#if defined(PELAB_HAVE_OPENBLAS) && defined(__x86_64__) && defined(__GNUC__)
  std::string core = openblas_get_corename();
  std::transform(core.begin(), core.end(), core.begin(), [](unsigned char c) { return std::tolower(c); });
  if (core != "prescott") return std::nullopt;  // OpenBLAS knew the processor
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
    return "SkylakeX";
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return "Haswell";
#endif
  return std::nullopt;
}

void restart_with_fitting_blas_kernel(char** argv) {
#if defined(__linux__)
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
#else
  (void)argv;
#endif
}

}  // namespace pelab
