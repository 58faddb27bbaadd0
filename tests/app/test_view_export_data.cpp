// The Export menu's data files (ui::export_view_data, the function the menu calls): the numbers
// equal core's computation bit for bit, a strided view says so in the file name and its sidecar and
// offers the full data, several configurations get one file each, and a failed write leaves nothing.
// The menu's PNG items go through process_png_exports (between frames, EGL off screen).
#include <unistd.h>

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <numbers>
#include <thread>

#include "gfx/offscreen_frame.hpp"
#include "gui_support.hpp"
#include "pelab/encodings.hpp"
#include "pelab/io/atomic_file.hpp"
#include "pelab/io/csv.hpp"
#include "pelab/io/npy.hpp"
#include "pelab/io/png.hpp"
#include "pelab/similarity.hpp"
#include "run/video_export.hpp"
#include "run/view_export.hpp"
#include "ui/app_ui.hpp"
#include "ui/view_data_export.hpp"
#include "ui/view_registry.hpp"

using namespace pelab;
using namespace pelab::app;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() /
           ("pelab_export_" + std::to_string(::getpid()) + "_" +
            std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path, ec);
  }
  std::vector<std::string> listing() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(path)) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }
};

// An app with these configurations and every view visible, its workers settled (no GL needed).
void settle(ui::AppContext& app) {
  app.state.layout.views.clear();
  for (const ui::ViewType& view : ui::view_registry()) app.state.layout.views.emplace_back(view.id);
  // Requests as every frame makes them: the difference's come from the configurations' newest data.
  for (int i = 0; i < 3000; ++i) {
    ui::sync_runtimes(app);
    if (ui::all_settled(app)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  REQUIRE(ui::all_settled(app));
}

EncodingParams params(EncodingKind kind, std::int64_t n, std::int64_t d) {
  EncodingParams e;
  e.kind = kind;
  e.positions = n;
  e.dims = d;
  return e;
}

NpyArray read_array(const fs::path& path) {
  REQUIRE(fs::exists(path));
  return read_npy(path);
}

Matrix as_matrix(const NpyArray& a) {
  REQUIRE(a.shape.size() == 2);
  REQUIRE(a.dtype == NpyDtype::float64);
  return Eigen::Map<const Matrix>(a.data.data(), a.shape[0], a.shape[1]);
}

bool bit_equal(const Matrix& a, const Matrix& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         std::memcmp(a.data(), b.data(), static_cast<std::size_t>(a.size()) * sizeof(double)) == 0;
}

nlohmann::json sidecar(const fs::path& data_file) {
  return nlohmann::json::parse(read_file_bytes(data_file.string() + ".json"));
}

}  // namespace

using pelab::test::OffscreenApp;  // gui_support.hpp: the app drawn off screen at 1280x800 (EGL)

TEST_CASE("export: heatmap data is core's table bit for bit, as .npy and .csv", "[export]") {
  ui::AppContext app;
  app.state.slots[0].config.encoding = params(EncodingKind::sinusoidal, 64, 16);
  settle(app);
  const ui::ViewType* heatmap = ui::find_view("heatmap");
  REQUIRE(heatmap);
  REQUIRE(heatmap->export_data);
  TempDir dir;
  const ui::DataExport npy =
      ui::export_view_data(app, *heatmap, ui::DataFormat::npy, dir.path, ui::ExportDetail::shown);
  INFO(npy.error);
  REQUIRE(npy.error.empty());
  const Matrix core = encode(params(EncodingKind::sinusoidal, 64, 16));
  const fs::path file = dir.path / "heatmap-table.npy";
  CHECK(bit_equal(as_matrix(read_array(file)), core));
  CHECK(read_file_bytes(file) ==
        npy_encode(std::span<const double>(core.data(), 64 * 16), std::vector<std::int64_t>{64, 16}));
  const nlohmann::json meta = sidecar(file);
  CHECK(meta.at("sampled") == false);
  CHECK(meta.at("shape") == nlohmann::json::array({64, 16}));
  CHECK(meta.at("view") == "heatmap");
  // The notice names the absolute paths.
  REQUIRE(npy.written.size() == 2);
  CHECK(npy.written[0].is_absolute());

  const ui::DataExport csv =
      ui::export_view_data(app, *heatmap, ui::DataFormat::csv, dir.path, ui::ExportDetail::shown);
  REQUIRE(csv.error.empty());
  CHECK(read_file_bytes(dir.path / "heatmap-table.csv") == csv_encode(core));
  CHECK(dir.listing() == std::vector<std::string>{"heatmap-table.csv", "heatmap-table.csv.json",
                                                  "heatmap-table.npy", "heatmap-table.npy.json"});
}

TEST_CASE("export: similarity data equals core's similarity", "[export]") {
  ui::AppContext app;
  app.state.slots[0].config.encoding = params(EncodingKind::sinusoidal, 64, 16);
  Slot learned;
  learned.config.encoding = params(EncodingKind::learned, 40, 12);
  REQUIRE(add_slot(app.state, learned));
  app.state.display.metric = SimilarityMetric::cosine;
  settle(app);
  const ui::ViewType* similarity = ui::find_view("similarity");
  REQUIRE(similarity);
  TempDir dir;
  const ui::DataExport done =
      ui::export_view_data(app, *similarity, ui::DataFormat::npy, dir.path, ui::ExportDetail::shown);
  INFO(done.error);
  REQUIRE(done.error.empty());
  // One file per array and configuration: the matrix and the row, A and B.
  CHECK(dir.listing() == std::vector<std::string>{"similarity-A-row.npy", "similarity-A-row.npy.json",
                                                  "similarity-A-similarity.npy",
                                                  "similarity-A-similarity.npy.json", "similarity-B-row.npy",
                                                  "similarity-B-row.npy.json", "similarity-B-similarity.npy",
                                                  "similarity-B-similarity.npy.json"});
  // A: the sinusoid's closed form (the app's path), which equals the Gram matrix of the table.
  const Matrix a = as_matrix(read_array(dir.path / "similarity-A-similarity.npy"));
  CHECK(bit_equal(a, sinusoidal_similarity_closed_form(64, 16, 10000.0, 0, SimilarityMetric::cosine)));
  CHECK((a - similarity_matrix(encode(params(EncodingKind::sinusoidal, 64, 16)), SimilarityMetric::cosine))
            .cwiseAbs()
            .maxCoeff() < 1e-12);
  // B: the learned table's Gram matrix, exactly.
  const Matrix b = as_matrix(read_array(dir.path / "similarity-B-similarity.npy"));
  CHECK(bit_equal(
      b, similarity_matrix(encode(params(EncodingKind::learned, 40, 12)), SimilarityMetric::cosine)));
  // The row S[p, :] against q - p is row p of the matrix (computed by the app as dot products of
  // rows, so equal to the closed form to rounding, not bit for bit).
  const Matrix row = as_matrix(read_array(dir.path / "similarity-A-row.npy"));
  const std::int64_t p = clamped(app.state.slots[0].selection, app.state.slots[0].config.encoding).position;
  REQUIRE(row.rows() == 64);
  for (Eigen::Index q = 0; q < 64; ++q) {
    CHECK(row(q, 0) == static_cast<double>(q - p));
    CHECK(std::abs(row(q, 1) - a(p, q)) < 1e-12);
  }
  CHECK(sidecar(dir.path / "similarity-A-row.npy").at("columns") ==
        nlohmann::json::array({"q - p", "S[p, q]"}));
}

TEST_CASE("export: a strided view says so, and offers the full data", "[export]") {
  ui::AppContext app;
  const EncodingParams e = params(EncodingKind::sinusoidal, 5000, 8);
  app.state.slots[0].config.encoding = e;
  settle(app);
  const ui::ViewType* heatmap = ui::find_view("heatmap");
  CHECK(ui::view_shows_sample(app, *heatmap));
  CHECK_FALSE(ui::view_shows_sample(app, *ui::find_view("spectrum")));
  TempDir dir;
  REQUIRE(ui::export_view_data(app, *heatmap, ui::DataFormat::npy, dir.path, ui::ExportDetail::shown)
              .error.empty());
  const fs::path sampled = dir.path / "heatmap-table-stride3.npy";
  const nlohmann::json meta = sidecar(sampled);
  CHECK(meta.at("sampled") == true);
  CHECK(meta.at("full") == false);
  CHECK(meta.at("row_stride") == 3);
  CHECK(meta.at("rows_total") == 5000);
  CHECK(meta.at("rows_written") == 1667);
  const Matrix shown = as_matrix(read_array(sampled));
  REQUIRE(shown.rows() == 1667);
  std::vector<std::int64_t> positions, dims;
  for (std::int64_t r = 0; r < 1667; ++r) positions.push_back(3 * r);
  for (std::int64_t i = 0; i < 8; ++i) dims.push_back(i);
  CHECK(bit_equal(shown, encode_grid(e, positions, dims)));

  REQUIRE(ui::export_view_data(app, *heatmap, ui::DataFormat::npy, dir.path, ui::ExportDetail::full)
              .error.empty());
  const fs::path full = dir.path / "heatmap-table-full.npy";
  CHECK(bit_equal(as_matrix(read_array(full)), encode(e)));
  CHECK(sidecar(full).at("full") == true);
  CHECK(sidecar(full).at("sampled") == false);
}

TEST_CASE("export: a write that fails leaves no file and gives an error", "[export]") {
  ui::AppContext app;
  app.state.slots[0].config.encoding = params(EncodingKind::sinusoidal, 64, 16);
  settle(app);
  const ui::ViewType* view = ui::find_view("similarity");
  TempDir dir;
  // A "directory" below a regular file cannot be made (not even by root).
  write_file_atomic(dir.path / "plain", "x");
  const ui::DataExport below_file = ui::export_view_data(app, *view, ui::DataFormat::npy,
                                                         dir.path / "plain" / "sub", ui::ExportDetail::shown);
  CHECK_FALSE(below_file.error.empty());
  CHECK(below_file.written.empty());
  CHECK(dir.listing() == std::vector<std::string>{"plain"});
  // A read-only directory (permissions do not stop root, so only checked for other users).
  if (::geteuid() != 0) {
    const fs::path locked = dir.path / "locked";
    fs::create_directories(locked);
    fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec);
    const ui::DataExport refused =
        ui::export_view_data(app, *view, ui::DataFormat::csv, locked, ui::ExportDetail::shown);
    CHECK_FALSE(refused.error.empty());
    fs::permissions(locked, fs::perms::owner_all);
    CHECK(fs::is_empty(locked));
  }
}

