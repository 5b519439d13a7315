package arena

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/gomoku"
)

// GomokuRef is a Gomocup manager in the manner of c-gomoku-cli: ABOUT once
// per process, then for every game START n (the process is reused), INFO
// rule / timeout_turn / timeout_match / max_memory, and before every move
// INFO time_left; a side's first move of a game is asked with BOARD (all
// stones so far, 1 own and 2 opponent's, in the order played, then DONE)
// when an opening was given, or BEGIN on an empty board; TURN x,y after
// that. END when the process is no longer needed. Answers are "x,y";
// MESSAGE, DEBUG and ERROR lines are ignored, and while a move is awaited
// so is every line that is not two integers around one comma, as
// c-gomoku-cli ignores them (some brains print their own notes before the
// move): a brain that sends no move loses on time. The referee judges forbidden
// moves under renju and adjudicates a renju game drawn after 200 stones.
type GomokuRef struct {
	Size      int
	Rule      gomoku.Rule
	MaxMemory int64
}

func init() {
	Register("gomoku", func() Referee {
		return &GomokuRef{Size: 15, Rule: gomoku.Freestyle, MaxMemory: 350 << 20}
	})
}

// Name implements Referee.
func (g *GomokuRef) Name() string { return "gomoku" }

// ColourNames implements Colours.
func (g *GomokuRef) ColourNames() [2]string { return [2]string{"black", "white"} }

// GameOptions implements Optioner.
func (g *GomokuRef) GameOptions() map[string]string {
	return map[string]string{"size": strconv.Itoa(g.Size), "rule": g.Rule.String(), "max_memory": strconv.FormatInt(g.MaxMemory, 10)}
}

// DefaultTC is the Gomocup fast game: 5 s per move, 120 s per game.
func (g *GomokuRef) DefaultTC() TimeControl {
	return TimeControl{Game: 120 * time.Second, Move: 5 * time.Second}
}

// DefaultTolerance is c-gomoku-cli's: at its default tolerance (3 s, when
// it kills the brain) it takes an answer up to 1 s after the turn's limit
// (half the tolerance, at most 1 s) and forfeits a later one. Strong brains
// count on it: one answered its first move of a game (start-up included) in
// 2.2 s of a 1 s turn.
func (g *GomokuRef) DefaultTolerance() time.Duration { return time.Second }

// DefaultPlies of random openings.
func (g *GomokuRef) DefaultPlies() int { return 3 }

// QuitLine ends reused brains.
func (g *GomokuRef) QuitLine() string { return "END" }

// Configure accepts rule (freestyle, standard, renju, caro), size and
// max_memory (bytes).
func (g *GomokuRef) Configure(opts map[string]string) error {
	rule := option{"rule", func(v string) error {
		r, err := gomoku.ParseRule(v)
		if err == nil {
			g.Rule = r
		}
		return err
	}}
	memory := option{"max_memory", func(v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return fmt.Errorf("max_memory=%q (bytes)", v)
		}
		g.MaxMemory = n
		return nil
	}}
	return configure("gomoku", opts, rule, intOption("size", &g.Size, gomoku.MinSize, gomoku.MaxSize), memory)
}

// ruleBits is the INFO rule bitmask: 1 exactly five, 4 renju, 8 caro.
func (g *GomokuRef) ruleBits() int {
	switch g.Rule {
	case gomoku.Standard:
		return 1
	case gomoku.Renju:
		return 4
	case gomoku.Caro:
		return 8
	}
	return 0
}

func (g *GomokuRef) newPos() *gomoku.Position {
	p, err := gomoku.NewPosition(g.Size, g.Size, g.Rule)
	if err != nil {
		panic(err) // Configure checked the size
	}
	return p
}

// ParseOpening reads the openings format of c-gomoku-cli files such as
// gomoku-openings-15-freestyle.txt: stones in the order played, each a
// column letter (a = x 0) and a row number (1 = y 0), "h8i9j7". Moves
// written x,y separated by blanks or semicolons are accepted too.
func (g *GomokuRef) ParseOpening(line string) ([]string, error) {
	line = strings.TrimSpace(line)
	var cells [][2]int
	if strings.Contains(line, ",") {
		for _, t := range strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == ';' || r == '\t' }) {
			x, y, err := gomoku.ParseXY(t)
			if err != nil {
				return nil, fmt.Errorf("opening %q: %w", line, err)
			}
			cells = append(cells, [2]int{x, y})
		}
	} else {
		s := strings.ToLower(line)
		for i := 0; i < len(s); {
			c := s[i]
			if c < 'a' || c > 'z' {
				return nil, fmt.Errorf("opening %q: expected a column letter at %d", line, i)
			}
			j := i + 1
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(s[i+1 : j])
			if err != nil {
				return nil, fmt.Errorf("opening %q: expected a row number at %d", line, i+1)
			}
			cells = append(cells, [2]int{int(c - 'a'), n - 1})
			i = j
		}
	}
	p := g.newPos()
	var out []string
	for _, c := range cells {
		m := p.MoveAt(c[0], c[1])
		if m == engine.NoMove || !p.IsLegal(m) {
			return nil, fmt.Errorf("opening %q: stone %d,%d is off the %dx%d board, taken or forbidden", line, c[0], c[1], g.Size, g.Size)
		}
		p.Make(m)
		if over, _, _ := p.Status(); over {
			return nil, fmt.Errorf("opening %q ends the game", line)
		}
		out = append(out, gomoku.FormatMove(m))
	}
	return out, nil
}

