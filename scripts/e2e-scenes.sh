# Sourced by e2e-inner.sh: drives each scene with the mouse and keyboard, as a person would,
# captures frames mid-gesture and checks pixel colours where cells must be. Each scene's run writes
# --stats; one line per scene reports its frame rate in this real window.

# One line from a --stats file: frames, median fps, p50/p99 frame times, the gesture figures, the
# work's median and the input-to-photon latency's p99.
stats_line() {   # scene file
  local j; j=$(tr -d ' \n' < "$2" 2>/dev/null || true)
  local frames gframes fps p50 p99 gfps
  frames=$(sed -n 's/^{"frames":\([0-9]*\),.*/\1/p' <<< "$j")
  fps=$(sed -n 's/^{"frames":[0-9]*,"fps_median":\([^,]*\),.*/\1/p' <<< "$j")
  p50=$(sed -n 's/^[^}]*"p50":\([^,]*\),.*/\1/p' <<< "$j")
  p99=$(sed -n 's/^[^}]*"p99":\([^,]*\),.*/\1/p' <<< "$j")
  gframes=$(sed -n 's/.*"gesture":{"frames":\([0-9]*\),.*/\1/p' <<< "$j")
  gfps=$(sed -n 's/.*"gesture":{"frames":[0-9]*,"fps_median":\([^,]*\),.*/\1/p' <<< "$j")
  # The top level's work and latency percentiles (the first "work_ms" and "latency_ms" objects).
  local work lat
  work=$(sed -n 's/^[^g]*"work_ms":{"p50":\([^,]*\),.*/\1/p' <<< "$j")
  lat=$(sed -n 's/^[^g]*"latency_ms":{"p50":[^,]*,"p90":[^,]*,"p99":\([^,]*\),.*/\1/p' <<< "$j")
  if [ -n "$frames" ] && [ "$frames" -gt 0 ] && [ -n "$gframes" ] && [ "$gframes" -gt 0 ]; then
    ok "stats $1: ${fps} fps median, p50 ${p50} ms, p99 ${p99} ms; gesture ${gfps} fps ($frames frames, $gframes in gestures); work p50 ${work} ms; latency p99 ${lat} ms"
  else
    bad "stats $1: no frames or no gesture frames in $2: $j"
  fi
}

# CPU time (user + system) of process $1 in clock ticks.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

pixel() { convert "$1" -format "%[pixel:p{$2,$3}]" info:; }         # e.g. srgb(255,59,48)
# The refined grid's selected red (#D70015) and normal grey (#636366): the drag checks run the
# refined variant, whose 40-pt grid the coordinates below are for (the seed grid is the source's
# plain 50-pt one; SceneScreenshotTests.seedDragGridHasTheSourcesLook checks it).
is_red() { case "$(pixel "$@")" in "srgb(215,0,21)"|"srgba(215,0,21,1)") return 0;; *) return 1;; esac; }
is_grey() { case "$(pixel "$@")" in "srgb(99,99,102)"|"srgba(99,99,102,1)") return 0;; *) return 1;; esac; }