TEST_CASE("export: every view with data exports without error", "[export]") {
  ui::AppContext app;
  app.state.slots[0].config.encoding = params(EncodingKind::sinusoidal, 128, 32);
  settle(app);
  TempDir dir;
  for (const ui::ViewType& view : ui::view_registry()) {
    if (!view.export_data) continue;
    if (static_cast<std::size_t>(view.min_configs) > app.state.slots.size()) {
      // difference compares two configurations: with one it says why, and writes nothing.
      const ui::DataExport refused =
          ui::export_view_data(app, view, ui::DataFormat::npy, dir.path, ui::ExportDetail::shown);
      INFO(view.id);
      CHECK_FALSE(refused.error.empty());
      CHECK(refused.written.empty());
      continue;
    }
    for (const ui::DataFormat format : {ui::DataFormat::npy, ui::DataFormat::csv}) {
      const ui::DataExport done = ui::export_view_data(app, view, format, dir.path, ui::ExportDetail::shown);
      INFO(view.id << ": " << done.error);
      CHECK(done.error.empty());
      CHECK(done.written.size() >= 2);
      for (const fs::path& path : done.written) CHECK(fs::file_size(path) > 0);
    }
  }
  // A view without an export function says so instead of writing.
  for (const ui::ViewType& view : ui::view_registry()) {
    if (view.export_data) continue;
    const ui::DataExport done =
        ui::export_view_data(app, view, ui::DataFormat::npy, dir.path, ui::ExportDetail::shown);
    CHECK_FALSE(done.error.empty());
  }
  // The bias view at its defaults (ALiBi, 8 heads, 16 positions, T5's max distance 128): every array
  // it shows, each of its shape, and the heads' biases are -m_h |i - j| with m_h = 2^-(h+1).
  const ui::ViewType* bias = ui::find_view("bias");
  REQUIRE(bias);
  TempDir bias_dir;
  const ui::DataExport done =
      ui::export_view_data(app, *bias, ui::DataFormat::npy, bias_dir.path, ui::ExportDetail::shown);
  REQUIRE(done.error.empty());
  std::vector<std::string> expected = {"bias-alibi-slopes.npy", "bias-distance.npy"};
  for (int h = 0; h < 8; ++h) expected.push_back("bias-head" + std::to_string(h) + ".npy");
  expected.push_back("bias-t5-table.npy");  // the seeded table is computed for every method
  std::vector<std::string> data_files;
  for (const std::string& name : bias_dir.listing())
    if (!name.ends_with(".json")) data_files.push_back(name);
  std::sort(expected.begin(), expected.end());
  CHECK(data_files == expected);
  const Matrix slopes = as_matrix(read_array(bias_dir.path / "bias-alibi-slopes.npy"));
  REQUIRE(slopes.rows() == 8);
  for (int h = 0; h < 8; ++h) {
    const double m = std::ldexp(1.0, -(h + 1));
    CHECK(slopes(h, 0) == m);
    const Matrix head = as_matrix(read_array(bias_dir.path / ("bias-head" + std::to_string(h) + ".npy")));
    REQUIRE(head.rows() == 16);
    REQUIRE(head.cols() == 16);
    for (Eigen::Index i = 0; i < 16; ++i)
      for (Eigen::Index j = 0; j < 16; ++j) CHECK(head(i, j) == -m * static_cast<double>(std::abs(i - j)));
  }
  // r = -256 .. 256 (twice T5's max distance) and one column per ALiBi head, T5, RoPE and the sinusoid.
  const Matrix distance = as_matrix(read_array(bias_dir.path / "bias-distance.npy"));
  CHECK(distance.rows() == 513);
  CHECK(distance.cols() == 1 + 8 + 3);
}

