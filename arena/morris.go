package arena

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/morris"
)

// MorrisRef referees Nine men's morris over the protocol of
// protocols/morris.md as its GUI does: the engine's first line, within 5 s,
// must be exactly "ready"; then "init" once. Each game starts with
// "newgame"; the opponent's moves arrive as "move M"; "go" asks for a move,
// and "stop" is sent when the move time is up. Only bestmove lines are read,
// anything else is ignored. Processes are reused across games. Draws: 100
// plies without advancement and threefold repetition (game/morris rules).
type MorrisRef struct {
	Names    bool // write moves with square names instead of indices
	MaxPlies int  // adjudicate a draw after this many plies (0: never)
}

func init() { Register("morris", func() Referee { return &MorrisRef{} }) }

// Name implements Referee.
func (r *MorrisRef) Name() string { return "morris" }

// ColourNames implements Colours.
func (r *MorrisRef) ColourNames() [2]string { return [2]string{"white", "black"} }

// GameOptions implements Optioner.
func (r *MorrisRef) GameOptions() map[string]string {
	return map[string]string{"names": strconv.FormatBool(r.Names), "maxplies": strconv.Itoa(r.MaxPlies)}
}

// DefaultTC: one second per move, no game clock.
func (r *MorrisRef) DefaultTC() TimeControl { return TimeControl{Move: time.Second} }

// DefaultPlies of random openings.
func (r *MorrisRef) DefaultPlies() int { return 2 }

// QuitLine ends reused processes.
func (r *MorrisRef) QuitLine() string { return "quit" }

// Configure accepts names=true|false and maxplies=N.
func (r *MorrisRef) Configure(opts map[string]string) error {
	return configure("morris", opts, boolOption("names", &r.Names), intOption("maxplies", &r.MaxPlies, 0, math.MaxInt))
}

// ParseOpening reads moves separated by blanks or commas (indices or names).
func (r *MorrisRef) ParseOpening(line string) ([]string, error) {
	p := morris.NewPosition()
	return parseOpening(line, p, func() bool { over, _, _ := p.Status(); return over }, func(m engine.Move) string { return morris.FormatMove(m, false) })
}

// RandomOpening plays random legal moves.
func (r *MorrisRef) RandomOpening(rng *rand.Rand, plies int) []string {
	p := morris.NewPosition()
	return randomOpening(rng, plies, p, func() bool { over, _, _ := p.Status(); return over }, func(m engine.Move) string { return morris.FormatMove(m, false) })
}

const morrisReady = 5 * time.Second

// morrisHello sets up a new process: its first line must be "ready" within
// 5 s; then it receives "init".
func morrisHello(t *table, c int) (Result, bool) {
	line, err := t.read(c, time.Now().Add(morrisReady))
	if err != nil {
		reason, d := ReadFault(t.procs[c], err)
		return t.lose(c, reason, "before ready: "+d), false
	}
	if line != "ready" {
		return t.lose(c, Malformed, "first line is not ready: "+Quote(line)), false
	}
	t.send(c, "init")
	return Result{}, true
}

// morrisBest accepts the answer to go: a bestmove line.
func morrisBest(line string) bool {
	f := strings.Fields(line)
	return len(f) > 0 && f[0] == "bestmove"
}

