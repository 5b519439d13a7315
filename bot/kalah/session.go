package kalah

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"

	"github.com/pentad-ai/pentad/internal/lineio"

	kbook "github.com/pentad-ai/pentad/book/kalah"
	"github.com/pentad-ai/pentad/engine"
	evalk "github.com/pentad-ai/pentad/eval/kalah"
	"github.com/pentad-ai/pentad/game/kalah"
)

// DefaultMoveTime is the agent's budget per move when none is given.
const DefaultMoveTime = time.Second

// AgentConfig configures the tournament agent.
type AgentConfig struct {
	MoveTime time.Duration // budget per move (hard limit); the soft limit is a share of it
	Depth    int           // fixed depth instead of time (0: time)
	Nodes    uint64        // node limit (0: none)
	Threads  int
	HashMiB  int
	Log      io.Writer // per-move log; nil for none
	DB       *kbook.DB // endgame database, or nil
	// Book, if set, answers positions it knows (the first two plies).
	Book func(*kalah.Position) (engine.Move, bool)
	// Seed, if not 0, varies the first VaryMoves moves of the game (both
	// sides', the swap included) except the pie rule's two (South's first
	// move and North's answer): half the time the agent plays the best
	// other move when a search to the same depth values it within
	// VaryMargin (in evaluation units, 16 per seed) of the best. Game i of
	// a session uses seed Seed+i, so repeated games differ but a session is
	// reproducible. The tournament protocol has no openings; this is how a
	// match between two fixed programs gets more than one game.
	Seed       uint64
	VaryMoves  int // default 6
	VaryMargin int // default 8 (half a seed)
	// Weights, if set, replace the evaluation's default weights (for
	// matches between settings).
	Weights *evalk.Weights
}

// Agent plays one match of the Kalah tournament engine's protocol.
type Agent struct {
	cfg    AgentConfig
	eng    *Searcher
	pos    *Search
	me     int // our board side
	moves  int // moves (including a swap) seen this game
	games  uint64
	out    *bufio.Writer
	db     atomic.Pointer[kbook.DB] // the database in use; SetDB may replace it at any time
	logged *kbook.DB                // the database last reported in the log
}

// SetDB replaces the endgame database from the next move on. It is safe to
// call from any goroutine, so that a larger database built in the background
// can take over from a small one.
func (a *Agent) SetDB(db *kbook.DB) { a.db.Store(db) }

// NewAgent prepares an agent writing its answers to out.
func NewAgent(cfg AgentConfig, out io.Writer) *Agent {
	if cfg.HashMiB <= 0 {
		cfg.HashMiB = 64
	}
	if cfg.VaryMoves <= 0 {
		cfg.VaryMoves = 6
	}
	if cfg.VaryMargin <= 0 {
		cfg.VaryMargin = 8
	}
	if cfg.MoveTime <= 0 && cfg.Depth <= 0 && cfg.Nodes == 0 {
		cfg.MoveTime = DefaultMoveTime
	}
	opt := SearchOptions
	opt.Threads = cfg.Threads
	e := NewSearcher(cfg.HashMiB, opt)
	a := &Agent{cfg: cfg, eng: e, out: bufio.NewWriter(out)}
	a.db.Store(cfg.DB)
	a.reset(kalah.South)
	return a
}

func (a *Agent) reset(side int) {
	a.pos = NewSearch(kalah.New(kalah.Tournament))
	a.pos.SetDB(a.db.Load())
	a.pos.SetWeights(a.cfg.Weights)
	a.me = side
	a.moves = 0
	a.games++
	a.eng.NewGame()
}

func (a *Agent) logf(format string, args ...any) {
	if a.cfg.Log != nil {
		fmt.Fprintf(a.cfg.Log, format+"\n", args...)
	}
}

// maxLine bounds an engine message; a longer line is skipped whole.
const maxLine = 1 << 16