TEST_CASE("export: the bias view's distance columns are each method's closed form", "[export][bias]") {
  // The selected configuration is a sinusoid with D = 32, base 100: its similarity joins the distance
  // plot. The rope view's RoPE has D = 24, base 500. Every one of the four numbers differs from the
  // others, so inputs passed in a wrong order cannot give these columns.
  ui::AppContext app;
  EncodingParams sinusoid = params(EncodingKind::sinusoidal, 64, 32);
  sinusoid.base = 100.0;
  app.state.slots[0].config.encoding = sinusoid;
  app.state.views.rope.dims = 24;
  app.state.views.rope.base = 500.0;
  BiasViewSettings& bias = app.state.views.bias;
  bias.method = BiasMethod::alibi;
  bias.heads = 4;
  bias.positions = 12;
  bias.t5_max_distance = 40;  // r = -80 .. 80
  settle(app);
  const ui::ViewType* view = ui::find_view("bias");
  REQUIRE(view);
  TempDir dir;
  const ui::DataExport done =
      ui::export_view_data(app, *view, ui::DataFormat::npy, dir.path, ui::ExportDetail::shown);
  INFO(done.error);
  REQUIRE(done.error.empty());
  const fs::path file = dir.path / "bias-distance.npy";
  const Matrix distance = as_matrix(read_array(file));
  const nlohmann::json columns = sidecar(file).at("columns");
  REQUIRE(columns ==
          nlohmann::json::array({"r", "alibi head 0", "alibi head 1", "alibi head 2", "alibi head 3",
                                 "t5 head 0", "rope all-ones score", "sinusoid dot similarity"}));
  constexpr std::int64_t range = 80;
  REQUIRE(distance.rows() == 2 * range + 1);
  const Eigen::Index rope_col = 6, sinusoid_col = 7;
  for (std::int64_t row = 0; row < distance.rows(); ++row) {
    const auto r = static_cast<double>(row - range);
    INFO("r = " << r);
    REQUIRE(distance(row, 0) == r);
    // ALiBi with H = 4 (a power of two): m_h = 2^(-8 (h + 1) / H), the bias -m_h |r|.
    for (int h = 0; h < 4; ++h) {
      const double m = std::pow(2.0, -8.0 * (h + 1) / 4.0);
      CHECK(std::abs(distance(row, 1 + h) - (-m * std::abs(r))) <= 1e-12 * (1.0 + std::abs(r)));
    }
    // RoPE, all-ones q and k: 2 sum_{i < D/2} cos(r theta_i), theta_i = base^(-2i/D), D = 24, base 500.
    double rope = 0.0;
    for (int i = 0; i < 12; ++i) rope += 2.0 * std::cos(r * std::pow(500.0, -2.0 * i / 24.0));
    CHECK(std::abs(distance(row, rope_col) - rope) < 1e-10);
    // The sinusoid's dot similarity P_p . P_{p+r} = sum_{k < D/2} cos(w_k r), w_k = base^(-2k/D),
    // D = 32, base 100.
    double similarity = 0.0;
    for (int k = 0; k < 16; ++k) similarity += std::cos(r * std::pow(100.0, -2.0 * k / 32.0));
    CHECK(std::abs(distance(row, sinusoid_col) - similarity) < 1e-10);
  }
  // At r = 0 every cosine is 1: the RoPE score is its D = 24, the sinusoid's similarity its D/2 = 16.
  CHECK(distance(range, rope_col) == 24.0);
  CHECK(distance(range, sinusoid_col) == 16.0);
}

