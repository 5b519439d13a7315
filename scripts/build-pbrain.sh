#!/bin/sh
# Builds pbrain-pentad for linux/amd64 and windows/amd64: static (CGO off),
# stripped, version stamped. Output in dist/ (or $OUT).
# Usage: scripts/build-pbrain.sh [version]
set -eu
cd "$(dirname "$0")/.."
VERSION=${1:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}
OUT=${OUT:-dist}
mkdir -p "$OUT"
LDFLAGS="-s -w -X main.version=$VERSION"
CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -trimpath -ldflags "$LDFLAGS" -o "$OUT/pbrain-pentad" ./cmd/pbrain-pentad
CGO_ENABLED=0 GOOS=windows GOARCH=amd64 go build -trimpath -ldflags "$LDFLAGS" -o "$OUT/pbrain-pentad.exe" ./cmd/pbrain-pentad
echo "built $OUT/pbrain-pentad and $OUT/pbrain-pentad.exe ($VERSION)"
