#include "gfx/texture.hpp"

#include "gfx/gl_api.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

#include "gfx/frame_stats.hpp"

namespace pelab::gfx {
namespace {

struct GlFormat {
  GLint internal_format;
  GLenum format;
  GLenum type;
};

GlFormat gl_format(TexelFormat format) {
  switch (format) {
    case TexelFormat::r32f:
      return {GL_R32F, GL_RED, GL_FLOAT};
    case TexelFormat::rgb8:
      return {GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE};
    case TexelFormat::rgba8:
      return {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE};
  }
  return {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE};
}

}  // namespace

Texture2D::~Texture2D() { release(); }

Texture2D::Texture2D(Texture2D&& other) noexcept
    : id_(std::exchange(other.id_, 0u)),
      opaque_(std::exchange(other.opaque_, false)),
      format_(other.format_),
      width_(other.width_),
      height_(other.height_) {}

Texture2D& Texture2D::operator=(Texture2D&& other) noexcept {
  if (this != &other) {
    release();
    id_ = std::exchange(other.id_, 0u);
    opaque_ = std::exchange(other.opaque_, false);
    format_ = other.format_;
    width_ = other.width_;
    height_ = other.height_;
  }
  return *this;
}

void Texture2D::release() {
  opaque_ = false;
  if (id_ != 0) glDeleteTextures(1, &id_);
  id_ = 0;
  width_ = height_ = 0;
}

void Texture2D::allocate(TexelFormat format, int width, int height) {
  upload(format, width, height, nullptr);
}

void Texture2D::upload(TexelFormat format, int width, int height, const void* texels) {
  const GlFormat gl = gl_format(format);
  const bool reuse = id_ != 0 && format == format_ && width == width_ && height == height_;
  if (id_ == 0) {
    glGenTextures(1, &id_);
    glBindTexture(GL_TEXTURE_2D, id_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  } else {
    glBindTexture(GL_TEXTURE_2D, id_);
  }
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  if (reuse) {
    if (texels) {
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, gl.format, gl.type, texels);
      ++frame_stats.texture_uploads;
    }
  } else {
    glTexImage2D(GL_TEXTURE_2D, 0, gl.internal_format, width, height, 0, gl.format, gl.type, texels);
    ++frame_stats.texture_uploads;
  }
  format_ = format;
  width_ = width;
  height_ = height;
  opaque_ = format != TexelFormat::rgba8;  // GL reads alpha 1 from formats without alpha
}

void Texture2D::set_filter(TextureFilter filter) {
  if (id_ == 0) return;
  const GLint gl_filter = filter == TextureFilter::linear ? GL_LINEAR : GL_NEAREST;
  glBindTexture(GL_TEXTURE_2D, id_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, gl_filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, gl_filter);
}

ImTextureID Texture2D::imgui_id() const {
  return reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(id_));
}

int Texture2D::max_size() {
  GLint limit = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &limit);
  return std::min(4096, static_cast<int>(limit));
}

}  // namespace pelab::gfx
