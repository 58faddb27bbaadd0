#!/usr/bin/env bash
# Renders every screenshot the README shows into docs/screenshots (needs a Release build in build/
). Each is a headless `pelab --screenshot`, so they can be checked and redone any time.
set -euo pipefail
cd "$(dirname "$0")/.."
pelab=./build/app/pelab
out=docs/screenshots
mkdir -p "$out"
shot() {  # shot NAME SIZE ARGS...
  local name="$1" size="$2"
  shift 2
  "$pelab" "$@" --size "$size" --screenshot "$out/${name}_${size}.png" >/dev/null  # off screen: no X needed
}
presets=assets/presets
for size in 1280x800 1920x1080; do
  shot all "$size"
  for view in heatmap curves spectrum similarity rotation; do shot "$view" "$size" --view "$view"; done
  shot compare2 "$size" sinusoidal:base=10000 sinusoidal:base=100
  shot compare4 "$size" sinusoidal:dims=32 sinusoidal-concat:dims=32 fourier:dims=32 binary:dims=32
  shot rotation4 "$size" sinusoidal-concat:dims=32 integer:dims=32 fourier:dims=32 \
    sinusoidal:dims=32,start=1000000000 --view rotation
  shot gpt2 "$size" --session "$presets/gpt2_vs_sinusoidal.json"
  shot difference "$size" --session "$presets/base_10000_vs_100.json" --view difference
  shot scorecard "$size" --session "$presets/naive_encodings.json" --view scorecard
  shot gpt2_similarity "$size" --session "$presets/gpt2_vs_sinusoidal.json" --view similarity
  shot gpt2_curves "$size" --session "$presets/gpt2_vs_sinusoidal.json" --view curves
done
echo "screenshots written to $out"
