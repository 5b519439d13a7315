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
	pits := p.Pits()
	mine, theirs := p.Store(me), p.Store(1-me)
	var sm, st int
	mb, tb := me*(h+1), (1-me)*(h+1)
	for k := 0; k < h; k++ {
		sm += int(pits[mb+k])
		st += int(pits[tb+k])
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
	pits := p.Pits()
	side := p.ToMove()
	i := side*(h+1) + int(m) - 1
	seeds := int(pits[i])
	dist := h - (int(m) - 1) // steps to own store
	cycle := 2*h + 1
	if seeds%cycle == dist%cycle && !(p.FirstMove() && p.Rules().FirstMoveRule) {
		return 1000 + int(m)
	}
	if seeds < cycle {
		land := int(m) - 1 + seeds
		if land < h && pits[side*(h+1)+land] == 0 {
			opp := 2*h - (side*(h+1) + land)
			if c := int(pits[opp]); c > 0 {
				return 100 + c
			}
		}
	}
	return 0
}
