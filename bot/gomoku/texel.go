package gomoku

import (
	"flag"
	"fmt"
	"io"
	"math"
	"strings"

	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
	"github.com/pentad-ai/pentad/internal/records"
	"github.com/pentad-ai/pentad/internal/weights"
)

// A Sample is a quiet position of a finished game, reduced to what the
// evaluation's score depends on, and the game's result for the side to
// move (1 won, 0.5 drawn, 0 lost).
type Sample struct {
	// Codes[s][k] counts the line codes k over the empty cells for side s
	// (0 the side to move, 1 the opponent), F2S and F3S as F2 and F3 (the
	// weights' codes, game.Coarse); Classes[s][k] counts the cells of
	// class k.
	Codes   [2][ev.NumCodes]int32
	Classes [2][ev.NumClasses]int32
	Result  float64
}

// SampleOf reduces p to a Sample, or reports false when p is not quiet: a
// side to move with a five, an open four or a four-three to play, or an
// opponent threatening an open four or five, decides the game by tactics
// the evaluation does not score.
func SampleOf(p *Search, result float64) (Sample, bool) {
	if !quiet(p) {
		return Sample{}, false
	}
	s, o := p.Side(), p.Side()^1
	smp := Sample{Result: result}
	lo, hi := p.FullRange()
	for c := lo; c < hi; c++ {
		if p.Cell(c) != game.Empty {
			continue
		}
		for i, side := range [2]int{s, o} {
			for d := 0; d < 4; d++ {
				smp.Codes[i][game.Coarse(p.LineCode(side, c, d))]++
			}
		}
	}
	smp.Classes[0], smp.Classes[1] = *p.Counts(s), *p.Counts(o)
	return smp, true
}

// quiet tells whether the evaluation may score p: neither a side to move
// with a five, an open four or a four-three to play, nor an opponent
// threatening an open four or five (tactics decide those).
func quiet(p *Search) bool {
	s, o := p.Side(), p.Side()^1
	c := p.Counts(s)
	return c[ev.TFive]+c[ev.TFlex4]+c[ev.T43] == 0 && p.Count(o, ev.TFive) == 0 && p.Count(o, ev.TFlex4) == 0
}

// Score is the evaluation of the sample's position with the weights w,
// equal to Search.Evaluate's pattern score (without its clamp) for the
// side to move when the tables are w's.
func (smp *Sample) Score(w *ev.Weights) int {
	var sum [2]int32
	for i := range sum {
		for k, n := range smp.Codes[i] {
			sum[i] += w.Dir[k] * n
		}
		for k, n := range smp.Classes[i] {
			sum[i] += w.Bonus[k] * n
		}
	}
	return w.Score(sum[0], sum[1], &smp.Classes[0], &smp.Classes[1])
}

// ReadSamples reads the gomoku games of an arena games.jsonl and returns
// the quiet positions of the games that ended normally (from ply skip on),
// each with its game's result. Lines of other games, unfinished or
// forfeited games and games illegal under rule are skipped.
func ReadSamples(r io.Reader, rule game.Rule, skip int) ([]Sample, error) {
	var out []Sample
	err := eachPosition(r, rule, skip, func(p *Search, res float64, _ bool) {
		if smp, ok := SampleOf(p, res); ok {
			out = append(out, smp)
		}
	})
	return out, err
}

// eachPosition calls fn with every position from ply skip on of the games
// of an arena games.jsonl that ended normally, and its game's result for
// the side to move; newGame is true at the first position of each game.
// Lines of other games, unfinished or forfeited games and games illegal
// under rule are skipped.
func eachPosition(r io.Reader, rule game.Rule, skip int, fn func(p *Search, res float64, newGame bool)) error {
	return records.Each(r, func(_ int, g *records.Game) error {
		if g.Game != "gomoku" || g.Reason != "normal" || len(g.Players) != 2 || len(g.Colours) != 2 {
			return nil
		}
		winner := -1 // colour that won, -1 drawn
		for i, pl := range g.Players {
			if g.Winner != "" && pl == g.Winner {
				winner = game.Black
				if g.Colours[i] == "white" {
					winner = game.White
				}
			}
		}
		p, err := NewSearch(15, 15, rule)
		if err != nil {
			return err
		}
		first := true
		for _, s := range g.MoveList() {
			if over, _, _ := p.Status(); over {
				break
			}
			if p.Ply() >= skip {
				res := 0.5
				if winner >= 0 {
					res = 0
					if winner == p.Side() {
						res = 1
					}
				}
				fn(p, res, first)
				first = false
			}
			m, err := p.ParseMove(s)
			if err != nil || !p.IsLegal(m) {
				break
			}
			p.Make(m)
		}
		return nil
	})
}