"$BIN" run --scene drag --variant refined --record "$OUT/session.jsonl" --stats "$OUT/stats-drag.json" > "$OUT/scenes.log" 2>&1 &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Kinetic' | head -1)
sleep 2.5
# Nothing moves: the app waits for events instead of drawing (the help card leaves at 4 s).
c0=$(cpu_ticks $pid); sleep 2; c1=$(cpu_ticks $pid)
idle=$(( (c1 - c0) * 100 / $(getconf CLK_TCK) / 2 ))
[ "$idle" -lt 10 ] && ok "idle: ${idle} % of a core over 2 s with nothing moving" || bad "idle: ${idle} % of a core over 2 s with nothing moving"
move() { xdotool mousemove --window "$wid" "$1" "$2"; }
click() { move "$1" "$2"; sleep 0.05; xdotool click 1; sleep 0.15; }
# The grid fills the 980 pt left of the docked HUD: 19 columns, x = 16 + 50.444 c, y = 46 + 50 r.
# Select items 21, 22 and 40 (window points; the grid starts below the 30-pt title line).
click 136 116; click 186 116; click 136 166
import -window root "$OUT/drag-0-selected.png"
is_red "$OUT/drag-0-selected.png" 136 116 && ok "click selects a cell (red)" || bad "cell 21 not red after click: $(pixel "$OUT/drag-0-selected.png" 136 116)"
# Long-press next to the selection, then drag by (200, 120) in steps.
move 160 140; xdotool mousedown 1; sleep 0.8
for i in 1 2 3 4 5 6 7 8 9 10; do move $((160 + 20 * i)) $((140 + 12 * i)); sleep 0.02; done
import -window root "$OUT/drag-1-moving.png"
sleep 1.5
import -window root "$OUT/drag-2-held.png"
is_red "$OUT/drag-2-held.png" 336 236 && ok "held flock sits at start + (200, 120)" || bad "no red cell at (336,236) while held: $(pixel "$OUT/drag-2-held.png" 336 236)"
is_red "$OUT/drag-2-held.png" 136 116 && bad "home slot of the dragged cell is still red" || ok "dragged cell left its slot"
is_grey "$OUT/drag-2-held.png" 636 416 && ok "unselected cells stay put" || bad "unselected cell moved: $(pixel "$OUT/drag-2-held.png" 636 416)"
xdotool mouseup 1
sleep 0.08
import -window root "$OUT/drag-3-flying-home.png"
sleep 2
import -window root "$OUT/drag-4-home.png"
is_red "$OUT/drag-4-home.png" 136 116 && ok "flock flew home after release" || bad "cell 21 not home: $(pixel "$OUT/drag-4-home.png" 136 116)"
# Live tuning: F raises the frequency.
xdotool key --window "$wid" f
sleep 0.3
import -window root "$OUT/drag-5-frequency.png"
xdotool key --window "$wid" ctrl+q
if timeout 10 tail --pid=$pid -f /dev/null; then ok "quit from the drag scene"; else bad "did not quit"; kill $pid || true; fi
stats_line drag "$OUT/stats-drag.json"
# The recorded session replays headless, identically twice (side by side, at 30 fps: a debug
# build renders a 1280x800 frame in about 30 ms, and the session lasts about 13 s).
n=$(grep -c '"type":"down"' "$OUT/session.jsonl" || true)
[ "$n" -ge 4 ] && ok "session recorded ($n presses, $(wc -l < "$OUT/session.jsonl") events)" || bad "recording has $n presses"
"$BIN" run --scene drag --variant refined --headless --fps 30 --script "$OUT/session.jsonl" --dump "$OUT/replay-a.json" >/dev/null 2>&1 &
ra=$!
"$BIN" run --scene drag --variant refined --headless --fps 30 --script "$OUT/session.jsonl" --dump "$OUT/replay-b.json" >/dev/null 2>&1 &
rb=$!
wait $ra $rb || true
cmp -s "$OUT/replay-a.json" "$OUT/replay-b.json" && ok "replay of the recorded session is deterministic" || bad "replays differ"
sel=$(tr -d ' \n' < "$OUT/replay-a.json" | grep -o '"selection":\[[][0-9,]*\]' || true)
[ "$sel" = '"selection":[[0,21],[0,22],[0,40]]' ] && ok "replay selected cells 21, 22 and 40" || bad "replay selection: $sel"
# Springy: the wheel scrolls it; dragging the content scrolls it. (Cards below checks switching
# scenes with a key.)
"$BIN" run --scene springy --stats "$OUT/stats-springy.json" > "$OUT/springy.log" 2>&1 &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Kinetic' | head -1)
sleep 0.8
move 640 200
for i in $(seq 1 12); do xdotool click 5; sleep 0.03; done
import -window root "$OUT/springy-1-scrolling.png"
move 700 600; xdotool mousedown 1
for i in $(seq 1 15); do move 700 $((600 - 20 * i)); sleep 0.02; done
xdotool mouseup 1
sleep 3.5   # let the launch help card fade and the rows settle
import -window root "$OUT/springy-2-settled.png"
# Messages: a band of the transcript holds white, blue sent bubbles, grey received ones and text.
n=$(convert "$OUT/springy-2-settled.png" -crop 956x200+12+300 +repage -format %k info:)
blue=$(convert "$OUT/springy-2-settled.png" -crop 956x200+12+300 +repage -fill black +opaque 'rgb(0,113,227)' -format '%[fx:mean*w*h>100]' info:)
[ "$n" -ge 10 ] && [ "$blue" = 1 ] && ok "springy bubbles drawn ($n colours, sent blue present, y = 300-500)" || bad "springy: no bubbles in y = 300-500 ($n colours, blue $blue)"
xdotool key --window "$wid" ctrl+q
if timeout 10 tail --pid=$pid -f /dev/null; then ok "quit from the springy scene"; else bad "did not quit"; kill $pid || true; fi
stats_line springy "$OUT/stats-springy.json"
# Cards: 3 switches to the carousel; a click opens the middle card (slow motion ×0.1 stretches the
# 0.3 s expansion to 3 s so a frame mid-way can be caught); the open card fills the view.
# Lisbon's card body (its colour darkened for 4.5:1 text, CityPalette); the carousel is centred in
# the 980 pt left of the docked HUD, so the middle card's body is at x = 490, y = 450…590.
is_lisbon() { case "$(pixel "$@")" in "srgb(96,45,38)"|"srgba(96,45,38,1)") return 0;; *) return 1;; esac; }
is_background() { case "$(pixel "$@")" in "srgb(28,28,34)"|"srgba(28,28,34,1)") return 0;; *) return 1;; esac; }
"$BIN" run --scene drag --stats "$OUT/stats-cards.json" > "$OUT/cards.log" 2>&1 &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Kinetic' | head -1)
sleep 4.5
xdotool key --window "$wid" 3
sleep 0.3
# A scene's first visit shows its help card for 4 s: H puts it away, as a user would.
xdotool key --window "$wid" h
sleep 0.1
xdotool key --window "$wid" s
sleep 0.2
import -window root "$OUT/cards-0-carousel.png"
is_lisbon "$OUT/cards-0-carousel.png" 490 560 && ok "cards: middle card drawn" || bad "cards: no card at (490,560): $(pixel "$OUT/cards-0-carousel.png" 490 560)"
xdotool mousemove --window "$wid" 490 500; sleep 0.05; xdotool click 1
sleep 1.5
import -window root "$OUT/cards-1-expanding.png"
is_background "$OUT/cards-1-expanding.png" 490 160 && bad "cards: card not grown to y=160: $(pixel "$OUT/cards-1-expanding.png" 490 160)" || ok "cards: card growing mid-expansion"
is_lisbon "$OUT/cards-1-expanding.png" 40 780 && bad "cards: card already full-size mid-expansion" || ok "cards: expansion still under way"
xdotool key --window "$wid" s
sleep 1
import -window root "$OUT/cards-2-expanded.png"
is_lisbon "$OUT/cards-2-expanded.png" 40 780 && ok "cards: open card fills the view" || bad "cards: view corner not card-coloured: $(pixel "$OUT/cards-2-expanded.png" 40 780)"
# The open card's body is not a tap target (the source's): a click there leaves it open ...
xdotool mousemove --window "$wid" 490 500; sleep 0.05; xdotool click 1
sleep 1
import -window root "$OUT/cards-3-body-click.png"
is_lisbon "$OUT/cards-3-body-click.png" 40 780 && ok "cards: a click on the open card's body leaves it open" || bad "cards: a body click closed the card"
# ... and its × button (36 pt, 16 pt from the top-right corner of the 980×770 card) closes it.
xdotool mousemove --window "$wid" 946 64; sleep 0.05; xdotool click 1
sleep 1
import -window root "$OUT/cards-4-closed.png"
is_lisbon "$OUT/cards-4-closed.png" 40 780 && bad "cards: card did not close" || ok "cards: the × button closes the card"
xdotool key --window "$wid" ctrl+q
timeout 10 tail --pid=$pid -f /dev/null || { bad "cards: did not quit"; kill $pid || true; }
stats_line cards "$OUT/stats-cards.json"
# Exchange: a team file; long-press Ana (0.15 s), hover Fay, release: the two swap and the file is
# rewritten; then a second catch cancelled with Escape leaves the file as it was.
printf '{"sections": [["Ana", "Ben", "Cy", "Dee"], ["Eve", "Fay", "Gus"]], "locked": ["Gus"]}\n' > "$OUT/team.json"
"$BIN" run --scene exchange --data "$OUT/team.json" --stats "$OUT/stats-exchange.json" > "$OUT/exchange.log" 2>&1 &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Kinetic' | head -1)
sleep 4.5
xdotool key --window "$wid" Tab   # hide the HUD over the first cells
xdotool mousemove --window "$wid" 84 94; sleep 0.05; xdotool mousedown 1; sleep 0.4
for i in 1 2 3 4 5; do xdotool mousemove --window "$wid" $((84 + 32 * i)) $((94 + 22 * i)); sleep 0.03; done
sleep 0.4
import -window root "$OUT/exchange-1-hover.png"
xdotool mouseup 1
sleep 1
grep -q '"Fay", "Ben"' "$OUT/team.json" && grep -q '"Eve", "Ana", "Gus"' "$OUT/team.json" \
  && ok "exchange: Ana and Fay swapped and the file was rewritten" || bad "exchange: file not as expected: $(tr -d '\n ' < "$OUT/team.json")"
