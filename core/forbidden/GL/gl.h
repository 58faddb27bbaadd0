#error "pelab_core must not include OpenGL: core/ is pure computation (see core/CMakeLists.txt)"
