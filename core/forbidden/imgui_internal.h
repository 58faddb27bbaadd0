#error "pelab_core must not include imgui_internal.h: core/ is pure computation (see core/CMakeLists.txt)"
