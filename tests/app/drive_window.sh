#!/bin/bash
# Drives the real pelab window under Xvfb with synthetic input (xdotool), as a user would, and checks
# the sessions it saves with Ctrl+S (the app's own record of its state) and that the window kept
# responding. Three parts, one per ctest case (gui.drive_window, gui.drive_lesson, gui.drive_taps),
# each under an X server of its own: with two parts under one server, in about one run in six the
# server was gone when the second part started ("cannot connect to display"), and the second part's
# result then said nothing about it.
#   window  type a value into N, arrow keys, drag the base slider, open a bad session with Ctrl+O,
#           drop a file that is not a table and then GPT-2's table on the window (XDND, xdnd_drop)
#   lesson  step a lesson in presenter mode with a clicker's keys, blanking included
#   taps    keys tapped faster than frames are drawn, in the window and in a lesson: each must count
#   editor  a lesson made in the lesson editor (Ctrl+L, Add this as a step, typed texts, Save), then
#           opened as a lesson: each step is the state that was on screen when it was added
#   follow  base dragged at 2000 x 1600 with the default five views: while the mouse is still held,
#           the views show the base under the mouse (screen grabs with x_grab, $PELAB_X_GRAB)
#   console the presenter console (a second window) beside the audience window: clicker keys in
#           either window step the one lesson, both windows follow, closing the console keeps
#           presenting; both windows are grabbed from the screen (x_grab, $PELAB_X_GRAB) into
#           CONSOLE_SHOTS (default: the work directory, removed); X_CLOSE_WINDOW is
#           tests/app/x_close_window.cpp's program
#   monitors with two monitors (two_monitors.sh runs this part), the console opens on the monitor
#           the audience window is not on, and the audience window goes full screen on its own one;
#           Ctrl+Shift+F5 and Alt+F5 open the console, Shift+F5 presents without it
# Usage (under xvfb-run -s "-screen 0 1280x800x24"): drive_window.sh PELAB XDND_DROP GPT2_NPY [PART]
# PART is window, lesson, taps, editor, follow, console or monitors; without it, window then lesson.
set -u
pelab="$1"
xdnd_drop="$2"
gpt2_table="$3"
part="${4:-both}"
work=$(mktemp -d)
export XDG_CONFIG_HOME="$work/config"
failures=0
check() {  # check DESCRIPTION PYTHON-EXPRESSION-ON-session (prints the selection when it fails)
  if /usr/bin/python3 -c "import json,sys; s=json.load(open('$XDG_CONFIG_HOME/pelab/session.json')); sys.exit(0 if ($2) else 1)"; then
    echo "ok: $1"
  else
    echo "FAILED: $1"; failures=$((failures + 1))
    /usr/bin/python3 -c "import json; s=json.load(open('$XDG_CONFIG_HOME/pelab/session.json')); c=s['configs'][0]; print('  saved:', c['kind'], c['positions'], c['dims'], c['selection'])" 2>&1
  fi
}
# A deliberate press: held across frames (a sanitizer build's frame can take 100 ms), as a hand holds
# a key, and released before ImGui's key repeat starts (0.275 s), or one press counts as several. One xdotool process times the hold: starting a second one for the
# release can take longer than the hold itself on a loaded machine.
key() { xdotool keydown "$1" sleep 0.2 keyup "$1"; sleep 0.5; }
# A modifier is held across whole frames too: pressed and released inside one frame, it is not seen.
chord() { xdotool keydown "$1"; sleep 0.2; key "$2"; xdotool keyup "$1"; }
start() {
  "$pelab" --size 1280x800 --lang en "$@" >"$work/log" 2>&1 &
  pid=$!
  # A sanitizer build on a loaded machine can take many seconds to open its window.
  local shown=0
  for _ in $(seq 300); do
    if xdotool search --onlyvisible --name '^pelab$' >/dev/null 2>&1; then shown=1; break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if [ "$shown" = 0 ]; then echo "FAILED: no pelab window within 30 s"; alive_or_report; fi
  sleep 1.5
}
# The window must still be running; when it is not, its output says why (a sanitizer report, a GL error).
alive_or_report() {
  if kill -0 "$pid" 2>/dev/null; then
    echo "ok: the window is still running"
  else
    wait "$pid"; status=$?
    echo "FAILED: the window died (exit status $status), its output:"; cat "$work/log"
    xdotool getdisplaygeometry >/dev/null 2>&1 || echo "  (the X server $DISPLAY is gone too)"
    failures=$((failures + 1))
  fi
}
# Waits up to 15 s for a line of the app's output (a notice is printed as it is shown): on a loaded
# machine frames are slow, and queued keys reach the app a frame at a time.
wait_for_log() {
  for _ in $(seq 150); do grep -q "$1" "$work/log" && return 0; sleep 0.1; done
  return 1
}
# Sets `console` to the presenter console's window, waiting up to 30 s for it ("" when none shows).
find_console() {
  console=""
  for _ in $(seq 300); do
    console=$(xdotool search --onlyvisible --name 'presenter console' 2>/dev/null | head -1)
    [ -n "$console" ] && break
    sleep 0.1
  done
}
save() { rm -f "$XDG_CONFIG_HOME/pelab/session.json"; chord ctrl s; sleep 0.5; }
# Quick taps, as a clicker or a fast hand sends them: each key pressed and released with no wait, all
# of them inside about one frame. 2 ms between taps: GLFW on X11 drops a key's press that has the same
# X server time (in milliseconds) as its previous press (its filter for presses doubled by the input
# method), which no hand can do.
taps() {
  local command=()
  for key in "$@"; do command+=(keydown "$key" keyup "$key" sleep 0.002); done
  xdotool "${command[@]}"; sleep 0.8
}

