// Must fail to compile with pelab_core's include path (see tests/core/CMakeLists.txt).
#include <GL/gl.h>
