package gomoku

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pentad-ai/pentad/bench"
	book "github.com/pentad-ai/pentad/book/gomoku"
	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// Options configure a protocol session.
type Options struct {
	Name, Version, Author, Country string
	Threads                        int
	// TTMiB fixes the table size; 0 derives it from INFO max_memory.
	TTMiB int
	// Rule2IsRenju reads INFO rule 2 as renju (the convention of some
	// managers) instead of "continuous game" of the specification.
	Rule2IsRenju bool
	// Candidates overrides DefaultCandidates when positive; Taper, when
	// non-zero, sets the tapering of the candidates (positive: on).
	Candidates, Taper int
	// RootCandidates overrides DefaultRootCandidates when positive.
	RootCandidates int
	// WidePlies, when not zero, replaces DefaultWidePlies (positive: the
	// plies below the root searched as wide as the root; negative: none).
	WidePlies int
	// Prune, when set, replaces the forward pruning of the search
	// (DefaultPruning).
	Prune *engine.Pruning
	// Weights, when set, replace the evaluation's default weights.
	Weights *ev.Weights
	// Combo, when set, gives the cells' values by combination of line
	// codes (default: ev.DefaultCombo); OwnValues instead takes the
	// values Weights (or the default weights) give themselves.
	Combo     *ev.ComboTable
	OwnValues bool
	// RenjuCombo, when set, gives black's and white's cell values under
	// renju (default: ev.DefaultRenju, or with Combo or OwnValues those
	// values).
	RenjuCombo *ev.RenjuCombos
	// Threat, when set, replaces the whole-board term by threat mask
	// (default: the weights' own, Weights.ThreatValues).
	Threat *ev.ThreatTable
	// Policy, when set, orders the moves of the search (default:
	// ev.DefaultPolicy); ValueOrder orders them by the cell values instead.
	Policy     *ev.Policy
	ValueOrder bool
	// SoftPct is the soft limit of a move in percent of its hard limit (0:
	// DefaultSoftPct).
	SoftPct int
	// ClockSpace divides the match time left into the soft limit of a
	// move (0: DefaultClockSpace).
	ClockSpace int
	// LMRScale, when not zero, replaces the late move reductions of the
	// search (DefaultLMRScale): positive, engine.Options.LMRScale; negative,
	// the fixed reductions.
	LMRScale int
	// LMRFrom, when not zero, replaces the first move of a node that late
	// move reductions may reduce (DefaultLMRFrom, engine.Options.LMRFrom):
	// positive, its index (0 the first move); negative, the engine's
	// default (the fourth move).
	LMRFrom int
	// IIR, when not zero, replaces the internal iterative reduction of
	// the search: positive, engine.Options.IIR; negative, none.
	IIR int
	// HintHistory, when not zero, replaces engine.Options.HintHistory
	// (killers and history among the pattern-ordered moves): positive, the
	// value; negative, none.
	HintHistory int
	// ContHistory, when not zero, replaces engine.Options.ContHistory (the
	// continuation history among the pattern-ordered moves;
	// DefaultContHistory): positive, the value; negative, none.
	ContHistory int
	// FailHighMargin, when not zero, replaces engine.Options.FailHighMargin
	// (the fail-high reduction at expected cut nodes): positive, the margin
	// per ply; negative, none. Off by default: against the brain without
	// it (arena -game gomoku -tc 0/0.2 -games 400 -concurrency 2 -openings
	// book/gomoku/data/openings-15-freestyle.txt, -threads 1 each) margin
	// 30 scored +11.3 +/- 28.1 Elo (seed 3702), singular extensions from
	// depth 6 with margin 2 +9.6 +/- 26.4 (seed 3703), and both together
	// +12.2 +/- 26.6 and -7.8 +/- 26.5 (seeds 3704, 3705; +2.2 +/- 18.7
	// over the 800 games). Against Rapfi at 1 s (seed 6201, session 64)
	// margin 40 stopped at 5-15 after 20 games.
	FailHighMargin int
	// Singular, when not zero, replaces engine.Options.Singular and
	// SingularMargin (singular extensions): positive, from that depth with
	// that margin per ply; negative, none. Off by default: from depth 8 with
	// margin 4, with Rapfi's multi-cut and negative extension (an
	// experiment binary), 18-41-1 against Rapfi at 1 s on seed 6201, where
	// the brain without them scored 48-68-4 over two runs (session 64).
	Singular, SingularMargin int
	// HintKeep, when not zero, replaces engine.Options.HintKeep (one ply
	// less of late move reduction for a move valued at least that percent
	// of the node's best): positive, the percent; negative, none. Off by
	// default: 60 against the brain without it (arena -game gomoku -tc
	// 0/0.2 -games 400 -concurrency 2 -openings
	// book/gomoku/data/openings-15-freestyle.txt, -threads 1 each, seeds
	// 3903, 3905, 3906) scored +10.4, +14.8 and -1.7, +7.8 +/- 15.6 Elo over
	// the 1200 games (LOS 84%). One more ply for moves below 20% of the
	// best scored -17.5 +/- 27.7 (seed 3901), one more ply at expected cut
	// nodes for moves that are not killers -1.8 +/- 27.7 (seed 3902), and
	// 32 candidates instead of 24 -6.9 +/- 25.7 (seed 3904).
	HintKeep int
	// ThreatLMR, when not nil, replaces DefaultThreatLMR (late forcing
	// moves reduced by their late move reduction less that many plies,
	// engine.Options.ReduceThreats and ThreatLMR): 0 or more, the plies;
	// negative, not reduced.
	ThreatLMR *int
	// AdjustLMR, when not zero, replaces engine.Options.AdjustLMR (late
	// fours that leave an open three unanswered reduced more,
	// Search.AdjustReduction; DefaultAdjustLMR): positive on, negative off.
	AdjustLMR int
	// ContAttack, when not zero, replaces DefaultContAttack (late threats
	// reduced that many plies less right after a threat of ours,
	// Search.ContAttack): positive, the plies; negative, off. On, it
	// replaces the adjustment of AdjustLMR.
	ContAttack int
	// QuiescePlies, when positive, replaces DefaultQuiescePlies (how many
	// plies from the depth-0 node the quiescence plays fours).
	QuiescePlies int
	// QuiesceComb, when not zero, replaces DefaultQuiesceComb (from which
	// four of a line the quiescence plays only fours that build more,
	// Search.QuiesceComb): positive, that four; negative, every four.
	QuiesceComb int
	// AlphaReduce, when not zero, replaces DefaultAlphaReduce (the moves
	// after one that raised alpha searched a ply shallower below that
	// depth, engine.Options.AlphaReduce): positive, the depth; negative,
	// off.
	AlphaReduce int
	// TTEval, when not zero, replaces DefaultTTEval (the forward pruning
	// reads a table entry's score, engine.Options.TTEval): positive on,
	// negative off.
	TTEval int
	// TTMoveExt and TTMoveExtNonPV, when not zero, replace
	// DefaultTTMoveExt and DefaultTTMoveExtNonPV (the table move's
	// extension in hundredths of a ply at PV and other nodes,
	// engine.Options.TTMoveExt): negative, off.
	TTMoveExt, TTMoveExtNonPV int
	// IndirectDefences, when not zero, replaces DefaultIndirectDefences
	// (Search.IndirectDefences): positive on, negative off.
	IndirectDefences int
	// WidenLost, when not zero, replaces DefaultWidenLost
	// (Search.WidenLost): positive on, negative off.
	WidenLost int
	// VerifyPct, when not zero, replaces DefaultVerifyPct (Brain.VerifyPct,
	// the share of the turn kept to verify the main search's move):
	// negative, off.
	VerifyPct int
	// QuiesceTT, when not zero, replaces engine.Options.QuiesceTT (the
	// quiescence's first position in the table; DefaultQuiesceTT):
	// positive on, negative off.
	QuiesceTT int
	// LMRExtend, when not zero, replaces engine.Options.LMRExtend (the
	// search after a reduced one that passed alpha a ply deeper or
	// shallower by its margin): positive, the margin; negative, none.
	LMRExtend int
	// Correction, when not zero, replaces engine.Options.Correction (the
	// static evaluation corrected by correction histories,
	// Search.CorrectionKeys): positive, the weight in percent; negative,
	// none. CorrectLeaves, when not zero, replaces
	// engine.Options.CorrectLeaves (the quiescence's stand pat corrected
	// too): positive on, negative off.
	Correction    int
	CorrectLeaves int
	// MaxDepth and MaxNodes bound every search (tests, weak settings).
	MaxDepth int
	MaxNodes uint64
	NoVCF    bool
	// MessageInterval is the least time between two progress lines
	// (default 250 ms); negative disables progress lines.
	MessageInterval time.Duration
	// Book is the opening book (may be nil).
	Book *book.Book
	// Log, if set, receives a line per move: the time from the arrival of
	// the command to the answer, the hard budget and the learnt overrun.
	Log io.Writer
}

