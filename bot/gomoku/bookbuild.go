package gomoku

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	book "github.com/pentad-ai/pentad/book/gomoku"
	"github.com/pentad-ai/pentad/engine"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// BookConfig drives the opening book builder.
type BookConfig struct {
	Sizes []int
	Rules []game.Rule
	Plies int           // positions up to this many stones get a reply
	Time  time.Duration // search time per position
	Depth int           // or a fixed depth (tests), when positive
	Log   io.Writer
}

// bookPos is a position of the book tree: stones relative to the centre.
type bookPos struct {
	black, white []book.Point
}

func (b bookPos) stones() int { return len(b.black) + len(b.white) }

func (b bookPos) with(p book.Point) bookPos {
	n := bookPos{black: slices.Clone(b.black), white: slices.Clone(b.white)}
	if len(b.black) == len(b.white) {
		n.black = append(n.black, p)
	} else {
		n.white = append(n.white, p)
	}
	return n
}

func (b bookPos) position(size int, rule game.Rule) (*Search, bool) {
	p, err := NewSearch(size, size, rule)
	if err != nil {
		return nil, false
	}
	c := size / 2
	for i := 0; i < b.stones(); i++ {
		var s book.Point
		if i%2 == 0 {
			s = b.black[i/2]
		} else {
			s = b.white[i/2]
		}
		m := p.MoveAt(c+s.X, c+s.Y)
		if m == engine.NoMove || !p.IsLegal(m) {
			return nil, false
		}
		p.Make(m)
	}
	return p, true
}

func fmtPoints(ps []book.Point) string {
	var s []string
	for _, p := range ps {
		s = append(s, fmt.Sprintf("%d,%d", p.X, p.Y))
	}
	return strings.Join(s, " ")
}

