#!/usr/bin/env bash
# Renders every screenshot the README and docs/guide.md show into docs/screenshots (needs a Release
# build in build/).
# Each is a headless `pelab --screenshot` (or --export-slides), so they can be checked and redone
# any time, with no X server.
set -euo pipefail
cd "$(dirname "$0")/.."
pelab=./build/bin/pelab
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
# The views for relative and rotary encodings (docs/screenshots/views: sessions for their settings).
views=$out/views
for size in 1280x800 1920x1080; do
  for view in rope bias attention norms pca; do shot "views/$view" "$size" --view "$view"; done
  shot views/rope_llama31 "$size" --session "$views/rope_llama31.json" --view rope
  for view in attention norms pca; do shot "views/${view}_compare2" "$size" sinusoidal learned --view "$view"; done
done
shot views/bias_t5 1920x1080 --session "$views/bias_t5.json" --view bias
shot views/norms_batch 1920x1080 --session "$views/norms_batch.json" --view norms
shot views/pca_gpt2 1920x1080 --session "$presets/gpt2_vs_sinusoidal.json" --view pca
# Slides as the audience sees them (presenter mode), in Korean at 1024x768 and English at 1920x1080.
slides() {  # slides LESSON STEP LANG SIZE NAME
  local dir
  dir=$(mktemp -d)
  "$pelab" --lesson "$1" --export-slides "$dir" --lang "$3" --size "$4" >/dev/null
  cp "$dir/step_$(printf %02d "$2").png" "$out/slides/$5_$3_step$2_$4.png"
  rm -rf "$dir"
}
mkdir -p "$out/slides"
slides 4 3 ko 1024x768 04_offset_rotation
slides 2 1 ko 1024x768 02_requirements
slides 7 5 ko 1024x768 07_long_context
slides 3 2 en 1920x1080 03_sinusoid
echo "screenshots written to $out"
