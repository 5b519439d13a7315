package stones

import (
	"fmt"
	"io"
	"math"

	gs "github.com/pentad-ai/pentad/game/stones"
	"github.com/pentad-ai/pentad/internal/records"
)

// Sample is a position labelled by the game's result: Won is 1 when the
// side to move went on to win, 0 when it lost.
type Sample struct {
	P   *gs.Position
	Won float64
}

// ReadSamples reads arena game records (one JSON object per line, as the
// arena writes them to games.jsonl) and returns the positions at the first
// action of a turn from ply from on, labelled by the result. Games of
// other games, draws and unfinished games are skipped; a line that is not
// a record, or a move the position rejects, is an error naming its line.
func ReadSamples(r io.Reader, from int) ([]Sample, error) {
	var out []Sample
	err := records.Each(r, func(line int, g *records.Game) error {
		if g.Game != "stones" || len(g.Players) != 2 {
			return nil
		}
		wside := -1
		for i, name := range g.Players {
			if g.Winner != "" && g.Winner == name {
				wside = i
			}
		}
		if wside < 0 || g.Players[0] == g.Players[1] {
			return nil
		}
		p := gs.NewGame()
		for k, m := range g.Moves {
			mv, err := p.ParseMove(m.Move)
			if err != nil {
				return fmt.Errorf("line %d, action %d %q: %v", line, k+1, m.Move, err)
			}
			if over, _, _ := p.Status(); over {
				break
			}
			if k >= from && p.Phase() == 0 {
				won := 0.0
				if p.SideToMove() == wside {
					won = 1
				}
				out = append(out, Sample{p.Copy(), won})
			}
			p.Make(mv)
		}
		return nil
	})
	return out, err
}

// FitScales are the evaluation scales LogLoss tries: the score s of a
// position predicts the side to move wins with probability 1/(1+e^(-s/K)).
var FitScales = []float64{300, 500, 800, 1200, 2000, 3000, 4500, 7000}

// LogLoss is the mean cross-entropy of e's predictions on the samples at
// the best scale K of FitScales, and that K: 0.693 is a coin's.
func LogLoss(e *Evaluator, ss []Sample) (loss, k float64) {
	if len(ss) == 0 {
		return math.NaN(), 0
	}
	scores := make([]float64, len(ss))
	for i, s := range ss {
		scores[i] = float64(e.Evaluate(s.P))
	}
	loss = math.Inf(1)
	for _, kk := range FitScales {
		l := 0.0
		for i, s := range ss {
			q := 1 / (1 + math.Exp(-scores[i]/kk))
			q = min(max(q, 1e-9), 1-1e-9)
			l -= s.Won*math.Log(q) + (1-s.Won)*math.Log(1-q)
		}
		if l /= float64(len(ss)); l < loss {
			loss, k = l, kk
		}
	}
	return loss, k
}