// BuildBook searches the book positions and writes the book source: for
// each size and rule, the reply to every position up to Plies stones where
// we are the side to move, assuming our own earlier moves are the book's
// and the opponent's moves are any cell within two of the stones (one
// representative per symmetry class); then the swap2 opening and the swap2
// answers for the candidate openings.
func BuildBook(w io.Writer, cfg BookConfig) error {
	fmt.Fprintf(w, "# Pentad Gomoku opening book, written by pbrain-pentad book build (plies %d, %v per position).\n",
		cfg.Plies, cfg.Time)
	fmt.Fprintln(w, "# Stones and replies are offsets from the centre cell (size/2, size/2).")
	brain := NewBrain(32, 1)
	brain.MaxDepth = cfg.Depth
	analyse := func(p *Search) (engine.Move, int) {
		brain.E.NewGame()
		brain.Ready()
		return brain.Analyse(p, TurnBudget(cfg.Time))
	}
	for _, size := range cfg.Sizes {
		for _, rule := range cfg.Rules {
			c := size / 2
			seen := map[string]bool{}
			// us is the colour whose replies the book holds on this path
			var walk func(bp bookPos)
			walk = func(bp bookPos) {
				if bp.stones() > cfg.Plies {
					return
				}
				key, _ := book.Canon(size, rule.String(), bp.black, bp.white)
				if seen[key] {
					return
				}
				seen[key] = true
				p, ok := bp.position(size, rule)
				if !ok {
					return
				}
				var reply book.Point
				if bp.stones() == 0 {
					reply = book.Point{}
				} else {
					m, sc := analyse(p)
					if m == engine.NoMove {
						return
					}
					x, y := game.XY(int(m))
					reply = book.Point{X: x - c, Y: y - c}
					fmt.Fprintf(w, "%d %s b %s w %s -> %d,%d # score %d\n", size, rule, fmtPoints(bp.black),
						fmtPoints(bp.white), reply.X, reply.Y, sc)
					if cfg.Log != nil {
						fmt.Fprintf(cfg.Log, "%d %s %d stones: %d,%d (%d)\n", size, rule, bp.stones(), reply.X, reply.Y, sc)
					}
				}
				if bp.stones() == 0 {
					fmt.Fprintf(w, "%d %s b w -> 0,0\n", size, rule)
				}
				next := bp.with(reply)
				// every answer of the opponent near the stones
				q, ok := next.position(size, rule)
				if !ok {
					return
				}
				lo, hi := q.ScanRange()
				for cc := lo; cc < hi; cc++ {
					if q.Cell(cc) != game.Empty || q.Near(cc) == 0 || !q.Allowed(cc) {
						continue
					}
					x, y := game.XY(cc)
					walk(next.with(book.Point{X: x - c, Y: y - c}))
				}
			}
			// we move first from the empty board, or second after the centre
			walk(bookPos{})
			walk(bookPos{black: []book.Point{{}}})
		}
	}
	// swap2: 15x15, exactly five and freestyle
	for _, rule := range cfg.Rules {
		const size = 15
		best, bestAbs := -1, 1<<30
		for i, cand := range book.Swap2Candidates {
			bp := bookPos{black: []book.Point{cand[0], cand[2]}, white: []book.Point{cand[1]}}
			p, ok := bp.position(size, rule)
			if !ok {
				continue
			}
			brain.E.NewGame()
			brain.Ready()
			a := brain.Swap2Decide(p, TurnBudget(cfg.Time))
			sc := a.Score // white to move
			ans := "SWAP" // white is worse: take black
			note := fmt.Sprintf("white %d", sc)
			if !a.Swap {
				var pts []string
				for _, m := range a.Stones {
					x, y := game.XY(int(m))
					pts = append(pts, fmt.Sprintf("%d,%d", x-size/2, y-size/2))
				}
				ans = strings.Join(pts, " ")
				if len(a.Stones) == 2 {
					note += fmt.Sprintf(", after the two stones white %d", a.Balance)
				}
			}
			fmt.Fprintf(w, "swap2 %d %s b %s w %s -> %s # %s\n", size, rule, fmtPoints(bp.black),
				fmtPoints(bp.white), ans, note)
			if a := abs(sc); a < bestAbs {
				best, bestAbs = i, a
			}
		}
		if best >= 0 {
			o := book.Swap2Candidates[best]
			fmt.Fprintf(w, "swap2 %d %s open -> %s # |white| %d\n", size, rule, fmtPoints(o[:]), bestAbs)
		}
	}
	return nil
}

func bookCommand(w, stderr io.Writer, args []string) int {
	if len(args) == 0 || args[0] != "build" {
		fmt.Fprintln(stderr, "usage: book build [-ms N] [-plies N] [-sizes 15,20] [-rules freestyle,standard] [-o FILE]")
		return 2
	}
	fs := flag.NewFlagSet("book build", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ms := fs.Int("ms", 2000, "search milliseconds per position")
	plies := fs.Int("plies", 3, "book positions up to this many stones")
	sizes := fs.String("sizes", "15,20", "board sizes")
	rules := fs.String("rules", "freestyle,standard", "rules")
	out := fs.String("o", "", "output file (default: standard output)")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	cfg := BookConfig{Plies: *plies, Time: time.Duration(*ms) * time.Millisecond, Log: stderr}
	for _, s := range strings.Split(*sizes, ",") {
		var n int
		if _, err := fmt.Sscan(s, &n); err != nil || n < game.MinSize || n > game.MaxSize {
			fmt.Fprintf(stderr, "book build: bad size %q\n", s)
			return 2
		}
		cfg.Sizes = append(cfg.Sizes, n)
	}
	for _, s := range strings.Split(*rules, ",") {
		r, err := game.ParseRule(s)
		if err != nil {
			fmt.Fprintln(stderr, "book build:", err)
			return 2
		}
		cfg.Rules = append(cfg.Rules, r)
	}
	dst := w
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
		defer f.Close()
		dst = f
	}
	if err := BuildBook(dst, cfg); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}
