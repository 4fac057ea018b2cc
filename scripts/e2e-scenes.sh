# Sourced by e2e-inner.sh: drives the drag and springy scenes with the mouse and keyboard, as a
# person would, captures frames mid-gesture and checks pixel colours where cells must be.

pixel() { convert "$1" -format "%[pixel:p{$2,$3}]" info:; }         # e.g. srgb(255,59,48)
is_red() { case "$(pixel "$@")" in "srgb(255,59,48)"|"srgba(255,59,48,1)") return 0;; *) return 1;; esac; }
is_grey() { case "$(pixel "$@")" in "srgb(142,142,147)"|"srgba(142,142,147,1)") return 0;; *) return 1;; esac; }

"$BIN" run --scene drag --record "$OUT/session.jsonl" > "$OUT/scenes.log" 2>&1 &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Kinetic' | head -1)
sleep 4.5   # let the launch help card fade
move() { xdotool mousemove --window "$wid" "$1" "$2"; }
xdotool key --window "$wid" Tab   # hide the HUD: it covers the top-left cells
sleep 0.2
click() { move "$1" "$2"; sleep 0.05; xdotool click 1; sleep 0.15; }
# Select items 27, 28 and 52 (window points; the grid starts below the 30-pt title line).
click 136 116; click 186 116; click 136 166
import -window root "$OUT/drag-0-selected.png"
is_red "$OUT/drag-0-selected.png" 136 116 && ok "click selects a cell (red)" || bad "cell 27 not red after click: $(pixel "$OUT/drag-0-selected.png" 136 116)"
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
is_red "$OUT/drag-4-home.png" 136 116 && ok "flock flew home after release" || bad "cell 27 not home: $(pixel "$OUT/drag-4-home.png" 136 116)"
# Live tuning: F raises the frequency; 2 switches to the springy scene; the wheel scrolls it.
xdotool key --window "$wid" f
sleep 0.3
import -window root "$OUT/drag-5-frequency.png"
xdotool key --window "$wid" 2
sleep 0.5
move 640 200
for i in $(seq 1 12); do xdotool click 5; sleep 0.03; done
import -window root "$OUT/springy-1-scrolling.png"
sleep 2
import -window root "$OUT/springy-2-settled.png"
row=$(pixel "$OUT/springy-2-settled.png" 700 300)
case "$row" in "srgb(28,28,34)"|"srgba(28,28,34,1)") bad "springy: no row at (700,300)";; *) ok "springy rows drawn ($row)";; esac
xdotool key --window "$wid" ctrl+q
if timeout 10 tail --pid=$pid -f /dev/null; then ok "quit from the springy scene"; else bad "did not quit"; kill $pid || true; fi
# The recorded session replays headless, identically twice.
n=$(grep -c '"type":"down"' "$OUT/session.jsonl" || true)
[ "$n" -ge 4 ] && ok "session recorded ($n presses, $(wc -l < "$OUT/session.jsonl") events)" || bad "recording has $n presses"
"$BIN" run --scene drag --headless --script "$OUT/session.jsonl" --dump "$OUT/replay-a.json" >/dev/null 2>&1
"$BIN" run --scene drag --headless --script "$OUT/session.jsonl" --dump "$OUT/replay-b.json" >/dev/null 2>&1
cmp -s "$OUT/replay-a.json" "$OUT/replay-b.json" && ok "replay of the recorded session is deterministic" || bad "replays differ"
grep -q '"scene": "springy"' "$OUT/replay-a.json" && ok "replay reached the springy scene (key 2)" || bad "replay did not switch scene"
# Cards: 3 switches to the carousel; a click opens the middle card (slow motion ×0.1 stretches the
# 0.3 s expansion to 3 s so a frame mid-way can be caught); the open card fills the view.
is_lisbon() { case "$(pixel "$@")" in "srgb(200,85,61)"|"srgba(200,85,61,1)") return 0;; *) return 1;; esac; }
"$BIN" run --scene drag > "$OUT/cards.log" 2>&1 &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Kinetic' | head -1)
sleep 4.5
xdotool key --window "$wid" 3
sleep 0.3
xdotool key --window "$wid" s
sleep 0.2
import -window root "$OUT/cards-0-carousel.png"
is_lisbon "$OUT/cards-0-carousel.png" 640 500 && ok "cards: middle card drawn" || bad "cards: no card at (640,500): $(pixel "$OUT/cards-0-carousel.png" 640 500)"
xdotool mousemove --window "$wid" 640 500; sleep 0.05; xdotool click 1
sleep 1.5
import -window root "$OUT/cards-1-expanding.png"
is_lisbon "$OUT/cards-1-expanding.png" 640 160 && ok "cards: card growing mid-expansion" || bad "cards: card not grown to y=160: $(pixel "$OUT/cards-1-expanding.png" 640 160)"
is_lisbon "$OUT/cards-1-expanding.png" 40 780 && bad "cards: card already full-size mid-expansion" || ok "cards: expansion still under way"
xdotool key --window "$wid" s
sleep 1
import -window root "$OUT/cards-2-expanded.png"
is_lisbon "$OUT/cards-2-expanded.png" 40 780 && ok "cards: open card fills the view" || bad "cards: view corner not card-coloured: $(pixel "$OUT/cards-2-expanded.png" 40 780)"
xdotool mousemove --window "$wid" 640 500; sleep 0.05; xdotool click 1
sleep 1
import -window root "$OUT/cards-3-closed.png"
is_lisbon "$OUT/cards-3-closed.png" 40 780 && bad "cards: card did not close" || ok "cards: click closes the card"
xdotool key --window "$wid" ctrl+q
timeout 10 tail --pid=$pid -f /dev/null || { bad "cards: did not quit"; kill $pid || true; }
# Exchange: a team file; long-press Ana (0.15 s), hover Fay, release: the two swap and the file is
# rewritten; then a second catch cancelled with Escape leaves the file as it was.
printf '{"sections": [["Ana", "Ben", "Cy", "Dee"], ["Eve", "Fay", "Gus"]], "locked": ["Gus"]}\n' > "$OUT/team.json"
"$BIN" run --scene exchange --data "$OUT/team.json" > "$OUT/exchange.log" 2>&1 &
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
xdotool key --window "$wid" ctrl+q
timeout 10 tail --pid=$pid -f /dev/null || { bad "exchange: did not quit"; kill $pid || true; }