if [ "$part" = window ] || [ "$part" = both ]; then
start
# N: Ctrl+click the slider, type 30 (it passes through 3 on the way), Enter.
xdotool mousemove 223 218; sleep 0.2
xdotool keydown ctrl; sleep 0.2; xdotool mousedown 1; sleep 0.2; xdotool mouseup 1; sleep 0.2; xdotool keyup ctrl
sleep 0.4; chord ctrl a; sleep 0.2; xdotool type --delay 120 30; sleep 0.3; key Return
xdotool mousemove 900 790; sleep 0.3
key Down; key Down; key Down; key Right
# base: drag the slider's grab to the left.
xdotool mousemove 250 276 mousedown 1; for x in 230 200 170 150; do sleep 0.1; xdotool mousemove $x 276; done
sleep 0.2; xdotool mouseup 1; sleep 0.3; xdotool mousemove 900 790; sleep 0.3
save
check "typed N = 30 is applied" "s['configs'][0]['positions'] == 30"
check "p kept at 20 while N passed 3, then moved by 3 arrow presses" "s['configs'][0]['selection']['position'] == 23"
check "i moved by the right arrow" "s['configs'][0]['selection']['dimension'] == 7"
check "base dragged down from 10000" "s['configs'][0]['base'] < 1000"
# A bad session from Ctrl+O: refused with a notice, the window keeps working.
echo '{"pelab_session": 2, "configs": [{"dims": "many"}]}' >"$work/bad.json"
chord ctrl o; sleep 0.5
chord ctrl a; sleep 0.2; xdotool type --delay 40 "$work/bad.json"; sleep 0.2; key Return
if wait_for_log "session refused"; then echo "ok: bad session refused"; else echo "FAILED: bad session"; failures=$((failures + 1)); fi
save
check "the state survived the refused session" "s['configs'][0]['positions'] == 30"
# Files dropped on the window as a file manager drops them: first one that only looks like a table
# (refused with a notice, nothing changes), then GPT-2's table (the configuration becomes learned).
printf '\x93NUMPY\x01\x00\x10\x00{not a header}   \n' >"$work/bad.npy"
window=$(xdotool search --name '^pelab$' | head -1)
if "$xdnd_drop" "$window" "$work/bad.npy" 800 400; then echo "ok: the window took the bad drop"; else echo "FAILED: drop of bad.npy"; failures=$((failures + 1)); fi
if wait_for_log "cannot open the table: .*bad.npy"; then echo "ok: bad table refused with a notice"; else echo "FAILED: no notice for bad.npy"; failures=$((failures + 1)); fi
save
check "the state survived the refused table" "s['configs'][0]['kind'] == 'sinusoidal' and s['configs'][0]['positions'] == 30"
"$xdnd_drop" "$window" "$gpt2_table" 800 400 || { echo "FAILED: drop of the GPT-2 table"; failures=$((failures + 1)); }
sleep 1
save
check "the dropped GPT-2 table is the configuration now" \
  "s['configs'][0]['kind'] == 'learned' and s['configs'][0]['dims'] == 768 and s['configs'][0]['table'].endswith('gpt2_wpe_64x768.npy')"
