#pragma once
// What one frame cost, for `pelab --bench-frames`: where the time went (ImGui on the CPU, handing the
// draw lists to GL, the rasteriser) and what was drawn (vertices, indices, texture uploads, heatmap
// colouring passes). Counters are reset by begin_frame of gfx::Window and gfx::OffscreenFrame and
// filled by the gfx layer; nothing outside the benchmark reads them. Header only, plain counters:
// a frame is drawn by one thread.
#include <imgui.h>

#include <chrono>
#include <cmath>
#include <cstdio>

namespace pelab::gfx {

struct FrameStats {
  int texture_uploads = 0;  // glTexImage2D / glTexSubImage2D calls (0 in a frame where nothing changed)
  int vertices = 0;         // ImDrawData::TotalVtxCount
  int indices = 0;          // ImDrawData::TotalIdxCount (3 per triangle)
  int draw_commands = 0;    // ImDrawCmd over all draw lists
  double imgui_ms = 0.0;    // NewFrame .. Render: building the frame on the CPU (texture uploads included)
  double submit_ms = 0.0;   // ImGui_ImplOpenGL3_RenderDrawData: buffers and draw calls handed to GL
  double raster_ms = 0.0;   // glFinish after the submission: the rasteriser drawing it (split timing only)
  std::chrono::steady_clock::time_point started;  // begin_frame
};

inline FrameStats frame_stats;
// When set, end_frame waits for the GPU (glFinish) after submitting, so raster_ms is the drawing
// alone. Off outside the benchmark: a glFinish per frame would serialise CPU and GPU.
inline bool split_frame_timing = false;
// When set, the next end_frame prints every draw list's vertex and index count (which window and
// which view cost most) to stdout, then clears the flag. With PELAB_TIME_DRAW_COMMANDS set as well, it
// also times every draw list and draw command alone on the rasteriser (draw_frame.cpp).
inline bool print_draw_lists = false;

inline double milliseconds_between(std::chrono::steady_clock::time_point from,
                                   std::chrono::steady_clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

// begin_frame: a new frame starts now.
inline void start_frame_stats() {
  frame_stats = FrameStats{};
  frame_stats.started = std::chrono::steady_clock::now();
}

// end_frame, after ImGui::Render: the CPU side is done; what will be drawn.
inline void count_draw_data(const ImDrawData* data) {
  frame_stats.imgui_ms = milliseconds_between(frame_stats.started, std::chrono::steady_clock::now());
  if (!data) return;
  frame_stats.vertices = data->TotalVtxCount;
  frame_stats.indices = data->TotalIdxCount;
  for (int i = 0; i < data->CmdListsCount; ++i) {
    const ImDrawList* list = data->CmdLists[i];
    frame_stats.draw_commands += list->CmdBuffer.Size;
    if (!print_draw_lists) continue;
    // The area its triangles cover in pixels (clip rectangles ignored): the rasteriser's fill work,
    // in screens of this size (overdraw).
    double area = 0.0;
    for (int k = 0; k + 2 < list->IdxBuffer.Size; k += 3) {
      const ImVec2 a = list->VtxBuffer[list->IdxBuffer[k]].pos,
                   b = list->VtxBuffer[list->IdxBuffer[k + 1]].pos,
                   c = list->VtxBuffer[list->IdxBuffer[k + 2]].pos;
      area += 0.5 * std::abs(static_cast<double>((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)));
    }
    std::printf("    draw list %-48s %7d vertices %7d indices %4d commands %6.3f screens\n",
                list->_OwnerName ? list->_OwnerName : "?", list->VtxBuffer.Size, list->IdxBuffer.Size,
                list->CmdBuffer.Size, area / (data->DisplaySize.x * data->DisplaySize.y));
  }
  print_draw_lists = false;
}

}  // namespace pelab::gfx
