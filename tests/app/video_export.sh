#!/usr/bin/env bash
# Animations as videos (pelab --animate ... --export-video), off screen: what FFmpeg's own tools
# (Debian's ffmpeg package: ffprobe, ffmpeg) read back from each file — codec, size, frame rate,
# frame count — and one decoded frame against the screenshot of the same state; refusals leave no file.
# Usage: video_export.sh PELAB SCRATCH_DIR
set -u
pelab="$1"
scratch="$2"
rm -rf "$scratch"
mkdir -p "$scratch"
failures=0
fail() {
  echo "FAILED: $*"
  failures=$((failures + 1))
}
for tool in ffprobe ffmpeg; do
  command -v "$tool" >/dev/null || { echo "FAILED: $tool is missing (Debian package ffmpeg)"; exit 1; }
done
config=sinusoidal:positions=64,dims=32
# The smallest size at which the rotation view shows beside the sidebar.
size=640x400

# probe FILE: codec_name=..., width=..., height=..., r_frame_rate=..., nb_read_frames=... (decoded).
probe() {
  ffprobe -v error -select_streams v:0 -count_frames \
    -show_entries stream=codec_name,width,height,r_frame_rate,nb_read_frames -of default=nw=1 "$1"
}
expect_probe() {  # file, expected lines
  local file="$1" got
  shift
  got=$(probe "$file" | sort)
  local want
  want=$(printf '%s\n' "$@" | sort)
  [ "$got" = "$want" ] || fail "$file: ffprobe says
$got
expected
$want"
}
# psnr A.png B.png: the mean PSNR in dB of B against A (inf when equal), above the status bar (its
# bottom 40 px print each computation's time, which differ from run to run and more in a slow build).
psnr() {
  ffmpeg -v info -nostdin -i "$1" -i "$2" \
    -lavfi "[0:v]crop=iw:ih-40:0:0[a];[1:v]crop=iw:ih-40:0:0[b];[a][b]psnr" -f null - 2>&1 |
    sed -n 's/.*PSNR.* average:\([0-9.inf]*\).*/\1/p'
}
at_least() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a == "inf" || a + 0 >= b + 0) }'; }
# frames_against REFERENCE.png VIDEO SAME OTHER WHAT: decodes frames SAME and OTHER of VIDEO; frame SAME
# must be REFERENCE (WHAT) up to the codec's loss (PSNR at least 33 dB), and frame OTHER must not be,
# so the comparison can fail.
frames_against() {
  local reference="$1" video="$2" same="$3" other="$4" what="$5" n
  local frame="$scratch/$(basename "$video")_frame"
  for n in "$same" "$other"; do
    ffmpeg -v error -nostdin -y -i "$video" -vf "select=eq(n\,$n)" -frames:v 1 "$frame$n.png" ||
      fail "ffmpeg could not decode frame $n of $video"
  done
  local same_db other_db
  same_db=$(psnr "$reference" "$frame$same.png")
  other_db=$(psnr "$reference" "$frame$other.png")
  echo "PSNR of $video against $what: frame $same $same_db dB, frame $other $other_db dB"
  at_least "$same_db" 33 || fail "frame $same of $video is not $what (PSNR $same_db dB < 33)"
  at_least "$other_db" 33 && fail "frame $other of $video looks like $what (PSNR $other_db dB): the animation did not move"
}

# 1. MP4: k from 0 to 8 over 5 frames (k = 0, 2, 4, 6, 8), progress on stderr.
"$pelab" "$config" --view rotation --animate k=0:8 --seconds 0.5 --fps 10 --size "$size" --gl offscreen \
  --export-video "$scratch/k.mp4" >"$scratch/mp4.out" 2>"$scratch/mp4.err"
status=$?
[ "$status" -eq 0 ] || fail "mp4 export exited $status: $(cat "$scratch/mp4.err")"
grep -q "video frame 5/5" "$scratch/mp4.err" || fail "no progress line 'video frame 5/5' on stderr: $(cat "$scratch/mp4.err")"
grep -q "wrote $scratch/k.mp4 (640x400, 10 fps)" "$scratch/mp4.out" || fail "mp4: $(cat "$scratch/mp4.out")"
expect_probe "$scratch/k.mp4" codec_name=h264 width=640 height=400 r_frame_rate=10/1 nb_read_frames=5

