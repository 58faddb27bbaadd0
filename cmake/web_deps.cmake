# The libraries of the web build (emscripten; included by the top-level CMakeLists.txt when EMSCRIPTEN,
# driven by scripts/build-web.sh). Everything but GLFW as cmake/debian_source_deps.cmake makes it, Dear
# ImGui from Debian's source package unpacked in PELAB_WEB_SOURCES/imgui. GLFW is emscripten's own
# (a JavaScript library over the page's canvas, -sUSE_GLFW=3: nothing downloaded).
set(PELAB_WEB_SOURCES "" CACHE PATH "Directory holding the unpacked imgui/ source package")
if(NOT EXISTS "${PELAB_WEB_SOURCES}/imgui/imgui.cpp")
  message(FATAL_ERROR "PELAB_WEB_SOURCES='${PELAB_WEB_SOURCES}' holds no imgui/ sources: "
                      "run scripts/build-web.sh, which fetches them")
endif()

# Two builds from the same sources (scripts/build-web.sh makes both): with threads (each compute
# worker a pthread, a web worker in the page: needs SharedArrayBuffer, so a cross-origin isolated
# page) or without (the workers compute in slices between frames: state/compute_lane.hpp), which
# runs on any page. C++ exceptions are caught in both (emscripten's default aborts at the first throw).
option(PELAB_WEB_THREADS "Build the web page's program with threads (needs a cross-origin isolated page)" ON)
set(pelab_web_thread_flags)
if(PELAB_WEB_THREADS)
  set(pelab_web_thread_flags -pthread)
endif()
add_compile_options(${pelab_web_thread_flags} -fexceptions)
# C++20 library parts emscripten 3.1.6's libc++ 13 lacks (the header says which and how).
add_compile_options("SHELL:$<$<COMPILE_LANGUAGE:CXX>:-include ${CMAKE_CURRENT_LIST_DIR}/web/libcxx13_compat.hpp>")
add_link_options(${pelab_web_thread_flags} -fexceptions)

add_library(pelab_web_glfw INTERFACE)
target_link_options(pelab_web_glfw INTERFACE -sUSE_GLFW=3 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2)
add_library(PkgConfig::GLFW ALIAS pelab_web_glfw)

set(PELAB_IMGUI_SOURCE ${PELAB_WEB_SOURCES}/imgui)
include(${CMAKE_CURRENT_LIST_DIR}/debian_source_deps.cmake)
target_link_libraries(pelab_imgui PRIVATE pelab_web_glfw)
# ImGui 1.86 picks OpenGL ES 2 under emscripten; WebGL 2 is OpenGL ES 3 (pelab's heatmaps need it).
target_compile_definitions(pelab_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)

# wasm32 has a 32-bit size_t, long and Eigen::Index, where pelab's sizes are int64_t: clang's
# -Wconversion (which, unlike GCC's, includes -Wsign-conversion) reports every such index. The values
# are bounded far below 2^31 (core's ranges, pelab/kinds.hpp); the desktop builds keep the checks.
list(APPEND PELAB_WARNINGS -Wno-shorten-64-to-32 -Wno-sign-conversion)
