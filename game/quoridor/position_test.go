package quoridor

import (
	"math/rand/v2"
	"os"
	"strings"
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

// TestDefendWalls: Defend adds the walls that forbid a cut of the mover's
// own shortest path (the other orientation at the anchor of a cutting
// wall), all legal, and only while the opponent has walls to cut with.
func TestDefendWalls(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	buf := make([]engine.Move, 0, engine.MaxMoves)
	p := New(9, 10)
	p.Prune = true
	extras := 0
	for ply := 0; ply < 60; ply++ {
		if over, _ := p.Terminal(); over {
			break
		}
		p.Defend = false
		plain := map[engine.Move]bool{}
		for _, m := range p.GenMoves(buf[:0]) {
			plain[m] = true
		}
		p.Defend = true
		ms := p.GenMoves(buf[:0])
		me := p.Side()
		seen := map[engine.Move]bool{}
		for _, m := range ms {
			seen[m] = true
			if plain[m] {
				continue
			}
			extras++
			o, a := WallOf(m)
			if !IsWall(m) || !p.cut[me][o^1].has(a) || !p.IsLegal(m) {
				t.Fatalf("ply %d: extra move %s is not a legal wall crossing a cut of our path", ply, p.FormatMove(m))
			}
			if p.WallsLeft(me^1) == 0 {
				t.Fatalf("ply %d: defence %s against an opponent without walls", ply, p.FormatMove(m))
			}
		}
		for m := range plain {
			if !seen[m] {
				t.Fatalf("ply %d: Defend dropped %s", ply, p.FormatMove(m))
			}
		}
		p.Defend = false
		all := p.GenMoves(buf[:0])
		if len(all) == 0 {
			break
		}
		p.Make(all[r.IntN(len(all))])
		if ply == 30 { // white has no walls left: black needs no defence
			p.walls[White] = 0
		}
	}
	if extras == 0 {
		t.Fatal("no defending wall was ever generated")
	}
}

// TestWallThreat: the most steps one wall adds to a path, against every
// legal wall tried one by one, on random positions of several sizes; the
// search's step hint is left as it was.
func TestWallThreat(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for _, n := range []int{5, 9, 11} {
		p := New(n, 30)
		checked := 0
		for ply := 0; ply < 50; ply++ {
			if over, _ := p.Terminal(); over {
				break
			}
			ms := p.GenMoves(buf[:0]) // every legal move: Prune is off
			for c := 0; c < 2; c++ {
				d := p.Dist(c)
				want := 0
				for _, m := range ms {
					if !IsWall(m) {
						continue
					}
					p.Make(m)
					want = max(want, p.Dist(c)-d)
					p.Unmake(m)
				}
				hint := p.StepHint(c)
				if got := p.WallThreat(c); got != want {
					t.Fatalf("%dx%d ply %d colour %d: WallThreat %d, want %d\n%s", n, n, ply, c, got, want, p.Diagram())
				}
				if p.StepHint(c) != hint {
					t.Fatalf("%dx%d ply %d: the step hint changed", n, n, ply)
				}
				checked++
			}
			p.Make(ms[r.IntN(len(ms))])
		}
		if checked < 20 {
			t.Fatalf("%dx%d: only %d positions", n, n, checked)
		}
	}
}

// loadMoves plays a file of QTP playmove/playwall commands from the start
// position of a 9x9 board, checking every move.
func loadMoves(t *testing.T, file string) *Pos {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p := New(9, 10)
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(l)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		c, ok := ParseColor(f[1])
		if !ok || len(f) < 3 {
			t.Fatalf("bad line %q", l)
		}
		m, err := p.ParseMove(strings.Join(f[2:], " "))
		if err != nil || c != p.Side() || !p.IsLegal(m) {
			t.Fatalf("bad move %q: %v", l, err)
		}
		p.Make(m)
	}
	return p
}

// TestBarrierWalls: Barrier adds walls touching the structure at two or
// more points, all legal, and keeps every other candidate. In the lost
// game of testdata/barrier-game.txt the wall that closed our route (F8 v,
// which cuts no shortest path yet) is a candidate only with Barrier.
func TestBarrierWalls(t *testing.T) {
	buf := make([]engine.Move, 0, engine.MaxMoves)
	check := func(p *Pos, where string) (extra map[engine.Move]bool) {
		p.Barrier = false
		plain := map[engine.Move]bool{}
		for _, m := range p.GenMoves(buf[:0]) {
			plain[m] = true
		}
		p.Barrier = true
		extra = map[engine.Move]bool{}
		for _, m := range p.GenMoves(buf[:0]) {
			if plain[m] {
				delete(plain, m)
				continue
			}
			extra[m] = true
			if !IsWall(m) || p.contacts(WallOf(m)) < 2 || !p.IsLegal(m) {
				t.Fatalf("%s: extra move %s is not a legal wall touching at two points", where, p.FormatMove(m))
			}
		}
		for m := range plain {
			t.Fatalf("%s: Barrier dropped %s", where, p.FormatMove(m))
		}
		return extra
	}

	p := loadMoves(t, "testdata/barrier-game.txt")
	p.Prune, p.Defend = true, true
	f8v, _ := p.ParseMove("F8 v")
	if !check(p, "barrier game")[f8v] {
		t.Fatal("F8 v is not among the extra candidates of the barrier game")
	}

	r := rand.New(rand.NewPCG(7, 8))
	q := New(9, 10)
	q.Prune, q.Defend = true, true
	extras := 0
	for ply := 0; ply < 80; ply++ {
		if over, _ := q.Terminal(); over {
			break
		}
		extras += len(check(q, "random game"))
		q.Prune = false
		all := q.GenMoves(buf[:0])
		q.Prune = true
		q.Make(all[r.IntN(len(all))])
	}
	if extras == 0 {
		t.Fatal("no barrier wall was ever generated")
	}
}

// TestTouching: the bitboard computation of the walls that touch at two or
// more points agrees with contacts at every anchor, on boards of one to ten
// words, through random games that place many walls.
func TestTouching(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for _, n := range []int{3, 5, 9, 11, 13, 17, 25} {
		p := New(n, 4*n)
		for ply := 0; ply < 8*n; ply++ {
			var bar [2]BB
			p.touching(&bar)
			for o := 0; o < 2; o++ {
				for a := 0; a < p.m*p.m; a++ {
					if bar[o].has(a) != (p.contacts(o, a) >= 2) {
						t.Fatalf("%dx%d ply %d: touching %v for orientation %d at anchor %d, contacts %d", n, n, ply, bar[o].has(a), o, a, p.contacts(o, a))
					}
				}
				for a := p.m * p.m; a < Words*64; a++ {
					if bar[o].has(a) {
						t.Fatalf("%dx%d: touching marks anchor %d off the board", n, n, a)
					}
				}
			}
			if over, _ := p.Terminal(); over {
				break
			}
			ms := p.GenMoves(buf[:0])
			walls := ms[:0:0]
			for _, m := range ms {
				if IsWall(m) {
					walls = append(walls, m)
				}
			}
			if len(walls) > 0 && r.IntN(4) > 0 {
				p.Make(walls[r.IntN(len(walls))])
			} else {
				p.Make(ms[r.IntN(len(ms))])
			}
		}
	}
}