// RandomOpening places stones at random near the centre.
func (g *GomokuRef) RandomOpening(r *rand.Rand, plies int) []string {
	p := g.newPos()
	var out []string
	c := g.Size / 2
	rad := 2
	if g.Size < 9 {
		rad = 1
	}
	for tries := 0; len(out) < plies && tries < 1000; tries++ {
		x, y := c-rad+r.IntN(2*rad+1), c-rad+r.IntN(2*rad+1)
		m := p.MoveAt(x, y)
		if m == engine.NoMove || !p.IsLegal(m) {
			continue
		}
		p.Make(m)
		if over, _, _ := p.Status(); over {
			p.Unmake(m)
			continue
		}
		out = append(out, gomoku.FormatMove(m))
	}
	return out
}

// gomokuAnswer accepts an answer line: one that is not blank nor MESSAGE,
// DEBUG or ERROR.
func gomokuAnswer(l string) bool {
	t := strings.TrimSpace(l)
	u := strings.ToUpper(t)
	return t != "" && !strings.HasPrefix(u, "MESSAGE") && !strings.HasPrefix(u, "DEBUG") && !strings.HasPrefix(u, "ERROR")
}

// gomokuMove accepts the answer to a move request as c-gomoku-cli does
// (Position::is_valid_move_gomostr): one comma between two integers (an
// optional sign and leading blanks allowed); any other line is skipped.
func gomokuMove(l string) bool {
	x, y, ok := strings.Cut(strings.TrimSpace(l), ",")
	if !ok || strings.Contains(y, ",") {
		return false
	}
	for _, f := range [2]string{x, y} {
		if _, err := strconv.Atoi(strings.TrimLeft(f, " \t")); err != nil {
			return false
		}
	}
	return true
}

