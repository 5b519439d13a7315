package kalah

import (
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
)

// Evaluate scores p for the side to move: the store difference, refined by
// the seeds each side still controls.
func Evaluate(p *kalah.Position) int {
	me := p.ToMove()
	h := p.Holes()
	mine, theirs := p.Store(me), p.Store(1-me)
	var sm, st int
	for n := 1; n <= h; n++ {
		sm += p.Hole(me, n)
		st += p.Hole(1-me, n)
	}
	return 16*(mine-theirs) + (sm - st)
}

// ScoreMove is the move-ordering hint for m in p (engine.MoveScorer): extra
// turns first, then captures.
func ScoreMove(p *kalah.Position, m engine.Move) int {
	if m == kalah.Swap {
		return 0
	}
	h := p.Holes()
	side := p.ToMove()
	seeds := p.Hole(side, int(m))
	dist := h - (int(m) - 1) // steps to own store
	cycle := 2*h + 1
	if seeds%cycle == dist%cycle && !(p.FirstMove() && p.Rules().FirstMoveRule) {
		return 1000 + int(m)
	}
	if seeds < cycle {
		land := int(m) - 1 + seeds
		if land < h && p.Hole(side, land+1) == 0 {
			// the opposite hole
			if c := p.Hole(1-side, h-land); c > 0 {
				return 100 + c
			}
		}
	}
	return 0
}
