#include "gfx/shader_program.hpp"

#include "gfx/gl_api.hpp"

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include "pelab/io/data_dir.hpp"

namespace pelab::gfx {
namespace {

std::string read_text_file(const std::filesystem::path& path, std::string& error) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = path.string() + ": cannot read the shader file";
    return {};
  }
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string info_log(GLuint object, bool is_program) {
  GLint length = 0;
  if (is_program) {
    glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
  } else {
    glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
  }
  std::vector<char> log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
  if (is_program) {
    glGetProgramInfoLog(object, length, nullptr, log.data());
  } else {
    glGetShaderInfoLog(object, length, nullptr, log.data());
  }
  return std::string(log.data());
}

// 0 and `error` set on failure.
GLuint compile(GLenum stage, std::string_view written, std::string_view name, std::string& error) {
  const std::string source = glsl_for_this_gl(written);
  const GLuint shader = glCreateShader(stage);
  const char* text = source.data();
  const GLint length = static_cast<GLint>(source.size());
  glShaderSource(shader, 1, &text, &length);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    error = "shader " + std::string(name) + " does not compile:\n" +
            attribute_shader_log(info_log(shader, false), name);
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

}  // namespace

std::string glsl_for_this_gl(std::string_view source) {
  constexpr std::string_view written_for = "#version 330 core";
  if (!source.starts_with(written_for)) return std::string(source);
  return std::string(glsl_prelude) + std::string(source.substr(written_for.size()));
}

ShaderProgram::~ShaderProgram() {
  if (id_ != 0) glDeleteProgram(id_);
}

ShaderProgram::ShaderProgram(ShaderProgram&& other) noexcept : id_(std::exchange(other.id_, 0u)) {}

ShaderProgram& ShaderProgram::operator=(ShaderProgram&& other) noexcept {
  if (this != &other) {
    if (id_ != 0) glDeleteProgram(id_);
    id_ = std::exchange(other.id_, 0u);
  }
  return *this;
}

std::optional<ShaderProgram> ShaderProgram::from_files(const std::filesystem::path& vertex_file,
                                                       const std::filesystem::path& fragment_file,
                                                       std::string& error) {
  const std::string vertex = read_text_file(vertex_file, error);
  if (!error.empty()) return std::nullopt;
  const std::string fragment = read_text_file(fragment_file, error);
  if (!error.empty()) return std::nullopt;
  return from_sources(vertex, vertex_file.string(), fragment, fragment_file.string(), error);
}

std::optional<ShaderProgram> ShaderProgram::from_sources(std::string_view vertex_source,
                                                         std::string_view vertex_name,
                                                         std::string_view fragment_source,
                                                         std::string_view fragment_name, std::string& error) {
  const GLuint vertex = compile(GL_VERTEX_SHADER, vertex_source, vertex_name, error);
  if (vertex == 0) return std::nullopt;
  const GLuint fragment = compile(GL_FRAGMENT_SHADER, fragment_source, fragment_name, error);
  if (fragment == 0) {
    glDeleteShader(vertex);
    return std::nullopt;
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vertex);
  glAttachShader(program, fragment);
  glLinkProgram(program);
  glDeleteShader(vertex);
  glDeleteShader(fragment);
  GLint ok = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    error = "shaders " + std::string(vertex_name) + " + " + std::string(fragment_name) + " do not link:\n" +
            info_log(program, true);
    glDeleteProgram(program);
    return std::nullopt;
  }
  return ShaderProgram(program);
}

void ShaderProgram::use() const { glUseProgram(id_); }

void ShaderProgram::set_int(const char* name, int value) const {
  glUniform1i(glGetUniformLocation(id_, name), value);
}

void ShaderProgram::set_float(const char* name, float value) const {
  glUniform1f(glGetUniformLocation(id_, name), value);
}

void ShaderProgram::set_matrix4(const char* name, const float* column_major) const {
  glUniformMatrix4fv(glGetUniformLocation(id_, name), 1, GL_FALSE, column_major);
}

std::string attribute_shader_log(std::string_view log, std::string_view file_name) {
  std::string result;
  std::size_t begin = 0;
  while (begin < log.size()) {
    std::size_t end = log.find('\n', begin);
    if (end == std::string_view::npos) end = log.size();
    std::string_view line = log.substr(begin, end - begin);
    begin = end + 1;
    if (line.empty()) continue;
    // Mesa: "0:12(5): error: ..."; NVIDIA: "0(12) : error C0000: ...". The leading 0 is the source string.
    std::size_t pos = 0;
    while (pos < line.size() && std::isdigit(static_cast<unsigned char>(line[pos]))) ++pos;
    std::string line_number;
    std::size_t rest = 0;
    if (pos > 0 && pos < line.size() && (line[pos] == ':' || line[pos] == '(')) {
      std::size_t digits = pos + 1;
      while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[digits]))) ++digits;
      line_number = std::string(line.substr(pos + 1, digits - pos - 1));
      rest = line.find(':', digits);
    }
    if (!line_number.empty() && rest != std::string_view::npos) {
      std::string_view message = line.substr(rest + 1);
      while (!message.empty() && message.front() == ' ') message.remove_prefix(1);
      result += std::string(file_name) + ":" + line_number + ": " + std::string(message) + "\n";
    } else {
      result += std::string(file_name) + ": " + std::string(line) + "\n";
    }
  }
  return result;
}

std::filesystem::path find_shader_file(std::string_view file_name) {
  std::vector<std::filesystem::path> candidates;
  if (const char* override_dir = std::getenv("PELAB_SHADER_DIR"); override_dir && *override_dir) {
    candidates.push_back(std::filesystem::path(override_dir) / file_name);
  }
  if (const std::optional<std::filesystem::path> data = find_data_dir()) {
    candidates.push_back(*data / "shaders" / file_name);
  }
  for (const std::filesystem::path& candidate : candidates) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec)) return candidate.lexically_normal();
  }
  return {};
}

}  // namespace pelab::gfx
