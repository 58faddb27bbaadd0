#include "gfx/heatmap_renderer.hpp"

#include "gfx/gl_api.hpp"

#include <cstddef>
#include <utility>

namespace pelab::gfx {

std::unique_ptr<HeatmapRenderer> HeatmapRenderer::create(std::string& error) {
  const std::filesystem::path vertex = find_shader_file("heatmap.vert");
  const std::filesystem::path fragment = find_shader_file("heatmap.frag");
  if (vertex.empty() || fragment.empty()) {
    error =
        "cannot find shaders/heatmap.vert and shaders/heatmap.frag in pelab's data directory (share/pelab "
        "beside the executable, or $PELAB_DATA_DIR)";
    return nullptr;
  }
  std::optional<ShaderProgram> program = ShaderProgram::from_files(vertex, fragment, error);
  if (!program) return nullptr;
  return std::unique_ptr<HeatmapRenderer>(new HeatmapRenderer(std::move(*program)));
}

HeatmapRenderer::HeatmapRenderer(ShaderProgram program) : program_(std::move(program)) {}

void HeatmapRenderer::begin_imgui_draw(unsigned lut, float lo, float hi) const {
  // ImGui's program is current (its backend set it up for this draw list): take its projection, so
  // the heatmap lands exactly where ImGui's own shader would have put the image.
  GLint imgui_program = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &imgui_program);
  float projection[16] = {};
  const GLint location = glGetUniformLocation(static_cast<GLuint>(imgui_program), "ProjMtx");
  if (location >= 0) glGetUniformfv(static_cast<GLuint>(imgui_program), location, projection);

  program_.use();
  program_.set_matrix4("projection", projection);
  program_.set_int("values", 0);
  program_.set_int("lut", 1);
  program_.set_float("lo", lo);
  program_.set_float("hi", hi);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, lut);
  glActiveTexture(GL_TEXTURE0);
  // ImGui's vertex and index buffers are bound: describe ImDrawVert at shaders/heatmap.vert's locations.
  const GLsizei stride = sizeof(ImDrawVert);
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<const void*>(offsetof(ImDrawVert, pos)));
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<const void*>(offsetof(ImDrawVert, uv)));
  glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                        reinterpret_cast<const void*>(offsetof(ImDrawVert, col)));
}

void HeatmapImage::update(const HeatmapRenderer& renderer,
                          const std::shared_ptr<const std::vector<float>>& values, int rows, int cols,
                          const Texture2D& lut, float lo, float hi) {
  if (rows <= 0 || cols <= 0 || !values ||
      values->size() < static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols))
    return;
  renderer_ = &renderer;
  lut_ = lut.id();
  lo_ = lo;
  hi_ = hi;
  const bool same_values =
      uploaded_ && !uploaded_values_.owner_before(values) && !values.owner_before(uploaded_values_);
  if (same_values) return;
  values_.upload(TexelFormat::r32f, cols, rows, values->data());
  uploaded_ = true;
  uploaded_values_ = values;
}

void HeatmapImage::begin_imgui_draw() const {
  if (renderer_) renderer_->begin_imgui_draw(lut_, lo_, hi_);
}

}  // namespace pelab::gfx