// DefaultMaxMemory is assumed when the manager sends no max_memory.
const DefaultMaxMemory = 350 << 20

const maxLine = 1 << 16

// maxInfoMs caps the times of INFO (about 11 days) and maxTTMiB the table.
const (
	maxInfoMs = 1 << 40 / 1000
	maxTTMiB  = 1024
)

// Default times when the manager gives none (milliseconds).
const (
	defaultTurnMs = 5000
)

type baseStone struct{ c, side int }

// session is the brain side of one Gomocup connection.
type session struct {
	opt     Options
	out     *lineWriter
	lines   chan inLine
	pending []inLine
	// cmdAt is when the command being handled arrived: the clock of a
	// move starts there, not when we get round to thinking.
	cmdAt time.Time

	started  bool
	w, h     int
	rule     game.Rule
	ruleBits int
	pos      *Search
	base     []baseStone

	timeoutTurn  int64 // ms, 0 = no limit
	timeoutMatch int64 // ms, 0 = no limit
	timeLeft     int64 // ms, <0 unknown
	// used is our own thinking time in this game (from the arrival of each
	// command to the answer), for a match clock without time_left
	used time.Duration
	// overrun is how late past the hard deadline our recent answers went
	// out (decaying); budget keeps it in reserve
	overrun   time.Duration
	maxMemory int64 // bytes, 0 = no limit
	ttMiB     int

	brain   *Brain
	threads int // search threads (Options.Threads, or INFO thread_num)
	// busy, when set, is the result channel of a stopped search that the
	// watchdog answered for; settle waits for it
	busy chan engine.Move
}

// lineWriter writes whole lines at once and rate-limits progress lines.
type lineWriter struct {
	mu       sync.Mutex
	w        *bufio.Writer
	interval time.Duration
	last     time.Time
}

func (lw *lineWriter) line(s string) {
	lw.mu.Lock()
	lw.w.WriteString(s)
	lw.w.WriteString("\n")
	lw.w.Flush()
	lw.mu.Unlock()
}

func (lw *lineWriter) message(s string) {
	if lw.interval < 0 {
		return
	}
	lw.mu.Lock()
	now := time.Now()
	if !lw.last.IsZero() && now.Sub(lw.last) < lw.interval {
		lw.mu.Unlock()
		return
	}
	lw.last = now
	lw.w.WriteString("MESSAGE ")
	lw.w.WriteString(s)
	lw.w.WriteString("\n")
	lw.w.Flush()
	lw.mu.Unlock()
}

