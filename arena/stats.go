package arena

import (
	"fmt"
	"math"
)

// Score is the tally of one engine against another: game results from the
// first engine's point of view and, for games played in pairs on the same
// opening with colours swapped, the pentanomial count of pair scores.
type Score struct {
	W, D, L int
	// Penta[i] counts pairs in which the first engine scored i/2 points
	// (0, 0.5, 1, 1.5, 2).
	Penta [5]int
}

// Games is the number of games.
func (s Score) Games() int { return s.W + s.D + s.L }

// Pairs is the number of complete pairs.
func (s Score) Pairs() int {
	n := 0
	for _, c := range s.Penta {
		n += c
	}
	return n
}

// Points scored by the first engine.
func (s Score) Points() float64 { return float64(s.W) + float64(s.D)/2 }

// Ratio is the mean score per game in [0,1].
func (s Score) Ratio() float64 {
	if s.Games() == 0 {
		return 0.5
	}
	return s.Points() / float64(s.Games())
}

// Add merges another tally.
func (s *Score) Add(o Score) {
	s.W += o.W
	s.D += o.D
	s.L += o.L
	for i := range s.Penta {
		s.Penta[i] += o.Penta[i]
	}
}

// Flip returns the tally from the other engine's point of view.
func (s Score) Flip() Score {
	f := Score{W: s.L, D: s.D, L: s.W}
	for i := range s.Penta {
		f.Penta[i] = s.Penta[4-i]
	}
	return f
}

// EloFromScore is the logistic Elo difference for a mean score.
func EloFromScore(p float64) float64 {
	if p <= 0 {
		return math.Inf(-1)
	}
	if p >= 1 {
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}

// ScoreFromElo is the expected score for a logistic Elo difference.
func ScoreFromElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// meanVar gives the mean and variance of the per-game score, and the number
// of independent samples they rest on. With complete pairs it uses the
// pentanomial distribution of pair scores (the score of a pair divided by 2,
// so that its mean is still the score per game); otherwise the trinomial
// distribution of single games.
func (s Score) meanVar() (mean, variance float64, n int, penta bool) {
	if np := s.Pairs(); np > 0 {
		for i, c := range s.Penta {
			mean += float64(c) * float64(i) / 4
		}
		mean /= float64(np)
		for i, c := range s.Penta {
			d := float64(i)/4 - mean
			variance += float64(c) * d * d
		}
		variance /= float64(np)
		return mean, variance, np, true
	}
	g := s.Games()
	if g == 0 {
		return 0.5, 0, 0, false
	}
	mean = s.Ratio()
	w, d, l := float64(s.W)/float64(g), float64(s.D)/float64(g), float64(s.L)/float64(g)
	variance = w*(1-mean)*(1-mean) + d*(0.5-mean)*(0.5-mean) + l*mean*mean
	return mean, variance, g, false
}

// Elo is the Elo difference with the half-width bounds of its 95%
// confidence interval (Elo-lo, Elo+hi as absolute values lo and hi are
// returned as the interval ends).
type Elo struct {
	Elo, Lo, Hi float64 // estimate and 95% interval ends
	LOS         float64 // likelihood of superiority in [0,1]
	Pentanomial bool    // the interval rests on pair scores
}

// EloEstimate computes the Elo difference, its 95% interval and the LOS.
func (s Score) EloEstimate() Elo {
	mean, v, n, penta := s.meanVar()
	e := Elo{Elo: EloFromScore(mean), Pentanomial: penta, LOS: 0.5}
	if n < 2 {
		// one sample says nothing about the spread
		e.Lo, e.Hi, e.LOS = math.Inf(-1), math.Inf(1), math.NaN()
		return e
	}
	if v == 0 {
		// Every sample alike: the normal interval collapses. At a perfect
		// (or nil) score bound the mean as for n Bernoulli successes: a
		// true mean below 0.025^(1/n) gives n perfect samples less than
		// 2.5% of the time. Otherwise nothing is known about the spread.
		e.Lo, e.Hi = math.Inf(-1), math.Inf(1)
		switch mean {
		case 1:
			e.Lo, e.LOS = EloFromScore(math.Pow(0.025, 1/float64(n))), 1
		case 0:
			e.Hi, e.LOS = -EloFromScore(math.Pow(0.025, 1/float64(n))), 0
		}
		return e
	}
	se := math.Sqrt(v / float64(n))
	const z95 = 1.959963984540054
	e.Lo = EloFromScore(mean - z95*se)
	e.Hi = EloFromScore(mean + z95*se)
	e.LOS = phi((mean - 0.5) / se)
	return e
}

// String formats "+35.2 +/- 20.1" style output (the interval is given as the
// larger distance from the estimate to an end).
func (e Elo) String() string {
	e.Elo += 0 // no "-0.0"
	if math.IsInf(e.Elo, 0) {
		return fmt.Sprintf("%+.0f", e.Elo)
	}
	half := math.Max(e.Elo-e.Lo, e.Hi-e.Elo)
	if math.IsInf(half, 0) || math.IsNaN(half) {
		return fmt.Sprintf("%+.1f +/- inf", e.Elo)
	}
	if e.Elo > -0.05 && e.Elo < 0.05 {
		e.Elo = 0
	}
	return fmt.Sprintf("%+.1f +/- %.1f", e.Elo, half)
}

func phi(x float64) float64 { return 0.5 * (1 + math.Erf(x/math.Sqrt2)) }

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against
// H1: elo = Elo1 (logistic Elo) with error rates Alpha and Beta.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// ParseSPRT reads "elo0,elo1,alpha,beta".
func ParseSPRT(s string) (SPRT, error) {
	var t SPRT
	if _, err := fmt.Sscanf(s, "%g,%g,%g,%g", &t.Elo0, &t.Elo1, &t.Alpha, &t.Beta); err != nil {
		return t, fmt.Errorf("sprt %q: want elo0,elo1,alpha,beta", s)
	}
	if t.Elo1 <= t.Elo0 || t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5 {
		return t, fmt.Errorf("sprt %q: need elo0 < elo1 and 0 < alpha, beta < 0.5", s)
	}
	return t, nil
}

// Bounds are the log-likelihood-ratio bounds: accept H0 at or below lower,
// H1 at or above upper.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR is the generalised log-likelihood ratio of the tally, in the normal
// approximation used by fishtest and fastchess:
//
//	LLR = n (s1 - s0) (2 m - s0 - s1) / (2 v)
//
// with m and v the mean and variance of the per-sample score (pair scores
// halved when pairs are available, single games otherwise) and s0, s1 the
// expected scores at Elo0 and Elo1.
func (t SPRT) LLR(s Score) float64 {
	mean, v, n, _ := s.meanVar()
	if n == 0 || v == 0 {
		return 0
	}
	s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	return float64(n) * (s1 - s0) * (2*mean - s0 - s1) / (2 * v)
}

// Verdict is "H1" (accepted: elo >= elo1), "H0" or "" (continue).
func (t SPRT) Verdict(s Score) string {
	llr := t.LLR(s)
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return "H1"
	case llr <= lo:
		return "H0"
	}
	return ""
}

func (t SPRT) String() string {
	return fmt.Sprintf("elo0=%g elo1=%g alpha=%g beta=%g", t.Elo0, t.Elo1, t.Alpha, t.Beta)
}
