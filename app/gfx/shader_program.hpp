#pragma once
// A linked GLSL program (RAII, move-only). Building one never aborts: a shader that fails to load,
// compile or link comes back as an error message that names the file and line, e.g.
// "shaders/heatmap.frag:12: error: `lut' undeclared", so a broken shader file is easy to fix.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace pelab::gfx {

class ShaderProgram {
 public:
  ~ShaderProgram();
  ShaderProgram(ShaderProgram&& other) noexcept;
  ShaderProgram& operator=(ShaderProgram&& other) noexcept;
  ShaderProgram(const ShaderProgram&) = delete;
  ShaderProgram& operator=(const ShaderProgram&) = delete;

  // `error` receives the reason when the result is empty.
  static std::optional<ShaderProgram> from_files(const std::filesystem::path& vertex_file,
                                                 const std::filesystem::path& fragment_file,
                                                 std::string& error);
  // `*_name` is what messages call the source (its file name).
  static std::optional<ShaderProgram> from_sources(std::string_view vertex_source,
                                                   std::string_view vertex_name,
                                                   std::string_view fragment_source,
                                                   std::string_view fragment_name, std::string& error);

  unsigned id() const { return id_; }
  void use() const;
  // Uniform setters by name (-1 locations, i.e. unused uniforms, are ignored as GL does).
  void set_int(const char* name, int value) const;
  void set_float(const char* name, float value) const;
  void set_matrix4(const char* name, const float* column_major) const;  // 16 floats

 private:
  explicit ShaderProgram(unsigned id) : id_(id) {}
  unsigned id_ = 0;
};

// Rewrites a driver's compile log so each "0:12(5): error" (Mesa) or "0(12) : error" (NVIDIA)
// line starts with "<file_name>:12: " instead. Pure string work, unit-tested.
std::string attribute_shader_log(std::string_view log, std::string_view file_name);

// The first of $PELAB_SHADER_DIR (to try edited shaders, and for tests) and the data directory's
// shaders/ (pelab/io/data_dir.hpp: found from the executable, never a path compiled in) that holds
// `file_name`; empty when none does.
std::filesystem::path find_shader_file(std::string_view file_name);

}  // namespace pelab::gfx
