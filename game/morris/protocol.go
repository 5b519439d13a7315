package morris

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pentad-ai/pentad/engine"
)

// Config are the engine settings of a protocol session.
type Config struct {
	MoveTime time.Duration // think time per go; 0 with Depth or Nodes set means none
	Depth    int           // fixed depth (0: none)
	Nodes    uint64        // node limit (0: none)
	Threads  int           // search threads (1..64)
	HashMiB  int           // transposition table size (0: 64, at most 8192)
	Names    bool          // write moves with square names instead of indices
	// LoadEndgame, if set, is called once in the background after "ready"
	// is written and returns the endgame database to use (nil for none);
	// searches use it from the first go after it has returned.
	LoadEndgame func() Endgame
}

// DefaultMoveTime is the think time per go without other limits.
const DefaultMoveTime = time.Second

// Session is the engine side of the protocol (../shared/protocols/morris.md).
type Session struct {
	cfg   Config
	out   *bufio.Writer
	outMu sync.Mutex
	eng   *engine.Engine
	pos   *Position
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
	s := &Session{cfg: cfg, out: bufio.NewWriter(out), pos: NewPosition()}
	if cfg.LoadEndgame != nil {
		ch := make(chan Endgame, 1)
		s.dbCh = ch
		go func() { ch <- cfg.LoadEndgame() }()
	}
	s.eng = engine.New(cfg.HashMiB, engine.Options{Threads: cfg.Threads, LMR: true, AspWindow: 50})
	return s
}

// Run writes "ready" at once, then prepares the engine (table, endgame
// database) and reads commands from in until quit or the end of input. It
// returns nil in both cases, or the error of the first write.
func Run(in io.Reader, out io.Writer, cfg Config) error {
	if _, err := io.WriteString(out, "ready\n"); err != nil {
		return err
	}
	s := NewSession(out, cfg)
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
		s.newGame(NewPosition())
	case "newgame":
		if len(tok) == 1 {
			s.newGame(NewPosition())
			return false
		}
		p, err := ParsePosition(tok[1])
		if err != nil {
			p, err = ParsePosition(strings.Join(tok[1:], ""))
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
func (s *Session) newGame(p *Position) {
	s.pos = p
}

func (s *Session) startGo(noplay bool) {
	if over, _, _ := s.pos.Status(); over {
		s.println("bestmove none")
		return
	}
	done, stop := make(chan struct{}), new(atomic.Bool)
	s.done, s.stop = done, stop
	sp := s.pos.Copy()
	sp.SetEndgame(s.endgame())
	sp.MarkRoot()
	go func() {
		defer close(done)
		m := s.think(sp, stop)
		if m == 0 { // unreachable: Status reports a position without moves
			s.println("bestmove none")
			return
		}
		s.println("bestmove " + FormatMove(m, s.cfg.Names))
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

// think chooses the move for sp (not over): from the endgame database when
// the position is covered, otherwise by search, which ends when stop (if
// not nil) is set.
func (s *Session) think(sp *Position, stop *atomic.Bool) engine.Move {
	start := time.Now()
	if s.cfg.MoveTime <= 0 && s.cfg.Depth <= 0 && s.cfg.Nodes == 0 {
		s.cfg.MoveTime = DefaultMoveTime
	}
	lim := engine.Limits{Depth: s.cfg.Depth, Nodes: s.cfg.Nodes, Stop: stop}
	if s.cfg.MoveTime > 0 {
		margin := min(s.cfg.MoveTime/4, 250*time.Millisecond) // pipe latency, a loaded machine
		lim.Hard = s.cfg.MoveTime - margin
		lim.Soft = s.cfg.MoveTime * 7 / 20
	}
	if s.db != nil {
		if m, v, draws, ok := RootFromEndgame(sp, s.db); ok {
			if v != 0 || len(draws) == 1 {
				s.info(time.Since(start), endgameScore(v), 0)
				return m
			}
			lim.RootMoves = draws
		}
	}
	s.eng.OnInfo = func(in engine.Info) { s.info(in.Time, in.Score, in.Nodes) }
	if s.out == nil {
		s.eng.OnInfo = nil
	}
	res := s.eng.Search(sp, lim)
	if res.Depth == 0 {
		s.info(time.Since(start), res.Score, res.Nodes)
	}
	if !sp.IsLegal(res.Move) {
		var buf [engine.MaxMoves]engine.Move
		res.Move = 0
		if moves := sp.GenMoves(buf[:0]); len(moves) > 0 {
			res.Move = moves[0]
		}
	}
	return res.Move
}

func endgameScore(v int) int {
	switch {
	case v > 0:
		return DBWin - v
	case v < 0:
		return -DBWin - v
	}
	return 0
}

// RootFromEndgame picks the move of a position covered by the database: the
// fastest win, else the drawing moves (draws lists them), else the slowest
// loss. v is the value of the chosen move (plies to the win, or minus the
// plies to the loss, 0 for a draw); ok is false when p is not covered.
func RootFromEndgame(p *Position, db Endgame) (best engine.Move, v int, draws []engine.Move, ok bool) {
	if p.Placing() {
		return 0, 0, nil, false
	}
	s := p.side
	if _, ok := db.Probe(p.occ[s], p.occ[s^1]); !ok {
		return 0, 0, nil, false
	}
	var buf [engine.MaxMoves]engine.Move
	moves := p.GenMoves(buf[:0])
	bestRank := -1 << 30
	for _, m := range moves {
		p.Make(m)
		var cv int
		if over, winner, _ := p.Status(); over {
			switch winner {
			case s:
				cv = 1
			case -1:
				cv = 0
			default:
				cv = -1
			}
		} else {
			w, ok := db.Probe(p.occ[p.side], p.occ[s])
			if !ok {
				p.Unmake(m)
				return 0, 0, nil, false
			}
			switch {
			case w > 0:
				cv = -(w + 1)
			case w < 0:
				cv = -w + 1
			}
		}
		p.Unmake(m)
		// rank: wins by shortness, then draws, then losses by length
		var rank int
		switch {
		case cv > 0:
			rank = 100000 - cv
		case cv == 0:
			rank = 0
			draws = append(draws, m)
		default:
			rank = -100000 - cv
		}
		if rank > bestRank {
			bestRank, best, v = rank, m, cv
		}
	}
	return best, v, draws, len(moves) > 0
}
