package kalah

import (
	"testing"

	kbook "github.com/pentad-ai/pentad/book/kalah"
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
	"github.com/pentad-ai/pentad/game/kalah/kalahtest"
)

// A short search agrees with the book's clearest swap decisions.
func TestBookSwapsAgreeWithSearch(t *testing.T) {
	e := NewSearcher(16, SearchOptions)
	for _, b := range kbook.Opening {
		if b.After == 0 || b.Score < 30 || b.Play != kalah.Swap {
			continue
		}
		p := NewSearch(kalah.New(kalah.Tournament))
		p.Play(b.After)
		e.NewGame()
		if res := e.Search(p, engine.Limits{Depth: 9}); res.Move != kalah.Swap {
			t.Fatalf("after %d: search at depth 9 plays %d, book swaps", b.After, res.Move)
		}
	}
}

// The solver agrees with plain minimax on small boards, with and without a
// database, under both capture rules.
func TestSolverSmallBoards(t *testing.T) {
	for _, ce := range []bool{false, true} {
		for _, hs := range [][2]int{{3, 2}, {3, 3}, {4, 2}} {
			rules := kalah.Raw(hs[0], hs[1])
			rules.CaptureEmpty = ce
			want := kalahtest.Margin(kalah.New(rules))
			db, _ := kbook.Build(hs[0], 4, ce)
			for _, d := range []*kbook.DB{nil, db} {
				s, err := kbook.NewSolver(hs[0], ce, d, 16)
				if err != nil {
					t.Fatal(err)
				}
				// any first guess, with and without transposition cut-offs
				// and depth-limited searches first
				for i, g := range []int{0, EstimateStart(hs[0], hs[1], ce, d, 6), -30, 30, 5} {
					s.Guess, s.ETC, s.Threads, s.IDDepth = g, i%2 == 1, 1+i%3, 4*(i%3)
					if got := s.SolveStart(hs[1]).Value; got != want {
						t.Fatalf("Kalah(%d,%d) capture-empty=%v db=%v guess %d: solver %d, minimax %d", hs[0], hs[1], ce, d != nil, g, got, want)
					}
				}
			}
		}
	}
}
