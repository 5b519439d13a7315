package engine_test

import (
	"testing"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/engine/toy"
)

// The dispatch-cost benchmarks run the same plain alpha-beta twice: once
// through the engine.Position interface, once on the concrete type of the toy
// game (dots and boxes, a node of a few nanoseconds). Compare their ns/node to
// see what the interface costs on a fast node.

type abBufs [32][toy.MaxEdges]engine.Move

func abGeneric(p engine.Position, b *abBufs, depth, alpha, beta int, nodes *int) int {
	*nodes++
	if over, s := p.Terminal(); over {
		return s
	}
	if depth == 0 {
		return p.Evaluate()
	}
	side := p.Side()
	best := -engine.Inf
	for _, m := range p.GenMoves(b[depth][:0]) {
		p.Make(m)
		var v int
		if p.Side() == side {
			v = abGeneric(p, b, depth-1, alpha, beta, nodes)
		} else {
			v = -abGeneric(p, b, depth-1, -beta, -alpha, nodes)
		}
		p.Unmake(m)
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

func abConcrete(p *toy.Position, b *abBufs, depth, alpha, beta int, nodes *int) int {
	*nodes++
	if over, s := p.Terminal(); over {
		return s
	}
	if depth == 0 {
		return p.Evaluate()
	}
	side := p.Side()
	best := -engine.Inf
	for _, m := range p.GenMoves(b[depth][:0]) {
		p.Make(m)
		var v int
		if p.Side() == side {
			v = abConcrete(p, b, depth-1, alpha, beta, nodes)
		} else {
			v = -abConcrete(p, b, depth-1, -beta, -alpha, nodes)
		}
		p.Unmake(m)
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

const dispatchDepth = 8

func BenchmarkDispatchGeneric(b *testing.B) {
	var bufs abBufs
	nodes := 0
	for i := 0; i < b.N; i++ {
		abGeneric(toy.New(2, 3), &bufs, dispatchDepth, -engine.Inf, engine.Inf, &nodes)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
}

func BenchmarkDispatchConcrete(b *testing.B) {
	var bufs abBufs
	nodes := 0
	for i := 0; i < b.N; i++ {
		abConcrete(toy.New(2, 3), &bufs, dispatchDepth, -engine.Inf, engine.Inf, &nodes)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
}

// The full search core on the toy game, for its nodes per second.
func BenchmarkSearchToy(b *testing.B) {
	e := engine.New(16, engine.Options{LMR: true, AspWindow: 24})
	nodes := uint64(0)
	for i := 0; i < b.N; i++ {
		e.NewGame()
		nodes += e.Search(toy.New(2, 3), engine.Limits{Depth: 12}).Nodes
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
}

// Both versions visit the same tree.
func TestDispatchSameTree(t *testing.T) {
	var bufs abBufs
	a, b := 0, 0
	va := abGeneric(toy.New(2, 3), &bufs, 7, -engine.Inf, engine.Inf, &a)
	vb := abConcrete(toy.New(2, 3), &bufs, 7, -engine.Inf, engine.Inf, &b)
	if a != b || va != vb {
		t.Fatalf("generic %d nodes value %d, concrete %d nodes value %d", a, va, b, vb)
	}
}
