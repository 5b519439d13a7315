package bench_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pentad-ai/pentad/bench"
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
)

func positions() []engine.Position {
	a := kalah.New(kalah.Tournament)
	b := kalah.New(kalah.Tournament)
	b.Play(3)
	return []engine.Position{a, b}
}

// The bench signature is the same on every run.
func TestSignatureDeterministic(t *testing.T) {
	r1 := bench.Search(positions(), 9, 4, kalah.SearchOptions)
	r2 := bench.Search(positions(), 9, 4, kalah.SearchOptions)
	if r1.Nodes != r2.Nodes || r1.Nodes == 0 {
		t.Fatalf("signature differs: %d vs %d", r1.Nodes, r2.Nodes)
	}
	var out bytes.Buffer
	r1.Print(&out, "kalah")
	if !strings.Contains(out.String(), "bench kalah: ") || !strings.HasPrefix(out.String(), "cpu: ") {
		t.Fatalf("report: %q", out.String())
	}
}

func TestPerftAndDivide(t *testing.T) {
	p := kalah.New(kalah.Tournament)
	if n := bench.Perft(p, 4); n != 2388 {
		t.Fatalf("perft 4 = %d, want 2388", n)
	}
	lines := bench.Divide(p, 3, p.MoveString)
	var total uint64
	for _, l := range lines {
		total += l.Count
	}
	if len(lines) != 7 || total != 364 {
		t.Fatalf("divide 3: %d moves, %d leaves", len(lines), total)
	}
	var out bytes.Buffer
	n := bench.RunPerft(&out, func(d int) uint64 { return bench.Perft(kalah.New(kalah.Tournament), d) }, 3)
	if n != 364 || strings.Count(out.String(), "\n") != 3 {
		t.Fatalf("RunPerft: %d, %q", n, out.String())
	}
	if bench.PhysicalCores() < 1 {
		t.Fatal("no cores")
	}
}