cp "$OUT/team.json" "$OUT/team-after-first.json"
xdotool mousemove --window "$wid" 403 94; sleep 0.05; xdotool mousedown 1; sleep 0.4
xdotool mousemove --window "$wid" 560 94; sleep 0.3
xdotool key --window "$wid" Escape
sleep 0.2; xdotool mouseup 1; sleep 1
cmp -s "$OUT/team.json" "$OUT/team-after-first.json" && ok "exchange: Escape cancels without touching the file" || bad "exchange: cancel changed the file"
import -window root "$OUT/exchange-2-after.png"
# A catch dragged out of the window and released there cancels too (the window is moved right so
# that the screen has room to its left).
xdotool windowmove "$wid" 300 0; sleep 0.5
xdotool mousemove --window "$wid" 403 94; sleep 0.05; xdotool mousedown 1; sleep 0.4
xdotool mousemove --window "$wid" 560 94; sleep 0.3
for x in 250 150 50; do xdotool mousemove $x 300; sleep 0.05; done
sleep 0.2; xdotool mouseup 1; sleep 1
cmp -s "$OUT/team.json" "$OUT/team-after-first.json" && ok "exchange: a release outside the window cancels without touching the file" \
  || bad "exchange: a release outside the window changed the file: $(tr -d '\n ' < "$OUT/team.json")"
