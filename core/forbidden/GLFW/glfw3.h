#error "pelab_core must not include GLFW/glfw3.h: core/ is pure computation (see core/CMakeLists.txt)"
