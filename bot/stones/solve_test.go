package stones

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/stones"
)

// minimax is a plain exhaustive search with a memo: true when the side to
// move wins.
// winsAfter reports whether the side to move in p wins by playing m.
func winsAfter(p *stones.Position, m engine.Move, memo map[stones.Key]bool) bool {
	side := p.Side()
	p.Make(m)
	w := minimax(p, memo)
	if p.Side() != side {
		w = !w
	}
	p.Unmake(m)
	return w
}

func minimax(p *stones.Position, memo map[stones.Key]bool) bool {
	if over, sc := p.Terminal(); over {
		return sc > 0
	}
	k := p.Key()
	if v, ok := memo[k]; ok {
		return v
	}
	var buf [solveCap]engine.Move
	win := false
	for _, m := range p.GenMoves(buf[:0]) {
		w := winsAfter(p, m, memo)
		if w {
			win = true
			break
		}
	}
	memo[k] = win
	return win
}

// TestSolverAgainstMinimax checks the solver's value and winning action on
// small endgames against an exhaustive minimax.
func TestSolverAgainstMinimax(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	s := NewSolver(4)
	n := 30
	if testing.Short() {
		n = 5
	}
	wins, losses := 0, 0
	for i := 0; i < 200 && (i < n || wins == 0 || losses == 0); i++ {
		p := RandomEndgame(r, 5+i%4, 3)
		memo := map[stones.Key]bool{}
		want := minimax(p, memo)
		if i%2 == 0 {
			s.Clear()
		}
		before := p.Key()
		st := s.Solve(p, SolveLimits{})
		if p.Key() != before {
			t.Fatal("Solve changed the position")
		}
		if st.Result == Unknown || (st.Result == Won) != want {
			t.Fatalf("position %d: solver %v, minimax win=%v\n%v", i, st.Result, want, p.State())
		}
		var buf [solveCap]engine.Move
		moves := p.GenMoves(buf[:0])
		if want {
			wins++
			// the chosen action must keep the win
			w := winsAfter(p, st.Move, memo)
			if !w {
				t.Fatalf("position %d: solver's move %s does not win", i, stones.FormatMove(st.Move))
			}
		} else {
			losses++
			if len(st.Losing) != len(moves) {
				t.Fatalf("position %d: lost, but %d of %d actions listed as losing", i, len(st.Losing), len(moves))
			}
		}
		// every action listed as losing loses
		for _, m := range st.Losing {
			w := winsAfter(p, m, memo)
			if w {
				t.Fatalf("position %d: %s listed as losing but wins", i, stones.FormatMove(m))
			}
		}
	}
	if wins == 0 || losses == 0 {
		t.Fatalf("test set lacks variety: %d wins, %d losses", wins, losses)
	}
	t.Logf("%d wins, %d losses", wins, losses)
}

// TestSolverLimits: a node limit ends the search unproven, and the table
// carries the work over to the next call.
func TestSolverLimits(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	s := NewSolver(4)
	var p *stones.Position
	var full SolveStats
	for full.Nodes < 300 {
		p = RandomEndgame(r, 8, 3)
		s.Clear()
		full = s.Solve(p, SolveLimits{})
	}
	if full.Result == Unknown {
		t.Fatalf("full solve: %v in %d nodes", full.Result, full.Nodes)
	}
	s.Clear()
	part := s.Solve(p, SolveLimits{Nodes: full.Nodes / 10})
	if part.Result != Unknown || part.Nodes > full.Nodes/10 {
		t.Fatalf("limited solve: %v in %d nodes (limit %d)", part.Result, part.Nodes, full.Nodes/10)
	}
	if !p.IsLegal(part.Move) {
		t.Fatal("no legal move from an unfinished solve")
	}
	again := s.Solve(p, SolveLimits{})
	if again.Result != full.Result {
		t.Fatalf("resumed solve: %v, want %v", again.Result, full.Result)
	}
	if big := s.Solve(p, SolveLimits{MaxStack: 5}); big.Result != Unknown || big.Nodes != 0 {
		t.Fatal("MaxStack not honoured")
	}
}

func TestSolverAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	s := NewSolver(4)
	p := RandomEndgame(r, 8, 3)
	for s.Solve(p, SolveLimits{}).Nodes < 300 {
		p = RandomEndgame(r, 8, 3)
	}
	var nodes uint64
	allocs := testing.AllocsPerRun(3, func() {
		s.Clear()
		st := s.Solve(p, SolveLimits{})
		nodes = st.Nodes
	})
	if nodes < 100 || allocs != 0 {
		t.Fatalf("solve of %d nodes made %v allocations", nodes, allocs)
	}
	t.Logf("solve of %d nodes: %v allocations", nodes, allocs)
}