// sigmoid maps a score to an expected result with the scale k.
func sigmoid(score, k float64) float64 { return 1 / (1 + math.Exp(-score/k)) }

// TexelLoss is the mean squared error of the expected results of the
// samples (scores of w scaled by k) against their games' results.
func TexelLoss(smps []Sample, w *ev.Weights, k float64) float64 {
	if len(smps) == 0 {
		return 0
	}
	var e float64
	for i := range smps {
		d := smps[i].Result - sigmoid(float64(smps[i].Score(w)), k)
		e += d * d
	}
	return e / float64(len(smps))
}

// FitScale finds the scale k that best fits the samples with w (golden
// section search on a logarithmic scale between 10 and 100000).
func FitScale(smps []Sample, w *ev.Weights) float64 {
	return goldenScale(func(k float64) float64 { return TexelLoss(smps, w, k) })
}

// goldenScale minimises loss(k) by golden-section search on a logarithmic
// scale between 10 and 100000.
func goldenScale(loss func(k float64) float64) float64 {
	lo, hi := math.Log(10), math.Log(100000)
	f := func(x float64) float64 { return loss(math.Exp(x)) }
	const g = 0.6180339887498949
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := f(a), f(b)
	for i := 0; i < 60; i++ {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = f(b)
		}
	}
	return math.Exp((lo + hi) / 2)
}

// Fit improves w on the samples by local search (Texel's method): each
// round tries every tuned weight (ev.Weights.Params) up and down by its
// step, keeps any change that lowers the loss at the scale k, and halves
// the steps after a round without a change; it ends after rounds rounds or
// when every step is below 1. Logged lines go to log (may be nil).
func Fit(smps []Sample, start ev.Weights, k float64, rounds int, log io.Writer) ev.Weights {
	w := start
	_, ptrs := w.Params()
	steps := make([]int32, len(ptrs))
	for i, p := range ptrs {
		steps[i] = max(1, *p/4)
	}
	best := TexelLoss(smps, &w, k)
	for r := 0; r < rounds; r++ {
		changed := false
		for i, p := range ptrs {
			for _, dir := range [2]int32{1, -1} {
				old := *p
				*p = max(old+dir*steps[i], 0)
				if *p == old {
					continue
				}
				if l := TexelLoss(smps, &w, k); l < best {
					best, changed = l, true
					break
				}
				*p = old
			}
		}
		if log != nil {
			fmt.Fprintf(log, "round %d: loss %.6f %s\n", r+1, best, weightsString(&w))
		}
		if !changed {
			small := true
			for i := range steps {
				if steps[i] > 1 {
					steps[i] /= 2
					small = false
				}
			}
			if small {
				break
			}
		}
	}
	return w
}

// weightsString lists the tuned weights as NAME=VALUE pairs (the format
// ParseWeights reads).
func weightsString(w *ev.Weights) string {
	names, ptrs := w.Params()
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s=%d", n, *ptrs[i])
	}
	return strings.Join(parts, ",")
}

// ParseWeights returns the default weights with the tuned weights named in
// s set: NAME=VALUE pairs separated by commas, the names of
// ev.Weights.Params.
func ParseWeights(s string) (ev.Weights, error) { return parseWeights(ev.Default, s) }

// parseWeights sets the tuned weights named in s on a copy of base.
func parseWeights(base ev.Weights, s string) (ev.Weights, error) {
	w := base
	names, ptrs := w.Params()
	ps := make([]weights.Param, len(names))
	for i, name := range names {
		p := ptrs[i]
		ps[i] = weights.Param{Name: name, Set: func(n int) { *p = int32(n) }, Fits: func(n int) bool { return n <= math.MaxInt32 }}
	}
	if err := weights.Apply(s, ps, 0); err != nil {
		return base, fmt.Errorf("weights: %w", err)
	}
	return w, nil
}

