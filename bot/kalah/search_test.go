package kalah

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	kbook "github.com/pentad-ai/pentad/book/kalah"
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
	"github.com/pentad-ai/pentad/game/kalah/kalahtest"
	"github.com/pentad-ai/pentad/internal/specialize"
)

// The checked-in search_gen.go must be exactly what go generate writes from
// the current engine/search.go.
func TestSearchGenUpToDate(t *testing.T) {
	stale, err := specialize.Stale("../../engine/search.go", "search_gen.go", specialize.Config{Package: "kalah",
		Concrete: "Search", Scorer: true, Engine: "Searcher", New: "NewSearcher", Prefix: "search"})
	if err != nil {
		t.Fatal(err)
	}
	if stale {
		t.Fatal("search_gen.go is stale: run go generate ./bot/kalah")
	}
}

// The specialised search walks the same tree as the generic engine: same
// move, score, depth, node count and principal variation.
func TestSearcherSameTree(t *testing.T) {
	depth := 11
	if testing.Short() {
		depth = 8
	}
	for i, p := range BenchPositions() {
		g := engine.New(8, SearchOptions)
		s := NewSearcher(8, SearchOptions)
		rg := g.Search(p, engine.Limits{Depth: depth})
		rs := s.Search(p, engine.Limits{Depth: depth})
		if rg.Move != rs.Move || rg.Score != rs.Score || rg.Depth != rs.Depth || rg.Nodes != rs.Nodes ||
			!slices.Equal(rg.PV, rs.PV) {
			t.Fatalf("position %d: generic %+v, specialised %+v", i, rg, rs)
		}
	}
}

func TestSearcherStopAndSMP(t *testing.T) {
	var stop atomic.Bool
	stop.Store(true)
	s := NewSearcher(8, engine.Options{Threads: 3, LMR: true})
	p := NewSearch(kalah.New(kalah.Tournament))
	r := s.Search(p, engine.Limits{Stop: &stop})
	if !p.Legal(r.Move) {
		t.Fatalf("stopped search returned illegal move %d", r.Move)
	}
	r = s.Search(p, engine.Limits{Depth: 9})
	if !p.Legal(r.Move) || r.Depth != 9 {
		t.Fatalf("Lazy SMP search: %+v", r)
	}
	if p.Hash() != kalah.New(kalah.Tournament).Hash() {
		t.Fatal("search changed the position")
	}
}

func TestSearcherAllocs(t *testing.T) {
	s := NewSearcher(8, SearchOptions)
	p := NewSearch(kalah.New(kalah.Tournament))
	s.Search(p, engine.Limits{Depth: 6})
	var nodes uint64
	allocs := testing.AllocsPerRun(3, func() {
		s.NewGame()
		nodes = s.Search(p, engine.Limits{Depth: 10}).Nodes
	})
	// The result's principal variation is the only allocation: one per iteration.
	if allocs > 40 || nodes < 10000 {
		t.Fatalf("%v allocations for %d nodes", allocs, nodes)
	}
}

// BenchmarkSearchDispatch compares the generic and the specialised search on
// the same tree (the bench positions at depth 12), alternating the two so that
// a loaded machine slows both alike; it reports the best ns/node of each over
// the iterations and their ratio (generic/specialised).
func BenchmarkSearchDispatch(b *testing.B) {
	ps := BenchPositions()
	run := func(generic bool) float64 {
		var nodes uint64
		start := time.Now()
		for _, p := range ps {
			var r engine.Result
			if generic {
				r = engine.New(16, SearchOptions).Search(p, engine.Limits{Depth: 12})
			} else {
				r = NewSearcher(16, SearchOptions).Search(p, engine.Limits{Depth: 12})
			}
			nodes += r.Nodes
		}
		return float64(time.Since(start).Nanoseconds()) / float64(nodes)
	}
	bestG, bestS := math.Inf(1), math.Inf(1)
	for b.Loop() {
		bestG = min(bestG, run(true))
		bestS = min(bestS, run(false))
	}
	b.ReportMetric(bestG, "generic-ns/node")
	b.ReportMetric(bestS, "specialised-ns/node")
	b.ReportMetric(bestG/bestS, "ratio")
}

// The database in Terminal gives exact results: with it a shallow search
// sees the same outcome as a deep one without it.
func TestDBInTerminal(t *testing.T) {
	db, err := kbook.Build(7, 8, false)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 50; i++ {
		p := kalahtest.RandomPosition(r, kalah.Raw(7, 7), 8)
		pits := p.Pits()
		pits[7], pits[15] = 45, 45 // a close game: outcome depends on the holes
		p.SetState(pits, p.ToMove(), p.Swapped(), p.FirstMove(), p.SwapAvailable())
		if p.Over() {
			continue
		}
		want := kalahtest.Margin(p)
		q := NewSearch(p)
		q.SetDB(db)
		over, s := q.Terminal()
		if !over || s != kalah.Outcome(want) {
			t.Fatalf("%s: terminal %v %d, want %d", q.State(), over, s, kalah.Outcome(want))
		}
	}
}
