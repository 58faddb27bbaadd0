// The Export menu of a view's cell and the data each view exports (see view_data_export.hpp).
#include "ui/view_data_export.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <numeric>
#include <stdexcept>
#include <system_error>

#include "pelab/encodings.hpp"
#include "pelab/io/atomic_file.hpp"
#include "pelab/io/csv.hpp"
#include "pelab/io/npy.hpp"
#include "pelab/similarity.hpp"
#include "state/i18n.hpp"
#include "state/relative_data.hpp"
#include "ui/app_ui.hpp"
#include "ui/panels.hpp"
#include "ui/platform_files.hpp"
#include "ui/view_export_arrays.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {
namespace {

using namespace export_arrays;

std::string file_stem(const ViewType& view, std::size_t slot, bool per_config_name, const ExportArray& a) {
  std::string stem(view.id);
  if (per_config_name) stem += std::string("-") + config_letter(slot);
  stem += "-" + a.name;
  if (a.full) {
    stem += "-full";
  } else if (a.rows.stride > 1) {
    stem += "-stride" + std::to_string(a.rows.stride);
  }
  return stem;
}

std::string sidecar_json(std::span<const Slot> slots, const ViewType& view, std::size_t slot,
                         const ExportArray& a, DataFormat format, const std::string& file_name) {
  nlohmann::ordered_json j;
  j["file"] = file_name;
  j["view"] = std::string(view.id);
  if (view.scope == ViewScope::per_config && slot < slots.size()) {
    j["configuration"] = std::string(1, config_letter(slot));
    j["label"] = display_label(slots[slot].config);
  }
  j["array"] = a.name;
  j["description"] = a.description;
  j["format"] = format == DataFormat::npy ? "npy float64, C order, little-endian"
                                          : "csv, one line per row, no header, %.17g";
  j["shape"] = a.shape;
  j["axes"] = a.axes;
  if (!a.columns.empty()) j["columns"] = a.columns;
  j["sampled"] = a.rows.stride > 1;
  j["full"] = a.full;
  if (a.rows.total > 0) {
    j["rows_total"] = a.rows.total;  // of the view's positions
    j["row_stride"] = a.rows.stride;
    j["rows_written"] = a.rows.shown;
  }
  return j.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace

std::string encode_export_array(const ExportArray& array, DataFormat format) {
  if (format == DataFormat::npy) return npy_encode(std::span<const double>(array.values), array.shape);
  const std::int64_t cols = array.shape.size() == 2 ? array.shape[1] : 1;
  const std::int64_t rows = array.shape.empty() ? 0 : array.shape[0];
  const Matrix m = Eigen::Map<const Matrix>(array.values.data(), rows, cols);
  return csv_encode(m);
}

// ---- writing ------------------------------------------------------------------------------------

ExportContext export_context(const AppContext& app) {
  std::vector<std::shared_ptr<const ViewData>> data(app.state.slots.size());
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = latest_data(app, i);
  return ExportContext{app.state.slots, std::move(data), app.across ? app.across->latest() : nullptr,
                       across_request_for(app, across_items), app.state.views};
}

bool view_shows_sample(const AppContext& app, const ViewType& view) {
  if (view.scope != ViewScope::per_config) return false;
  for (std::size_t i = 0; i < app.state.slots.size(); ++i) {
    const std::shared_ptr<const ViewData> data = latest_data(app, i);
    if (!data) continue;
    if ((view.needs & item_similarity) && data->similarity && data->similarity->rows.stride > 1) return true;
    if ((view.needs & item_curves) && data->curves && data->curves->sampling.stride > 1) return true;
    if (view.id == "heatmap" && data->table && data->table->rows.stride > 1) return true;
  }
  return false;
}

DataExport export_view_data(const AppContext& app, const ViewType& view, DataFormat format,
                            const std::filesystem::path& dir, ExportDetail detail) {
  DataExport result;
  if (!view.export_data) {
    result.error = tr("export.no_data");
    result.refused = true;
    return result;
  }
  // Everything is computed and encoded first: a failure there writes nothing.
  struct File {
    std::filesystem::path path;
    std::string bytes;
  };
  std::vector<File> files;
  const std::string ext = format == DataFormat::npy ? ".npy" : ".csv";
  try {
    const ExportContext sources = export_context(app);
    const bool per_config = view.scope == ViewScope::per_config;
    const std::size_t slots = per_config ? sources.slots.size() : 1;
    for (std::size_t slot = 0; slot < slots; ++slot) {
      for (const ExportArray& a : view.export_data(sources, slot, detail)) {
        const std::string name = file_stem(view, slot, per_config && sources.slots.size() > 1, a) + ext;
        files.push_back({dir / name, encode_export_array(a, format)});
        files.push_back({dir / (name + ".json"), sidecar_json(sources.slots, view, slot, a, format, name)});
      }
    }
  } catch (const std::exception& e) {
    result.error = error_message(e);
    result.refused = true;
    return result;
  }
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    result.error = trf("export.cannot_create", {dir.string(), ec.message()});
    return result;
  }
  std::vector<std::filesystem::path> created;
  for (const File& file : files) {
    const bool existed = std::filesystem::exists(file.path, ec);
    try {
      write_file_atomic(file.path, file.bytes);
    } catch (const std::exception& e) {
      for (const auto& path : created) std::filesystem::remove(path, ec);
      result.written.clear();
      result.error = error_message(e);
      return result;
    }
    if (!existed) created.push_back(file.path);
    result.written.push_back(std::filesystem::absolute(file.path, ec));
  }
  return result;
}

// ---- the menu -----------------------------------------------------------------------------------

namespace {

std::string written_text(const DataExport& done) {
  std::string files;
  for (const auto& path : done.written) {
    if (path.extension() == ".json") continue;
    files += (files.empty() ? "" : ", ") + path.filename().string();
  }
  // In the browser the folder is the page's memory, which the user never sees: the files are downloads.
  if (!exports_go_to_a_folder())
    return trf("export.downloaded_data", {std::to_string(done.written.size()), files});
  const std::string dir = done.written.empty() ? std::string() : done.written.front().parent_path().string();
  return trf("export.wrote_data", {std::to_string(done.written.size()), dir, files});
}

}  // namespace

void export_view_data_from_menu(AppContext& app, const ViewType& view, DataFormat format,
                                ExportDetail detail) {
  const DataExport done = export_view_data(app, view, format, app.export_dir, detail);
  if (done.error.empty()) {
    add_notice(app, written_text(done), false);
    for (const std::filesystem::path& path : done.written) deliver_file(path);
  } else {
    add_notice(app, trf("export.failed", {done.error}), true);
  }
}

void request_view_png(AppContext& app, const ViewType& view, ImVec2 cell_size, int scale) {
  const std::string name = std::string(view.id) + "-" + std::to_string(scale) + "x.png";
  app.requests.view_pngs.push_back(
      ViewPngExport{std::string(view.id), cell_size, scale, std::filesystem::path(app.export_dir) / name});
}

namespace {

// The "Animate…" dialog: the animation's fields, then, while the video is made between frames
// (run/video_export.hpp), its progress and a cancel button.
void draw_video_dialog(AppContext& app) {
  VideoDialog& dialog = app.video_dialog;
  const std::string title = std::string(tr("video.title")) + "###animate";
  if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  const float field = 18.0f * ImGui::GetFontSize();
  if (app.video_job) {
    const int done = app.video_job->frames_done(), total = std::max(1, app.video_job->frames_total());
    const std::string progress = trf("video.progress", {std::to_string(done), std::to_string(total)});
    ImGui::ProgressBar(static_cast<float>(done) / static_cast<float>(total), ImVec2(field, 0.0f),
                       progress.c_str());
    if (ImGui::Button(tr("video.cancel"))) app.requests.cancel_video = true;
  } else {
    ImGui::TextUnformatted(tr("video.parameter"));
    ImGui::SetNextItemWidth(field);
    ImGui::InputText("##animate", &dialog.animate);
    ImGui::SetNextItemWidth(field / 2.0f);
    ImGui::InputFloat(tr("video.seconds"), &dialog.seconds, 0.0f, 0.0f, "%.2f");
    ImGui::SetNextItemWidth(field / 2.0f);
    ImGui::InputInt(tr("video.fps"), &dialog.fps, 0, 0);
    ImGui::SetNextItemWidth(field / 2.0f);
    ImGui::InputInt2(tr("video.size"), dialog.size);
    ImGui::TextUnformatted(tr("export.folder"));
    ImGui::SetNextItemWidth(field);
    ImGui::InputText("##video_dir", &app.export_dir);
    ImGui::TextUnformatted(tr("video.file"));
    ImGui::SetNextItemWidth(field);
    ImGui::InputText("##video_file", &dialog.file);
    if (!dialog.problem.empty()) {
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + field);
      ImGui::TextColored(ImVec4(0.95f, 0.35f, 0.3f, 1.0f), "%s", dialog.problem.c_str());
      ImGui::PopTextWrapPos();
    }
    if (ImGui::Button(tr("video.export"))) {
      dialog.problem.clear();
      dialog.used = true;
      app.requests.view_video = ViewVideoExport{dialog.view_id,
                                                dialog.animate,
                                                dialog.seconds,
                                                dialog.fps,
                                                dialog.size[0],
                                                dialog.size[1],
                                                std::filesystem::path(app.export_dir) / dialog.file};
    }
    ImGui::SameLine();
    if (ImGui::Button(tr("video.close"))) ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

}  // namespace

void draw_view_export_menu(AppContext& app, const ViewType& view) {
  const float frame = ImGui::GetFrameHeight();
  const ImVec2 cell = ImGui::GetWindowSize();
  const ImGuiStyle& style = ImGui::GetStyle();
  // The title (the last item) keeps its room: in a narrow cell the button is an arrow only.
  const float title_end = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x;
  const char* label = tr("export.button");
  float width = ImGui::CalcTextSize(label).x + 2.0f * style.FramePadding.x;
  const float right = ImGui::GetContentRegionMax().x - frame - style.ItemSpacing.x;
  if (right - width < title_end + style.ItemSpacing.x) {
    label = tr("export.button.short");
    width = std::max(frame, ImGui::CalcTextSize(label).x + 2.0f * style.FramePadding.x);
  }
  ImGui::SameLine(right - width);
  ImGui::PushID(view.id.data(), view.id.data() + view.id.size());
  if (ImGui::Button(label, ImVec2(width, 0.0f))) ImGui::OpenPopup("export");
  if (!app.capture_mode) item_tooltip(tr("export.button.tip"));
  if (ImGui::BeginPopup("export")) {
    if (exports_go_to_a_folder()) {
      ImGui::TextUnformatted(tr("export.folder"));
      ImGui::SetNextItemWidth(18.0f * ImGui::GetFontSize());
      ImGui::InputText("##dir", &app.export_dir);
      ImGui::Separator();
    }
    for (const int scale : {1, 2, 4}) {
      char size[64];
      std::snprintf(size, sizeof size, "%d × %d", static_cast<int>(cell.x) * scale,
                    static_cast<int>(cell.y) * scale);
      const std::string item = trf("export.png", {std::to_string(scale), size});
      if (ImGui::MenuItem(item.c_str())) {
        request_view_png(app, view, cell, scale);
      }
    }
    if (app.videos_available && ImGui::MenuItem(tr("export.animate"))) {
      app.video_dialog.open_requested = true;
      app.video_dialog.view_id = std::string(view.id);
    }
    ImGui::Separator();
    if (!view.export_data) {
      ImGui::TextDisabled("%s", tr("export.no_data"));
    } else {
      if (ImGui::MenuItem(tr("export.npy")))
        export_view_data_from_menu(app, view, DataFormat::npy, ExportDetail::shown);
      if (ImGui::MenuItem(tr("export.csv")))
        export_view_data_from_menu(app, view, DataFormat::csv, ExportDetail::shown);
      if (view_shows_sample(app, view)) {
        ImGui::TextDisabled("%s", tr("export.sampled_note"));
        if (ImGui::MenuItem(tr("export.full_npy")))
          export_view_data_from_menu(app, view, DataFormat::npy, ExportDetail::full);
        if (ImGui::MenuItem(tr("export.full_csv")))
          export_view_data_from_menu(app, view, DataFormat::csv, ExportDetail::full);
      }
    }
    ImGui::EndPopup();
  }
  // Opened here, outside the menu's popup, so that the dialog outlives the menu.
  if (app.video_dialog.view_id == view.id) {
    if (app.video_dialog.open_requested) {
      app.video_dialog.open_requested = false;
      app.video_dialog.problem.clear();
      ImGui::OpenPopup("###animate");
    }
    draw_video_dialog(app);
  }
  ImGui::PopID();
}

}  // namespace pelab::app::ui
