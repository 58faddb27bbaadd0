// Videos with FFmpeg's libraries (run/video_writer.hpp): libswscale converts each RGB frame to the
// encoder's pixel format, libavcodec encodes it (libx264, libvpx, FFmpeg's GIF encoder) and
// libavformat writes the container. No encoding of our own.
extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <cctype>
#include <random>
#include <system_error>

#include "pelab/types.hpp"
#include "run/video_writer.hpp"

namespace pelab::app::run {
namespace {

struct Format {
  const char* extension;
  const char* muxer;
  // Encoders by preference, tried in order (the first this FFmpeg has is used).
  const char* encoders[2];
  AVPixelFormat pixels;
};

constexpr Format formats[] = {
    {".mp4", "mp4", {"libx264", "h264"}, AV_PIX_FMT_YUV420P},
    {".webm", "webm", {"libvpx-vp9", "libvpx"}, AV_PIX_FMT_YUV420P},
    {".gif", "gif", {"gif", nullptr}, AV_PIX_FMT_RGB8},
};

const Format* find_format(const std::filesystem::path& output) {
  std::string extension = output.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const Format& format : formats)
    if (extension == format.extension) return &format;
  return nullptr;
}

std::string av_message(int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, text, sizeof text);
  return text;
}

// A name beside the output that no other writer picks: ".NAME.part-XXXXXXXX".
std::filesystem::path temporary_path(const std::filesystem::path& output) {
  std::random_device random;
  char suffix[16];
  std::snprintf(suffix, sizeof suffix, "%08x", random());
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) about "." + std::string at -O3.
  std::string name = ".";
  name += output.filename().string();
  name += ".part-";
  name += suffix;
  return output.parent_path() / name;
}

// What the writer holds, freed (and the temporary file removed unless renamed) also when the writer's
// constructor throws half way.
struct FfmpegResources {
  std::filesystem::path temporary;
  bool file_open = false;  // the temporary file exists and is not renamed yet
  AVFormatContext* container = nullptr;
  AVStream* stream = nullptr;
  AVCodecContext* encoder = nullptr;
  AVFrame* frame = nullptr;
  AVPacket* packet = nullptr;
  SwsContext* scaler = nullptr;

  FfmpegResources() = default;
  FfmpegResources(const FfmpegResources&) = delete;
  FfmpegResources& operator=(const FfmpegResources&) = delete;
  ~FfmpegResources() {
    if (container && container->pb) avio_closep(&container->pb);
    if (file_open) {
      std::error_code ignored;
      std::filesystem::remove(temporary, ignored);
    }
    sws_freeContext(scaler);
    av_packet_free(&packet);
    av_frame_free(&frame);
    avcodec_free_context(&encoder);
    avformat_free_context(container);
  }
};