alive_or_report
kill "$pid"; wait "$pid" 2>/dev/null
fi

if [ "$part" = lesson ] || [ "$part" = both ]; then
# A lesson in presenter mode: F5; B blanks the screen, and PageDown while blanked does nothing (no
# step goes by unseen); B shows the slide again; two steps forward with PageDown, one back with
# PageUp, one forward with Space, leave with Escape, save: the session is the state of step 3 of
# lesson 3 (with the blanked PageDowns counted it would be step 5).
start --lesson 3
key F5; key b; key Next; key Next; key b; key Next; key Next; key Prior; key space; key Escape
save
check "lesson 3, step 3 shown after F5, B, 2 x PageDown (blanked), B, PageDown, PageDown, PageUp, Space" \
  "s['configs'][0]['positions'] == 128 and s['configs'][0]['selection']['dimension'] == 1"
alive_or_report
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
fi
if [ "$part" = taps ]; then
# ImGui 1.86 sees a key only as held or not when a frame starts, so taps between two frames
# were lost (5 quick Down taps moved p by 4, Backspace counted 2 of 5). Every tap must count: p, text
# in a field, and a lesson's PageDown and B.
start
xdotool mousemove 900 790; sleep 0.3
taps Down Down Down Down Down
save
check "5 quick Down taps move p from 20 to 25" "s['configs'][0]['selection']['position'] == 25"
taps Up Right Down Right Right
save
check "quick Up, Right, Down, Right, Right: p 25, i from 6 to 9" \
  "s['configs'][0]['selection']['position'] == 25 and s['configs'][0]['selection']['dimension'] == 9"
# N: Ctrl+click the slider, Ctrl+A, then typed with no wait between keys: 64999999, 5 Backspaces, Enter.
xdotool mousemove 223 218; sleep 0.2
xdotool keydown ctrl; sleep 0.2; xdotool mousedown 1; sleep 0.2; xdotool mouseup 1; sleep 0.2; xdotool keyup ctrl
sleep 0.4; chord ctrl a; sleep 0.2
xdotool type --delay 0 64999999
taps BackSpace BackSpace BackSpace BackSpace BackSpace Return
xdotool mousemove 900 790; sleep 0.3
save
# With 4 of 5 Backspaces N would be 6499; with fewer, 16384 (the largest N).
check "typed 64999999 and 5 quick Backspaces: N = 649" "s['configs'][0]['positions'] == 649"
alive_or_report
kill "$pid"; wait "$pid" 2>/dev/null
# A lesson in presenter mode: 4 quick PageDowns go from the first step to the fifth (two
# configurations, the second labelled "i ≈ 40"); then B, PageDown, PageDown, B, PageUp, quick: blanked,
# the two PageDowns do nothing, and PageUp goes back to the fourth step (the spectrum alone). Were B and
# a PageDown seen in one frame, the lesson would step before it blanked and end on the fifth step.
start --lesson 3
key F5; taps Next Next Next Next; key Escape
save
check "4 quick PageDowns: lesson 3 at its fifth step" \
  "len(s['configs']) == 2 and s['configs'][1]['label'] == 'i ≈ 40'"
key F5; taps b Next Next b Prior; key Escape
save
check "quick B, PageDown, PageDown (blanked), B, PageUp: back at the fourth step" \
  "len(s['configs']) == 1 and s['layout']['views'] == ['spectrum']"
