#pragma once
// A GL texture owned by a C++ object (RAII, move-only). Row 0 of the uploaded data is texture
// row 0 (v = 0); views decide how rows map to the screen through the uv they draw with.
#include <imgui.h>

namespace pelab::gfx {

enum class TexelFormat {
  r32f,   // one float per texel: heatmap values, coloured later by a shader
  rgb8,   // colormap lookup tables (256 x 1)
  rgba8,  // coloured heatmaps, drawn by ImGui
};
enum class TextureFilter { nearest, linear };

class Texture2D {
 public:
  Texture2D() = default;  // no GL object until the first upload/allocate
  ~Texture2D();
  Texture2D(Texture2D&& other) noexcept;
  Texture2D& operator=(Texture2D&& other) noexcept;
  Texture2D(const Texture2D&) = delete;
  Texture2D& operator=(const Texture2D&) = delete;

  // Replaces the content; reuses the storage (glTexSubImage2D) when format and size are unchanged,
  // which is what keeps a dragged slider cheap. `texels` is tightly packed, row after row.
  void upload(TexelFormat format, int width, int height, const void* texels);
  // Storage without content (a framebuffer's colour target).
  void allocate(TexelFormat format, int width, int height);
  void set_filter(TextureFilter filter);
  // Declares that every texel has alpha 1 (the heatmap shader writes only such), so ImGui may draw the
  // texture without blending (draw_frame.hpp). Formats without alpha are opaque anyway.
  void mark_opaque() { opaque_ = id_ != 0; }
  // Whether every texel has alpha 1: drawn with an opaque vertex colour, the texture covers what lies
  // below exactly as with blending, and without it costs a software rasteriser less (draw_frame.cpp).
  bool opaque() const { return opaque_; }

  bool valid() const { return id_ != 0; }
  unsigned id() const { return id_; }
  int width() const { return width_; }
  int height() const { return height_; }
  ImTextureID imgui_id() const;

  // The driver's limit, capped at 4096 so textures stay portable and a few hundred MB at most.
  static int max_size();

 private:
  void release();
  unsigned id_ = 0;
  bool opaque_ = false;
  TexelFormat format_ = TexelFormat::rgba8;
  int width_ = 0;
  int height_ = 0;
};

}  // namespace pelab::gfx