# Frame 3 shows k = 6: it must be the screenshot of k = 6 up to H.264's loss, and frame 0 (k = 0)
# must not be, so the comparison can fail.
"$pelab" "pelab:?c=$config&view=rotation&k=6" --size "$size" --gl offscreen --screenshot "$scratch/k6.png" \
  >/dev/null 2>"$scratch/shot.err" || fail "screenshot of k=6: $(cat "$scratch/shot.err")"
frames_against "$scratch/k6.png" "$scratch/k.mp4" 3 0 "the k=6 screenshot"

# 2. WebM (VP9) and GIF, base moving (a CONFIG key, recomputed by the workers for every frame).
"$pelab" "$config" --view heatmap --animate base=100:10000 --seconds 0.3 --fps 10 --size "$size" --gl offscreen \
  --export-video "$scratch/base.webm" >/dev/null 2>"$scratch/webm.err" || fail "webm: $(cat "$scratch/webm.err")"
expect_probe "$scratch/base.webm" codec_name=vp9 width=640 height=400 r_frame_rate=10/1 nb_read_frames=3
"$pelab" "$config" --view curves --animate p=0:63 --seconds 0.4 --fps 10 --size "$size" --gl offscreen \
  --export-video "$scratch/p.GIF" >/dev/null 2>"$scratch/gif.err" || fail "gif: $(cat "$scratch/gif.err")"
expect_probe "$scratch/p.GIF" codec_name=gif width=640 height=400 r_frame_rate=10/1 nb_read_frames=4

# 3. Refusals: a message naming the problem, a non-zero exit, no file and no temporary file.
refused() {  # expected message part, arguments... (a CONFIG and --size are added unless given)
  local message="$1"
  shift
  local defaults=("$config" --size "$size")
  [[ " $* " == *" --size "* ]] && defaults=("$config")
  [[ " $* " == *" integer "* ]] && defaults=(--size "$size")
  "$pelab" "${defaults[@]}" --view rotation --gl offscreen "$@" >"$scratch/refused.out" 2>"$scratch/refused.err"
  local status=$?
  [ "$status" -ne 0 ] || fail "accepted: $*"
  grep -qF -- "$message" "$scratch/refused.err" || fail "$*: expected '$message' on stderr, got: $(cat "$scratch/refused.err")"
}
refused "unknown parameter 'q'" --animate q=0:3 --export-video "$scratch/bad1.mp4"
refused "expected NAME=FROM:TO" --animate k=3 --export-video "$scratch/bad2.mp4"
refused "k = 99999 is outside 0..63" --animate k=0:99999 --export-video "$scratch/bad3.mp4"
refused "'x' is not a number" --animate base=x:3 --export-video "$scratch/bad4.mp4" 
refused "does not apply to kind integer" --animate base=10:100 --export-video "$scratch/bad5.mp4" integer
refused "name it .mp4 (H.264), .webm (VP9) or .gif" --animate k=0:3 --export-video "$scratch/bad6.avi"
refused "--export-video and --animate go together" --export-video "$scratch/bad7.mp4"
refused "--fps must be 1 to 120" --animate k=0:3 --fps 0 --export-video "$scratch/bad8.mp4"
refused "even width and height" --animate k=0:3 --export-video "$scratch/bad9.mp4" --size 321x240
refused "cannot write" --animate k=0:3 --seconds 0.1 --export-video "$scratch/missing-dir/x.mp4"
# The encoder runs, then the rename onto a directory fails: the temporary file must go too.
mkdir -p "$scratch/taken.mp4/inside"
refused "cannot write $scratch/taken.mp4" --animate k=0:3 --seconds 0.2 --export-video "$scratch/taken.mp4"
[ -d "$scratch/taken.mp4/inside" ] || fail "the directory in the way was changed"
leftovers=$(find "$scratch" -name '*.part-*' -o -name 'bad*')
[ -z "$leftovers" ] || fail "files left behind by refused exports: $leftovers"

