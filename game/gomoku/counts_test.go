package gomoku

import (
	"math/rand/v2"
	"testing"

	ev "github.com/pentad-ai/pentad/eval/gomoku"
)

// TestFourCellCounts: the class counts the VCF solver relies on (to stop
// scanning after the last four cell) match the cells, near the stones, in
// random games under every rule.
func TestFourCellCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for g := 0; g < 200; g++ {
		rule := Rule(g % 4)
		p, _ := NewPosition(15, 15, rule)
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
				lo, hi := p.fullRange()
				for c := lo; c < hi; c++ {
					if p.cell[c] == Empty && (p.cls[s][c] == ev.TB4 || p.cls[s][c] == ev.T43 || p.cls[s][c] == ev.TFlex4) {
						n++
						if p.near[c] > 0 {
							nNear++
						}
					}
				}
				want := int(p.cnt[s][ev.TB4] + p.cnt[s][ev.T43] + p.cnt[s][ev.TFlex4])
				if n != want || nNear != n {
					t.Fatalf("rule %v side %d: %d cells (%d near), counts %d\n%s", rule, s, n, nNear, want, p)
				}
			}
		}
	}
}