class FfmpegWriter final : public VideoWriter {
 public:
  explicit FfmpegWriter(const VideoSettings& settings) : settings_(settings) {
    const Format* format = find_format(settings.output);
    if (!format) throw Error(video_format_problem(settings.output));
    if (settings.fps < 1 || settings.fps > 120)
      throw Error("the frame rate must be 1 to 120 frames per second");
    if (settings.width < 16 || settings.height < 16 || settings.width > 7680 || settings.height > 4320)
      throw Error("the video size must be 16x16 to 7680x4320 pixels");
    if (format->pixels == AV_PIX_FMT_YUV420P && (settings.width % 2 != 0 || settings.height % 2 != 0))
      throw Error(std::string(format->extension + 1) + " video needs an even width and height (got " +
                  std::to_string(settings.width) + "x" + std::to_string(settings.height) + ")");
    const AVCodec* codec = nullptr;
    for (const char* name : format->encoders)
      if (!codec && name) codec = avcodec_find_encoder_by_name(name);
    if (!codec)
      throw Error(std::string("this FFmpeg has no encoder for ") + (format->extension + 1) + " (looked for " +
                  format->encoders[0] + (format->encoders[1] ? std::string(", ") + format->encoders[1] : "") +
                  ")");
    held_.temporary = temporary_path(settings.output);

    // Errors only: the encoders' statistics would bury pelab's progress lines.
    av_log_set_level(AV_LOG_ERROR);
    // The temporary file's name goes in as the container's url: MP4's faststart reopens it by name.
    check(avformat_alloc_output_context2(&held_.container, nullptr, format->muxer,
                                         held_.temporary.string().c_str()),
          "container");
    held_.stream = avformat_new_stream(held_.container, nullptr);
    held_.encoder = avcodec_alloc_context3(codec);
    held_.frame = av_frame_alloc();
    held_.packet = av_packet_alloc();
    if (!held_.stream || !held_.encoder || !held_.frame || !held_.packet)
      throw Error("out of memory opening the video encoder");
    held_.encoder->width = settings.width;
    held_.encoder->height = settings.height;
    held_.encoder->time_base = AVRational{1, settings.fps};
    held_.encoder->framerate = AVRational{settings.fps, 1};
    held_.encoder->pix_fmt = format->pixels;
    held_.encoder->gop_size = settings.fps * 2;
    if (format->pixels == AV_PIX_FMT_YUV420P) {
      // libswscale's RGB -> YUV uses BT.601 coefficients in limited range: say so in the stream.
      held_.encoder->colorspace = AVCOL_SPC_SMPTE170M;
      held_.encoder->color_range = AVCOL_RANGE_MPEG;
    }
    if (held_.container->oformat->flags & AVFMT_GLOBALHEADER)
      held_.encoder->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    // Slides are mostly flat colour and thin text: constant quality, not a bitrate.
    if (std::string(codec->name) == "libx264") {
      av_opt_set(held_.encoder->priv_data, "preset", "fast", 0);
      av_opt_set(held_.encoder->priv_data, "crf", "18", 0);
    } else if (std::string(codec->name).rfind("libvpx", 0) == 0) {
      held_.encoder->bit_rate = 0;
      av_opt_set(held_.encoder->priv_data, "crf", "24", 0);
      av_opt_set(held_.encoder->priv_data, "deadline", "good", 0);
      av_opt_set(held_.encoder->priv_data, "cpu-used", "4", 0);
    }
    check(avcodec_open2(held_.encoder, codec, nullptr), std::string("encoder ") + codec->name);
    check(avcodec_parameters_from_context(held_.stream->codecpar, held_.encoder), "stream parameters");
    held_.stream->time_base = held_.encoder->time_base;
    held_.stream->avg_frame_rate = held_.encoder->framerate;

    held_.frame->format = held_.encoder->pix_fmt;
    held_.frame->width = settings.width;
    held_.frame->height = settings.height;
    check(av_frame_get_buffer(held_.frame, 0), "frame buffer");
    held_.scaler =
        sws_getContext(settings.width, settings.height, AV_PIX_FMT_RGB24, settings.width, settings.height,
                       held_.encoder->pix_fmt, SWS_BICUBIC, nullptr, nullptr, nullptr);
    if (!held_.scaler) throw Error("libswscale cannot convert RGB to the encoder's pixel format");

    const int opened = avio_open(&held_.container->pb, held_.temporary.string().c_str(), AVIO_FLAG_WRITE);
    if (opened < 0)
      throw Error("cannot write " + settings.output.string() + " (in " +
                  settings.output.parent_path().string() + "): " + av_message(opened));
    held_.file_open = true;
    AVDictionary* options = nullptr;
    if (std::string(format->muxer) == "mp4") av_dict_set(&options, "movflags", "+faststart", 0);
    const int header = avformat_write_header(held_.container, &options);
    av_dict_free(&options);
    check(header, "container header");
  }

  void add_frame(const gfx::RgbImage& image) override {
    if (image.width != settings_.width || image.height != settings_.height ||
        image.pixels.size() !=
            static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 3)
      throw Error("a frame of " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                  " in a video of " + std::to_string(settings_.width) + "x" +
                  std::to_string(settings_.height));
    check(av_frame_make_writable(held_.frame), "frame buffer");
    const std::uint8_t* source[1] = {image.pixels.data()};
    const int source_stride[1] = {image.width * 3};
    sws_scale(held_.scaler, source, source_stride, 0, image.height, held_.frame->data, held_.frame->linesize);
    held_.frame->pts = frames_++;
    encode(held_.frame);
  }

  void finish() override {
    encode(nullptr);
    check(av_write_trailer(held_.container), "container trailer");
    const int closed = avio_closep(&held_.container->pb);
    check(closed, "closing the file");
    std::error_code error;
    std::filesystem::rename(held_.temporary, settings_.output, error);
    if (error) throw Error("cannot write " + settings_.output.string() + ": " + error.message());
    held_.file_open = false;
  }

  std::string codec_name() const override { return held_.encoder->codec->name; }

 private:
  void check(int code, const std::string& what) const {
    if (code < 0)
      throw Error("FFmpeg failed writing " + settings_.output.string() + " (" + what +
                  "): " + av_message(code));
  }

  // Sends a frame (nullptr: the end) and writes every packet the encoder has ready.
  void encode(const AVFrame* frame) {
    check(avcodec_send_frame(held_.encoder, frame), "encoding");
    for (;;) {
      const int received = avcodec_receive_packet(held_.encoder, held_.packet);
      if (received == AVERROR(EAGAIN) || received == AVERROR_EOF) return;
      check(received, "encoding");
      av_packet_rescale_ts(held_.packet, held_.encoder->time_base, held_.stream->time_base);
      held_.packet->stream_index = held_.stream->index;
      check(av_interleaved_write_frame(held_.container, held_.packet), "writing");
    }
  }

  VideoSettings settings_;
  FfmpegResources held_;
  std::int64_t frames_ = 0;
};

}  // namespace

bool videos_available() { return true; }

const char* videos_missing_reason() { return ""; }

std::string video_format_problem(const std::filesystem::path& output) {
  if (find_format(output)) return "";
  return "cannot tell the video format from '" + output.filename().string() +
         "': name it .mp4 (H.264), .webm (VP9) or .gif";
}

std::unique_ptr<VideoWriter> VideoWriter::open(const VideoSettings& settings) {
  return std::make_unique<FfmpegWriter>(settings);
}

}  // namespace pelab::app::run