# 4. A lesson step's animation: --export-slides writes its video beside its slide (the slide, as the
# class sees it), by the same exporter; the handout prints its range in one line. 0.5 s at 10 fps:
# k = 0, 2, 4, 6, 8 in 5 frames; the step without one has no video.
if command -v pdftotext >/dev/null; then have_pdftotext=1; else have_pdftotext=0; fi
cat >"$scratch/animated.json" <<'LESSON'
{"pelab_lesson": 1, "title_en": "Animated", "title_ko": "애니메이션 시험",
 "session": {"configs": [{"kind": "sinusoidal", "positions": 64, "dims": 32}],
             "layout": {"views": ["rotation"], "maximized": "rotation"}},
 "steps": [
   {"text_en": "k grows.", "text_ko": "k가 커집니다.",
    "animate": {"parameter": "k", "from": 0, "to": 8, "seconds": 0.5, "fps": 10}},
   {"text_en": "Still.", "text_ko": "멈춘 단계입니다."}]}
LESSON
for lang in en ko; do
  out="$scratch/slides_$lang"
  "$pelab" --lesson "$scratch/animated.json" --lang "$lang" --size "$size" --gl offscreen \
    --export-slides "$out" >"$scratch/slides.out" 2>"$scratch/slides.err"
  status=$?
  [ "$status" -eq 0 ] || fail "export-slides ($lang) exited $status: $(cat "$scratch/slides.err")"
  grep -q "wrote 2 slides, 1 video(s) and animated.pdf" "$scratch/slides.out" || fail "slides ($lang): $(cat "$scratch/slides.out")"
  [ -f "$out/step_01.mp4" ] || fail "no step_01.mp4 beside step_01.png ($lang)"
  [ -e "$out/step_02.mp4" ] && fail "step 2 has no animation but got a video ($lang)"
  expect_probe "$out/step_01.mp4" codec_name=h264 width=640 height=400 r_frame_rate=10/1 nb_read_frames=5
  duration=$(ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$out/step_01.mp4")
  awk -v d="$duration" 'BEGIN { exit !(d >= 0.49 && d <= 0.51) }' || fail "step_01.mp4 lasts $duration s, not 0.5"
  if [ "$have_pdftotext" -eq 1 ]; then
    text=$(pdftotext "$out/animated.pdf" - 2>/dev/null)
    if [ "$lang" = en ]; then line="animated: k 0 → 8 over 0.5 s"; else line="애니메이션: 0.5초 동안 k를 0 → 8"; fi
    grep -qF "$line" <<<"$text" || fail "the handout ($lang) has no line '$line': $text"
    [ "$(grep -cF "${line%% *}" <<<"$text")" -eq 1 ] || fail "the handout ($lang) says it more than once: $text"
  fi
done
# --no-video: the same slides and handout, no video.
"$pelab" --lesson "$scratch/animated.json" --size "$size" --gl offscreen --no-video \
  --export-slides "$scratch/slides_no_video" >"$scratch/slides.out" 2>"$scratch/slides.err" ||
  fail "export-slides --no-video: $(cat "$scratch/slides.err")"
grep -q "wrote 2 slides, 0 video(s) and animated.pdf" "$scratch/slides.out" || fail "slides --no-video: $(cat "$scratch/slides.out")"
[ -e "$scratch/slides_no_video/step_01.mp4" ] && fail "--no-video wrote step_01.mp4"
[ -f "$scratch/slides_no_video/step_01.png" ] || fail "--no-video wrote no step_01.png"
# The slide is the animation's end (k = 8): the video's last frame, not its first.
frames_against "$scratch/slides_en/step_01.png" "$scratch/slides_en/step_01.mp4" 4 0 "slide 1 (k=8)"
# --animation-at draws a step's animation at a time: at 0.25 s k = 4, at 0 s k = 0 (the first frame).
"$pelab" --lesson "$scratch/animated.json" --size "$size" --gl offscreen --animation-at 0 \
  --screenshot "$scratch/at0.png" >/dev/null 2>"$scratch/at.err" || fail "--animation-at 0: $(cat "$scratch/at.err")"
"$pelab" --lesson "$scratch/animated.json" --size "$size" --gl offscreen --animation-at 0.25 \
  --screenshot "$scratch/at25.png" >/dev/null 2>"$scratch/at.err" || fail "--animation-at 0.25: $(cat "$scratch/at.err")"
cmp -s "$scratch/at0.png" "$scratch/at25.png" && fail "--animation-at 0 and 0.25 drew the same picture"
refused "--animation-at needs --lesson and --screenshot" --animation-at 1 --screenshot "$scratch/bad10.png"

[ "$failures" -eq 0 ] && echo "video export: all checks passed"
exit $((failures > 0))
