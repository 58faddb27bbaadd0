// The OpenBLAS kernel restart where there is nothing to restart for (pelab/blas.hpp): builds without
// OpenBLAS, such as the Windows one, whose dense products are Eigen's.
#include "pelab/blas.hpp"

namespace pelab {

void restart_with_fitting_blas_kernel(char**) {}

}  // namespace pelab
