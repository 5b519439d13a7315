package stones

import (
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/pentad-ai/pentad/bench"
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/stones"
)

// BenchPositions are the fixed positions of the bench subcommand: the start
// and positions reached by seeded random play (opening to late middle game).
func BenchPositions() []*stones.Position {
	out := []*stones.Position{stones.NewGame()}
	var buf [engine.MaxMoves]engine.Move
	for i, n := range []int{5, 12, 20, 33, 47} {
		r := rand.New(rand.NewPCG(uint64(i)+11, 77))
		for {
			p := stones.NewGame()
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
				for try := 0; try < 3 && stones.Kind(m) != stones.Attack; try++ {
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
func Bench(depth int, eval func(*stones.Position) int) bench.Report {
	var ps []engine.Position
	for _, p := range BenchPositions() {
		sp := NewSearch(p)
		sp.SetEvaluator(eval)
		ps = append(ps, sp)
	}
	return bench.Search(ps, depth, 16, engine.Options{LMR: true, AspWindow: 60})
}

// SolveBenchPositions are the solver bench's positions: random endgames of
// 7 and 8 stacks a side (like the tests'), then the first-action positions
// with 18 to 26 stacks of three self-play games between material-only
// players at 2,000 nodes an action (deterministic).
func SolveBenchPositions() []*stones.Position {
	var out []*stones.Position
	r := rand.New(rand.NewPCG(21, 22))
	for i := 0; i < 8; i++ {
		out = append(out, RandomEndgame(r, 7+i%2, 3))
	}
	cfg := Config{Threads: 1, TTMiB: 4, Nodes: 2000, SolveStacks: -1}
	pl := NewPlayer(cfg)
	var buf [engine.MaxMoves]engine.Move
	for g := 0; g < 3; g++ {
		pl.NewGame()
		p := stones.NewGame()
		moves := p.GenMoves(buf[:0])
		p.Make(moves[(7*g+3)%len(moves)])
		p = p.Copy()
		for {
			if over, _, _ := p.Status(); over {
				break
			}
			n := p.NumStacks(0) + p.NumStacks(1)
			if n <= 26 && n >= 18 && p.Phase() == 0 {
				out = append(out, p.Copy())
			}
			allowed := 1 << stones.Attack
			if p.Phase() == 1 {
				allowed = 1<<stones.Pass | 1<<stones.Attack | 1<<stones.Strengthen
			}
			m := pl.Choose(p.Copy(), allowed)
			p.Make(m)
			p = p.Copy()
		}
	}
	return out
}

// SolveBench solves each bench position with an empty table of mib MiB
// within limit (0: none) and writes one line per position and a total.
func SolveBench(w io.Writer, mib int, limit time.Duration) {
	s := NewSolver(mib)
	var nodes uint64
	var el time.Duration
	proved := 0
	ps := SolveBenchPositions()
	for i, p := range ps {
		s.Clear()
		st := s.Solve(p, SolveLimits{Time: limit})
		nodes += st.Nodes
		el += st.Time
		if st.Result != Unknown {
			proved++
		}
		fmt.Fprintf(w, "position %2d: %2d stacks, %-7v %9d nodes %8.1f ms\n", i+1, p.NumStacks(0)+p.NumStacks(1), st.Result,
			st.Nodes, float64(st.Time.Microseconds())/1000)
	}
	nps := 0.0
	if el > 0 {
		nps = float64(nodes) / el.Seconds()
	}
	fmt.Fprintf(w, "solve: %d of %d proven, %d nodes in %.3f s, %.0f nodes/s\n", proved, len(ps), nodes, el.Seconds(), nps)
}

// Think makes one timed decision on bench position idx (0: the start) with
// cfg, logging every completed iteration to w, and writes a summary line:
// the figure "depth reached in the budget".
func Think(w io.Writer, cfg Config, idx int) error {
	ps := BenchPositions()
	if idx < 0 || idx >= len(ps) {
		return fmt.Errorf("stones: bench position %d of %d", idx, len(ps))
	}
	p := ps[idx]
	cfg.Log = w
	pl := NewPlayer(cfg)
	allowed := 1 << stones.Attack
	if p.Phase() == 1 {
		allowed |= 1<<stones.Pass | 1<<stones.Strengthen
	}
	t0 := time.Now()
	m := pl.Choose(p, allowed)
	r := pl.Last
	fmt.Fprintf(w, "position %d (%d stacks, %s to act, action %d): %s depth %d nodes %d in %d ms (%.0f nodes/s)\n",
		idx, p.NumStacks(0)+p.NumStacks(1), stones.SideName(p.Side()), p.Phase()+1, stones.FormatMove(m), r.Depth, r.Nodes,
		time.Since(t0).Milliseconds(), float64(r.Nodes)/max(r.Time.Seconds(), 1e-9))
	return nil
}
