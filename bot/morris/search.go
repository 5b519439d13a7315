package morris

import (
	"math/bits"
	"sync/atomic"

	"github.com/pentad-ai/pentad/engine"
	evalm "github.com/pentad-ai/pentad/eval/morris"
	"github.com/pentad-ai/pentad/game/morris"
)

// Endgame is an endgame database probed during search: for a position in
// the moving phase with us to move it returns the exact value (positive: win
// in dist plies, negative: loss, 0 draw) and whether the position is covered.
type Endgame interface {
	Probe(us, them uint32) (value int, ok bool)
}

// Search is the searchable position: the rules position of game/morris
// (embedded by value, its methods promoted) with the evaluation of
// eval/morris and the endgame database. It implements engine.Position,
// engine.MoveScorer, engine.Noisy and engine.Legality.
type Search struct {
	morris.Position
	db    Endgame
	eval  evalm.Weights
	cache *EvalCache
}

// EvalCache remembers the evaluations of recent positions, one word per
// entry: the upper 32 bits of the position's key and the score. A fifth
// (placement) to over half (moving phase) of the evaluations of a search
// repeat a position evaluated before (depth-12 searches of the bench
// positions), and the evaluation takes a third of the time of a node.
// Copies of a Search share it (Lazy SMP workers), so its words are atomic.
// A Search's weights must not change while it is shared: SetWeights gives
// the Search a new cache.
type EvalCache [1 << evalCacheBits]atomic.Uint64

const evalCacheBits = 16

// NewSearch makes the searchable position of p, with the default weights
// and db (nil for none), and a new evaluation cache. p is taken over: pass
// a Copy to keep using it.
func NewSearch(p *morris.Position, db Endgame) *Search {
	return &Search{Position: *p, db: db, eval: evalm.Default, cache: new(EvalCache)}
}

// With returns the searchable position of q (taken over) with p's
// weights, endgame database db and p's evaluation cache, so that the search
// of the next move keeps the evaluations of the last.
func (p *Search) With(q *morris.Position, db Endgame) *Search {
	return &Search{Position: *q, db: db, eval: p.eval, cache: p.cache}
}

// SetEndgame makes the search use db (nil for none).
func (p *Search) SetEndgame(db Endgame) { p.db = db }

// SetWeights replaces the evaluation weights.
func (p *Search) SetWeights(w evalm.Weights) {
	if w != p.eval {
		p.eval = w
		p.cache = new(EvalCache)
	}
}

// DB scores: a database win scores DBWin minus the distance and the search
// ply; evaluations stay well inside.
const (
	DBWin       = 25000
	EvalMax     = 15000
	DrawChances = 200 // bound of the score of a drawn database position
)

// Terminal implements engine.Position: the game-over rules, a repetition
// inside the search (morris.Position.Terminal), and exact endgame-database
// values.
func (p *Search) Terminal() (bool, int) {
	over, score := p.Position.Terminal()
	if over || p.db == nil || p.Placing() {
		return over, score
	}
	s := p.Side()
	if v, ok := p.db.Probe(p.Pieces(s), p.Pieces(s^1)); ok {
		sp := p.SearchPly()
		switch {
		case v > 0:
			return true, DBWin - v - sp
		case v < 0:
			return true, -DBWin - v + sp
		}
		// A drawn position: a small score from the evaluation
		// keeps the chances when the opponent may still err.
		return true, max(-DrawChances, min(DrawChances, p.Evaluate()/4))
	}
	return false, 0
}

// LMRScale sizes the late move reductions of the engine's searches
// (engine.Options.LMRScale: ln(depth)*ln(move number)*1.5 plies). In the
// placement phase it reaches 1 to 4 plies deeper in a second than the fixed
// reductions of one or two plies (depth 10-14 -> 12-16 on four positions of
// games lost to Sanmill), and finds there the move a 10 s search finds in
// one of the three placement mistakes that lost those games. It won
// a self-play match against the fixed reductions at 0.1 s a move, 200 games
// on openings of 4 random plies: +27.9 +/- 28.0 Elo (LOS 97.6%); a scale
// of 100 scored +10.4 +/- 26.4.
const LMRScale = 150