// optEval is the evaluation the options ask for, or nil for the default:
// the weights (Weights or the default) with the cell values of Combo (or
// the default table), or with their own values (OwnValues), under renju
// those of RenjuCombo when it is set (with neither Combo nor OwnValues:
// ev.DefaultRenju), and the threat values of Threat when it is set; the moves are ordered by Policy when it is set, by the cell
// values with ValueOrder, by ev.DefaultPolicy otherwise.
func optEval(opt Options) *ev.Eval {
	if opt.Weights == nil && opt.Combo == nil && !opt.OwnValues && opt.RenjuCombo == nil && opt.Policy == nil && opt.Threat == nil && !opt.ValueOrder {
		return nil
	}
	w, c := ev.Default, ev.DefaultCombo
	if opt.Weights != nil {
		w = *opt.Weights
	}
	if opt.Combo != nil {
		c = opt.Combo
	}
	var e *ev.Eval
	if opt.OwnValues {
		e = ev.NewEval(w)
	} else {
		e = ev.NewComboEval(w, c)
	}
	switch {
	case opt.RenjuCombo != nil:
		e = e.WithRenju(opt.RenjuCombo)
	case opt.Combo == nil && !opt.OwnValues:
		e = e.WithRenju(ev.DefaultRenju)
	}
	switch {
	case opt.ValueOrder:
		e.Policy = nil
	case opt.Policy != nil:
		e.Policy = opt.Policy
	default:
		e.Policy = ev.DefaultPolicy
	}
	if opt.Threat != nil {
		e.Threat = opt.Threat
	}
	return e
}

// searchOptions applies the search settings of opt that replace the
// brain's defaults to o.
func searchOptions(o *engine.Options, opt Options) {
	if opt.Prune != nil {
		o.Prune = *opt.Prune
	}
	setting(&o.LMRScale, opt.LMRScale)
	setting(&o.LMRFrom, opt.LMRFrom)
	setting(&o.IIR, opt.IIR)
	setting(&o.HintHistory, opt.HintHistory)
	setting(&o.ContHistory, opt.ContHistory)
	setting(&o.FailHighMargin, opt.FailHighMargin)
	if opt.Singular != 0 {
		o.Singular, o.SingularMargin = max(opt.Singular, 0), opt.SingularMargin
	}
	setting(&o.HintKeep, opt.HintKeep)
	if opt.ThreatLMR != nil {
		o.ReduceThreats, o.ThreatLMR = threatReduction(*opt.ThreatLMR)
	}
	if opt.AdjustLMR != 0 {
		o.AdjustLMR = opt.AdjustLMR > 0
	}
	setting(&o.LMRExtend, opt.LMRExtend)
	setting(&o.AlphaReduce, opt.AlphaReduce)
	setting(&o.TTMoveExt, opt.TTMoveExt)
	setting(&o.TTMoveExtNonPV, opt.TTMoveExtNonPV)
	if opt.TTEval != 0 {
		o.TTEval = opt.TTEval > 0
	}
	setting(&o.Correction, opt.Correction)
	if opt.CorrectLeaves != 0 {
		o.CorrectLeaves = opt.CorrectLeaves > 0
	}
	if opt.QuiesceTT != 0 {
		o.QuiesceTT = opt.QuiesceTT > 0
	}
}

// setting replaces *dst by v when v is not zero (a negative v turns the
// setting off: 0).
func setting(dst *int, v int) {
	if v != 0 {
		*dst = max(v, 0)
	}
}

// threatReduction are engine.Options.ReduceThreats and ThreatLMR for a
// brain's ThreatLMR setting: negative, late forcing moves not reduced; 0 or
// more, reduced by their late move reduction less that many plies.
func threatReduction(plies int) (bool, int) {
	return plies >= 0, max(plies, 0)
}

// configure gives b the candidates, evaluation, search settings and limits
// of opt that replace a new brain's defaults.
func configure(b *Brain, opt Options) {
	b.Candidates = opt.Candidates
	b.RootCandidates = opt.RootCandidates
	b.WidePlies = opt.WidePlies
	if opt.Taper != 0 {
		b.Taper = opt.Taper > 0
	}
	if e := optEval(opt); e != nil {
		b.Eval = e
	}
	searchOptions(&b.E.Options, opt)
	if opt.ContAttack != 0 {
		b.ContAttack = max(opt.ContAttack, 0)
	}
	if b.ContAttack > 0 {
		b.E.Options.AdjustLMR = true
	}
	if opt.QuiescePlies > 0 {
		b.QuiescePlies = opt.QuiescePlies
	}
	if opt.QuiesceComb != 0 {
		b.QuiesceComb = opt.QuiesceComb
	}
	if opt.IndirectDefences != 0 {
		b.IndirectDefences = opt.IndirectDefences > 0
	}
	if opt.WidenLost != 0 {
		b.WidenLost = opt.WidenLost > 0
	}
	if opt.VerifyPct != 0 {
		b.VerifyPct = max(opt.VerifyPct, 0)
	}
	b.MaxDepth = opt.MaxDepth
	b.MaxNodes = opt.MaxNodes
	b.NoVCF = opt.NoVCF
}

// Run speaks the Gomocup protocol on in/out until END or the end of input.
func Run(in io.Reader, out io.Writer, opt Options) error {
	if opt.Name == "" {
		opt.Name = "pentad"
	}
	if opt.Version == "" {
		opt.Version = "dev"
	}
	if opt.Author == "" {
		opt.Author = "Pentad developers"
	}
	if opt.Country == "" {
		opt.Country = "International"
	}
	if opt.Threads < 1 {
		opt.Threads = 1
	}
	if opt.MessageInterval == 0 {
		opt.MessageInterval = 250 * time.Millisecond
	}
	s := &session{
		opt:       opt,
		out:       &lineWriter{w: bufio.NewWriter(out), interval: opt.MessageInterval},
		lines:     make(chan inLine, 256),
		timeLeft:  -1,
		maxMemory: DefaultMaxMemory,
	}
	s.timeoutTurn = defaultTurnMs
	s.ttMiB = s.wantTT()
	s.brain = NewBrain(s.ttMiB, opt.Threads)
	s.threads = opt.Threads
	configure(s.brain, opt)
	s.brain.OnInfo = s.out.message
	s.brain.Prefault()
	// the pattern tables of every rule, built while the manager is still
	// setting up, so that START and INFO rule answer at once
	go game.PrepareTables()
	go readLines(in, s.lines)
	for {
		line, ok := s.next()
		if !ok {
			return nil
		}
		if quit := s.handle(line); quit {
			return nil
		}
	}
}

