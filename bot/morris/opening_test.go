package morris

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	bookdb "github.com/pentad-ai/pentad/book/morris"
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/morris"
)

// orbits counts the classes of placement positions with w white and b
// black pieces under the board's symmetries by Burnside's lemma (the mean
// number of positions each symmetry fixes), independently of the book's
// keys.
func orbits(w, b int) int {
	fixed := 0
	for k := range morris.NumSyms {
		for _, white := range subsets(w, 0) {
			if morris.MapNodes(k, white) != white {
				continue
			}
			for _, black := range subsets(b, 0) {
				if white&black == 0 && morris.MapNodes(k, black) == black {
					fixed++
				}
			}
		}
	}
	return fixed / morris.NumSyms
}

// subsets lists the sets of n nodes from node from on.
func subsets(n, from int) []uint32 {
	if n == 0 {
		return []uint32{0}
	}
	var out []uint32
	for i := from; i < morris.Nodes; i++ {
		for _, s := range subsets(n-1, i+1) {
			out = append(out, s|1<<i)
		}
	}
	return out
}

// TestOpeningPositions: one position of each class, as many per ply as
// Burnside's count (no mill can close in the first four plies, so every
// placement of the pieces is reachable), each in the placement phase.
func TestOpeningPositions(t *testing.T) {
	ps := OpeningPositions(4)
	per := map[int]int{}
	for _, p := range ps {
		per[p.Ply()]++
	}
	for ply := range 4 {
		w, b := (ply+1)/2, ply/2
		if want := orbits(w, b); per[ply] != want {
			t.Errorf("ply %d: %d positions, want %d", ply, per[ply], want)
		}
	}
	if len(ps) != per[0]+per[1]+per[2]+per[3] {
		t.Errorf("%d positions beyond ply 3", len(ps)-per[0]-per[1]-per[2]-per[3])
	}
}

// TestBuildOpening: the lines BuildOpening writes read back as a book that
// answers each of its positions with the line's move.
func TestBuildOpening(t *testing.T) {
	ps := OpeningPositions(2)
	var log bytes.Buffer
	lines := BuildOpening(ps, 30*time.Millisecond, 2, 1, nil, &log)
	var src bytes.Buffer
	if err := bookdb.WriteOpening(&src, "test book\nsecond header line", lines); err != nil {
		t.Fatal(err)
	}
	o, err := bookdb.ReadOpening(&src)
	if err != nil {
		t.Fatal(err)
	}
	if o.Len() != len(ps) || strings.Count(log.String(), "\n") != len(ps) {
		t.Fatalf("%d entries, %d log lines for %d positions", o.Len(), strings.Count(log.String(), "\n"), len(ps))
	}
	for i, p := range ps {
		m, e, ok := o.Lookup(p)
		if !ok || morris.FormatMove(m, false) != lines[i].Move || e.Depth != lines[i].Depth || e.Depth < 1 {
			t.Errorf("%s: book %v %s depth %d, built %+v", p, ok, morris.FormatMove(m, false), e.Depth, lines[i])
		}
	}
	// no time for a first iteration: every line is still a searched move
	log.Reset()
	for _, l := range BuildOpening(ps[:3], time.Microsecond, 1, 1, nil, &log) {
		if l.Depth < 1 || l.Move == "" {
			t.Errorf("built in 1 µs: %+v", l)
		}
	}
}

// TestEmbeddedOpening: the compiled book answers every position of its
// first four plies, in any of its symmetric forms, with a legal move; its
// other positions (the extension, `morris book opening -extend`) are, for
// some of those, every position after their book move and a reply, and
// nothing else.
func TestEmbeddedOpening(t *testing.T) {
	o, err := bookdb.EmbeddedOpening()
	if err != nil {
		t.Fatal(err)
	}
	ps := OpeningPositions(4)
	var ext []*morris.Position
	var moves []engine.Move
	for _, p := range ps {
		m, _, ok := o.Lookup(p)
		if !ok {
			t.Fatalf("%s: not in the book", p)
		}
		if p.Ply()+2 < 4 { // the replies are of the first four plies
			continue
		}
		in := 0
		replies := ReplyPositions([]*morris.Position{p}, []engine.Move{m}, nil)
		for _, q := range replies {
			if bm, _, ok := o.Lookup(q); ok && q.IsLegal(bm) {
				in++
			}
		}
		if in == len(replies) { // (some are in by transposition)
			ext, moves = append(ext, p), append(moves, m)
		}
	}
	if n := len(ReplyPositions(ext, moves, nil)); len(ext) == 0 || o.Len() != len(ps)+n {
		t.Fatalf("book of %d positions, want %d and %d after the book moves of %d", o.Len(), len(ps), n, len(ext))
	}
	var buf [engine.MaxMoves]engine.Move
	for _, p := range ps {
		for _, m := range p.GenMoves(buf[:0]) { // the positions of the next ply, in every form
			q := p.Copy()
			q.Make(m)
			if q.Ply() >= 4 {
				break
			}
			if bm, _, ok := o.Lookup(q); !ok || !q.IsLegal(bm) {
				t.Fatalf("%s: book move %v, %s", q, ok, morris.FormatMove(bm, false))
			}
		}
	}
}

// A position of the book is answered at once with the book move, mapped to
// the position's own symmetry; other positions are searched.
func TestSessionOpening(t *testing.T) {
	o, err := bookdb.ReadOpening(strings.NewReader("w:0;b:;b;1;0 P4 -12 9\n"))
	if err != nil {
		t.Fatal(err)
	}
	ps := startSession(t, Config{Depth: 2, Threads: 1, HashMiB: 1, Opening: o})
	if l := ps.next(); l != "ready" {
		t.Fatalf("first line %q", l)
	}
	// every image of the book position (a white piece on a corner of the
	// outer or inner square): the answer is an image of d6 under a
	// symmetry that takes a7 there, e.g. g7 -> d6, a1 -> d2 or b4, c5 -> d6
	for _, c := range []int{0, 2, 21, 23, 6, 8, 15, 17} {
		want := map[string]bool{}
		for k := range morris.NumSyms {
			if morris.Syms[k][0] == int8(c) {
				want[morris.FormatMove(morris.MapMove(k, morris.NewMove(-1, 4, -1)), false)] = true
			}
		}
		pos := fmt.Sprintf("w:%d;b:;b;1;0", c)
		ps.send("newgame "+pos, "go")
		if l := ps.next(); !strings.HasSuffix(l, " eval -12 nodes 0") {
			t.Errorf("%s: info %q", pos, l)
		}
		if l := ps.next(); !want[strings.TrimPrefix(l, "bestmove ")] {
			t.Errorf("%s: %q, want one of %v", pos, l, want)
		}
	}
	ps.send("newgame w:4;b:;b;1;0", "go") // not in the book: searched
	if l := ps.next(); strings.HasSuffix(l, "nodes 0") {
		t.Errorf("position outside the book: %q", l)
	}
	ps.bestmove()
	ps.send("quit")
	ps.close()
}
