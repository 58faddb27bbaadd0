#pragma once
// Heatmaps on the GPU. Values live in an R32F texture; a shader (shaders/heatmap.*) maps each
// value through a colormap lookup texture into an RGBA framebuffer texture, which ImGui (whose
// own shader cannot apply a LUT) then draws as an ordinary image:
//   t = clamp((v - lo) / (hi - lo), 0, 1),  colour = lut[min(255, floor(256 t))]  (as pelab::lut_color)
// Colouring runs only when the values, the colormap or the range change, not every frame.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gfx/framebuffer.hpp"
#include "gfx/shader_program.hpp"
#include "gfx/texture.hpp"

namespace pelab::gfx {

class HeatmapRenderer {
 public:
  // nullptr and `error` (with file:line for shader errors) when the shaders are missing or broken.
  static std::unique_ptr<HeatmapRenderer> create(std::string& error);
  ~HeatmapRenderer();
  HeatmapRenderer(const HeatmapRenderer&) = delete;
  HeatmapRenderer& operator=(const HeatmapRenderer&) = delete;

  // Colours `values` into `target` (resized to the values' size, one output texel per value).
  void colorize(const Texture2D& values, const Texture2D& lut, float lo, float hi, Framebuffer& target) const;

 private:
  HeatmapRenderer(ShaderProgram program, unsigned vertex_array);
  ShaderProgram program_;
  unsigned vertex_array_ = 0;  // GL 3.3 core draws need a bound vertex array, even an empty one
};

// One heatmap on screen: its values on the GPU and their coloured image for ImGui.
// Row r of the values is texture row r: draw with uv (0,0) at row 0, column 0.
class HeatmapImage {
 public:
  // `values` (rows x cols, row-major) is never changed once made, so the buffer identifies them: they
  // are uploaded only when it is another buffer than the last upload's, so an unchanged frame costs
  // a few comparisons.
  void update(const HeatmapRenderer& renderer, const std::shared_ptr<const std::vector<float>>& values,
              int rows, int cols, const Texture2D& lut, float lo, float hi);
  bool ready() const { return colored_.color().valid(); }
  ImTextureID texture() const { return colored_.color().imgui_id(); }
  bool opaque() const { return colored_.color().opaque(); }
  int rows() const { return values_.height(); }
  int cols() const { return values_.width(); }

 private:
  struct Look {
    unsigned lut = 0;
    float lo = 0.0f, hi = 0.0f;
    bool operator==(const Look&) const = default;
  };
  Texture2D values_;
  Framebuffer colored_;
  bool uploaded_ = false;
  // The buffer uploaded last. A weak_ptr keeps its control block, so no later buffer can have it.
  std::weak_ptr<const std::vector<float>> uploaded_values_;
  Look look_;
};

}  // namespace pelab::gfx
