package kalah

import (
	"math/rand/v2"
	"testing"

	"github.com/pentad-ai/pentad/bench"
	"github.com/pentad-ai/pentad/engine"
)

// Reference counts from ../shared/reference/perft.md.
var (
	perftRaw    = []uint64{7, 48, 309, 2026, 13298, 86342, 563890, 3630709, 23408151, 149141086}
	perftEngine = []uint64{7, 56, 364, 2388, 15653, 101884, 664602, 4287250, 27648341, 176339927}
	perft64     = []uint64{6, 35, 185, 942, 4690, 23233, 114430, 563055, 2763490}
)

func maxTestDepth() int {
	if testing.Short() {
		return 6
	}
	return 8
}

func TestPerftRaw(t *testing.T) {
	for d := 1; d <= maxTestDepth(); d++ {
		if got := Perft(New(Raw(7, 7)), d); got != perftRaw[d-1] {
			t.Fatalf("raw perft %d = %d, want %d", d, got, perftRaw[d-1])
		}
	}
}

func TestPerftEngine(t *testing.T) {
	for d := 1; d <= maxTestDepth(); d++ {
		if got := Perft(New(Tournament), d); got != perftEngine[d-1] {
			t.Fatalf("engine perft %d = %d, want %d", d, got, perftEngine[d-1])
		}
	}
}

func TestPerft64(t *testing.T) {
	for d := 1; d <= len(perft64); d++ {
		if got := Perft(New(Raw(6, 4)), d); got != perft64[d-1] {
			t.Fatalf("Kalah(6,4) perft %d = %d, want %d", d, got, perft64[d-1])
		}
	}
}

// The generic driver and the specialised one agree.
func TestPerftGenericDriver(t *testing.T) {
	for d := 1; d <= 5; d++ {
		if a, b := bench.Perft(New(Tournament), d), Perft(New(Tournament), d); a != b {
			t.Fatalf("depth %d: generic %d, specialised %d", d, a, b)
		}
	}
}

// Make/Unmake restore the position and the incremental hash matches a full
// recomputation along random games.
func TestMakeUnmakeHash(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for game := 0; game < 200; game++ {
		p := New(Tournament)
		var buf [engine.MaxMoves]engine.Move
		for !p.Over() {
			moves := p.GenMoves(buf[:0])
			before := *p
			for _, m := range moves {
				p.Make(m)
				h := p.hash
				p.rehash()
				if h != p.hash {
					t.Fatalf("incremental hash differs after %v", m)
				}
				p.Unmake(m)
				if p.pits != before.pits || p.hash != before.hash || p.side != before.side ||
					p.swapAvail != before.swapAvail || p.first != before.first || p.swapped != before.swapped {
					t.Fatalf("unmake did not restore the position")
				}
			}
			if err := p.Play(moves[r.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
			total := 0
			for i := 0; i < 16; i++ {
				total += int(p.pits[i])
			}
			if total != 98 {
				t.Fatalf("seed count %d", total)
			}
		}
	}
}

// The first state strings of the recorded tournament games.
func TestStateStrings(t *testing.T) {
	p := New(Tournament)
	if err := p.Play(2); err != nil {
		t.Fatal(err)
	}
	if got, want := p.State(), "8,7,7,7,7,7,7,0,7,0,8,8,8,8,8,1"; got != want {
		t.Fatalf("after South 2: %s, want %s", got, want)
	}
	if p.ToMove() != North || !p.SwapAvailable() {
		t.Fatalf("North should be to move with a swap available")
	}
	if err := p.Play(Swap); err != nil {
		t.Fatal(err)
	}
	if err := p.Play(1); err != nil {
		t.Fatal(err)
	}
	if got, want := p.State(), "0,8,8,8,8,8,8,1,8,0,8,8,8,8,8,1"; got != want {
		t.Fatalf("after swap and North 1: %s, want %s", got, want)
	}
	if p.ToMove() != South {
		t.Fatal("South should move")
	}
	pits, err := ParseState("0,8,8,8,8,8,8,1,8,0,8,8,8,8,8,1", 7)
	if err != nil || pits != p.pits {
		t.Fatalf("ParseState round trip failed: %v", err)
	}
	for _, bad := range []string{"", "1,2", "a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p", "0,8,8,8,8,8,8,1,8,0,8,8,8,8,8,-1"} {
		if _, err := ParseState(bad, 7); err == nil {
			t.Fatalf("ParseState(%q) accepted", bad)
		}
	}
}

// First-move rule: South's first move into its store does not earn an extra
// turn in the tournament rules, but does in raw Kalah.
func TestFirstMoveRule(t *testing.T) {
	p := New(Tournament)
	p.Play(1) // 7 seeds from hole 1 end in the store
	if p.ToMove() != North {
		t.Fatal("tournament: first move must not earn an extra turn")
	}
	q := New(Raw(7, 7))
	q.Play(1)
	if q.ToMove() != South {
		t.Fatal("raw: a move into the store earns an extra turn")
	}
	if q.SwapAvailable() {
		t.Fatal("raw rules have no swap")
	}
}

func TestCaptureRules(t *testing.T) {
	// South hole 1 holds 1 seed; hole 2 is empty; the opposite of hole 2
	// (North hole 6) is empty too.
	mk := func(r Rules) *Position {
		p := New(r)
		var pits [2*MaxHoles + 2]uint8
		pits[0] = 1
		pits[2] = 5
		pits[r.Holes+1] = 3
		pits[r.Holes] = uint8(r.Total() - 9)
		p.SetState(pits, South, false, false, false)
		return p
	}
	p := mk(Raw(7, 7))
	p.Play(1)
	if p.Store(South) != 89 || p.Hole(South, 2) != 1 {
		t.Fatalf("standard: no capture from an empty opposite hole: store %d", p.Store(South))
	}
	r := Raw(7, 7)
	r.CaptureEmpty = true
	q := mk(r)
	q.Play(1)
	if q.Store(South) != 90 || q.Hole(South, 2) != 0 {
		t.Fatalf("empty capture: the single seed must be captured: store %d", q.Store(South))
	}
}
