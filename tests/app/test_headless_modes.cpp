// pelab's modes without a window, as a script or a test uses them: every view's numbers through
// --export-data (checked against values derived here, never through the code under test), and a
// language that is only data (a third directory under i18n/ of a copied data directory).
#include <sys/resource.h>

#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "../io/hf_cache_tree.hpp"
#include "../io/safetensors_bytes.hpp"
#include "gui_support.hpp"
#include "pelab/io/npy.hpp"
#include "ui/view_registry.hpp"

namespace fs = std::filesystem;
using namespace pelab;
using namespace pelab::test;

namespace {

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = temp_dir() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

Matrix npy_matrix(const fs::path& path) {
  INFO(path);
  REQUIRE(fs::exists(path));
  return npy_to_matrix(read_npy(path), path.string());
}

// pelab's own data directory in the build tree (build/share/pelab, beside build/bin/pelab).
fs::path built_data_dir() { return fs::path(PELAB_GUI_PATH).parent_path().parent_path() / "share" / "pelab"; }

}  // namespace

TEST_CASE("export-data: pelab writes every view's arrays with sidecars, without a display", "[headless]") {
  const fs::path dir = fresh_dir("export_all");
  const Run r =
      run_headless("sinusoidal:positions=24,dims=8,base=100 --view all --export-data " + dir.string());
  INFO(r.output);
  REQUIRE(r.status == 0);
  std::set<std::string> prefixes;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() == ".npy") {
      CHECK(fs::exists(entry.path().string() + ".json"));  // each array has its sidecar
      prefixes.insert(name.substr(0, name.find('-')));
    }
  }
  // Every view with numbers exported something; difference needs two configurations, so its files
  // are absent here and the run said why (exit 0 for the others is not enough: see the next case).
  for (const app::ui::ViewType& view : app::ui::view_registry()) {
    if (!view.export_data || view.min_configs > 1) continue;
    INFO(view.id);
    CHECK(prefixes.count(std::string(view.id)) == 1);
  }
  // The heatmap's table is the sinusoid itself: P[p, 2k] = sin(p w_k), P[p, 2k+1] = cos(p w_k),
  // w_k = 100^(-2k/8).
  const Matrix table = npy_matrix(dir / "heatmap-table.npy");
  REQUIRE(table.rows() == 24);
  REQUIRE(table.cols() == 8);
  for (int p = 0; p < 24; ++p) {
    for (int k = 0; k < 4; ++k) {
      const double w = std::pow(100.0, -2.0 * k / 8.0);
      CHECK(std::abs(table(p, 2 * k) - std::sin(p * w)) < 1e-15);
      CHECK(std::abs(table(p, 2 * k + 1) - std::cos(p * w)) < 1e-15);
    }
  }
}

TEST_CASE("export-data: a view that compares two configurations needs two", "[headless]") {
  const fs::path dir = fresh_dir("export_difference");
  const Run one = run_headless("sinusoidal --view difference --export-data " + dir.string());
  INFO(one.output);
  CHECK(one.status == 2);
  CHECK(fs::is_empty(dir));
  const Run two = run_headless(
      "sinusoidal:positions=16,dims=8 integer:positions=16,dims=8 --view difference --export-data " +
      dir.string());
  INFO(two.output);
  REQUIRE(two.status == 0);
  CHECK_FALSE(fs::is_empty(dir));
}

