package gomoku

import (
	"bytes"
	"os"
	"strings"
	"testing"

	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

func readTexelSamples(t *testing.T) []Sample {
	t.Helper()
	f, err := os.Open("testdata/texel-games.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	smps, err := ReadSamples(f, game.Freestyle, 6)
	if err != nil {
		t.Fatal(err)
	}
	if len(smps) < 20 {
		t.Fatalf("%d samples from six games", len(smps))
	}
	return smps
}

// A Sample scores its position as the search's evaluation does, for any
// weights; quiet positions only.
func TestSampleScore(t *testing.T) {
	p := fromMoves(t, game.Freestyle, "7,7 8,8 8,6 6,8 9,5 7,9 10,8")
	for _, w := range []ev.Weights{ev.Default, ev.Hand} {
		q := *p
		q.SetEval(ev.NewEval(w))
		smp, ok := SampleOf(&q, 1)
		if !ok {
			t.Fatal("quiet position refused")
		}
		if got, want := smp.Score(&w), q.score(); got != want {
			t.Fatalf("sample score %d, evaluation %d", got, want)
		}
	}
	q := fromMoves(t, game.Freestyle, "7,7 0,0 8,7 0,2 9,7")
	if _, ok := SampleOf(q, 1); ok {
		t.Fatal("a position with an open three against the side to move taken as quiet")
	}
}

// The fitting reads arena records, and lowers the loss on them.
func TestTexelFit(t *testing.T) {
	smps := readTexelSamples(t)
	won := 0
	for _, s := range smps {
		if s.Result != 0 && s.Result != 1 && s.Result != 0.5 {
			t.Fatalf("result %v", s.Result)
		}
		if s.Result == 1 {
			won++
		}
	}
	if won == 0 || won == len(smps) {
		t.Fatalf("%d of %d samples won: results not read per side", won, len(smps))
	}
	w := ev.Default
	k := FitScale(smps, &w)
	before := TexelLoss(smps, &w, k)
	fit := Fit(smps, w, k, 3, nil)
	if after := TexelLoss(smps, &fit, k); after >= before {
		t.Fatalf("loss %f before the fit, %f after", before, after)
	}
}

func TestParseWeights(t *testing.T) {
	w, err := ParseWeights("F3=70, ownpct=110")
	if err != nil {
		t.Fatal(err)
	}
	if w.Dir[ev.F3] != 70 || w.OwnPct != 110 || w.Dir[ev.B4] != ev.Default.Dir[ev.B4] {
		t.Fatalf("parsed %+v", w)
	}
	for _, bad := range []string{"F3", "F3=x", "F3=-1", "Nope=3"} {
		if _, err := ParseWeights(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if s := weightsString(&w); !strings.Contains(s, "F3=70") {
		t.Errorf("weightsString %q", s)
	}
}

func TestTexelCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if rc := texelCommand(&out, &errb, []string{"-rounds", "1", "testdata/texel-games.jsonl"}); rc != 0 {
		t.Fatalf("rc %d: %s", rc, errb.String())
	}
	if !strings.Contains(out.String(), "fitted: loss") {
		t.Fatalf("output %q", out.String())
	}
	if rc := texelCommand(&out, &errb, nil); rc != 2 {
		t.Fatalf("no files: rc %d", rc)
	}
}

// FuzzReadSamples: any games file is read without a panic, and every sample
// it gives has a result of 0, 0.5 or 1.
func FuzzReadSamples(f *testing.F) {
	data, err := os.ReadFile("testdata/texel-games.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	first, _, _ := bytes.Cut(data, []byte("\n"))
	f.Add(first)
	f.Add([]byte(`{"game":"gomoku","players":["a","b"],"colours":["black","white"],"opening":["7,7","99,99"],"moves":[{"move":"x"}],"winner":"a","reason":"normal"}`))
	f.Add([]byte("{}\n\n{"))
	f.Fuzz(func(t *testing.T, b []byte) {
		smps, _ := ReadSamples(bytes.NewReader(b), game.Freestyle, 0)
		for _, s := range smps {
			if s.Result != 0 && s.Result != 0.5 && s.Result != 1 {
				t.Fatalf("result %v", s.Result)
			}
		}
	})
}
