package morris

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/pentad-ai/pentad/game/morris"
	"github.com/pentad-ai/pentad/internal/weights"
)

// Evaluate is Features weighed by the fields of Weights in their order,
// which morris fit relies on.
func TestFeaturesAreTheFields(t *testing.T) {
	if n := len(weights.Fields(&Weights{})); n != NumFeatures {
		t.Fatalf("%d fields, %d features", n, NumFeatures)
	}
	r := rand.New(rand.NewPCG(7, 7))
	w := Default
	vals := weights.Values(&w)
	for i := 0; i < 3000; i++ {
		us, them := randomSides(r, 2, 8)
		placing := i%2 == 0
		hu, ht := 0, 0
		if placing {
			hu, ht = r.IntN(4), r.IntN(4)
		}
		f := Features(us, them, hu, ht, placing)
		dot := 0
		for j := range f {
			dot += vals[j] * f[j]
		}
		if e := w.Evaluate(us, them, hu, ht, placing); e != dot {
			t.Fatalf("Evaluate %d, features weighed %d (%v)", e, dot, f)
		}
		// each weight moves the score by its feature
		for j, p := range weights.Fields(&w) {
			w2 := w
			weights.Fields(&w2)[j].Set(vals[j] + 1)
			if d := w2.Evaluate(us, them, hu, ht, placing) - w.Evaluate(us, them, hu, ht, placing); d != f[j] {
				t.Fatalf("%s+1 moves the score by %d, feature %d", p.Name, d, f[j])
			}
		}
	}
}

func TestReadSamples(t *testing.T) {
	f, err := os.Open("testdata/selfplay.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ss, err := ReadSamples(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) < 60 {
		t.Fatalf("%d samples from 3 games", len(ss))
	}
	n := map[float64]int{}
	for _, s := range ss {
		n[s.Y]++
	}
	// a win, a loss and a draw: both sides of the decided games are labelled
	if len(n) != 3 || n[0] == 0 || n[1] == 0 || n[0.5] == 0 {
		t.Fatalf("labels %v", n)
	}
	if d := Samples(ss); d.Len() != len(ss) {
		t.Fatal("Samples.Len")
	}
}

func TestReadSamplesErrors(t *testing.T) {
	for _, in := range []string{
		"not json\n",
		`{"game":"morris","moves":[{"move":"P24"}]}` + "\n",
		`{"game":"morris","opening":["P0"],"moves":[{"move":"P0"}]}` + "\n",
		`{"game":"morris","moves":[{"move":"M0-1"}]}` + "\n",
	} {
		if _, err := ReadSamples(strings.NewReader(in)); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%q: %v", in, err)
		}
	}
	// other games and games the rules do not see ended are skipped
	ss, err := ReadSamples(strings.NewReader(`{"game":"kalah","moves":[]}` + "\n" + `{"game":"morris","moves":[{"move":"P0"},{"move":"P1"}]}` + "\n"))
	if err != nil || len(ss) != 0 {
		t.Fatalf("%d samples, %v", len(ss), err)
	}
}

// The databases' positions are left out; placement positions never are.
func TestInDatabase(t *testing.T) {
	for _, c := range []struct {
		pos  string
		want bool
	}{
		{"w:0,1,2,3;b:4,5,6,7;w;40;0", true},
		{"w:0,1,2;b:4,5,6,7,8;w;40;0", true},
		{"w:0,1,2,3;b:4,5,6,7,8;w;40;0", false},
		{"w:0,1,2;b:4,5,6,7,8,9;w;40;0", false},
		{"w:0,1;b:4,5;w;4;0", false},
	} {
		p, err := morris.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := InDatabase(p); got != c.want {
			t.Errorf("%s: %v", c.pos, got)
		}
	}
}

func FuzzReadSamples(f *testing.F) {
	data, _ := os.ReadFile("testdata/selfplay.jsonl")
	f.Add(string(data))
	f.Add(`{"game":"morris","opening":["P0","P1"],"moves":[{"move":"P2"}]}`)
	f.Fuzz(func(t *testing.T, in string) {
		ss, _ := ReadSamples(strings.NewReader(in))
		for _, s := range ss {
			if s.Y != 0 && s.Y != 0.5 && s.Y != 1 {
				t.Fatalf("label %v", s.Y)
			}
		}
	})
}
