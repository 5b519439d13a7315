package kalah

import (
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
)

// Entry is one book position: the first move made (0 for the start
// position) and the move to play.
type Entry struct {
	After engine.Move // South's first move, or 0 for the start position
	Play  engine.Move
	Score int // search score for the side to move
	Depth int
}

// Lookup returns the book move for p, if p is one of the book positions.
func Lookup(p *kalah.Position) (engine.Move, bool) {
	r := p.Rules()
	if r != kalah.Tournament {
		return engine.NoMove, false
	}
	start := kalah.New(kalah.Tournament)
	if p.Hash() == start.Hash() {
		return find(0)
	}
	if !p.SwapAvailable() {
		return engine.NoMove, false
	}
	for m := engine.Move(1); m <= 7; m++ {
		q := kalah.New(kalah.Tournament)
		q.Play(m)
		if q.Hash() == p.Hash() {
			return find(m)
		}
	}
	return engine.NoMove, false
}

func find(after engine.Move) (engine.Move, bool) {
	for _, e := range Opening {
		if e.After == after {
			return e.Play, true
		}
	}
	return engine.NoMove, false
}
