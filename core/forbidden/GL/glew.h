#error "pelab_core must not include GL/glew.h: core/ is pure computation (see core/CMakeLists.txt)"
