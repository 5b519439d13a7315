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

// The terms counted a node and a mill at a time, as the evaluation did
// before it counted them by lines: the reference of TestFeaturesByLines.

// refThreats is the set of empty nodes where side x could complete a mill with
// one piece, given the pieces that may arrive there, with x's closed mills
// and its lines holding one piece of x and none of y.
func refThreats(x, y uint32, fly, place bool) (sq uint32, closed, lines int) {
	empty := morris.All &^ (x | y)
	for _, m := range morris.Mills {
		own := x & m
		switch bits.OnesCount32(own) {
		case 1:
			if m&y == 0 {
				lines++
			}
		case 3:
			closed++
		case 2:
			t := m &^ own & empty
			if t == 0 {
				continue
			}
			if place || fly {
				sq |= t
				continue
			}
			n := bits.TrailingZeros32(t)
			if morris.Adj[n]&x&^m != 0 {
				sq |= t
			}
		}
	}
	return sq, closed, lines
}

// refPlacement adds sign times x's placement-phase terms to f.
func refPlacement(f *[NumFeatures]int, x, y uint32, hx, sign int) {
	empty := morris.All &^ (x | y)
	sq, closed, lines := refThreats(x, y, false, hx > 0)
	nt := bits.OnesCount32(sq)
	f[fPlaceLine] += sign * lines
	f[fPlaceMill] += sign * closed
	f[fPlaceThreat] += sign * nt
	if nt >= 2 {
		f[fPlaceDouble] += sign
	}
	junc, mob := 0, 0
	for b := x; b != 0; b &= b - 1 {
		n := bits.TrailingZeros32(b)
		junc += bits.OnesCount32(morris.Adj[n]) - 2
		mob += bits.OnesCount32(morris.Adj[n] & empty)
	}
	f[fPlaceJunction] += sign * junc
	f[fPlaceMobility] += sign * mob
}

// refMoving adds sign times x's moving- and flying-phase terms to f.
func refMoving(f *[NumFeatures]int, x, y uint32, toMove bool, sign int) {
	if bits.OnesCount32(x) < 3 {
		return
	}
	empty := morris.All &^ (x | y)
	sq, _, lines := refThreats(x, y, bits.OnesCount32(x) == 3, false)
	nt := bits.OnesCount32(sq)
	if bits.OnesCount32(x) == 3 {
		f[fFlyThreat] += sign * nt
		if nt >= 2 {
			f[fFlyDouble] += sign
		}
		return
	}
	f[fMoveThreat] += sign * nt
	f[fMoveLine] += sign * lines
	if nt >= 2 {
		f[fMoveDouble] += sign
	}
	mob, blocked := 0, 0
	for b := x; b != 0; b &= b - 1 {
		n := bits.TrailingZeros32(b)
		k := bits.OnesCount32(morris.Adj[n] & empty)
		if k == 0 {
			blocked++
		}
		mob += k
	}
	f[fBlocked] -= sign * blocked
	f[fMoveMobility] += sign * mob
	if mob == 0 && !toMove {
		f[fNoMoves] -= sign
	}
	// closed mills with a piece that can step out (and back in)
	open := 0
	for _, m := range morris.Mills {
		if x&m == m && morris.Neighbours(m)&empty&^m != 0 {
			open++
		}
	}
	f[fOpenMill] += sign * open
}

// refFeatures is Features computed by the reference functions.
func refFeatures(us, them uint32, handUs, handThem int, placing bool) (f [NumFeatures]int) {
	f[fPiece] = bits.OnesCount32(us) + handUs - bits.OnesCount32(them) - handThem
	if placing {
		refPlacement(&f, us, them, handUs, 1)
		f[fPlaceTempo] = 1
		refPlacement(&f, them, us, handThem, -1)
		return f
	}
	refMoving(&f, us, them, true, 1)
	refMoving(&f, them, us, false, -1)
	return f
}

// TestFeaturesByLines compares Features with the node-by-node reference on
// random positions of every phase.
func TestFeaturesByLines(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 33))
	for i := 0; i < 200000; i++ {
		us, them := randomSides(r, r.IntN(4), 1+r.IntN(10))
		hu, ht := r.IntN(3), r.IntN(3)
		placing := r.IntN(2) == 0
		if got, want := Features(us, them, hu, ht, placing), refFeatures(us, them, hu, ht, placing); got != want {
			t.Fatalf("us %06x them %06x hands %d %d placing %v:\n got %v\nwant %v", us, them, hu, ht, placing, got, want)
		}
	}
}