xdotool key --window "$wid" ctrl+q
timeout 10 tail --pid=$pid -f /dev/null || { bad "exchange: did not quit"; kill $pid || true; }
stats_line exchange "$OUT/stats-exchange.json"

# Video of a session (--video, ffmpeg): two seconds of a scripted springy scroll at 30 fps are
# 60 frames of 640×480 in the mp4 and the gif.
if command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null; then
  printf '%s\n' '{"t":0.1,"type":"wheel","x":300,"y":250,"dx":0,"dy":-3}' '{"t":0.3,"type":"wheel","x":300,"y":250,"dx":0,"dy":-3}' > "$OUT/video.jsonl"
  for ext in mp4 gif; do
    "$BIN" run --scene springy --headless --size 640x480 --fps 30 --frames 60 --script "$OUT/video.jsonl" --video "$OUT/session.$ext" \
      > "$OUT/video-$ext.log" 2>&1 || bad "video: kinetic --video $ext failed: $(cat "$OUT/video-$ext.log")"
    got=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames,width,height -of csv=p=0 "$OUT/session.$ext" 2>&1 || true)
    [ "$got" = "640,480,60" ] && ok "video: $ext has 60 frames of 640×480" || bad "video: $ext is '$got', expected 640,480,60"
  done
else
  bad "video: ffmpeg/ffprobe missing (make e2e installs them)"
