package arena

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/quoridor"
)

// MemoryLimit: the engine's virtual size exceeded the referee's limit.
const MemoryLimit Reason = "memory"

// QuoridorRef referees Quoridor as the course referee does: each engine is
// started fresh as PATH -seed N and set up with name, boardsize N,
// clear_board and walls W; black (first from E9) and white alternate with
// genmove, whose answer is the first line beginning with "="; moves are
// relayed to the other engine with playmove/playwall in full words
// (playwall black D9 horizontal), acknowledged by exactly "=". Limits:
// 20*N s per player per game, 30 s per genmove, 2 s for any other reply;
// optionally the other engine's virtual size (ps -o vsz) is checked before
// each genmove.
type QuoridorRef struct {
	Size, Walls int
	VszMB       int // 0: no memory check; the course referee uses 950
}

func init() { Register("quoridor", func() Referee { return &QuoridorRef{Size: 9, Walls: -1} }) }

// Name implements Referee.
func (q *QuoridorRef) Name() string { return "quoridor" }

// ColourNames implements Colours.
func (q *QuoridorRef) ColourNames() [2]string { return [2]string{"black", "white"} }

// GameOptions implements Optioner: the walls are the number in effect.
func (q *QuoridorRef) GameOptions() map[string]string {
	return map[string]string{"size": strconv.Itoa(q.Size), "walls": strconv.Itoa(q.walls())}
}

// DefaultTC is 20*N seconds per game and 30 s per move.
func (q *QuoridorRef) DefaultTC() TimeControl {
	return TimeControl{Game: time.Duration(20*q.Size) * time.Second, Move: 30 * time.Second}
}

// DefaultPlies of random openings.
func (q *QuoridorRef) DefaultPlies() int { return 2 }

// Configure accepts size (odd, 3..25), walls (per player; -1: the
// referee's default for the size) and vsz (MB; 0: no check).
func (q *QuoridorRef) Configure(opts map[string]string) error {
	size := option{"size", func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || !quoridor.ValidSize(n) {
			return fmt.Errorf("size=%q (odd, %d..%d)", v, quoridor.MinSize, quoridor.MaxSize)
		}
		q.Size = n
		return nil
	}}
	return configure("quoridor", opts, size, intOption("walls", &q.Walls, -1, math.MaxInt), intOption("vsz", &q.VszMB, 0, math.MaxInt))
}

func (q *QuoridorRef) walls() int {
	if q.Walls >= 0 {
		return q.Walls
	}
	return quoridor.DefaultWalls(q.Size)
}

func (q *QuoridorRef) newPos() *quoridor.Pos { return quoridor.New(q.Size, q.walls()) }

// ParseOpening reads moves separated by commas or semicolons ("E8, E2, D9 h");
// blank-separated tokens work too, an orientation joining the vertex before it.
func (q *QuoridorRef) ParseOpening(line string) ([]string, error) {
	toks := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '\t' })
	var moves []string
	for _, t := range toks {
		if _, ok := quoridor.ParseOrientation(t); ok && len(moves) > 0 {
			moves[len(moves)-1] += " " + t
			continue
		}
		moves = append(moves, t)
	}
	p := q.newPos()
	var out []string
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil || !p.IsLegal(m) {
			return nil, fmt.Errorf("opening move %q is not legal", s)
		}
		p.Make(m)
		if over, _ := p.Winner(); over {
			return nil, fmt.Errorf("opening %q ends the game", line)
		}
		out = append(out, p.FormatMove(m))
	}
	return out, nil
}

// RandomOpening plays random pawn steps, with an occasional wall.
func (q *QuoridorRef) RandomOpening(r *rand.Rand, plies int) []string {
	p := q.newPos()
	var out []string
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for len(out) < plies {
		ms := p.GenMoves(buf[:0])
		var pawn, wall []engine.Move
		for _, m := range ms {
			if quoridor.IsWall(m) {
				wall = append(wall, m)
			} else {
				pawn = append(pawn, m)
			}
		}
		pick := pawn
		if len(wall) > 0 && (len(pawn) == 0 || r.IntN(4) == 0) {
			pick = wall
		}
		if len(pick) == 0 {
			break
		}
		m := pick[r.IntN(len(pick))]
		s := p.FormatMove(m)
		p.Make(m)
		if over, _ := p.Winner(); over {
			break
		}
		out = append(out, s)
	}
	return out
}

// vszKB runs ps -o vsz= -p PID as the course referee does.
func vszKB(pid int) (int, error) {
	out, err := exec.Command("ps", "-o", "vsz=", "-p", strconv.Itoa(pid)).Output()
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(string(out)))
}

// fullWords writes a wall for playwall: "D9 horizontal".
func fullWords(mv string) string {
	f := strings.Fields(mv)
	if len(f) == 2 {
		if o, ok := quoridor.ParseOrientation(f[1]); ok {
			if o == quoridor.Horizontal {
				return f[0] + " horizontal"
			}
			return f[0] + " vertical"
		}
	}
	return mv
}