TEST_CASE("a bad CONFIG is named once, whichever step refuses it", "[headless][config]") {
  const fs::path dir = fresh_dir("bad_config");
  // Refused by the grammar (core's message names the CONFIG) ...
  const Run key = run_headless("sinusoidal:N=3 --view heatmap --export-data " + dir.string());
  CHECK(key.status == 2);
  CHECK(key.output ==
        "pelab: bad CONFIG 'sinusoidal:N=3': unknown key 'N' (keys: positions, dims, base, start, signed, "
        "sigma, seed, table, tensor, label)\n");
  // ... by a value's reader (a message about the key, named by the grammar) ...
  const Run value = run_headless("integer:base=100 --view heatmap --export-data " + dir.string());
  CHECK(value.status == 2);
  CHECK(value.output.rfind("pelab: bad CONFIG 'integer:base=100': base does not apply to kind integer", 0) ==
        0);
  // ... and after parsing, by the app (its views' limits, a table file).
  const Run limit = run_headless("integer:positions=100000 --view heatmap --export-data " + dir.string());
  CHECK(limit.status == 2);
  CHECK(limit.output.rfind("pelab: bad CONFIG 'integer:positions=100000': N, D or start outside", 0) == 0);
  for (const Run* refused : {&key, &value, &limit}) {
    INFO(refused->output);
    CHECK(std::count(refused->output.begin(), refused->output.end(), '\n') == 1);
    const std::string& text = refused->output;
    CHECK(text.find("CONFIG '", text.find("CONFIG '") + 1) == std::string::npos);  // once
  }
  CHECK(fs::is_empty(dir));
}

TEST_CASE("pelab reads --size as pelab-cli render does: WxH and nothing else", "[headless]") {
  const fs::path dir = fresh_dir("bad_size");
  // Both were taken before: the junk after 600 was ignored, and 100000 passed with no upper limit.
  for (const std::string size : {"800x600junk", "100000x600"}) {
    const Run run = run_headless("sinusoidal --size " + size + " --screenshot " + (dir / "x.png").string());
    CHECK(run.status == 2);
    CHECK(run.output ==
          "pelab: --size: expected WxH with 320 <= W, 240 <= H, both <= 16384 (got '" + size + "')\n");
  }
  CHECK(fs::is_empty(dir));
}

TEST_CASE("export-data: PCA of a table made here equals an SVD computed here", "[headless][derived]") {
  // A 40 x 6 table with columns of different amplitudes and frequencies, so its principal axes are
  // distinct (each fixed up to its sign), written as .npy and opened as a learned table.
  constexpr Eigen::Index n = 40, d = 6;
  Matrix table(n, d);
  for (Eigen::Index p = 0; p < n; ++p)
    for (Eigen::Index i = 0; i < d; ++i)
      table(p, i) = static_cast<double>(d - i) *
                        std::cos(0.07 * static_cast<double>((i + 1) * p) + 0.3 * static_cast<double>(i)) +
                    0.01 * static_cast<double>(p * i);
  const fs::path dir = fresh_dir("export_pca");
  write_npy(dir / "table.npy", table);
  const fs::path out = dir / "out";
  const Run r = run_headless((dir / "table.npy").string() + " --view pca --export-data " + out.string());
  INFO(r.output);
  REQUIRE(r.status == 0);

  // Centred rows X = U S V^T: component c explains s_c^2 / sum s^2; row p lies at (X V)[p, c].
  const Matrix centred = table.rowwise() - table.colwise().mean();
  const Eigen::JacobiSVD<Matrix> svd(centred, Eigen::ComputeThinV);
  const Vector s2 = svd.singularValues().array().square();
  const Vector fractions = s2 / s2.sum();
  for (Eigen::Index c = 0; c + 1 < d; ++c)
    REQUIRE(fractions(c) > fractions(c + 1) * (1.0 + 1e-6));  // distinct

  const Matrix spectrum = npy_matrix(out / "pca-spectrum.npy");
  REQUIRE(spectrum.rows() == d);
  for (Eigen::Index c = 0; c < d; ++c) CHECK(std::abs(spectrum(c, 0) - fractions(c)) < 1e-12);
  const Matrix explained = npy_matrix(out / "pca-explained.npy");
  REQUIRE(explained.rows() == 3);
  for (Eigen::Index c = 0; c < 3; ++c) CHECK(std::abs(explained(c, 0) - fractions(c)) < 1e-12);

  // Columns p, PC1, PC2, PC3; each axis's sign makes its largest-magnitude coordinate positive.
  const Matrix points = npy_matrix(out / "pca-points.npy");
  REQUIRE(points.rows() == n);
  REQUIRE(points.cols() == 4);
  const Matrix projected = centred * svd.matrixV().leftCols(3);
  for (Eigen::Index c = 0; c < 3; ++c) {
    Eigen::Index largest = 0;
    projected.col(c).cwiseAbs().maxCoeff(&largest);
    const double sign = projected(largest, c) < 0 ? -1.0 : 1.0;
    INFO("PC" << c + 1);
    CHECK((points.col(c + 1) - sign * projected.col(c)).cwiseAbs().maxCoeff() < 1e-10);
  }
  for (Eigen::Index p = 0; p < n; ++p) CHECK(points(p, 0) == static_cast<double>(p));
}

