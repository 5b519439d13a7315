package stones

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"

	gs "github.com/pentad-ai/pentad/game/stones"
)

// Sample is a position labelled by the game's result: Won is 1 when the
// side to move went on to win, 0 when it lost.
type Sample struct {
	P   *gs.Position
	Won float64
}

// record is the part of an arena game record (games.jsonl) a sample needs.
type record struct {
	Game    string   `json:"game"`
	Players []string `json:"players"`
	Winner  string   `json:"winner"`
	Moves   []struct {
		Move string `json:"move"`
	} `json:"moves"`
}

// ReadSamples reads arena game records (one JSON object per line, as the
// arena writes them to games.jsonl) and returns the positions at the first
// action of a turn from ply from on, labelled by the result. Games of
// other games, draws and unfinished games are skipped; a line that is not
// a record, or a move the position rejects, is an error naming its line.
func ReadSamples(r io.Reader, from int) ([]Sample, error) {
	var out []Sample
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for line := 1; sc.Scan(); line++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var g record
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			return out, fmt.Errorf("line %d: %v", line, err)
		}
		if g.Game != "stones" || len(g.Players) != 2 {
			continue
		}
		wside := -1
		for i, name := range g.Players {
			if g.Winner != "" && g.Winner == name {
				wside = i
			}
		}
		if wside < 0 || g.Players[0] == g.Players[1] {
			continue
		}
		p := gs.NewGame()
		for k, m := range g.Moves {
			mv, err := p.ParseMove(m.Move)
			if err != nil {
				return out, fmt.Errorf("line %d, action %d %q: %v", line, k+1, m.Move, err)
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
	}
	return out, sc.Err()
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
