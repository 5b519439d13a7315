package morris

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/pentad-ai/pentad/game/morris"
)

// mirror reflects a set of nodes left-right (a<->g, b<->f, c<->e).
func mirror(s uint32) uint32 {
	var r uint32
	for ; s != 0; s &= s - 1 {
		n := morris.Names[bits.TrailingZeros32(s)]
		m := string(rune('a'+'g'-n[0])) + n[1:]
		k, ok := morris.Node(m)
		if !ok {
			panic(m)
		}
		r |= 1 << k
	}
	return r
}

// randomSides are two disjoint random sets of nodes, each with between
// least and least+span-1 nodes.
func randomSides(r *rand.Rand, least, span int) (us, them uint32) {
	nu, nt := least+r.IntN(span), least+r.IntN(span)
	for bits.OnesCount32(us) < nu {
		us |= 1 << r.IntN(24)
	}
	for bits.OnesCount32(them) < nt {
		if b := uint32(1) << r.IntN(24); b&us == 0 {
			them |= b
		}
	}
	return us, them
}

func TestEvaluateSymmetricAndMaterial(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	w := Default
	for i := 0; i < 2000; i++ {
		us, them := randomSides(r, 3, 7)
		for _, placing := range []bool{false, true} {
			hu, ht := 0, 0
			if placing {
				hu, ht = r.IntN(3), r.IntN(3)
			}
			a := w.Evaluate(us, them, hu, ht, placing)
			b := w.Evaluate(mirror(us), mirror(them), hu, ht, placing)
			if a != b {
				t.Fatalf("mirror changes the score: %d vs %d", a, b)
			}
		}
	}
	// A piece more is better, a piece less worse, in a quiet position.
	us := uint32(1<<0 | 1<<4 | 1<<13 | 1<<19)
	them := uint32(1<<2 | 1<<10 | 1<<22 | 1<<16)
	base := w.Evaluate(us, them, 0, 0, false)
	if w.Evaluate(us|1<<7, them, 0, 0, false) <= base || w.Evaluate(us, them|1<<7, 0, 0, false) >= base {
		t.Errorf("material not counted")
	}
}

func TestParseWeights(t *testing.T) {
	w, err := ParseWeights(Default, "placemobility=300, MoveMobility=-5")
	if err != nil || w.PlaceMobility != 300 || w.MoveMobility != -5 || w.Piece != Default.Piece {
		t.Fatalf("got %+v, %v", w, err)
	}
	for _, bad := range []string{"Foo=1", "Piece", "Piece=x", "Piece=1,Foo=2"} {
		if w, err := ParseWeights(Default, bad); err == nil || w != Default {
			t.Errorf("%q: got %+v, %v; want an error and the weights unchanged", bad, w, err)
		}
	}
	if w, err := ParseWeights(Default, " "); err != nil || w != Default {
		t.Errorf("empty: got %+v, %v", w, err)
	}
}

// In the placement phase the score is antisymmetric but for the tempo: the
// side to move, its placement still to come, gains PlaceTempo, so that the
// score of a position and of the same position with the other side to move
// add up to twice it.
func TestPlaceTempo(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for _, w := range []Weights{Default, {Piece: 1000, PlaceLine: 300, PlaceTempo: 450}} {
		for i := 0; i < 1000; i++ {
			us, them := randomSides(r, 0, 8)
			hu, ht := 1+r.IntN(8), r.IntN(9)
			a := w.Evaluate(us, them, hu, ht, true)
			b := w.Evaluate(them, us, ht, hu, true)
			if a+b != 2*w.PlaceTempo {
				t.Fatalf("%+v: %d and %d, want a sum of %d", w, a, b, 2*w.PlaceTempo)
			}
		}
		if w.Evaluate(1<<0, 1<<1, 0, 0, false)+w.Evaluate(1<<1, 1<<0, 0, 0, false) != 0 {
			t.Errorf("a tempo outside the placement phase")
		}
	}
}
