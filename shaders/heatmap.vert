#version 330 core
// A heatmap drawn by ImGui (gfx/draw_frame.cpp): ImGui's own vertices (ImDrawVert: position, uv,
// colour) and projection, with the values texture bound where ImGui binds the image's texture. The
// locations are set by the callback that switches to this program, not by ImGui's program.
layout(location = 0) in vec2 Position;
layout(location = 1) in vec2 UV;
layout(location = 2) in vec4 Color;
uniform mat4 projection;
out vec2 frag_uv;
out vec4 frag_color;

void main() {
  frag_uv = UV;
  frag_color = Color;
  gl_Position = projection * vec4(Position.xy, 0.0, 1.0);
}
