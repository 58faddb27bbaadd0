// The parts of app/gfx that need no GL context.
#include <catch2/catch.hpp>

#include "gfx/shader_program.hpp"

using namespace pelab::gfx;

TEST_CASE("shader compile logs are attributed to the file and line", "[gfx]") {
  CHECK(attribute_shader_log("0:12(5): error: `lut' undeclared\n", "shaders/heatmap.frag") ==
        "shaders/heatmap.frag:12: error: `lut' undeclared\n");
  CHECK(attribute_shader_log("0(7) : error C0000: syntax error", "heatmap.vert") ==
        "heatmap.vert:7: error C0000: syntax error\n");
  CHECK(attribute_shader_log("something odd\n\n", "x.frag") == "x.frag: something odd\n");
}

TEST_CASE("the shipped shaders are found", "[gfx]") {
  CHECK_FALSE(find_shader_file("heatmap.frag").empty());
  CHECK(find_shader_file("no_such_shader.frag").empty());
}
