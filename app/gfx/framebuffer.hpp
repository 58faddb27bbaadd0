#pragma once
// An offscreen render target with one RGBA8 colour texture (RAII, move-only). The heatmap shader
// draws into it once per change; ImGui then shows its texture like any image.
#include "gfx/texture.hpp"

namespace pelab::gfx {

class Framebuffer {
 public:
  Framebuffer() = default;
  ~Framebuffer();
  Framebuffer(Framebuffer&& other) noexcept;
  Framebuffer& operator=(Framebuffer&& other) noexcept;
  Framebuffer(const Framebuffer&) = delete;
  Framebuffer& operator=(const Framebuffer&) = delete;

  // (Re)allocates the colour texture when the size changes.
  void resize(int width, int height);
  const Texture2D& color() const { return color_; }
  // What was drawn has alpha 1 everywhere (see Texture2D::mark_opaque).
  void mark_color_opaque() { color_.mark_opaque(); }

  // While alive, draws go to this framebuffer with a matching viewport; the previous framebuffer
  // and viewport come back when it ends.
  class Binding {
   public:
    explicit Binding(const Framebuffer& target);
    ~Binding();
    Binding(const Binding&) = delete;
    Binding& operator=(const Binding&) = delete;

   private:
    int previous_framebuffer_ = 0;
    int previous_viewport_[4] = {0, 0, 0, 0};
  };

 private:
  unsigned id_ = 0;
  Texture2D color_;
};

}  // namespace pelab::gfx