// texelCommand is `pbrain-pentad texel`: fit the evaluation weights to the
// results of recorded games (arena games.jsonl files).
func texelCommand(w, stderr io.Writer, args []string) int {
	fs := flag.NewFlagSet("texel", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ruleName := fs.String("rule", "freestyle", "rule of the games: freestyle, standard, renju, caro")
	skip := fs.Int("skip", 6, "leave out the positions before this ply")
	rounds := fs.Int("rounds", 50, "rounds of the local search")
	start := fs.String("weights", "", "start from the default weights changed by these NAME=VALUE pairs")
	combo := fs.String("combo", "", "fit the table of cell values by combination of line codes instead, and write it to this file")
	comboStart := fs.String("combo-start", "", "with -combo: start from this table (default: the weights' own values)")
	iters := fs.Int("iters", 300, "with -combo: gradient steps")
	rate := fs.Float64("rate", 2, "with -combo: step size (Adam)")
	lambda := fs.Float64("lambda", 1e-7, "with -combo: pull towards the start table")
	minCount := fs.Int("mincount", 200, "with -combo: combinations seen less often keep their start value")
	threat := fs.String("threat", "", "with -combo: fit the threat values (the whole-board term by which threat classes each side has) too, and write those that differ from the weights' own to this file")
	threatStart := fs.String("threat-start", "", "with -combo: start from these threat values (default: the weights' own)")
	threatRate := fs.Float64("threat-rate", 20, "with -threat: step size of the threat values")
	fixCombo := fs.Bool("fix-combo", false, "with -combo: keep the start table of cell values (fit only -threat or -ownpct)")
	colours := fs.Bool("colours", false, "with -combo: fit black's and white's cell values apart (the renju table, two values a line; read by pbrain-pentad -renju-combo)")
	coloursStart := fs.String("colours-start", "", "with -colours: start from this table of black's and white's values (default: the -combo-start table for both)")
	fitOwn := fs.Bool("ownpct", false, "with -combo: fit OwnPct too (printed as a -weights pair)")
	scored := fs.Float64("scored", 0, "with -combo: the files hold scored positions (JSON lines {\"moves\": [\"x,y\", ...], \"score\": N}, N for the side to move), each labelled sigmoid(N/this) instead of a game's result")
	policy := fs.String("policy", "", "fit the move-ordering policy (values by combination of line codes, own and opponent's) to the moves the games chose instead, and write it to this file")
	policyStart := fs.String("policy-start", "", "with -policy: start from this policy (default: the ordering by the built-in cell values)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "texel: name one or more games.jsonl files")
		return 2
	}
	rule, err := game.ParseRule(*ruleName)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	base, err := ParseWeights(*start)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if *policy != "" {
		pf := &PolicyFit{Start: ev.ValuePolicy(ev.DefaultCombo, OwnWeight), Lambda: *lambda, MinCount: *minCount, Iters: *iters, Rate: *rate, Log: w}
		if *policyStart != "" {
			pl, err := ReadPolicyFile(*policyStart)
			if err != nil {
				fmt.Fprintln(stderr, err)
				return 2
			}
			pf.Start = pl
		}
		return policyCommand(w, stderr, fs.Args(), rule, pf, *policy)
	}
	if *combo != "" {
		cf := &ComboFit{W: base, Start: base.ComboValues(), Lambda: *lambda, MinCount: *minCount, Iters: *iters, Rate: *rate, FitOwn: *fitOwn,
			FitThreat: *threat != "", ThreatRate: *threatRate, FixCombo: *fixCombo, Colours: *colours, Log: w}
		if *threatStart != "" {
			t, err := ReadThreatFile(*threatStart, &base)
			if err != nil {
				fmt.Fprintln(stderr, err)
				return 2
			}
			cf.Threat = t
		}
		if *comboStart != "" {
			t, err := ReadComboFile(*comboStart)
			if err != nil {
				fmt.Fprintln(stderr, err)
				return 2
			}
			cf.Start = t
		}
		if *coloursStart != "" {
			r, err := ReadRenjuComboFile(*coloursStart)
			if err != nil {
				fmt.Fprintln(stderr, err)
				return 2
			}
			cf.StartColours = r
		}
		return comboCommand(w, stderr, fs.Args(), rule, *skip, *scored, cf, *combo, *threat)
	}
	smps, err := records.ReadFiles(fs.Args(), func(r io.Reader) ([]Sample, error) { return ReadSamples(r, rule, *skip) })
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if len(smps) == 0 {
		fmt.Fprintln(stderr, "texel: no quiet positions in these games")
		return 2
	}
	k := FitScale(smps, &base)
	fmt.Fprintf(w, "%d positions, scale %.1f, loss %.6f with %s\n", len(smps), k, TexelLoss(smps, &base, k), weightsString(&base))
	fit := Fit(smps, base, k, *rounds, w)
	fmt.Fprintf(w, "fitted: loss %.6f\n%s\n", TexelLoss(smps, &fit, k), weightsString(&fit))
	return 0
}
