package engine

import (
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pentad-ai/pentad/tt"
)

// MaxMoves is the capacity of the per-ply move buffers handed to GenMoves.
const MaxMoves = 1024

// StableShare is the share of the soft limit after which a search whose
// best move has been stable for four iterations starts no new iteration.
const StableShare = 0.6

// Limits bound one search. Zero fields are unlimited.
type Limits struct {
	Depth int           // iterations to complete at most
	Nodes uint64        // nodes over all workers
	Soft  time.Duration // start no new iteration after this (scaled by best-move stability)
	Hard  time.Duration // abort the search after this
	// RootMoves, if not empty, restricts the moves searched at the root.
	RootMoves []Move
	// Stop, if set, is an external stop flag owned by the caller: setting it
	// at any time, even before Search has started, ends the search as Stop
	// does. Use a fresh flag for each search.
	Stop *atomic.Bool
}

// Options tune the search for a game. The zero value is plain alpha-beta
// with PVS and the transposition table.
type Options struct {
	Threads   int  // Lazy SMP workers; 0 means 1
	LMR       bool // late move reductions for quiet late moves
	AspWindow int  // initial half-width of aspiration windows; 0 disables
	// LMRScale, when positive, sizes the late move reductions by
	// ln(depth)*ln(move number) times LMRScale percent (at least 1 ply,
	// one less at PV nodes); 0: 1 ply, 2 from the 9th move at depth 5.
	LMRScale int
	// LMRFrom, when positive, is the index in a node's move list (0 the
	// first move) from which late move reductions apply; 0: 3, the fourth
	// move.
	LMRFrom int
	// Prune turns on forward pruning by static evaluation at non-PV nodes
	// for positions that implement Pruner (zero: none).
	Prune Pruning
	// IIR, when positive, searches a node one ply shallower when the
	// table has no move for it and at least IIR plies remain (internal
	// iterative reduction).
	IIR int
	// HintHistory, when positive, lets killers and history order the moves
	// a game scores itself (MoveScorer hints), for games whose every move
	// carries a hint: a move that is not forcing (Reducer) and makes a
	// beta cutoff is rewarded as a quiet one would be, and a hinted move's
	// ordering score gains HintHistory for the first killer, half that for
	// the second, and its history scaled to at most HintHistory.
	HintHistory int
	// SingleReply searches the only move of a node at the node's own
	// depth instead of one ply less (a single-reply extension): a forced
	// answer, such as the block of a five, costs no depth.
	SingleReply bool
	// Singular, when positive, extends the table's move by a ply at nodes
	// of at least Singular plies of depth when it is singular: the table
	// holds a lower bound (or exact score) for it from at least depth-3
	// plies, and a search of the other moves to half the depth fails low
	// against that score less SingularMargin per ply of depth. Extensions
	// stop at twice the iteration's depth.
	Singular       int
	SingularMargin int
	// FailHighMargin, when positive, searches every move a ply shallower
	// at an expected cut node (a null-window node reached as the first
	// move of an expected all node, or by a reduced search) whose static
	// evaluation (Pruner, with Prune set) exceeds beta by FailHighMargin per ply of
	// depth, unless the move is forcing (not Reducible) or the side to
	// move is Threatened: such a node is likely to fail high anyway
	// (fail-high reduction).
	FailHighMargin int
	// HintKeep, when positive, reduces a late move by one ply less when its
	// hint is at least HintKeep percent of the node's best.
	HintKeep int
	// ReduceThreats (with LMRScale) reduces the late moves that are
	// forcing (not Reducible) too, from the 4th move on and at depths of 3
	// or more, by their late move reduction less ThreatLMR plies (0: the
	// whole reduction); otherwise they are searched to the full depth.
	ReduceThreats bool
	ThreatLMR     int
	// AdjustLMR moves the late move reductions of a game that implements
	// LMRAdjuster by its AdjustReduction (at most to depth 1).
	AdjustLMR bool
	// LMRExtend, when positive, sets the depth of the search that follows
	// a reduced one which passed alpha: a ply deeper when it passed alpha
	// by over LMRExtend plus a third of that per ply of reduction (within
	// twice the iteration's depth from the root), a ply shallower (but
	// still deeper than the reduced search) when it passed the node's
	// best score so far by less than an eighth of LMRExtend.
	LMRExtend int
	// Correction, when positive, corrects the static evaluation of a game
	// that implements Corrector and Pruner by correction histories: two
	// tables by side and key that follow, as a moving average weighted by
	// depth, the difference between the score a node's search returned and
	// its corrected static evaluation (when the bound allows it and the
	// side to move is not threatened). The correction is the sum of the
	// two entries times Correction percent. It moves the evaluation that
	// forward pruning reads and, with CorrectLeaves, the stand pat of the
	// quiescence search's first position.
	Correction    int
	CorrectLeaves bool
	// ContHistory, when positive with HintHistory, adds to a hinted move's
	// ordering score its continuation history, ContHistory for an entry of
	// contUnit: a table by side, the move that led to the node and the
	// move, rewarded and penalised as the history is (so it learns the
	// good answers to each move of the opponent's).
	ContHistory int
	// QuiesceTT lets the quiescence search's first position read the
	// transposition table (any entry of depth 0 or more whose bound
	// decides the window) and store its own result at depth 0.
	QuiesceTT bool
	// AlphaReduce, when above 3, takes a ply off the depth of a node (not
	// the root) each time one of its moves raises alpha without a cutoff
	// and with a score that is not a proven result, while the depth is 3
	// to AlphaReduce-1: the later moves (and the table entry) get the
	// shallower depth (alpha-improvement reduction, Stockfish's and
	// Rapfi's): once a good move is found, the later moves need only
	// refute less deeply.
	AlphaReduce int
	// TTEval lets the forward pruning (futility, razoring, null move,
	// fail-high reduction) of a game that implements Pruner read a table
	// entry's score instead of the node's evaluation when the entry's bound
	// says the position is worth more (a lower bound above it) or less (an
	// upper bound below it), as Stockfish and Rapfi do; proven scores and
	// threatened nodes keep the evaluation, and "improving" still compares
	// evaluations.
	TTEval bool
	// TTMoveExt and TTMoveExtNonPV extend the table's move of a PV node and
	// of any other node by these hundredths of a ply (Rapfi's fractional
	// table-move extension): the hundredths add up along a line, and
	// each whole hundred makes the move's search a ply deeper. 0: off.
	TTMoveExt, TTMoveExtNonPV int
}

