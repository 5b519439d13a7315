package quoridor

import "testing"

func TestEvaluateShape(t *testing.T) {
	base := Features{MyDist: 8, OppDist: 8, MyWalls: 5, OppWalls: 5}
	v := Evaluate(base)
	if v != Default.Tempo {
		t.Fatalf("symmetric position: %d, want the tempo %d", v, Default.Tempo)
	}
	longer := base
	longer.OppDist++
	if Evaluate(longer) != v+Default.Step {
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
	if Default.WallValue(1000) != Default.Wall[15] || Default.WallValue(-1) != 0 {
		t.Errorf("wall value bounds")
	}
}
