package gomoku

import (
	"math/rand/v2"
	"testing"

	"github.com/pentad-ai/pentad/engine"
)

// exactFive computes from the stones whether side playing c wins.
func stonesFive(p *Position, side, c int) bool {
	col := uint8(side + 1)
	opp := uint8(2 - side)
	for _, dd := range dirs {
		n := 1
		a := c - dd
		for p.cell[a] == col {
			n++
			a -= dd
		}
		z := c + dd
		for p.cell[z] == col {
			n++
			z += dd
		}
		switch p.rule.fiveKindOf(side) {
		case fiveOrMore:
			if n >= 5 {
				return true
			}
		case exactFive:
			if n == 5 {
				return true
			}
		case caroFive:
			if n == 5 && !(p.cell[a] == opp && p.cell[z] == opp) {
				return true
			}
		}
	}
	return false
}

// TestFiveTablesAgainstStones compares the win detection of the pattern
// tables with a direct count on random boards of every rule and size (and
// checks HashAfter against the hash each move makes).
func TestFiveTablesAgainstStones(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for _, rule := range []Rule{Freestyle, Standard, Renju, Caro} {
		for game := 0; game < 12; game++ {
			w, h := 5+r.IntN(28), 5+r.IntN(28)
			p, _ := NewPosition(w, h, rule)
			p.SetCellTable(testTable)
			var buf [MaxSize * MaxSize]engine.Move
			var played []engine.Move
			n := r.IntN(w*h*2/3) + 1
			for i := 0; i < n; i++ {
				moves := p.LegalMoves(buf[:0])
				if len(moves) == 0 {
					break
				}
				m := moves[r.IntN(len(moves))]
				want := p.HashAfter(m)
				p.Make(m)
				if p.Hash() != want {
					t.Fatalf("%v: HashAfter(%v) %x, hash after the move %x", rule, m, want, p.Hash())
				}
				played = append(played, m)
			}
			check := func() {
				lo, hi := p.ScanRange()
				for c := lo; c < hi; c++ {
					if p.cell[c] != Empty {
						continue
					}
					for s := 0; s < 2; s++ {
						if got, want := p.Class(s, c) == TFive, stonesFive(p, s, c); got != want {
							x, y := XY(c)
							t.Fatalf("%v %dx%d: side %d at %d,%d: table five %v, stones %v\n%s", rule, w, h, s, x, y, got, want, p)
						}
					}
				}
			}
			check()
			// unwind half the game and check again
			for i := len(played) - 1; i >= len(played)/2; i-- {
				p.Unmake(played[i])
			}
			check()
			checkIncremental(t, p)
		}
	}
}
