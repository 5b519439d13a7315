package kalah

import (
	"fmt"
	"io"
	"math"

	"github.com/pentad-ai/pentad/game/kalah"
	"github.com/pentad-ai/pentad/internal/records"
)

// Sample is a position's Features for the side to move, labelled by the
// game's result for that side: 1 won, 0.5 drawn, 0 lost.
type Sample struct {
	F [NumFeatures]int
	Y float64
}

// ReadSamples reads arena game records of Kalah(7,7) under the tournament
// rules (one JSON object a line, as the arena and kalah selfplay write
// them), replays them, and returns the positions the evaluation would be
// asked about, labelled by the result: not the first two plies, not a
// finished game, and not a position with k or fewer seeds in the holes
// (the endgame database's). Games of other games and unfinished games are
// skipped; a line that is not a record, or a move the rules reject, is an
// error naming its line.
func ReadSamples(r io.Reader, k int) ([]Sample, error) {
	var out []Sample
	err := records.Each(r, func(line int, g *records.Game) error {
		if g.Game != "kalah" {
			return nil
		}
		moves := g.MoveList()
		p := kalah.New(kalah.Tournament)
		var game []Sample
		var sides []int
		for i, ms := range moves {
			if p.Over() {
				break
			}
			m, err := kalah.ParseMove(ms, p.Holes())
			if err == nil {
				err = p.Play(m)
			}
			if err != nil {
				return fmt.Errorf("line %d, move %d %q: %v", line, i+1, ms, err)
			}
			inHoles := p.Rules().Total() - p.Store(kalah.South) - p.Store(kalah.North)
			if i >= 1 && !p.Over() && inHoles > k {
				game = append(game, Sample{F: Features(p)})
				sides = append(sides, p.ToMove())
			}
		}
		if !p.Over() {
			return nil
		}
		win := p.Winner()
		for i := range game {
			switch {
			case win < 0:
				game[i].Y = 0.5
			case win == sides[i]:
				game[i].Y = 1
			}
		}
		out = append(out, game...)
		return nil
	})
	return out, err
}

// predict is the logistic model's probability that the side to move wins
// with coefficients c.
func predict(c *[NumFeatures]float64, f *[NumFeatures]int) float64 {
	z := 0.0
	for i := range c {
		z += c[i] * float64(f[i])
	}
	return 1 / (1 + math.Exp(-z))
}

// LogLoss is the mean cross-entropy of the logistic model with
// coefficients c on ss (0.693 is a coin's).
func LogLoss(c [NumFeatures]float64, ss []Sample) float64 {
	if len(ss) == 0 {
		return math.NaN()
	}
	l := 0.0
	for i := range ss {
		q := min(max(predict(&c, &ss[i].F), 1e-12), 1-1e-12)
		l -= ss[i].Y*math.Log(q) + (1-ss[i].Y)*math.Log(1-q)
	}
	return l / float64(len(ss))
}

// Coefficients are the logistic model's coefficients that w's scores stand
// for at scale k: w's score of a position divided by k is its log-odds.
func Coefficients(w Weights, k float64) (c [NumFeatures]float64) {
	v := [NumFeatures]int{w.Store, w.Seeds, w.Near, w.Empty, w.Extra, -w.ExtraThem, w.Capture, -w.CaptureThem}
	for i := range c {
		c[i] = float64(v[i]) / k
	}
	return c
}

// WeightsOf turns coefficients into weights with Store fixed at store.
func WeightsOf(c [NumFeatures]float64, store int) Weights {
	s := float64(store) / c[0]
	r := func(x float64) int { return int(math.Round(x * s)) }
	return Weights{Store: store, Seeds: r(c[1]), Near: r(c[2]), Empty: r(c[3]),
		Extra: r(c[4]), ExtraThem: -r(c[5]), Capture: r(c[6]), CaptureThem: -r(c[7])}
}

// BestScale is the scale k at which w's scores best predict ss (for
// LogLoss of Coefficients(w, k)), found by golden-section search.
func BestScale(w Weights, ss []Sample) float64 {
	lo, hi := math.Log(1.0), math.Log(1e5)
	g := (math.Sqrt(5) - 1) / 2
	f := func(x float64) float64 { return LogLoss(Coefficients(w, math.Exp(x)), ss) }
	for hi-lo > 1e-3 {
		a, b := hi-g*(hi-lo), lo+g*(hi-lo)
		if f(a) < f(b) {
			hi = b
		} else {
			lo = a
		}
	}
	return math.Exp((lo + hi) / 2)
}

// Fit returns the coefficients of the logistic regression of the results
// on the features, found by Newton's method from start; use only the
// features where use is true (the others keep start's value).
func Fit(ss []Sample, start [NumFeatures]float64, use [NumFeatures]bool, iters int) [NumFeatures]float64 {
	c := start
	var idx []int
	for i, u := range use {
		if u {
			idx = append(idx, i)
		}
	}
	n := len(idx)
	for it := 0; it < iters && n > 0; it++ {
		g := make([]float64, n)
		h := make([][]float64, n)
		for i := range h {
			h[i] = make([]float64, n)
		}
		for s := range ss {
			p := predict(&c, &ss[s].F)
			d := ss[s].Y - p
			wt := p * (1 - p)
			for a, ia := range idx {
				fa := float64(ss[s].F[ia])
				g[a] += d * fa
				for b, ib := range idx[:a+1] {
					h[a][b] += wt * fa * float64(ss[s].F[ib])
				}
			}
		}
		for a := range h {
			for b := 0; b < a; b++ {
				h[b][a] = h[a][b]
			}
			h[a][a] += 1e-6 * float64(len(ss)) // keeps an unused feature's row solvable
		}
		step, ok := solve(h, g)
		if !ok {
			break
		}
		for a, ia := range idx {
			c[ia] += step[a]
		}
	}
	return c
}

// solve solves h x = g by Gaussian elimination with partial pivoting.
func solve(h [][]float64, g []float64) ([]float64, bool) {
	n := len(g)
	for col := 0; col < n; col++ {
		piv := col
		for r := col + 1; r < n; r++ {
			if math.Abs(h[r][col]) > math.Abs(h[piv][col]) {
				piv = r
			}
		}
		if math.Abs(h[piv][col]) < 1e-12 {
			return nil, false
		}
		h[col], h[piv] = h[piv], h[col]
		g[col], g[piv] = g[piv], g[col]
		for r := col + 1; r < n; r++ {
			f := h[r][col] / h[col][col]
			for c := col; c < n; c++ {
				h[r][c] -= f * h[col][c]
			}
			g[r] -= f * g[col]
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := g[r]
		for c := r + 1; c < n; c++ {
			s -= h[r][c] * x[c]
		}
		x[r] = s / h[r][r]
	}
	return x, true
}
