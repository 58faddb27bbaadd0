// The dense-product library behind similarity.cpp (see pelab/blas.hpp).
#include "pelab/blas.hpp"

#include <algorithm>
#include <cctype>

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

}  // namespace pelab