// readLines splits the input at CR, LF or CRLF, drops empty lines and cuts
// very long ones.
// inLine is an input line and the time it arrived.
type inLine struct {
	text string
	at   time.Time
}

func readLines(in io.Reader, ch chan<- inLine) {
	r := bufio.NewReaderSize(in, 1<<16)
	var buf []byte
	for {
		c, err := r.ReadByte()
		if err != nil {
			if len(strings.TrimSpace(string(buf))) > 0 {
				ch <- inLine{string(buf), time.Now()}
			}
			close(ch)
			return
		}
		if c == '\r' || c == '\n' {
			if len(strings.TrimSpace(string(buf))) > 0 {
				ch <- inLine{string(buf), time.Now()}
			}
			buf = buf[:0]
			continue
		}
		if len(buf) < maxLine {
			buf = append(buf, c)
		}
	}
}

func (s *session) next() (string, bool) {
	var l inLine
	ok := true
	if len(s.pending) > 0 {
		l = s.pending[0]
		s.pending = s.pending[1:]
	} else {
		l, ok = <-s.lines
	}
	s.cmdAt = l.at
	return l.text, ok
}

func (s *session) reply(format string, a ...any) { s.out.line(fmt.Sprintf(format, a...)) }

func splitCommand(line string) (cmd, arg string) {
	line = strings.TrimSpace(line)
	cmd, arg, _ = strings.Cut(line, " ")
	if i := strings.IndexByte(cmd, '\t'); i >= 0 {
		cmd, arg = cmd[:i], cmd[i+1:]+" "+arg
	}
	return strings.ToUpper(cmd), strings.TrimSpace(arg)
}

// handle runs one command; it returns true when the session must end.
func (s *session) handle(line string) bool {
	s.settle()
	cmd, arg := splitCommand(line)
	switch cmd {
	case "START":
		n, err := strconv.Atoi(arg)
		if err != nil || n < game.MinSize || n > game.MaxSize {
			s.reply("ERROR unsupported size %q (%d..%d)", arg, game.MinSize, game.MaxSize)
			return false
		}
		s.newGame(n, n)
		s.reply("OK")
	case "RECTSTART":
		w, h, err := game.ParseXY(arg)
		if err != nil || w < game.MinSize || h < game.MinSize || w > game.MaxSize || h > game.MaxSize {
			s.reply("ERROR unsupported size %q (%d..%d each side)", arg, game.MinSize, game.MaxSize)
			return false
		}
		s.newGame(w, h)
		s.reply("OK")
	case "RESTART":
		if !s.started {
			s.reply("ERROR no game started (send START first)")
			return false
		}
		s.newGame(s.w, s.h)
		s.reply("OK")
	case "BEGIN":
		if !s.started {
			s.reply("ERROR no game started (send START first)")
			return false
		}
		if s.pos.Stones() != 0 {
			s.reply("ERROR BEGIN needs an empty board")
			return false
		}
		return s.move()
	case "TURN", "PLAY":
		// TURN: the opponent's move, then ours; PLAY: a move to play as
		// given (after SUGGEST), echoed
		if !s.started {
			s.reply("ERROR no game started (send START first)")
			return false
		}
		m, err := s.opponentMove(arg)
		if err != nil {
			s.reply("ERROR %v", err)
			return false
		}
		s.pos.Make(m)
		if cmd == "TURN" {
			return s.move()
		}
		s.reply("%s", game.FormatMove(m))
	case "TAKEBACK":
		if !s.started {
			s.reply("ERROR no game started (send START first)")
			return false
		}
		m, err := s.pos.ParseMove(arg)
		if err != nil {
			s.reply("ERROR %v", err)
			return false
		}
		if s.pos.Ply() == 0 || s.pos.LastMove() != m {
			s.reply("ERROR %s is not the last move", game.FormatMove(m))
			return false
		}
		s.pos.Unmake(m)
		s.reply("OK")
	case "BOARD":
		return s.board()
	case "SWAP2BOARD":
		return s.swap2()
	case "INFO":
		s.info(arg)
	case "END":
		return true
	case "ABOUT":
		s.reply("name=%q, version=%q, author=%q, country=%q", s.opt.Name, s.opt.Version, s.opt.Author, s.opt.Country)
	case "YXSTOP":
		// nothing is running: nothing to stop
	case "":
	default:
		s.reply("UNKNOWN command %s", printable(cmd, 40))
	}
	return false
}

// opponentMove parses and checks a move given by the manager.
func (s *session) opponentMove(arg string) (engine.Move, error) {
	m, err := s.pos.ParseMove(arg)
	if err != nil {
		return m, err
	}
	if !s.pos.IsEmptyCell(m) {
		return m, fmt.Errorf("%s is not empty", game.FormatMove(m))
	}
	if over, _, _ := s.pos.Status(); over {
		return m, fmt.Errorf("the game is over")
	}
	return m, nil
}

func (s *session) newGame(w, h int) {
	s.started = true
	s.w, s.h = w, h
	s.used = 0
	s.base = s.base[:0]
	p, _ := NewSearch(w, h, s.rule)
	s.pos = p
	// no table clearing here (it takes a third of a second on a large
	// table): hashes include the size and the rule, and old entries age out
}

// rebuild remakes the position under the current rule with the same stones.
func (s *session) rebuild() {
	if !s.started {
		return
	}
	moves := s.pos.Moves()
	side := s.pos.Side()
	p, _ := NewSearch(s.w, s.h, s.rule)
	for _, st := range s.base {
		p.SetStone(st.c, st.side)
	}
	if len(moves) > 0 {
		// the side of the first move is what it was before the moves
		first := side ^ (len(moves) & 1)
		p.SetSide(first)
	} else {
		p.SetSide(side)
	}
	for _, m := range moves {
		p.Make(m)
	}
	s.pos = p
	s.brain.work.ClearVCF()
}

