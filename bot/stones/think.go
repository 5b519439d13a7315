package stones

import (
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/stones"
)

// Config tunes a player.
type Config struct {
	Threads   int           // search threads (Lazy SMP)
	TTMiB     int           // transposition table size
	Soft      time.Duration // start no new iteration after about this long
	Hard      time.Duration // answer by this time at the latest
	Depth     int           // fixed depth in actions (0: by time)
	Nodes     uint64        // node limit (0: none)
	Replan    bool          // search the second action again even when the plan still fits (the default)
	NoLMR     bool          // switch off late move reductions
	AspWindow int           // aspiration half-width (0: default, <0: off)
	QCrit     int           // quiescence setting (0: default, <0: no quiescence; see SetQuiescence)
	HintCrit  int           // ordering setting (0: default; see SetOrdering)
	// SolveStacks: with at most this many stacks on the board, the
	// proof-number solver runs before the search (0: DefaultSolveStacks,
	// <0: never).
	SolveStacks int
	// SolveShare is the percentage of the hard limit the solver may use
	// (0: DefaultSolveShare). Under a node limit it gets that many nodes;
	// under a depth limit DefaultSolveNodes.
	SolveShare int
	SolveMiB   int // solver table size (0: DefaultSolveMiB)
	Eval       func(*stones.Position) int
	Log        io.Writer // nil: no log
}

// DefaultConfig is the tournament setting: each request has its own 3 s
// on the contest engine's wall clock, so a decision answers by 2.4 s at the
// latest (the watchdog answers 15 ms after that whatever the search does),
// keeping 600 ms for the pipes, the engine's own work and a loaded
// machine; on a machine so loaded that a decision overruns, or that its
// threads get less than 30% of a core each, the budgets shrink (see
// observe). The soft limit keeps the ratio to the hard one
// that measured best (soft 500 against 325 ms at hard 800 ms: 11-13).
func DefaultConfig() Config {
	return Config{Threads: 1, TTMiB: 64, Soft: 1000 * time.Millisecond, Hard: 2400 * time.Millisecond, Replan: true}
}

// Player chooses actions: on the first action of a turn it searches the
// whole turn, answers the first action and keeps the second as its plan.
// On the second request it searches again with the table the first search
// filled (Replan, the default: each request has its own time), or answers
// the plan if the board is the one it expected.
type Player struct {
	cfg      Config
	eng      *engine.Engine
	solve    *Solver
	hasPlan  bool
	planKey  stones.Key
	planMove engine.Move
	buf      [engine.MaxMoves]engine.Move
	search   Search // the position searched, with its settings
	// Last is the result of the last search (zero when the plan was used).
	Last engine.Result
	// PlanUsed counts second actions answered from the plan.
	PlanUsed int
	// LastSolve is the solver's report on the last decision (zero when it
	// did not run); Proven counts decisions the solver settled.
	LastSolve SolveStats
	Proven    int
	scale     float64 // budget factor, below 1 after overruns (see observe)
	// best is the best allowed action found so far by the running
	// decision (0 before it has one), readable from any goroutine; stop
	// tells the decision to end now (see Stop).
	best atomic.Uint32
	stop atomic.Bool
}

// Best is the best allowed action the running (or last) decision has
// found so far: the first allowed action until a search iteration
// completes. Safe to call from any goroutine.
func (pl *Player) Best() engine.Move { return engine.Move(pl.best.Load()) }

// Stop tells the running decision (solver or search) to answer now. Safe
// to call from any goroutine; the next Choose starts afresh.
func (pl *Player) Stop() { pl.stop.Store(true) }

// minScale is the lowest budget factor after repeated overruns.
const minScale = 0.35

// budget is the soft and hard limit of the next timed decision.
func (pl *Player) budget() (soft, hard time.Duration) {
	return time.Duration(float64(pl.cfg.Soft) * pl.scale), time.Duration(float64(pl.cfg.Hard) * pl.scale)
}

