#error "pelab_core must not include glad/gl.h: core/ is pure computation (see core/CMakeLists.txt)"
