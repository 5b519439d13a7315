package bench_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pentad-ai/pentad/bench"
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/engine/toy"
)

func positions() []engine.Position {
	a := toy.New(3, 3)
	b := toy.New(3, 3)
	b.Make(3)
	return []engine.Position{a, b}
}

// The bench signature is the same on every run.
func TestSignatureDeterministic(t *testing.T) {
	r1 := bench.Search(positions(), 9, 4, toy.SearchOptions)
	r2 := bench.Search(positions(), 9, 4, toy.SearchOptions)
	if r1.Nodes != r2.Nodes || r1.Nodes == 0 {
		t.Fatalf("signature differs: %d vs %d", r1.Nodes, r2.Nodes)
	}
	var out bytes.Buffer
	r1.Print(&out, "toy")
	if !strings.Contains(out.String(), "bench toy: ") || !strings.HasPrefix(out.String(), "cpu: ") {
		t.Fatalf("report: %q", out.String())
	}
}

func TestPerftAndDivide(t *testing.T) {
	p := toy.New(3, 3)
	// 24 edges: perft(d) = 24!/(24-d)!, whoever moves
	if n := bench.Perft(p, 4); n != 24*23*22*21 {
		t.Fatalf("perft 4 = %d, want %d", n, 24*23*22*21)
	}
	lines := bench.Divide(p, 3, p.MoveString)
	var total uint64
	for _, l := range lines {
		total += l.Count
	}
	if len(lines) != 24 || total != 24*23*22 {
		t.Fatalf("divide 3: %d moves, %d leaves", len(lines), total)
	}
	var out bytes.Buffer
	n := bench.RunPerft(&out, func(d int) uint64 { return bench.Perft(toy.New(3, 3), d) }, 3)
	if n != 24*23*22 || strings.Count(out.String(), "\n") != 3 {
		t.Fatalf("RunPerft: %d, %q", n, out.String())
	}
	if bench.PhysicalCores() < 1 {
		t.Fatal("no cores")
	}
}
