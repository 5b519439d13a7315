package gomoku

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// The policy of the cell values orders every cell as the values do, under
// freestyle and under renju (black's likely forbidden cells), for both
// sides to move (one table for every rule: the renju table left out).
func TestValuePolicyOrder(t *testing.T) {
	base := ev.DefaultEval.WithRenju(nil)
	for _, rule := range []game.Rule{game.Freestyle, game.Renju} {
		rng := rand.New(rand.NewPCG(15, uint64(rule)))
		for g := 0; g < 20; g++ {
			p, _ := NewSearch(15, 15, rule)
			q, _ := NewSearch(15, 15, rule)
			pe := *base
			pe.Policy = nil // the ordering by the cell values
			p.SetEval(&pe)
			e := *base
			e.Policy = ev.ValuePolicy(ev.DefaultCombo, OwnWeight)
			q.SetEval(&e)
			for ply := 0; ply < 40; ply++ {
				if over, _, _ := p.Status(); over {
					break
				}
				lo, hi := p.ScanRange()
				for c := lo; c < hi; c++ {
					if p.Cell(c) == game.Empty && p.moveValue(c) != q.moveValue(c) {
						t.Fatalf("%v, cell %d: policy value %d, cell values %d\n%s", rule, c, q.moveValue(c), p.moveValue(c), p)
					}
				}
				var buf [game.MaxSize * game.MaxSize]engine.Move
				ms := p.LegalMoves(buf[:0])
				m := ms[rng.IntN(len(ms))]
				if ply > 0 {
					// mostly near the stones, where the patterns are
					for i := 0; i < 20 && p.Near(int(m)) == 0; i++ {
						m = ms[rng.IntN(len(ms))]
					}
				}
				p.Make(m)
				q.Make(m)
			}
		}
	}
}

// The policy fit reads arena records (the chosen moves, not the opening),
// lowers the training loss and writes a policy ReadPolicy reads.
func TestPolicyFitCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "policy.txt")
	var so, se bytes.Buffer
	if rc := texelCommand(&so, &se, []string{"-policy", out, "-iters", "20", "-mincount", "1", "testdata/texel-games.jsonl"}); rc != 0 {
		t.Fatalf("rc %d: %s", rc, se.String())
	}
	var l0, l1 float64
	i := strings.Index(so.String(), "train: loss")
	if i < 0 {
		t.Fatalf("no training statistics: %q", so.String())
	}
	if _, err := fmt.Sscanf(so.String()[i:], "train: loss %f", &l0); err != nil {
		t.Fatal(err)
	}
	j := strings.Index(so.String()[i:], "-> loss")
	if _, err := fmt.Sscanf(so.String()[i+j:], "-> loss %f", &l1); err != nil || l1 >= l0 {
		t.Fatalf("training loss %f -> %f (%v)", l0, l1, err)
	}
	pl, err := ReadPolicyFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if *pl == *ev.ValuePolicy(ev.DefaultCombo, OwnWeight) {
		t.Fatal("the fit changed nothing")
	}
	if rc := texelCommand(&so, &se, []string{"-policy", out, "-policy-start", filepath.Join(t.TempDir(), "none"), "testdata/texel-games.jsonl"}); rc != 2 {
		t.Fatalf("a missing start policy: rc %d", rc)
	}
}

// Policy samples are the positions after the opening, each with the move
// the game chose among its candidates.
func TestReadPolicySamples(t *testing.T) {
	rec := `{"game":"gomoku","players":["a","b"],"colours":["black","white"],"opening":["7,7","8,8","8,6"],"moves":[{"move":"6,8"},{"move":"9,5"},{"move":"7,9"}],"winner":"","reason":"stopped"}` + "\n"
	smps, err := ReadPolicySamples(strings.NewReader(rec), game.Freestyle, 4)
	if err != nil || len(smps) != 3 {
		t.Fatalf("%d samples, %v", len(smps), err)
	}
	p := fromMoves(t, game.Freestyle, "7,7 8,8 8,6")
	want, _ := PolicySampleOf(p, p.MoveAt(6, 8))
	if fmt.Sprint(smps[0].Cands) != fmt.Sprint(want.Cands) || smps[0].Played != want.Played || smps[0].Game != 4 {
		t.Fatalf("first sample %+v, want %+v of game 4", smps[0], want)
	}
	if e := smps[0].Cands[smps[0].Played]; int(e>>16) != ev.ComboOfKey(p.CellKey(p.Side(), p.Index(6, 8))) {
		t.Fatal("the played candidate is not the played cell")
	}
}
