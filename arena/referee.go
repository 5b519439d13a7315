package arena

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"time"
)

// Reason says how a game ended.
type Reason string

// The reasons a game can end with.
const (
	Normal    Reason = "normal"    // by the rules: win, loss or draw
	Illegal   Reason = "illegal"   // the loser sent an illegal move
	Malformed Reason = "malformed" // the loser sent a line that is not a move of the protocol
	TimeLoss  Reason = "time"      // the loser ran out of time (or hung)
	Crash     Reason = "crash"     // the loser's process died
	Closed    Reason = "closed"    // the loser closed its output
	StartFail Reason = "start"     // the loser could not be started
	Aborted   Reason = "aborted"   // the arena was interrupted; the game does not count
)

// Result is the outcome of one game. Colour 0 is the side that moves first
// in the game (kalah South, stones White, morris white, quoridor black,
// gomoku black).
type Result struct {
	Winner int    // 0 or 1; -1 for a draw
	Reason Reason // Normal, or the loser's fault
	Detail string // human readable: "five in a row", "MOVE;9 is not legal", ...
}

// MoveRec is one move of a game record.
type MoveRec struct {
	Side int    `json:"side"`
	Move string `json:"move"`
	Ms   int64  `json:"ms"` // think time, wall clock
}

// EngineSpec is how to run one engine.
type EngineSpec struct {
	Name    string
	Cmd     []string
	Dir     string
	Options []string // opt=KEY=VALUE: protocol options (gomoku INFO keys)
}

// TimeControl holds the limits of one game. Zero means "no limit".
type TimeControl struct {
	Game  time.Duration // total per side per game
	Move  time.Duration // per move (per request)
	First time.Duration // first request of the game (stones: 5 s), 0: as Move
}

func (tc TimeControl) String() string {
	f := func(d time.Duration) string {
		if d == 0 {
			return "0"
		}
		return strings.TrimSuffix(fmt.Sprintf("%g", d.Seconds()), ".0")
	}
	return f(tc.Game) + "/" + f(tc.Move)
}

// ParseTC parses GAME[/MOVE] in seconds, e.g. "180/30", "0/1.5", "60".
func ParseTC(s string) (TimeControl, error) {
	var tc TimeControl
	parts := strings.Split(s, "/")
	if len(parts) > 2 || s == "" {
		return tc, fmt.Errorf("time control %q: want GAME[/MOVE] in seconds", s)
	}
	for i, p := range parts {
		var v float64
		if _, err := fmt.Sscanf(p, "%g", &v); err != nil || v < 0 {
			return tc, fmt.Errorf("time control %q: bad number %q", s, p)
		}
		d := time.Duration(v * float64(time.Second))
		if i == 0 {
			tc.Game = d
		} else {
			tc.Move = d
		}
	}
	return tc, nil
}

// Clock is one side's wall clock.
type Clock struct {
	TC   TimeControl
	Tol  time.Duration // tolerance granted beyond every limit
	Left time.Duration // remaining game time (meaningful when TC.Game > 0)
	Used time.Duration // total thinking time so far
	N    int           // requests answered
}

// NewClock starts a full clock.
func NewClock(tc TimeControl) *Clock { return &Clock{TC: tc, Left: tc.Game} }

// NewClocks starts both sides' clocks of a game with its tolerance.
func NewClocks(s *Setup) [2]*Clock {
	var c [2]*Clock
	for i := range c {
		c[i] = NewClock(s.TC[i])
		c[i].Tol = s.Tolerance
	}
	return c
}

// Budget is the time allowed for the next answer (tolerance not included);
// limited is false when there is no limit at all.
func (c *Clock) Budget() (b time.Duration, limited bool) {
	if c.TC.Game > 0 {
		b, limited = c.Left, true
	}
	m := c.TC.Move
	if c.N == 0 && c.TC.First > 0 {
		m = c.TC.First
	}
	if m > 0 && (!limited || m < b) {
		b, limited = m, true
	}
	return b, limited
}

// Deadline for an answer requested at start, tolerance included; zero time
// when there is no limit.
func (c *Clock) Deadline(start time.Time) time.Time {
	b, limited := c.Budget()
	if !limited {
		return time.Time{}
	}
	return start.Add(b + c.Tol)
}

// Spend charges d to the clock and reports whether it stayed within the
// limits (plus the tolerance).
func (c *Clock) Spend(d time.Duration) bool {
	b, limited := c.Budget()
	c.Used += d
	c.N++
	if c.TC.Game > 0 {
		c.Left -= d
	}
	return !limited || d <= b+c.Tol
}

