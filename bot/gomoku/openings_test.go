package gomoku

import (
	"reflect"
	"testing"

	game "github.com/pentad-ai/pentad/game/gomoku"
)

// Openings: the same seed gives the same openings; each has the number of
// stones asked for, near the centre, reads back in the arena's format, is
// balanced at the test depth, and no two are the same up to symmetry.
func TestOpenings(t *testing.T) {
	cfg := OpeningsConfig{N: 3, Rule: game.Freestyle, Size: 15, MinStones: 3, MaxStones: 4, Radius: 2, Depth: 4,
		Balance: DefaultOpeningBalance, Seed: 5}
	ops, err := Openings(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != cfg.N {
		t.Fatalf("%d openings, want %d", len(ops), cfg.N)
	}
	again, _ := Openings(cfg)
	if !reflect.DeepEqual(ops, again) {
		t.Fatal("the same seed gave other openings")
	}
	seen := map[string]bool{}
	for _, o := range ops {
		s := FormatOpening(o)
		back, err := game.ParseOpening(s)
		if err != nil || !reflect.DeepEqual(back, o) {
			t.Fatalf("%s reads back as %v, %v", s, back, err)
		}
		if len(o) < cfg.MinStones || len(o) > cfg.MaxStones {
			t.Fatalf("%s: %d stones", s, len(o))
		}
		for _, m := range o {
			if abs(m[0]-7) > cfg.Radius || abs(m[1]-7) > cfg.Radius {
				t.Fatalf("%s: a stone away from the centre", s)
			}
		}
		k := canonicalOpening(o, 15)
		if seen[k] {
			t.Fatalf("%s listed twice (up to symmetry)", s)
		}
		seen[k] = true
		p, err := PositionFrom(15, 15, game.Freestyle, o)
		if err != nil {
			t.Fatal(err)
		}
		b := NewBrain(16, 1)
		b.MaxDepth = cfg.Depth
		if _, sc := b.Analyse(p, Budget{}); sc > cfg.Balance || sc < -cfg.Balance {
			t.Fatalf("%s: score %d", s, sc)
		}
	}
	// a position and its mirror image are one opening; another order of
	// the same stones of each colour is too
	a := [][2]int{{7, 7}, {8, 8}, {6, 7}}
	if canonicalOpening(a, 15) != canonicalOpening([][2]int{{7, 7}, {6, 6}, {8, 7}}, 15) ||
		canonicalOpening(a, 15) != canonicalOpening([][2]int{{6, 7}, {8, 8}, {7, 7}}, 15) {
		t.Fatal("symmetric openings named differently")
	}
	if canonicalOpening(a, 15) == canonicalOpening([][2]int{{8, 8}, {7, 7}, {6, 7}}, 15) {
		t.Fatal("colours swapped, yet the same name")
	}
}
