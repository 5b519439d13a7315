package morris_test

import (
	"math/rand/v2"
	"testing"

	"github.com/pentad-ai/pentad/book/morris/morristest"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/morris"
)

// TestOnePlyConsistency checks every table against the rules package: the
// value of a position is the best of its moves.
func TestOnePlyConsistency(t *testing.T) {
	d := morristest.DB(t)
	r := rand.New(rand.NewPCG(7, 7))
	var buf [engine.MaxMoves]engine.Move
	for _, g := range morristest.Groups(t, d) {
		for _, ab := range [][2]int{g, {g[1], g[0]}} {
			a, b := ab[0], ab[1]
			for i := 0; i < 1500; i++ {
				us := morristest.RandomSet(r, a, 0)
				them := morristest.RandomSet(r, b, us)
				p := morristest.Position(t, us, them)
				code, _ := d.Raw(us, them)
				best := -1 << 30 // rank: win in n -> 1000-n, draw 0, loss in n -> -1000+n
				moves := p.GenMoves(buf[:0])
				for _, m := range moves {
					p.Make(m)
					var rk int
					if over, w, _ := p.Status(); over {
						if w != morris.White {
							t.Fatalf("move to a lost position?")
						}
						rk = 1000 - 1
					} else {
						c, ok := d.Raw(p.Pieces(morris.Black), p.Pieces(morris.White))
						if !ok {
							t.Fatalf("child not covered")
						}
						switch {
						case c == 0:
							rk = 0
						case (c-1)&1 == 1: // opponent wins in c-1
							rk = -1000 + int(c)
						default: // opponent loses in c-1
							rk = 1000 - int(c)
						}
					}
					p.Unmake(m)
					best = max(best, rk)
				}
				var want uint8
				switch {
				case len(moves) == 0:
					want = 1
				case best > 0:
					want = uint8(1000 - best + 1)
				case best < 0:
					want = uint8(best + 1000 + 1)
				}
				if code != want {
					t.Fatalf("%dv%d %s: table %d, one ply %d", a, b, p, code, want)
				}
			}
		}
	}
}