// Setup is what a referee needs to play one game.
type Setup struct {
	Engines   [2]EngineSpec // by colour: [0] moves first
	TC        [2]TimeControl
	Opening   []string // moves in the game's notation, played before the engines move
	Seed      uint64   // for engines that take a seed
	Tolerance time.Duration
	Options   map[string]string // game options (kalah holes/seeds, gomoku rule/size, ...)
	Log       func(side int, dir, line string)
}

// Record is a finished game.
type Record struct {
	Result
	Opening []string
	Moves   []MoveRec
	Final   string // compact final board, several lines
	Extra   map[string]string
}

// Referee plays games of one protocol.
type Referee interface {
	// Name of the game: kalah, stones, morris, quoridor, gomoku.
	Name() string
	// Configure reads game options (key=value); unknown keys are an error.
	Configure(opts map[string]string) error
	// ParseOpening reads one line of an openings file into moves.
	ParseOpening(line string) ([]string, error)
	// RandomOpening plays plies random legal moves from the start position
	// without ending the game.
	RandomOpening(r *rand.Rand, plies int) []string
	// Play plays one game. Engine processes are got from and given back to
	// pool, so protocols that reuse a process across games (gomoku, morris)
	// can do so.
	Play(ctx context.Context, s *Setup, pool *Pool) Record
}

// Registry of referees by game name.
var (
	refMu    sync.Mutex
	referees = map[string]func() Referee{}
)

// Register adds a referee constructor.
func Register(name string, f func() Referee) {
	refMu.Lock()
	defer refMu.Unlock()
	referees[name] = f
}

// NewReferee returns a fresh referee for game.
func NewReferee(game string) (Referee, error) {
	refMu.Lock()
	defer refMu.Unlock()
	f, ok := referees[game]
	if !ok {
		return nil, fmt.Errorf("unknown game %q (have %s)", game, strings.Join(gameNames(), ", "))
	}
	return f(), nil
}

// Games lists the games with a referee.
func Games() []string {
	refMu.Lock()
	defer refMu.Unlock()
	return gameNames()
}

func gameNames() []string {
	var n []string
	for k := range referees {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

// Pool keeps one worker's engine processes between games, keyed by engine
// name, so that a protocol that reuses processes can do so.
type Pool struct {
	mu    sync.Mutex
	procs map[string]*Proc
}

// NewPool returns an empty pool.
func NewPool() *Pool { return &Pool{procs: map[string]*Proc{}} }

// Get returns a live reusable process for spec, or nil.
func (p *Pool) Get(spec EngineSpec) *Proc {
	p.mu.Lock()
	defer p.mu.Unlock()
	pr := p.procs[spec.Name]
	delete(p.procs, spec.Name)
	if pr != nil && pr.Exited() {
		pr.Kill()
		return nil
	}
	return pr
}

// Put keeps a process for the next game.
func (p *Pool) Put(spec EngineSpec, pr *Proc) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if old := p.procs[spec.Name]; old != nil && old != pr {
		old.Kill()
	}
	p.procs[spec.Name] = pr
}

// Close ends every kept process with the protocol's quit line (if any).
func (p *Pool) Close(quit string, grace time.Duration) {
	p.mu.Lock()
	procs := p.procs
	p.procs = map[string]*Proc{}
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, pr := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if quit != "" {
				pr.WriteLine(quit)
			}
			pr.Close(grace)
		}()
	}
	wg.Wait()
}

// StartEngine starts spec with extra arguments appended.
func StartEngine(spec EngineSpec, extra ...string) (*Proc, error) {
	argv := append(append([]string{}, spec.Cmd...), extra...)
	return Start(spec.Name, argv, spec.Dir)
}

// ReadFault classifies a failed read into a reason for the side at fault.
func ReadFault(p *Proc, err error) (Reason, string) {
	switch err {
	case ErrTimeout:
		return TimeLoss, "no answer in time"
	case ErrClosed:
		if crashed, how := p.Crashed(200 * time.Millisecond); crashed {
			msg := "crashed (" + how + ")"
			if tail := lastLine(p.Stderr()); tail != "" {
				msg += ": " + tail
			}
			return Crash, msg
		} else if how == "exit 0" {
			return Closed, "exited before answering"
		}
		return Closed, "closed its output"
	}
	return Closed, err.Error()
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}

// Loss is a result where side lost for reason.
func Loss(side int, reason Reason, detail string) Result {
	return Result{Winner: 1 - side, Reason: reason, Detail: detail}
}

// Quote shortens a line for a detail message.
func Quote(s string) string {
	if len(s) > 80 {
		s = s[:80] + "..."
	}
	return fmt.Sprintf("%q", s)
}
