package stones_test

import (
	"testing"

	bot "github.com/pentad-ai/pentad/bot/stones"
	"github.com/pentad-ai/pentad/engine"
	evs "github.com/pentad-ai/pentad/eval/stones"
	"github.com/pentad-ai/pentad/game/stones"
)

func TestBenchDeterministic(t *testing.T) {
	d := 3
	if testing.Short() {
		d = 2
	}
	a := bot.Bench(d, evs.Evaluate)
	b := bot.Bench(d, evs.Evaluate)
	if a.Nodes != b.Nodes || a.Nodes == 0 {
		t.Fatalf("bench signature differs: %d vs %d", a.Nodes, b.Nodes)
	}
}

func TestZeroAllocsPerNode(t *testing.T) {
	var ps []*bot.Search
	for _, p := range bot.BenchPositions() {
		sp := bot.NewSearch(p)
		sp.SetEvaluator(evs.Evaluate)
		ps = append(ps, sp)
	}
	var buf, buf2 [engine.MaxMoves]engine.Move
	n := testing.AllocsPerRun(20, func() {
		for _, p := range ps {
			for _, m := range p.GenMoves(buf[:0]) {
				p.Make(m)
				p.Terminal()
				p.Evaluate()
				p.Hash()
				for _, q := range p.GenNoisy(buf2[:0]) {
					p.ScoreMove(q)
				}
				p.Unmake(m)
			}
		}
	})
	if n != 0 {
		t.Fatalf("%v allocations per make/genmoves/unmake round", n)
	}
	// A whole fixed-depth search allocates a bounded amount (result and PV
	// slices per iteration), not per node: thousands of nodes, few allocs.
	e := engine.New(4, engine.Options{Threads: 1, LMR: true, AspWindow: 60})
	p := ps[2]
	var nodes uint64
	allocs := testing.AllocsPerRun(3, func() {
		e.NewGame()
		nodes = e.Search(p, engine.Limits{Depth: 4}).Nodes
	})
	t.Logf("search of %d nodes: %v allocations", nodes, allocs)
	if nodes < 5000 || allocs > 40 {
		t.Fatalf("search of %d nodes made %v allocations", nodes, allocs)
	}
}

// TestThreadedPlayer runs the Lazy SMP search (run it with -race too).
func TestThreadedPlayer(t *testing.T) {
	cfg := bot.DefaultConfig()
	cfg.Threads = 2
	cfg.TTMiB = 4
	cfg.Depth = 3
	cfg.Eval = evs.Evaluate
	pl := bot.NewPlayer(cfg)
	for _, p := range bot.BenchPositions()[:3] {
		allowed := 1 << stones.Attack
		if p.Phase() == 1 {
			allowed |= 1<<stones.Pass | 1<<stones.Strengthen
		}
		m := pl.Choose(p, allowed)
		if !p.IsLegal(m) {
			t.Fatalf("illegal %s", stones.FormatMove(m))
		}
	}
}
