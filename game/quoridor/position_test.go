package quoridor

import (
	"math/rand/v2"
	"testing"

	"github.com/pentad-ai/pentad/engine"
)

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