// Pruning are the forward-pruning settings of a game whose position
// implements Pruner. They apply only at non-PV nodes, and only when the side
// to move is not Threatened. Zero fields turn their pruning off.
type Pruning struct {
	// Futility returns the static evaluation at once when it exceeds beta
	// by Futility per ply of remaining depth, for depths up to
	// FutilityDepth.
	Futility      int
	FutilityDepth int
	// Razor drops to the quiescence search at depth 1 and 2 when the
	// static evaluation is below alpha by more than Razor per ply.
	Razor int
	// MoveCount skips the reducible moves (Reducer) that come after the
	// first moveCount(depth) moves once a move not losing has been found:
	// (3 + depth^1.32) moves, halved when the static evaluation has not
	// improved over two plies.
	MoveCount bool
	// NullMove, at depths from NullMove up, searches a pass (NullMover) to
	// depth-1-(3+depth/4) with a null window at beta when the static
	// evaluation is at least beta, and returns beta when the pass still
	// fails high; never twice in a row.
	NullMove int
}

// Info reports a completed iteration.
type Info struct {
	Depth    int
	SelDepth int
	Score    int
	Nodes    uint64
	NPS      uint64
	Time     time.Duration
	Hashfull int
	PV       []Move
}

// Result is the outcome of a search.
type Result struct {
	Move  Move
	Score int
	Depth int // last completed iteration
	Nodes uint64
	Time  time.Duration
	PV    []Move
}

// Engine owns the transposition table and the workers. One search runs at a
// time; Stop may be called from any goroutine.
type Engine struct {
	TT      *tt.Table
	Options Options
	// OnInfo, if set, is called by the main worker after every completed
	// iteration, on the search goroutine.
	OnInfo func(Info)

	stop    atomic.Bool
	running atomic.Bool
	workers []*worker
	start   time.Time
	limits  Limits
}

// New makes an engine with a transposition table of ttMiB mebibytes.
func New(ttMiB int, opt Options) *Engine {
	return &Engine{TT: tt.New(ttMiB), Options: opt}
}

// Stop asks a running search to return as soon as possible.
func (e *Engine) Stop() { e.stop.Store(true) }

// Stopped reports whether the current search has been told to stop.
func (e *Engine) Stopped() bool { return e.stop.Load() }

// NewGame forgets everything learned: table (in constant time, see
// tt.Table.NewGame), history and killers.
func (e *Engine) NewGame() {
	e.TT.NewGame()
	for _, w := range e.workers {
		w.clearTables()
	}
}

type worker struct {
	e         *Engine
	id        int
	pos       Position
	nodes     uint64        // own count, published every few nodes
	shared    atomic.Uint64 // published node count
	seldepth  int
	moves     [MaxPly + 1][MaxMoves]Move
	scores    [MaxPly + 1][MaxMoves]int32
	killers   [MaxPly + 1][2]Move
	history   [2][1 << 16]stat
	cont      [2][contSize]stat // continuation history (Options.ContHistory)
	played    [MaxPly + 1]Move  // the move made at each ply of the line (NoMove: a pass)
	pv        [MaxPly + 1][MaxPly + 1]Move
	pvLen     [MaxPly + 1]int
	scorer    MoveScorer
	noisy     Noisy
	reducer   Reducer
	widener   Widener
	pruner    Pruner
	nuller    NullMover
	adjuster  LMRAdjuster
	predictor HashPredictor
	nulled    [MaxPly + 1]bool  // the move into this ply was a pass
	evals     [MaxPly + 1]int32 // static evaluations along the line (Pruner)
	nodeCap   uint64            // per-worker node limit for exact single-thread stops
	root      []rootMove
	aborted   bool
	excluded  [MaxPly + 1]Move // the move a singular-extension test leaves out at this ply
	rootDepth int
	corrector Corrector
	corr      [2][2][corrSize]int32 // correction histories by key, side and key bits (Options.Correction)
	evalOK    [MaxPly + 1]bool      // evals[ply] is the corrected static evaluation of an unthreatened node
	corrKeys  [MaxPly + 1][2]uint64 // the correction keys of the node at ply, when evalOK
	frac      [MaxPly + 1]int16     // hundredths of a ply of extension carried to the node at ply (Options.TTMoveExt)
}

