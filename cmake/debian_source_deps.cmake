# The libraries a build without the Linux system's libraries (Windows, cmake/windows_deps.cmake; the
# web, cmake/web_deps.cmake) makes itself, under the target names the Linux build gets from
# find_package and pkg-config:
#   Eigen3::Eigen, nlohmann_json::nlohmann_json, CLI11::CLI11  header-only, from the build machine's
#       Debian packages through a staging directory of symlinks (never all of /usr/include, whose
#       Linux headers would shadow the target's)
#   PkgConfig::STB  also compiles the stb implementations, which Debian ships only as a Linux libstb.a
#   PkgConfig::IMGUI  Dear ImGui from Debian's source package, unpacked in PELAB_IMGUI_SOURCE (the
#       includer links its GLFW to pelab_imgui)
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
set(_imgui ${PELAB_IMGUI_SOURCE})
add_library(pelab_imgui STATIC
  ${_imgui}/imgui.cpp ${_imgui}/imgui_demo.cpp ${_imgui}/imgui_draw.cpp ${_imgui}/imgui_tables.cpp
  ${_imgui}/imgui_widgets.cpp ${_imgui}/misc/cpp/imgui_stdlib.cpp
  ${_imgui}/backends/imgui_impl_glfw.cpp ${_imgui}/backends/imgui_impl_opengl3.cpp)
target_include_directories(pelab_imgui SYSTEM PUBLIC ${_imgui} ${_imgui}/misc/cpp)
target_compile_definitions(pelab_imgui PRIVATE
  IMGUI_DISABLE_STB_RECT_PACK_IMPLEMENTATION "IMGUI_STB_RECT_PACK_FILENAME=<stb/stb_rect_pack.h>"
  IMGUI_DISABLE_STB_TRUETYPE_IMPLEMENTATION "IMGUI_STB_TRUETYPE_FILENAME=<stb/stb_truetype.h>")
target_link_libraries(pelab_imgui PUBLIC pelab_stb)
# ImGui 1.86 mixes its public and private flag enums, which C++20 deprecates; not ours to change.
target_compile_options(pelab_imgui PRIVATE -Wno-deprecated-enum-enum-conversion)
add_library(PkgConfig::IMGUI ALIAS pelab_imgui)

