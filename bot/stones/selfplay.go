package stones

import (
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/stones"
)

// MatchResult is the outcome of a match between two settings.
type MatchResult struct {
	WinsA, WinsB int
	Actions      int           // actions played in all games
	MaxThink     time.Duration // longest single decision
}

// PlayMatch plays pairs of games between settings a and b (colours swapped
// within each pair). Each pair starts from an opening of random actions
// (White's opening attack and Black's first turn) drawn from seed, so that
// the games differ. out, if not nil, gets one line per game.
func PlayMatch(a, b Config, pairs int, seed uint64, out io.Writer) MatchResult {
	pa, pb := NewPlayer(a), NewPlayer(b)
	var res MatchResult
	r := rand.New(rand.NewPCG(seed, 0xC0FFEE))
	var buf [engine.MaxMoves]engine.Move
	for g := 0; g < pairs; g++ {
		// opening: 3 random actions
		open := stones.NewGame()
		var opening []engine.Move
		for k := 0; k < 3; k++ {
			moves := open.GenMoves(buf[:0])
			m := moves[r.IntN(len(moves))]
			for stones.Kind(m) != stones.Attack {
				m = moves[r.IntN(len(moves))]
			}
			open.Make(m)
			opening = append(opening, m)
		}
		for swap := 0; swap < 2; swap++ {
			players := [2]*Player{pa, pb} // index by side
			if swap == 1 {
				players = [2]*Player{pb, pa}
			}
			pa.NewGame()
			pb.NewGame()
			p := stones.NewGame()
			for _, m := range opening {
				p.Make(m)
			}
			p = p.Copy()
			var winner int
			for {
				if over, w, _ := p.Status(); over {
					winner = w
					break
				}
				allowed := 1 << stones.Attack
				if p.Phase() == 1 {
					allowed = 1<<stones.Pass | 1<<stones.Attack | 1<<stones.Strengthen
				}
				t0 := time.Now()
				m := players[p.Side()].Choose(p.Copy(), allowed)
				if el := time.Since(t0); el > res.MaxThink {
					res.MaxThink = el
				}
				if !p.IsLegal(m) {
					panic("stones: illegal move in match: " + stones.FormatMove(m))
				}
				p.Make(m)
				p = p.Copy()
				res.Actions++
			}
			aWon := (winner == stones.White) == (swap == 0)
			if aWon {
				res.WinsA++
			} else {
				res.WinsB++
			}
			if out != nil {
				_, _, why := p.Status()
				fmt.Fprintf(out, "game %d: A plays %s, winner %s (%s); A %d - B %d\n", 2*g+swap+1,
					stones.SideName(swap), map[bool]string{true: "A", false: "B"}[aWon], why, res.WinsA, res.WinsB)
			}
		}
	}
	return res
}
