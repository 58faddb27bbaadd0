#include "pelab/version.hpp"

#include "pelab_version_text.hpp"  // generated at build time (cmake/version.cmake)

namespace pelab {

std::string version() { return PELAB_VERSION_TEXT; }

}  // namespace pelab