// ---- every view's arrays against values derived here (never through the code under test) ------------

namespace {

// The sinusoid by hand: P[p, 2k] = sin(p w_k), P[p, 2k + 1] = cos(p w_k), w_k = base^(-2k/D).
double sinusoid(std::int64_t p, std::int64_t i, std::int64_t dims, double base) {
  const double w = std::pow(base, -2.0 * static_cast<double>(i / 2) / static_cast<double>(dims));
  return i % 2 == 0 ? std::sin(static_cast<double>(p) * w) : std::cos(static_cast<double>(p) * w);
}

// One view's arrays written in process, as the Export menu writes them.
struct Exported {
  TempDir dir;
  std::string view;
  // The array `name` of the view (<view>-<name>.npy) and its sidecar's column names.
  Matrix array(const std::string& name) const { return as_matrix(read_array(file(name))); }
  fs::path file(const std::string& name) const { return dir.path / (view + "-" + name + ".npy"); }
  // Column `column` of array `name`, found by its name in the sidecar.
  Vector column(const std::string& name, const std::string& column) const {
    const nlohmann::json columns = sidecar(file(name)).at("columns");
    for (std::size_t c = 0; c < columns.size(); ++c)
      if (columns[c] == column) return array(name).col(static_cast<Eigen::Index>(c));
    FAIL("no column '" << column << "' in " << name << ": " << columns.dump());
    return {};
  }
};

void export_view(const ui::AppContext& app, Exported& out, const std::string& view_id) {
  const ui::ViewType* view = ui::find_view(view_id);
  REQUIRE(view);
  out.view = view_id;
  const ui::DataExport done =
      ui::export_view_data(app, *view, ui::DataFormat::npy, out.dir.path, ui::ExportDetail::shown);
  INFO(done.error);
  REQUIRE(done.error.empty());
}

}  // namespace

TEST_CASE("export: curves are the sinusoid's columns by hand", "[export][derived]") {
  ui::AppContext app;
  EncodingParams e = params(EncodingKind::sinusoidal, 40, 8);
  e.base = 100.0;
  e.start = 5;
  app.state.slots[0].config.encoding = e;
  app.state.slots[0].selection.dimension = 3;
  app.state.display.neighbour_curves = 2;  // columns 1 .. 5
  settle(app);
  Exported out;
  export_view(app, out, "curves");
  const nlohmann::json columns = sidecar(out.file("curves")).at("columns");
  CHECK(columns == nlohmann::json::array({"p", "P[p, 1]", "P[p, 2]", "P[p, 3]", "P[p, 4]", "P[p, 5]"}));
  const Matrix curves = out.array("curves");
  REQUIRE(curves.rows() == 40);
  for (Eigen::Index r = 0; r < 40; ++r) {
    const std::int64_t p = 5 + r;
    CHECK(curves(r, 0) == static_cast<double>(p));
    for (Eigen::Index c = 1; c < 6; ++c) CHECK(std::abs(curves(r, c) - sinusoid(p, c, 8, 100.0)) < 1e-13);
  }
}

TEST_CASE("export: spectrum periods are 2 pi / w_k, and a bit's 2^(i+1)", "[export][derived]") {
  ui::AppContext app;
  EncodingParams e = params(EncodingKind::sinusoidal, 64, 10);
  e.base = 100.0;
  app.state.slots[0].config.encoding = e;
  Slot binary;
  binary.config.encoding = params(EncodingKind::binary, 64, 6);
  REQUIRE(add_slot(app.state, binary));
  settle(app);
  // A: D = 10, five bands, band b on columns 2b and 2b + 1, period 2 pi 100^(2b/10).
  Exported a;
  export_view(app, a, "spectrum");
  const Matrix sinusoid_periods = a.array("A-periods");
  REQUIRE(sinusoid_periods.rows() == 5);
  for (Eigen::Index b = 0; b < 5; ++b) {
    CHECK(a.column("A-periods", "band")(b) == static_cast<double>(b));
    CHECK(a.column("A-periods", "first column")(b) == static_cast<double>(2 * b));
    const double period = 2.0 * std::numbers::pi * std::pow(100.0, 2.0 * static_cast<double>(b) / 10.0);
    CHECK(std::abs(a.column("A-periods", "period")(b) - period) < 1e-12 * period);
  }
  // B: bit i of p repeats every 2^(i+1) positions.
  const Vector bits = a.column("B-periods", "period");
  REQUIRE(bits.size() == 6);
  for (Eigen::Index i = 0; i < 6; ++i) CHECK(bits(i) == std::ldexp(1.0, static_cast<int>(i) + 1));
}

