#include "gfx/heatmap_renderer.hpp"

#include "gfx/gl_api.hpp"

#include <utility>

#include "gfx/frame_stats.hpp"

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
  GLuint vertex_array = 0;
  glGenVertexArrays(1, &vertex_array);
  return std::unique_ptr<HeatmapRenderer>(new HeatmapRenderer(std::move(*program), vertex_array));
}

HeatmapRenderer::HeatmapRenderer(ShaderProgram program, unsigned vertex_array)
    : program_(std::move(program)), vertex_array_(vertex_array) {}

HeatmapRenderer::~HeatmapRenderer() { glDeleteVertexArrays(1, &vertex_array_); }

void HeatmapRenderer::colorize(const Texture2D& values, const Texture2D& lut, float lo, float hi,
                               Framebuffer& target) const {
  target.resize(values.width(), values.height());
  target.mark_color_opaque();  // shaders/heatmap.frag writes alpha 1, NaN cells included
  const Framebuffer::Binding binding(target);
  GLint previous_program = 0, previous_vertex_array = 0, previous_texture = 0, previous_active = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &previous_program);
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &previous_vertex_array);
  glGetIntegerv(GL_ACTIVE_TEXTURE, &previous_active);
  const GLboolean blend = glIsEnabled(GL_BLEND);
  const GLboolean scissor = glIsEnabled(GL_SCISSOR_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);

  program_.use();
  program_.set_int("values", 0);
  program_.set_int("lut", 1);
  program_.set_float("lo", lo);
  program_.set_float("hi", hi);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, lut.id());
  glActiveTexture(GL_TEXTURE0);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &previous_texture);
  glBindTexture(GL_TEXTURE_2D, values.id());
  glBindVertexArray(vertex_array_);
  glDrawArrays(GL_TRIANGLES, 0, 3);

  glBindVertexArray(static_cast<GLuint>(previous_vertex_array));
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(previous_texture));
  glActiveTexture(static_cast<GLenum>(previous_active));
  glUseProgram(static_cast<GLuint>(previous_program));
  if (blend) glEnable(GL_BLEND);
  if (scissor) glEnable(GL_SCISSOR_TEST);
  // No mipmaps: a heatmap larger than its place on screen is point-sampled from level 0 (the
  // texture's GL_NEAREST), so every pixel has the exact colormap colour of the cell under its centre
  // and matches the hover readout. Averaged levels would show colours of no value in the table
  // (viridis purple and yellow averaged to a green-grey) and blur a sinusoid's fast columns into
  // uniform mush; zooming in resolves what point sampling aliases. Measured on llvmpipe (a
  // 2000x1600 heatmap in ~900x700 px): no slower than sampling a mipmap level, and a change no longer
  // pays for glGenerateMipmap.
  ++frame_stats.colorize_passes;
}

void HeatmapImage::update(const HeatmapRenderer& renderer,
                          const std::shared_ptr<const std::vector<float>>& values, int rows, int cols,
                          const Texture2D& lut, float lo, float hi) {
  if (rows <= 0 || cols <= 0 || !values ||
      values->size() < static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols))
    return;
  const bool same_values =
      uploaded_ && !uploaded_values_.owner_before(values) && !values.owner_before(uploaded_values_);
  const Look look{lut.id(), lo, hi};
  if (same_values && look == look_) return;
  if (!same_values) {
    values_.upload(TexelFormat::r32f, cols, rows, values->data());
    uploaded_ = true;
    uploaded_values_ = values;
  }
  renderer.colorize(values_, lut, lo, hi, colored_);
  look_ = look;
}

}  // namespace pelab::gfx