// Play implements Referee.
func (r *MorrisRef) Play(ctx context.Context, s *Setup, pool *Pool) Record {
	rec := Record{Opening: s.Opening}
	t := newPooledTable(ctx, s, pool)
	defer t.close()
	if res, ok := t.startAll(func(c int) (Result, bool) { return morrisHello(t, c) }); !ok {
		rec.Result = res
		return rec
	}
	pos := morris.NewPosition()
	for c := 0; c < 2; c++ {
		t.send(c, "newgame")
	}
	for _, o := range s.Opening {
		m, err := pos.ParseMove(o)
		if err != nil {
			rec.Result = Result{Winner: -1, Reason: Aborted, Detail: "bad opening move " + o}
			t.keepAll()
			return rec
		}
		pos.Make(m)
		for c := 0; c < 2; c++ {
			t.send(c, "move "+morris.FormatMove(m, r.Names))
		}
	}
	clocks := NewClocks(s)
	stopGrace := 200 * time.Millisecond
	if s.Tolerance > stopGrace {
		stopGrace = s.Tolerance
	}
	for {
		if over, w, why := pos.Status(); over {
			t.keepAll()
			rec.Result = Result{Winner: w, Reason: Normal, Detail: morrisWhy(why, w)}
			break
		}
		if r.MaxPlies > 0 && len(rec.Moves) >= r.MaxPlies {
			t.keepAll()
			rec.Result = Result{Winner: -1, Reason: Normal, Detail: fmt.Sprintf("draw by adjudication after %d plies", r.MaxPlies)}
			break
		}
		c := pos.Side()
		t0 := time.Now()
		stopAt := time.Time{}
		if budget, limited := clocks[c].Budget(); limited {
			stopAt = t0.Add(budget + s.Tolerance)
		}
		// Lines other than bestmove are ignored; when the move time is
		// up, "stop" asks for the move at once.
		line, _, err := t.ask(c, stopAt, morrisBest, "go")
		stopped := err == ErrTimeout
		if stopped {
			line, _, err = t.ask(c, stopAt.Add(stopGrace), morrisBest, "stop")
		}
		el := time.Since(t0)
		if err != nil {
			rec.Result = t.fault(c, err, "")
			if rec.Reason == TimeLoss && stopped {
				rec.Detail = "no bestmove after stop"
			}
			return rec
		}
		clocks[c].Spend(el)
		if clocks[c].TC.Game > 0 && clocks[c].Left < -stopGrace {
			rec.Result = t.lose(c, TimeLoss, "game time exceeded")
			return rec
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			rec.Result = t.lose(c, Malformed, "bad bestmove line "+Quote(line))
			return rec
		}
		if _, err := morris.ParseMoveText(f[1]); err != nil {
			rec.Result = t.lose(c, Malformed, "bad move "+Quote(line))
			return rec
		}
		m, err := pos.ParseMove(f[1])
		if err != nil {
			rec.Result = t.lose(c, Illegal, "illegal move "+Quote(line))
			return rec
		}
		pos.Make(m)
		rec.Moves = append(rec.Moves, MoveRec{Side: c, Move: morris.FormatMove(m, false), Ms: el.Milliseconds()})
		t.send(1-c, "move "+morris.FormatMove(m, r.Names))
	}
	rec.Final = morrisBoard(pos)
	return rec
}

func morrisWhy(why, w int) string {
	side := []string{"white", "black"}
	switch why {
	case morris.LessThanThree:
		return side[w] + " wins: opponent has fewer than 3 pieces"
	case morris.Blocked:
		return side[w] + " wins: opponent cannot move"
	case morris.NoAdvance:
		return "draw: 100 plies without placement or take"
	case morris.Repetition:
		return "draw: threefold repetition"
	}
	return ""
}

// morrisBoard draws the 24 nodes (O white, X black).
func morrisBoard(p *morris.Position) string {
	ch := func(i int) byte {
		switch {
		case p.Pieces(0)&(1<<i) != 0:
			return 'O'
		case p.Pieces(1)&(1<<i) != 0:
			return 'X'
		}
		return '.'
	}
	rows := []string{
		"%c-----%c-----%c",
		"| %c---%c---%c |",
		"| | %c-%c-%c | |",
		"%c-%c-%c   %c-%c-%c",
		"| | %c-%c-%c | |",
		"| %c---%c---%c |",
		"%c-----%c-----%c",
	}
	n := 0
	var b strings.Builder
	for i, r := range rows {
		k := strings.Count(r, "%c")
		args := make([]any, k)
		for j := range args {
			args[j] = ch(n)
			n++
		}
		fmt.Fprintf(&b, r, args...)
		if i < len(rows)-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}