// ruleFromBits maps the INFO rule bitmask: 4 renju, else 8 caro, else 1
// exactly five, else freestyle. Bit 2 (continuous game) changes nothing in
// play: stones of finished lines arrive as BOARD field 3 and are walls.
func ruleFromBits(v int, rule2IsRenju bool) game.Rule {
	switch {
	case v&4 != 0:
		return game.Renju
	case rule2IsRenju && v == 2:
		return game.Renju
	case v&8 != 0:
		return game.Caro
	case v&1 != 0:
		return game.Standard
	}
	return game.Freestyle
}

func (s *session) info(arg string) {
	key, val, _ := strings.Cut(strings.TrimSpace(arg), " ")
	key = strings.ToLower(strings.TrimSpace(key))
	val = strings.TrimSpace(val)
	num, err := strconv.ParseInt(val, 10, 64)
	numOK := err == nil && num >= 0
	if key != "max_memory" && num > maxInfoMs {
		num = maxInfoMs // keeps durations from overflowing
	}
	switch key {
	case "timeout_turn":
		if numOK {
			s.timeoutTurn = num
		}
	case "timeout_match":
		if numOK {
			s.timeoutMatch = num
		}
	case "time_left":
		if numOK {
			s.timeLeft = num
		}
	case "max_memory":
		if numOK {
			s.maxMemory = num
			if mib := s.wantTT(); mib != s.ttMiB {
				s.ttMiB = mib
				s.brain.E.TT.Resize(mib)
				s.brain.Prefault()
			}
			if num > 0 {
				debug.SetMemoryLimit(num * 9 / 10)
			} else {
				debug.SetMemoryLimit(math.MaxInt64)
			}
		}
	case "rule":
		if numOK && num < 1<<16 {
			s.ruleBits = int(num)
			r := ruleFromBits(int(num), s.opt.Rule2IsRenju)
			if r != s.rule {
				s.rule = r
				s.rebuild()
			}
		}
	case "thread_num":
		if numOK && num >= 1 && num <= 256 {
			s.threads = int(num)
		}
	default:
		// game_type, evaluate, folder and unknown keys: nothing to do
	}
}

// wantTT is the table size that fits max_memory with room for the rest of
// the process (pattern tables, positions, Go runtime).
func (s *session) wantTT() int {
	if s.opt.TTMiB > 0 {
		return s.opt.TTMiB
	}
	mem := s.maxMemory
	if mem <= 0 {
		mem = DefaultMaxMemory
	}
	avail := mem*7/10 - 32<<20 // measured: about 24 MB without the table
	mib := 1
	for int64(mib*2)<<20 <= avail && mib < maxTTMiB {
		mib *= 2
	}
	return mib
}

// budget turns the clock information into a think time.
func (s *session) budget() Budget {
	const unlimited = time.Duration(math.MaxInt64)
	hard := unlimited
	if s.timeoutTurn > 0 {
		turn := time.Duration(s.timeoutTurn) * time.Millisecond
		// the watchdog answers at the hard deadline whatever the search
		// does, and account learns any further lateness
		hard = turn - engine.Margin(turn) - s.overrun
	}
	soft := time.Duration(0)
	left := time.Duration(-1)
	if s.timeLeft >= 0 && (s.timeoutMatch > 0 || s.timeLeft < math.MaxInt32) {
		left = time.Duration(s.timeLeft) * time.Millisecond
	} else if s.timeLeft < 0 && s.timeoutMatch > 0 {
		// a match clock but no time_left: count our own time
		left = max(time.Duration(s.timeoutMatch)*time.Millisecond-s.used, 0)
	}
	if left >= 0 {
		// a share of what is left for every move, whatever the ply: the
		// clock runs down geometrically and never out, and a long game
		// still has time at its end
		avail := max(left-clockReserve(left, s.pos.EmptyCells()), 0)
		space := s.opt.ClockSpace
		if space <= 0 {
			space = DefaultClockSpace
		}
		if h := avail / clockSpaceMin; h < hard {
			hard = h
		}
		soft = max(avail/time.Duration(space), time.Millisecond)
	}
	if hard == unlimited {
		hard = time.Duration(defaultTurnMs) * time.Millisecond
	}
	// the least hard limit: a short search, unless the match clock is
	// down to its reserve, when every move is answered at once
	floor := 20 * time.Millisecond
	if left >= 0 {
		floor = time.Millisecond
	}
	hard = max(hard, floor)
	if soft == 0 || soft > softOf(hard, s.opt.SoftPct) {
		soft = softOf(hard, s.opt.SoftPct)
	}
	soft = max(soft, min(5*time.Millisecond, hard))
	return Budget{Soft: soft, Hard: hard}
}

// DefaultClockSpace divides the match time left (less clockReserve) into
// the soft limit of a move: the search starts no new iteration after it
// (0.6 of it when the best move is stable, 1.6 when it just changed), and
// an iteration under way runs on up to the hard limit. So a move takes
// about 1/DefaultClockSpace to 3/DefaultClockSpace of what is left.
// Against 20 in self-play at 6 s a game and 1 s a move (arena -game gomoku
// -tc 6/1 -games 200 -concurrency 2 -openings
// book/gomoku/data/openings-15-freestyle.txt -tolerance 0, -threads 1
// each): 14 scored -15.6 +/- 37.1 Elo (seed 3604), 28 -27.9 +/- 35.9 (seed
// 3605). The old share (time left/(2*max(12, empty/8))) lost to it by
// 70.4 +/- 37.8 (seed 3603).
const DefaultClockSpace = 20

// clockSpaceMin divides the match time left into the hard limit of a move.
const clockSpaceMin = 6

