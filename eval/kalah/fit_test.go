package kalah

import (
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/pentad-ai/pentad/internal/weights"
)

func TestReadSamples(t *testing.T) {
	f, err := os.Open("testdata/selfplay.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ss, err := ReadSamples(f, 17)
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) < 50 {
		t.Fatalf("%d samples from 4 games", len(ss))
	}
	won, lost := 0, 0
	for _, s := range ss {
		switch s.Y {
		case 1:
			won++
		case 0:
			lost++
		case 0.5:
		default:
			t.Fatalf("label %v", s.Y)
		}
	}
	// Both sides move in every game, so a decided game labels positions
	// of the winner and of the loser.
	if won == 0 || lost == 0 {
		t.Fatalf("won %d lost %d", won, lost)
	}
	// A higher k leaves out more positions.
	f.Seek(0, 0)
	fewer, _ := ReadSamples(f, 60)
	if len(fewer) >= len(ss) {
		t.Fatalf("k=60: %d samples, k=17: %d", len(fewer), len(ss))
	}
}

func TestReadSamplesErrors(t *testing.T) {
	for _, in := range []string{
		"not json\n",
		`{"game":"kalah","moves":[{"move":"9"}]}` + "\n",
		`{"game":"kalah","moves":[{"move":"1"},{"move":"SWAP"},{"move":"SWAP"}]}` + "\n",
	} {
		if _, err := ReadSamples(strings.NewReader(in), 17); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%q: %v", in, err)
		}
	}
	// other games and unfinished games are skipped
	ss, err := ReadSamples(strings.NewReader(`{"game":"morris","moves":[]}`+"\n"+`{"game":"kalah","moves":[{"move":"1"},{"move":"2"}]}`+"\n"), 17)
	if err != nil || len(ss) != 0 {
		t.Fatalf("%d samples, %v", len(ss), err)
	}
}

// Fit finds the coefficients of results drawn from a known logistic model.
func TestFitRecovers(t *testing.T) {
	want := [NumFeatures]float64{0.2, 0.05, -0.03, 0, 0.4, -0.3, 0.1, -0.05}
	rng := rand.New(rand.NewPCG(1, 2))
	ss := make([]Sample, 40000)
	for i := range ss {
		for j := range ss[i].F {
			ss[i].F[j] = rng.IntN(21) - 10
		}
		if rng.Float64() < predict(&want, &ss[i].F) {
			ss[i].Y = 1
		}
	}
	var use [NumFeatures]bool
	for i := range use {
		use[i] = true
	}
	use[3] = false // kept at its start, 0
	c := Fit(ss, [NumFeatures]float64{}, use, 10)
	for i := range c {
		if math.Abs(c[i]-want[i]) > 0.02 {
			t.Fatalf("fitted %v, want %v", c, want)
		}
	}
	if LogLoss(c, ss) >= LogLoss([NumFeatures]float64{}, ss) {
		t.Fatal("the fit does not beat a coin")
	}
	w := WeightsOf(c, 16)
	if w.Store != 16 || w.Extra != 32 || w.ExtraThem != 24 || w.Empty != 0 {
		t.Fatalf("weights %+v", w)
	}
	if k := BestScale(w, ss); math.Abs(k-80) > 4 {
		t.Fatalf("scale %.1f, want about 16/0.2 = 80", k)
	}
}

func FuzzReadSamples(f *testing.F) {
	data, _ := os.ReadFile("testdata/selfplay.jsonl")
	f.Add(string(data))
	f.Add(`{"game":"kalah","opening":["1","SWAP"],"moves":[{"move":"3"}]}`)
	f.Fuzz(func(t *testing.T, in string) {
		ss, _ := ReadSamples(strings.NewReader(in), 17)
		for _, s := range ss {
			if s.Y != 0 && s.Y != 0.5 && s.Y != 1 {
				t.Fatalf("label %v", s.Y)
			}
		}
	})
}

// The features are the fields of Weights in their order: Coefficients
// (and with it kalah fit's -fixed and WeightsOf) rely on it.
func TestFeaturesFollowTheFields(t *testing.T) {
	ps := weights.Fields(&Weights{})
	if len(ps) != NumFeatures {
		t.Fatalf("%d fields, %d features", len(ps), NumFeatures)
	}
	for i, p := range ps {
		var w Weights
		all := weights.Fields(&w)
		all[i].Set(1)
		c := Coefficients(w, 1)
		for j := range c {
			if (j == i) != (c[j] != 0) {
				t.Fatalf("%s set: coefficients %v", p.Name, c)
			}
		}
	}
	w := Weights{Store: 16, Seeds: 2, Near: 3, Empty: -4, Extra: 5, ExtraThem: 6, Capture: 7, CaptureThem: 8}
	if back := WeightsOf(Coefficients(w, 10), 16); back != w {
		t.Fatalf("WeightsOf(Coefficients(%+v)) = %+v", w, back)
	}
}
