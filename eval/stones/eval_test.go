package stones

import (
	"math/rand/v2"
	"testing"

	"github.com/pentad-ai/pentad/engine"
	gs "github.com/pentad-ai/pentad/game/stones"
)

// randomPositions plays random legal actions from the start and keeps the
// positions met on the way, the start included.
func randomPositions() []*gs.Position {
	r := rand.New(rand.NewPCG(3, 4))
	out := []*gs.Position{gs.NewGame()}
	var buf [engine.MaxMoves]engine.Move
	for g := 0; g < 4; g++ {
		p := gs.NewGame()
		for ply := 0; ply < 60; ply++ {
			if over, _, _ := p.Status(); over {
				break
			}
			moves := p.GenMoves(buf[:0])
			p.Make(moves[r.IntN(len(moves))])
			if ply%7 == 6 {
				out = append(out, p.Copy())
			}
		}
	}
	return out
}

// mirror swaps the colours and reflects the board through the centre, which
// maps the six lines onto themselves.
func mirror(t *testing.T, p *gs.Position) *gs.Position {
	t.Helper()
	st := p.State()
	var m [9][9]int
	for y := 0; y < 9; y++ {
		for x := 0; x < 9; x++ {
			m[8-y][8-x] = -st[y][x]
		}
	}
	q, err := gs.FromState(m, p.SideToMove()^1, p.Phase())
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func TestSymmetry(t *testing.T) {
	for _, p := range randomPositions() {
		a, b := Evaluate(p), Evaluate(mirror(t, p))
		if a != b {
			t.Fatalf("eval %d, mirrored %d\n%v", a, b, p)
		}
	}
}

func TestMaterialSign(t *testing.T) {
	// Taking an enemy stack of a scarce type is better than taking one of
	// a common type, from the same start.
	st := gs.StartState
	base, _ := gs.FromState(st, gs.White, 1)
	noC := st
	noC[6][5] = 0 // a black C
	noA := st
	noA[8][5] = 0 // a black A
	pc, _ := gs.FromState(noC, gs.White, 1)
	pa, _ := gs.FromState(noA, gs.White, 1)
	e0, ec, ea := Evaluate(base), Evaluate(pc), Evaluate(pa)
	if !(ec > ea && ea > e0) {
		t.Fatalf("base %d, minus black C %d, minus black A %d", e0, ec, ea)
	}
}

func TestParseWeights(t *testing.T) {
	w, err := ParseWeights(Default, "Height=3, threat=7,MScale=200")
	if err != nil || w.Height != 3 || w.Threat != 7 || w.Marginal[5] != 2*Default.Marginal[5] {
		t.Fatalf("%+v %v", w, err)
	}
	if _, err := ParseWeights(Default, "Nope=1"); err == nil {
		t.Fatal("unknown weight accepted")
	}
	if _, err := ParseWeights(Default, "Height"); err == nil {
		t.Fatal("missing value accepted")
	}
}

// whiteToMove is the position of st with White to make the first action.
func whiteToMove(t *testing.T, st [9][9]int) *gs.Position {
	t.Helper()
	p, err := gs.FromState(st, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// tallWhite: White (to move) has A2, B2, C3 and a single of each type;
// Black has two singles of each type, out of reach of White's tall stacks.
func tallWhite(t *testing.T) *gs.Position {
	var st [9][9]int
	st[0][0], st[0][2], st[0][4] = 9, 10, 15 // White A2, B2, C3
	st[2][0], st[2][2], st[2][4] = 5, 6, 7   // White A1, B1, C1
	st[6][4], st[6][6], st[6][8] = -5, -6, -7
	st[8][4], st[8][6], st[8][8] = -5, -6, -7
	return whiteToMove(t, st)
}

// checkSymmetric fails unless the evaluation with the weight changes spec
// scores the random positions and extra as their colour mirrors.
func checkSymmetric(t *testing.T, spec string, extra ...*gs.Position) {
	t.Helper()
	w, err := ParseWeights(Default, spec)
	if err != nil {
		t.Fatal(err)
	}
	e := New(w)
	for _, q := range append(randomPositions(), extra...) {
		if a, b := e.Evaluate(q), e.Evaluate(mirror(t, q)); a != b {
			t.Fatalf("%s: eval %d, mirrored %d\n%v", spec, a, b, q)
		}
	}
}

// TestStrategicTerms checks the fixed-point goals: White (to move) has a
// stack two or more high of every type, taller than any of Black's, so the
// terms add exactly their weights for White and nothing for Black.
func TestStrategicTerms(t *testing.T) {
	p := tallWhite(t)
	zero, _ := ParseWeights(Default, "TallAll=0,SecureType=0,SecureAll=0,TallScarce=0,Starve=0")
	base := New(zero).Evaluate(p)
	for _, c := range []struct {
		spec string
		want int
	}{
		{"TallAll=100", 100},
		{"SecureType=10", 30},
		{"SecureAll=1000", 1000},
		{"TallAll=7,SecureType=5,SecureAll=50", 72},
	} {
		w, err := ParseWeights(zero, c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := New(w).Evaluate(p) - base; got != c.want {
			t.Errorf("%s: eval changed by %d, want %d", c.spec, got, c.want)
		}
	}
	w, _ := ParseWeights(zero, "TallScarce=50")
	if got := New(w).Evaluate(p) - base; got <= 0 {
		t.Errorf("TallScarce=50: eval changed by %d, want a gain for the side with the tall stacks", got)
	}
	// The terms keep the evaluation symmetric.
	checkSymmetric(t, "TallAll=100,SecureType=30,SecureAll=500,TallScarce=40", p)
}

// attackTargets counts the distinct enemy stacks side can take, from the
// move generator.
func attackTargets(t *testing.T, p *gs.Position, side int) int {
	t.Helper()
	q, err := gs.FromState(p.State(), side, 0)
	if err != nil {
		t.Fatal(err)
	}
	var buf [engine.MaxMoves]engine.Move
	seen := map[int]bool{}
	for _, m := range q.GenMoves(buf[:0]) {
		if gs.Kind(m) == gs.Attack {
			seen[gs.To(m)] = true
		}
	}
	return len(seen)
}

// TestStarve checks the term against targets counted by the move generator.
func TestStarve(t *testing.T) {
	w, _ := ParseWeights(Default, "Starve=7")
	e := New(w)
	w0, _ := ParseWeights(Default, "Starve=0")
	e0 := New(w0)
	short := 0
	r := rand.New(rand.NewPCG(5, 6))
	var buf [engine.MaxMoves]engine.Move
	var ps []*gs.Position
	for g := 0; g < 20; g++ { // random games to their end
		p := gs.NewGame()
		for over, _, _ := p.Status(); !over; over, _, _ = p.Status() {
			ps = append(ps, p.Copy())
			moves := p.GenMoves(buf[:0])
			p.Make(moves[r.IntN(len(moves))])
		}
	}
	for _, p := range ps {
		if v := e0.Evaluate(p); v > 15000 || v < -15000 {
			continue // near the clamp
		}
		s := p.SideToMove()
		me, opp := attackTargets(t, p, s), attackTargets(t, p, s^1)
		if me < 5 || opp < 5 {
			short++
		}
		want := 7 * (starved(opp) - starved(me))
		if got := e.Evaluate(p) - e0.Evaluate(p); got != want {
			t.Fatalf("targets %d and %d: Starve changed the eval by %d, want %d\n%v", me, opp, got, want, p)
		}
	}
	if short == 0 {
		t.Fatal("no position with fewer than five targets: the test checks nothing")
	}
	if starved(0) != 25 || starved(4) != 1 || starved(5) != 0 || starved(9) != 0 {
		t.Fatal("starved: wrong squares")
	}
}

// TestPotent: White's stacks are all two or more high, so of Black's six
// stacks only the one three high can ever attack (potent 1, penalty 16),
// while all three of White's can (potent 3, penalty 4).
func TestPotent(t *testing.T) {
	var st [9][9]int
	st[0][0], st[0][2], st[0][4] = 9, 10, 15 // White A2, B2, C3
	st[6][4], st[6][6], st[6][8] = -5, -6, -7
	st[8][4], st[8][6], st[8][8] = -5, -6, -15 // ... and Black C3
	p := whiteToMove(t, st)
	w, _ := ParseWeights(Default, "Potent=10")
	if got := New(w).Evaluate(p) - Evaluate(p); got != 120 {
		t.Fatalf("Potent=10 changed the eval by %d, want 120", got)
	}
	checkSymmetric(t, "Potent=30,Starve=20", p)
}

// TestImmFull: with 12 stacks on the board and ImmFull 24, the
// untouchable-stack terms count half.
func TestImmFull(t *testing.T) {
	p := tallWhite(t)
	off, _ := ParseWeights(Default, "Immune=0,ImmType=0")
	full, _ := ParseWeights(Default, "ImmFull=0")
	half, _ := ParseWeights(Default, "ImmFull=24")
	imm := New(full).Evaluate(p) - New(off).Evaluate(p)
	if imm <= 0 {
		t.Fatalf("no untouchable-stack value (%d): the test checks nothing", imm)
	}
	if got := New(half).Evaluate(p) - New(off).Evaluate(p); got != imm*12/24 {
		t.Fatalf("ImmFull=24: untouchable value %d, want %d of %d", got, imm*12/24, imm)
	}
}
