package morris

import (
	"testing"

	"github.com/pentad-ai/pentad/engine"
)

func TestSearchAllocs(t *testing.T) {
	p := NewSearch(mustPos(t, "w:0,4,8,11,19;b:1,7,10,16,20;w;10;0"), nil)
	e := engine.New(1, engine.Options{Threads: 1, LMR: true, AspWindow: 150})
	e.Search(p, engine.Limits{Depth: 6})
	var buf [engine.MaxMoves]engine.Move
	allocs := testing.AllocsPerRun(5, func() {
		for _, m := range p.GenMoves(buf[:0]) {
			p.Make(m)
			p.Terminal()
			p.Evaluate()
			p.Unmake(m)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per make/unmake round", allocs)
	}
	// A whole search allocates only per search (PV, root list), not per node.
	small := testing.AllocsPerRun(2, func() { e.Search(p, engine.Limits{Depth: 4}) })
	big := testing.AllocsPerRun(2, func() { e.Search(p, engine.Limits{Depth: 8}) })
	if big > small+10 {
		t.Errorf("search allocations grow with depth: %v at depth 4, %v at depth 8", small, big)
	}
}

// The engine's searches use the logarithmic late move reductions: to the
// same depth in the placement phase they visit fewer nodes than the fixed
// reductions, and still return a legal move.
func TestSearchOptionsReduce(t *testing.T) {
	p := NewSearch(mustPos(t, "w:1,14;b:21,4;w;4;0"), nil)
	nodes := func(opt engine.Options) (uint64, engine.Move) {
		r := engine.New(4, opt).Search(p, engine.Limits{Depth: 9})
		return r.Nodes, r.Move
	}
	fixed := SearchOptions(1)
	fixed.LMRScale = 0
	nf, _ := nodes(fixed)
	nl, m := nodes(SearchOptions(1))
	t.Logf("depth 9: fixed reductions %d nodes, LMRScale %d: %d", nf, LMRScale, nl)
	if nl >= nf {
		t.Fatalf("depth 9: fixed reductions %d nodes, LMRScale %d: %d", nf, LMRScale, nl)
	}
	if !p.IsLegal(m) {
		t.Fatalf("illegal best move %v", m)
	}
}
