package gomoku

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// A ComboSample scores its position as the search's evaluation does with a
// combination table, the default values or changed ones.
func TestComboSampleScore(t *testing.T) {
	p := fromMoves(t, game.Freestyle, "7,7 8,8 8,6 6,8 9,5 7,9 10,8")
	c := ev.Default.ComboValues()
	for k := range c {
		c[k] += int32(k % 7) // any table
	}
	for _, tab := range []*ev.ComboTable{ev.Default.ComboValues(), c} {
		q := *p
		q.SetEval(ev.NewComboEval(ev.Default, tab))
		smp, ok := ComboSampleOf(&q, 1)
		if !ok {
			t.Fatal("quiet position refused")
		}
		f := &ComboFit{W: ev.Default}
		tb := f.threatStart()[threatMasks([]ComboSample{smp})[0]]
		got := comboScore(&smp, startValues(tab), float64(ev.Default.OwnPct)/100, tb, [2]int{})
		// the search divides the tempo share in integers
		if want := q.score(); got < float64(want)-1 || got > float64(want)+1 {
			t.Fatalf("sample score %.1f, evaluation %d", got, want)
		}
	}
}

// fitCombo runs texel with args, which fit a combination table, and
// checks that the training loss it prints went down.
func fitCombo(t *testing.T, args ...string) {
	t.Helper()
	var so, se bytes.Buffer
	if rc := texelCommand(&so, &se, args); rc != 0 {
		t.Fatalf("rc %d: %s", rc, se.String())
	}
	i := strings.Index(so.String(), "loss train")
	if i < 0 {
		t.Fatalf("no loss in %q", so.String())
	}
	var tr0, tr1, te0, te1 float64
	if _, err := fmt.Sscanf(so.String()[i:], "loss train %f -> %f, test %f -> %f", &tr0, &tr1, &te0, &te1); err != nil {
		t.Fatalf("%v: %q", err, so.String())
	}
	if tr1 >= tr0 {
		t.Fatalf("training loss %f -> %f", tr0, tr1)
	}
}

// The combination fit reads arena records, lowers the training loss and
// writes a table ReadCombos reads.
func TestComboFitCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "combo.txt")
	fitCombo(t, "-combo", out, "-iters", "20", "-mincount", "1", "testdata/texel-games.jsonl")
	tab, err := ReadComboFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if *tab == *ev.Default.ComboValues() {
		t.Fatal("the fit changed nothing")
	}
	var so, se bytes.Buffer
	if rc := texelCommand(&so, &se, []string{"-combo", out, "-ownpct", "-iters", "20", "-mincount", "1", "testdata/texel-games.jsonl"}); rc != 0 {
		t.Fatalf("-ownpct: rc %d: %s", rc, se.String())
	}
	var own int
	if i := strings.Index(so.String(), "OwnPct="); i < 0 {
		t.Fatalf("-ownpct: no OwnPct in %q", so.String())
	} else if _, err := fmt.Sscanf(so.String()[i:], "OwnPct=%d", &own); err != nil || own < 50 || own > 300 || own == int(ev.Default.OwnPct) {
		t.Fatalf("-ownpct: OwnPct %d (%v), want a changed value in 50..300", own, err)
	}
	if _, err := ReadComboFile(filepath.Join(t.TempDir(), "none")); err == nil {
		t.Fatal("a missing file read")
	}
	// the threat values alone: the cell values stay the start table's
	thr := filepath.Join(t.TempDir(), "threat.txt")
	fitCombo(t, "-combo", out, "-combo-start", "../../eval/gomoku/combo.txt", "-fix-combo", "-threat", thr, "-iters", "20", "-mincount", "1", "testdata/texel-games.jsonl")
	if tab, err = ReadComboFile(out); err != nil || *tab != *ev.DefaultCombo {
		t.Fatalf("-fix-combo changed the cell values (%v)", err)
	}
	th, err := ReadThreatFile(thr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if *th == *ev.Default.ThreatValues() {
		t.Fatal("the threat fit changed nothing")
	}
	if _, err := ReadThreatFile(filepath.Join(t.TempDir(), "none"), nil); err == nil {
		t.Fatal("a missing threat file read")
	}
}

