package kalah

import (
	"testing"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
)

func TestOpeningBook(t *testing.T) {
	if len(Opening) != 8 {
		t.Fatalf("book has %d entries, want 8", len(Opening))
	}
	start := kalah.New(kalah.Tournament)
	m, ok := Lookup(start)
	if !ok || !start.Legal(m) || m == kalah.Swap {
		t.Fatalf("start: %d %v", m, ok)
	}
	for first := engine.Move(1); first <= 7; first++ {
		p := kalah.New(kalah.Tournament)
		p.Play(first)
		m, ok := Lookup(p)
		if !ok || !p.Legal(m) {
			t.Fatalf("after %d: %d %v", first, m, ok)
		}
		// the book decision agrees with the sign of its recorded score:
		// swapping is worth the negated value of the position for South
		if m == kalah.Swap {
			p.Play(kalah.Swap)
			if _, ok := Lookup(p); ok {
				t.Fatal("book answers after the swap")
			}
		}
	}
	// outside the book
	p := kalah.New(kalah.Tournament)
	p.Play(3)
	p.Play(1)
	if _, ok := Lookup(p); ok {
		t.Fatal("book answered a third-ply position")
	}
	if _, ok := Lookup(kalah.New(kalah.Raw(7, 7))); ok {
		t.Fatal("book answered another variant")
	}
}
