package morris

import (
	"testing"

	"github.com/pentad-ai/pentad/engine"
)

// TestSyms: sixteen distinct permutations that keep neighbours and mills,
// closed under composition, each with its inverse, and a position mapped by
// a symmetry has the mapped moves of the original.
func TestSyms(t *testing.T) {
	seen := map[[Nodes]int8]int{}
	for k := range Syms {
		seen[Syms[k]] = k
		var img uint32
		for n := range Nodes {
			img |= 1 << Syms[k][n]
			if MapNodes(k, Adj[n]) != Adj[Syms[k][n]] {
				t.Fatalf("symmetry %d breaks the neighbours of %d", k, n)
			}
		}
		if img != All {
			t.Fatalf("symmetry %d is not a permutation", k)
		}
		for _, m := range Mills {
			if !isMill(MapNodes(k, m)) {
				t.Fatalf("symmetry %d breaks mill %b", k, m)
			}
		}
		inv := InverseSym(k)
		for n := range Nodes {
			if Syms[inv][Syms[k][n]] != int8(n) {
				t.Fatalf("symmetry %d: inverse %d wrong at %d", k, inv, n)
			}
		}
	}
	if len(seen) != NumSyms {
		t.Fatalf("%d distinct symmetries", len(seen))
	}
	for k := range Syms {
		for j := range Syms {
			if _, ok := seen[compose(k, j)]; !ok {
				t.Fatalf("%d after %d is not a symmetry", j, k)
			}
		}
	}
	// the four rotations and reflections of the square, and the swap of
	// the inner and outer squares, are among them: a7 (0) goes to each
	// corner of the outer and of the inner square
	corners := map[int8]bool{}
	for k := range Syms {
		corners[Syms[k][0]] = true
	}
	for _, c := range []int8{0, 2, 21, 23, 6, 8, 15, 17} {
		if !corners[c] {
			t.Fatalf("no symmetry takes a7 to node %d", c)
		}
	}

	p, err := ParsePosition("w:0,1,10,13;b:4,7,19,22;w;8;0")
	if err != nil {
		t.Fatal(err)
	}
	var b1, b2 [engine.MaxMoves]engine.Move
	if _, _, take := MoveParts(p.GenMoves(b1[:0])[0]); take < 0 {
		t.Fatal("the test position should begin with a take")
	}
	for k := range Syms {
		q := NewPosition()
		q.set([2]uint32{MapNodes(k, p.Pieces(White)), MapNodes(k, p.Pieces(Black))}, p.Side(), p.Ply(), p.NoAdvance())
		want := map[engine.Move]bool{}
		for _, m := range p.GenMoves(b1[:0]) {
			want[MapMove(k, m)] = true
		}
		got := q.GenMoves(b2[:0])
		if len(got) != len(want) {
			t.Fatalf("symmetry %d: %d moves, want %d", k, len(got), len(want))
		}
		for _, m := range got {
			if !want[m] {
				t.Fatalf("symmetry %d: move %s not an image", k, FormatMove(m, false))
			}
			if MapMove(InverseSym(k), MapMove(k, m)) != m {
				t.Fatalf("symmetry %d does not undo", k)
			}
		}
	}
}
