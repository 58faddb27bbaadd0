// pelab_io_tool: the C++ side of the numpy/matplotlib interop tests (numpy_interop.py,
// matplotlib_colormaps.py). Not installed.
//   pelab_io_tool write <dir>             writes known arrays (.npy and .csv) for numpy to check
//   pelab_io_tool check <npy> <expected>  decodes <npy> and compares it with an expectation file:
//                                          line 1 descr, line 2 shape, line 3 values as hex floats
//   pelab_io_tool lut <colormap>          prints the 256 LUT colours as "r g b" lines
//   pelab_io_tool table <file> <out.npy> [tensor]
//                                          loads a position table (.npy or .safetensors) with
//                                          load_position_table, prints its description and writes
//                                          it as float64 .npy (safetensors_interop.py)
//   pelab_io_tool to-safetensors <in.npy> <out> <name> <F32|F64>
//                                          writes a 2-D .npy as a one-tensor .safetensors file
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "pelab/io/atomic_file.hpp"
#include "pelab/io/colormap.hpp"
#include "pelab/io/csv.hpp"
#include "pelab/io/npy.hpp"
#include "pelab/io/safetensors.hpp"
#include "pelab/io/table_file.hpp"

namespace {

// The arrays numpy_interop.py expects, value for value.
int write_known_arrays(const std::filesystem::path& dir) {
  const double inf = std::numeric_limits<double>::infinity();
  pelab::Matrix f64(3, 4);
  f64 << 0.1, -2.5, 1e-300, 1.7976931348623157e308,   //
      -0.0, 3.0, 1.0 / 3.0, 4.9406564584124654e-324,  //
      std::nan(""), inf, -inf, 123456789.125;
  pelab::write_npy(dir / "f64_2d.npy", f64);
  pelab::write_csv(dir / "f64_2d.csv", f64);

  pelab::Matrix small(2, 2);
  small << 0.1, -1.5, 3.25, 1e-3;
  pelab::write_npy(dir / "f32_2d.npy", small, pelab::NpyDtype::float32);

  pelab::IndexMatrix i64(2, 3);
  i64 << 0, -1, std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::min(), 42,
      (std::int64_t{1} << 53) + 1;
  pelab::write_npy(dir / "i64_2d.npy", i64);
  pelab::write_csv(dir / "i64_2d.csv", i64);

  // value(i, j, k) = (100 i + 10 j + k) * 0.25 - 7, shape (2, 3, 4): like H x N x N ALiBi biases.
  std::vector<double> cube;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k) cube.push_back((100 * i + 10 * j + k) * 0.25 - 7);
  const std::vector<std::int64_t> cube_shape{2, 3, 4};
  pelab::write_npy(dir / "f64_3d.npy", cube, cube_shape);

  const std::vector<double> line{0.0, 0.5, 1.0, 1.5, 2.0};
  const std::vector<std::int64_t> line_shape{5};
  pelab::write_npy(dir / "f64_1d.npy", line, line_shape);
  return 0;
}

// Decodes `npy_path` and compares dtype, shape and every value (bit for bit, NaN equal to NaN).
int check_against_expectation(const std::filesystem::path& npy_path,
                              const std::filesystem::path& expected_path) {
  std::ifstream expected(expected_path);
  std::string descr, shape_line, values_line;
  if (!std::getline(expected, descr) || !std::getline(expected, shape_line) ||
      !std::getline(expected, values_line)) {
    std::cerr << expected_path << ": expected three lines (descr, shape, values)\n";
    return 2;
  }
  const pelab::NpyArray array = pelab::read_npy(npy_path);
  int failures = 0;
  if (pelab::npy_descr(array.dtype) != descr) {
    std::cerr << npy_path << ": dtype " << pelab::npy_descr(array.dtype) << ", expected " << descr << "\n";
    ++failures;
  }
  std::vector<std::int64_t> shape;
  std::istringstream shape_stream(shape_line);
  for (std::int64_t d; shape_stream >> d;) shape.push_back(d);
  if (shape != array.shape) {
    std::cerr << npy_path << ": shape differs from " << shape_line << "\n";
    ++failures;
  }
  std::vector<double> values;
  std::istringstream values_stream(values_line);
  for (std::string token; values_stream >> token;) values.push_back(std::strtod(token.c_str(), nullptr));
  if (values.size() != array.data.size()) {
    std::cerr << npy_path << ": " << array.data.size() << " values, expected " << values.size() << "\n";
    return 1;
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    const bool same = (std::isnan(values[i]) && std::isnan(array.data[i])) ||
                      (values[i] == array.data[i] && std::signbit(values[i]) == std::signbit(array.data[i]));
    if (!same) {
      std::fprintf(stderr, "%s: value %zu is %a, expected %a\n", npy_path.c_str(), i, array.data[i],
                   values[i]);
      ++failures;
    }
  }
  if (failures == 0) std::cout << npy_path.filename().string() << ": ok\n";
  return failures == 0 ? 0 : 1;
}

int print_lut(const std::string& name) {
  const auto colormap = pelab::parse_colormap(name);
  if (!colormap) {
    std::cerr << "unknown colormap '" << name << "'\n";
    return 2;
  }
  for (const pelab::Rgb8& c : pelab::colormap_lut(*colormap))
    std::cout << int(c.r) << ' ' << int(c.g) << ' ' << int(c.b) << '\n';
  return 0;
}

int load_table(const std::filesystem::path& file, const std::filesystem::path& out,
               const std::string& tensor) {
  const pelab::LoadedTable table = pelab::load_position_table(file, tensor);
  std::cout << table.description << "\n";
  pelab::write_npy(out, table.values);
  return 0;
}

int to_safetensors(const std::filesystem::path& in, const std::filesystem::path& out, const std::string& name,
                   const std::string& dtype) {
  const pelab::Matrix matrix = pelab::npy_to_matrix(pelab::read_npy(in), in.string());
  pelab::write_file_atomic(out, pelab::safetensors_encode({{name, matrix}}, dtype));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 2 && args[0] == "write") return write_known_arrays(args[1]);
    if (args.size() == 3 && args[0] == "check") return check_against_expectation(args[1], args[2]);
    if (args.size() == 2 && args[0] == "lut") return print_lut(args[1]);
    if ((args.size() == 3 || args.size() == 4) && args[0] == "table")
      return load_table(args[1], args[2], args.size() == 4 ? args[3] : std::string());
    if (args.size() == 5 && args[0] == "to-safetensors")
      return to_safetensors(args[1], args[2], args[3], args[4]);
  } catch (const std::exception& error) {
    std::cerr << "error: " << error.what() << "\n";
    return 1;
  }
  std::cerr << "usage: pelab_io_tool write <dir> | check <npy> <expected> | lut <colormap> |\n"
               "       table <file> <out.npy> [tensor] | to-safetensors <in.npy> <out> <name> <F32|F64>\n";
  return 2;
}
