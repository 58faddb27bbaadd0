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

# The header-only libraries, stb and Dear ImGui, as the web build makes them too.
set(PELAB_IMGUI_SOURCE ${PELAB_WINDOWS_SOURCES}/imgui)
include(${CMAKE_CURRENT_LIST_DIR}/debian_source_deps.cmake)
target_link_libraries(pelab_imgui PRIVATE glfw)

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
