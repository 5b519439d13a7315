package quoridor

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/pentad-ai/pentad/engine"
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
	p := BenchPositions()[2].(*Pos)
	buf := make([]engine.Move, 0, engine.MaxMoves)
	allocs := testing.AllocsPerRun(20, func() {
		for _, prune := range []bool{false, true} {
			p.Prune = prune
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

// TestHashAndUndo plays random games and checks the incremental hash and
// the full undo.
func TestHashAndUndo(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for _, n := range []int{3, 5, 9, 13, 25} {
		p := New(n, DefaultWalls(n))
		start := p.Copy()
		for ply := 0; ply < 300; ply++ {
			if over, _ := p.Terminal(); over {
				break
			}
			ms := p.GenMoves(buf[:0])
			if len(ms) == 0 {
				break
			}
			m := ms[r.IntN(len(ms))]
			if !p.IsLegal(m) {
				t.Fatalf("%dx%d: generated %s not legal", n, n, p.FormatMove(m))
			}
			if q, err := p.ParseMove(p.FormatMove(m)); err != nil || q != m {
				t.Fatalf("notation round trip of %s: %v", p.FormatMove(m), err)
			}
			p.Make(m)
			h := p.hash
			p.rehash()
			if h != p.hash {
				t.Fatalf("%dx%d: incremental hash differs after %s", n, n, p.FormatMove(m))
			}
		}
		for p.Plies() > 0 {
			p.Unmake(0)
		}
		if p.hash != start.hash || p.can != start.can || p.pawn != start.pawn || p.walls != start.walls {
			t.Fatalf("%dx%d: undo does not restore the start", n, n)
		}
	}
}

// TestRaceTable checks the retrograde race solution against a plain
// depth-limited minimax on small boards with a few walls.
func TestRaceTable(t *testing.T) {
	for _, setup := range [][]string{nil, {"B3 h", "C4 v"}, {"A2 h", "C2 h", "B4 v"}} {
		p := New(5, 5)
		for _, w := range setup {
			m, _ := p.ParseMove(w)
			if !p.IsLegal(m) {
				t.Fatalf("bad setup %s", w)
			}
			p.Make(m)
		}
		p.walls = [2]int{0, 0}
		p.rehash()
		tab := solveRace(p)
		memo := map[[4]int]int{}
		var solve func(b, w, side, depth int) int
		solve = func(b, w, side, depth int) int {
			if b < 5 {
				return map[bool]int{true: 1, false: -1}[side == Black]
			}
			if w >= 20 {
				return map[bool]int{true: 1, false: -1}[side == White]
			}
			if depth == 0 {
				return 0
			}
			k := [4]int{b, w, side, depth}
			if v, ok := memo[k]; ok {
				return v
			}
			p.pawn = [2]int{b, w}
			var buf [8]engine.Move
			best := -2
			for _, m := range p.genPawn(buf[:0], side) {
				nb, nw := b, w
				if side == Black {
					nb = SquareOf(m)
				} else {
					nw = SquareOf(m)
				}
				v := -solve(nb, nw, side^1, depth-1)
				best = max(best, v)
			}
			if best == -2 {
				best = 0
			}
			memo[k] = best
			return best
		}
		for b := 0; b < 25; b++ {
			for w := 0; w < 25; w++ {
				if b == w {
					continue
				}
				for side := 0; side < 2; side++ {
					want := solve(b, w, side, 40)
					got := tab.value(b, w, side)
					sign := 0
					if got > 0 {
						sign = 1
					} else if got < 0 {
						sign = -1
					}
					if sign != want && want != 0 {
						t.Fatalf("walls %v b %d w %d side %d: table %d, minimax %d", setup, b, w, side, got, want)
					}
				}
			}
		}
	}
}

// TestWallGenerationComplete: in random games with many walls, the walls
// generated are exactly those LegalFor accepts (which always runs the full
// path search).
func TestWallGenerationComplete(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	buf := make([]engine.Move, 0, engine.MaxMoves)
	placed, checked := 0, 0
	defer func() {
		t.Logf("%d walls placed, %d positions checked", placed, checked)
		if placed < 150 {
			t.Errorf("only %d walls placed", placed)
		}
	}()
	for game := 0; game < 12; game++ {
		n := []int{5, 7, 9, 11}[game%4]
		p := New(n, 40)
		for ply := 0; ply < 120; ply++ {
			if over, _ := p.Terminal(); over {
				break
			}
			ms := p.GenMoves(buf[:0])
			gen := map[engine.Move]bool{}
			for _, m := range ms {
				gen[m] = true
			}
			for o := 0; o < 2; o++ {
				for a := 0; a < p.m*p.m; a++ {
					m := WallMove(o, a)
					if p.LegalFor(p.side, m) != gen[m] {
						t.Fatalf("%dx%d ply %d: wall %s legal %v generated %v", n, n, ply, p.FormatMove(m), p.LegalFor(p.side, m), gen[m])
					}
				}
			}
			checked++
			// prefer walls to fill the board
			m := ms[r.IntN(len(ms))]
			if r.IntN(3) > 0 {
				for _, x := range ms {
					if IsWall(x) && r.IntN(8) == 0 {
						m = x
						break
					}
				}
			}
			if IsWall(m) {
				placed++
			}
			p.Make(m)
		}
	}
}

// TestDistCache: cached path lengths agree with a fresh search, across
// board sizes reusing one position and under temporary walls.
func TestDistCache(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	buf := make([]engine.Move, 0, engine.MaxMoves)
	p := New(9, 10)
	for _, n := range []int{9, 5, 9, 7, 11, 3, 25} {
		p.Reset(n, DefaultWalls(n)+4)
		p.Prune = true
		for ply := 0; ply < 80; ply++ {
			for c := 0; c < 2; c++ {
				if d, f := p.Dist(c), p.flood(c, false); d != f {
					t.Fatalf("%dx%d ply %d colour %d: cached %d, searched %d", n, n, ply, c, d, f)
				}
			}
			if over, _ := p.Terminal(); over {
				break
			}
			ms := p.GenMoves(buf[:0])
			if len(ms) == 0 {
				break
			}
			p.Make(ms[r.IntN(len(ms))])
		}
	}
}
