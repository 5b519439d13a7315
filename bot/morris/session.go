package morris

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	bookdb "github.com/pentad-ai/pentad/book/morris"
	"github.com/pentad-ai/pentad/engine"
	evalm "github.com/pentad-ai/pentad/eval/morris"
	"github.com/pentad-ai/pentad/game/morris"
)

// Config are the engine settings of a protocol session.
type Config struct {
	MoveTime time.Duration // think time per go; 0 with Depth or Nodes set means none
	Depth    int           // fixed depth (0: none)
	Nodes    uint64        // node limit (0: none)
	Threads  int           // search threads (1..64)
	HashMiB  int           // transposition table size (0: 64, at most 8192)
	Names    bool          // write moves with square names instead of indices
	// LoadEndgame, if set, is called once in the background and returns
	// the endgame database to use (nil for none); Run waits for it before
	// "ready" (at most ReadyWait), and searches use it from the first go
	// after it has returned.
	LoadEndgame func() Endgame
	// Opening, if set, is the placement book: a position it holds is
	// answered with its move at once.
	Opening *bookdb.Opening
	// Weights, if set, replaces the evaluation's default weights.
	Weights *evalm.Weights
	// Options, if set, replaces the search options of SearchOptions (its
	// Threads by the Threads above).
	Options *engine.Options
}

// DefaultMoveTime is the think time per go without other limits.
const DefaultMoveTime = time.Second

// Session is the engine side of the protocol (../shared/protocols/morris.md).
type Session struct {
	cfg   Config
	out   *bufio.Writer
	outMu sync.Mutex
	eng   *Searcher
	last  *Search // the last search's position: its weights and evaluation cache serve the next
	pos   *morris.Position
	db    Endgame
	done  chan struct{} // closed when the running search has finished; nil when idle
	stop  *atomic.Bool  // the running search's stop flag (engine.Limits.Stop)
	dbCh  chan Endgame  // delivers the database being loaded
}

// endgame returns the database once its loading has finished (nil before).
func (s *Session) endgame() Endgame {
	if s.dbCh != nil {
		select {
		case d := <-s.dbCh:
			s.db, s.dbCh = d, nil
		default:
		}
	}
	return s.db
}

// NewSession makes a session writing to out.
func NewSession(out io.Writer, cfg Config) *Session {
	if cfg.HashMiB <= 0 {
		cfg.HashMiB = 64
	}
	cfg.HashMiB = min(cfg.HashMiB, 8192)
	cfg.Threads = max(1, min(cfg.Threads, 64))
	if cfg.MoveTime <= 0 && cfg.Depth <= 0 && cfg.Nodes == 0 {
		cfg.MoveTime = DefaultMoveTime
	}
	s := &Session{cfg: cfg, out: bufio.NewWriter(out), pos: morris.NewPosition()}
	if cfg.LoadEndgame != nil {
		ch := make(chan Endgame, 1)
		s.dbCh = ch
		go func() { ch <- cfg.LoadEndgame() }()
	}
	opt := SearchOptions(cfg.Threads)
	if cfg.Options != nil {
		opt = *cfg.Options
		opt.Threads = cfg.Threads
	}
	s.eng = NewSearcher(cfg.HashMiB, opt)
	// Touch every page of the table now: it is mapped lazily with huge
	// pages, and a first touch inside a timed search can stall on page
	// faults and compaction past the GUI's stop (a loaded 2-core machine
	// answered 0.2-0.3 s after stop in the first moves of a game).
	s.eng.TT.Clear()
	return s
}

// ReadyWait bounds the wait for the endgame database before "ready" (the
// GUI gives up after 5 s without it).
const ReadyWait = 2 * time.Second

