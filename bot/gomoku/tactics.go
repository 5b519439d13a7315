package gomoku

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	game "github.com/pentad-ai/pentad/game/gomoku"
)

// A Tactic is a position of the tactics set: 15x15 freestyle, the side to
// move wins by force, as a strong brain proved it.
type Tactic struct {
	Moves [][2]int // the game so far, black first
	Best  [2]int   // the labelling brain's first move of the win
	Mate  int      // the labeller's distance to the five, in plies
}

// ReadTactics reads a tactics set: one position a line, its moves in the
// notation of the openings file, then the labeller's move in the same
// notation and its mate distance in plies ("h8i9j7i8 k6 15"). Blank lines
// and # comments are skipped.
func ReadTactics(r io.Reader) ([]Tactic, error) {
	var out []Tactic
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Fields(l)
		if len(f) != 3 {
			return nil, fmt.Errorf("line %d: want moves, best move and mate distance", n)
		}
		moves, err := game.ParseOpening(f[0])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		best, err := game.ParseOpening(f[1])
		if err != nil || len(best) != 1 {
			return nil, fmt.Errorf("line %d: bad best move %q", n, f[1])
		}
		mate, err := strconv.Atoi(f[2])
		if err != nil || mate < 1 {
			return nil, fmt.Errorf("line %d: bad mate distance %q", n, f[2])
		}
		if _, err := PositionFrom(15, 15, game.Freestyle, append(moves, best[0])); err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		out = append(out, Tactic{Moves: moves, Best: best[0], Mate: mate})
	}
	return out, sc.Err()
}

// SolveTactic thinks on the tactic's position with b within the budget
// (zero: the brain's node and depth limits only) and reports the move and
// whether b proved the win.
func (b *Brain) SolveTactic(t Tactic, bud Budget) (string, bool, error) {
	p, err := PositionFrom(15, 15, game.Freestyle, t.Moves)
	if err != nil {
		return "", false, err
	}
	b.Ready()
	m := b.Think(p, bud)
	return game.FormatMove(m), b.Won(), nil
}

// tacticsCommand is `tactics [-ms N | -nodes N] FILE`: the brain, with the
// settings of opt that replace its defaults, thinks on every position of a
// tactics set, one thread, and the positions whose win it proves are
// counted.
func tacticsCommand(stdout, stderr io.Writer, args []string, opt Options) int {
	fs := flag.NewFlagSet("tactics", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ms := fs.Int("ms", 0, "time a position, milliseconds (0: -nodes)")
	nodes := fs.Uint64("nodes", 100000, "search nodes a position, when -ms is 0")
	verbose := fs.Bool("v", false, "a line per position")
	trace := fs.Bool("trace", false, "the brain's progress lines too (with -v)")
	prof := fs.String("cpuprofile", "", "write a CPU profile of the run to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: tactics [-ms N | -nodes N] [-v] [-trace] [-cpuprofile F] FILE")
		return 2
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	ts, err := ReadTactics(f)
	f.Close()
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	b := NewBrain(64, 1)
	configure(b, opt)
	if *trace {
		b.OnInfo = func(s string) { fmt.Fprintln(stdout, "  "+s) }
	}
	var bud Budget
	if *ms > 0 {
		bud = TurnBudget(time.Duration(*ms) * time.Millisecond)
	} else {
		b.MaxNodes = *nodes
	}
	if *prof != "" {
		pf, err := os.Create(*prof)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		defer pf.Close()
		if err := pprof.StartCPUProfile(pf); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	solved := 0
	start := time.Now()
	for i, t := range ts {
		b.E.NewGame()
		m, won, err := b.SolveTactic(t, bud)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		if won {
			solved++
		}
		if *verbose {
			fmt.Fprintf(stdout, "%d mate %d best %d,%d: %s won %v\n", i+1, t.Mate, t.Best[0], t.Best[1], m, won)
		}
	}
	fmt.Fprintf(stdout, "solved %d of %d, %.0f ms a position\n", solved, len(ts),
		float64(time.Since(start).Milliseconds())/float64(max(len(ts), 1)))
	return 0
}
