package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bookdb "github.com/pentad-ai/pentad/book/morris"
	"github.com/pentad-ai/pentad/game/morris"
)

// morris book opening -extend: the weak line is searched again, the
// positions after its move and each of White's replies are added once
// each, the others are kept, and the result reads back as a book whose
// header says how it was made.
func TestExtendOpening(t *testing.T) {
	src := "# a book\n# POSITION (protocol notation) MOVE SCORE DEPTH\n" +
		"w:0;b:;b;1;0 P10 0 19\n" +
		"w:0,4;b:2;b;3;0 P13 -550 18\n"
	path := filepath.Join(t.TempDir(), "opening.txt")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	header, lines, n, err := extendOpening(path, -300, 20*time.Millisecond, 10*time.Millisecond, 2, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if lines[0] != (bookdb.OpeningLine{Position: "w:0;b:;b;1;0", Move: "P10", Score: 0, Depth: 19}) {
		t.Errorf("kept line became %+v", lines[0])
	}
	if l := lines[1]; l.Position != "w:0,4;b:2;b;3;0" || l.Depth >= 18 {
		t.Errorf("weak line %+v not searched again", l)
	}
	// Black's move leaves 20 empty nodes, White's replies are 20 positions,
	// fewer classes when the position has a symmetry (it has none: the
	// three pieces fix no image but the identity).
	if len(lines) != 2+20 || n != 1+20 {
		t.Fatalf("%d lines, %d searched; want 22 and 21", len(lines), n)
	}
	for _, l := range lines[2:] {
		p, err := morris.ParsePosition(l.Position)
		if err != nil || p.Ply() != 5 || p.Side() != morris.Black {
			t.Errorf("added %+v: %v", l, err)
		}
	}
	var b strings.Builder
	if err := bookdb.WriteOpening(&b, header, lines); err != nil {
		t.Fatal(err)
	}
	o, err := bookdb.ReadOpening(strings.NewReader(b.String()))
	if err != nil || o.Len() != 22 {
		t.Fatalf("read back: %v", err)
	}
	for _, want := range []string{"# a book\n", "-extend " + path + " -below -300", "\n# POSITION (protocol notation) MOVE SCORE DEPTH\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
	if strings.Count(b.String(), "MOVE SCORE DEPTH") != 1 {
		t.Errorf("format line twice:\n%s", b.String())
	}
	if _, _, _, err := extendOpening(filepath.Join(t.TempDir(), "none"), -300, time.Millisecond, time.Millisecond, 1, 1, nil); err == nil {
		t.Error("a missing book extended")
	}
}
