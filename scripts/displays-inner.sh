#!/usr/bin/env bash
# Runs inside xvfb-run (see displays.sh): one gesture per scene in a window as large as the screen,
# driven with xdotool (real pointer events, so latency is measured) after any --script set-up.
# Each gesture is one xdotool process reading its commands from standard input: a process started
# for every pointer move (a fork and exec every 16 ms on a 2-core machine) would be measured too.
set -euo pipefail
W=${SCREEN%x*}; H=${SCREEN#*x}
# The app's points → the screen's pixels (the window fills the screen at its top-left corner).
scale=1; [[ "$KINETIC_ARGS" == *"--scale 2"* ]] && scale=2
px() { echo $(( $1 * scale )); }

# Centres of the first N items in a --dump file, one "x y" per line (points).
centres() {   # file n
  awk -v n="$2" '/"frame": \[/ { gsub(/[\[\],]/, " "); x = $2 + $4 / 2; y = $3 + $5 / 2;
                  if (c < n) { printf "%d %d\n", x, y; c++ } }' "$1"
}

stats() {   # scene file
  local j; j=$(tr -d ' \n' < "$2")
  local fps gfps p99 work lat busy
  fps=$(sed -n 's/^{"frames":[0-9]*,"fps_median":\([^,]*\),.*/\1/p' <<< "$j")
  gfps=$(sed -n 's/.*"gesture":{"frames":[0-9]*,"fps_median":\([^,]*\),.*/\1/p' <<< "$j")
  p99=$(sed -n 's/.*"gesture":{[^}]*"p99":\([^,]*\),.*/\1/p' <<< "$j")
  work=$(sed -n 's/.*"gesture":{"frames":[0-9]*,"fps_median":[^,]*,"frame_ms":{[^}]*},"work_ms":{"p50":\([^,]*\),.*/\1/p' <<< "$j")
  lat=$(sed -n 's/.*"gesture":.*"latency_ms":{"p50":[^,]*,"p90":[^,]*,"p99":\([^,]*\),.*/\1/p' <<< "$j")
  busy=$(sed -n 's/.*"gesture":.*"busy_ms":{"p50":\([^,]*\),.*/\1/p' <<< "$j")
  printf 'displays %-6s %-8s gesture %6s fps  p99 %7s ms  work p50 %6s ms  busy p50 %6s ms  latency p99 %5s ms  (all frames %s fps)\n' \
    "$CASE" "$1" "$gfps" "$p99" "$work" "$busy" "$lat" "$fps"
}

# Starts the scene in a window filling the screen; waits until it shows.
start() {   # scene extra-args...  (the files are named after $name when set, else the scene)
  local scene=$1; shift
  local file=${name:-$scene}
  # shellcheck disable=SC2086
  "$BIN" run --scene "$scene" $KINETIC_ARGS --stats "$OUT/$CASE-$file.json" "$@" > "$OUT/$CASE-$file.log" 2>&1 &
  pid=$!
  wid=$(timeout 20 xdotool search --sync --name '^Kinetic' | head -1)
  xdotool windowmove "$wid" 0 0
  sleep 1
}
finish() {   # scene
  kill -TERM "$pid"; wait "$pid" || { echo "displays $CASE $1: exit status $?"; cat "$OUT/$CASE-$1.log"; }
  stats "$1" "$OUT/$CASE-$1.json"
}

pw=$((W / scale)); ph=$((H / scale))
dumpargs="--headless --size ${pw}x${ph} --frames 1"

# drag, in each variant (seed: the source's white grid; refined: numbered cells with lift
# shadows): select 400 cells by a script, long-press one and circle for 4 s, release, let them land.
drag() {   # variant
  local name=drag; [ "$1" = seed ] || name=drag-$1
  # shellcheck disable=SC2086
  "$BIN" run --scene drag --variant "$1" $dumpargs --dump "$OUT/$name-layout.json" >/dev/null
  local t=0.2 x y; : > "$OUT/$name-select.jsonl"
  while read -r x y; do
    printf '{"t":%s,"type":"down","x":%s,"y":%s}\n{"t":%s,"type":"up","x":%s,"y":%s}\n' "$t" "$x" "$y" \
      "$(awk -v t="$t" 'BEGIN { print t + 0.004 }')" "$x" "$y" >> "$OUT/$name-select.jsonl"
    t=$(awk -v t="$t" 'BEGIN { print t + 0.012 }')
  done < <(centres "$OUT/$name-layout.json" 400)
  start drag --variant "$1" --script "$OUT/$name-select.jsonl"
  sleep 5
  read -r x y < <(centres "$OUT/$name-layout.json" 1)
  { echo "mousemove $(px "$x") $(px "$y")"; echo "mousedown 1"; echo "sleep 0.7"
    awk -v cx=$((pw / 2)) -v cy=$((ph / 2)) -v r=$((ph / 3)) -v s="$scale" 'BEGIN {
      for (i = 0; i < 240; i++) { a = i * 6.2832 / 80
        printf "mousemove %d %d\nsleep 0.016\n", (cx + r * cos(a)) * s, (cy + r * sin(a)) * s } }'
    echo "mouseup 1"; } | xdotool -
  sleep 2
  finish "$name"
}
drag seed
drag refined

# springy: wheel scrolling for 4 s, down then up.
start springy
{ echo "mousemove $(px $((pw / 2))) $(px $((ph / 2)))"
  for i in $(seq 1 60); do echo "click 5"; echo "sleep 0.03"; done
  for i in $(seq 1 60); do echo "click 4"; echo "sleep 0.03"; done; } | xdotool -
sleep 1
finish springy

# cards: open the centred card, close it with a downward pan, four times.
start cards
for i in 1 2 3 4; do
  echo "mousemove $(px $((pw / 2))) $(px $((ph / 2)))"; echo "click 1"; echo "sleep 0.8"; echo "mousedown 1"
  for k in $(seq 1 15); do echo "mousemove $(px $((pw / 2))) $(px $((ph / 2 + k * 20)))"; echo "sleep 0.016"; done
  echo "mouseup 1"; echo "sleep 0.8"
done | xdotool -
finish cards

# exchange: catch a name, hover across the line-up for 3 s, release; twice.
# shellcheck disable=SC2086
"$BIN" run --scene exchange $dumpargs --dump "$OUT/exchange-layout.json" >/dev/null
mapfile -t cells < <(centres "$OUT/exchange-layout.json" 12)
start exchange
for round in 1 2; do
  read -r x y <<< "${cells[0]}"
  echo "mousemove $(px "$x") $(px "$y")"; echo "mousedown 1"; echo "sleep 0.4"
  for c in "${cells[@]:1}"; do
    read -r x y <<< "$c"
    for k in 1 2 3 4 5; do echo "mousemove $(px "$x") $(px $((y + k)))"; echo "sleep 0.05"; done
  done
  echo "mouseup 1"; echo "sleep 1"
done | xdotool -
finish exchange
