package kalah

import (
	"math/rand/v2"
	"testing"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
)

func TestEvaluateStart(t *testing.T) {
	// South to move: one extra-turn hole each, nothing else differs.
	if v, want := Evaluate(kalah.New(kalah.Tournament)), Default.Extra-Default.ExtraThem; v != want {
		t.Fatalf("start position: %d, want %d", v, want)
	}
}

func TestScoreMoveOrdersExtraTurnsFirst(t *testing.T) {
	// Raw Kalah(7,7): hole 1's seven seeds end in the store (an extra turn).
	p := kalah.New(kalah.Raw(7, 7))
	if s := ScoreMove(p, 1); s != 1001 {
		t.Fatalf("extra turn scored %d, want 1001", s)
	}
	// Under the tournament's first-move rule the same move earns nothing.
	if s := ScoreMove(kalah.New(kalah.Tournament), 1); s != 0 {
		t.Fatalf("first move scored %d, want 0", s)
	}
}

// Evaluate is the sum of Features weighed by the weights.
func TestEvaluateWeighsFeatures(t *testing.T) {
	w := Weights{Store: 2, Seeds: 3, Near: 5, Empty: 7, Extra: 11, ExtraThem: 13, Capture: 17, CaptureThem: 19}
	c := Coefficients(w, 1)
	rng := rand.New(rand.NewPCG(5, 6))
	var nonzero [NumFeatures]bool
	for g := 0; g < 20; g++ {
		p := kalah.New(kalah.Tournament)
		for !p.Over() {
			f := Features(p)
			want := 0
			for i := range f {
				want += int(c[i]) * f[i]
				nonzero[i] = nonzero[i] || f[i] != 0
			}
			if got := w.Evaluate(p); got != want {
				t.Fatalf("%s: weighted %d, want %d (features %v)", p.State(), got, want, f)
			}
			if got := Evaluate(p); got != Default.Evaluate(p) {
				t.Fatalf("%s: default %d, features %v", p.State(), got, f)
			}
			ms := p.GenMoves(nil)
			p.Play(ms[rng.IntN(len(ms))])
		}
	}
	for i, nz := range nonzero {
		if !nz {
			t.Errorf("feature %d always 0", i)
		}
	}
}

func TestProspects(t *testing.T) {
	// Raw rules: at the start only hole 1's seven seeds end in the store,
	// and there is nothing to capture.
	if e, c := prospects(kalah.New(kalah.Raw(7, 7)), kalah.South); e != 1 || c != 0 {
		t.Fatalf("start: extra %d capture %d, want 1 and 0", e, c)
	}
	// In random games, the side to move's prospects agree with ScoreMove
	// (1000+hole for an extra turn, 100+seeds for a capture).
	rng := rand.New(rand.NewPCG(3, 4))
	captures := 0
	for g := 0; g < 40; g++ {
		p := kalah.New(kalah.Raw(7, 7))
		for !p.Over() {
			extra, best := 0, 0
			for m := engine.Move(1); m <= 7; m++ {
				if p.Hole(p.ToMove(), int(m)) == 0 {
					continue
				}
				switch s := ScoreMove(p, m); {
				case s > 1000:
					extra++
				case s > 100:
					best = max(best, s-100)
				}
			}
			if e, c := prospects(p, p.ToMove()); e != extra || c != best {
				t.Fatalf("%s: prospects %d, %d; ScoreMove %d, %d", p.State(), e, c, extra, best)
			}
			if best > 0 {
				captures++
			}
			ms := p.GenMoves(nil)
			p.Play(ms[rng.IntN(len(ms))])
		}
	}
	if captures == 0 {
		t.Fatal("no capture in 40 random games")
	}
}

func TestParseWeights(t *testing.T) {
	w, err := ParseWeights(Default, "seeds=3, Near=-2")
	if err != nil || w.Seeds != 3 || w.Near != -2 || w.Store != Default.Store {
		t.Fatalf("got %+v, %v", w, err)
	}
	if w, err := ParseWeights(Default, "Seeds=3,Bogus=1"); err == nil || w != Default {
		t.Fatalf("bad list: got %+v, %v", w, err)
	}
}