// observe adapts the budget to the machine. A decision that overran its
// hard limit by more than an eighth means the process does not get the
// CPU it needs, so later budgets shrink by 30% (down to minScale). A
// decision whose search threads got less than loadedShare of the wall
// time in CPU (cpu, the process's CPU time over the decision; negative when
// unknown) means the same before any overrun: other programs crowd the
// machine, and a process that gets a quarter of a core can also be kept
// off it long enough to miss the limit; budgets then shrink by 20%. Each
// decision on time and on an uncrowded machine lets them grow back by 5%.
func (pl *Player) observe(el, hard, cpu time.Duration) {
	crowded := cpu >= 0 && el >= 100*time.Millisecond &&
		float64(cpu) < loadedShare*float64(el)*float64(pl.cfg.Threads)
	switch {
	case el > hard+hard/8:
		pl.scale = max(pl.scale*0.7, minScale)
		pl.logf("overran: %d ms for a %d ms limit; budget now %.0f%%", el.Milliseconds(), hard.Milliseconds(), 100*pl.scale)
	case crowded:
		pl.scale = max(pl.scale*0.8, minScale)
		pl.logf("crowded: %d ms of CPU in %d ms on %d threads; budget now %.0f%%", cpu.Milliseconds(), el.Milliseconds(), pl.cfg.Threads, 100*pl.scale)
	case pl.scale < 1:
		pl.scale = min(pl.scale*1.05, 1)
	}
}

// loadedShare is the share of a core per search thread below which the
// machine counts as crowded. The solver runs on one thread before the
// search, so an uncrowded decision that is all solver gets 1/Threads;
// two concurrent games of two threads each on two cores get about half.
const loadedShare = 0.3

// NewPlayer makes a player and its transposition table.
func NewPlayer(cfg Config) *Player {
	if cfg.Threads < 1 {
		cfg.Threads = 1
	}
	if cfg.TTMiB < 1 {
		cfg.TTMiB = 1
	}
	asp := cfg.AspWindow
	if asp == 0 {
		asp = 60
	} else if asp < 0 {
		asp = 0
	}
	if cfg.SolveStacks == 0 {
		cfg.SolveStacks = DefaultSolveStacks
	}
	if cfg.SolveShare <= 0 {
		cfg.SolveShare = DefaultSolveShare
	}
	if cfg.SolveMiB <= 0 {
		cfg.SolveMiB = DefaultSolveMiB
	}
	pl := &Player{cfg: cfg, scale: 1}
	pl.eng = engine.New(cfg.TTMiB, engine.Options{Threads: cfg.Threads, LMR: !cfg.NoLMR, AspWindow: asp})
	pl.eng.OnInfo = pl.info
	return pl
}

// Solver defaults. Solver on against off at 150/500 ms a request: 29-19
// in 48 games. Running it beside the search on a second thread instead of
// before it (search on one thread fewer) scored 15-17 in 32 games, so it
// runs first, alone.
const (
	DefaultSolveStacks = 30
	DefaultSolveShare  = 35
	DefaultSolveMiB    = 32
	DefaultSolveNodes  = 20000
)

func (pl *Player) solver() *Solver {
	if pl.solve == nil {
		pl.solve = NewSolver(pl.cfg.SolveMiB)
	}
	return pl.solve
}

func (pl *Player) info(in engine.Info) {
	if len(in.PV) > 0 {
		pl.best.Store(uint32(in.PV[0])) // the root moves are the allowed ones
	}
	if pl.cfg.Log == nil {
		return
	}
	var pv []string
	for _, m := range in.PV {
		pv = append(pv, stones.FormatMove(m))
	}
	fmt.Fprintf(pl.cfg.Log, "info depth %d seldepth %d score %d nodes %d nps %d time %d ms pv %s\n",
		in.Depth, in.SelDepth, in.Score, in.Nodes, in.NPS, in.Time.Milliseconds(), strings.Join(pv, " "))
}

// NewGame forgets the plan and everything the search learned.
func (pl *Player) NewGame() {
	pl.hasPlan = false
	pl.eng.NewGame()
	if pl.solve != nil {
		pl.solve.Clear()
	}
}

// Engine is the search engine (for Stop from another goroutine).
func (pl *Player) Engine() *engine.Engine { return pl.eng }

// Choose returns an action for p among the allowed move types (a mask of
// 1<<Pass, 1<<Attack, 1<<Strengthen). It returns PassMove when nothing
// allowed is legal (the game is then lost anyway). p is left unchanged.
func (pl *Player) Choose(p *stones.Position, allowed int) engine.Move {
	pl.stop.Store(false)
	return pl.choose(p, allowed)
}