// clockReserve is the part of the match time left that no move plans to
// spend: a margin, and the round trips of the moves still to come on a
// board of empty cells. Even an answer given at once costs the manager's
// clock a few milliseconds (3-4 ms measured by the arena): a game played
// to a full board makes over 100 of them.
func clockReserve(left time.Duration, empty int) time.Duration {
	return 50*time.Millisecond + left/50 + time.Duration(empty/2)*roundTrip
}

// roundTrip is what the clockReserve keeps for each move still to come.
const roundTrip = 4 * time.Millisecond

// since takes off the time already gone since the command arrived; the
// soft limit stays within pct percent of the hard one (0: DefaultSoftPct).
func (b Budget) since(t time.Time, pct int) Budget {
	if t.IsZero() {
		return b
	}
	el := time.Since(t)
	b.Hard = max(b.Hard-el, min(b.Hard, 10*time.Millisecond))
	b.Soft = max(min(b.Soft, softOf(b.Hard, pct)), min(b.Hard, 5*time.Millisecond))
	return b
}

// bookStones lists the stones of p relative to the centre, black and
// white; ok is false on a board the book cannot hold (not square, neutral
// stones, or a side to move that does not follow from the stone counts).
func bookStones(p *Search) (black, white []book.Point, ok bool) {
	if p.Width() != p.Height() {
		return nil, nil, false
	}
	c := p.Width() / 2
	for y := 0; y < p.Height(); y++ {
		for x := 0; x < p.Width(); x++ {
			switch p.At(x, y) {
			case game.BlackSt:
				black = append(black, book.Point{X: x - c, Y: y - c})
			case game.WhiteSt:
				white = append(white, book.Point{X: x - c, Y: y - c})
			case game.Wall:
				return nil, nil, false
			}
		}
	}
	switch {
	case len(black) == len(white) && p.Side() == game.Black:
	case len(black) == len(white)+1 && p.Side() == game.White:
	default:
		return nil, nil, false
	}
	return black, white, true
}

// bookMove looks the position up in the book.
func (s *session) bookMove() engine.Move {
	if s.opt.Book == nil || s.pos.Stones() > bookMaxStones {
		return engine.NoMove
	}
	black, white, ok := bookStones(s.pos)
	if !ok {
		return engine.NoMove
	}
	r, ok := s.opt.Book.Lookup(s.w, s.rule.String(), black, white)
	if !ok {
		return engine.NoMove
	}
	m := s.pos.MoveAt(s.w/2+r.X, s.h/2+r.Y)
	if m == engine.NoMove || !s.pos.IsLegal(m) {
		return engine.NoMove
	}
	s.out.message("book " + game.FormatMove(m))
	return m
}

// bookMaxStones bounds the positions looked up in the book.
const bookMaxStones = 12

// think runs the brain in the background while the input is read: YXSTOP
// stops it, END ends the session, anything else waits its turn.
func (s *session) think(f func() engine.Move) (m engine.Move, quit bool) {
	return s.thinkUntil(f, time.Time{})
}

// watchdogGrace is how long past the hard deadline the session waits for
// the search thread before it answers the brain's best move so far itself.
const watchdogGrace = 15 * time.Millisecond

// settle waits for a search that the watchdog answered for (it was told to
// stop) before anything else uses the brain.
func (s *session) settle() {
	if s.busy != nil {
		<-s.busy
		s.busy = nil
	}
}

// thinkUntil is think with a watchdog: if the brain has not answered by
// deadline + watchdogGrace (a loaded machine can keep the search thread
// off the CPU), the session answers the brain's best move so far and lets
// the stopped search finish in the background.
func (s *session) thinkUntil(f func() engine.Move, deadline time.Time) (m engine.Move, quit bool) {
	s.settle()
	done := make(chan engine.Move, 1)
	s.brain.Ready()
	s.brain.best.Store(0)
	go func() { done <- f() }()
	var watchdog <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline) + watchdogGrace)
		defer t.Stop()
		watchdog = t.C
	}
	for {
		select {
		case m = <-done:
			return m, false
		case <-watchdog:
			s.brain.Stop()
			if b := s.brain.Best(); b != engine.NoMove && s.pos.IsLegal(b) {
				s.busy = done
				s.out.message("late search: answered " + game.FormatMove(b) + " for it")
				return b, false
			}
		case in, ok := <-s.lines:
			line := in.text
			if !ok {
				s.brain.Stop()
				<-done
				return engine.NoMove, true
			}
			cmd, _ := splitCommand(line)
			switch cmd {
			case "YXSTOP":
				s.brain.Stop()
			case "END":
				s.brain.Stop()
				<-done
				return engine.NoMove, true
			default:
				s.pending = append(s.pending, in)
			}
		}
	}
}

// move thinks and plays the brain's move.
func (s *session) move() bool {
	if over, _, _ := s.pos.Status(); over {
		s.reply("ERROR the game is over")
		return false
	}
	m := s.bookMove()
	var deadline time.Time
	if m == engine.NoMove {
		bud := s.budget().since(s.cmdAt, s.opt.SoftPct)
		deadline = time.Now().Add(bud.Hard)
		s.brain.E.Options.Threads = threadsFor(bud, s.threads)
		var quit bool
		m, quit = s.thinkUntil(func() engine.Move { return s.brain.Think(s.pos, bud) }, deadline)
		if quit {
			return true
		}
	}
	if m == engine.NoMove {
		s.reply("ERROR no legal move")
		return false
	}
	s.pos.Make(m)
	s.reply("%s", game.FormatMove(m))
	if s.opt.Log != nil {
		hard := time.Duration(0)
		if !deadline.IsZero() {
			hard = deadline.Sub(s.cmdAt)
		}
		fmt.Fprintf(s.opt.Log, "ply %d move %s answered %v after the command (hard %v, overrun %v, threads %d)\n",
			s.pos.Ply(), game.FormatMove(m), time.Since(s.cmdAt).Round(time.Microsecond), hard.Round(time.Microsecond),
			s.overrun.Round(time.Microsecond), s.brain.E.Options.Threads)
	}
	s.account(deadline)
	return false
}

