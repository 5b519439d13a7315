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

// A short search agrees with the book's clearest swap decisions.
func TestBookSwapsAgreeWithSearch(t *testing.T) {
	e := kalah.NewSearcher(16, kalah.SearchOptions)
	for _, b := range Opening {
		if b.After == 0 || b.Score < 30 || b.Play != kalah.Swap {
			continue
		}
		p := kalah.New(kalah.Tournament)
		p.Play(b.After)
		e.NewGame()
		if res := e.Search(p, engine.Limits{Depth: 9}); res.Move != kalah.Swap {
			t.Fatalf("after %d: search at depth 9 plays %d, book swaps", b.After, res.Move)
		}
	}
}