// Play implements Referee.
func (q *QuoridorRef) Play(ctx context.Context, s *Setup, _ *Pool) Record {
	rec := Record{Opening: s.Opening}
	t := newTable(ctx, s, "quit", 200*time.Millisecond)
	defer t.close()
	if res, ok := t.startAll(nil, "-seed", strconv.FormatUint(s.Seed%1000000, 10)); !ok {
		rec.Result = res
		return rec
	}
	const other = 2 * time.Second
	clocks := NewClocks(s)

	// command sends line and reads the response: the first non-blank line,
	// or with genmove the first line beginning with "=".
	type reply struct {
		text string
		res  *Result
		el   time.Duration
	}
	command := func(c int, line string, genmove bool) reply {
		deadline := time.Now().Add(other + s.Tolerance)
		answer := func(l string) bool { return strings.TrimSpace(l) != "" }
		if genmove {
			deadline = clocks[c].Deadline(time.Now())
			answer = func(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), "=") }
		}
		l, el, err := t.ask(c, deadline, answer, line)
		if err != nil {
			res := t.fault(c, err, line)
			return reply{res: &res}
		}
		text := strings.TrimSpace(l)
		if !strings.HasPrefix(text, "=") {
			res := Loss(c, Malformed, "answered "+Quote(l)+" to "+line)
			return reply{res: &res}
		}
		return reply{text: strings.TrimSpace(text[1:]), el: el}
	}
	ack := func(c int, line string) *Result {
		r := command(c, line, false)
		if r.res != nil {
			return r.res
		}
		if strings.HasPrefix(line, "name") {
			return nil
		}
		if r.text != "" {
			res := Loss(c, Malformed, "answered = "+Quote(r.text)+" to "+line)
			return &res
		}
		return nil
	}
	for c := 0; c < 2; c++ {
		for _, l := range []string{"name", "boardsize " + strconv.Itoa(q.Size), "clear_board", "walls " + strconv.Itoa(q.walls())} {
			if res := ack(c, l); res != nil {
				rec.Result = *res
				return rec
			}
		}
	}
	pos := q.newPos()
	relay := func(c, mover int, mv string) *Result {
		cmd := "playmove "
		if strings.Contains(mv, " ") {
			cmd = "playwall "
		}
		return ack(c, cmd+quoridor.ColorName(mover)+" "+fullWords(mv))
	}
	for _, o := range s.Opening {
		m, err := pos.ParseMove(o)
		if err != nil || !pos.IsLegal(m) {
			rec.Result = Result{Winner: -1, Reason: Aborted, Detail: "bad opening move " + o}
			return rec
		}
		mover := pos.Side()
		pos.Make(m)
		for c := 0; c < 2; c++ {
			if res := relay(c, mover, pos.FormatMove(m)); res != nil {
				rec.Result = *res
				return rec
			}
		}
	}
	for {
		if over, w := pos.Winner(); over {
			rec.Result = Result{Winner: w, Reason: Normal, Detail: quoridor.ColorName(w) + " reached the goal row"}
			break
		}
		c := pos.Side()
		if q.VszMB > 0 {
			if kb, err := vszKB(t.procs[1-c].Pid()); err == nil && kb > q.VszMB*1000 {
				rec.Result = Loss(1-c, MemoryLimit, fmt.Sprintf("virtual size %d MB > %d MB", kb/1000, q.VszMB))
				return rec
			}
		}
		r := command(c, "genmove "+quoridor.ColorName(c), true)
		if r.res != nil {
			rec.Result = *r.res
			return rec
		}
		if !clocks[c].Spend(r.el) {
			rec.Result = Loss(c, TimeLoss, fmt.Sprintf("genmove took %v", r.el.Round(time.Millisecond)))
			return rec
		}
		f := strings.Fields(r.text)
		if len(f) == 0 || len(f) > 2 {
			rec.Result = Loss(c, Malformed, "not a move: "+Quote(r.text))
			return rec
		}
		m, err := pos.ParseMove(r.text)
		if err != nil {
			rec.Result = Loss(c, Malformed, "not a move: "+Quote(r.text))
			return rec
		}
		if !pos.IsLegal(m) {
			rec.Result = Loss(c, Illegal, "illegal move "+Quote(r.text))
			return rec
		}
		mv := pos.FormatMove(m)
		pos.Make(m)
		rec.Moves = append(rec.Moves, MoveRec{Side: c, Move: mv, Ms: r.el.Milliseconds()})
		if res := relay(1-c, c, mv); res != nil {
			rec.Result = *res
			return rec
		}
	}
	// As the course referee does, ask both engines for the winner; the
	// answer does not change the result.
	for c := 0; c < 2; c++ {
		command(c, "winner", false)
	}
	rec.Final = pos.Diagram()
	rec.Extra = map[string]string{"walls_left": fmt.Sprintf("%d-%d", pos.WallsLeft(0), pos.WallsLeft(1))}
	return rec
}
