#error "pelab_core must not include imgui.h: core/ is pure computation (see core/CMakeLists.txt)"