// Run reads engine messages from in until END or end of input. It returns
// nil in both cases; only a write error is reported. Lines that are not
// messages of the protocol (garbage, a line too long) are ignored.
func (a *Agent) Run(in io.Reader) error {
	r := bufio.NewReader(in)
	for {
		line, rerr := lineio.ReadLine(r, maxLine)
		if len(line) > 0 {
			done, err := a.Handle(string(line))
			if err != nil {
				return err
			}
			if done {
				return nil
			}
		}
		if rerr != nil {
			return nil
		}
	}
}

// Handle processes one message. It reports true after END.
func (a *Agent) Handle(line string) (bool, error) {
	line = strings.TrimRight(line, "\r\n ")
	f := strings.Split(line, ";")
	switch f[0] {
	case "START":
		if len(f) != 2 || (f[1] != "North" && f[1] != "South") {
			a.logf("ignored malformed line %q", line)
			return false, nil
		}
		side := kalah.South
		if f[1] == "North" {
			side = kalah.North
		}
		a.reset(side)
		a.logf("new match as %s", f[1])
		if side == kalah.South {
			return false, a.play()
		}
	case "CHANGE":
		if len(f) != 4 {
			a.logf("ignored malformed line %q", line)
			return false, nil
		}
		return false, a.change(f[1], f[2], f[3])
	case "END":
		a.logf("game over")
		return true, nil
	default:
		a.logf("ignored unknown line %q", line)
	}
	return false, nil
}

func (a *Agent) change(mv, state, turn string) error {
	if turn != "YOU" && turn != "OPP" && turn != "END" {
		a.logf("ignored CHANGE with turn %q", turn)
		return nil
	}
	pits, err := kalah.ParseState(state, kalah.Tournament.Holes)
	if err != nil {
		a.logf("ignored CHANGE: %v", err)
		return nil
	}
	m, err := kalah.ParseMove(mv, kalah.Tournament.Holes)
	if err != nil {
		a.logf("ignored CHANGE: %v", err)
		return nil
	}
	if m == kalah.Swap {
		// The opponent swapped: we started as kalah.South and are kalah.North now.
		a.me = kalah.North
	}
	// Follow the move on our board when it is legal, then trust the
	// engine's state over our own bookkeeping.
	if a.pos.Legal(m) {
		a.pos.Play(m)
	}
	a.moves++
	toMove := a.me
	if turn == "OPP" {
		toMove = 1 - a.me
	}
	if pits != a.pos.Pits() || (turn != "END" && a.pos.ToMove() != toMove) {
		a.logf("state differs from ours; adopting %s", state)
		swapAvail := a.moves == 1 && toMove == kalah.North && m != kalah.Swap
		if err := a.pos.SetState(pits, toMove, a.pos.Swapped(), false, swapAvail); err != nil {
			a.logf("ignored CHANGE: %v", err)
			return nil
		}
	}
	if turn == "YOU" {
		return a.play()
	}
	return nil
}

// play chooses a move (think) and answers it.
func (a *Agent) play() error {
	if a.pos.Over() {
		a.logf("asked to move in a finished game")
		return nil
	}
	start := time.Now()
	if db := a.db.Load(); db != nil && db != a.pos.db {
		a.pos.SetDB(db)
	}
	if db := a.db.Load(); db != a.logged {
		a.logged = db
		if db != nil {
			a.logf("endgame database in use: K=%d, %d entries", db.K(), db.Entries())
		}
	}
	m, src, res := a.think()
	if !a.pos.Legal(m) { // cannot happen; never send an illegal move
		var buf [kalah.MaxHoles + 2]engine.Move
		m = a.pos.GenMoves(buf[:0])[0]
	}
	a.logf("%s %s to move: %s (%s) depth %d score %d nodes %d time %v", a.pos.State(),
		sideName(a.pos.ToMove()), a.pos.MoveString(m), src, res.Depth, res.Score, res.Nodes, time.Since(start))
	if m == kalah.Swap {
		fmt.Fprint(a.out, "SWAP\n")
		a.pos.Play(kalah.Swap)
		a.me = kalah.South
		a.moves++
	} else {
		fmt.Fprintf(a.out, "MOVE;%d\n", m)
	}
	return a.out.Flush()
}

func sideName(s int) string {
	if s == kalah.North {
		return "North"
	}
	return "South"
}
