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
