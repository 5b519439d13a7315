#!/bin/sh
# Soak: every bot against a weaker setting of itself under overload (twice as
# many games at once as there are cores), first at short limits (about 100 ms
# a move), then at the shortest limits each game's real manager uses. Prints,
# per bot and phase, the games, how they ended (every kind but "normal" is a
# forfeit: time, illegal, malformed, crash, closed, start, memory) and the
# memory peaks of each setting (resident and virtual, Linux).
#
# Usage: scripts/soak.sh [GAMES [LONG_GAMES [BOT...]]]
#   GAMES       games per bot at short limits (default 500)
#   LONG_GAMES  games per bot at the real managers' limits (default 50; 0: skip)
#   BOT         kalah stones morris quoridor gomoku (default: all five)
# Records go to soak/<bot>-short and soak/<bot>-real (games.jsonl: arena
# -resume continues an interrupted phase). Exits 1 when any game ended
# otherwise than by the rules.
set -eu
cd "$(dirname "$0")/.."
games=${1:-500}
long=${2:-50}
shift $(( $# < 2 ? $# : 2 ))
bots=${*:-kalah stones morris quoridor gomoku}
conc=$(( 2 * $(nproc 2>/dev/null || echo 2) ))
mkdir -p bin soak
CGO_ENABLED=0 go build -o bin/ ./cmd/...
bad=0

# run BOT PHASE TC STRONG_ARGS WEAK_ARGS [GAME_OPTS...]
run() {
	bot=$1 phase=$2 tc=$3 strong=$4 weak=$5
	shift 5
	case $bot in gomoku) exe=bin/pbrain-pentad ;; *) exe=bin/$bot ;; esac
	n=$games
	[ "$phase" = real ] && n=$long
	[ "$n" -gt 0 ] || return 0
	dir=soak/$bot-$phase
	rm -rf "$dir"
	out=$(./bin/arena -game "$bot" -engine name=full cmd="$exe $strong" -engine name=weak cmd="$exe $weak" \
		-games "$n" -tc "$tc" -concurrency "$conc" -seed 1 -out "$dir" "$@" 2>&1) || true
	endings=$(printf '%s\n' "$out" | sed -n 's/^Endings: //p' | tail -1)
	peaks=$(printf '%s\n' "$out" | sed -n 's/^Memory peaks: //p' | tail -1)
	played=$(wc -l < "$dir/games.jsonl" 2>/dev/null || echo 0)
	printf '%-9s %-6s tc %-8s %4s games  endings: %s\n          memory: %s\n' "$bot" "$phase" "$tc" "$played" "${endings:-none}" "${peaks:-unknown}"
	case "$endings" in
	"normal $n") ;;
	*) bad=1; printf '%s\n' "$out" | tail -20 ;;
	esac
}

for b in $bots; do
	case $b in
	kalah)
		run kalah short 3600/0 "-movetime 100ms" "-threads 1 -depth 2"
		run kalah real 3600/0 "" "-threads 1 -depth 2" ;;
	stones)
		run stones short 0/0.5 "-soft 40ms -hard 100ms" "-threads 1 -depth 2 -soft 40ms -hard 100ms"
		run stones real 0/3 "" "-threads 1 -depth 2" ;;
	morris)
		run morris short 0/0.2 "-movetime 100ms" "-threads 1 -depth 2"
		run morris real 0/1 "" "-threads 1 -depth 2" ;;
	quoridor)
		run quoridor short 20/0.5 "-gametime 20 -movetime 0.1" "-threads 1 -gametime 20 -movetime 0.03"
		run quoridor real 180/30 "" "-threads 1 -nodes 2000" -opt vsz=950 ;;
	gomoku)
		# -tolerance 0: stricter than c-gomoku-cli (1 s), as a manager may be
		run gomoku short 30/0.1 "" "-threads 1" -tolerance 0
		run gomoku real 120/5 "" "-threads 1" -tolerance 0 ;;
	*) echo "unknown bot $b" >&2; exit 2 ;;
	esac
done
exit $bad
