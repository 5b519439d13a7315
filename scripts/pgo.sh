#!/bin/sh
# Regenerates a bot's profile for profile-guided optimisation,
# cmd/BOT/default.pgo, from its bench searches (BenchmarkBench in
# bot/GAME, or game/GAME where the bot has no bot/ package). go build uses
# the file by default.
# Usage: scripts/pgo.sh GAME BOT   e.g. scripts/pgo.sh gomoku pbrain-pentad
# Keep a profile only when it pays: compare `BOT bench` of builds with
# -pgo=off and with the profile, alternating runs on an idle machine.
set -eu
cd "$(dirname "$0")/.."
game=$1
bot=$2
pkg="./game/$game/"
if [ -d "bot/$game" ]; then pkg="./bot/$game/"; fi
go test -run '^$' -bench '^BenchmarkBench$' -benchtime 3x -cpuprofile "cmd/$bot/default.pgo" -o /dev/null "$pkg" >/dev/null
echo "wrote cmd/$bot/default.pgo"
