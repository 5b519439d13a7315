// Package logistic fits evaluation weights to game results: the logistic
// regression of the results (1 won, 0.5 drawn, 0 lost for the side to
// move) on a position's features, by Newton's method, for the fitting
// tools of every game.
package logistic

import "math"

// Data is a set of labelled samples: At returns sample i's features and
// its label in [0, 1].
type Data interface {
	Len() int
	At(i int) (f []int, y float64)
}

// Label is the result of a game won by winner (-1: drawn) for side: 1 won,
// 0.5 drawn, 0 lost.
func Label(winner, side int) float64 {
	switch {
	case winner < 0:
		return 0.5
	case winner == side:
		return 1
	}
	return 0
}

// Predict is the model's probability that the side to move wins, with
// coefficients c and features f.
func Predict(c []float64, f []int) float64 {
	z := 0.0
	for i := range c {
		z += c[i] * float64(f[i])
	}
	return 1 / (1 + math.Exp(-z))
}

// LogLoss is the mean cross-entropy of the model with coefficients c on d
// (0.693 is a coin's).
func LogLoss(c []float64, d Data) float64 {
	n := d.Len()
	if n == 0 {
		return math.NaN()
	}
	l := 0.0
	for i := 0; i < n; i++ {
		f, y := d.At(i)
		q := min(max(Predict(c, f), 1e-12), 1-1e-12)
		l -= y*math.Log(q) + (1-y)*math.Log(1-q)
	}
	return l / float64(n)
}

// BestScale is the k in [1, 1e5] at which loss(k) is least (loss is taken
// as unimodal in log k), found by golden-section search: the scale at which
// an evaluation's scores divided by k best predict the results.
func BestScale(loss func(k float64) float64) float64 {
	lo, hi := math.Log(1.0), math.Log(1e5)
	g := (math.Sqrt(5) - 1) / 2
	f := func(x float64) float64 { return loss(math.Exp(x)) }
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

// Fit returns the coefficients of the logistic regression of d's labels on
// its features, found by Newton's method from start in at most iters steps;
// only the features where use is true move (the others keep start's value).
func Fit(d Data, start []float64, use []bool, iters int) []float64 {
	c := append([]float64(nil), start...)
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
		for s := 0; s < d.Len(); s++ {
			f, y := d.At(s)
			p := Predict(c, f)
			dy := y - p
			wt := p * (1 - p)
			for a, ia := range idx {
				fa := float64(f[ia])
				g[a] += dy * fa
				for b, ib := range idx[:a+1] {
					h[a][b] += wt * fa * float64(f[ib])
				}
			}
		}
		for a := range h {
			for b := 0; b < a; b++ {
				h[b][a] = h[a][b]
			}
			h[a][a] += 1e-6 * float64(d.Len()) // keeps an unused feature's row solvable
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
