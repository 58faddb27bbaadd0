#version 330 core
// Colours one heatmap cell exactly as pelab::lut_color does on the CPU (pelab/io/colormap.hpp), so a
// heatmap looks the same on screen and in an exported PNG:
//   t = clamp((v - lo) / (hi - lo), 0, 1),  colour = lut[min(255, floor(256 t))],  NaN -> magenta.
// The target has one pixel per value, so the value is fetched at the fragment's own texel (no filtering).
uniform sampler2D values;  // R32F, one texel per cell
uniform sampler2D lut;     // 256 x 1 RGB8 colormap
uniform float lo;
uniform float hi;
out vec4 color;

void main() {
  float v = texelFetch(values, ivec2(gl_FragCoord.xy), 0).r;
  if (isnan(v)) {
    color = vec4(1.0, 0.0, 1.0, 1.0);
    return;
  }
  float t = hi > lo ? clamp((v - lo) / (hi - lo), 0.0, 1.0) : 0.5;
  int index = min(255, int(floor(256.0 * t)));
  color = vec4(texelFetch(lut, ivec2(index, 0), 0).rgb, 1.0);
}