alive_or_report
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
fi
if [ "$part" = editor ]; then
# The editor opens at the right over the views, its size fixed by the font (18 px at 1280 x 800), so
# its fields are at known places: file name (873, 61), title (992, 142), "Add this as a step"
# (804, 176), the step's text (992, 383), Save (754, 647) under the step's animation row; its title
# bar (1000, 28) takes a click that ends typing without Escape (which would undo the typing).
same_state() {  # same_state DESCRIPTION CAPTURED.json: the saved session equals a captured one, ui aside
  if /usr/bin/python3 - "$XDG_CONFIG_HOME/pelab/session.json" "$2" <<'PY'; then echo "ok: $1"; else echo "FAILED: $1"; failures=$((failures + 1)); fi
import json, sys
a, b = (json.load(open(path)) for path in sys.argv[1:3])
for s in (a, b):
    s.pop("ui", None)
sys.exit(0 if a == b else 1)
PY
}
field() { xdotool mousemove "$1" "$2" click 1; sleep 0.4; chord ctrl a; sleep 0.2; xdotool type --delay 60 "$3"; sleep 0.3; xdotool mousemove 1000 28 click 1; sleep 0.4; }
start
xdotool mousemove 400 790; sleep 0.3
key Down; key Down; key Down
save; cp "$XDG_CONFIG_HOME/pelab/session.json" "$work/first.json"
chord ctrl l; sleep 0.5
xdotool mousemove 804 176 click 1; sleep 0.5
field 992 383 "The first step."
field 992 142 "Driven"
xdotool mousemove 400 790; sleep 0.3
key Right; key Right; key Down
save; cp "$XDG_CONFIG_HOME/pelab/session.json" "$work/second.json"
xdotool mousemove 804 176 click 1; sleep 0.5
field 992 383 "The second step."
field 873 61 "driven"
xdotool mousemove 754 647 click 1
if wait_for_log "Lesson saved: .*lessons/driven.json"; then echo "ok: the lesson was saved"; else echo "FAILED: no 'Lesson saved' notice"; cat "$work/log"; failures=$((failures + 1)); fi
alive_or_report
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
lesson="$XDG_CONFIG_HOME/pelab/lessons/driven.json"
if /usr/bin/python3 -c "import json,sys; l=json.load(open('$lesson')); sys.exit(0 if l['title_en'] == 'Driven' and [s['text_en'] for s in l['steps']] == ['The first step.', 'The second step.'] else 1)"; then
  echo "ok: title and the two steps' texts as typed"
else
  echo "FAILED: title or texts"; cat "$lesson"; failures=$((failures + 1))
fi
if "$pelab" --list-lessons | grep -q "^driven  *2 steps  Driven"; then echo "ok: --list-lessons lists it"; else echo "FAILED: --list-lessons"; failures=$((failures + 1)); fi
# Opened as a lesson: the first step, then (presenter mode, PageDown) the second, each saved.
start --lesson driven
save
same_state "step 1 loads as the state captured when it was added (p 23)" "$work/first.json"
key F5; key Next; key Escape
save
same_state "step 2 loads as the state captured when it was added (p 24, i 8)" "$work/second.json"
alive_or_report
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
fi
if [ "$part" = follow ]; then
# The views follow a slider while it moves: hold the base slider at one place until the workers are
# done, grab the views, move on and grab again, still held; then let go and grab once more. The
# views while held must already be what they are after the release (not dimmed, not waiting for the
# drag to end), and the two held places must show different bases.
start sinusoidal:positions=2000,dims=1600
views_area="420 40 850 720"  # right of the sidebar, above the status bar, at 1280 x 800
grab() { "${PELAB_X_GRAB:?x_grab}" $views_area "$work/$1.ppm" >/dev/null || { echo "FAILED: x_grab $1"; failures=$((failures + 1)); }; }
xdotool mousemove 250 276 mousedown 1; sleep 0.2
xdotool mousemove 240 276; sleep 0.1; xdotool mousemove 230 276; sleep 4; grab held1
for x in 215 200 185 170; do xdotool mousemove $x 276; sleep 0.1; done
sleep 4; grab held2
xdotool mouseup 1; sleep 0.3; xdotool mousemove 900 790; sleep 4; grab released
save
check "base dragged down from 10000" "s['configs'][0]['base'] < 5000"
# Fraction of pixels with a channel more than 24 levels apart.
differing() {
  /usr/bin/python3 -c "
import sys
def ppm(path):
    data = open(path, 'rb').read()
    head = data.split(b'\n', 3)
    return head[3]
a, b = ppm('$work/$1.ppm'), ppm('$work/$2.ppm')
n = len(a) // 3
d = sum(1 for k in range(0, len(a), 3) if max(abs(a[k] - b[k]), abs(a[k+1] - b[k+1]), abs(a[k+2] - b[k+2])) > 24)
print('%.4f' % (d / n))"
}
moved=$(differing held1 held2)
settled=$(differing held2 released)
echo "views: $moved of the pixels differ between the two held places, $settled between held and released"
if /usr/bin/python3 -c "import sys; sys.exit(0 if ${moved:-0} > 0.03 else 1)"; then
  echo "ok: the views changed while the slider was held"
else
  echo "FAILED: the views did not change between two held places of the slider"; failures=$((failures + 1))
fi
if /usr/bin/python3 -c "import sys; sys.exit(0 if ${settled:-1} < 0.02 else 1)"; then
  echo "ok: while held, the views already showed what they show after the release"
