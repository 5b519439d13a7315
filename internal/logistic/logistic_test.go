package logistic

import (
	"math"
	"math/rand/v2"
	"testing"
)

type rows struct {
	f [][]int
	y []float64
}

func (r rows) Len() int                      { return len(r.y) }
func (r rows) At(i int) (f []int, y float64) { return r.f[i], r.y[i] }

func TestLabel(t *testing.T) {
	if Label(-1, 0) != 0.5 || Label(1, 1) != 1 || Label(0, 1) != 0 || Label(1, 0) != 0 {
		t.Fatal("labels")
	}
}

// Fit finds the coefficients of labels drawn from a known model, leaves
// the unused one alone, and beats a coin; BestScale finds the scale of a
// multiple of them.
func TestFitRecovers(t *testing.T) {
	want := []float64{0.3, -0.1, 0.2, 0.05}
	rng := rand.New(rand.NewPCG(3, 4))
	var d rows
	for i := 0; i < 30000; i++ {
		f := make([]int, len(want))
		for j := range f {
			f[j] = rng.IntN(21) - 10
		}
		y := 0.0
		if rng.Float64() < Predict(want, f) {
			y = 1
		}
		d.f, d.y = append(d.f, f), append(d.y, y)
	}
	start := []float64{0, 0, 0.2, 0}
	c := Fit(d, start, []bool{true, true, false, true}, 10)
	if c[2] != 0.2 || start[2] != 0.2 || start[0] != 0 {
		t.Fatalf("unused coefficient moved or start changed: %v %v", c, start)
	}
	for i := range c {
		if math.Abs(c[i]-want[i]) > 0.02 {
			t.Fatalf("fitted %v, want %v", c, want)
		}
	}
	if LogLoss(c, d) >= LogLoss(make([]float64, 4), d) {
		t.Fatal("the fit does not beat a coin")
	}
	// scores 50 times the coefficients are best read at scale 50
	k := BestScale(func(k float64) float64 {
		s := make([]float64, len(c))
		for i := range c {
			s[i] = 50 * c[i] / k
		}
		return LogLoss(s, d)
	})
	if math.Abs(k-50) > 1 {
		t.Fatalf("scale %.2f, want 50", k)
	}
	if !math.IsNaN(LogLoss(c, rows{})) {
		t.Fatal("loss of no samples")
	}
}
