package gomoku

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/pentad-ai/pentad/engine"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// OpeningsConfig drives the balanced-opening generator.
type OpeningsConfig struct {
	N         int       // openings wanted
	Rule      game.Rule // rule the openings are balanced under
	Size      int       // board size
	MinStones int       // stones per opening, at least
	MaxStones int       // and at most
	Radius    int       // stones within this many cells of the centre
	Depth     int       // search depth of the balance test
	Balance   int       // largest |score| kept, for the side to move
	Seed      uint64
	MaxTries  int       // candidates tried at most (0: 200 per opening)
	Progress  io.Writer // one line per opening kept (may be nil)
}

// DefaultOpeningBalance is the largest score an opening keeps: the swap2
// threshold of a position close to even.
const DefaultOpeningBalance = swap2Balanced

// Openings returns balanced openings: stones placed at random (black
// first, alternating) near the centre, kept when the position after them
// is legal and undecided, not already listed in any of its eight
// symmetries, and the brain's search to cfg.Depth scores it within
// cfg.Balance for the side to move. The result depends only on cfg.
func Openings(cfg OpeningsConfig) ([][][2]int, error) {
	if cfg.Size < 5 || cfg.MinStones < 1 || cfg.MaxStones < cfg.MinStones || cfg.Radius < 1 || 2*cfg.Radius+1 > cfg.Size {
		return nil, fmt.Errorf("openings: bad configuration %+v", cfg)
	}
	if n := (2*cfg.Radius + 1) * (2*cfg.Radius + 1); cfg.MaxStones > n {
		return nil, fmt.Errorf("openings: %d stones do not fit within %d cells of the centre", cfg.MaxStones, cfg.Radius)
	}
	tries := cfg.MaxTries
	if tries <= 0 {
		tries = 200 * cfg.N
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x0be5))
	b := NewBrain(16, 1)
	b.MaxDepth = cfg.Depth
	seen := map[string]bool{}
	var out [][][2]int
	c := cfg.Size / 2
	for t := 0; t < tries && len(out) < cfg.N; t++ {
		k := cfg.MinStones + rng.IntN(cfg.MaxStones-cfg.MinStones+1)
		var moves [][2]int
		used := map[[2]int]bool{}
		for len(moves) < k {
			m := [2]int{c - cfg.Radius + rng.IntN(2*cfg.Radius+1), c - cfg.Radius + rng.IntN(2*cfg.Radius+1)}
			if !used[m] {
				used[m] = true
				moves = append(moves, m)
			}
		}
		key := canonicalOpening(moves, cfg.Size)
		if seen[key] {
			continue
		}
		p, err := PositionFrom(cfg.Size, cfg.Size, cfg.Rule, moves)
		if err != nil {
			continue // a forbidden cell under renju, or a finished game
		}
		if over, _, _ := p.Status(); over {
			continue
		}
		b.E.NewGame()
		m, sc := b.Analyse(p, Budget{})
		if m == engine.NoMove || sc > cfg.Balance || sc < -cfg.Balance {
			continue
		}
		seen[key] = true
		out = append(out, moves)
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "%d/%d %s score %d (%d tried)\n", len(out), cfg.N, FormatOpening(moves), sc, t+1)
		}
	}
	return out, nil
}

// canonicalOpening names an opening up to the board's eight symmetries
// (each colour's stones as a set; the colours follow the order of moves).
func canonicalOpening(moves [][2]int, size int) string {
	best := ""
	items := make([]string, len(moves))
	for s := 0; s < 8; s++ {
		for i, m := range moves {
			x, y := m[0], m[1]
			if s&1 != 0 {
				x = size - 1 - x
			}
			if s&2 != 0 {
				y = size - 1 - y
			}
			if s&4 != 0 {
				x, y = y, x
			}
			items[i] = fmt.Sprintf("%d:%02d,%02d", i%2, x, y)
		}
		slices.Sort(items)
		if k := strings.Join(items, ";"); best == "" || k < best {
			best = k
		}
	}
	return best
}

// FormatOpening writes an opening in the format game.ParseOpening reads
// (a letter for the column, a number for the row: h8i9j7).
func FormatOpening(moves [][2]int) string {
	var b strings.Builder
	for _, m := range moves {
		fmt.Fprintf(&b, "%c%d", 'a'+m[0], m[1]+1)
	}
	return b.String()
}

// openingsCommand is "pbrain-pentad openings": balanced openings, one a
// line, for the arena's -openings.
func openingsCommand(w, stderr io.Writer, args []string) int {
	fs := flag.NewFlagSet("openings", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 100, "openings wanted")
	ruleName := fs.String("rule", "freestyle", "rule: freestyle, standard, renju, caro")
	size := fs.Int("size", 15, "board size")
	minS := fs.Int("min", 3, "stones per opening, at least")
	maxS := fs.Int("max", 5, "stones per opening, at most")
	radius := fs.Int("radius", 3, "stones within this many cells of the centre")
	depth := fs.Int("depth", 8, "search depth of the balance test")
	balance := fs.Int("balance", DefaultOpeningBalance, "largest |score| kept, for the side to move")
	seed := fs.Uint64("seed", 1, "random seed")
	progress := fs.Bool("v", false, "print each opening kept, with its score, on standard error")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	rule, err := game.ParseRule(*ruleName)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	cfg := OpeningsConfig{N: *n, Rule: rule, Size: *size, MinStones: *minS, MaxStones: *maxS, Radius: *radius,
		Depth: *depth, Balance: *balance, Seed: *seed}
	if *progress {
		cfg.Progress = stderr
	}
	ops, err := Openings(cfg)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	for _, o := range ops {
		fmt.Fprintln(w, FormatOpening(o))
	}
	if len(ops) < *n {
		fmt.Fprintf(stderr, "openings: %d found of %d wanted\n", len(ops), *n)
		return 1
	}
	return 0
}