// TestPlayerUsesSolver: with few stacks the player plays a proven winning
// action, and in a proven loss it still answers a legal action found by the
// search.
func TestPlayerUsesSolver(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	cfg := DefaultConfig()
	cfg.TTMiB, cfg.SolveMiB = 2, 2
	cfg.Depth = 2
	pl := NewPlayer(cfg)
	var won, lost bool
	for i := 0; i < 40 && !(won && lost); i++ {
		p := RandomEndgame(r, 7, 3)
		memo := map[stones.Key]bool{}
		want := minimax(p, memo)
		allowed := 1 << stones.Attack
		if p.Phase() == 1 {
			allowed = 1<<stones.Pass | 1<<stones.Attack | 1<<stones.Strengthen
		}
		proven := pl.Proven
		m := pl.Choose(p, allowed)
		if !p.IsLegal(m) {
			t.Fatalf("illegal %s", stones.FormatMove(m))
		}
		if want {
			won = true
			w := winsAfter(p, m, memo)
			if !w || pl.Proven != proven+1 {
				t.Fatalf("won position %d: %s keeps the win: %v; proven %d -> %d", i, stones.FormatMove(m), w, proven, pl.Proven)
			}
		} else {
			lost = true
			if pl.LastSolve.Result != Lost || pl.Last.Nodes == 0 {
				t.Fatalf("lost position %d: solver %v, search nodes %d", i, pl.LastSolve.Result, pl.Last.Nodes)
			}
		}
	}
	if !won || !lost {
		t.Fatal("test set lacks a won or a lost position")
	}
}

// TestBudgetAdapts: an overrun shrinks the next budgets, decisions on time
// let them grow back, never above the configured one nor below minScale.
func TestBudgetAdapts(t *testing.T) {
	pl := NewPlayer(DefaultConfig())
	soft0, hard0 := pl.budget()
	pl.observe(hard0+hard0/20, hard0, -1) // a small overshoot is normal
	if s, h := pl.budget(); s != soft0 || h != hard0 {
		t.Fatalf("budget changed after a small overshoot: %v %v", s, h)
	}
	pl.observe(2*hard0, hard0, -1)
	_, h1 := pl.budget()
	if h1 >= hard0 {
		t.Fatalf("budget %v after an overrun, was %v", h1, hard0)
	}
	for i := 0; i < 20; i++ {
		pl.observe(3*hard0, h1, -1)
	}
	if _, h := pl.budget(); h < time.Duration(float64(hard0)*minScale)-time.Millisecond {
		t.Fatalf("budget %v below the floor", h)
	}
	for i := 0; i < 200; i++ {
		pl.observe(0, hard0, -1)
	}
	if s, h := pl.budget(); s != soft0 || h != hard0 {
		t.Fatalf("budget did not recover: %v %v", s, h)
	}
}

// TestBudgetShrinksOnACrowdedMachine: a decision on time whose threads got
// a fifth of a core each shrinks the next budgets; half a core each (two
// games at once on two cores), all of one core (the solver alone) or a
// short decision does not.
func TestBudgetShrinksOnACrowdedMachine(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Threads = 2
	pl := NewPlayer(cfg)
	_, hard0 := pl.budget()
	el := hard0 / 2
	for _, cpu := range []time.Duration{el, 2 * el, -1} {
		pl.observe(el, hard0, cpu)
	}
	pl.observe(50*time.Millisecond, hard0, 0)
	if _, h := pl.budget(); h != hard0 {
		t.Fatalf("budget %v after uncrowded decisions, want %v", h, hard0)
	}
	pl.observe(el, hard0, 2*el/5)
	_, h1 := pl.budget()
	if h1 >= hard0 {
		t.Fatalf("budget %v after a crowded decision, was %v", h1, hard0)
	}
	for i := 0; i < 100; i++ {
		pl.observe(el, h1, el)
	}
	if _, h := pl.budget(); h != hard0 {
		t.Fatalf("budget did not recover: %v", h)
	}
}

// TestProcessCPUGrows: the CPU clock the crowding check reads moves with
// work done (where the system gives it).
func TestProcessCPUGrows(t *testing.T) {
	c0 := processCPU()
	if c0 < 0 {
		t.Skip("no process CPU time on this system")
	}
	for round := 0; processCPU() == c0; round++ {
		if round == 10_000 {
			t.Fatal("10 billion multiplications and the process CPU time did not move")
		}
		for i := 0; i < 1_000_000; i++ {
			cpuSink = cpuSink*6364136223846793005 + 1442695040888963407
		}
	}
}

// cpuSink keeps TestProcessCPUGrows's work from being optimised away.
var cpuSink uint64
