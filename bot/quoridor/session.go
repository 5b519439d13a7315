package quoridor

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/pentad-ai/pentad/engine"
	evalq "github.com/pentad-ai/pentad/eval/quoridor"
	"github.com/pentad-ai/pentad/game/quoridor"
)

// EngineName is the answer to the name command.
const EngineName = "pentad-quoridor"

// Config is how the engine was started.
type Config struct {
	Seed     uint64        // feeds the PCG generator (tie-breaking noise)
	GameTime time.Duration // own clock per game; 0: the referee's 20*N s
	MoveTime time.Duration // longest think per genmove; 0: the referee's 30 s
	Threads  int           // search threads (default 1)
	HashMiB  int           // transposition table (default 64)
	Depth    int           // fixed depth per genmove (0: by the clock)
	Nodes    uint64        // node limit per genmove (0: by the clock)
	Log      io.Writer     // search progress, if not nil (standard error)
	// Weights replace the default evaluation (matches between settings).
	Weights *evalq.Weights
	// ArgErr is an argument that was understood but bad (a -w list that
	// names an unknown weight); the command refuses to start with it.
	ArgErr error
}

// searchOptions are the options of the shared search for this game.
func searchOptions(threads int) engine.Options {
	return engine.Options{Threads: threads, LMR: true, AspWindow: 30}
}

// Referee defaults.
const (
	DefaultMoveTime = 30 * time.Second
	DefaultHashMiB  = 64
)

// DefaultGameTime is the referee's clock for a game on an n x n board.
func DefaultGameTime(n int) time.Duration { return time.Duration(20*n) * time.Second }

// ParseArgs reads the command line leniently: -seed N, -gametime D,
// -movetime D, -threads N, -hash MiB, -depth N, -nodes N, -w NAME=N,...
// (evaluation weights; also with = or two dashes; durations as 90s or plain
// seconds); anything else is ignored.
// A leading perft, divide or bench word selects a subcommand, returned with
// its arguments.
func ParseArgs(args []string) (cfg Config, sub []string) {
	cfg.Threads = 1
	cfg.HashMiB = DefaultHashMiB
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			switch a {
			case "perft", "divide", "bench", "match":
				if sub == nil {
					return cfg, args[i:]
				}
			}
			continue
		}
		name := strings.TrimLeft(a, "-")
		val, hasVal := "", false
		if k := strings.IndexByte(name, '='); k >= 0 {
			name, val, hasVal = name[:k], name[k+1:], true
		}
		known := map[string]bool{"seed": true, "gametime": true, "movetime": true, "threads": true,
			"hash": true, "depth": true, "nodes": true, "w": true}
		if !known[name] {
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				continue
			}
			i++
			val = args[i]
		}
		switch name {
		case "seed":
			if v, err := strconv.ParseInt(val, 10, 64); err == nil {
				cfg.Seed = uint64(v)
			} else if u, err := strconv.ParseUint(val, 10, 64); err == nil {
				cfg.Seed = u
			}
		case "gametime":
			if d, ok := parseDuration(val); ok {
				cfg.GameTime = d
			}
		case "movetime":
			if d, ok := parseDuration(val); ok {
				cfg.MoveTime = d
			}
		case "threads":
			if v, err := strconv.Atoi(val); err == nil && v >= 1 && v <= 64 {
				cfg.Threads = v
			}
		case "hash":
			if v, err := strconv.Atoi(val); err == nil && v >= 1 && v <= 512 {
				cfg.HashMiB = v
			}
		case "depth":
			if v, err := strconv.Atoi(val); err == nil && v >= 0 && v < engine.MaxPly {
				cfg.Depth = v
			}
		case "nodes":
			if v, err := strconv.ParseUint(val, 10, 64); err == nil {
				cfg.Nodes = v
			}
		case "w":
			if w, err := evalq.ParseWeights(evalq.Default, val); err != nil {
				cfg.ArgErr = fmt.Errorf("-w: %v", err)
			} else {
				cfg.Weights = &w
			}
		}
	}
	return cfg, nil
}

