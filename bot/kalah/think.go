package kalah

import (
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
)

// SoftPct is the soft limit of a timed move in percent of its move time:
// no new iteration starts after it.
const SoftPct = 35

// SearchOptions are the engine options the agent and the bench use.
var SearchOptions = engine.Options{LMR: true, AspWindow: 24}

// think chooses the move to play in a.pos: a book move, or the search's
// within the move time (or, with a seed, sometimes the best other move; see
// vary), and says where it came from.
func (a *Agent) think() (engine.Move, string, engine.Result) {
	if a.cfg.Book != nil {
		if bm, ok := a.cfg.Book(&a.pos.Position); ok && a.pos.Legal(bm) {
			return bm, "book", engine.Result{}
		}
	}
	lim := engine.Limits{Depth: a.cfg.Depth, Nodes: a.cfg.Nodes}
	if a.cfg.MoveTime <= 0 {
		return a.vary(a.eng.Search(a.pos, lim), lim)
	}
	// The move time is the budget; the search may run on to ExtendFactor
	// times it only while it is unresolved (see isUnresolved) when the
	// budget runs out.
	budget := a.cfg.MoveTime
	lim.Soft = budget * SoftPct / 100
	lim.Hard = budget * ExtendFactor
	stop := new(atomic.Bool)
	lim.Stop = stop
	var unresolved atomic.Bool
	var prev engine.Info
	a.eng.OnInfo = func(in engine.Info) {
		if prev.Depth > 0 {
			unresolved.Store(isUnresolved(prev, in))
		}
		prev = in
	}
	t := time.AfterFunc(budget, func() {
		if !unresolved.Load() {
			stop.Store(true)
		}
	})
	res := a.eng.Search(a.pos, lim)
	t.Stop()
	a.eng.OnInfo = nil
	m, src, res := a.vary(res, engine.Limits{Hard: budget})
	if src == "search" && unresolved.Load() {
		src = "search, extended"
	}
	return m, src, res
}

// vary returns the search's result res, or, with a seed, within the first
// VaryMoves moves of the game and not on the pie rule's two moves (South's
// first move and North's swap or not), half the time the best other move
// when a search of the other moves to res's depth (within lim) values it
// within VaryMargin of res. Both scores come from searches of one depth:
// fixed-depth values of different moves swing by two seeds from one depth
// to the next here (after 7 SWAP, move 2 scores -18 at depth 14, +15 at 18,
// +28 at 20), and a variation that picked among moves a depth-14 search put
// within half a seed drew a won game against a course agent three times.
// The pie moves decide which side of an unbalanced opening each player
// gets, so they are never varied: varied, they lost three games by 24 to 30
// seeds against course agents that swapped.
func (a *Agent) vary(res engine.Result, lim engine.Limits) (engine.Move, string, engine.Result) {
	if a.cfg.Seed == 0 || a.moves >= a.cfg.VaryMoves || a.pos.FirstMove() || a.pos.SwapAvailable() ||
		res.Depth == 0 || res.Score > engine.WinBound || res.Score < -engine.WinBound {
		return res.Move, "search", res
	}
	var buf [kalah.MaxHoles + 2]engine.Move
	moves := a.pos.GenMoves(buf[:0])
	others := moves[:0]
	for _, m := range moves {
		if m != res.Move {
			others = append(others, m)
		}
	}
	r := rand.New(rand.NewPCG(a.cfg.Seed, a.games<<8|uint64(a.moves)))
	if len(others) == 0 || r.IntN(2) == 0 {
		return res.Move, "search", res
	}
	lim.Depth, lim.RootMoves, lim.Soft = res.Depth, others, 0
	alt := a.eng.Search(a.pos, lim)
	if alt.Depth < res.Depth || alt.Score < res.Score-a.cfg.VaryMargin {
		return res.Move, "search", res
	}
	return alt.Move, "varied", alt
}

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