TEST_CASE("a third language is a directory of data: no code, English where it is silent",
          "[headless][i18n]") {
  const fs::path data = fresh_dir("third_language") / "pelab";
  fs::copy(built_data_dir(), data, fs::copy_options::recursive);
  // "xx": a language with a name, one translated string, and no lesson texts of its own.
  fs::create_directories(data / "i18n" / "xx");
  write_text(data / "i18n" / "xx" / "language.json", R"({"name": "Xish", "script": "Latin"})");
  write_text(data / "i18n" / "xx" / "ui.json", R"({"sidebar.section.views": "XXVIEWSXX"})");
  const fs::path out = data.parent_path();
  const std::string env = "env PELAB_DATA_DIR=" + data.string() + " ";

  const Run lessons = run(env + PELAB_GUI_PATH + " --lang xx --list-lessons");
  INFO(lessons.output);
  REQUIRE(lessons.status == 0);
  CHECK(lessons.output.find("The sinusoidal encoding") != std::string::npos);  // English stands in

  const Run shot = run(env + "env -u DISPLAY " + PELAB_GUI_PATH + " --lang xx --size 1280x800 --screenshot " +
                       (out / "xx.png").string() + " --geometry " + (out / "xx.json").string());
  INFO(shot.output);
  REQUIRE(shot.status == 0);
  const nlohmann::json geometry = load_json(out / "xx.json");
  const std::string text = geometry["text"];
  CHECK(text.find("XXVIEWSXX") != std::string::npos);  // its own string
  CHECK(text.find("Encoding") != std::string::npos);   // English where it has none

  // A lesson it does not write: English, and a notice saying so.
  const Run lesson =
      run(env + "env -u DISPLAY " + PELAB_GUI_PATH + " --lang xx --lesson 1 --size 1280x800 " +
          "--screenshot " + (out / "lesson.png").string() + " --geometry " + (out / "lesson.json").string());
  INFO(lesson.output);
  REQUIRE(lesson.status == 0);
  bool told = false;
  const nlohmann::json lesson_geometry = load_json(out / "lesson.json");
  for (const auto& notice : lesson_geometry["notices"])
    told = told || notice.get<std::string>().find("not written in Xish") != std::string::npos;
  CHECK(told);

  // A language that is not installed is refused by name, listing the installed ones.
  const Run missing = run(env + PELAB_GUI_PATH + " --lang zz --list-lessons");
  CHECK(missing.status == 2);
  CHECK(missing.output.find("en, ko, xx") != std::string::npos);
}

