// sin and cos of many angles where there is no libmvec (pelab/src/platform/vector_math.hpp): the C
// library's own functions, one angle at a time. On Windows that is mingw-w64's libm, whose results
// may differ from glibc's in the last bits (docs/architecture.md, "Windows build").
#include <cmath>

#include "vector_math.hpp"

namespace pelab {

void sin_cos_padded(const double* angle, double* s, double* c, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    s[i] = std::sin(angle[i]);
    c[i] = std::cos(angle[i]);
  }
}

}  // namespace pelab
