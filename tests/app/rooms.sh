#!/usr/bin/env bash
# The rooms of app/ depend one way (docs/architecture.md): state/ and plot/ stand alone, context/
# (the parts of AppContext) sees state/ and gfx/ only, gfx/ and
# ui/ never reach into run/ (a run mode installs what it needs in ui/, as the view census), and
# nothing but run/ and main.cpp includes run/. Prints every include that goes the wrong way.
set -u
app="$1/app"
bad=0
check() {  # room, forbidden rooms...
  local room="$1"
  shift
  for other in "$@"; do
    if grep -rn "#include \"$other/" "$app/$room"; then
      echo "app/$room must not include $other/ (see docs/architecture.md)"
      bad=1
    fi
  done
}
check state ui gfx plot run context
check plot ui gfx state run context
check gfx ui run context
check ui run
check context ui run
exit "$bad"