TEST_CASE("a file's path where a CONFIG goes: a table opens as learned, a session as --session",
          "[headless]") {
  // What the desktop's "Open with pelab" runs (Exec=pelab %F).
  const fs::path gpt2 = built_data_dir() / "presets" / "gpt2_wpe_64x768.npy";
  const fs::path table_dir = fresh_dir("open_table");
  const Run table = run_headless(gpt2.string() + " --view heatmap --export-data " + table_dir.string());
  INFO(table.output);
  REQUIRE(table.status == 0);
  const Matrix expected = npy_matrix(gpt2), shown = npy_matrix(table_dir / "heatmap-table.npy");
  REQUIRE(shown.rows() == 64);
  REQUIRE(shown.cols() == 768);
  CHECK(shown == expected);

  const fs::path session_dir = fresh_dir("open_session");
  const fs::path session = session_dir / "three by two.json";
  std::ofstream(session)
      << R"({"pelab_session": 2, "configs": [{"kind": "integer", "positions": 3, "dims": 2}]})";
  const fs::path out = session_dir / "out";
  std::string quoted_session = "'";  // the name has a space; built by appending (GCC 12's -Wrestrict)
  quoted_session += session.string();
  quoted_session += "'";
  const Run opened = run_headless(quoted_session + " --view heatmap --export-data " + out.string());
  INFO(opened.output);
  REQUIRE(opened.status == 0);
  const Matrix integer = npy_matrix(out / "heatmap-table.npy");
  REQUIRE(integer.rows() == 3);
  REQUIRE(integer.cols() == 2);
  for (int p = 0; p < 3; ++p) CHECK(integer.row(p).isConstant(p));

  // A session replaces the configurations, so it opens alone; a missing table is named.
  const Run mixed = run_headless(quoted_session + " sinusoidal --view heatmap --export-data " + out.string());
  CHECK(mixed.status == 2);
  CHECK(mixed.output.find("opens alone") != std::string::npos);
  const Run missing =
      run_headless((session_dir / "absent.npy").string() + " --view heatmap --export-data " + out.string());
  CHECK(missing.status == 2);
  CHECK(missing.output.find("bad CONFIG '" + (session_dir / "absent.npy").string() + "'") !=
        std::string::npos);
}

TEST_CASE("a table larger than the app shows is read only as far as it shows: 100000 x 4800 float32",
          "[headless]") {
  // 1.92 GB of float32, sparse (no disk blocks) but for the rows the heatmap samples first and last at
  // its stride of 8 (0, 8 and 16376 of the 16384 it reads); reading it whole took 7.5 GB and 10 s.
  const fs::path dir = fresh_dir("large_table");
  const std::int64_t rows = 100000, cols = 4800;
  const std::int64_t shape[2] = {rows, cols};
  const std::string header =
      npy_encode_header(NpyDtype::float32, shape, static_cast<std::size_t>(rows * cols));
  const fs::path table = dir / "large.npy";
  std::ofstream(table, std::ios::binary) << header;
  fs::resize_file(table, header.size() + static_cast<std::uint64_t>(rows * cols) * 4);
  const auto value = [](std::int64_t r, std::int64_t c) {
    return static_cast<float>(r % 1000) + 0.001f * static_cast<float>(c);
  };
  const std::int64_t written[] = {0, 8, 16376};
  {
    std::fstream file(table, std::ios::in | std::ios::out | std::ios::binary);
    for (const std::int64_t r : written) {
      std::vector<float> row(static_cast<std::size_t>(cols));
      for (std::int64_t c = 0; c < cols; ++c) row[static_cast<std::size_t>(c)] = value(r, c);
      file.seekp(static_cast<std::streamoff>(header.size() + static_cast<std::uint64_t>(r * cols) * 4));
      file.write(reinterpret_cast<const char*>(row.data()), static_cast<std::streamsize>(cols * 4));
    }
    REQUIRE(file.good());
  }
  // The picture, with the notices (printed when drawing off screen) saying what was left out.
  const Run shown = run_headless(table.string() + " --view heatmap --size 1024x768 --screenshot " +
                                 (dir / "large.png").string());
  INFO(shown.output);
  REQUIRE(shown.status == 0);
  CHECK(shown.output.find("the table has 100000 rows; pelab reads and shows the first 16384") !=
        std::string::npos);
  CHECK(shown.output.find("the table has 4800 columns; pelab shows at most 4096") != std::string::npos);
  // The numbers: the heatmap's table at its stride of 8 over the first 16384 rows, all 4096 columns.
  const fs::path out = dir / "out";
  const Run exported = run_headless(table.string() + " --view heatmap --export-data " + out.string());
  INFO(exported.output);
  REQUIRE(exported.status == 0);
  const Matrix heatmap = npy_matrix(out / "heatmap-table-stride8.npy");
  REQUIRE(heatmap.rows() == 2048);
  REQUIRE(heatmap.cols() == 4096);
  for (const std::int64_t r : written) {
    for (const std::int64_t c : {std::int64_t{0}, std::int64_t{1}, std::int64_t{4095}}) {
      INFO("position " << r << ", column " << c);
      CHECK(heatmap(r / 8, c) == static_cast<double>(value(r, c)));
    }
  }
  CHECK(heatmap.row(2).isZero());  // position 16: a hole of the sparse file
  // Both runs together: each read 512 MiB of doubles, not the 3.84 GB of the whole table.
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  const double peak_mib = static_cast<double>(usage.ru_maxrss) / 1024.0;
  INFO("peak RSS " << peak_mib << " MiB; " << shown.seconds << " s and " << exported.seconds << " s");
  CHECK(peak_mib < 1536.0);
  CHECK(shown.seconds + exported.seconds < 120.0);
}

