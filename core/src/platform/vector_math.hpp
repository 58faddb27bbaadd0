#pragma once
// sin and cos of many angles at once: a seam, one file per platform chosen by core/CMakeLists.txt.
//   vector_math_mvec.cpp    x86-64 Linux: glibc's vector maths library (libmvec)
//   vector_math_scalar.cpp  elsewhere (Windows): the C library's scalar sin and cos
#include <cstddef>

namespace pelab {

// s[i] = sin(angle[i]), c[i] = cos(angle[i]) for i < n; n is a multiple of 4, so every angle goes
// through the same routine whatever its place in the batch.
void sin_cos_padded(const double* angle, double* s, double* c, std::size_t n);

}  // namespace pelab
