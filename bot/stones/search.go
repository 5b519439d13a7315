package stones

import (
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/stones"
)

// DefaultQCrit is the default quiescence setting (see Search.SetQuiescence).
const DefaultQCrit = 3

// DefaultHintCrit is the default ordering setting (see Search.SetOrdering).
const DefaultHintCrit = 4

// Search is the searchable position: the rules position of game/stones
// (embedded by value, its methods promoted) with an evaluation (eval/stones
// through Config.Eval), the quiescence captures and the move-ordering hints.
// It implements engine.Position, engine.MoveScorer, engine.Noisy and
// engine.Legality.
type Search struct {
	stones.Position
	evalFn   func(*stones.Position) int
	qcrit    int
	hintCrit int
}

// NewSearch makes the searchable position of a copy of p, with the default
// quiescence and ordering settings and material-only evaluation.
func NewSearch(p *stones.Position) *Search {
	return &Search{Position: *p.Copy(), qcrit: DefaultQCrit, hintCrit: DefaultHintCrit}
}

// SetEvaluator installs the evaluation used by Evaluate (nil: material only).
// Clones keep it.
func (p *Search) SetEvaluator(f func(*stones.Position) int) { p.evalFn = f }

// SetQuiescence sets which captures quiescence searches: those of a type
// the opponent has at most crit stacks of (0: none).
func (p *Search) SetQuiescence(crit int) { p.qcrit = crit }

// SetOrdering sets which attacks get an ordering hint (see ScoreMove);
// crit >= 30 gives every attack a hint. The default came from self-play.
func (p *Search) SetOrdering(crit int) { p.hintCrit = crit }

// Clone implements engine.Position.
func (p *Search) Clone() engine.Position {
	q := *p
	return &q
}

// Evaluate implements engine.Position with the installed evaluator, or a
// plain material count when none is installed.
func (p *Search) Evaluate() int {
	if p.evalFn != nil {
		return p.evalFn(&p.Position)
	}
	s := p.Side()
	return 10 * (p.NumStacks(s) - p.NumStacks(s^1))
}

// GenNoisy implements engine.Noisy: the attacks that leave the opponent
// with at most one stack of the target's type (or none: a win). Other
// captures are left to the evaluation's threat terms; searching every
// capture in quiescence explodes, since nearly every capture gains.
func (p *Search) GenNoisy(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	if p.qcrit <= 0 {
		return buf
	}
	s := p.Side()
	o := s ^ 1
	black := s == stones.Black
	crit := p.qcrit
	if p.Count(o, 1) > crit && p.Count(o, 2) > crit && p.Count(o, 3) > crit {
		return buf
	}
	for _, f := range p.Stacks(s) {
		sq := int(f)
		h := stones.HeightOf(p.Cell(sq))
		from := stones.IDOfSq(sq)
		for _, d := range stones.Dirs {
			t := sq + d
			for p.Cell(t) == 0 {
				t += d
			}
			w := p.Cell(t)
			if w == stones.Off || (w < 0) == black {
				continue
			}
			if stones.HeightOf(w) <= h && p.Count(o, stones.TypeOf(w)) <= crit {
				buf = append(buf, stones.MakeMove(stones.Attack, from, stones.IDOfSq(t)))
			}
		}
	}
	return buf
}

// ScoreMove implements engine.MoveScorer: attacks on a scarce type (at most
// the ordering setting's number of stacks) or on a tall stack first,
// ordered by how scarce the target's type is and how tall the target is.
// Other actions get no hint: history orders them and late ones are
// reduced.
func (p *Search) ScoreMove(m engine.Move) int {
	if stones.Kind(m) != stones.Attack {
		return 0
	}
	t := p.Cell(stones.SqOfID(stones.To(m)))
	c := p.Count(p.Side()^1, stones.TypeOf(t))
	h := stones.HeightOf(t)
	if c > p.hintCrit && h < 2 {
		return 0
	}
	return 1000/c + 16*h
}
