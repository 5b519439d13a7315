package quoridor

import (
	bookq "github.com/pentad-ai/pentad/book/quoridor"
	"github.com/pentad-ai/pentad/engine"
	evalq "github.com/pentad-ai/pentad/eval/quoridor"
	"github.com/pentad-ai/pentad/game/quoridor"
)

// Search is the searchable position: the rules position of game/quoridor
// (embedded by value, its methods promoted) with the evaluation of
// eval/quoridor, the race table of book/quoridor and a per-game noise. It
// implements engine.Position, engine.MoveScorer and engine.Legality.
type Search struct {
	quoridor.Pos
	// W are the evaluation weights (nil: evalq.Default).
	W *evalq.Weights
	// salt, when not zero, adds a small deterministic per-game noise to the
	// evaluation (from the session's seeded generator) to vary play.
	salt uint64
	// race, when it matches the walls, decides positions where neither side
	// has a wall left.
	race *bookq.RaceTable
}

// NewSearch returns the searchable start position of an n x n board with
// walls per player (see quoridor.New).
func NewSearch(n, walls int) *Search {
	return &Search{Pos: *quoridor.New(n, walls)}
}

// Clone implements engine.Position.
func (p *Search) Clone() engine.Position {
	q := *p
	q.Pos = *p.Pos.Copy()
	return &q
}

// Terminal implements engine.Position. With no walls left on either side the
// race table decides the game exactly.
func (p *Search) Terminal() (bool, int) {
	if over, v := p.Pos.Terminal(); over {
		return over, v
	}
	if p.race != nil && p.WallsLeft(0) == 0 && p.WallsLeft(1) == 0 && p.race.Matches(&p.Pos) {
		switch v := p.race.Value(p.Pawn(0), p.Pawn(1), p.Side()); {
		case v > 0:
			return true, engine.Win
		case v < 0:
			return true, -engine.Win
		}
	}
	return false, 0
}

// Evaluate implements engine.Position: the path race, walls and tempo.
func (p *Search) Evaluate() int {
	me := p.Side()
	w := p.W
	if w == nil {
		w = &evalq.Default
	}
	f := evalq.Features{
		MyDist: p.Dist(me), OppDist: p.Dist(me ^ 1),
		MyWalls: p.WallsLeft(me), OppWalls: p.WallsLeft(me ^ 1),
	}
	if w.Exposed != 0 {
		if f.OppWalls > 0 {
			f.MyThreat = p.WallThreat(me)
		}
		if f.MyWalls > 0 {
			f.OppThreat = p.WallThreat(me ^ 1)
		}
	}
	v := w.Evaluate(f)
	if p.salt != 0 {
		v += int((p.Hash() ^ p.salt) * 0x9E3779B97F4A7C15 >> 62)
	}
	return v
}

// ScoreMove implements engine.MoveScorer with hints from the last GenMoves
// at this node: the step along the shortest path first, then the walls that
// lengthen the opponent's path most.
func (p *Search) ScoreMove(m engine.Move) int {
	if !quoridor.IsWall(m) {
		if quoridor.SquareOf(m) == p.StepHint(p.Side()) {
			return 5000
		}
		return 0
	}
	if !p.Prune {
		return 0
	}
	if g := p.WallGain(quoridor.WallOf(m)); g > 0 {
		return 1000 + 200*g
	}
	return 0
}

// raceMove plays the race out by the race table (solved again when the
// walls changed): the fastest win, or else the slowest loss. ok is false
// when a wall is in hand or the race is undecided.
func (p *Search) raceMove() (engine.Move, bool) {
	m, t, ok := bookq.RaceMove(&p.Pos, p.race)
	p.race = t
	return m, ok
}
