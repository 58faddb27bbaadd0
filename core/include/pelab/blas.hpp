#pragma once
// Which dense-product library pelab_core runs on, and whether its kernels fit the processor.
#include <optional>
#include <string>

namespace pelab {

// One line: "OpenBLAS 0.3.21 ... , kernel SkylakeX, 2 threads", or Eigen's fallback.
std::string blas_description();

// OpenBLAS picks its kernels once, when it is loaded, from the processor's model number. A release
// older than the processor (Debian 12's 0.3.21 on Intel's 5th-generation Xeon, model 207) falls back
// to its generic SSE3 kernels ("Prescott"), about 4x slower for a 2000 x 1600 Gram matrix than its
// AVX-512 ones. For that case this returns the OPENBLAS_CORETYPE value that selects kernels the
// processor does run ("SkylakeX" with AVX-512 F/BW/DQ/VL, "Haswell" with AVX2 and FMA); otherwise
// nothing (OpenBLAS chose a specific kernel, or there is no OpenBLAS).
std::optional<std::string> better_openblas_coretype();

// For an executable's main(), first thing: when better_openblas_coretype() has a value and neither
// OPENBLAS_CORETYPE nor PELAB_KEEP_BLAS_KERNEL is set, sets OPENBLAS_CORETYPE to it, sets
// PELAB_SET_OPENBLAS_CORETYPE=1 (so that children that must see the user's environment can undo it)
// and executes /proc/self/exe again with the same arguments; OpenBLAS reads the variable only when
// it is loaded. Returns (doing nothing more) when there is nothing to do or the exec fails.
void restart_with_fitting_blas_kernel(char** argv);

}  // namespace pelab
