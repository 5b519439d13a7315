package arena

import (
	"context"
	"fmt"
	"time"
)

// table is one game's pair of engine processes and the plumbing every
// referee shares: starting the processes (or taking them from the pool),
// sending and reading lines with logging, reading an answer before a
// deadline and timing it, turning a failed read or a late answer into the
// game's result, and ending the processes after the game. What the lines
// mean stays with each referee.
type table struct {
	ctx     context.Context
	s       *Setup
	procs   [2]*Proc     // by colour
	started [2]time.Time // when each process was started (or taken from the pool)

	// With a pool (protocols that reuse processes), a process goes back to
	// it after the game when healthy and the arena is not interrupted, and
	// is killed otherwise. Without, it is sent quit (if not empty) and closed
	// with grace to exit by itself.
	pool    *Pool
	healthy [2]bool
	quit    string
	grace   time.Duration

	unwatch func() bool
}

// newTable is a table of fresh processes, closed after the game.
func newTable(ctx context.Context, s *Setup, quit string, grace time.Duration) *table {
	return &table{ctx: ctx, s: s, quit: quit, grace: grace}
}

// newPooledTable is a table whose processes come from pool and go back to it.
func newPooledTable(ctx context.Context, s *Setup, pool *Pool) *table {
	return &table{ctx: ctx, s: s, pool: pool}
}

// startAll gets both engines, colour 0 first: a process kept in the pool,
// or a new one started with the extra arguments and, if hello is not nil,
// set up by hello (which returns the loss when that fails). Then the
// processes are killed at once when ctx is cancelled. ok is false, with
// the result of the game, when an engine could not be had.
func (t *table) startAll(hello func(c int) (Result, bool), extra ...string) (Result, bool) {
	for c := 0; c < 2; c++ {
		t.started[c] = time.Now()
		if t.pool != nil {
			if p := t.pool.Get(t.s.Engines[c]); p != nil {
				t.procs[c] = p
				continue
			}
		}
		p, err := StartEngine(t.s.Engines[c], extra...)
		if err != nil {
			return t.lose(c, StartFail, err.Error()), false
		}
		t.procs[c] = p
		if hello != nil {
			if res, ok := hello(c); !ok {
				return res, false
			}
		}
	}
	t.unwatch = context.AfterFunc(t.ctx, func() {
		for _, p := range t.procs {
			p.Kill()
		}
	})
	return Result{}, true
}

// close ends the processes after the game (see table).
func (t *table) close() {
	if t.unwatch != nil {
		t.unwatch()
	}
	for c, p := range t.procs {
		switch {
		case p == nil:
		case t.pool == nil:
			if t.quit != "" {
				p.WriteLine(t.quit)
			}
			p.Close(t.grace)
		case t.healthy[c] && t.ctx.Err() == nil:
			t.pool.Put(t.s.Engines[c], p)
		default:
			p.Kill()
		}
	}
}

// keepAll marks both processes fit for the next game: the game ended
// without a fault.
func (t *table) keepAll() { t.healthy = [2]bool{true, true} }

// lose is the result of colour c losing by its fault; the opponent's
// process stays fit for the next game.
func (t *table) lose(c int, r Reason, detail string) Result {
	t.healthy[1-c] = true
	return Loss(c, r, detail)
}

// send logs lines and writes them to c in one write. A broken pipe shows
// when the referee reads.
func (t *table) send(c int, lines ...string) {
	if t.s.Log != nil {
		for _, l := range lines {
			t.s.Log(c, "<-", l)
		}
	}
	t.procs[c].WriteLines(lines...)
}

// read reads and logs one line from c before deadline (zero: no limit).
func (t *table) read(c int, deadline time.Time) (string, error) {
	l, err := t.procs[c].ReadLine(deadline)
	if err == nil && t.s.Log != nil {
		t.s.Log(c, "->", l)
	}
	return l, err
}

// ask sends lines to c (none: only reads) and reads until a line that
// answer accepts (nil: any line), before deadline. el is the time from the
// send to the answer.
func (t *table) ask(c int, deadline time.Time, answer func(string) bool, lines ...string) (line string, el time.Duration, err error) {
	t0 := time.Now()
	if len(lines) > 0 {
		t.send(c, lines...)
	}
	for {
		line, err = t.read(c, deadline)
		if err != nil || answer == nil || answer(line) {
			return line, time.Since(t0), err
		}
	}
}

// fault is the result of a failed read from c: aborted when the arena is
// being interrupted, else a loss for c as ReadFault classifies it; to, if
// not empty, names the unanswered command in the detail.
func (t *table) fault(c int, err error, to string) Result {
	if t.ctx.Err() != nil {
		return Result{Winner: -1, Reason: Aborted, Detail: "interrupted"}
	}
	r, d := ReadFault(t.procs[c], err)
	if to != "" {
		d += " (to " + to + ")"
	}
	return t.lose(c, r, d)
}

// charge spends el on c's clock; ok is false, with c's loss on time, when
// the answer came too late.
func (t *table) charge(c int, clk *Clock, el time.Duration) (Result, bool) {
	if !clk.Spend(el) {
		return t.lose(c, TimeLoss, fmt.Sprintf("answered after %v", el.Round(time.Millisecond))), false
	}
	return Result{}, true
}