else
  echo "FAILED: the views while the slider was held differ from after its release"; failures=$((failures + 1))
fi
alive_or_report
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
fi
if [ "$part" = console ]; then
# Lesson 4 presented with its console (as a lecturer starts it): the console's title carries the step
# counter, so `xdotool getwindowname` reads where the console is; the audience window's state is read
# from the session it saves (Ctrl+S, after Esc: presenting takes the keys).
shots="${CONSOLE_SHOTS:-$work}"
mkdir -p "$shots"
start --lesson 04_offset_rotation --present --presenter-console
find_console
audience=$(xdotool search --onlyvisible --name '^pelab$' 2>/dev/null | head -1)
# Waits up to 15 s for the console's title to end with a counter.
console_at() {
  for _ in $(seq 150); do
    case "$(xdotool getwindowname "$console" 2>/dev/null)" in *" $1") return 0 ;; esac
    sleep 0.1
  done
  echo "  console title: $(xdotool getwindowname "$console" 2>/dev/null)"
  return 1
}
expect() {  # expect DESCRIPTION COUNTER
  if console_at "$2"; then echo "ok: $1"; else echo "FAILED: $1"; failures=$((failures + 1)); fi
}
# Keys sent to one window (XSendEvent to it, whichever window has the focus).
key_to() { xdotool key --window "$1" "$2"; sleep 0.5; }
# A window's rectangle grabbed from the screen, drawn on top first (no window manager: raising is
# restacking); prints how many colours it holds and the per mille drawn (x_grab).
capture() {  # capture WINDOW OUT.png
  xdotool windowraise "$1"; sleep 1.0
  eval "$(xdotool getwindowgeometry --shell "$1")"
  "${PELAB_X_GRAB:?x_grab}" "$X" "$Y" "$WIDTH" "$HEIGHT" "$2"
}
if [ -z "$console" ] || [ -z "$audience" ]; then
  echo "FAILED: no presenter console window beside the audience window"; failures=$((failures + 1))
  cat "$work/log"
else
  expect "the console opens at the first step" "1 / 7"
  # A clicker's key goes to the window with the focus: the console, clicked by the lecturer.
  xdotool windowfocus --sync "$console" 2>/dev/null; sleep 0.3
  key Next
  expect "PageDown with the focus on the console: the second step" "2 / 7"
  for _ in 1 2 3; do key_to "$console" Next; done
  expect "3 more PageDowns sent to the console: the fifth step" "5 / 7"
  key_to "$audience" Prior
  expect "PageUp sent to the audience window: the console follows to the fourth step" "4 / 7"
  key_to "$console" b; key_to "$console" Next
  expect "blanked from the console, PageDown does nothing" "4 / 7"
  key_to "$audience" b
  read -r colours drawn < <(capture "$audience" "$shots/audience.png")
  if [ "$colours" -gt 500 ]; then echo "ok: the audience window shows the slide ($colours colours)"
  else echo "FAILED: the audience window looks empty ($colours colours)"; failures=$((failures + 1)); fi
  capture "$console" "$shots/console.png" >/dev/null
  # The console's right half below its top line holds the next step's picture: a slide covers a
  # fifth of it (measured 19 %); at the last step there is one line of text there (under 1 %).
  next_half() {  # next_half OUT.png: prints the per mille drawn on the console's right half
    eval "$(xdotool getwindowgeometry --shell "$console")"
    "${PELAB_X_GRAB:?x_grab}" $((X + WIDTH / 2)) $((Y + 100)) $((WIDTH / 2)) $((HEIGHT - 100)) "$1" |
      cut -d' ' -f2
  }
  drawn=$(next_half "$shots/console_next.png")
  if [ "$drawn" -gt 100 ]; then echo "ok: the console shows the next slide ($drawn per mille drawn)"
  else echo "FAILED: the console shows no picture of the next slide ($drawn per mille drawn)"; failures=$((failures + 1)); fi
  for _ in 1 2 3; do key_to "$console" Next; done
  expect "3 more PageDowns sent to the console: the last step" "7 / 7"
  sleep 1
  drawn=$(next_half "$shots/console_last.png")
  if [ "$drawn" -lt 20 ]; then echo "ok: at the last step the console shows no next slide ($drawn per mille drawn)"
  else echo "FAILED: a picture at the last step ($drawn per mille drawn)"; failures=$((failures + 1)); fi
  for _ in 1 2 3; do key_to "$console" Prior; done
  expect "3 PageUps sent to the console: back at the fourth step" "4 / 7"
  # Closed as a window manager closes it: presenting goes on in the audience window.
  "${X_CLOSE_WINDOW:-x_close_window}" "$console"
  for _ in $(seq 50); do xdotool search --onlyvisible --name 'presenter console' >/dev/null 2>&1 || break; sleep 0.1; done
  if xdotool search --onlyvisible --name 'presenter console' >/dev/null 2>&1; then
    echo "FAILED: the console did not close"; failures=$((failures + 1))
  else
    echo "ok: the console closed"
  fi
  xdotool windowfocus --sync "$audience" 2>/dev/null
  key Next; key Escape
  save
  check "after the console closed, PageDown still steps (presenting went on): lesson 4's fifth step" \
    "s['configs'][0]['positions'] == 128 and s['configs'][0]['dims'] == 512"
