package kalah

import (
	"fmt"
	"io"
	"math"

	"github.com/pentad-ai/pentad/game/kalah"
	"github.com/pentad-ai/pentad/internal/logistic"
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
			game[i].Y = logistic.Label(win, sides[i])
		}
		out = append(out, game...)
		return nil
	})
	return out, err
}

// samples gives ss to the logistic package.
type samples []Sample

func (s samples) Len() int                      { return len(s) }
func (s samples) At(i int) (f []int, y float64) { return s[i].F[:], s[i].Y }

// predict is the logistic model's probability that the side to move wins
// with coefficients c.
func predict(c *[NumFeatures]float64, f *[NumFeatures]int) float64 {
	return logistic.Predict(c[:], f[:])
}

// LogLoss is the mean cross-entropy of the logistic model with
// coefficients c on ss (0.693 is a coin's).
func LogLoss(c [NumFeatures]float64, ss []Sample) float64 {
	return logistic.LogLoss(c[:], samples(ss))
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
// LogLoss of Coefficients(w, k)).
func BestScale(w Weights, ss []Sample) float64 {
	return logistic.BestScale(func(k float64) float64 { return LogLoss(Coefficients(w, k), ss) })
}

// Fit returns the coefficients of the logistic regression of the results
// on the features, found by Newton's method from start; use only the
// features where use is true (the others keep start's value).
func Fit(ss []Sample, start [NumFeatures]float64, use [NumFeatures]bool, iters int) [NumFeatures]float64 {
	var c [NumFeatures]float64
	copy(c[:], logistic.Fit(samples(ss), start[:], use[:], iters))
	return c
}
