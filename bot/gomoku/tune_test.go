package gomoku

import (
	"testing"

	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// TestSetEval: switching the weights of a position gives the same cell
// values as a position built with those weights from the start.
func TestSetEval(t *testing.T) {
	w := ev.Hand
	w.Dir[ev.F3] += 7
	w.Bonus[ev.T43] -= 50
	e := ev.NewEval(w)
	mv, _ := game.ParseOpening("g5h5h3f4g4j7f2")
	p, _ := PositionFrom(15, 15, game.Renju, mv)
	p.SetEval(e)
	q, _ := NewSearch(15, 15, game.Renju)
	q.SetEval(e)
	for _, xy := range mv {
		q.Make(q.MoveAt(xy[0], xy[1]))
	}
	if !sameCells(p, q, true) {
		t.Fatal("SetEval differs from a fresh build")
	}
	if p.Evaluate() == func() int { r, _ := PositionFrom(15, 15, game.Renju, mv); return r.Evaluate() }() {
		t.Fatal("other weights, same evaluation")
	}
	p.SetEval(nil)
	r, _ := PositionFrom(15, 15, game.Renju, mv)
	if !sameCells(p, r, false) || p.Evaluate() != r.Evaluate() {
		t.Fatal("back to the default weights: differs")
	}
}

// sameCells compares the cell values and their sums of two positions of
// the same board, and with classes their cell classes and class counts.
func sameCells(p, q *Search, classes bool) bool {
	lo, hi := p.FullRange()
	for s := 0; s < 2; s++ {
		if p.Sum(s) != q.Sum(s) || (classes && *p.Counts(s) != *q.Counts(s)) {
			return false
		}
		for c := lo; c < hi; c++ {
			if p.Value(s, c) != q.Value(s, c) || (classes && p.Class(s, c) != q.Class(s, c)) {
				return false
			}
		}
	}
	return true
}

// TestTuneDeterministic: the tuner plays fixed-node games, so a seed gives
// one result; weights stay non-negative.
func TestTuneDeterministic(t *testing.T) {
	ops := [][][2]int{{{7, 7}, {8, 8}, {6, 8}}}
	cfg := TuneConfig{Iterations: 1, Nodes: 60, Seed: 3, Openings: ops, Start: ev.Hand}
	a, b := Tune(cfg), Tune(cfg)
	if a != b {
		t.Fatal("same seed, different weights")
	}
	_, ptrs := a.Params()
	for _, p := range ptrs {
		if *p < 0 {
			t.Fatalf("negative weight %d", *p)
		}
	}
}