fi
alive_or_report
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
fi
if [ "$part" = monitors ]; then
# The monitors (two_monitors.conf): left 0,0 1024 x 768, right 1024,0 1280 x 800. A 1024 x 768 console
# centred on the right one is at 1024 + (1280 - 1024) / 2 = 1152, (800 - 768) / 2 = 16; on the left one
# it fills it, at 0,0.
geometry_of() {  # geometry_of WINDOW: "X Y WIDTH HEIGHT"
  eval "$(xdotool getwindowgeometry --shell "$1")"; echo "$X $Y $WIDTH $HEIGHT"
}
expect_geometry() {  # expect_geometry DESCRIPTION WINDOW "X Y WIDTH HEIGHT": waits up to 10 s
  local now=""
  for _ in $(seq 100); do now=$(geometry_of "$2" 2>/dev/null); [ "$now" = "$3" ] && break; sleep 0.1; done
  if [ "$now" = "$3" ]; then echo "ok: $1 ($now)"; else echo "FAILED: $1: at $now, not $3"; failures=$((failures + 1)); fi
}
find_audience() { audience=$(xdotool search --onlyvisible --name '^pelab$' 2>/dev/null | head -1); }
# console_opened BY: true when the console came; otherwise FAILED with the app's output.
console_opened() {
  find_console
  if [ -n "$console" ] && [ -n "$audience" ]; then echo "ok: $1 opened the presenter console"; return 0; fi
  echo "FAILED: $1 opened no presenter console beside the audience window"; failures=$((failures + 1))
  cat "$work/log"
  return 1
}
stop_window() { alive_or_report; kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; }
# Started presenting with the console: the window opened at 0,0 (no window manager), most of it on
# the left monitor.
start --lesson 04_offset_rotation --present --presenter-console
find_audience
if console_opened --presenter-console; then
  expect_geometry "the audience window is full screen on the left monitor" "$audience" "0 0 1024 768"
  expect_geometry "the console is centred on the right monitor" "$console" "1152 16 1024 768"
fi
stop_window
# The window moved to the right monitor first, then Ctrl+Shift+F5 (the key window managers leave alone).
start --lesson 04_offset_rotation
find_audience
xdotool windowmove --sync "$audience" 1024 0; sleep 0.5
xdotool windowfocus --sync "$audience" 2>/dev/null
xdotool keydown ctrl keydown shift; sleep 0.2; key F5; xdotool keyup shift keyup ctrl
if console_opened Ctrl+Shift+F5; then
  expect_geometry "the audience window is full screen on the right monitor" "$audience" "1024 0 1280 800"
  expect_geometry "the console fills the left monitor" "$console" "0 0 1024 768"
fi
stop_window
# F5 with Shift (as some clickers send it) presents without the console; Alt+F5 then opens it.
start --lesson 04_offset_rotation
find_audience
xdotool windowfocus --sync "$audience" 2>/dev/null
chord shift F5
expect_geometry "Shift+F5 presents: full screen on the left monitor" "$audience" "0 0 1024 768"
if xdotool search --onlyvisible --name 'presenter console' >/dev/null 2>&1; then
  echo "FAILED: Shift+F5 opened the presenter console"; failures=$((failures + 1))
else
  echo "ok: Shift+F5 opened no presenter console"
fi
chord alt F5
if console_opened Alt+F5; then
  expect_geometry "Alt+F5 opened the console on the right monitor" "$console" "1152 16 1024 768"
fi
stop_window
fi
rm -rf "$work"
echo "drive_window: $failures failed"
exit $((failures > 0))
