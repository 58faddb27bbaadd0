#pragma once
// Heatmaps on the GPU. Values live in an R32F texture, and ImGui draws that texture itself: the end of
// the frame (gfx/draw_frame.cpp) switches ImGui's draw command for it to the heatmap shader
// (shaders/heatmap.*), which colours each pixel's value through a colormap lookup texture as it draws:
//   t = clamp((v - lo) / (hi - lo), 0, 1),  colour = lut[min(255, floor(256 t))]  (as pelab::lut_color)
// So new values cost one upload and nothing else, and a change of range or colormap uploads nothing:
// there is no coloured copy to make again. On a software rasteriser colouring a 2000 x 1600 copy
// cost more than the frame itself (bench/RESULTS.md, "Heatmaps coloured while drawn"); colouring
// while drawing shades only the pixels on screen.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gfx/shader_program.hpp"
#include "gfx/texture.hpp"

namespace pelab::gfx {

class HeatmapRenderer {
 public:
  // nullptr and `error` (with file:line for shader errors) when the shaders are missing or broken.
  static std::unique_ptr<HeatmapRenderer> create(std::string& error);
  HeatmapRenderer(const HeatmapRenderer&) = delete;
  HeatmapRenderer& operator=(const HeatmapRenderer&) = delete;

  // Inside ImGui's rendering (a draw callback), before the draw command of a heatmap's values: takes
  // over ImGui's program with the heatmap shader, ImGui's projection and vertex layout, `lut` on
  // texture unit 1; ImGui then binds the values on unit 0 and draws. ImDrawCallback_ResetRenderState
  // gives ImGui its own state back.
  void begin_imgui_draw(unsigned lut, float lo, float hi) const;

 private:
  explicit HeatmapRenderer(ShaderProgram program);
  ShaderProgram program_;
};

// One heatmap on screen: its values on the GPU and how to colour them.
// Row r of the values is texture row r: draw with uv (0,0) at row 0, column 0.
class HeatmapImage {
 public:
  // `values` (rows x cols, row-major) is never changed once made, so the buffer identifies them: they
  // are uploaded only when it is another buffer than the last upload's, so an unchanged frame costs
  // a few comparisons. The colormap and range are only remembered for drawing.
  void update(const HeatmapRenderer& renderer, const std::shared_ptr<const std::vector<float>>& values,
              int rows, int cols, const Texture2D& lut, float lo, float hi);
  bool ready() const { return renderer_ && values_.valid(); }
  // The values texture, for ImGui: drawn coloured once the frame's end knows this image
  // (FrameTextures::heatmaps, gfx/draw_frame.hpp).
  ImTextureID texture() const { return values_.imgui_id(); }
  int rows() const { return values_.height(); }
  int cols() const { return values_.width(); }
  // Called by the frame's end right before ImGui draws texture(): see HeatmapRenderer::begin_imgui_draw.
  void begin_imgui_draw() const;

 private:
  const HeatmapRenderer* renderer_ = nullptr;
  unsigned lut_ = 0;  // the colormap's lookup texture (ColormapTextures)
  float lo_ = 0.0f, hi_ = 0.0f;
  Texture2D values_;
  bool uploaded_ = false;
  // The buffer uploaded last. A weak_ptr keeps its control block, so no later buffer can have it.
  std::weak_ptr<const std::vector<float>> uploaded_values_;
};

}  // namespace pelab::gfx