// Generate writes games that the fitting tools read back, the same games
// for the same seed.
func TestGenerate(t *testing.T) {
	ops := [][][2]int{{{7, 7}, {8, 8}, {8, 6}}}
	cfg := GenConfig{Openings: ops, Games: 2, Nodes: 300, Workers: 1, Seed: 3, Rule: game.Freestyle}
	var a, b bytes.Buffer
	if n, err := Generate(&a, cfg); err != nil || n != 2 {
		t.Fatalf("%d games, %v", n, err)
	}
	if _, err := Generate(&b, cfg); err != nil || a.String() != b.String() {
		t.Fatalf("another run, other games (%v)", err)
	}
	smps, err := ReadComboSamples(bytes.NewReader(a.Bytes()), game.Freestyle, 0, 0)
	if err != nil || len(smps) < 10 {
		t.Fatalf("%d samples, %v", len(smps), err)
	}
	if smps[len(smps)-1].Game != 1 {
		t.Fatalf("last sample of game %d, want 1", smps[len(smps)-1].Game)
	}
	var so, se bytes.Buffer
	f := filepath.Join(t.TempDir(), "ops.txt")
	if err := os.WriteFile(f, []byte("h8i9i7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if rc := genCommand(&so, &se, []string{"-openings", f, "-games", "1", "-nodes", "200"}); rc != 0 || strings.Count(so.String(), "\n") != 1 {
		t.Fatalf("rc %d, %q %q", rc, so.String(), se.String())
	}
	if rc := genCommand(&so, &se, nil); rc != 2 {
		t.Fatalf("no openings: rc %d", rc)
	}
}

// The options' evaluation: the default table unless a table or the weights'
// own values are asked for.
func TestOptEval(t *testing.T) {
	if optEval(Options{}) != nil {
		t.Fatal("an evaluation built without options")
	}
	w := ev.Default
	w.OwnPct = 100
	e := optEval(Options{Weights: &w})
	if *e.Combo != *ev.DefaultCombo || e.W.OwnPct != 100 {
		t.Fatal("-weights alone: not the default table with the weights")
	}
	if e := optEval(Options{Weights: &w, OwnValues: true}); e.Combo != nil || *e.Table != *ev.NewEval(w).Table {
		t.Fatal("-combo own: not the weights' own values")
	}
	c := ev.Default.ComboValues()
	c[5]++
	if e := optEval(Options{Combo: c}); *e.Combo != *c || e.W != ev.Default || e.Policy != ev.DefaultPolicy {
		t.Fatal("-combo FILE: not that table with the default weights and ordering")
	}
	if e := optEval(Options{ValueOrder: true}); e.Policy != nil || *e.Combo != *ev.DefaultCombo {
		t.Fatal("-policy values: not the ordering by the cell values with the default table")
	}
	pl := ev.ValuePolicy(c, 3)
	if e := optEval(Options{Policy: pl}); e.Policy != pl || *e.Combo != *ev.DefaultCombo {
		t.Fatal("-policy FILE: not that policy with the default table")
	}
	if *optEval(Options{Weights: &w}).Threat != *w.ThreatValues() {
		t.Fatal("-weights: not the weights' threat values")
	}
	th := ev.Default.ThreatValues()
	th[7] += 100
	if e := optEval(Options{Threat: th}); e.Threat != th || *e.Combo != *ev.DefaultCombo || e.W != ev.Default {
		t.Fatal("-threat FILE: not those threat values with the default table and weights")
	}
	var r ev.RenjuCombos
	r[0], r[1] = *ev.DefaultCombo, *ev.DefaultCombo
	r[1][5]++
	if e := optEval(Options{RenjuCombo: &r}); e == nil || *e.Renju != r || *e.Combo != *ev.DefaultCombo || e.Policy != ev.DefaultPolicy || e.Table.Cell != ev.DefaultEval.Table.Cell {
		t.Fatal("-renju-combo FILE: not those renju values with the default table and policy")
	}
	if e := optEval(Options{Weights: &w}); *e.Renju != *ev.DefaultRenju {
		t.Fatal("-weights: not the default renju values")
	}
	if e := optEval(Options{Combo: c}); e.Renju != nil || e.Table.RenjuWhite != e.Table.Cell {
		t.Fatal("-combo FILE: renju does not take that table's values")
	}
}

// Scored positions are read as samples of their quiet positions, labelled
// with the win chance of their scores; a bad line is an error naming it.
func TestReadScoredSamples(t *testing.T) {
	in := `{"moves": ["7,7", "8,8", "8,6"], "score": 200}

{"moves": ["7,7", "8,8", "8,6", "6,8"], "score": -200}
{"moves": ["7,7", "8,8", "7,8", "9,9", "7,9", "6,6", "7,10"], "score": 5000}
`
	smps, err := ReadScoredSamples(strings.NewReader(in), game.Freestyle, 200, 10)
	if err != nil {
		t.Fatal(err)
	}
	// the third position is not quiet: black has an open four to play
	if len(smps) != 2 {
		t.Fatalf("%d samples, want 2", len(smps))
	}
	if r := smps[0].Result; r < 0.73 || r > 0.74 {
		t.Fatalf("score 200 at scale 200: result %f, want sigmoid(1)", r)
	}
	if smps[1].Result > 0.27 || smps[0].Game != 10 || smps[1].Game != 12 {
		t.Fatalf("second sample %+v", smps[1])
	}
	for _, bad := range []string{
		`{"moves": ["7,7"]}`,
		`{"moves": ["7,7", "7,7"], "score": 1}`,
		`{"moves": ["77"], "score": 1}`,
		`{"moves": ["7,7"], "score": 1`,
	} {
		if _, err := ReadScoredSamples(strings.NewReader("\n"+bad), game.Freestyle, 200, 0); err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Fatalf("%s: error %v, want one naming line 2", bad, err)
		}
	}
	if _, err := ReadScoredSamples(strings.NewReader(in), game.Freestyle, 0, 0); err == nil {
		t.Fatal("scale 0 accepted")
	}
}