TEST_CASE("export: rotation's T(k) maps the hand-made rows P_p to P_{p+k}", "[export][derived]") {
  ui::AppContext app;
  EncodingParams e = params(EncodingKind::sinusoidal, 64, 12);
  e.base = 100.0;
  app.state.slots[0].config.encoding = e;
  app.state.slots[0].selection.offset = 5;
  app.state.slots[0].selection.dimension = 4;
  settle(app);
  Exported out;
  export_view(app, out, "rotation");
  const Vector window = out.column("window", "column");
  REQUIRE(window.size() >= 2);
  const auto w = static_cast<Eigen::Index>(window.size());
  const Matrix t_row = out.array("T-row"), t_column = out.array("T-column");
  REQUIRE(t_row.rows() == w);
  REQUIRE(t_row.cols() == w);
  REQUIRE(t_column.rows() == w);
  constexpr std::int64_t k = 5;
  for (std::int64_t p = 0; p + k < 64; ++p) {
    Eigen::RowVectorXd now(w), later(w);
    for (Eigen::Index c = 0; c < w; ++c) {
      const auto column = static_cast<std::int64_t>(window(c));
      now(c) = sinusoid(p, column, 12, 100.0);
      later(c) = sinusoid(p + k, column, 12, 100.0);
    }
    INFO("p = " << p);
    CHECK((now * t_row - later).cwiseAbs().maxCoeff() < 1e-12);  // P_{p+k} = P_p T(k)
    CHECK((t_column * now.transpose() - later.transpose()).cwiseAbs().maxCoeff() < 1e-12);  // = T(k) P_p
  }
  // Each pair's block in the column convention: [[cos kw, sin kw], [-sin kw, cos kw]] on (sin, cos).
  for (Eigen::Index c = 0; c + 1 < w; ++c) {
    const auto column = static_cast<std::int64_t>(window(c));
    if (column % 2 != 0 || static_cast<std::int64_t>(window(c + 1)) != column + 1) continue;
    const double angle = k * std::pow(100.0, -2.0 * static_cast<double>(column / 2) / 12.0);
    CHECK(std::abs(t_column(c, c) - std::cos(angle)) < 1e-13);
    CHECK(std::abs(t_column(c, c + 1) - std::sin(angle)) < 1e-13);
    CHECK(std::abs(t_column(c + 1, c) + std::sin(angle)) < 1e-13);
  }
  // The residual of the exact map is rounding only, at every position it was measured.
  const Vector residual = out.column("residual", "residual");
  REQUIRE(residual.size() > 0);
  CHECK(residual.maxCoeff() < 1e-12);
}

TEST_CASE("export: scorecard measures of integer and normalized N = 3 and integer N = 1 by hand",
          "[export][derived]") {
  ui::AppContext app;
  app.state.slots[0].config.encoding = params(EncodingKind::integer, 3, 2);  // rows (0,0), (1,1), (2,2)
  Slot normalized, single;
  normalized.config.encoding = params(EncodingKind::normalized, 3, 2);  // rows p/2: 0, 0.5, 1
  single.config.encoding = params(EncodingKind::integer, 1, 2);         // one row (0, 0)
  REQUIRE(add_slot(app.state, normalized));
  REQUIRE(add_slot(app.state, single));
  settle(app);
  Exported out;
  export_view(app, out, "scorecard");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double root2 = std::sqrt(2.0);
  CHECK(out.column("scores", "requirement") == (Vector(5) << 1, 2, 3, 4, 5).finished());
  CHECK(out.column("scores", "threshold") == (Vector(5) << 1e-9, 1.0, 0.1, 0.01, 1e-6).finished());
  struct Expected {
    const char* letter;
    std::array<double, 5> value, pass;
  };
  const Expected expected[] = {
      // integer: the same rows at 2N (0), values up to 2, slope of max_i |P[p, i]| = p is 1, every step
      // sqrt 2 long (variation 0), nearest rows sqrt 2 apart.
      {"A", {0.0, 2.0, 1.0, 0.0, root2}, {1, 0, 0, 1, 1}},
      // normalized: p/2 against p/5 at 2N differs most at p = 2 (1 - 0.4), values up to 1, slope 1/2,
      // equal steps, nearest rows sqrt 2 / 2 apart.
      {"B", {0.6, 1.0, 0.5, 0.0, root2 / 2.0}, {0, 1, 0, 1, 1}},
      // One position: a slope needs 2, a step variation 3, a pair 2: not measurable (NaN).
      {"C", {0.0, 0.0, nan, nan, nan}, {1, 1, nan, nan, nan}},
  };
  for (const Expected& x : expected) {
    const Vector value = out.column("scores", std::string("value ") + x.letter);
    const Vector pass = out.column("scores", std::string("pass ") + x.letter);
    for (Eigen::Index r = 0; r < 5; ++r) {
      INFO(x.letter << " requirement " << r + 1);
      const auto at = static_cast<std::size_t>(r);
      if (std::isnan(x.value[at])) {
        CHECK(std::isnan(value(r)));
        CHECK(std::isnan(pass(r)));
      } else {
        CHECK(std::abs(value(r) - x.value[at]) < 1e-15);
        CHECK(pass(r) == x.pass[at]);
      }
    }
  }
}

