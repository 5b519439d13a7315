package stones

import (
	"math/rand/v2"

	"github.com/pentad-ai/pentad/bench"
	"github.com/pentad-ai/pentad/engine"
)

// BenchPositions are the fixed positions of the bench subcommand: the start
// and positions reached by seeded random play (opening to late middle game).
func BenchPositions() []*Position {
	out := []*Position{NewGame()}
	var buf [engine.MaxMoves]engine.Move
	for i, n := range []int{5, 12, 20, 33, 47} {
		r := rand.New(rand.NewPCG(uint64(i)+11, 77))
		for {
			p := NewGame()
			ok := true
			for k := 0; k < n; k++ {
				if over, _ := p.Terminal(); over {
					ok = false
					break
				}
				moves := p.GenMoves(buf[:0])
				// Random play that prefers attacks, so stacks get taken as
				// in real games.
				m := moves[r.IntN(len(moves))]
				for try := 0; try < 3 && Kind(m) != Attack; try++ {
					m = moves[r.IntN(len(moves))]
				}
				p.Make(m)
			}
			if over, _ := p.Terminal(); ok && !over {
				out = append(out, p.Copy())
				break
			}
		}
	}
	return out
}

// BenchDepth is the default depth (in actions) of the bench subcommand.
const BenchDepth = 5

// Bench searches the bench positions to depth with eval (nil: material)
// on one thread with a 16 MiB table, and returns the report whose node
// count is the bench signature.
func Bench(depth int, eval func(*Position) int) bench.Report {
	var ps []engine.Position
	for _, p := range BenchPositions() {
		p.SetEvaluator(eval)
		ps = append(ps, p)
	}
	return bench.Search(ps, depth, 16, engine.Options{LMR: true, AspWindow: 60})
}
