#!/usr/bin/env bash
# Runs inside xvfb-run (see e2e.sh). Every check prints one line; any failure exits non-zero.
set -euo pipefail
pass=0; fail=0
ok()   { echo "ok   $*"; pass=$((pass + 1)); }
# A failure names where to look: the newest screenshot in $OUT (the one the check examined) and a
# capture of the screen as it is now; $OUT is kept.
bad()  {
  local last now="$OUT/fail-$((fail + 1)).png"
  last=$(ls -t "$OUT"/*.png 2>/dev/null | grep -v '/fail-[0-9]*\.png$' | head -1 || true)
  import -window root "$now" 2>/dev/null || now=""
  echo "FAIL $*${last:+ [last screenshot: $last]}${now:+ [screen at the failure: $now]}"
  fail=$((fail + 1))
}

colours() { identify -format '%k' "$1"; }

# 1. The window opens, shows a non-blank frame, and Ctrl+Q quits with status 0.
"$BIN" run --scene drag > "$OUT/app.log" 2>&1 &
pid=$!
if wid=$(timeout 20 xdotool search --sync --name '^Kinetic' | head -1) && [ -n "$wid" ]; then
  ok "window appeared ($wid)"
else
  bad "no Kinetic window within 20 s"; cat "$OUT/app.log"; kill $pid 2>/dev/null || true; exit 1
fi
sleep 1.5
import -window root "$OUT/window.png"
n=$(colours "$OUT/window.png")
if [ "$n" -ge 8 ]; then ok "screenshot has $n distinct colours ($OUT/window.png)"; else bad "screenshot looks blank ($n colours)"; fi
xdotool windowactivate --sync "$wid" 2>/dev/null || xdotool windowfocus --sync "$wid" 2>/dev/null || true
xdotool key --window "$wid" ctrl+q
if timeout 10 tail --pid=$pid -f /dev/null; then
  wait $pid; rc=$?
  [ $rc -eq 0 ] && ok "Ctrl+Q quit with status 0" || bad "exit status $rc after Ctrl+Q"
else
  bad "app did not quit within 10 s of Ctrl+Q"; kill $pid || true
fi

# More scene checks are sourced from e2e-scenes.sh when present.
if [ -f "$(dirname "$0")/e2e-scenes.sh" ]; then source "$(dirname "$0")/e2e-scenes.sh"; fi

echo "e2e: $pass passed, $fail failed"
[ $fail -eq 0 ] || echo "e2e: screenshots and logs are kept in $OUT"
[ $fail -eq 0 ]
