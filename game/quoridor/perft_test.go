package quoridor

import (
	"testing"

	"github.com/pentad-ai/pentad/bench"
)

// The Quoridor rows of ../shared/reference/perft.md.
func TestPerftReference(t *testing.T) {
	type row struct {
		name   string
		setup  func() *Pos
		counts []uint64
	}
	mid := func(walls ...string) func() *Pos {
		return func() *Pos {
			p := New(9, 10)
			p.pawn[Black] = 4*9 + 4 // E5
			p.pawn[White] = 3*9 + 4 // E4
			p.rehash()
			for _, w := range walls {
				m, err := p.ParseMove(w)
				if err != nil || !p.LegalFor(Black, m) {
					t.Fatalf("setup wall %q: %v", w, err)
				}
				p.putWall(WallOf(m))
			}
			p.rehash()
			return p
		}
	}
	rows := []row{
		{"9x9 start", func() *Pos { return New(9, 10) }, []uint64{131, 16677, 2062264}},
		{"7x7 start", func() *Pos { return New(7, 6) }, []uint64{75, 5357, 363872}},
		{"5x5 start", func() *Pos { return New(5, 3) }, []uint64{35, 1109, 31540, 794442}},
		{"3x3 start", func() *Pos { return New(3, 0) }, []uint64{3, 9, 20, 48, 108, 266}},
		{"9x9 E5/E4", mid(), []uint64{132, 16938}},
		{"9x9 E5/E4 + E4 h", mid("E4 h"), []uint64{129, 15922}},
		{"9x9 E5/E4 + E4 h D5 v", mid("E4 h", "D5 v"), []uint64{123, 14556}},
	}
	for _, r := range rows {
		p := r.setup()
		h := p.Hash()
		for d, want := range r.counts {
			if testing.Short() && want > 500000 {
				continue
			}
			if got := bench.Perft(p, d+1); got != want {
				t.Errorf("%s perft %d = %d, want %d", r.name, d+1, got, want)
			}
		}
		if p.Hash() != h {
			t.Errorf("%s: hash changed by perft", r.name)
		}
	}
}
