package gomoku

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// TuneConfig drives the self-play tuner.
type TuneConfig struct {
	Iterations int    // game pairs
	Nodes      uint64 // search nodes per move
	Seed       uint64
	Openings   [][][2]int // balanced openings; each game adds random moves
	Start      ev.Weights
	Log        io.Writer // one line per iteration (may be nil)
}

// Tune runs SPSA (simultaneous perturbation stochastic approximation) on
// the weights of ev.Weights.Params: each iteration perturbs every weight by
// +c or -c at random, plays a pair of games (same opening, colours swapped)
// between the two perturbed sets at a fixed node count, and moves the
// weights towards the set that scored more.
func Tune(cfg TuneConfig) ev.Weights {
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x70e5))
	cur := cfg.Start
	_, ptrs := cur.Params()
	theta := make([]float64, len(ptrs))
	cs := make([]float64, len(ptrs))
	for i, p := range ptrs {
		theta[i] = float64(*p)
		cs[i] = max(1, 0.15*math.Abs(theta[i]))
	}
	plus, minus := NewBrain(4, 1), NewBrain(4, 1)
	for _, b := range []*Brain{plus, minus} {
		b.MaxNodes = cfg.Nodes
		b.NoVCT = true
	}
	delta := make([]float64, len(ptrs))
	for k := 0; k < cfg.Iterations; k++ {
		wp, wm := cfg.Start, cfg.Start
		_, pp := wp.Params()
		_, pm := wm.Params()
		for i := range theta {
			delta[i] = 1
			if rng.IntN(2) == 0 {
				delta[i] = -1
			}
			*pp[i] = int32(math.Round(max(theta[i]+cs[i]*delta[i], 0)))
			*pm[i] = int32(math.Round(max(theta[i]-cs[i]*delta[i], 0)))
		}
		plus.Eval, minus.Eval = ev.NewEval(wp), ev.NewEval(wm)
		op := randomOpening(rng, cfg.Openings[rng.IntN(len(cfg.Openings))])
		r := 0.0 // games won by plus minus games won by minus
		for g := 0; g < 2; g++ {
			black, white := &Player{Name: "plus", Brain: plus}, &Player{Name: "minus", Brain: minus}
			if g == 1 {
				black, white = white, black
			}
			res, err := PlayGame(15, 15, game.Freestyle, op, black, white, 225)
			if err != nil || res.Winner < 0 {
				continue
			}
			winner := black
			if res.Winner == game.White {
				winner = white
			}
			if winner.Brain == plus {
				r++
			} else {
				r--
			}
		}
		lr := 0.2 / math.Pow(1+float64(k)/100, 0.6)
		for i := range theta {
			theta[i] += lr * r * delta[i] * cs[i]
			theta[i] = max(theta[i], 0)
		}
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, "iter %d r %+.0f theta", k+1, r)
			for _, v := range theta {
				fmt.Fprintf(cfg.Log, " %.1f", v)
			}
			fmt.Fprintln(cfg.Log)
		}
	}
	for i, p := range ptrs {
		*p = int32(math.Round(theta[i]))
	}
	return cur
}

// randomOpening adds one or two random moves near the stones to an opening.
func randomOpening(rng *rand.Rand, base [][2]int) [][2]int {
	p, err := PositionFrom(15, 15, game.Freestyle, base)
	if err != nil {
		return base
	}
	out := append([][2]int(nil), base...)
	for n := 1 + rng.IntN(2); n > 0; n-- {
		var cands []engine.Move
		lo, hi := p.ScanRange()
		for c := lo; c < hi; c++ {
			if p.Cell(c) == game.Empty && p.Near(c) > 0 && p.Class(p.Side(), c) < ev.TB4 && p.Class(p.Side()^1, c) < ev.TB4 {
				cands = append(cands, engine.Move(c))
			}
		}
		if len(cands) == 0 {
			break
		}
		m := cands[rng.IntN(len(cands))]
		p.Make(m)
		x, y := game.XY(int(m))
		out = append(out, [2]int{x, y})
	}
	return out
}

// FormatWeights writes weights as the Go source of an ev.Weights value.
func FormatWeights(w ev.Weights) string {
	return fmt.Sprintf("ev.Weights{\n\tDir: %#v,\n\tBonus: %#v,\n\tOwnPct: %d, ThreatWin: %d, ThreatStrong: %d,\n}",
		w.Dir, w.Bonus, w.OwnPct, w.ThreatWin, w.ThreatStrong)
}

func tuneCommand(w, stderr io.Writer, args []string) int {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	iters := fs.Int("iters", 200, "game pairs")
	nodes := fs.Uint64("nodes", 3000, "search nodes per move")
	seed := fs.Uint64("seed", 1, "random seed")
	file := fs.String("openings", "", "openings file (one a line)")
	from := fs.String("from", "hand", "starting weights: hand or default")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	ops, err := readOpeningsFile("tune", *file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	start := ev.Hand
	if *from == "default" {
		start = ev.Default
	}
	t0 := time.Now()
	res := Tune(TuneConfig{Iterations: *iters, Nodes: *nodes, Seed: *seed, Openings: ops, Start: start, Log: w})
	names, ptrs := res.Params()
	for i, n := range names {
		fmt.Fprintf(w, "%s=%d ", n, *ptrs[i])
	}
	fmt.Fprintf(w, "\n%s\ntuned in %v\n", FormatWeights(res), time.Since(t0).Round(time.Second))
	return 0
}
