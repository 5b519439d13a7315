// Package engine is the game-independent search shared by every Pentad bot:
// iterative deepening, principal variation search with aspiration windows,
// transposition table, killer and history ordering, Lazy SMP workers and a
// wall-clock time manager.
//
// A game plugs in through the small Position interface. The side to move is
// part of the position: a move that leaves the same side to move (Kalah's
// extra turn, the second action of a Game of Stones turn) is searched without
// negation.
package engine

// Move is a game's move packed into a small integer. The value 0 is reserved
// for "no move"; games encode their moves from 1 upwards.
type Move uint32

// NoMove is the absent move.
const NoMove Move = 0

// Score bounds. A won position is scored Win minus the distance in plies to
// the win, so shorter wins score higher.
const (
	Inf      = 32000
	Win      = 31000
	MaxPly   = 128
	WinBound = Win - 2*MaxPly // scores above this are proven wins
)

// Position is what a game provides to the search. Implementations keep their
// own undo stack so that Make and Unmake do not allocate.
type Position interface {
	// GenMoves appends the legal moves to buf[:0] and returns the result.
	// The search owns buf; implementations must not retain it.
	GenMoves(buf []Move) []Move
	// Make plays m, which must be legal.
	Make(m Move)
	// Unmake takes back m, the last move made.
	Unmake(m Move)
	// Hash is the Zobrist key of the position, side to move included.
	Hash() uint64
	// Side is the side to move, 0 or 1.
	Side() int
	// Evaluate scores the position for the side to move, |score| < WinBound.
	Evaluate() int
	// Terminal reports whether the game is over (or its value is otherwise
	// known exactly) and then its score for the side to move: Win for a
	// win, -Win for a loss, 0 for a draw, or an exact game score.
	Terminal() (over bool, score int)
	// Clone returns an independent copy for another search worker.
	Clone() Position
}

// MoveScorer is optionally implemented to give ordering hints: a higher score
// is searched earlier. It is called once per generated move, after the
// transposition-table move and before killers and history.
type MoveScorer interface {
	ScoreMove(m Move) int
}

// Reducer is optionally implemented by games whose moves all carry an
// ordering hint (MoveScorer), so that none counts as quiet: Reducible tells
// the moves that late move reductions may still shorten when they come late
// in the list (in gomoku: neither a threat nor an answer to one). It is
// asked before m is made.
type Reducer interface {
	Reducible(m Move) bool
}

// LMRAdjuster is optionally implemented by games that know more of a
// late move than its hint (Options.AdjustLMR): AdjustReduction returns the
// plies to add to the move's late move reduction (negative: fewer). It is
// asked before m is made, for late moves other than the table's.
type LMRAdjuster interface {
	AdjustReduction(m Move) int
}

// Noisy is optionally implemented by games with a quiescence search: it
// appends the tactical moves (captures, threats) to buf[:0]. At depth 0 the
// search then stands pat on Evaluate and searches only these moves.
type Noisy interface {
	GenNoisy(buf []Move) []Move
}

// Legality is optionally implemented when GenMoves is expensive: it tells
// whether a move read from the transposition table is legal here. Without it
// the search checks table moves against the generated list.
type Legality interface {
	IsLegal(m Move) bool
}

// Pruner is optionally implemented by games whose search may prune forward
// by static evaluation (Options.Prune).
type Pruner interface {
	// StaticEval is a cheap evaluation of the position for the side to
	// move, on the scale of Evaluate; it must not change the position or
	// any state Evaluate relies on.
	StaticEval() int
	// Threatened reports that the side to move must answer a threat at
	// once (in gomoku: the opponent makes five or an open four next), so
	// that no move may be pruned and the static evaluation means little.
	Threatened() bool
}

// Corrector is optionally implemented by games whose static evaluation
// (Pruner) the search corrects by what its own searches of similar
// positions found (Options.Correction): CorrectionKeys returns two keys of
// features the evaluation's error is expected to follow (in gomoku: the
// threat classes on the board, and the last two moves). It must not change
// the position. With Options.CorrectLeaves the quiescence search passes
// the corrected stand pat of its first node to CorrectedStand before it
// searches that node's moves, so that a game whose quiescence keeps the
// stand pat of its first node along its lines (gomoku: the fours and their
// blocks) keeps the corrected one.
type Corrector interface {
	CorrectionKeys() (a, b uint64)
	CorrectedStand(v int)
}

// NullMover is optionally implemented by games where giving the opponent a
// free move never helps the side to move (no zugzwang), so that a search
// after a pass is a fair lower bound: null-move pruning (Pruning.NullMove).
// MakeNull passes the move to the opponent without playing; UnmakeNull takes
// the pass back.
type NullMover interface {
	MakeNull()
	UnmakeNull()
}

// Widener is optionally implemented by games whose GenMoves lists only the
// best of a node's moves: when every listed move has lost (a mate score
// against the side to move), the search asks Widen for the moves left out,
// appended to the node's list (the same slice, as GenMoves returned it and
// the search reordered it in place), and searches them too, so that a node
// is scored lost only when none of its candidates saves it. Widen returns
// moves unchanged when nothing was left out.
type Widener interface {
	Widen(moves []Move) []Move
}

// HashPredictor is optionally implemented by games that can tell the hash
// of the position after a move without making it: the search then starts
// loading that position's table bucket into the caches before it makes the
// move (tt.Table.Prefetch), so that the child's probe seldom waits for
// memory.
type HashPredictor interface {
	HashAfter(m Move) uint64
}
