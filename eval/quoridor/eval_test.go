package quoridor

import "testing"

func TestEvaluateShape(t *testing.T) {
	base := Features{MyDist: 6, OppDist: 6, MyWalls: 5, OppWalls: 5}
	v := Evaluate(base)
	if v != Default.Tempo {
		t.Fatalf("symmetric position: %d, want the tempo %d", v, Default.Tempo)
	}
	longer := base
	longer.OppDist++
	if Evaluate(longer) != v+Default.Step+Default.WallDist*base.MyWalls {
		t.Errorf("one more step for the opponent is worth %d", Evaluate(longer)-v)
	}
	more := base
	more.MyWalls++
	if Evaluate(more) <= v {
		t.Errorf("a wall more in hand does not help")
	}
	// Swapping the roles negates everything but the tempo.
	sw := Features{MyDist: 5, OppDist: 9, MyWalls: 2, OppWalls: 7}
	rev := Features{MyDist: 9, OppDist: 5, MyWalls: 7, OppWalls: 2}
	if Evaluate(sw)-Default.Tempo != -(Evaluate(rev) - Default.Tempo) {
		t.Errorf("not antisymmetric: %d vs %d", Evaluate(sw), Evaluate(rev))
	}
	free := Features{MyDist: 5, OppDist: 6, MyWalls: 0, OppWalls: 0}
	if Evaluate(free) != Default.Step+Default.Tempo+Default.Free {
		t.Errorf("free race: %d", Evaluate(free))
	}
	if Default.WallValue(-1, 5) != 0 || Default.WallValue(3, 5) != 3*(Default.WallStep+5*Default.WallDist) {
		t.Errorf("wall value: %d, %d", Default.WallValue(-1, 5), Default.WallValue(3, 5))
	}
	far := Weights{Step: 100, WallStep: 50, WallDist: 10}
	if far.WallValue(2, 8) != 2*(50+80) || far.WallValue(2, -1) != 100 {
		t.Errorf("walls against a far pawn: %d, %d", far.WallValue(2, 8), far.WallValue(2, -1))
	}
	// The default counts at most 8 steps of the opponent's path: three
	// walls against a pawn 22 steps away are worth what they are at 8.
	if Default.WallValue(3, 22) != Default.WallValue(3, 8) || Default.WallValue(3, 8) <= Default.WallValue(3, 7) {
		t.Errorf("default wall cap: %d at 22, %d at 8, %d at 7", Default.WallValue(3, 22), Default.WallValue(3, 8), Default.WallValue(3, 7))
	}
	capped := far
	capped.WallCap = 6
	if capped.WallValue(2, 22) != 2*(50+60) || capped.WallValue(2, 4) != 2*(50+40) {
		t.Errorf("capped walls: %d against a pawn 22 steps away, %d at 4", capped.WallValue(2, 22), capped.WallValue(2, 4))
	}
	// Lengthening the opponent's path also raises the worth of the walls
	// still in hand.
	f := Features{MyDist: 6, OppDist: 6, MyWalls: 3, OppWalls: 3}
	g := f
	g.OppDist++
	if d := far.Evaluate(g) - far.Evaluate(f); d != 100+3*10 {
		t.Errorf("one step more for the opponent: %d", d)
	}
}

func TestExposed(t *testing.T) {
	w, none := Default, Default
	w.Exposed, none.Exposed = 40, 0
	f := Features{MyDist: 6, OppDist: 6, MyWalls: 3, OppWalls: 3, MyThreat: 2, OppThreat: 1}
	if d := w.Evaluate(f) - none.Evaluate(f); d != -40*2+40*1 {
		t.Errorf("threats: %d", d)
	}
	f.OppWalls = 0 // nobody can lengthen our path: our threat is free
	g := f
	g.MyThreat = 5
	if w.Evaluate(f) != w.Evaluate(g) {
		t.Errorf("our path's threat counted against an opponent without walls")
	}
	f.MyWalls, g.MyWalls = 0, 0
	g.OppThreat = 4
	if w.Evaluate(f) != w.Evaluate(g) {
		t.Errorf("the opponent's threat counted though we have no wall")
	}
}

func TestParseWeights(t *testing.T) {
	w, err := ParseWeights(Default, "wallstep=150, WallDist=5")
	if err != nil || w.WallStep != 150 || w.WallDist != 5 || w.Step != Default.Step {
		t.Fatalf("%+v, %v", w, err)
	}
	if w, err := ParseWeights(Default, "Walls=3"); err == nil || w != Default {
		t.Errorf("unknown name accepted: %+v", w)
	}
}
