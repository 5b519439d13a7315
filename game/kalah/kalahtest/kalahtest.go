// Package kalahtest holds what the tests of several Kalah packages share:
// an independent exact search with the real rules, and random positions.
// Only tests import it.
package kalahtest

import (
	"math/rand/v2"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
)

// Margin is an independent full search with the real rules: the final
// store difference (mover minus opponent) reachable from p under perfect play.
func Margin(p *kalah.Position) int { return marginMemo(p, map[uint64]int{}) }

func marginMemo(p *kalah.Position, memo map[uint64]int) int {
	me := p.ToMove()
	if p.Over() {
		return p.Store(me) - p.Store(1-me)
	}
	if v, ok := memo[p.Hash()]; ok {
		return v
	}
	var buf [kalah.MaxHoles + 2]engine.Move
	best := -1000
	for _, m := range p.GenMoves(buf[:0]) {
		p.Make(m)
		v := marginMemo(p, memo)
		if p.ToMove() != me && !p.Over() {
			v = -v
		} else if p.Over() {
			v = p.Store(me) - p.Store(1-me)
		}
		p.Unmake(m)
		best = max(best, v)
	}
	memo[p.Hash()] = best
	return best
}

// RandomPosition spreads inHoles seeds at random over the holes of both
// sides and splits the rest between the stores; the side to move is random.
func RandomPosition(r *rand.Rand, rules kalah.Rules, inHoles int) *kalah.Position {
	p := kalah.New(rules)
	var pits [2*kalah.MaxHoles + 2]uint8
	h := rules.Holes
	for s := 0; s < inHoles; s++ {
		i := r.IntN(2 * h)
		if i >= h {
			i++
		}
		pits[i]++
	}
	rest := rules.Total() - inHoles
	pits[h] = uint8(rest / 2)
	pits[2*h+1] = uint8(rest - rest/2)
	p.SetState(pits, r.IntN(2), false, false, false)
	return p
}
