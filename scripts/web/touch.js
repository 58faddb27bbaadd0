// Touch for pelab's page (index.html loads it before pelab.js). The canvas' touch events go to the
// program's own handling (app/gfx/touch_web.cpp: taps, drags, scrolling, long presses, pinches), in
// canvas pixels; emscripten's GLFW, which would press where the mouse last was, never sees them (this
// window listener stops them before they reach the canvas; other listeners on the window still
// count them), and the browser neither scrolls nor zooms the page nor
// makes mouse events of them (preventDefault). A text field taken by touch focuses a hidden input,
// which brings up the on-screen keyboard; what is typed there goes to the program.
"use strict";
(() => {
  const canvas = document.getElementById("canvas");
  canvas.style.touchAction = "none";
  const call = (name, ...args) => { if (typeof Module !== "undefined" && Module[name]) Module[name](...args); };
  const toCanvas = (touch) => {
    const box = canvas.getBoundingClientRect();
    return [(touch.clientX - box.left) * (canvas.width / box.width), (touch.clientY - box.top) * (canvas.height / box.height)];
  };
  let pinch = null;    // two fingers: the spread last sent
  let fingers = 0;     // fingers down on the canvas
  let ignoring = false;  // after a pinch, until every finger has lifted
  let downAt = 0;        // when the one finger went down (the event's time)
  const spread = (list) => {
    const [a, b] = [toCanvas(list[0]), toCanvas(list[1])];
    return { x: (a[0] + b[0]) / 2, y: (a[1] + b[1]) / 2, distance: Math.hypot(a[0] - b[0], a[1] - b[1]) };
  };
  const handle = (event) => {
    if (event.target !== canvas) return;
    event.preventDefault();
    event.stopPropagation();  // from the window on: the canvas' own listeners (GLFW's) never run
    const touches = event.touches;
    fingers = touches.length;
    if (event.type === "touchstart") {
      if (fingers === 1 && !ignoring) {
        downAt = event.timeStamp;
        call("_pelab_touch_start", ...toCanvas(touches[0]));
      } else if (fingers === 2 && !ignoring) {
        pinch = spread(touches);
        call("_pelab_touch_pinch", pinch.x, pinch.y, 1);
      }
    } else if (event.type === "touchmove") {
      if (pinch && fingers >= 2) {
        const now = spread(touches);
        call("_pelab_touch_pinch", now.x, now.y, pinch.distance > 0 ? now.distance / pinch.distance : 1);
        pinch = now;
      } else if (!pinch && !ignoring && fingers === 1) {
        call("_pelab_touch_move", ...toCanvas(touches[0]));
      }
    } else {  // touchend, touchcancel
      if (pinch) {
        pinch = null;
        ignoring = fingers > 0;
        if (!ignoring) call("_pelab_touch_end", -1, -1, 0);
      } else if (ignoring) {
        ignoring = fingers > 0;
      } else if (fingers === 0) {
        call("_pelab_touch_end", ...toCanvas(event.changedTouches[0]), event.timeStamp - downAt);
      }
    }
  };
  for (const type of ["touchstart", "touchmove", "touchend", "touchcancel"])
    window.addEventListener(type, handle, { capture: true, passive: false });

  // The on-screen keyboard. The input holds one space so that a backspace on an empty field still
  // reaches it; a character that also came as a key press (a real keyboard) went to GLFW already.
  const input = document.createElement("input");
  input.type = "text";
  input.autocomplete = "off";
  input.setAttribute("autocapitalize", "off");
  input.setAttribute("aria-hidden", "true");
  input.style.cssText = "position:absolute;left:0;bottom:0;width:1px;height:1px;opacity:0;border:0;padding:0;font-size:16px";
  const sentinel = " ";
  input.value = sentinel;
  let pressed = false;
  window.addEventListener("keypress", () => { pressed = true; }, true);
  const key = (code) => {  // a key as GLFW would get it from the keyboard (8: backspace)
    if (typeof GLFW === "undefined" || !GLFW.active) return;
    GLFW.onKeyChanged(code, 1);
    setTimeout(() => GLFW.onKeyChanged(code, 0), 40);
  };
  input.addEventListener("input", (event) => {
    if (!pressed) {
      if (event.inputType === "deleteContentBackward") key(8);
      else if (event.data) Module.ccall("pelab_text_input", null, ["string"], [event.data]);
      else if (event.inputType === "insertLineBreak") key(13);
    }
    pressed = false;
    input.value = sentinel;
    input.setSelectionRange(1, 1);
  });
  document.body.appendChild(input);
  // What the last frame drew where (text runs and heatmaps, canvas pixels), for tests.
  if (window.pelab)
    window.pelab.geometry = () => JSON.parse(Module.UTF8ToString(Module._pelab_geometry_json()));
  // Called by the program when a text field starts (1) or stops (0) taking text after a touch.
  window.pelabTouchTextInput = (focused) => {
    if (focused) {
      input.value = sentinel;
      input.focus({ preventScroll: true });
      input.setSelectionRange(1, 1);
    } else if (document.activeElement === input) {
      input.blur();
    }
  };
})();