// corrSize is the number of entries of a correction history a side, and
// corrGrain the entries' units a unit of evaluation.
const (
	corrSize  = 1 << 14
	corrGrain = 16
	corrLimit = 400 * corrGrain
)

// correctionKeys are the position's correction keys.
func (w *worker) correctionKeys() [2]uint64 {
	a, b := w.corrector.CorrectionKeys()
	return [2]uint64{a, b}
}

// correction is the correction of the static evaluation for side of a
// position with keys k (Options.Correction).
func (w *worker) correction(side int, k [2]uint64) int {
	c := w.corr[0][side][k[0]&(corrSize-1)] + w.corr[1][side][k[1]&(corrSize-1)]
	return int(c) * w.e.Options.Correction / (100 * corrGrain)
}

// updateCorrection moves the correction histories of keys k towards diff,
// the search's score less the corrected static evaluation, with a weight
// that grows with depth.
func (w *worker) updateCorrection(side int, keys [2]uint64, diff, depth int) {
	wt := int32(min(depth+1, 16))
	v := int32(max(min(diff*corrGrain, corrLimit), -corrLimit))
	for k, key := range keys {
		e := &w.corr[k][side][key&(corrSize-1)]
		*e = (*e*(128-wt) + v*wt) / 128
	}
}

type rootMove struct {
	m     Move
	score int
}

func (w *worker) clearTables() {
	w.killers = [MaxPly + 1][2]Move{}
	w.history = [2][1 << 16]stat{}
	w.cont = [2][contSize]stat{}
	w.corr = [2][2][corrSize]int32{}
}

func (e *Engine) ensureWorkers(n int) {
	for len(e.workers) < n {
		e.workers = append(e.workers, &worker{e: e, id: len(e.workers)})
	}
	e.workers = e.workers[:n]
}

// Search searches pos within the limits and returns the best move. pos is
// used by the main worker and left as it was; helpers search clones.
func (e *Engine) Search(pos Position, lim Limits) Result {
	e.running.Store(true)
	defer e.running.Store(false)
	e.stop.Store(false)
	e.start = time.Now()
	e.limits = lim
	e.TT.NewSearch()
	n := e.Options.Threads
	if n < 1 {
		n = 1
	}
	e.ensureWorkers(n)
	var timer *time.Timer
	if lim.Hard > 0 {
		timer = time.AfterFunc(lim.Hard, e.Stop)
		defer timer.Stop()
	}
	var wg sync.WaitGroup
	for i, w := range e.workers {
		w.nodes = 0
		w.shared.Store(0)
		w.nodeCap = 0
		if n == 1 {
			w.nodeCap = lim.Nodes
		}
		if i == 0 {
			w.setPosition(pos)
			continue
		}
		w.setPosition(pos.Clone().(Position))
		wg.Add(1)
		go func(w *worker) {
			defer wg.Done()
			w.iterate(lim)
		}(w)
	}
	res := e.workers[0].iterate(lim)
	e.stop.Store(true)
	wg.Wait()
	res.Nodes = e.totalNodes()
	res.Time = time.Since(e.start)
	return res
}

func (e *Engine) totalNodes() uint64 {
	var t uint64
	for _, w := range e.workers {
		t += w.shared.Load()
	}
	return t
}

func (w *worker) setPosition(p Position) {
	w.pos = p
	w.scorer, _ = any(p).(MoveScorer)
	w.noisy, _ = any(p).(Noisy)
	w.reducer, _ = any(p).(Reducer)
	w.widener, _ = any(p).(Widener)
	w.pruner, _ = any(p).(Pruner)
	w.nuller, _ = any(p).(NullMover)
	w.adjuster, _ = any(p).(LMRAdjuster)
	w.predictor, _ = any(p).(HashPredictor)
	w.corrector = nil
	if c, ok := any(p).(Corrector); ok && w.pruner != nil && w.e.Options.Correction > 0 {
		w.corrector = c
	}
}

