#error "pelab_core must not include GL/glext.h: core/ is pure computation (see core/CMakeLists.txt)"
