#pragma once
// A video file from frames of RGB pixels: MP4 (H.264), WebM (VP9, or VP8 where this FFmpeg has no VP9
// encoder) or GIF, chosen by the file's extension. A seam: video_writer_ffmpeg.cpp encodes with
// FFmpeg's libraries (libavcodec, libavformat, libswscale) where the build has them;
// video_writer_none.cpp (the Windows and web builds) cannot, and says so.
// The file is written under a temporary name beside it and renamed by finish(): a writer destroyed
// before finish(), or one whose write failed, leaves no file behind.
#include <filesystem>
#include <memory>
#include <string>

#include "gfx/screenshot.hpp"

namespace pelab::app::run {

// False when this build cannot write videos.
bool videos_available();
// Why there are no videos, one sentence (empty when videos_available()).
const char* videos_missing_reason();

struct VideoSettings {
  std::filesystem::path output;  // .mp4, .webm or .gif (any case)
  int width = 0, height = 0;     // every frame's size in pixels
  int fps = 30;
};

// "" when `output`'s extension names a format this writer makes, else one sentence saying which do.
std::string video_format_problem(const std::filesystem::path& output);

class VideoWriter {
 public:
  virtual ~VideoWriter() = default;
  // Opens the encoder and the temporary file. Throws pelab::Error (one sentence) when the format,
  // the size, the frame rate or the file is refused.
  static std::unique_ptr<VideoWriter> open(const VideoSettings& settings);
  // Encodes one frame (its size must be the settings' size). Throws pelab::Error.
  virtual void add_frame(const gfx::RgbImage& frame) = 0;
  // Flushes the encoder, closes the file and renames it to the output. Throws pelab::Error (and the
  // temporary file is removed) when that fails.
  virtual void finish() = 0;
  // The encoder's name, e.g. "libx264".
  virtual std::string codec_name() const = 0;
};

}  // namespace pelab::app::run