// iterate runs iterative deepening. Only the main worker (id 0) manages time
// and reports progress.
func (w *worker) iterate(lim Limits) Result {
	e := w.e
	w.aborted = false
	w.root = w.root[:0]
	moves := w.pos.GenMoves(w.moves[0][:0])
	if len(lim.RootMoves) > 0 {
		moves = filterMoves(moves, lim.RootMoves)
	}
	var ttMove Move
	if ent, ok := e.TT.Probe(w.pos.Hash()); ok {
		ttMove = Move(ent.Move)
	}
	w.orderMoves(moves, 0, ttMove)
	for _, m := range moves {
		w.root = append(w.root, rootMove{m: m})
	}
	res := Result{}
	if len(w.root) == 0 {
		_, s := w.pos.Terminal()
		res.Score = s
		return res
	}
	res.Move = w.root[0].m
	res.PV = []Move{res.Move}
	maxDepth := MaxPly - 1
	if lim.Depth > 0 && lim.Depth < maxDepth {
		maxDepth = lim.Depth
	}
	stable := 0
	prevScore := 0
	for depth := 1; depth <= maxDepth; depth++ {
		if w.id > 0 && depth > 1 && (depth+w.id)%3 == 0 {
			continue // stagger helper depths (Lazy SMP)
		}
		w.seldepth = 0
		score := w.aspiration(depth, prevScore)
		if e.stop.Load() && w.aborted {
			// Keep a partial result only if a new best move was proven.
			if w.root[0].m != res.Move && w.root[0].score > res.Score && w.root[0].score != -Inf {
				res.Move = w.root[0].m
				res.Score = w.root[0].score
				res.PV = w.collectPV(res.Move)
			}
			break
		}
		if w.root[0].m == res.Move {
			stable++
		} else {
			stable = 0
		}
		res.Move = w.root[0].m
		res.Score = score
		res.Depth = depth
		res.PV = w.collectPV(res.Move)
		prevScore = score
		if w.id != 0 {
			continue
		}
		el := time.Since(e.start)
		if e.OnInfo != nil {
			nodes := e.totalNodes() + w.nodes - w.shared.Load()
			nps := uint64(0)
			if el > 0 {
				nps = uint64(float64(nodes) / el.Seconds())
			}
			e.OnInfo(Info{Depth: depth, SelDepth: w.seldepth, Score: score, Nodes: nodes, NPS: nps,
				Time: el, Hashfull: e.TT.Hashfull(), PV: res.PV})
		}
		if score > WinBound || score < -WinBound {
			if depth >= Win-abs(score)+2 {
				break // the proven result cannot change with more depth
			}
		}
		if len(w.root) == 1 && lim.Soft > 0 {
			break // a forced move needs no thought under a clock
		}
		if lim.Soft > 0 {
			f := 1.0
			switch {
			case stable == 0:
				f = 1.6
			case stable >= 4:
				f = StableShare
			}
			if float64(el) > float64(lim.Soft)*f {
				break
			}
		}
	}
	w.shared.Store(w.nodes)
	return res
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func filterMoves(moves, allowed []Move) []Move {
	out := moves[:0]
	for _, m := range moves {
		for _, a := range allowed {
			if m == a {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

func (w *worker) collectPV(first Move) []Move {
	n := w.pvLen[0]
	pv := make([]Move, 0, n+1)
	if n == 0 || w.pv[0][0] != first {
		return append(pv, first)
	}
	return append(pv, w.pv[0][:n]...)
}

func (w *worker) aspiration(depth, prev int) int {
	win := w.e.Options.AspWindow
	if win <= 0 || depth < 4 || prev > WinBound || prev < -WinBound {
		return w.searchRoot(depth, -Inf, Inf)
	}
	alpha, beta := prev-win, prev+win
	for {
		s := w.searchRoot(depth, alpha, beta)
		if w.aborted {
			return s
		}
		switch {
		case s <= alpha:
			alpha = max(-Inf, alpha-win)
		case s >= beta:
			beta = min(Inf, beta+win)
		default:
			return s
		}
		win *= 2
		if win > 4*w.e.Options.AspWindow*16 {
			alpha, beta = -Inf, Inf
		}
	}
}

// searchRoot searches every root move, moves the best to the front and
// returns its score.
func (w *worker) searchRoot(depth, alpha, beta int) int {
	pos := w.pos
	side := pos.Side()
	best := -Inf
	bestIdx := -1
	origAlpha := alpha
	w.rootDepth = depth
	w.pvLen[0] = 0
	for i := range w.root {
		m := w.root[i].m
		pos.Make(m)
		w.nodes++
		w.frac[1] = 0
		same := pos.Side() == side
		var s int
		if i == 0 {
			s = w.child(same, alpha, beta, depth-1, 1, true, false)
		} else {
			s = w.child(same, alpha, alpha+1, depth-1, 1, false, true)
			if s > alpha && s < beta && !w.aborted {
				s = w.child(same, alpha, beta, depth-1, 1, true, false)
			}
		}
		pos.Unmake(m)
		if w.aborted {
			break
		}
		w.root[i].score = -Inf
		if s > best {
			best = s
			bestIdx = i
			w.root[i].score = s
			w.updatePV(0, m)
			if s > alpha {
				alpha = s
				if s >= beta {
					break
				}
			}
		}
	}
	if bestIdx > 0 {
		rm := w.root[bestIdx]
		copy(w.root[1:bestIdx+1], w.root[:bestIdx])
		w.root[0] = rm
	}
	// A search restricted to some root moves has not valued the position.
	if !w.aborted && bestIdx >= 0 && len(w.e.limits.RootMoves) == 0 {
		w.e.TT.Store(pos.Hash(), uint32(w.root[0].m), toTT(best, 0), int8(depth), boundOf(best, origAlpha, beta))
	}
	return best
}

// ttMoveExt is the extension, in hundredths of a ply, of the table's move
// at a PV node or another (Options.TTMoveExt, TTMoveExtNonPV).
func (w *worker) ttMoveExt(pvNode bool) int {
	if pvNode {
		return w.e.Options.TTMoveExt
	}
	return w.e.Options.TTMoveExtNonPV
}

func (w *worker) updatePV(ply int, m Move) {
	w.pv[ply][0] = m
	n := w.pvLen[ply+1]
	if n > MaxPly-ply {
		n = MaxPly - ply
	}
	copy(w.pv[ply][1:], w.pv[ply+1][:n])
	w.pvLen[ply] = n + 1
}

// child searches the position after a move: cut tells whether the child is
// an expected cut node (for a move that keeps the side to move, the child
// continues the parent's node and the flag is the caller's guess as well).
func (w *worker) child(same bool, alpha, beta, depth, ply int, pv, cut bool) int {
	if same {
		return w.search(alpha, beta, depth, ply, pv, cut)
	}
	return -w.search(-beta, -alpha, depth, ply, pv, cut)
}

func toTT(s, ply int) int16 {
	if s > WinBound {
		s += ply
	} else if s < -WinBound {
		s -= ply
	}
	return int16(s)
}

func fromTT(s int16, ply int) int {
	v := int(s)
	if v > WinBound {
		v -= ply
	} else if v < -WinBound {
		v += ply
	}
	return v
}

func terminalScore(s, ply int) int {
	if s >= WinBound {
		return Win - ply
	}
	if s <= -WinBound {
		return -Win + ply
	}
	return s
}

// tick counts a node and polls the stop conditions. It reports true when the
// search must unwind.
func (w *worker) tick() bool {
	w.nodes++
	if w.nodes&1023 == 0 {
		w.shared.Store(w.nodes)
		if w.id == 0 && w.e.limits.Nodes > 0 && w.nodeCap == 0 && w.e.totalNodes() >= w.e.limits.Nodes {
			w.e.stop.Store(true)
		}
	}
	if w.nodeCap > 0 && w.nodes >= w.nodeCap {
		w.e.stop.Store(true)
	}
	if w.e.stop.Load() || (w.e.limits.Stop != nil && w.e.limits.Stop.Load()) {
		w.e.stop.Store(true)
		w.aborted = true
		return true
	}
	return false
}

func (w *worker) search(alpha, beta, depth, ply int, pvNode, cutNode bool) int {
	w.pvLen[ply] = 0
	pos := w.pos
	if over, s := pos.Terminal(); over {
		return terminalScore(s, ply)
	}
	if depth <= 0 || ply >= MaxPly-1 {
		return w.qsearch(alpha, beta, ply, 0)
	}
	if w.tick() {
		return 0
	}
	if ply > w.seldepth {
		w.seldepth = ply
	}
	key := pos.Hash()
	var ttMove Move
	excl := w.excluded[ply]
	entDepth, entScore, entBound := -1, 0, tt.BoundUpper
	if ent, ok := w.e.TT.Probe(key); ok {
		ttMove = Move(ent.Move)
		entDepth, entScore, entBound = int(ent.Depth), fromTT(ent.Score, ply), ent.Bound
		if excl == NoMove && !pvNode && entDepth >= depth && decides(ent.Bound, entScore, alpha, beta) {
			return entScore
		}
	}
	if ttMove == NoMove && w.e.Options.IIR > 0 && depth >= w.e.Options.IIR {
		depth--
	}
	pruneCount := MaxMoves
	w.evalOK[ply] = false
	failHigh := false
	if w.pruner != nil && w.e.Options.Prune != (Pruning{}) {
		pr := &w.e.Options.Prune
		ev := w.pruner.StaticEval()
		threatened := w.pruner.Threatened()
		if w.corrector != nil && !threatened && ev < WinBound && ev > -WinBound {
			w.corrKeys[ply] = w.correctionKeys()
			ev = max(min(ev+w.correction(pos.Side(), w.corrKeys[ply]), WinBound-1), -WinBound+1)
			w.evalOK[ply] = true
		}
		w.evals[ply] = int32(ev)
		improving := ply < 2 || int32(ev) > w.evals[ply-2]
		if !pvNode && !threatened {
			if w.e.Options.TTEval && entDepth >= 0 && entScore < WinBound && entScore > -WinBound &&
				(entScore > ev && entBound != tt.BoundUpper || entScore < ev && entBound != tt.BoundLower) {
				ev = entScore
			}
			if fm := w.e.Options.FailHighMargin; fm > 0 && cutNode && w.reducer != nil && ev < WinBound && ev >= beta+fm*depth {
				failHigh = true
			}
			if pr.Futility > 0 && depth <= pr.FutilityDepth && ev-pr.Futility*depth >= beta && ev < WinBound {
				return ev
			}
			if pr.Razor > 0 && depth <= 2 && ev+pr.Razor*depth < alpha {
				return w.qsearch(alpha, alpha+1, ply, 0)
			}
			if pr.MoveCount {
				pruneCount = moveCount(depth, improving)
			}
			if pr.NullMove > 0 && depth >= pr.NullMove && w.nuller != nil && !w.nulled[ply] && excl == NoMove && ev >= beta && beta < WinBound && beta > -WinBound {
				r := 3 + depth/4
				w.nuller.MakeNull()
				w.played[ply] = NoMove
				w.nulled[ply+1] = true
				w.frac[ply+1] = w.frac[ply]
				s := -w.search(-beta, -beta+1, depth-1-r, ply+1, false, !cutNode)
				w.nulled[ply+1] = false
				w.nuller.UnmakeNull()
				if w.aborted {
					return 0
				}
				if s >= beta {
					return beta
				}
			}
		}
	}
	ext := 0
	if sd := w.e.Options.Singular; sd > 0 && depth >= sd && excl == NoMove && ttMove != NoMove && ply > 0 && ply < 2*w.rootDepth &&
		entBound != tt.BoundUpper && entDepth >= depth-3 && entScore < WinBound && entScore > -WinBound {
		sBeta := entScore - w.e.Options.SingularMargin*depth
		w.excluded[ply] = ttMove
		s := w.search(sBeta-1, sBeta, (depth-1)/2, ply, false, cutNode)
		w.excluded[ply] = NoMove
		if w.aborted {
			return 0
		}
		if s < sBeta {
			ext = 1
		}
	}
	moves := pos.GenMoves(w.moves[ply][:0])
	if len(moves) == 0 {
		return pos.Evaluate()
	}
	w.orderMoves(moves, ply, ttMove)
	side := pos.Side()
	scores := &w.scores[ply]
	best := -Inf
	bestMove := NoMove
	origAlpha := alpha
	topHint := int32(-1) // the best hint of the node's moves (moves come in order)
	lateFrom := 3        // the first move that late move reductions may reduce
	if f := w.e.Options.LMRFrom; f > 0 {
		lateFrom = f
	}
	widened := false
	for i := 0; i < len(moves) || (best <= -WinBound && excl == NoMove && w.widen(&moves, ply, &widened)); i++ {
		// selection sort step: bring the best remaining move to i
		bi := i
		for j := i + 1; j < len(moves); j++ {
			if scores[j] > scores[bi] {
				bi = j
			}
		}
		if bi != i {
			moves[i], moves[bi] = moves[bi], moves[i]
			scores[i], scores[bi] = scores[bi], scores[i]
		}
		m := moves[i]
		if m == excl {
			continue
		}
		hint := int32(-1) // the move's own hint, if it has one
		if scores[i] >= hintBase && scores[i] < ttScore {
			hint = scores[i] - hintBase
		}
		if topHint < 0 {
			topHint = hint
		}
		quiet := scores[i] < killerScore
		reducible := quiet
		if !quiet && w.reducer != nil && m != ttMove && i >= lateFrom {
			reducible = w.reducer.Reducible(m)
		}
		if i >= pruneCount && best > -WinBound && reducible {
			continue
		}
		late := w.e.Options.LMR && depth >= 3 && i >= lateFrom
		reduce := late && reducible
		threat := late && !reducible && m != ttMove && w.e.Options.ReduceThreats && w.e.Options.LMRScale > 0
		adj := 0
		if late && w.adjuster != nil && w.e.Options.AdjustLMR && m != ttMove {
			adj = w.adjuster.AdjustReduction(m)
		}
		full := depth - 1 // the move's depth without late move reduction
		if failHigh && w.reducer.Reducible(m) {
			full--
		}
		if w.predictor != nil && full > 0 {
			w.e.TT.Prefetch(w.predictor.HashAfter(m))
		}
		w.played[ply] = m
		pos.Make(m)
		same := pos.Side() == side
		w.frac[ply+1] = w.frac[ply]
		var s int
		if i == 0 {
			d := full
			if len(moves) == 1 && w.e.Options.SingleReply {
				d = depth // a single reply costs no depth
			}
			if m == ttMove {
				d += ext
				if f := w.ttMoveExt(pvNode); f > 0 {
					f += int(w.frac[ply])
					d += f / 100
					w.frac[ply+1] = int16(f % 100)
				}
			}
			s = w.child(same, alpha, beta, d, ply+1, pvNode, !pvNode && !cutNode)
		} else {
			r := 0
			if reduce {
				r = 1
				if sc := w.e.Options.LMRScale; sc > 0 {
					r = max(1, scaledReduction(depth, i, sc))
					if pvNode && r > 1 {
						r--
					}
				} else if i >= 8 && depth >= 5 {
					r = 2
				}
				if hk := w.e.Options.HintKeep; hk > 0 && hint >= 0 && int64(hint)*100 >= int64(topHint)*int64(hk) {
					r--
				}
			} else if threat {
				r = max(0, scaledReduction(depth, i, w.e.Options.LMRScale)-w.e.Options.ThreatLMR)
				if pvNode && r > 0 {
					r--
				}
			}
			if adj != 0 {
				r = min(max(r+adj, 0), depth-2)
			}
			// a reduced search expects to fail high (cut node); a full one
			// takes the other kind than this node
			s = w.child(same, alpha, alpha+1, full-r, ply+1, false, r > 0 || !cutNode)
			if r > 0 && s > alpha && !w.aborted {
				if le := w.e.Options.LMRExtend; le > 0 {
					// the reduced search passed alpha: by far, a ply
					// deeper; barely over the best so far, a ply shallower
					if s > alpha+le+le*r/3 && ply < 2*w.rootDepth {
						full++
					} else if s < best+le/8 && r > 1 {
						full--
					}
				}
				s = w.child(same, alpha, alpha+1, full, ply+1, false, !cutNode)
			}
			if pvNode && s > alpha && s < beta && !w.aborted {
				s = w.child(same, alpha, beta, full, ply+1, true, false)
			}
		}
		pos.Unmake(m)
		if w.aborted {
			return 0
		}
		if s > best {
			best = s
			bestMove = m
			if s > alpha {
				alpha = s
				if pvNode {
					w.updatePV(ply, m)
				}
				if s >= beta {
					if quiet || (w.e.Options.HintHistory > 0 && w.reducer != nil && w.reducer.Reducible(m)) {
						w.rewardQuiet(side, ply, m, depth, moves[:i])
					}
					break
				}
				if depth > 2 && depth < w.e.Options.AlphaReduce && s < WinBound && s > -WinBound {
					depth--
				}
			}
		}
	}
	if excl != NoMove {
		return best
	}
	bound := boundOf(best, origAlpha, beta)
	if w.corrector != nil && w.evalOK[ply] && best < WinBound && best > -WinBound {
		if ev := int(w.evals[ply]); !(bound == tt.BoundLower && best <= ev) && !(bound == tt.BoundUpper && best >= ev) {
			w.updateCorrection(side, w.corrKeys[ply], best-ev, depth)
		}
	}
	w.e.TT.Store(key, uint32(bestMove), toTT(best, ply), int8(depth), bound)
	return best
}

func (w *worker) qsearch(alpha, beta, ply, qply int) int {
	if qply != 0 || !w.e.Options.QuiesceTT {
		return w.quiesce(alpha, beta, ply, qply)
	}
	key := w.pos.Hash()
	ent, ok := w.e.TT.Probe(key)
	if ok && ent.Depth >= 0 {
		if s := fromTT(ent.Score, ply); decides(ent.Bound, s, alpha, beta) {
			return s
		}
	}
	s := w.quiesce(alpha, beta, ply, qply)
	// a deeper entry (of the main search) stays
	if !w.aborted && !(ok && ent.Depth > 0) {
		w.e.TT.Store(key, uint32(NoMove), toTT(s, ply), 0, boundOf(s, alpha, beta))
	}
	return s
}

// decides tells whether a table score s with bound b settles a search of
// the window (alpha, beta).
func decides(b tt.Bound, s, alpha, beta int) bool {
	return b == tt.BoundExact || b == tt.BoundLower && s >= beta || b == tt.BoundUpper && s <= alpha
}

// boundOf is the bound of a search's result best in the window (alpha,
// beta): an upper bound at or below alpha, a lower one at or above beta.
func boundOf(best, alpha, beta int) tt.Bound {
	switch {
	case best <= alpha:
		return tt.BoundUpper
	case best >= beta:
		return tt.BoundLower
	}
	return tt.BoundExact
}

// quiesce is the quiescence search proper (qsearch reads and writes the
// table around its first position).
func (w *worker) quiesce(alpha, beta, ply, qply int) int {
	if w.tick() {
		return 0
	}
	pos := w.pos
	stand := pos.Evaluate()
	if qply == 0 && w.corrector != nil && w.e.Options.CorrectLeaves && stand < WinBound/2 && stand > -WinBound/2 && !w.pruner.Threatened() {
		stand += w.correction(pos.Side(), w.correctionKeys())
		w.corrector.CorrectedStand(stand)
	}
	if w.noisy == nil || ply >= MaxPly-1 || qply >= 16 {
		return stand
	}
	if stand >= beta {
		return stand
	}
	if stand > alpha {
		alpha = stand
	}
	moves := w.noisy.GenNoisy(w.moves[ply][:0])
	if len(moves) == 0 {
		return stand
	}
	w.orderMoves(moves, ply, NoMove)
	scores := &w.scores[ply]
	side := pos.Side()
	best := stand
	for i := 0; i < len(moves); i++ {
		bi := i
		for j := i + 1; j < len(moves); j++ {
			if scores[j] > scores[bi] {
				bi = j
			}
		}
		if bi != i {
			moves[i], moves[bi] = moves[bi], moves[i]
			scores[i], scores[bi] = scores[bi], scores[i]
		}
		m := moves[i]
		w.played[ply] = m
		pos.Make(m)
		var s int
		if over, ts := pos.Terminal(); over {
			s = terminalScore(ts, ply+1)
			if pos.Side() != side {
				s = -s
			}
		} else if pos.Side() == side {
			s = w.qsearch(alpha, beta, ply+1, qply+1)
		} else {
			s = -w.qsearch(-beta, -alpha, ply+1, qply+1)
		}
		pos.Unmake(m)
		if w.aborted {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				if s >= beta {
					break
				}
			}
		}
	}
	return best
}

// scaledReduction is the late move reduction of the i-th move at depth
// with LMRScale sc: ln(depth)*ln(i) times sc percent, at most depth-2.
func scaledReduction(depth, i, sc int) int {
	return min(lmrBase[min(depth, MaxPly)][min(i, 63)]*sc/10000, depth-2)
}

// lmrBase is ln(depth)*ln(move number) in hundredths of a ply.
var lmrBase = func() (t [MaxPly + 1][64]int) {
	for d := 1; d <= MaxPly; d++ {
		for i := 1; i < 64; i++ {
			t[d][i] = int(100 * math.Log(float64(d)) * math.Log(float64(i+1)))
		}
	}
	return t
}()

// moveCounts are the move-count pruning limits by depth: 3 + depth^1.32.
var moveCounts = func() (mc [MaxPly + 1]int) {
	for d := range mc {
		mc[d] = 3 + int(math.Pow(float64(d), 1.32))
	}
	return mc
}()

// moveCount is how many moves a non-PV node searches before it prunes
// the reducible ones (Pruning.MoveCount).
func moveCount(depth int, improving bool) int {
	n := moveCounts[min(max(depth, 0), MaxPly)]
	if !improving {
		n /= 2
	}
	return n
}

const (
	ttScore     = 1 << 30
	hintBase    = 1 << 24 // hints from the game are added on top of this when positive
	killerScore = 1 << 22
)

func histIndex(m Move) int { return int((uint32(m) ^ uint32(m)>>16) & 0xFFFF) }

// widen extends a node's moves, all of them lost, by those its GenMoves
// left out (Widener), once per node, and scores the new ones; it reports
// whether there are new moves to search.
func (w *worker) widen(moves *[]Move, ply int, done *bool) bool {
	if w.widener == nil || *done || w.aborted {
		return false
	}
	*done = true
	n := len(*moves)
	*moves = w.widener.Widen(*moves)
	if len(*moves) == n {
		return false
	}
	w.orderFrom(*moves, n, ply, NoMove)
	return true
}

func (w *worker) orderMoves(moves []Move, ply int, ttMove Move) {
	w.orderFrom(moves, 0, ply, ttMove)
}

// orderFrom scores moves[from:] for the selection of the move loop.
func (w *worker) orderFrom(moves []Move, from, ply int, ttMove Move) {
	scores := &w.scores[ply]
	side := w.pos.Side()
	k := &w.killers[ply]
	hh := w.e.Options.HintHistory
	for i := from; i < len(moves); i++ {
		m := moves[i]
		var s int32
		hint := 0
		if w.scorer != nil && m != ttMove {
			hint = w.scorer.ScoreMove(m)
		}
		switch {
		case m == ttMove:
			s = ttScore
		case hint > 0 && hh > 0:
			switch m {
			case k[0]:
				hint += hh
			case k[1]:
				hint += hh / 2
			}
			hint += max(int(w.history[side][histIndex(m)]), 0) * hh / statLimit
			if ch := w.e.Options.ContHistory; ch > 0 && ply > 0 {
				if prev := w.played[ply-1]; prev != NoMove {
					hint += max(int(w.cont[side][contIndex(prev, m)]), 0) * ch / contUnit
				}
			}
			s = hintBase + int32(min(hint, 1<<23))
		case hint > 0:
			s = hintBase + int32(min(hint, 1<<23))
		case m == k[0]:
			s = killerScore + 1
		case m == k[1]:
			s = killerScore
		default:
			s = int32(w.history[side][histIndex(m)]) // kept below killerScore
		}
		scores[i] = s
	}
}

func (w *worker) rewardQuiet(side, ply int, m Move, depth int, tried []Move) {
	k := &w.killers[ply]
	if k[0] != m {
		k[1] = k[0]
		k[0] = m
	}
	bonus := int32(min(depth*depth, 400))
	h := &w.history[side]
	h[histIndex(m)].add(bonus)
	for _, t := range tried {
		h[histIndex(t)].add(-bonus)
	}
	if w.e.Options.ContHistory <= 0 || ply == 0 || w.played[ply-1] == NoMove {
		return
	}
	prev := w.played[ply-1]
	c := &w.cont[side]
	c[contIndex(prev, m)].add(bonus)
	for _, t := range tried {
		c[contIndex(prev, t)].add(-bonus)
	}
}

// stat is an entry of a history table, kept within +/-statLimit.
type stat int32

// statLimit bounds the history tables' entries (below killerScore).
const statLimit = killerScore / 2

// add moves the entry by bonus, less the more it already leans that way.
func (e *stat) add(bonus int32) {
	*e += stat(bonus - int32(*e)*int32(abs(int(bonus)))/statLimit)
}

// contSize is the number of entries of a side's continuation history, and
// contUnit the entry worth ContHistory in the ordering: about the 99th
// percentile of the positive entries after a gomoku search of 14 plies
// (half a million nodes), whose median is about 75. (The history's entries
// are as small, so its share of HintHistory, scaled by statLimit, hardly
// ever moves an ordering score; scaled by contUnit it lost a gomoku match
// clearly, 41-84-5 after 130 games at 0.2 s a move.)
const (
	contBits = 18
	contSize = 1 << contBits
	contUnit = 1024
)

// contIndex is the continuation history's entry of move m answering prev.
func contIndex(prev, m Move) int {
	k := uint32(histIndex(prev))<<16 | uint32(histIndex(m))
	return int(k * 0x9E3779B1 >> (32 - contBits))
}
