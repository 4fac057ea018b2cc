#!/usr/bin/env bash
# Real-window check: runs kinetic in an X server (Xvfb), drives it with xdotool as a person would,
# captures the screen with ImageMagick and checks what it shows. Usage: scripts/e2e.sh PATH/TO/kinetic
set -euo pipefail
BIN=$(realpath "${1:-.build/debug/kinetic}")
OUT=${E2E_OUT:-$(mktemp -d /tmp/kinetic-e2e.XXXXXX)}
mkdir -p "$OUT"
export BIN OUT
exec xvfb-run -a -s '-screen 0 1280x800x24' bash "$(dirname "$0")/e2e-inner.sh"
