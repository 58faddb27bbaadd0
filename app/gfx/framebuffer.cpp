#include "gfx/framebuffer.hpp"

#include "gfx/gl_api.hpp"

#include <utility>

namespace pelab::gfx {

Framebuffer::~Framebuffer() {
  if (id_ != 0) glDeleteFramebuffers(1, &id_);
}

Framebuffer::Framebuffer(Framebuffer&& other) noexcept
    : id_(std::exchange(other.id_, 0u)), color_(std::move(other.color_)) {}

Framebuffer& Framebuffer::operator=(Framebuffer&& other) noexcept {
  if (this != &other) {
    if (id_ != 0) glDeleteFramebuffers(1, &id_);
    id_ = std::exchange(other.id_, 0u);
    color_ = std::move(other.color_);
  }
  return *this;
}

void Framebuffer::resize(int width, int height) {
  if (id_ != 0 && color_.width() == width && color_.height() == height) return;
  if (id_ == 0) glGenFramebuffers(1, &id_);
  color_.allocate(TexelFormat::rgba8, width, height);
  GLint previous = 0;
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous);
  glBindFramebuffer(GL_FRAMEBUFFER, id_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color_.id(), 0);
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous));
}

Framebuffer::Binding::Binding(const Framebuffer& target) {
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous_framebuffer_);
  glGetIntegerv(GL_VIEWPORT, previous_viewport_);
  glBindFramebuffer(GL_FRAMEBUFFER, target.id_);
  glViewport(0, 0, target.color_.width(), target.color_.height());
}

Framebuffer::Binding::~Binding() {
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous_framebuffer_));
  glViewport(previous_viewport_[0], previous_viewport_[1], previous_viewport_[2], previous_viewport_[3]);
}

}  // namespace pelab::gfx