// threadsFor is the number of search threads for a move: one when the
// move is short, where a helper adds little and, on a loaded machine, makes
// the answer to the stop later (the main thread waits for it).
func threadsFor(b Budget, threads int) int {
	if b.Hard < minHelperTime {
		return 1
	}
	return threads
}

// minHelperTime is the least hard budget for which helpers search.
const minHelperTime = 500 * time.Millisecond

// account charges the move to our match clock and learns how late past
// its hard deadline the answer went out (a loaded machine answers a stop
// late); budget keeps that much more in reserve for later moves.
func (s *session) account(deadline time.Time) {
	now := time.Now()
	if !s.cmdAt.IsZero() {
		s.used += now.Sub(s.cmdAt)
	}
	s.overrun = s.overrun * 7 / 8
	if !deadline.IsZero() {
		if late := now.Sub(deadline); late > s.overrun {
			s.overrun = min(late, maxOverrun)
		}
	}
}

// maxOverrun bounds the reserve learnt from late answers.
const maxOverrun = 2 * time.Second

// readBlock reads the lines of a BOARD or SWAP2BOARD block up to DONE.
func (s *session) readBlock() (rows []string, quit bool) {
	for {
		l, ok := s.next()
		if !ok {
			return nil, true
		}
		t := strings.TrimSpace(l)
		if strings.EqualFold(t, "DONE") {
			return rows, false
		}
		if strings.EqualFold(t, "END") {
			return nil, true
		}
		rows = append(rows, t)
	}
}

// board handles BOARD ... DONE: a whole new position, then a move.
func (s *session) board() bool {
	at := s.cmdAt // the clock starts with the BOARD line, not with DONE
	rows, quit := s.readBlock()
	s.cmdAt = at
	if quit {
		return true
	}
	if !s.started {
		s.reply("ERROR no game started (send START first)")
		return false
	}
	type st struct{ x, y, f int }
	var stones []st
	seen := map[[2]int]bool{}
	nOwn, nOpp := 0, 0
	for _, r := range rows {
		parts := strings.Split(r, ",")
		if len(parts) != 3 {
			s.reply("ERROR bad BOARD line %q (x,y,field)", r)
			return false
		}
		var v [3]int
		for i, p := range parts {
			n, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil {
				s.reply("ERROR bad BOARD line %q (x,y,field)", r)
				return false
			}
			v[i] = n
		}
		if v[0] < 0 || v[1] < 0 || v[0] >= s.w || v[1] >= s.h {
			s.reply("ERROR %d,%d is off the board", v[0], v[1])
			return false
		}
		if v[2] < 1 || v[2] > 3 {
			s.reply("ERROR bad field %d in %q", v[2], r)
			return false
		}
		if seen[[2]int{v[0], v[1]}] {
			s.reply("ERROR %d,%d given twice", v[0], v[1])
			return false
		}
		seen[[2]int{v[0], v[1]}] = true
		switch v[2] {
		case 1:
			nOwn++
		case 2:
			nOpp++
		}
		stones = append(stones, st{v[0], v[1], v[2]})
	}
	// our colour: black if we are to move on an even count
	us := (nOwn + nOpp) & 1
	if nOwn == nOpp {
		us = game.Black
	} else if nOpp == nOwn+1 {
		us = game.White
	}
	colour := func(f int) int {
		if f == 1 {
			return us
		}
		return us ^ 1
	}
	p, _ := NewSearch(s.w, s.h, s.rule)
	var base []baseStone
	for _, t := range stones {
		if t.f == 3 {
			c := p.Index(t.x, t.y)
			p.SetStone(c, 2)
			base = append(base, baseStone{c, 2})
		}
	}
	// replay in the given order when the colours alternate from black
	alternate := true
	k := 0
	for _, t := range stones {
		if t.f == 3 {
			continue
		}
		if colour(t.f) != k&1 {
			alternate = false
			break
		}
		k++
	}
	if alternate && (nOwn+nOpp)&1 == us {
		for _, t := range stones {
			if t.f != 3 {
				p.Make(p.MoveAt(t.x, t.y))
			}
		}
	} else {
		for _, t := range stones {
			if t.f != 3 {
				c := p.Index(t.x, t.y)
				p.SetStone(c, colour(t.f))
				base = append(base, baseStone{c, colour(t.f)})
			}
		}
		p.SetSide(us)
	}
	if over, _, _ := p.Status(); over {
		s.reply("ERROR the position is already decided")
		return false
	}
	s.pos = p
	s.base = base
	s.brain.work.ClearVCF()
	return s.move()
}

// swap2 handles SWAP2BOARD with 0, 3 or 5 stones. The time of an answer
// counts on our match clock like a move's.
func (s *session) swap2() bool {
	at := s.cmdAt
	rows, quit := s.readBlock()
	s.cmdAt = at
	if quit {
		return true
	}
	if !s.started {
		s.reply("ERROR no game started (send START first)")
		return false
	}
	p, _ := NewSearch(s.w, s.h, s.rule)
	for _, r := range rows {
		m, err := p.ParseMove(r)
		if err != nil || !p.IsLegal(m) {
			s.reply("ERROR bad SWAP2BOARD stone %q", r)
			return false
		}
		p.Make(m)
	}
	if s.swap2Book(p, len(rows)) {
		s.account(time.Time{})
		return false
	}
	bud := s.budget().since(s.cmdAt, s.opt.SoftPct)
	s.brain.E.Options.Threads = threadsFor(bud, s.threads)
	switch len(rows) {
	case 0:
		var best [3]engine.Move
		ans, quit := s.think(func() engine.Move {
			bestAbs := math.MaxInt
			for _, cand := range book.Swap2Candidates {
				if s.brain.stopped.Load() {
					break
				}
				q, _ := NewSearch(s.w, s.h, s.rule)
				var ms [3]engine.Move
				ok := true
				for i, pt := range cand {
					m := q.MoveAt(s.w/2+pt.X, s.h/2+pt.Y)
					if m == engine.NoMove || !q.IsLegal(m) {
						ok = false
						break
					}
					q.Make(m)
					ms[i] = m
				}
				if !ok {
					continue
				}
				_, sc := s.brain.Analyse(q, Budget{Soft: bud.Soft / 6, Hard: bud.Hard / 7})
				if a := abs(sc); a < bestAbs {
					bestAbs, best = a, ms
				}
			}
			return best[0]
		})
		if quit {
			return true
		}
		if ans == engine.NoMove {
			s.reply("ERROR board too small for an opening")
			return false
		}
		s.reply("%s", formatMoves(best[:]))
		s.account(time.Time{})
	case 3, 5:
		var a Swap2Answer
		_, quit := s.think(func() engine.Move {
			a = s.brain.Swap2Decide(p, bud)
			return engine.NoMove
		})
		if quit {
			return true
		}
		if a.Swap || len(a.Stones) == 0 {
			s.reply("SWAP")
		} else {
			s.reply("%s", formatMoves(a.Stones))
		}
		s.account(time.Time{})
	default:
		s.reply("ERROR SWAP2BOARD takes 0, 3 or 5 stones, got %d", len(rows))
	}
	return false
}

