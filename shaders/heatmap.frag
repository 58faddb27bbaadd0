#version 330 core
// Colours a heatmap while ImGui draws it, exactly as pelab::lut_color does on the CPU
// (pelab/io/colormap.hpp), so a heatmap looks the same on screen and in an exported PNG:
//   t = clamp((v - lo) / (hi - lo), 0, 1),  colour = lut[min(255, floor(256 t))],  NaN -> magenta.
// The values texture is point-sampled (GL_NEAREST) at ImGui's uv: the cell under each pixel's centre,
// the cell a coloured copy of the values would have shown there. Times ImGui's vertex colour (the
// image's tint, white for every heatmap), as ImGui's own shader does.
uniform sampler2D values;  // R32F, one texel per cell, on unit 0 (where ImGui binds the image)
uniform sampler2D lut;     // 256 x 1 RGB8 colormap
uniform float lo;
uniform float hi;
in vec2 frag_uv;
in vec4 frag_color;
out vec4 color;

void main() {
  float v = texture(values, frag_uv).r;
  vec3 rgb;
  if (isnan(v)) {
    rgb = vec3(1.0, 0.0, 1.0);
  } else {
    float t = hi > lo ? clamp((v - lo) / (hi - lo), 0.0, 1.0) : 0.5;
    int index = min(255, int(floor(256.0 * t)));
    rgb = texelFetch(lut, ivec2(index, 0), 0).rgb;
  }
  color = frag_color * vec4(rgb, 1.0);
}
