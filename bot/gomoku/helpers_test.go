package gomoku

import (
	"testing"

	game "github.com/pentad-ai/pentad/game/gomoku"
)

type stone struct{ x, y, side int }

func b(x, y int) stone { return stone{x, y, game.Black} }
func w(x, y int) stone { return stone{x, y, game.White} }

// setup builds a 15x15 position with the stones and the side to move.
func setup(t *testing.T, rule game.Rule, side int, stones ...stone) *Search {
	t.Helper()
	p, err := NewSearch(15, 15, rule)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stones {
		if !p.SetStone(p.Index(s.x, s.y), s.side) {
			t.Fatalf("cannot set %v", s)
		}
	}
	p.SetSide(side)
	checkIncremental(t, p)
	return p
}

// checkIncremental compares the incremental cell classes, values, sums and
// class counts (with the evaluation's table) with a position rebuilt from
// scratch (game/gomoku's tests check the line codes and keys too).
func checkIncremental(t *testing.T, p *Search) {
	t.Helper()
	q, _ := NewSearch(p.Width(), p.Height(), p.Rule())
	q.SetEval(p.eval)
	lo, hi := p.FullRange()
	for c := lo; c < hi; c++ {
		switch p.Cell(c) {
		case game.BlackSt, game.WhiteSt:
			q.SetStone(c, int(p.Cell(c))-1)
		case game.Wall:
			if q.Cell(c) == game.Empty {
				q.SetStone(c, 2)
			}
		}
	}
	for s := 0; s < 2; s++ {
		if p.Sum(s) != q.Sum(s) {
			t.Fatalf("side %d: value sum %d, fresh build %d\n%s", s, p.Sum(s), q.Sum(s), p)
		}
		for cl := 1; cl < int(game.NumClasses); cl++ {
			if p.Count(s, uint8(cl)) != q.Count(s, uint8(cl)) {
				t.Fatalf("class counts differ for side %d class %d: %d vs %d", s, cl, p.Count(s, uint8(cl)), q.Count(s, uint8(cl)))
			}
		}
		for c := lo; c < hi; c++ {
			if p.Class(s, c) != q.Class(s, c) || p.Value(s, c) != q.Value(s, c) || p.Near(c) != q.Near(c) {
				t.Fatalf("incremental state differs from a fresh build at cell %d\n%s", c, p)
			}
		}
	}
}

// freestyleOpening is the freestyle 15x15 position after the moves of an
// opening in letters and numbers ("h8a1i8a3").
func freestyleOpening(t *testing.T, opening string) *Search {
	t.Helper()
	mv, err := game.ParseOpening(opening)
	if err != nil {
		t.Fatal(err)
	}
	p, err := PositionFrom(15, 15, game.Freestyle, mv)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