TEST_CASE("hf:ORG/NAME where a CONFIG goes and in a session: the cached table from position 0",
          "[headless][hf]") {
  // An OPT model in a cache made here: stored row r of its 6 x 3 table holds 100 r + c; OPT keeps
  // rows 0 and 1 in front of position 0, so the view shows rows 2..5 as positions 0..3.
  const fs::path dir = fresh_dir("hf_cache");
  pelab::test::HfCacheModel opt(dir / "hub", "facebook/opt-tiny");
  const std::string commit = pelab::test::commit_of('4');
  std::string table;
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 3; ++c) table += pelab::test::f32s({static_cast<float>(100 * r + c)});
  opt.link(commit, "config.json", "{\"model_type\": \"opt\"}");
  // Built by appending (GCC 12's -Wrestrict misreads a chain of +).
  std::string header = "{";
  header += pelab::test::entry("model.decoder.embed_positions.weight", "F32", "[6, 3]", 0, 72);
  header += "}";
  opt.link(commit, "model.safetensors", pelab::test::safetensors_bytes(header, table));
  opt.ref("main", commit);
  std::string env = "env -u DISPLAY -u WAYLAND_DISPLAY HF_HUB_CACHE=";
  env += (dir / "hub").string();
  env += " ";
  env += PELAB_GUI_PATH;
  Matrix expected(4, 3);
  for (int p = 0; p < 4; ++p)
    for (int c = 0; c < 3; ++c) expected(p, c) = 100 * (p + 2) + c;

  const fs::path out = dir / "out";
  const Run named = run(env + " hf:facebook/opt-tiny --view heatmap --export-data " + out.string());
  INFO(named.output);
  REQUIRE(named.status == 0);
  CHECK(npy_matrix(out / "heatmap-table.npy") == expected);

  // A session elsewhere naming the model: the name is not taken for a path beside the session.
  const fs::path session = dir / "sessions" / "opt.json";
  fs::create_directories(session.parent_path());
  std::ofstream(session)
      << R"({"pelab_session": 2, "configs": [{"kind": "learned", "positions": 4, "dims": 3, )"
      << R"("table": "hf:facebook/opt-tiny"}]})";
  const fs::path from_session = dir / "from_session";
  const Run opened =
      run(env + " " + session.string() + " --view heatmap --export-data " + from_session.string());
  INFO(opened.output);
  REQUIRE(opened.status == 0);
  CHECK(npy_matrix(from_session / "heatmap-table.npy") == expected);

  // Not in the cache: refused as a CONFIG, with the command that fetches it.
  const Run missing =
      run(env + " hf:facebook/opt-absent --view heatmap --export-data " + (dir / "absent").string());
  CHECK(missing.status == 2);
  CHECK_THAT(missing.output, Catch::Matchers::Contains("huggingface-cli download facebook/opt-absent"));
}