// Play implements Referee.
func (g *GomokuRef) Play(ctx context.Context, s *Setup, pool *Pool) Record {
	rec := Record{Opening: s.Opening}
	t := newPooledTable(ctx, s, pool)
	defer t.close()
	fail := func(res Result) Record {
		rec.Result = res
		return rec
	}
	const setupTime = 5 * time.Second
	about := func(c int) (Result, bool) {
		if _, _, err := t.ask(c, time.Now().Add(setupTime+s.Tolerance), gomokuAnswer, "ABOUT"); err != nil {
			return t.fault(c, err, "ABOUT"), false
		}
		return Result{}, true
	}
	if res, ok := t.startAll(about); !ok {
		return fail(res)
	}
	for c := 0; c < 2; c++ {
		start := "START " + strconv.Itoa(g.Size)
		ans, _, err := t.ask(c, time.Now().Add(setupTime+s.Tolerance), gomokuAnswer, start)
		if err != nil {
			return fail(t.fault(c, err, "START"))
		}
		ans = strings.TrimSpace(ans)
		if !strings.HasPrefix(strings.ToUpper(ans), "OK") {
			return fail(t.lose(c, Malformed, start+" answered "+Quote(ans)))
		}
		tc := s.TC[c]
		info := []string{"INFO rule " + strconv.Itoa(g.ruleBits()),
			"INFO timeout_turn " + strconv.FormatInt(tc.Move.Milliseconds(), 10),
			"INFO timeout_match " + strconv.FormatInt(tc.Game.Milliseconds(), 10),
			"INFO max_memory " + strconv.FormatInt(g.MaxMemory, 10)}
		for _, o := range s.Engines[c].Options {
			k, v, _ := strings.Cut(o, "=")
			info = append(info, "INFO "+k+" "+v)
		}
		t.send(c, info...)
	}
	pos := g.newPos()
	var history []engine.Move // every stone, black first
	for _, o := range s.Opening {
		m, err := pos.ParseMove(o)
		if err != nil || !pos.IsLegal(m) {
			t.keepAll()
			return fail(Result{Winner: -1, Reason: Aborted, Detail: "bad opening move " + o})
		}
		pos.Make(m)
		history = append(history, m)
	}
	clocks := NewClocks(s)
	asked := [2]bool{}
	for {
		if over, w, why := pos.Status(); over {
			t.keepAll()
			rec.Result = Result{Winner: w, Reason: Normal, Detail: why}
			break
		}
		if g.Rule == gomoku.Renju && pos.Stones() >= 200 {
			t.keepAll()
			rec.Result = Result{Winner: -1, Reason: Normal, Detail: "draw after 200 stones (renju)"}
			break
		}
		c := pos.Side() // colour 0 plays black stones
		left := int64(2147483647)
		if clocks[c].TC.Game > 0 {
			left = clocks[c].Left.Milliseconds()
		}
		lines := []string{"INFO time_left " + strconv.FormatInt(left, 10)}
		switch {
		case asked[c] || (len(history) > 0 && len(s.Opening) == 0):
			lines = append(lines, "TURN "+gomoku.FormatMove(history[len(history)-1]))
		case len(history) == 0:
			lines = append(lines, "BEGIN")
		default:
			lines = append(lines, "BOARD")
			for i, m := range history {
				own := 1
				if i%2 != c {
					own = 2
				}
				lines = append(lines, gomoku.FormatMove(m)+","+strconv.Itoa(own))
			}
			lines = append(lines, "DONE")
		}
		asked[c] = true
		ans, el, err := t.ask(c, clocks[c].Deadline(time.Now()), gomokuMove, lines...)
		if err != nil {
			return fail(t.fault(c, err, ""))
		}
		if res, ok := t.charge(c, clocks[c], el); !ok {
			return fail(res)
		}
		ans = strings.TrimSpace(ans)
		m, err := pos.ParseMove(ans)
		if err != nil {
			// two integers (gomokuMove) that name no cell of the board
			return fail(t.lose(c, Illegal, "off the board: "+Quote(ans)))
		}
		if !pos.IsEmptyCell(m) {
			return fail(t.lose(c, Illegal, "occupied: "+Quote(ans)))
		}
		if pos.IsForbidden(m) {
			return fail(t.lose(c, Illegal, "forbidden move (renju): "+Quote(ans)))
		}
		pos.Make(m)
		history = append(history, m)
		rec.Moves = append(rec.Moves, MoveRec{Side: c, Move: gomoku.FormatMove(m), Ms: el.Milliseconds()})
	}
	rec.Final = gomokuBoard(pos, g.Size)
	return rec
}

func gomokuBoard(p *gomoku.Position, n int) string {
	var b strings.Builder
	for y := 0; y < n; y++ {
		if y > 0 {
			b.WriteByte('\n')
		}
		for x := 0; x < n; x++ {
			if x > 0 {
				b.WriteByte(' ')
			}
			switch p.At(x, y) {
			case gomoku.BlackSt:
				b.WriteByte('X')
			case gomoku.WhiteSt:
				b.WriteByte('O')
			default:
				b.WriteByte('.')
			}
		}
	}
	return b.String()
}

// SGF writes a game record in SGF (GM[4], Gomoku), coordinates as letters.
func (g *GomokuRef) SGF(gl GameLine) string {
	var b strings.Builder
	re := "0"
	switch gl.Result {
	case "1-0":
		re = "B+"
	case "0-1":
		re = "W+"
	}
	if re != "0" {
		if gl.Reason == TimeLoss {
			re += "T"
		} else if gl.Reason != Normal {
			re += "F"
		}
	}
	fmt.Fprintf(&b, "(;GM[4]FF[4]SZ[%d]PB[%s]PW[%s]RE[%s]RU[%s]DT[%s]GN[%s pair %d game %d]",
		g.Size, sgfEsc(gl.Players[0]), sgfEsc(gl.Players[1]), re, g.Rule, gl.Started.Format("2006-01-02"),
		gl.Run, gl.Pair, gl.Index)
	if gl.Detail != "" {
		fmt.Fprintf(&b, "C[%s]", sgfEsc(gl.Detail))
	}
	colour := []string{"B", "W"}
	i := 0
	emit := func(mv string) {
		x, y, err := gomoku.ParseXY(mv)
		if err == nil {
			fmt.Fprintf(&b, ";%s[%c%c]", colour[i%2], 'a'+x, 'a'+y)
		}
		i++
	}
	for _, mv := range gl.Opening {
		emit(mv)
	}
	for _, mv := range gl.Moves {
		emit(mv.Move)
	}
	b.WriteString(")")
	return b.String()
}

func sgfEsc(s string) string {
	return strings.NewReplacer(`\`, `\\`, `]`, `\]`).Replace(s)
}
