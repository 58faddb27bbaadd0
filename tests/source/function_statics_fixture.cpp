// Input of the test source.no_function_statics_fixture (never compiled): no_function_statics.py must
// report exactly the lines ending in "// flagged". "static int in_a_comment;" is not code.
#include <array>
#include <string>
#include <vector>

#define STATIC_IN_A_MACRO static int macro_counter = 0;

namespace fixture {

static int file_scope_counter = 0;  // namespace scope: not a function's (and not this test's business)
static void helper() {}

struct Widget {
  static int instances;             // a static member
  static Widget make();             // a static member function
  static constexpr int limit = 4;   // a constant member
  static const std::string prefix;  // a static member
};

template <typename T>
struct Holder {
  static T value;
};

int counter() {
  static int calls = 0;  // flagged
  static constexpr int step = 2;
  static const int base = 10;
  static const char* const names[] = {"a", "b"};
  static const char* name = "mutable pointer";  // flagged
  static const std::array<double, 3> weights = {1.0, 2.0, 3.0};
  static const std::vector<int> table = {1, 2, 3};  // flagged
  static_assert(step == 2);
  const auto text = std::string("static int not_a_declaration;");
  const char quote = '{';
  return calls += step + base + static_cast<int>(text.size()) + quote;
}

void lambdas_and_blocks() {
  auto lambda = [] {
    static std::string cache;  // flagged
    return cache;
  };
  if (lambda().empty()) {
    static thread_local int per_thread = 0;  // flagged
    per_thread++;
  }
  struct Local {
    static void member() {}
  };
  Local::member();
}

Widget make_widget() {
  static Widget last;  // flagged
  return last;
}

const auto at_namespace_scope = [] {
  static int hidden = 0;  // flagged
  return ++hidden;
};

}  // namespace fixture
