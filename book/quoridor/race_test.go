package quoridor

import (
	"testing"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/quoridor"
)

// TestRaceTable checks the retrograde race solution against a plain
// depth-limited minimax on small boards with a few walls.
func TestRaceTable(t *testing.T) {
	for _, setup := range [][]string{nil, {"B3 h", "C4 v"}, {"A2 h", "C2 h", "B4 v"}} {
		p := quoridor.New(5, 5)
		for _, w := range setup {
			m, _ := p.ParseMove(w)
			if !p.IsLegal(m) {
				t.Fatalf("bad setup %s", w)
			}
			p.Make(m)
		}
		p.SetWalls(0)
		tab := SolveRace(p)
		memo := map[[4]int]int{}
		var solve func(b, w, side, depth int) int
		solve = func(b, w, side, depth int) int {
			if b < 5 {
				return map[bool]int{true: 1, false: -1}[side == quoridor.Black]
			}
			if w >= 20 {
				return map[bool]int{true: 1, false: -1}[side == quoridor.White]
			}
			if depth == 0 {
				return 0
			}
			k := [4]int{b, w, side, depth}
			if v, ok := memo[k]; ok {
				return v
			}
			p.PlacePawns(b, w)
			var buf [8]engine.Move
			best := -2
			for _, m := range p.PawnMoves(buf[:0], side) {
				nb, nw := b, w
				if side == quoridor.Black {
					nb = quoridor.SquareOf(m)
				} else {
					nw = quoridor.SquareOf(m)
				}
				v := -solve(nb, nw, side^1, depth-1)
				best = max(best, v)
			}
			if best == -2 {
				best = 0
			}
			memo[k] = best
			return best
		}
		for b := 0; b < 25; b++ {
			for w := 0; w < 25; w++ {
				if b == w {
					continue
				}
				for side := 0; side < 2; side++ {
					want := solve(b, w, side, 40)
					got := tab.Value(b, w, side)
					sign := 0
					if got > 0 {
						sign = 1
					} else if got < 0 {
						sign = -1
					}
					if sign != want && want != 0 {
						t.Fatalf("walls %v b %d w %d side %d: table %d, minimax %d", setup, b, w, side, got, want)
					}
				}
			}
		}
	}
}