// The combination fit on scored positions lowers the training loss.
func TestComboFitScored(t *testing.T) {
	out := filepath.Join(t.TempDir(), "combo.txt")
	fitCombo(t, "-combo", out, "-scored", "200", "-iters", "20", "-mincount", "1", "testdata/scored.jsonl")
}

func FuzzReadScoredSamples(f *testing.F) {
	f.Add([]byte(`{"moves": ["7,7", "8,8", "8,6"], "score": 200}` + "\n"))
	f.Add([]byte(`{"moves": [], "score": -1e9}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		smps, err := ReadScoredSamples(bytes.NewReader(data), game.Freestyle, 200, 0)
		if err != nil {
			return
		}
		for _, s := range smps {
			if !(s.Result >= 0 && s.Result <= 1) {
				t.Fatalf("result %v", s.Result)
			}
		}
	})
}

// Under renju with a table for each colour, a ComboSample scores its
// position as the search does: black's probably forbidden cells left out,
// each colour's cells valued by its own table, whichever side moves.
func TestComboSampleScoreRenju(t *testing.T) {
	var r ev.RenjuCombos
	for k := range r[0] {
		r[0][k], r[1][k] = ev.DefaultCombo[k]+int32(k%5), ev.DefaultCombo[k]+int32(k%11)
	}
	e := ev.NewComboEval(ev.Default, ev.DefaultCombo).WithRenju(&r)
	e.Policy = ev.DefaultPolicy
	// black's 9,7 makes two open threes: forbidden
	for _, rec := range []string{"7,7 3,3 8,7 3,12 9,8 12,3 9,9 12,12", "7,7 3,3 8,7 3,12 9,8 12,3 9,9 12,12 1,13"} {
		q := fromMoves(t, game.Renju, rec)
		q.SetEval(e)
		if c := q.Index(9, 7); !q.Forbidden(c) || !ev.BlackForbiddenCombo(ev.ComboIndex([4]uint8{q.LineCode(game.Black, c, 0), q.LineCode(game.Black, c, 1), q.LineCode(game.Black, c, 2), q.LineCode(game.Black, c, 3)})) {
			t.Fatal("9,7 is not black's forbidden double three")
		}
		smp, ok := ComboSampleOf(q, 1)
		if !ok {
			t.Fatalf("%s: quiet position refused", rec)
		}
		f := &ComboFit{W: ev.Default, Colours: true, StartColours: &r}
		tb := f.threatStart()[threatMasks([]ComboSample{smp})[0]]
		got := comboScore(&smp, f.start(), float64(ev.Default.OwnPct)/100, tb, f.offsets(&smp))
		if want := q.score(); got < float64(want)-1 || got > float64(want)+1 {
			t.Fatalf("%s: sample score %.1f, evaluation %d", rec, got, want)
		}
	}
}

// texel -colours fits black's and white's values apart on renju games and
// writes a table ReadRenjuCombos reads.
func TestComboFitColours(t *testing.T) {
	ops := [][][2]int{{{7, 7}, {8, 8}, {8, 6}}, {{7, 7}, {6, 8}, {8, 9}}}
	var games bytes.Buffer
	if _, err := Generate(&games, GenConfig{Openings: ops, Games: 8, Nodes: 300, Workers: 1, Seed: 5, Rule: game.Renju}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "games.jsonl"), filepath.Join(dir, "renju.txt")
	if err := os.WriteFile(in, games.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	fitCombo(t, "-rule", "renju", "-combo", out, "-colours", "-combo-start", "../../eval/gomoku/combo.txt", "-iters", "20", "-mincount", "1", in)
	r, err := ReadRenjuComboFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if r[0] == *ev.DefaultCombo || r[1] == *ev.DefaultCombo || r[0] == r[1] {
		t.Fatal("the fit left a colour's table at the start or fitted both alike")
	}
	// a second fit starts from the first
	fitCombo(t, "-rule", "renju", "-combo", out, "-colours", "-colours-start", out, "-iters", "5", "-mincount", "1", in)
	var so, se bytes.Buffer
	if rc := texelCommand(&so, &se, []string{"-combo", out, "-colours", "-colours-start", filepath.Join(dir, "none"), in}); rc != 2 {
		t.Fatalf("a missing start table: rc %d", rc)
	}
}