// choose is Choose without clearing the stop flag first: a Stop that comes
// before it has started still stops it (see Session.choose).
func (pl *Player) choose(p *stones.Position, allowed int) engine.Move {
	t0 := time.Now()
	pl.Last = engine.Result{}
	pl.best.Store(0)
	sp := &pl.search
	sp.Position = *p
	sp.evalFn, sp.qcrit, sp.hintCrit = pl.cfg.Eval, DefaultQCrit, DefaultHintCrit
	switch {
	case pl.cfg.QCrit > 0:
		sp.SetQuiescence(pl.cfg.QCrit)
	case pl.cfg.QCrit < 0:
		sp.SetQuiescence(0)
	}
	if pl.cfg.HintCrit > 0 {
		sp.SetOrdering(pl.cfg.HintCrit)
	}
	legal := p.GenMoves(pl.buf[:0])
	var ok []engine.Move
	for _, m := range legal {
		if allowed&(1<<stones.Kind(m)) != 0 {
			ok = append(ok, m)
		}
	}
	plan, hadPlan := pl.planMove, pl.hasPlan
	pl.hasPlan = false
	if len(ok) == 0 {
		pl.logf("no allowed legal action; passing")
		return stones.PassMove
	}
	pl.best.Store(uint32(ok[0]))
	if p.Phase() == 1 && hadPlan && !pl.cfg.Replan && p.Key() == pl.planKey {
		for _, m := range ok {
			if m == plan {
				pl.PlanUsed++
				pl.logf("planned second action %s", stones.FormatMove(m))
				return m
			}
		}
	}
	if len(ok) == 1 && pl.cfg.Depth == 0 && pl.cfg.Nodes == 0 && p.Phase() == 1 {
		return ok[0]
	}
	timed := pl.cfg.Depth == 0 && pl.cfg.Nodes == 0
	soft, hard := pl.budget()
	if timed {
		cpu0 := processCPU()
		defer func() {
			cpu := time.Duration(-1)
			if cpu0 >= 0 {
				cpu = processCPU() - cpu0
			}
			pl.observe(time.Since(t0), hard, cpu)
		}()
	}
	pl.LastSolve = SolveStats{}
	if p.NumStacks(0)+p.NumStacks(1) <= pl.cfg.SolveStacks {
		if m, done := pl.prove(p, ok, hard); done {
			return m
		}
	}
	lim := engine.Limits{Depth: pl.cfg.Depth, Nodes: pl.cfg.Nodes, Stop: &pl.stop}
	if timed {
		// The solver's time comes out of the hard limit only: the search
		// still gets its usual soft budget.
		spent := time.Since(t0)
		lim.Soft, lim.Hard = soft, max(hard-spent, time.Millisecond)
	}
	if len(ok) < len(legal) {
		lim.RootMoves = ok
	}
	if st := pl.LastSolve; st.Result == Unknown && len(st.Losing) > 0 {
		// Leave out the actions the solver proved to lose, if any remain.
		var keep []engine.Move
		for _, m := range ok {
			lost := false
			for _, l := range st.Losing {
				lost = lost || l == m
			}
			if !lost {
				keep = append(keep, m)
			}
		}
		if len(keep) > 0 && len(keep) < len(ok) {
			lim.RootMoves = keep
		}
	}
	res := pl.eng.Search(sp, lim)
	pl.Last = res
	best := res.Move
	found := false
	for _, m := range ok {
		if m == best {
			found = true
			break
		}
	}
	if !found {
		best = ok[0]
	}
	if found && p.Phase() == 0 && !p.SingleActionTurn() && len(res.PV) >= 2 {
		p.Make(best)
		if p.Phase() == 1 {
			pl.hasPlan = true
			pl.planKey = p.Key()
			pl.planMove = res.PV[1]
		}
		p.Unmake(best)
	}
	pl.logf("search depth %d score %d nodes %d time %d ms move %s", res.Depth, res.Score, res.Nodes,
		res.Time.Milliseconds(), stones.FormatMove(best))
	return best
}

// prove runs the solver on p within its share of the budget. When it
// proves a win with an allowed action it returns that action and true.
func (pl *Player) prove(p *stones.Position, ok []engine.Move, hard time.Duration) (engine.Move, bool) {
	var lim SolveLimits
	switch {
	case pl.cfg.Nodes > 0:
		lim.Nodes = pl.cfg.Nodes * uint64(pl.cfg.SolveShare) / 100
	case pl.cfg.Depth > 0:
		lim.Nodes = DefaultSolveNodes
	default:
		lim.Time = hard * time.Duration(pl.cfg.SolveShare) / 100
	}
	lim.Stop = &pl.stop
	st := pl.solver().Solve(p, lim)
	pl.LastSolve = st
	pl.logf("solve %v nodes %d time %d ms move %s losing %d", st.Result, st.Nodes,
		st.Time.Milliseconds(), stones.FormatMove(st.Move), len(st.Losing))
	if st.Result != Won {
		return 0, false
	}
	for _, m := range ok {
		if m == st.Move {
			pl.Proven++
			return m, true
		}
	}
	return 0, false
}

func (pl *Player) logf(format string, a ...any) {
	if pl.cfg.Log != nil {
		fmt.Fprintf(pl.cfg.Log, format+"\n", a...)
	}
}