TEST_CASE("export: rope's pairs rotate by p theta_i, theta_i = base^(-2i/D), scaled by hand",
          "[export][derived]") {
  ui::AppContext app;
  RopeViewSettings& rope = app.state.views.rope;
  rope.dims = 16;
  rope.base = 500.0;
  rope.context = 64;
  rope.position = 100;
  rope.scaling_a = scaling_with_factor(RopeScalingType::linear, 4.0);
  rope.scaling_b = scaling_with_factor(RopeScalingType::linear, 2.0);
  rope.compare = true;
  settle(app);
  Exported out;
  export_view(app, out, "rope");
  REQUIRE(out.array("pairs").rows() == 8);
  for (Eigen::Index i = 0; i < 8; ++i) {
    INFO("pair " << i);
    const double theta = std::pow(500.0, -2.0 * static_cast<double>(i) / 16.0);
    const double wavelength = 2.0 * std::numbers::pi / theta;
    auto near = [](double got, double want) {
      return std::abs(got - want) <= 1e-13 * std::max(1.0, std::abs(want));
    };
    CHECK(out.column("pairs", "pair")(i) == static_cast<double>(i));
    CHECK(near(out.column("pairs", "wavelength before")(i), wavelength));
    CHECK(near(out.column("pairs", "L theta")(i), 64.0 * theta));
    // Linear scaling by s divides every theta_i by s: wavelengths s times longer, angles s times smaller.
    for (const auto& [tag, factor] : {std::pair<std::string, double>{" 1", 4.0}, {" 2", 2.0}}) {
      CHECK(near(out.column("pairs", "angle before" + tag)(i), 100.0 * theta));
      CHECK(near(out.column("pairs", "angle after" + tag)(i), 100.0 * theta / factor));
      CHECK(near(out.column("pairs", "wavelength after" + tag)(i), wavelength * factor));
      CHECK(near(out.column("pairs", "turns after" + tag)(i),
                 64.0 * theta / factor / (2.0 * std::numbers::pi)));
      CHECK(out.column("pairs", "ramp" + tag)(i) == 1.0);
    }
  }
  // The unscaled all-ones score: q = k = 1 rotated apart by m theta_i in each pair gives
  // sum_i 2 cos(m theta_i).
  const Vector m = out.column("decay-before", "m"), score = out.column("decay-before", "score");
  REQUIRE(m.size() > 100);
  for (Eigen::Index j = 0; j < m.size(); ++j) {
    double expected = 0.0;
    for (int i = 0; i < 8; ++i) expected += 2.0 * std::cos(m(j) * std::pow(500.0, -2.0 * i / 16.0));
    INFO("m = " << m(j));
    CHECK(std::abs(score(j) - expected) < 1e-9);
  }
  CHECK(score(0) == 16.0);
}

TEST_CASE("export: difference is A - B of two tables and their similarities by hand", "[export][derived]") {
  ui::AppContext app;
  EncodingParams a = params(EncodingKind::sinusoidal, 12, 6);
  a.base = 100.0;
  app.state.slots[0].config.encoding = a;
  Slot integer;
  integer.config.encoding = params(EncodingKind::integer, 12, 6);
  REQUIRE(add_slot(app.state, integer));
  app.state.display.metric = SimilarityMetric::dot;
  settle(app);
  Exported out;
  export_view(app, out, "difference");
  const Matrix table = out.array("table"), similarity = out.array("similarity");
  REQUIRE(table.rows() == 12);
  REQUIRE(table.cols() == 6);
  REQUIRE(similarity.rows() == 12);
  REQUIRE(similarity.cols() == 12);
  for (std::int64_t p = 0; p < 12; ++p) {
    for (std::int64_t i = 0; i < 6; ++i)
      CHECK(std::abs(table(p, i) - (sinusoid(p, i, 6, 100.0) - static_cast<double>(p))) < 1e-13);
    // Dot similarities: the sinusoid's sum_k cos(w_k (p - q)) (three bands), the integer's D p q.
    for (std::int64_t q = 0; q < 12; ++q) {
      double sinusoid_dot = 0.0;
      for (int band = 0; band < 3; ++band)
        sinusoid_dot += std::cos(static_cast<double>(p - q) * std::pow(100.0, -2.0 * band / 6.0));
      CHECK(std::abs(similarity(p, q) - (sinusoid_dot - 6.0 * static_cast<double>(p * q))) < 1e-12);
    }
  }
}

// ---- the PNG items of the menu: a request handled between frames (process_png_exports) -------------

namespace {

// Width and height from a PNG's IHDR.
std::pair<int, int> png_size(const std::string& bytes) {
  REQUIRE(bytes.size() > 24);
  REQUIRE(bytes.compare(1, 3, "PNG") == 0);
  const auto be32 = [&](std::size_t at) {
    int v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
    return v;
  };
  return {be32(16), be32(20)};
}

}  // namespace

