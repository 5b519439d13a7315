package morris

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pentad-ai/pentad/game/morris"
)

const testOpening = `# a test book
w:;b:;w;0;0 P4 10 12

w:0;b:;b;1;0 P4 -12 9
w:0,4;b:1;b;3;0 P7 -300 11
`

// TestReadOpening: the source reads back through WriteOpening unchanged,
// and each position's images under the 16 symmetries find the image of its
// move.
func TestReadOpening(t *testing.T) {
	o, err := ReadOpening(strings.NewReader(testOpening))
	if err != nil {
		t.Fatal(err)
	}
	if o.Len() != 3 {
		t.Fatalf("%d positions", o.Len())
	}
	lines := []OpeningLine{{"w:;b:;w;0;0", "P4", 10, 12}, {"w:0;b:;b;1;0", "P4", -12, 9}, {"w:0,4;b:1;b;3;0", "P7", -300, 11}}
	var buf bytes.Buffer
	if err := WriteOpening(&buf, "a test book", lines); err != nil {
		t.Fatal(err)
	}
	if want := strings.ReplaceAll(testOpening, "\n\n", "\n"); buf.String() != want {
		t.Fatalf("written:\n%s\nwant:\n%s", buf.String(), want)
	}
	so, header, read, err := ReadOpeningSource(strings.NewReader(testOpening))
	if err != nil || so.Len() != 3 || header != "a test book\n" || !slices.Equal(read, lines) {
		t.Fatalf("source: %q %v %v", header, read, err)
	}
	for _, l := range lines {
		p, err := morris.ParsePosition(l.Position)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(l.Move)
		if err != nil {
			t.Fatal(err)
		}
		for k := range morris.NumSyms {
			q, err := morris.ParsePosition(imageOf(k, p))
			if err != nil {
				t.Fatal(err)
			}
			bm, e, ok := o.Lookup(q)
			if !ok || e.Score != l.Score || e.Depth != l.Depth {
				t.Fatalf("%s (image %d of %s): %v %+v", q, k, p, ok, e)
			}
			// the book move is an image of the line's move under a
			// symmetry that takes p to q
			found := false
			for j := range morris.NumSyms {
				if imageOf(j, p) == q.String() && morris.MapMove(j, m) == bm {
					found = true
				}
			}
			if !found {
				t.Fatalf("%s: book move %s is no image of %s", q, morris.FormatMove(bm, false), l.Move)
			}
		}
	}
	// not in the book; past the placement phase
	for _, s := range []string{"w:1;b:;b;1;0", "w:0,4;b:1,7;w;4;0", "w:0,1,2;b:3,4,5;w;18;0"} {
		if _, _, ok := o.Lookup(mustPosition(t, s)); ok {
			t.Errorf("%s found", s)
		}
	}
	var none *Opening
	if _, _, ok := none.Lookup(morris.NewPosition()); ok {
		t.Error("a nil book answers")
	}
}

// imageOf writes the image of p under symmetry k in the protocol's notation.
func imageOf(k int, p *morris.Position) string {
	list := func(set uint32) string {
		var ns []string
		for n := range morris.Nodes {
			if set&(1<<n) != 0 {
				ns = append(ns, strconv.Itoa(n))
			}
		}
		return strings.Join(ns, ",")
	}
	side := "w"
	if p.Side() == morris.Black {
		side = "b"
	}
	return fmt.Sprintf("w:%s;b:%s;%s;%d;0", list(morris.MapNodes(k, p.Pieces(morris.White))),
		list(morris.MapNodes(k, p.Pieces(morris.Black))), side, p.Ply())
}

func mustPosition(t *testing.T, s string) *morris.Position {
	t.Helper()
	p, err := morris.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestReadOpeningRejects: each damaged source is an error.
func TestReadOpeningRejects(t *testing.T) {
	for _, src := range []string{
		"w:;b:;w;0;0 P4 10\n",                                            // a field short
		"w:;b:;w;0;0 P4 10 12 7\n",                                       // a field more
		"w:;b:;w;0 P4 10 12\n",                                           // bad position
		"w:0,1,2;b:3,4,5;w;18;0 M2-14 0 1\n",                             // moving phase
		"w:0;b:;b;1;0 P0 0 1\n",                                          // illegal move
		"w:0;b:;b;1;0 X4 0 1\n",                                          // not a move
		"w:0;b:;b;1;0 P4 ten 1\n",                                        // bad score
		"w:0;b:;b;1;0 P4 0 -1\n",                                         // negative depth
		"w:0;b:;b;1;0 P4 0 1\nw:0;b:;b;1;0 P1 0 1\n",                     // twice
		"w:0;b:;b;1;0 P4 0 1\nw:23;b:;b;1;0 P1 0 1\n",                    // an image twice
		"w:0,1;b:3,4;w;4;0 P2T3 0 1\n" + strings.Repeat("#", 300) + "\n", // over-long line
	} {
		if _, err := ReadOpening(strings.NewReader(src)); err == nil {
			t.Errorf("accepted %q", src)
		}
	}
}

// FuzzReadOpening: any input is read or refused without a panic, and a
// book read answers only with legal moves.
func FuzzReadOpening(f *testing.F) {
	f.Add([]byte(testOpening))
	f.Add([]byte("w:0;b:;b;1;0 P4 0 1\nw:23;b:;b;1;0 P1 0 1\n"))
	f.Add([]byte("w:0,1;b:3,4;w;4;0 P2T3 5 8\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := ReadOpening(bytes.NewReader(data))
		so, header, lines, serr := ReadOpeningSource(bytes.NewReader(data))
		if (err == nil) != (serr == nil) {
			t.Fatalf("ReadOpening: %v, ReadOpeningSource: %v", err, serr)
		}
		if err != nil {
			return
		}
		if len(lines) != o.Len() || so.Len() != o.Len() {
			t.Fatalf("%d source lines, %d and %d positions", len(lines), so.Len(), o.Len())
		}
		var buf bytes.Buffer
		if err := WriteOpening(&buf, header, lines); err != nil {
			t.Fatal(err)
		}
		if o2, err := ReadOpening(&buf); err != nil || o2.Len() != o.Len() {
			t.Fatalf("written again: %v", err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			f := strings.Fields(l)
			if len(f) != 4 {
				continue
			}
			p, err := morris.ParsePosition(f[0])
			if err != nil {
				continue
			}
			if m, _, ok := o.Lookup(p); ok && !p.IsLegal(m) {
				t.Fatalf("%s: illegal book move %s", p, morris.FormatMove(m, false))
			}
		}
	})
}
