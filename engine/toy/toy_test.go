package toy

import (
	"testing"

	"github.com/pentad-ai/pentad/engine"
)

func perft(p *Position, d int) uint64 {
	if d == 0 {
		return 1
	}
	var buf [MaxEdges]engine.Move
	var n uint64
	for _, m := range p.GenMoves(buf[:0]) {
		h := p.Hash()
		p.Make(m)
		n += perft(p, d-1)
		p.Unmake(m)
		if p.Hash() != h {
			panic("hash not restored")
		}
	}
	return n
}

// Edge sequences do not depend on who moves: E!/(E-d)!.
func TestPerft(t *testing.T) {
	p := New(3, 3)
	if p.Edges() != 24 {
		t.Fatalf("%d edges", p.Edges())
	}
	want := uint64(1)
	for d := 1; d <= 4; d++ {
		want *= uint64(25 - d)
		if got := perft(p, d); got != want {
			t.Fatalf("perft %d = %d, want %d", d, got, want)
		}
	}
}

// Closing a box scores it and keeps the move; the game ends with the boxes
// counted.
func TestBoxesAndExtraMoves(t *testing.T) {
	p := New(1, 1) // edges: top 0, bottom 1, left 2, right 3
	for _, m := range []engine.Move{1, 2, 3} {
		p.Make(m)
	}
	if p.Side() != 1 {
		t.Fatalf("side %d after three plain moves", p.Side())
	}
	if p.Evaluate() != 4 {
		t.Fatalf("evaluate %d with a box to close", p.Evaluate())
	}
	before := p.Hash()
	p.Make(4)
	if p.Side() != 1 || p.boxes[1] != 1 {
		t.Fatalf("side %d boxes %v after closing", p.Side(), p.boxes)
	}
	if over, s := p.Terminal(); !over || s != engine.Win {
		t.Fatalf("terminal %v %d", over, s)
	}
	if p.Hash() == before || p.Legal(4) || !New(1, 1).Legal(4) {
		t.Fatal("hash or legality")
	}
	p.Unmake(4)
	if p.Hash() != before || p.Side() != 1 || p.boxes[1] != 0 {
		t.Fatal("unmake did not restore the position")
	}
}
