package quoridor

import (
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/pentad-ai/pentad/engine"
	evalq "github.com/pentad-ai/pentad/eval/quoridor"
)

// TestVirtualSize plays a genmove with the default 64 MiB table and checks
// the process stays under the referee's limit (900 MB with a margin).
func TestVirtualSize(t *testing.T) {
	if runtime.GOOS != "linux" || raceBuild {
		t.Skip("VmSize is a Linux measure; the race detector reserves its own shadow memory")
	}
	s := NewSession(Config{Nodes: 20000, HashMiB: DefaultHashMiB})
	exec(s, "boardsize 9")
	exec(s, "clear_board")
	if r := exec(s, "genmove black"); !moveRE.MatchString(r) {
		t.Fatalf("genmove: %q", r)
	}
	// Heap growth after trimming must still work.
	big := make([]byte, 96<<20)
	for i := range big {
		big[i] = byte(i)
	}
	runtime.GC()
	if r := exec(s, "genmove white"); !moveRE.MatchString(r) {
		t.Fatalf("genmove: %q", r)
	}
	vsz := VirtualSize()
	t.Logf("VmSize after search: %d MB (sum %d)", vsz>>20, big[len(big)-1])
	if vsz == 0 || vsz >= 900<<20 {
		t.Fatalf("VmSize %d MB, want < 900 MB", vsz>>20)
	}
}

// TestNoAllocs: generating, making, unmaking and evaluating allocate nothing.
func TestNoAllocs(t *testing.T) {
	p := BenchPositions()[2].(*Search)
	buf := make([]engine.Move, 0, engine.MaxMoves)
	exposed := evalq.Default
	exposed.Exposed = 50 // the path threats are evaluated too
	allocs := testing.AllocsPerRun(20, func() {
		for _, prune := range []bool{false, true} {
			p.Prune = prune
			p.W = &exposed
			if prune {
				p.W = nil
			}
			for _, m := range p.GenMoves(buf[:0]) {
				p.Make(m)
				p.Evaluate()
				p.Terminal()
				p.Unmake(m)
			}
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per run", allocs)
	}
	// A fixed-depth search allocates a constant few objects per call
	// (principal variation, timer), not per node.
	e := engine.New(1, engine.Options{Threads: 1})
	e.Search(p, engine.Limits{Depth: 2})
	a2 := testing.AllocsPerRun(3, func() { e.Search(p, engine.Limits{Depth: 2}) })
	a4 := testing.AllocsPerRun(3, func() { e.Search(p, engine.Limits{Depth: 4}) })
	if a4 > a2+8 {
		t.Fatalf("search allocates per node: depth 2 %v, depth 4 %v", a2, a4)
	}
}

func TestBenchSignature(t *testing.T) {
	a, b := Bench(), Bench()
	if a.Nodes != b.Nodes || a.Nodes == 0 {
		t.Fatalf("bench not deterministic: %d vs %d", a.Nodes, b.Nodes)
	}
}

// TestBarrierFound: in the lost game of the barrier test the search at
// depth 4 finds black's F8 v, which shuts white's top route before the
// wall that shuts the bottom one; without the Barrier candidates it played
// a pawn move and scored the position lost.
func TestBarrierFound(t *testing.T) {
	data, err := os.ReadFile("../../game/quoridor/testdata/barrier-game.txt")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(Config{Depth: 4, HashMiB: 1, Threads: 1})
	for _, l := range append([]string{"boardsize 9", "clear_board", "walls 10"}, strings.Split(string(data), "\n")...) {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if r := exec(s, l); r != "=\n\n" {
			t.Fatalf("%s: %q", l, r)
		}
	}
	if r := exec(s, "genmove black"); r != "= F8 v\n\n" {
		t.Fatalf("genmove black: %q, want F8 v", r)
	}
}
