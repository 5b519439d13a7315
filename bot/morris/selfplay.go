package morris

import (
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/pentad-ai/pentad/engine"
	evalm "github.com/pentad-ai/pentad/eval/morris"
	"github.com/pentad-ai/pentad/game/morris"
)

// Player is one side of a self-play match.
type Player struct {
	Name     string
	MoveTime time.Duration
	Depth    int
	Endgame  Endgame
	Weights  *Weights
	Options  *engine.Options // search options (default: as the protocol session)
}

// Weights aliases the evaluation weights so that callers need not import
// eval/morris.
type Weights = evalm.Weights

// PlayGame plays one game from start between white and black and returns
// the winner (White, Black, -1 draw) and the number of plies.
func PlayGame(start *morris.Position, white, black Player) (winner, plies int) {
	w, n, _ := PlayGameRecord(start, white, black)
	return w, n
}

// PlayGameRecord is PlayGame that also returns the moves played.
func PlayGameRecord(start *morris.Position, white, black Player) (winner, plies int, record []engine.Move) {
	p := start.Copy()
	players := [2]Player{white, black}
	var engines [2]*Searcher
	for i := range engines {
		opt := SearchOptions(1)
		if players[i].Options != nil {
			opt = *players[i].Options
		}
		engines[i] = NewSearcher(16, opt)
	}
	s := [2]*Session{}
	for i := range s {
		s[i] = &Session{cfg: Config{MoveTime: players[i].MoveTime, Depth: players[i].Depth}, eng: engines[i], db: players[i].Endgame}
	}
	for n := 0; ; n++ {
		if over, w, _ := p.Status(); over {
			return w, n, record
		}
		side := p.Side()
		sp := NewSearch(p.Copy(), players[side].Endgame)
		if players[side].Weights != nil {
			sp.SetWeights(*players[side].Weights)
		}
		sp.MarkRoot()
		m := s[side].think(sp, nil)
		p.Make(m)
		record = append(record, m)
	}
}

// RandomOpening plays n random placement plies from the start.
func RandomOpening(r *rand.Rand, n int) *morris.Position {
	p := morris.NewPosition()
	var buf [engine.MaxMoves]engine.Move
	for i := 0; i < n; i++ {
		moves := p.GenMoves(buf[:0])
		p.Make(moves[r.IntN(len(moves))])
	}
	p.ResetHistory()
	return p
}

// Match plays pairs of games (colours swapped) from random openings and
// writes the score of a against b.
func Match(w io.Writer, a, b Player, pairs int, seed uint64) (wins, draws, losses int) {
	r := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < pairs; i++ {
		start := RandomOpening(r, 2+r.IntN(3))
		for g := 0; g < 2; g++ {
			white, black := a, b
			aSide := morris.White
			if g == 1 {
				white, black, aSide = b, a, morris.Black
			}
			win, plies := PlayGame(start, white, black)
			switch win {
			case -1:
				draws++
			case aSide:
				wins++
			default:
				losses++
			}
			fmt.Fprintf(w, "game %d: %s (W) vs %s (B) from %s: %s in %d plies; %s +%d =%d -%d\n",
				2*i+g+1, white.Name, black.Name, start, result(win), plies, a.Name, wins, draws, losses)
		}
	}
	return
}

func result(w int) string {
	switch w {
	case morris.White:
		return "white wins"
	case morris.Black:
		return "black wins"
	}
	return "draw"
}
