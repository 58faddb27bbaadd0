// One string catalogue per test process, current from the first test case to the last, as pelab's
// main makes one (state/i18n.hpp: tr() reads the current catalogue); the tests load languages into it
// with load_strings or load_ui_strings.
#define CATCH_CONFIG_EXTERNAL_INTERFACES  // the listener base class
#include <catch2/catch.hpp>

#include "state/i18n.hpp"

namespace {

class CurrentStringCatalog : public Catch::TestEventListenerBase {
 public:
  using TestEventListenerBase::TestEventListenerBase;
  void testRunStarting(const Catch::TestRunInfo& info) override {
    TestEventListenerBase::testRunStarting(info);
    pelab::app::set_string_catalog(&strings_);
  }
  void testRunEnded(const Catch::TestRunStats& stats) override {
    pelab::app::set_string_catalog(nullptr);
    TestEventListenerBase::testRunEnded(stats);
  }

 private:
  pelab::app::StringCatalog strings_;
};

}  // namespace

CATCH_REGISTER_LISTENER(CurrentStringCatalog)