// Singular extensions (engine.Options.Singular and SingularMargin): from
// 6 plies of depth, the table's move is searched a ply deeper when the other
// moves, searched to half the depth, stay 0.02 of a piece per ply of depth
// below its score. Against the search without them, self-play at 0.1 s a
// move, -threads 1, openings of 4 random plies: +14.3 +/- 14.3 Elo over 800
// games (LOS 97.6%; seeds 2603, 2604: 200 games each, 2609: 400). Margins of
// 10 and 40 scored -13.9 +/- 28.1 and +22.6 +/- 28.3 against 20; 80 scored
// +13.9 +/- 28.6 against 40 but -24.4 +/- 27.6 against none (200 games
// each).
const (
	SingularDepth  = 6
	SingularMargin = 20
)

// IIRDepth is the internal iterative reduction of the engine's searches
// (engine.Options.IIR): a node without a table move, 4 or more plies from
// the leaves, is searched a ply shallower. Against none, self-play at 0.1 s
// a move, -threads 1, openings of 4 random plies (arena -game morris -tc
// 0/0.1 -games 400 -concurrency 2 -plies 4, seeds 3412 and 3413): +13.0 +/-
// 19.9 and +10.4 +/- 16.7 Elo, together +11.7 +/- 13.0 over 802 games (LOS
// 96.2%, ptnml [7 70 224 87 12]).
const IIRDepth = 4

// Searcher is the engine's search specialised to *Search by go generate
// (internal/specialize): the same tree as engine.Engine node for node (a
// test checks it), with direct calls instead of interface calls. The
// session, self-play and the bench use it.

//go:generate go run ../../internal/cmd/specialize -src ../../engine/search.go -out search_gen.go -pkg morris -type Search -scorer -engine Searcher -new NewSearcher -prefix search

// SearchOptions are the engine options of the searches of the protocol
// session, self-play and bench, with threads workers.
func SearchOptions(threads int) engine.Options {
	return engine.Options{Threads: threads, LMR: true, AspWindow: 50, LMRScale: LMRScale, Singular: SingularDepth, SingularMargin: SingularMargin, IIR: IIRDepth}
}

// Evaluate scores the position for the side to move, from the cache when
// it holds the position.
func (p *Search) Evaluate() int {
	h := p.Hash()
	e := &p.cache[h&(1<<evalCacheBits-1)]
	if w := e.Load(); uint32(w>>32) == uint32(h>>32) {
		return int(int32(uint32(w)))
	}
	v := p.evaluate()
	e.Store(h>>32<<32 | uint64(uint32(int32(v))))
	return v
}

func (p *Search) evaluate() int {
	s := p.Side()
	v := p.eval.Evaluate(p.Pieces(s), p.Pieces(s^1), p.Hand(s), p.Hand(s^1), p.Placing())
	if v > EvalMax {
		v = EvalMax
	} else if v < -EvalMax {
		v = -EvalMax
	}
	return v
}

// ScoreMove orders mill-closing moves first, preferring takes of mobile
// pieces and of pieces that threaten a mill.
func (p *Search) ScoreMove(m engine.Move) int {
	_, to, take := morris.MoveParts(m)
	them := p.Pieces(p.Side() ^ 1)
	if take < 0 {
		if morris.Closes(them, to) {
			return 50 // blocks an enemy mill
		}
		return 0
	}
	sc := 100
	// taking a piece that would complete an enemy mill is best
	if morris.Closes(them&^(1<<take), take) {
		sc += 50
	}
	empty := morris.All &^ (p.Pieces(0) | p.Pieces(1))
	sc += 10 * bits.OnesCount32(morris.Adj[take]&empty)
	return sc
}

// StaticEval implements engine.Pruner: the evaluation for the side to move.
// The engine prunes with it only when asked (engine.Options.Prune, the
// morris command's -futility, -razor and -movecount); by default it does
// not: futility pruning at 150 a ply to depth 4 with move-count pruning
// scored -7.8 +/- 19.5 Elo against none (self-play at 0.1 s a move,
// -threads 1, openings of 4 random plies, 400 games, ptnml [4 52 99 39 6]).
func (p *Search) StaticEval() int { return p.Evaluate() }

// Threatened implements engine.Pruner: the opponent closes a mill with its
// next move (evalm.Threatens), so that no move of ours may be pruned.
func (p *Search) Threatened() bool {
	o := p.Side() ^ 1
	return evalm.Threatens(p.Pieces(o), p.Pieces(o^1), p.Hand(o), p.Placing())
}

// Clone returns an independent copy (for search helpers).
func (p *Search) Clone() engine.Position { return p.Copy() }

// Copy returns an independent copy.
func (p *Search) Copy() *Search {
	return p.With(p.Position.Copy(), p.db)
}
