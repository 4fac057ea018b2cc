#!/usr/bin/env bash
# Frame rate and latency on the displays designers use (issue 26), in a real window: each scene
# driven through a gesture at 2560×1440, at 1280×720 points drawn at --scale 2 (a Retina stand-in)
# and at 1280×800 with --refresh 144, one line of --stats figures per run. Needs a release build.
# Usage: scripts/displays.sh PATH/TO/kinetic [case ...]   (cases: big retina fast normal; default all)
set -euo pipefail
BIN=$(realpath "${1:-.build/release/kinetic}"); shift || true
OUT=${DISPLAYS_OUT:-$(mktemp -d /tmp/kinetic-displays.XXXXXX)}
mkdir -p "$OUT"
export BIN OUT
cases=${*:-big retina fast normal}
for c in $cases; do
  case $c in
    big)    screen=2560x1440; args="--size 2560x1440";;
    retina) screen=2560x1440; args="--size 1280x720 --scale 2";;
    fast)   screen=1280x800;  args="--size 1280x800 --refresh 144";;
    normal) screen=1280x800;  args="--size 1280x800";;
    *) echo "unknown case $c (big, retina, fast, normal)"; exit 2;;
  esac
  CASE=$c KINETIC_ARGS=$args SCREEN=$screen xvfb-run -a -s "-screen 0 ${screen}x24" bash "$(dirname "$0")/displays-inner.sh"
done