// swap2Book answers SWAP2BOARD from the book when it knows the position
// (n stones, in p); it reports whether it answered.
func (s *session) swap2Book(p *Search, n int) bool {
	bk := s.opt.Book
	if bk == nil || s.w != s.h {
		return false
	}
	c := s.w / 2
	if n == 0 {
		o, ok := bk.Swap2Open(s.w, s.rule.String())
		if !ok {
			return false
		}
		q, _ := NewSearch(s.w, s.h, s.rule)
		return s.replyStones(q, c, o[:])
	}
	black, white, ok := bookStones(p)
	if !ok {
		return false
	}
	swap, place, ok := bk.Swap2Answer(s.w, s.rule.String(), black, white)
	if !ok {
		return false
	}
	if swap {
		s.reply("SWAP")
		return true
	}
	q := *p
	return s.replyStones(&q, c, place)
}

// formatMoves writes moves as the protocol lists them: "x,y x,y ...".
func formatMoves(ms []engine.Move) string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = game.FormatMove(m)
	}
	return strings.Join(out, " ")
}

// replyStones plays the book's stones (offsets from the centre c) on q and
// answers them; it answers nothing and reports false if one is illegal.
func (s *session) replyStones(q *Search, c int, pts []book.Point) bool {
	var ms []engine.Move
	for _, pt := range pts {
		m := q.MoveAt(c+pt.X, c+pt.Y)
		if m == engine.NoMove || !q.IsLegal(m) {
			return false
		}
		q.Make(m)
		ms = append(ms, m)
	}
	s.reply("%s", formatMoves(ms))
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Command runs a subcommand of pbrain-pentad and returns the exit code;
// tactics thinks with the settings of opt that replace the defaults (the
// command line's evaluation and search flags), the others ignore opt:
//
//	bench                       fixed-depth search bench (the signature)
//	perft N [divide] [rule] [size]  legal move sequences from the empty board
//	vcf                         VCF solver speed on the test positions
//	match [-ms N] [-openings F] [-weak-depth D]  self-play against a weaker setting
//	tune [-iters N] [-nodes N] -openings F      SPSA self-play tuning of the weights
//	gen [-games N] [-nodes N] -openings F       self-play games for texel (games.jsonl)
//	book build [-ms N] [-plies N] [-o FILE]      opening book source (book/gomoku/data)
func Command(stdout, stderr io.Writer, args []string, opt Options) int {
	switch args[0] {
	case "bench":
		r := Bench()
		r.Print(stdout, "pentad")
		return 0
	case "perft":
		if len(args) < 2 {
			fmt.Fprintln(stderr, "usage: perft N [divide] [rule] [size]")
			return 2
		}
		d, err := strconv.Atoi(args[1])
		if err != nil || d < 0 {
			fmt.Fprintln(stderr, "perft: bad depth")
			return 2
		}
		divide := false
		rule := game.Freestyle
		size := 15
		for _, a := range args[2:] {
			if a == "divide" {
				divide = true
			} else if r, err := game.ParseRule(a); err == nil {
				rule = r
			} else if n, err := strconv.Atoi(a); err == nil {
				size = n
			} else {
				fmt.Fprintf(stderr, "perft: bad argument %q\n", a)
				return 2
			}
		}
		p, err := game.NewPosition(size, size, rule)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
		if divide {
			bench.PrintDivide(stdout, bench.Divide(game.PerftPosition{Position: p}, d, game.FormatMove))
			return 0
		}
		bench.RunPerft(stdout, p.Perft, d)
		return 0
	case "vcf":
		return vcfCommand(stdout)
	case "match":
		return matchCommand(stdout, stderr, args[1:])
	case "tune":
		return tuneCommand(stdout, stderr, args[1:])
	case "texel":
		return texelCommand(stdout, stderr, args[1:])
	case "gen":
		return genCommand(stdout, stderr, args[1:])
	case "book":
		return bookCommand(stdout, stderr, args[1:])
	case "openings":
		return openingsCommand(stdout, stderr, args[1:])
	case "tactics":
		return tacticsCommand(stdout, stderr, args[1:], opt)
	}
	fmt.Fprintf(stderr, "unknown subcommand %q (bench, perft, vcf, match, tune, texel, gen, book, openings, tactics)\n", args[0])
	return 2
}

// printable quotes at most n bytes of an unknown command for an answer:
// control and non-ASCII bytes as Go escapes, "..." after a cut.
func printable(s string, n int) string {
	cut := len(s) > n
	if cut {
		s = s[:n]
	}
	q := strconv.QuoteToASCII(s)
	q = q[1 : len(q)-1]
	if cut {
		q += "..."
	}
	return q
}
