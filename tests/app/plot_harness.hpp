#pragma once
// Dear ImGui and the plot layer without a renderer, for the headless plot tests (test_plot_api,
// test_curves_dense): each frame draws `body` in one full-screen window and renders, so the draw lists
// can be read back. The mouse is where the test puts it (off screen by default).
#include <imgui.h>

#include <cfloat>
#include <functional>

#include "plot/plot.hpp"

namespace pelab::test {

struct PlotHarness {
  PlotHarness() {
    ImGui::CreateContext();
    pelab::plot::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.Fonts->AddFontDefault();
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(1));
    io.DisplaySize = ImVec2(1200, 800);
    io.DeltaTime = 1.0f / 60;
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
  }
  ~PlotHarness() {
    pelab::plot::DestroyContext();
    ImGui::DestroyContext();
  }
  PlotHarness(const PlotHarness&) = delete;
  PlotHarness& operator=(const PlotHarness&) = delete;

  ImVec2 mouse{-FLT_MAX, -FLT_MAX};
  bool down[2] = {false, false};
  float wheel = 0;

  void frame(const std::function<void()>& body) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = mouse;
    io.MouseDown[0] = down[0];
    io.MouseDown[1] = down[1];
    io.MouseWheel = wheel;
    wheel = 0;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("w", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings);
    body();
    ImGui::End();
    ImGui::Render();
  }
};

}  // namespace pelab::test
