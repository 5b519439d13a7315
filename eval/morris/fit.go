package morris

import (
	"fmt"
	"io"
	"math/bits"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/morris"
	"github.com/pentad-ai/pentad/internal/logistic"
	"github.com/pentad-ai/pentad/internal/records"
)

// Sample is a position's Features for the side to move, labelled by the
// game's result for that side: 1 won, 0.5 drawn, 0 lost.
type Sample struct {
	F [NumFeatures]int
	Y float64
}

// Samples gives a slice of samples to the logistic package.
type Samples []Sample

func (s Samples) Len() int                      { return len(s) }
func (s Samples) At(i int) (f []int, y float64) { return s[i].F[:], s[i].Y }

// InDatabase reports whether the endgame databases (book/morris: moving
// phase, up to 4 pieces a side, and 3 against 5) hold the position, so
// that the evaluation is never asked about it.
func InDatabase(p *morris.Position) bool {
	if p.Placing() {
		return false
	}
	a, b := bits.OnesCount32(p.Pieces(0)), bits.OnesCount32(p.Pieces(1))
	return max(a, b) <= 4 || min(a, b) == 3 && max(a, b) == 5
}

// ReadSamples reads arena game records of Nine men's morris (one JSON
// object a line), replays them by the rules, and returns every position
// the evaluation would be asked about, labelled by the result the rules
// give: only quiet positions (the side to move cannot close a mill: the
// quiescence search, not the evaluation, scores the others), not a
// finished position and not one the endgame databases hold.
// Games of other games, and games the rules do not see ended (stopped by a
// ply limit or a forfeit), are skipped; a line that is not a record, or a
// move the rules reject, is an error naming its line.
func ReadSamples(r io.Reader) ([]Sample, error) {
	var out []Sample
	err := records.Each(r, func(line int, g *records.Game) error {
		if g.Game != "morris" {
			return nil
		}
		p := morris.NewPosition()
		var game []Sample
		var sides []int
		var buf [engine.MaxMoves]engine.Move
		for i, ms := range g.MoveList() {
			m, err := p.ParseMove(ms)
			if err != nil {
				return fmt.Errorf("line %d, move %d %q: %v", line, i+1, ms, err)
			}
			p.Make(m)
			if over, _, _ := p.Status(); !over && !InDatabase(p) && len(p.GenNoisy(buf[:0])) == 0 {
				s := p.Side()
				game = append(game, Sample{F: Features(p.Pieces(s), p.Pieces(s^1), p.Hand(s), p.Hand(s^1), p.Placing())})
				sides = append(sides, s)
			}
		}
		over, win, _ := p.Status()
		if !over {
			return nil
		}
		for i := range game {
			game[i].Y = logistic.Label(win, sides[i])
		}
		out = append(out, game...)
		return nil
	})
	return out, err
}