TEST_CASE("export: attention and norms write what their views show", "[export]") {
  ui::AppContext app;
  app.state.slots[0].config.encoding = params(EncodingKind::sinusoidal, 64, 16);
  app.state.views.attention.order = {1, 0, 2, 3, 4, 5};  // the first two words swapped
  app.state.views.norms.lengths = {3, 2};
  app.state.views.norms.count_padding = false;
  settle(app);
  TempDir dir;
  auto load = [&](const char* view_id, const char* array) {
    const ui::ViewType* view = ui::find_view(view_id);
    REQUIRE(view);
    const ui::DataExport done =
        ui::export_view_data(app, *view, ui::DataFormat::npy, dir.path, ui::ExportDetail::shown);
    INFO(done.error);
    REQUIRE(done.error.empty());
    return as_matrix(read_array(dir.path / (std::string(view_id) + "-" + array + ".npy")));
  };
  // Without positions attention is permutation-equivariant: the swapped sentence's outputs are the
  // original outputs with rows 0 and 1 swapped. The original comes from the unpermuted demo.
  const Matrix without = load("attention", "output-without");
  const Matrix original = ui::latest_data(app, 0)->attention->original.output_without;
  REQUIRE(without.rows() == 6);
  CHECK((without.row(0) - original.row(1)).cwiseAbs().maxCoeff() < 1e-12);
  CHECK((without.row(1) - original.row(0)).cwiseAbs().maxCoeff() < 1e-12);
  CHECK((without.bottomRows(4) - original.bottomRows(4)).cwiseAbs().maxCoeff() < 1e-12);
  // The four terms add up to the logits.
  const Matrix sum = load("attention", "logits-word-word") + load("attention", "logits-word-position") +
                     load("attention", "logits-position-word") +
                     load("attention", "logits-position-position");
  CHECK((sum - load("attention", "logits")).cwiseAbs().maxCoeff() < 1e-12);
  // Softmax rows sum to 1.
  const Matrix weights = load("attention", "weights-with");
  for (Eigen::Index r = 0; r < weights.rows(); ++r) CHECK(std::abs(weights.row(r).sum() - 1.0) < 1e-12);

  // Norms: 2 sequences padded to 3 steps (rows s x 3 + t); real tokens only in BatchNorm, so step 3
  // (one real token) has 1 row and variance 0; LayerNorm rows of real tokens have mean 0, variance ~1.
  const Matrix counted = load("norms", "batchnorm-counted");
  REQUIRE(counted.rows() == 3);
  CHECK(counted(0, 0) == 2.0);
  CHECK(counted(1, 0) == 2.0);
  CHECK(counted(2, 0) == 1.0);
  CHECK(load("norms", "batchnorm-variance").row(2).cwiseAbs().maxCoeff() == 0.0);
  const Matrix layer = load("norms", "layernorm");
  const Matrix real = load("norms", "real");
  REQUIRE(layer.rows() == 6);
  for (Eigen::Index r = 0; r < layer.rows(); ++r) {
    if (real(r, 0) != 1.0) continue;
    const double mean = layer.row(r).mean();
    const double variance = (layer.row(r).array() - mean).square().mean();
    CHECK(std::abs(mean) < 1e-12);
    CHECK(std::abs(variance - 1.0) < 1e-3);  // eps in the denominator
  }
  CHECK(real(5, 0) == 0.0);  // sequence B has 2 tokens: its third step is padding
}

namespace {

// What the menu's requests (a PNG, a video) run in: one sinusoid N = 64, D = 16, settled, no notices
// yet, and an empty folder to write into.
struct MenuRequestApp {
  OffscreenApp off;
  ui::AppContext& app = off.app;
  TempDir dir;
  MenuRequestApp() {
    app.state.slots[0].config.encoding = params(EncodingKind::sinusoidal, 64, 16);
    off.prepare();
    off.settle();
    app.notices.clear();
  }
};

}  // namespace

TEST_CASE("export: the menu's PNG request writes the view at 2x and says where", "[export][offscreen]") {
  MenuRequestApp menu;
  ui::AppContext& app = menu.app;
  const TempDir& dir = menu.dir;
  // What the menu item records: the view, its cell's size, the scale and the path.
  app.requests.view_pngs.push_back({"heatmap", ImVec2(500, 300), 2, dir.path / "out" / "heatmap-2x.png"});
  app.requests.view_pngs.push_back({"heatmap", ImVec2(500, 300), 1, dir.path / "plain" / "never.png"});
  write_file_atomic(dir.path / "plain", "x");  // "plain/never.png" cannot be written
  run::process_png_exports(app, 1.0f);
  CHECK(app.requests.view_pngs.empty());
  const fs::path png = dir.path / "out" / "heatmap-2x.png";
  REQUIRE(fs::exists(png));
  CHECK(png_size(read_file_bytes(png)) == std::pair<int, int>(1000, 600));
  REQUIRE(app.notices.size() == 2);
  CHECK_FALSE(app.notices[0].is_error);
  CHECK(app.notices[0].text.find(fs::absolute(png).string()) != std::string::npos);
  CHECK(app.notices[1].is_error);
  CHECK(dir.listing() == std::vector<std::string>{"out", "plain"});
  CHECK(TempDir{}.listing().empty());
}

TEST_CASE("export: the menu opens in a view's title row with the PNG and data items",
          "[export][offscreen][menu]") {
  OffscreenApp off;
  ui::AppContext& app = off.app;
  app.capture_mode = true;
  off.prepare();
  off.settle();
  // The heatmap cell (a child window named ".../heatmap_<id>") and its popup's id, as the menu
  // computes it: PushID(view id) then "export" inside the cell.
  ImGuiWindow* cell = nullptr;
  for (ImGuiWindow* window : GImGui->Windows) {
    // The cell, not the configuration panels inside it (their names start with the cell's).
    const std::string name = window->Name;
    if (name.find("/heatmap_") != std::string::npos &&
        (!cell || name.size() < std::string(cell->Name).size()))
      cell = window;
  }
  REQUIRE(cell);
  const ImGuiID popup = ImHashStr("export", 0, ImHashStr("heatmap", 0, cell->ID));
  const ImVec2 button(cell->Pos.x + cell->Size.x - 5.0f * ImGui::GetFontSize(),
                      cell->Pos.y + ImGui::GetFrameHeight());
  for (int frame = 0; frame < 3; ++frame) {
    off.screen->begin_frame();
    if (frame == 0) {
      ImGui::GetIO().MousePos = button;
      ImGui::OpenPopupEx(popup);
    }
    ui::draw_app(app);
    off.screen->end_frame(app.frame_textures());
  }
  CHECK(ImGui::IsPopupOpen(popup, ImGuiPopupFlags_AnyPopupLevel));
  // The menu was drawn this frame (BeginPopup found it under the id the cell computes).
  char popup_name[32];
  ImFormatString(popup_name, sizeof popup_name, "##Popup_%08x", popup);
  const ImGuiWindow* menu = ImGui::FindWindowByName(popup_name);
  REQUIRE(menu);
  CHECK(menu->WasActive);
  const gfx::RgbImage image = off.screen->read_pixels();
  TempDir dir;
  const fs::path png = dir.path / "menu.png";
  write_png_rgb(png, image.width, image.height, image.pixels);
  CHECK(fs::file_size(png) > 0);
  if (const char* keep = std::getenv("PELAB_EXPORT_MENU_PNG"))
    fs::copy_file(png, keep, fs::copy_options::overwrite_existing);
}

