// The browser's presenter console: none. A page is one canvas, and a second window would be a popup
// the browser may block; the request says so in a notice (run/presenter_console.hpp).
#include "run/presenter_console.hpp"

#include "state/i18n.hpp"

namespace pelab::app::run {

struct PresenterConsole::Impl {};

PresenterConsole::PresenterConsole() = default;
PresenterConsole::~PresenterConsole() = default;

void PresenterConsole::update(gfx::Window&, ui::AppContext& app) {
  if (!app.requests.open_presenter_console) return;
  app.requests.open_presenter_console = false;
  ui::add_notice(app, tr("console.unavailable"), false);
}

bool PresenterConsole::busy() const { return false; }

std::chrono::duration<double> PresenterConsole::idle_timeout(const ui::AppContext&) const {
  return std::chrono::hours(1);
}

}  // namespace pelab::app::run
