// Videos in a build without FFmpeg's libraries (run/video_writer.hpp): there are none, and the reason
// says so.
#include "pelab/types.hpp"
#include "run/video_writer.hpp"

namespace pelab::app::run {

bool videos_available() { return false; }

const char* videos_missing_reason() {
  return "video export is not available in this build (it has no FFmpeg libraries)";
}

std::string video_format_problem(const std::filesystem::path&) { return videos_missing_reason(); }

std::unique_ptr<VideoWriter> VideoWriter::open(const VideoSettings&) { throw Error(videos_missing_reason()); }

}  // namespace pelab::app::run