// Run prepares the engine (table, endgame database: loaded in at most
// ReadyWait, after which loading goes on in the background), writes
// "ready", and reads commands from in until quit or the end of input. It
// returns nil in both cases, or the error of the first write. Loading
// before "ready" keeps the work out of the first timed searches: a load
// beside them on a loaded 2-core machine delayed answers past the GUI's
// stop.
func Run(in io.Reader, out io.Writer, cfg Config) error {
	s := NewSession(out, cfg)
	if s.dbCh != nil {
		select {
		case d := <-s.dbCh:
			s.db, s.dbCh = d, nil
		case <-time.After(ReadyWait):
		}
	}
	if _, err := io.WriteString(out, "ready\n"); err != nil {
		return err
	}
	r := bufio.NewReaderSize(in, 4096)
	for {
		line, err := r.ReadString('\n')
		if len(line) > 0 {
			if s.Handle(line) {
				return nil
			}
		}
		if err != nil {
			s.finish(true)
			return nil
		}
	}
}

func (s *Session) println(a string) {
	s.outMu.Lock()
	s.out.WriteString(a)
	s.out.WriteByte('\n')
	s.out.Flush()
	s.outMu.Unlock()
}

// finish waits for a running search; with stop it is told to stop first.
// The flag is the search's engine.Limits.Stop, which holds even if the
// search goroutine has not entered the engine yet.
func (s *Session) finish(stop bool) {
	if s.done == nil {
		return
	}
	if stop {
		s.stop.Store(true)
	}
	<-s.done
	s.done, s.stop = nil, nil
}

// Handle processes one command line and reports whether the session ends.
func (s *Session) Handle(line string) (quit bool) {
	tok := strings.Fields(line)
	if len(tok) == 0 {
		return false
	}
	cmd := strings.ToLower(tok[0])
	switch cmd {
	case "stop":
		s.finish(true)
		return false
	case "quit":
		s.finish(true)
		return true
	}
	// Everything else is processed in order, after a running search.
	s.finish(false)
	switch cmd {
	case "init":
		s.newGame(morris.NewPosition())
	case "newgame":
		if len(tok) == 1 {
			s.newGame(morris.NewPosition())
			return false
		}
		p, err := morris.ParsePosition(tok[1])
		if err != nil {
			p, err = morris.ParsePosition(strings.Join(tok[1:], ""))
		}
		if err == nil {
			s.newGame(p)
		}
	case "move":
		if len(tok) < 2 {
			return false
		}
		m, err := s.pos.ParseMove(tok[1])
		if err == nil {
			s.pos.Make(m)
		}
	case "go":
		noplay := len(tok) > 1 && strings.ToLower(tok[1]) == "noplay"
		s.startGo(noplay)
	}
	return false
}

// newGame sets the position. The transposition table is kept: its entries
// are keyed by the whole position and stay valid, and clearing 64 MiB would
// delay the answer to the go that follows.
func (s *Session) newGame(p *morris.Position) {
	s.pos = p
}

func (s *Session) startGo(noplay bool) {
	if over, _, _ := s.pos.Status(); over {
		s.println("bestmove none")
		return
	}
	done, stop := make(chan struct{}), new(atomic.Bool)
	s.done, s.stop = done, stop
	var sp *Search
	if s.last != nil {
		sp = s.last.With(s.pos.Copy(), s.endgame())
	} else {
		sp = NewSearch(s.pos.Copy(), s.endgame())
		if s.cfg.Weights != nil {
			sp.SetWeights(*s.cfg.Weights)
		}
	}
	sp.MarkRoot()
	s.last = sp
	go func() {
		defer close(done)
		m := s.think(sp, stop)
		if m == 0 { // unreachable: Status reports a position without moves
			s.println("bestmove none")
			return
		}
		s.println("bestmove " + morris.FormatMove(m, s.cfg.Names))
		if !noplay {
			s.pos.Make(m)
		}
	}()
}

func (s *Session) info(t time.Duration, score int, nodes uint64) {
	if s.out == nil {
		return
	}
	s.println(fmt.Sprintf("info time %.4f eval %d nodes %d", t.Seconds(), score, nodes))
}
