# The libraries of a Windows build (included by the top-level CMakeLists.txt when WIN32), under the
# target names the Linux build gets from find_package and pkg-config, so the rest of the build is
# the same on both:
#   Eigen3::Eigen, nlohmann_json::nlohmann_json, CLI11::CLI11, PkgConfig::STB  header-only, from the
#       build machine's Debian packages through a staging directory of symlinks (never all of
#       /usr/include, whose Linux headers would shadow mingw's)
#   PkgConfig::STB also compiles the stb implementations, which Debian ships only as a Linux libstb.a
#   PkgConfig::IMGUI, PkgConfig::GLFW  built here from Debian's source packages of the versions the
#       Linux build uses, unpacked by scripts/build-windows.sh into PELAB_WINDOWS_SOURCES
set(PELAB_WINDOWS_SOURCES "" CACHE PATH "Directory holding the unpacked glfw/ and imgui/ source packages")
if(NOT EXISTS "${PELAB_WINDOWS_SOURCES}/glfw/CMakeLists.txt" OR NOT EXISTS "${PELAB_WINDOWS_SOURCES}/imgui/imgui.cpp")
  message(FATAL_ERROR "PELAB_WINDOWS_SOURCES='${PELAB_WINDOWS_SOURCES}' holds no glfw/ and imgui/ sources: "
                      "run scripts/build-windows.sh, which fetches them")
endif()

set(_staging ${CMAKE_BINARY_DIR}/debian-headers)
file(MAKE_DIRECTORY ${_staging}/stb)
# name in the staging dir -> the Debian header (directory) it points to
set(_links
    "Eigen=/usr/include/eigen3/Eigen"
    "nlohmann=/usr/include/nlohmann"
    "CLI=/usr/include/CLI"
    "stb/stb_image_write.h=/usr/include/stb/stb_image_write.h"
    "stb/stb_truetype.h=/usr/include/stb/stb_truetype.h"
    "stb/stb_rect_pack.h=/usr/include/stb/stb_rect_pack.h")
foreach(_link IN LISTS _links)
  string(REPLACE "=" ";" _pair "${_link}")
  list(GET _pair 0 _name)
  list(GET _pair 1 _target)
  if(NOT EXISTS ${_target})
    message(FATAL_ERROR "${_target} is missing (scripts/install-deps.sh installs the Debian packages)")
  endif()
  if(NOT EXISTS ${_staging}/${_name})
    file(CREATE_LINK ${_target} ${_staging}/${_name} SYMBOLIC)
  endif()
endforeach()

add_library(Eigen3::Eigen INTERFACE IMPORTED)
target_include_directories(Eigen3::Eigen SYSTEM INTERFACE ${_staging})
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json SYSTEM INTERFACE ${_staging})
add_library(CLI11::CLI11 INTERFACE IMPORTED)
target_include_directories(CLI11::CLI11 SYSTEM INTERFACE ${_staging})

add_library(pelab_stb STATIC ${PROJECT_SOURCE_DIR}/cmake/windows/stb_implementations.c)
# Debian's stb headers are included as <stb_x.h> (pkg-config's -I/usr/include/stb) and <stb/stb_x.h>.
target_include_directories(pelab_stb SYSTEM PUBLIC ${_staging} ${_staging}/stb)
add_library(PkgConfig::STB ALIAS pelab_stb)

# Dear ImGui as Debian's libimgui.a is built (its Makefile): the core, imgui_stdlib, and the GLFW and
# OpenGL 3 backends, with stb_truetype and stb_rect_pack taken from Debian's stb, not ImGui's copies.
set(_imgui ${PELAB_WINDOWS_SOURCES}/imgui)
add_library(pelab_imgui STATIC
  ${_imgui}/imgui.cpp ${_imgui}/imgui_demo.cpp ${_imgui}/imgui_draw.cpp ${_imgui}/imgui_tables.cpp
  ${_imgui}/imgui_widgets.cpp ${_imgui}/misc/cpp/imgui_stdlib.cpp
  ${_imgui}/backends/imgui_impl_glfw.cpp ${_imgui}/backends/imgui_impl_opengl3.cpp)
target_include_directories(pelab_imgui SYSTEM PUBLIC ${_imgui} ${_imgui}/misc/cpp)
target_compile_definitions(pelab_imgui PRIVATE
  IMGUI_DISABLE_STB_RECT_PACK_IMPLEMENTATION "IMGUI_STB_RECT_PACK_FILENAME=<stb/stb_rect_pack.h>"
  IMGUI_DISABLE_STB_TRUETYPE_IMPLEMENTATION "IMGUI_STB_TRUETYPE_FILENAME=<stb/stb_truetype.h>")
target_link_libraries(pelab_imgui PUBLIC pelab_stb PRIVATE glfw)
# ImGui 1.86 mixes its public and private flag enums, which C++20 deprecates; not ours to change.
target_compile_options(pelab_imgui PRIVATE -Wno-deprecated-enum-enum-conversion)
add_library(PkgConfig::IMGUI ALIAS pelab_imgui)

# GLFW through its own CMake build (win32 window system, WGL contexts), static.
set(BUILD_SHARED_LIBS OFF)
set(GLFW_BUILD_EXAMPLES OFF CACHE BOOL "" FORCE)
set(GLFW_BUILD_TESTS OFF CACHE BOOL "" FORCE)
set(GLFW_BUILD_DOCS OFF CACHE BOOL "" FORCE)
set(GLFW_INSTALL OFF CACHE BOOL "" FORCE)
add_subdirectory(${PELAB_WINDOWS_SOURCES}/glfw ${CMAKE_BINARY_DIR}/glfw EXCLUDE_FROM_ALL)
add_library(PkgConfig::GLFW ALIAS glfw)

# mingw-w64's GCC 12 reports a std::vector<int64_t> freed at the end of npy_decode as "nonzero offset"
# (-Wfree-nonheap-object): a false positive of its inliner (GCC bug 104475's family) that the same
# code under Debian's native GCC 12 does not raise.
list(APPEND PELAB_WARNINGS -Wno-free-nonheap-object)
