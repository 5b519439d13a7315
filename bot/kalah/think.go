package kalah

import (
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
)

// SearchOptions are the engine options the agent and the bench use.
var SearchOptions = engine.Options{LMR: true, AspWindow: 24}

// think chooses the move to play in a.pos: a varied opening move, a book
// move, or the search's within the move time, and says where it came from.
func (a *Agent) think() (engine.Move, string, engine.Result) {
	var m engine.Move
	src := "search"
	var res engine.Result
	if vm := a.varied(); vm != engine.NoMove {
		m, src = vm, "varied"
	}
	if m == engine.NoMove && a.cfg.Book != nil {
		if bm, ok := a.cfg.Book(&a.pos.Position); ok && a.pos.Legal(bm) {
			m, src = bm, "book"
		}
	}
	if m == engine.NoMove {
		lim := engine.Limits{Depth: a.cfg.Depth, Nodes: a.cfg.Nodes}
		var unresolved atomic.Bool
		if a.cfg.MoveTime > 0 {
			// The move time is the budget; the search may run on to
			// ExtendFactor times it only while it is unresolved (see
			// unresolved) when the budget runs out.
			lim.Soft = a.cfg.MoveTime * 35 / 100
			lim.Hard = a.cfg.MoveTime * ExtendFactor
			stop := new(atomic.Bool)
			lim.Stop = stop
			var prev engine.Info
			a.eng.OnInfo = func(in engine.Info) {
				if prev.Depth > 0 {
					unresolved.Store(isUnresolved(prev, in))
				}
				prev = in
			}
			t := time.AfterFunc(a.cfg.MoveTime, func() {
				if !unresolved.Load() {
					stop.Store(true)
				}
			})
			res = a.eng.Search(a.pos, lim)
			t.Stop()
			a.eng.OnInfo = nil
			if unresolved.Load() {
				src = "search, extended"
			}
		} else {
			res = a.eng.Search(a.pos, lim)
		}
		m = res.Move
	}
	return m, src, res
}

// varied picks a random move among those a depth-VaryDepth search values
// within VaryMargin of the best, or NoMove when the game is past VaryMoves
// or the move is one of the pie rule's: South's first move and North's
// answer to it (swap or not). Those decide which side of an unbalanced
// opening each player gets, so they come from the book or the full search:
// varied, they lost three games by 24 to 30 seeds against course agents
// that swapped. Short searches misjudge them: at depth 10 South's opening 2
// scores 0 and 5 scores 5; at depth 20, -43 and -21.
func (a *Agent) varied() engine.Move {
	if a.cfg.Seed == 0 || a.moves >= a.cfg.VaryMoves || a.pos.FirstMove() || a.pos.SwapAvailable() {
		return engine.NoMove
	}
	var buf [kalah.MaxHoles + 2]engine.Move
	moves := a.pos.GenMoves(buf[:0])
	var scores [kalah.MaxHoles + 2]int
	best := -engine.Inf
	for i, m := range moves {
		scores[i] = a.eng.Search(a.pos, engine.Limits{Depth: VaryDepth, RootMoves: []engine.Move{m}}).Score
		best = max(best, scores[i])
	}
	var good []engine.Move
	for i, m := range moves {
		if scores[i] >= best-a.cfg.VaryMargin {
			good = append(good, m)
		}
	}
	r := rand.New(rand.NewPCG(a.cfg.Seed, a.games<<8|uint64(a.moves)))
	return good[r.IntN(len(good))]
}

// VaryDepth is the depth of the searches that value the moves varied() picks
// from.
const VaryDepth = 14

// ExtendFactor bounds the time of an unresolved search, in move times.
const ExtendFactor = 3

// isUnresolved tells from the last two completed iterations whether the
// search is unresolved in a critical position: the best move changed, or the
// score fell by two seeds or more (Evaluate counts 16 per seed), while the
// result is not a proven win or loss.
func isUnresolved(prev, last engine.Info) bool {
	if last.Score > engine.WinBound || last.Score < -engine.WinBound {
		return false
	}
	if len(prev.PV) > 0 && len(last.PV) > 0 && prev.PV[0] != last.PV[0] {
		return true
	}
	return last.Score <= prev.Score-32
}