fi

# The stress pile (issue 43): 500 pieces fall (the moving circles drawn from stand-in stamps, no
# stamp drawn on the CPU mid-frame), land and come to rest; the window then draws on
# with exact stamps and waits for input, using no CPU (no frame loop left running).
"$BIN" run --scene dynamics --demo stress > "$OUT/stress.log" 2>&1 &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Kinetic' | head -1)
sleep 0.8
import -window root "$OUT/stress-0-falling.png"
# The pile usually rests 3-5 s after the start and sometimes only after 11-13 s (the window's
# frame times differ from run to run, and so does the pile); now and then a piece keeps
# trembling and the pile never sleeps (1 run in 7 of the stress demo, before and after contact
# recycling: an edge's two ends switch between solved together and one after the other; issue
# 43's note): the window must keep drawing while anything moves, so
# that is reported, not failed. Waits up to 30 s, a second at a time.
sleep 3
rested=""
for s in $(seq 30); do
  c0=$(cpu_ticks $pid); sleep 1; c1=$(cpu_ticks $pid)
  idle=$(( (c1 - c0) * 100 / $(getconf CLK_TCK) ))
  if [ "$idle" -lt 10 ]; then
    c0=$(cpu_ticks $pid); sleep 2; c1=$(cpu_ticks $pid)
    idle=$(( (c1 - c0) * 100 / $(getconf CLK_TCK) / 2 ))
    [ "$idle" -lt 10 ] && { rested=$((s + 3)); break; }
  fi
done
import -window root "$OUT/stress-1-rest.png"
if [ -n "$rested" ]; then
  ok "stress: the pile rests and the window waits (${idle} % of a core over 2 s, at rest within ${rested} s)"
else
  echo "note stress: the pile still moves after 33 s (a piece keeps trembling, issue 43); the window draws on, as it must"
fi
# Along the stage's bottom row (y 785, x 0-979) most pixels are pieces, not the stage's grey: any
# one pixel may fall in a gap of the pile, which lies differently in each run.
empty=$(convert "$OUT/stress-1-rest.png" -crop 980x1+0+785 +repage txt:- | grep -c '#F5F5F5' || true)
[ "$empty" -lt 490 ] && ok "stress: the pile lies on the floor ($((980 - empty)) of 980 pixels of the bottom row covered)" \
  || bad "stress: the floor is bare ($empty of 980 pixels of the bottom row are the stage's grey)"
xdotool key --window "$wid" ctrl+q
timeout 10 tail --pid=$pid -f /dev/null || { bad "stress: did not quit"; kill $pid || true; }

# The HUD's values as controls (issue 28): a drag across the frequency's value and a typed
# damping, through real pointer events and keys; the values at exit are in --dump.
"$BIN" run --scene drag --dump "$OUT/hud-controls.json" > "$OUT/hud-controls.log" 2>&1 &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Kinetic' | head -1)
xdotool windowmove "$wid" 0 0; sleep 1
xdotool key --window "$wid" h; sleep 0.3            # the launch help card away
# Row 0 (frequency) is at y 66…85 in the column from x 980; 16 pt right is two steps (×1.1²).
xdotool mousemove --window "$wid" 1229 75; sleep 0.05; xdotool mousedown 1
for i in 1 2 3 4; do xdotool mousemove --window "$wid" $((1229 + 4 * i)) 75; sleep 0.03; done
xdotool mouseup 1; sleep 0.2
# Row 1 (damping): click, type 1.5, Enter.
xdotool mousemove --window "$wid" 1229 94; sleep 0.05; xdotool click 1; sleep 0.2
xdotool type --window "$wid" "1.5"; xdotool key --window "$wid" Return; sleep 0.3
import -window root "$OUT/hud-controls.png"
xdotool key --window "$wid" ctrl+q
timeout 10 tail --pid=$pid -f /dev/null || { bad "hud controls: did not quit"; kill $pid || true; }
params=$(tr -d ' \n' < "$OUT/hud-controls.json" | sed -n 's/.*"params":{\([^}]*\)}.*/\1/p')
[ "$params" = '"frequency":9.68,"damping":1.5,"squareSize":40.0' ] && ok "hud controls: a drag and a typed value set frequency 9.68 Hz, damping 1.5" \
  || bad "hud controls: params at exit are {$params}, expected frequency 9.68 and damping 1.5"

