#include "gfx/draw_frame.hpp"

#include "gfx/gl_api.hpp"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

#include "gfx/frame_stats.hpp"
#include "gfx/heatmap_renderer.hpp"
#include "gfx/texture.hpp"

namespace pelab::gfx {

namespace {

// ---- opaque draw commands
//
// ImGui's backend blends every draw. A command whose every vertex has alpha 255 and samples either the
// font atlas's white pixel (a plain fill) or an opaque texture (a heatmap image, a colormap) yields alpha 1
// everywhere, so blending leaves exactly its own colour: drawn without blending, the pixels are the same.
// llvmpipe then skips reading the framebuffer, and a tile such a command covers whole is not shaded twice.
// The plot layer puts such fills (plot backgrounds, dense curve spans) into draw commands of their own;
// images are in their own commands anyway (they change the texture).

void disable_blending(const ImDrawList*, const ImDrawCmd*) { glDisable(GL_BLEND); }

bool is_opaque_command(const ImDrawList& list, const ImDrawCmd& cmd, ImTextureID font_atlas, ImVec2 white,
                       std::span<const ImTextureID> opaque_textures) {
  if (cmd.UserCallback != nullptr || cmd.ElemCount == 0) return false;
  const bool plain_fill = cmd.TextureId == font_atlas;
  if (!plain_fill &&
      std::find(opaque_textures.begin(), opaque_textures.end(), cmd.TextureId) == opaque_textures.end())
    return false;
  const ImDrawIdx* indices = list.IdxBuffer.Data + cmd.IdxOffset;
  const ImDrawVert* vertices = list.VtxBuffer.Data + cmd.VtxOffset;
  for (unsigned i = 0; i < cmd.ElemCount; ++i) {
    const ImDrawVert& v = vertices[indices[i]];
    if (((v.col >> IM_COL32_A_SHIFT) & 0xFF) != 0xFF) return false;
    if (plain_fill && (v.uv.x != white.x || v.uv.y != white.y)) return false;
  }
  return true;
}

// ---- heatmaps
//
// A heatmap's draw command samples its values texture; a callback before it switches to the heatmap
// shader (which colours the value under each pixel), another after it gives ImGui its state back.
// The shader writes alpha 1, so with opaque vertices the command is drawn without blending as well.

void begin_heatmap(const ImDrawList*, const ImDrawCmd* cmd) {
  static_cast<const HeatmapImage*>(cmd->UserCallbackData)->begin_imgui_draw();
}

void begin_heatmap_unblended(const ImDrawList* list, const ImDrawCmd* cmd) {
  begin_heatmap(list, cmd);
  glDisable(GL_BLEND);
}

const HeatmapImage* heatmap_drawn_by(const ImDrawCmd& cmd, std::span<const HeatmapImage* const> heatmaps) {
  if (cmd.UserCallback != nullptr || cmd.ElemCount == 0) return nullptr;
  for (const HeatmapImage* image : heatmaps)
    if (image->ready() && image->texture() == cmd.TextureId) return image;
  return nullptr;
}

// Wraps every run of opaque commands in a callback that turns blending off and ImGui's reset (which
// turns it back on), and every heatmap's command in the heatmap callbacks.
void prepare_commands(ImDrawData* data, const FrameTextures& textures) {
  const std::span<const ImTextureID> opaque_textures = textures.opaque;
  const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  std::vector<ImDrawCmd> commands;
  for (int i = 0; i < data->CmdListsCount; ++i) {
    ImDrawList& list = *data->CmdLists[i];
    commands.clear();
    bool opaque_run = false;
    auto switch_blending = [&](const ImDrawCmd& at, bool opaque) {
      ImDrawCmd toggle = at;
      toggle.ElemCount = 0;
      toggle.UserCallback = opaque ? disable_blending : ImDrawCallback_ResetRenderState;
      toggle.UserCallbackData = nullptr;
      commands.push_back(toggle);
      opaque_run = opaque;
    };
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (const HeatmapImage* heatmap = heatmap_drawn_by(cmd, textures.heatmaps)) {
        if (opaque_run) switch_blending(cmd, false);
        const std::array<ImTextureID, 1> itself{cmd.TextureId};
        const bool opaque = is_opaque_command(list, cmd, atlas->TexID, atlas->TexUvWhitePixel, itself);
        ImDrawCmd begin = cmd;
        begin.ElemCount = 0;
        begin.UserCallback = opaque ? begin_heatmap_unblended : begin_heatmap;
        begin.UserCallbackData = const_cast<HeatmapImage*>(heatmap);  // ImGui's slot is void*; read as const
        commands.push_back(begin);
        commands.push_back(cmd);
        switch_blending(cmd, false);  // ImGui's reset: its program and blending back
        continue;
      }
      const bool opaque = is_opaque_command(list, cmd, atlas->TexID, atlas->TexUvWhitePixel, opaque_textures);
      if (cmd.ElemCount > 0 && opaque != opaque_run) switch_blending(cmd, opaque);
      commands.push_back(cmd);
    }
    if (opaque_run) switch_blending(commands.back(), false);
    if (commands.size() == static_cast<size_t>(list.CmdBuffer.Size)) continue;
    list.CmdBuffer.resize(static_cast<int>(commands.size()));
    std::copy(commands.begin(), commands.end(), list.CmdBuffer.Data);
  }
}

// Rasterisation time of `data` alone: the best of a few glFinish-bracketed draws (the machine may be
// busy; the minimum is the least disturbed).
double time_draw(ImDrawData* data) {
  double best = 1e9;
  for (int repeat = 0; repeat < 5; ++repeat) {
    glFinish();
    const auto from = std::chrono::steady_clock::now();
    ImGui_ImplOpenGL3_RenderDrawData(data);
    glFinish();
    best = std::min(best, milliseconds_between(from, std::chrono::steady_clock::now()));
  }
  return best;
}

// PELAB_TIME_DRAW_COMMANDS with PELAB_PRINT_DRAW_LISTS: what each draw command costs the rasteriser,
// drawn alone over the finished frame (so blending reads what it would read). A diagnostic for finding
// the expensive parts of a frame; it draws the frame again, command by command, and prints.
void print_draw_command_times(ImDrawData* data) {
  for (int i = 0; i < data->CmdListsCount; ++i) {
    ImDrawList* list = data->CmdLists[i];
    ImDrawData one = *data;
    one.CmdLists = &list;
    one.CmdListsCount = 1;
    one.TotalVtxCount = list->VtxBuffer.Size;
    one.TotalIdxCount = list->IdxBuffer.Size;
    std::printf("    %7.3f ms  draw list %s\n", time_draw(&one), list->_OwnerName ? list->_OwnerName : "?");
    ImVector<ImDrawCmd> all;
    all.swap(list->CmdBuffer);
    const ImDrawCmd* blending_off = nullptr;  // the callback in effect: blending off, or a heatmap's shader
    for (const ImDrawCmd& cmd : all) {
      if (cmd.UserCallback) {  // a state change: timed with the commands it affects
        blending_off = cmd.UserCallback == ImDrawCallback_ResetRenderState ? nullptr : &cmd;
        continue;
      }
      list->CmdBuffer.resize(0);
      if (blending_off) list->CmdBuffer.push_back(*blending_off);
      list->CmdBuffer.push_back(cmd);
      std::printf("      %7.3f ms  %6u indices%s, clip %.0f,%.0f - %.0f,%.0f, texture %p\n", time_draw(&one),
                  cmd.ElemCount, blending_off ? " unblended" : "", cmd.ClipRect.x, cmd.ClipRect.y,
                  cmd.ClipRect.z, cmd.ClipRect.w, static_cast<void*>(cmd.TextureId));
    }
    list->CmdBuffer.swap(all);
  }
}

}  // namespace

void draw_imgui_frame(const FrameTextures& textures) {
  // Cleared to the window background: the app's full-screen window draws none of its own
  // (ImGuiWindowFlags_NoBackground), a clear costs llvmpipe next to nothing, a blended full-screen
  // rectangle a sixth of a frame.
  const ImVec4 background = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(background.x, background.y, background.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  const bool time_commands = print_draw_lists && std::getenv("PELAB_TIME_DRAW_COMMANDS") != nullptr;
  if (ImDrawData* data = ImGui::GetDrawData()) prepare_commands(data, textures);
  count_draw_data(ImGui::GetDrawData());
  const auto submitting = std::chrono::steady_clock::now();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  const auto submitted = std::chrono::steady_clock::now();
  frame_stats.submit_ms = milliseconds_between(submitting, submitted);
  if (split_frame_timing) {
    glFinish();
    frame_stats.raster_ms = milliseconds_between(submitted, std::chrono::steady_clock::now());
  }
  if (time_commands) print_draw_command_times(ImGui::GetDrawData());
}

}  // namespace pelab::gfx
