#version 330 core
// One triangle that covers the whole viewport, made from gl_VertexID alone (no vertex buffer):
// vertices (0,0), (2,0), (0,2) in [0,1]-space, i.e. (-1,-1), (3,-1), (-1,3) in clip space.
void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
