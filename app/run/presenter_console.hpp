#pragma once
// The presenter console: a second window for the lecturer while the audience window shows the slide.
// It shows the step counter ("3 / 7"), a timer since presenting started (with a reset), the step's
// notes (its text, formula and "try this" prompt in the UI language) and the next step's picture;
// the clicker keys work in it as in the audience window (ui::lesson_keys, forwarded to that window's
// key queue), on the one lesson state. Closing it leaves presenting on. Opened by Alt+F5 (which also
// starts presenting), the sidebar's button beside Present, or `pelab --presenter-console`, all
// through app.requests.open_presenter_console.
//
// A seam chosen by app/gui.cmake: presenter_console_desktop.cpp (a second GLFW window,
// gfx/second_window.hpp) and presenter_console_none.cpp for the browser, whose page is one canvas:
// there the request becomes a notice saying so.
//
// The next step's picture is the slide the audience will see, made off screen the way slides are
// exported (the whole frame in presenter mode): by a second AppContext showing that step, with workers
// and caches of its own, so the audience window's data, GPU images and caches are never disturbed.
// It is made when the step (or the window's size, language, theme or font) changes, one off-screen
// frame per loop turn until its workers have delivered and the layout has settled, then kept as a
// texture: no frame renders it again, and no frame waits for its computation.
#include <chrono>
#include <memory>

#include "gfx/window.hpp"
#include "ui/app_ui.hpp"

namespace pelab::app::run {

class PresenterConsole {
 public:
  PresenterConsole();
  ~PresenterConsole();  // with the main window's GL context current (its textures go)
  PresenterConsole(const PresenterConsole&) = delete;
  PresenterConsole& operator=(const PresenterConsole&) = delete;

  // After the main window's frame (its GL context current, no ImGui frame open): opens the console
  // when asked, drops it when its window was closed, makes a piece of the next step's picture when
  // one is wanted, and draws the console's frame.
  void update(gfx::Window& main, ui::AppContext& app);
  // A picture is being made: the loop keeps turning until it is done.
  bool busy() const;
  // How long the loop may sleep before the console's timer shows another second.
  std::chrono::duration<double> idle_timeout(const ui::AppContext& app) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pelab::app::run
