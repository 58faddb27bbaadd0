#pragma once
// Export from a view's cell: the "Export" menu in its title row writes the view alone as a PNG
// (1x, 2x, 4x, re-rendered off screen by run::export_view_png between frames) and the exact numbers
// behind it (double precision, not the float texture) as .npy (float64) or .csv (%.17g).
//
// Each view type defines its data once, as its row's export_data function (ViewType::export_data, in
// the view's file):
// named 1-D or 2-D double arrays with what each axis means. A view with several arrays (the
// similarity matrix and its row, T(k) in both conventions and the residual, ...) writes one file per
// array, and every array file has a JSON sidecar of the same name + ".json" (view, configuration,
// shape, axes, column names, sampling). Files are named
//   <view>[-<A..D>]-<array>[-stride<s>|-full].<npy|csv>   and   <same>.<npy|csv>.json
// where A..D names the configuration when several are compared, "-stride<s>" says the array holds
// every s-th row of the view's N (the view shows a sample) and "-full" that it is the complete data
// recomputed by core for the export (offered for a sampled view while it fits export_full_cap_bytes).
// Every file is written atomically (a temporary file renamed); when one fails, the files this export
// created are removed again and the error is returned.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <imgui.h>

#include "context/app_context.hpp"
#include "state/across_data.hpp"
#include "state/view_data.hpp"

namespace pelab::app::ui {

struct ViewType;

struct ExportArray {
  std::string name;                  // part of the file name: "table", "row", "T-column"
  std::string description;           // one line: what the values are
  std::vector<std::int64_t> shape;   // {n} or {rows, cols}, C order
  std::vector<double> values;        // shape's product of values
  std::vector<std::string> axes;     // one per dimension: what its index is
  std::vector<std::string> columns;  // 2-D tables of named columns: one name per column (else empty)
  Sampling rows;                     // over the view's positions: stride > 1 = a strided sample
  bool full = false;                 // the complete data, recomputed for the export
};

// What a view's export function reads, never the whole app: the configurations, each one's newest
// data, the across worker's newest numbers and what it would be asked for with the state now (every
// across item: the export checks that the numbers it writes are for the settings shown), and the
// views' settings.
struct ExportContext {
  std::span<const Slot> slots;
  std::vector<std::shared_ptr<const ViewData>> data;  // each slot's newest (nullptr before its first)
  std::shared_ptr<const AcrossData> across;           // the across worker's newest (nullptr before its first)
  AcrossRequest across_now;
  const ViewSettings& settings;
};
// The slice for the app as it is now.
ExportContext export_context(const AppContext& app);

// The view's arrays as shown (sampled as the view samples), or recomputed in full where the view
// shows a sample.
enum class ExportDetail { shown, full };
enum class DataFormat { npy, csv };

// A full export larger than this (as float64) is refused with a message: the sample is what fits.
inline constexpr std::uint64_t export_full_cap_bytes = std::uint64_t{256} << 20;
// And a full similarity that needs more multiply-adds than this (it is computed on the UI thread).
inline constexpr double export_full_flop_cap = 2e10;

struct DataExport {
  std::vector<std::filesystem::path> written;  // data files and sidecars, in order
  std::string error;                           // set when nothing was written
  bool refused = false;  // with error: the view has no data to export in this state (nothing was tried)
};

// Writes every array of `view` (every configuration for a per-configuration view) into `dir`
// (created if missing). What the menu calls.
DataExport export_view_data(const AppContext& app, const ViewType& view, DataFormat format,
                            const std::filesystem::path& dir, ExportDetail detail);
// True when some array of the view shows a strided sample (the menu then offers the full data).
bool view_shows_sample(const AppContext& app, const ViewType& view);
// The bytes of one array as written (npy: numpy.save's bytes; csv: one line per row, %.17g).
std::string encode_export_array(const ExportArray& array, DataFormat format);

// What the menu's data items do: export_view_data into app.export_dir, reported as a notice, each
// written file delivered (ui/platform_files.hpp: a download in the browser).
void export_view_data_from_menu(AppContext& app, const ViewType& view, DataFormat format,
                                ExportDetail detail);
// What the menu's PNG items do: ask for the view's picture at `scale` × `cell_size` (ImGui units),
// rendered between frames (run::process_png_exports) into app.export_dir.
void request_view_png(AppContext& app, const ViewType& view, ImVec2 cell_size, int scale);

// The "Export" button and its menu, drawn by layout.cpp in a cell's title row just left of the
// maximise button (inside the cell's child window: its size is the PNG's size at 1x).
void draw_view_export_menu(AppContext& app, const ViewType& view);

}  // namespace pelab::app::ui