// ---- the menu's "Animate…": a video made one frame per app frame (run::process_video_export) --------

TEST_CASE("export: Animate makes the video one frame per call, and a cancel leaves nothing",
          "[export][offscreen][video]") {
  MenuRequestApp menu;
  ui::AppContext& app = menu.app;
  const TempDir& dir = menu.dir;
  const Selection before = app.state.slots[0].selection;
  // 0.3 s at 10 fps: k = 0, 4, 8 in three frames of the rotation view's figure.
  app.requests.view_video =
      ViewVideoExport{"rotation", "k=0:8", 0.3, 10, 320, 240, dir.path / "new" / "k.gif"};
  std::vector<int> progress;
  for (int call = 0; call < 10 && (call == 0 || app.video_job); ++call) {
    run::process_video_export(app);
    if (app.video_job) {
      progress.push_back(app.video_job->frames_done());
      CHECK(app.video_job->frames_total() == 3);
    }
  }
  CHECK(progress == std::vector<int>{1, 2});  // after the third frame the job is done and gone
  CHECK_FALSE(app.video_job);
  const fs::path gif = dir.path / "new" / "k.gif";
  REQUIRE(fs::exists(gif));
  const std::string bytes = read_file_bytes(gif);
  CHECK(bytes.substr(0, 6) == "GIF89a");
  CHECK(static_cast<unsigned char>(bytes[6]) + 256 * static_cast<unsigned char>(bytes[7]) == 320);
  REQUIRE(app.notices.size() == 1);
  CHECK_FALSE(app.notices[0].is_error);
  CHECK(app.notices[0].text.find("k.gif") != std::string::npos);
  CHECK(app.state.slots[0].selection == before);  // k is back where the user had it

  // Cancelled after one frame: no video and no temporary file, a notice.
  app.notices.clear();
  app.requests.view_video = ViewVideoExport{"rotation", "k=0:8", 1.0, 10, 320, 240, dir.path / "gone.mp4"};
  run::process_video_export(app);
  REQUIRE(app.video_job);
  CHECK(app.video_job->frames_done() == 1);
  app.requests.cancel_video = true;
  run::process_video_export(app);
  CHECK_FALSE(app.video_job);
  CHECK(dir.listing() == std::vector<std::string>{"new"});
  REQUIRE(app.notices.size() == 1);
  CHECK(app.state.slots[0].selection == before);

  // A refused parameter is said in the dialog, and nothing starts.
  app.requests.view_video = ViewVideoExport{"rotation", "k=0:999", 1.0, 10, 320, 240, dir.path / "no.mp4"};
  run::process_video_export(app);
  CHECK_FALSE(app.video_job);
  // In the UI's words, not the command line's ("--animate 'k=0:999': ...").
  CHECK(app.video_dialog.problem.find("k = 999 is outside 0..63") != std::string::npos);
  CHECK(app.video_dialog.problem.find("--animate") == std::string::npos);
  app.requests.view_video = ViewVideoExport{"rotation", "k=0:8", 1.0, 0, 320, 240, dir.path / "no.mp4"};
  run::process_video_export(app);
  CHECK_FALSE(app.video_job);
  CHECK(app.video_dialog.problem == std::string(tr("video.fps")) + " must be 1 to 120 (got 0)");
  CHECK(dir.listing() == std::vector<std::string>{"new"});
}

TEST_CASE("export: Animate's dialog opens over the view, then shows the progress of its video",
          "[export][offscreen][video][menu]") {
  OffscreenApp off;
  ui::AppContext& app = off.app;
  app.capture_mode = true;
  off.prepare();
  off.settle();
  TempDir dir;
  // What the menu item records; the cell opens the dialog in its next frame.
  app.video_dialog.open_requested = true;
  app.video_dialog.view_id = "heatmap";
  const auto draw_frames = [&](int frames) {
    for (int frame = 0; frame < frames; ++frame) {
      off.screen->begin_frame();
      ui::draw_app(app);
      off.screen->end_frame(app.frame_textures());
    }
  };
  draw_frames(3);
  CHECK_FALSE(app.video_dialog.open_requested);
  const auto dialog_shown = [] {
    const ImGuiWindow* window = ImGui::FindWindowByName("###animate");
    return window && window->WasActive;
  };
  CHECK(dialog_shown());
  // While the video is made the dialog stays, with the progress bar instead of the fields.
  app.requests.view_video = ViewVideoExport{"heatmap", "base=100:1000", 1.0, 5, 320, 240, dir.path / "b.mp4"};
  run::process_video_export(app);
  REQUIRE(app.video_job);
  draw_frames(2);
  CHECK(dialog_shown());
  app.requests.cancel_video = true;
  run::process_video_export(app);
  CHECK_FALSE(app.video_job);
  draw_frames(2);
  CHECK(dialog_shown());
  CHECK(dir.listing().empty());
}
