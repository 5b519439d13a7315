package gomoku

import (
	"testing"

	ev "github.com/pentad-ai/pentad/eval/gomoku"
)

// TestSetEval: switching the weights of a position gives the same cell
// values as a position built with those weights from the start.
func TestSetEval(t *testing.T) {
	w := ev.Hand
	w.Dir[ev.F3] += 7
	w.Bonus[ev.T43] -= 50
	e := NewEval(w)
	mv, _ := ParseOpening("g5h5h3f4g4j7f2")
	p, _ := PositionFrom(15, 15, Renju, mv)
	p.SetEval(e)
	q, _ := NewPosition(15, 15, Renju)
	q.SetEval(e)
	for _, xy := range mv {
		q.Make(q.MoveAt(xy[0], xy[1]))
	}
	if p.val != q.val || p.sum != q.sum || p.cnt != q.cnt || p.cls != q.cls {
		t.Fatal("SetEval differs from a fresh build")
	}
	if p.Evaluate() == func() int { r, _ := PositionFrom(15, 15, Renju, mv); return r.Evaluate() }() {
		t.Fatal("other weights, same evaluation")
	}
	p.SetEval(nil)
	r, _ := PositionFrom(15, 15, Renju, mv)
	if p.val != r.val || p.sum != r.sum || p.Evaluate() != r.Evaluate() {
		t.Fatal("back to the default weights: differs")
	}
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
