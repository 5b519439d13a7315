#!/bin/sh
# Builds the Kalah agent for linux/amd64 (static, CGO off, stripped) and its
# endgame database next to it, where the agent looks for it at start.
# Usage: scripts/build-kalah.sh [K]   (default K=17: 265 MB, 72 s
# on 2 cores; K=18: 471 MB). Output in dist/ (or $OUT).
set -eu
cd "$(dirname "$0")/.."
K=${1:-17}
OUT=${OUT:-dist}
mkdir -p "$OUT"
CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -trimpath -ldflags "-s -w" -o "$OUT/kalah" ./cmd/kalah
"$OUT/kalah" book build -k "$K" -out "$OUT/kalah-7.db"
echo "built $OUT/kalah and $OUT/kalah-7.db (K=$K); start the agent as $OUT/kalah"
