package kalah

import (
	kbook "github.com/pentad-ai/pentad/book/kalah"
	"github.com/pentad-ai/pentad/engine"
	evalk "github.com/pentad-ai/pentad/eval/kalah"
	"github.com/pentad-ai/pentad/game/kalah"
)

// Search is the searchable position: the rules position of game/kalah,
// embedded by value, with the evaluation of eval/kalah and the endgame
// database of book/kalah in Terminal. It implements engine.Position and
// engine.MoveScorer.
type Search struct {
	kalah.Position
	db *kbook.DB
	w  *evalk.Weights
}

// NewSearch returns a searchable copy of p without a database, evaluated
// with the default weights.
func NewSearch(p *kalah.Position) *Search { return &Search{Position: *p, w: &evalk.Default} }

// SetWeights makes Evaluate use w (nil: the default weights).
func (p *Search) SetWeights(w *evalk.Weights) {
	if w == nil {
		w = &evalk.Default
	}
	p.w = w
}

// SetDB makes Terminal use an endgame database (nil for none).
func (p *Search) SetDB(db *kbook.DB) {
	if db != nil && (db.Holes() != p.Holes() || db.CaptureEmpty() != p.Rules().CaptureEmpty) {
		db = nil
	}
	p.db = db
}

// Clone implements engine.Position.
func (p *Search) Clone() engine.Position {
	c := *p
	return &c
}

// Evaluate implements engine.Position (eval/kalah).
func (p *Search) Evaluate() int { return p.w.Evaluate(&p.Position) }

// ScoreMove implements engine.MoveScorer (eval/kalah).
func (p *Search) ScoreMove(m engine.Move) int { return evalk.ScoreMove(&p.Position, m) }

// Terminal implements engine.Position: the rules' terminal positions (a
// finished game, a store holding more than half of the seeds), or a position
// the endgame database knows.
func (p *Search) Terminal() (bool, int) {
	if over, v := p.Position.Terminal(); over {
		return over, v
	}
	if p.db != nil && !p.SwapAvailable() && !p.FirstMove() {
		me := p.ToMove()
		mine, theirs := p.Store(me), p.Store(1-me)
		inHoles := p.Rules().Total() - mine - theirs
		if inHoles <= p.db.K() {
			v := p.db.Value(&p.Position)
			return true, kalah.Outcome(mine - theirs + v)
		}
	}
	return false, 0
}

// Searcher is the engine's search specialised to *Search by go generate:
// the same tree as engine.Engine node for node (a test checks it), with direct
// calls instead of interface calls. It is what the agent, the book builder and
// the bench use.

//go:generate go run ../../internal/cmd/specialize -src ../../engine/search.go -out search_gen.go -pkg kalah -type Search -scorer -engine Searcher -new NewSearcher -prefix search
