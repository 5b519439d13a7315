package morris

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pentad-ai/pentad/engine"
	evalm "github.com/pentad-ai/pentad/eval/morris"
	"github.com/pentad-ai/pentad/game/morris"
	"github.com/pentad-ai/pentad/internal/specialize"
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

// The checked-in search_gen.go must be exactly what go generate writes from
// the current engine/search.go.
func TestSearchGenUpToDate(t *testing.T) {
	stale, err := specialize.Stale("../../engine/search.go", "search_gen.go", specialize.Config{Package: "morris",
		Concrete: "Search", Scorer: true, Engine: "Searcher", New: "NewSearcher", Prefix: "search"})
	if err != nil {
		t.Fatal(err)
	}
	if stale {
		t.Fatal("search_gen.go is stale: run go generate ./bot/morris")
	}
}

// The specialised search walks the same tree as the generic engine: same
// move, score, depth, node count and principal variation.
func TestSearcherSameTree(t *testing.T) {
	depth := 9
	if testing.Short() || raceEnabled {
		depth = 6
	}
	for _, fen := range BenchPositions {
		g := engine.New(8, SearchOptions(1))
		s := NewSearcher(8, SearchOptions(1))
		rg := g.Search(NewSearch(mustPos(t, fen), nil), engine.Limits{Depth: depth})
		rs := s.Search(NewSearch(mustPos(t, fen), nil), engine.Limits{Depth: depth})
		if rg.Move != rs.Move || rg.Score != rs.Score || rg.Depth != rs.Depth || rg.Nodes != rs.Nodes ||
			!slices.Equal(rg.PV, rs.PV) {
			t.Fatalf("%s: generic %+v, specialised %+v", fen, rg, rs)
		}
	}
}

// Lazy SMP workers share the evaluation cache (the race detector checks
// its accesses); the search leaves the position as it was.
func TestSearcherSMPSharesCache(t *testing.T) {
	p := NewSearch(mustPos(t, "w:0,4,8,11,19;b:1,7,10,16,20;w;10;0"), nil)
	h := p.Hash()
	depth := 10
	if raceEnabled {
		depth = 6
	}
	r := NewSearcher(8, SearchOptions(2)).Search(p, engine.Limits{Depth: depth})
	if !p.IsLegal(r.Move) || r.Depth != depth || p.Hash() != h {
		t.Fatalf("Lazy SMP search: %+v", r)
	}
}

// The cached evaluation is the evaluation: on positions of random games,
// a first and a second call (from the cache) equal the uncached value, and
// new weights are not answered from the cache of the old ones.
func TestEvalCache(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 1))
	var buf [engine.MaxMoves]engine.Move
	w := evalm.Default
	w.Piece = 700
	for g := 0; g < 50; g++ {
		p := NewSearch(morris.NewPosition(), nil)
		q := NewSearch(morris.NewPosition(), nil)
		q.SetWeights(w)
		if q.cache == p.cache {
			t.Fatal("other weights share the cache")
		}
		for ply := 0; ply < 60; ply++ {
			if over, _ := p.Terminal(); over {
				break
			}
			want := p.evaluate()
			if a, b := p.Evaluate(), p.Evaluate(); a != want || b != want {
				t.Fatalf("game %d ply %d: Evaluate %d then %d, evaluation %d", g, ply, a, b, want)
			}
			if want, got := q.evaluate(), q.Evaluate(); got != want {
				t.Fatalf("game %d ply %d: other weights: Evaluate %d, evaluation %d", g, ply, got, want)
			}
			moves := p.GenMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			m := moves[r.IntN(len(moves))]
			p.Make(m)
			q.Make(m)
		}
	}
	a := NewSearch(morris.NewPosition(), nil)
	b := a.With(morris.NewPosition(), nil)
	if a.cache != b.cache || b.eval != a.eval || b.Copy().cache != a.cache {
		t.Fatal("With and Copy do not share the weights and cache")
	}
	b.SetWeights(w)
	if a.cache == b.cache {
		t.Fatal("SetWeights kept the shared cache")
	}
}

// Threatened (engine.Pruner) reports an opponent's mill closed by its next
// move: from the hand, by flying, or by stepping in with a piece that is
// not one of the two.
func TestThreatened(t *testing.T) {
	for _, c := range []struct {
		pos  string
		want bool
	}{
		{"w:0,1;b:3;b;3;0", true},                 // placing on 2 closes 0-1-2
		{"w:0,4;b:3;b;3;0", false},                // no two on a line
		{"w:0,1;b:3,2;w;4;0", false},              // the third node is taken
		{"w:0,1,14,21;b:3,5,7,8;b;20;0", true},    // 14 steps to 2
		{"w:0,1,9,21;b:3,5,7,8;b;20;0", false},    // only 1 reaches 2, and it is one of the two
		{"w:0,1,16;b:3,5,7,8,10,18;b;30;0", true}, // three pieces fly
		{"w:0,1,14,21;b:3,8,15,22;w;20;0", false}, // black has no mill to close
		{"w:3,5,6,8;b:0,1,14,21;w;20;0", true},    // the same for the other side
	} {
		p := NewSearch(mustPos(t, c.pos), nil)
		if got := p.Threatened(); got != c.want {
			t.Errorf("%s: Threatened %v, want %v", c.pos, got, c.want)
		}
	}
}
