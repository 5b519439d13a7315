package gomoku

import (
	"math/rand/v2"
	"testing"

	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// TestFourCellCounts: the class counts the VCF solver relies on (to stop
// scanning after the last four cell) match the cells, near the stones, in
// random games under every rule.
func TestFourCellCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for g := 0; g < 200; g++ {
		rule := game.Rule(g % 4)
		p, _ := NewSearch(15, 15, rule)
		for k := 0; k < 60; k++ {
			ms := p.LegalMoves(nil)
			if len(ms) == 0 {
				break
			}
			if over, _, _ := p.Status(); over {
				break
			}
			p.Make(ms[rng.IntN(len(ms))])
			for s := 0; s < 2; s++ {
				n := 0
				nNear := 0
				lo, hi := p.FullRange()
				for c := lo; c < hi; c++ {
					if p.Cell(c) == game.Empty && (p.Class(s, c) == ev.TB4 || p.Class(s, c) == ev.T43 || p.Class(s, c) == ev.TFlex4) {
						n++
						if p.Near(c) > 0 {
							nNear++
						}
					}
				}
				want := int(p.Count(s, ev.TB4) + p.Count(s, ev.T43) + p.Count(s, ev.TFlex4))
				if n != want || nNear != n {
					t.Fatalf("rule %v side %d: %d cells (%d near), counts %d\n%s", rule, s, n, nNear, want, p)
				}
			}
		}
	}
}

func TestSelectTop(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 1; n < 200; n++ {
		vals := make([]int32, n)
		ms := make([]engine.Move, n)
		orig := map[engine.Move]int32{}
		for i := range vals {
			vals[i] = int32(rng.IntN(20))
			ms[i] = engine.Move(i + 1)
			orig[ms[i]] = vals[i]
		}
		k := 1 + rng.IntN(n)
		selectTop(ms, vals, k)
		lowTop, highRest := int32(1<<30), int32(-1)
		for i := range ms {
			if orig[ms[i]] != vals[i] {
				t.Fatal("moves and values out of step")
			}
			if i < k {
				lowTop = min(lowTop, vals[i])
			} else {
				highRest = max(highRest, vals[i])
			}
		}
		if highRest > lowTop {
			t.Fatalf("n %d k %d: %d left out above %d", n, k, highRest, lowTop)
		}
	}
}