# Issue 27 in a real window: a Ctrl+R recording made after a selection reproduces the session
# (the printed command, run headless, ends with the same items as the window at exit), and a clip
# marked with I and exported with X renders in the background to a video with frames.
if command -v ffprobe >/dev/null; then
  mkdir -p "$OUT/study"
  ( cd "$OUT/study" && exec "$BIN" run --scene drag --variant refined --dump live.json > app.log 2> err.log ) &
  pid=$!
  wid=$(timeout 20 xdotool search --sync --name '^Kinetic' | head -1)
  xdotool windowmove "$wid" 0 0; sleep 1
  xdotool key --window "$wid" h; sleep 0.3
  click 136 116; click 186 116
  xdotool key --window "$wid" w; sleep 0.2; xdotool key --window "$wid" i; sleep 0.2
  xdotool key --window "$wid" ctrl+r; sleep 0.3
  move 160 140; xdotool mousedown 1; sleep 0.8
  for i in 1 2 3 4 5 6 7 8 9 10; do move $((160 + 20 * i)) $((140 + 12 * i)); sleep 0.02; done
  xdotool mouseup 1; sleep 2
  xdotool key --window "$wid" ctrl+r; sleep 0.3
  xdotool key --window "$wid" x; sleep 0.5
  import -window root "$OUT/study-clip-rendering.png"
  # The render is a headless kinetic run with --progress; the clip is whole when it ends.
  clip=""
  for _ in $(seq 1 120); do
    sleep 0.5
    clip=$(ls "$OUT"/study/kinetic-clip-*.mp4 2>/dev/null | head -1 || true)
    [ -n "$clip" ] && ! pgrep -f -- "--progress" >/dev/null && break
  done
  xdotool key --window "$wid" ctrl+q
  timeout 10 tail --pid=$pid -f /dev/null || { bad "study: did not quit"; kill $pid || true; }
  frames=$( [ -n "$clip" ] && ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$clip" || echo 0)
  [ "${frames:-0}" -gt 60 ] && ok "clip: I, X rendered $(basename "$clip") in the background ($frames frames)" || bad "clip: no video with frames ($clip, ${frames:-0})"
  # Without the video, its --pointer has nothing to draw on (refused alone).
  command=$(grep '^kinetic run ' "$OUT/study/app.log" | head -1 | sed 's/ --video [^ ]*//; s/ --pointer//')
  if [ -n "$command" ]; then
    # shellcheck disable=SC2086
    ( cd "$OUT/study" && "$BIN" ${command#kinetic } --dump replay.json > replay.log 2>&1 )
    items() { tr -d ' \n' < "$1" | sed 's/"frame":[0-9]*,"time":[0-9.e-]*,//'; }
    [ "$(items "$OUT/study/live.json")" = "$(items "$OUT/study/replay.json")" ] \
      && ok "recording: the window's Ctrl+R recording, replayed, ends with the window's items and selection" \
      || bad "recording: the replay's dump differs from the window's ($OUT/study/live.json, replay.json)"
  else
    bad "recording: no render command on standard output ($OUT/study/app.log)"
  fi
fi