func parseDuration(s string) (time.Duration, bool) {
	if d, err := time.ParseDuration(s); err == nil && d > 0 {
		return d, true
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && f > 0 && f < 1e7 {
		return time.Duration(f * float64(time.Second)), true
	}
	return 0, false
}

// Session is the engine side of a QTP session.
type Session struct {
	cfg   Config
	pos   *Search
	walls int // walls per player at the start of a game
	eng   *engine.Engine
	rng   *rand.Rand
	used  time.Duration // thinking time spent in this game
	out   *bufio.Writer
	quit  bool
	// now is the clock (tests may replace it).
	now func() time.Time
}

// NewSession prepares a session on the default 9x9 board with 10 walls.
func NewSession(cfg Config) *Session {
	if cfg.Threads < 1 {
		cfg.Threads = 1
	}
	if cfg.HashMiB < 1 {
		cfg.HashMiB = DefaultHashMiB
	}
	s := &Session{cfg: cfg, now: time.Now}
	s.rng = rand.New(rand.NewPCG(cfg.Seed, 0x0DDB1A5E5BAD5EED))
	s.eng = engine.New(cfg.HashMiB, searchOptions(cfg.Threads))
	s.walls = quoridor.DefaultWalls(9)
	s.pos = NewSearch(9, s.walls)
	s.pos.Prune = true
	s.pos.Defend = true
	s.pos.Barrier = true
	s.pos.W = cfg.Weights
	s.newGame()
	return s
}

func (s *Session) newGame() {
	s.used = 0
	s.eng.NewGame()
	s.pos.salt = s.rng.Uint64() | 1
}

// Pos is the session's current position.
func (s *Session) Pos() *Search { return s.pos }

// Run reads commands from r and answers on w until quit or end of input.
func (s *Session) Run(r io.Reader, w io.Writer) error {
	s.out = bufio.NewWriter(w)
	br := bufio.NewReaderSize(r, 1<<16)
	TrimAddressSpace()
	for !s.quit {
		line, err := readLine(br)
		if line != "" {
			s.Exec(line)
			if ferr := s.out.Flush(); ferr != nil {
				return ferr
			}
		}
		if err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
	return s.out.Flush()
}

// maxLine bounds the length kept of one input line; the rest is dropped.
const maxLine = 1 << 16

// readLine reads one line and preprocesses it: control characters other
// than HT dropped (CR included), text from # on removed, HT made a space,
// surrounding spaces trimmed. Blank lines come back as "".
func readLine(br *bufio.Reader) (string, error) {
	var b strings.Builder
	comment := false
	for {
		c, err := br.ReadByte()
		if err != nil {
			return strings.TrimSpace(b.String()), err
		}
		switch {
		case c == '\n':
			return strings.Trim(b.String(), " "), nil
		case comment:
		case c == '#':
			comment = true
		case c == '\t':
			if b.Len() < maxLine {
				b.WriteByte(' ')
			}
		case c < 32 || c == 127:
		default:
			if b.Len() < maxLine {
				b.WriteByte(c)
			}
		}
	}
}

// Preprocess applies the protocol's input rules to one line (without its
// newline) and reports the command words.
func Preprocess(line string) []string {
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c == '#' {
			break
		}
		if c == '\t' {
			c = ' '
		} else if c < 32 || c == 127 {
			continue
		}
		b.WriteByte(c)
	}
	return strings.Fields(b.String())
}

var commands = []string{
	"name", "version", "protocol_version", "known_command", "list_commands", "quit",
	"boardsize", "clear_board", "walls", "playmove", "playwall", "genmove", "undo", "winner",
	"showboard",
}

func (s *Session) ok(result string) {
	if result == "" {
		s.out.WriteString("=\n\n")
		return
	}
	s.out.WriteString("= " + result + "\n\n")
}

func (s *Session) fail(msg string) { s.out.WriteString("? " + msg + "\n\n") }

// Exec runs one preprocessed command line and writes its response.
func (s *Session) Exec(line string) {
	f := Preprocess(line)
	if len(f) == 0 {
		return
	}
	cmd, args := f[0], f[1:]
	switch cmd {
	case "name":
		s.ok(EngineName)
	case "version":
		s.ok("1.0")
	case "protocol_version":
		s.ok("2")
	case "known_command":
		if len(args) != 1 {
			s.fail("syntax error")
			return
		}
		known := false
		for _, c := range commands {
			known = known || c == args[0]
		}
		s.ok(strconv.FormatBool(known))
	case "list_commands":
		s.ok(strings.Join(commands, "\n"))
	case "quit":
		s.ok("")
		s.quit = true
	case "boardsize":
		n, ok := parseInt(args)
		if !ok {
			s.fail("syntax error")
			return
		}
		if !quoridor.ValidSize(n) {
			s.fail("unacceptable size")
			return
		}
		s.walls = quoridor.DefaultWalls(n)
		s.pos.Reset(n, s.walls)
		s.newGame()
		s.ok("")
	case "clear_board":
		s.pos.Reset(s.pos.Size(), s.walls)
		s.newGame()
		s.ok("")
	case "walls":
		n, ok := parseInt(args)
		if !ok {
			s.fail("syntax error")
			return
		}
		s.walls = n
		s.pos.SetWalls(n)
		s.ok("")
	case "playmove":
		if len(args) != 2 {
			s.fail("syntax error")
			return
		}
		s.play(args[0], args[1], "")
	case "playwall":
		if len(args) != 3 {
			s.fail("syntax error")
			return
		}
		s.play(args[0], args[1], args[2])
	case "genmove":
		c, ok := quoridor.ParseColor(firstArg(args))
		if len(args) != 1 || !ok {
			s.fail("syntax error")
			return
		}
		s.genmove(c)
	case "undo":
		times := 1
		if len(args) > 0 {
			n, ok := parseInt(args)
			if !ok {
				s.fail("syntax error")
				return
			}
			times = n
		}
		if s.pos.Plies() == 0 || times > s.pos.Plies() {
			s.fail("cannot undo")
			return
		}
		for i := 0; i < times; i++ {
			s.pos.Unmake(0)
		}
		s.ok("")
	case "winner":
		if over, c := s.pos.Winner(); over {
			s.ok("true " + quoridor.ColorName(c))
		} else {
			s.ok("false")
		}
	case "showboard":
		s.ok("\n" + s.pos.Diagram())
	default:
		s.fail("unknown command")
	}
}

func firstArg(a []string) string {
	if len(a) == 0 {
		return ""
	}
	return a[0]
}

// parseInt reads exactly one int argument (0 <= x <= 2^31-1).
func parseInt(args []string) (int, bool) {
	if len(args) != 1 {
		return 0, false
	}
	v, err := strconv.ParseUint(args[0], 10, 31)
	if err != nil {
		return 0, false
	}
	return int(v), true
}

func (s *Session) play(color, vertex, orient string) {
	c, ok := quoridor.ParseColor(color)
	if !ok {
		s.fail("syntax error")
		return
	}
	var m engine.Move
	var err error
	if orient == "" {
		m, err = s.pos.ParsePawnMove(vertex)
	} else {
		if _, ok := quoridor.ParseOrientation(orient); !ok {
			s.fail("syntax error")
			return
		}
		m, err = s.pos.ParseWall(vertex, orient)
	}
	if err != nil || !s.pos.LegalFor(c, m) {
		s.fail("illegal move")
		return
	}
	s.pos.PlayFor(c, m)
	s.ok("")
}

// genmove thinks for colour c, plays the move on its own board and answers
// it. A game already over has no move to give.
func (s *Session) genmove(c int) {
	if over, _ := s.pos.Winner(); over {
		s.fail("game is over")
		return
	}
	t0 := s.now()
	m := s.think(c)
	if m == engine.NoMove {
		s.fail("no legal move")
		return
	}
	s.pos.PlayFor(c, m)
	s.used += s.now().Sub(t0)
	s.ok(s.pos.FormatMove(m))
	// the answer goes out first: the trimming is not the referee's time
	s.out.Flush()
	TrimAddressSpace()
}
