package gomoku

import (
	"fmt"
	"io"
	"math"

	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
	"github.com/pentad-ai/pentad/internal/records"
)

// A PolicySample is a quiet position of a recorded game with the move the
// brain chose there: the candidate cells (empty, within two of a stone) as
// their combinations for the side to move and for the opponent, packed
// own<<16 | opp, and the candidate that was played.
type PolicySample struct {
	Cands  []uint32
	Played int
	Game   int // the game's number in the files read, for hold-out splits
}

// PolicySampleOf reduces p to a PolicySample with m the move played, or
// reports false when p is not quiet (the test of SampleOf) or m is not one
// of its candidates.
func PolicySampleOf(p *Search, m engine.Move) (PolicySample, bool) {
	if !quiet(p) {
		return PolicySample{}, false
	}
	s, o := p.Side(), p.Side()^1
	smp := PolicySample{Played: -1}
	lo, hi := p.ScanRange()
	for c := lo; c < hi; c++ {
		if p.Cell(c) != game.Empty || p.Near(c) == 0 || !p.Allowed(c) {
			continue
		}
		if engine.Move(c) == m {
			smp.Played = len(smp.Cands)
		}
		own, opp := ev.ComboOfKey(p.CellKey(s, c)), ev.ComboOfKey(p.CellKey(o, c))
		smp.Cands = append(smp.Cands, uint32(own)<<16|uint32(opp))
	}
	return smp, smp.Played >= 0 && len(smp.Cands) > 1
}

// ReadPolicySamples reads the positions of the games of an arena
// games.jsonl where the brain chose the move (after the opening), numbering
// the games from first. Unfinished or forfeited games count: the moves
// before the end were chosen all the same.
func ReadPolicySamples(r io.Reader, rule game.Rule, first int) ([]PolicySample, error) {
	var out []PolicySample
	g := first - 1
	err := records.Each(r, func(_ int, rec *records.Game) error {
		if rec.Game != "gomoku" {
			return nil
		}
		g++
		p, err := NewSearch(15, 15, rule)
		if err != nil {
			return err
		}
		for i, s := range rec.MoveList() {
			if over, _, _ := p.Status(); over {
				break
			}
			m, err := p.ParseMove(s)
			if err != nil || !p.IsLegal(m) {
				break
			}
			if i >= len(rec.Opening) {
				if smp, ok := PolicySampleOf(p, m); ok {
					smp.Game = g
					out = append(out, smp)
				}
			}
			p.Make(m)
		}
		return nil
	})
	return out, err
}

// PolicyFit fits a move-ordering policy by gradient descent (Adam) on the
// cross-entropy of the played moves under the softmax of the candidates'
// values over T, with an L2 pull of Lambda towards the start policy.
type PolicyFit struct {
	Start    *ev.Policy
	T        float64 // softmax temperature (FitPolicyScale)
	Lambda   float64
	MinCount int // combinations seen less often keep their start values
	Iters    int
	Rate     float64
	Log      io.Writer
}

// PolicyStats are the cross-entropy of the played moves and how often they
// rank first, in the first 8 and in the first DefaultCandidates.
type PolicyStats struct {
	Loss                 float64
	Top1, Top8, TopCands float64
}

func (st PolicyStats) String() string {
	return fmt.Sprintf("loss %.4f top1 %.1f%% top8 %.1f%% top%d %.1f%%", st.Loss, 100*st.Top1, 100*st.Top8, DefaultCandidates, 100*st.TopCands)
}

// policyStats measures the values own, opp (as float64 tables) on smps.
func (f *PolicyFit) policyStats(smps []PolicySample, own, opp []float64) PolicyStats {
	var st PolicyStats
	if len(smps) == 0 {
		return st
	}
	for i := range smps {
		smp := &smps[i]
		e := smp.Cands[smp.Played]
		vp := own[e>>16] + opp[e&0xFFFF]
		zmax, sum, above := math.Inf(-1), 0.0, 0
		for _, e := range smp.Cands {
			zmax = max(zmax, (own[e>>16]+opp[e&0xFFFF])/f.T)
		}
		for _, e := range smp.Cands {
			v := own[e>>16] + opp[e&0xFFFF]
			sum += math.Exp(v/f.T - zmax)
			if v > vp {
				above++
			}
		}
		st.Loss += math.Log(sum) + zmax - vp/f.T
		if above == 0 {
			st.Top1++
		}
		if above < 8 {
			st.Top8++
		}
		if above < DefaultCandidates {
			st.TopCands++
		}
	}
	n := float64(len(smps))
	st.Loss /= n
	st.Top1 /= n
	st.Top8 /= n
	st.TopCands /= n
	return st
}

func policyValues(pl *ev.Policy) (own, opp []float64) {
	own, opp = make([]float64, ev.NumCombos), make([]float64, ev.NumCombos)
	for i := range own {
		own[i], opp[i] = float64(pl.Own[i]), float64(pl.Opp[i])
	}
	return own, opp
}

// FitPolicyScale is the temperature that best fits the samples with the
// start policy (golden-section search on the cross-entropy).
func FitPolicyScale(smps []PolicySample, start *ev.Policy) float64 {
	f := &PolicyFit{}
	own, opp := policyValues(start)
	return goldenScale(func(t float64) float64 {
		f.T = t
		return f.policyStats(smps, own, opp).Loss
	})
}

// Run fits the policy on train and returns it with the statistics of train
// and test (which may be empty) before and after.
func (f *PolicyFit) Run(train, test []PolicySample) (pl *ev.Policy, before, after [2]PolicyStats) {
	own0, opp0 := policyValues(f.Start)
	own, opp := append([]float64(nil), own0...), append([]float64(nil), opp0...)
	var seen [2][ev.NumCombos]int
	for i := range train {
		for _, e := range train[i].Cands {
			seen[0][e>>16]++
			seen[1][e&0xFFFF]++
		}
	}
	before = [2]PolicyStats{f.policyStats(train, own, opp), f.policyStats(test, own, opp)}
	vals := [2][]float64{own, opp}
	starts := [2][]float64{own0, opp0}
	var g [2][ev.NumCombos]float64
	ad := [2]*adam{newAdam(ev.NumCombos), newAdam(ev.NumCombos)}
	probs := make([]float64, 0, game.MaxSize*game.MaxSize)
	n := float64(len(train))
	for it := 1; it <= f.Iters; it++ {
		g = [2][ev.NumCombos]float64{}
		for i := range train {
			smp := &train[i]
			probs = probs[:0]
			zmax := math.Inf(-1)
			for _, e := range smp.Cands {
				z := (own[e>>16] + opp[e&0xFFFF]) / f.T
				probs = append(probs, z)
				zmax = max(zmax, z)
			}
			sum := 0.0
			for k := range probs {
				probs[k] = math.Exp(probs[k] - zmax)
				sum += probs[k]
			}
			for k, e := range smp.Cands {
				d := probs[k] / sum
				if k == smp.Played {
					d--
				}
				d /= f.T * n
				g[0][e>>16] += d
				g[1][e&0xFFFF] += d
			}
		}
		for side := range vals {
			v := vals[side]
			for k := range v {
				if seen[side][k] < f.MinCount {
					continue
				}
				v[k] -= ad[side].step(k, it, g[side][k]+2*f.Lambda*(v[k]-starts[side][k]), f.Rate)
				v[k] = max(0, min(v[k], ev.MaxComboValue))
			}
		}
		if f.Log != nil && (it%25 == 0 || it == f.Iters) {
			fmt.Fprintf(f.Log, "iter %d: train %v; test %v\n", it, f.policyStats(train, own, opp), f.policyStats(test, own, opp))
		}
	}
	after = [2]PolicyStats{f.policyStats(train, own, opp), f.policyStats(test, own, opp)}
	pl = new(ev.Policy)
	for k := range pl.Own {
		pl.Own[k] = int32(math.Round(own[k]))
		pl.Opp[k] = int32(math.Round(opp[k]))
	}
	return pl, before, after
}

// ReadPolicyFile reads a move-ordering policy file (ev.ReadPolicy).
func ReadPolicyFile(name string) (*ev.Policy, error) { return readFile(name, ev.ReadPolicy) }

// policyCommand is `texel -policy OUT`: fit pf on the games of files (one
// in ten, by game, held out for the test statistics) and write the policy
// to out.
func policyCommand(w, stderr io.Writer, files []string, rule game.Rule, pf *PolicyFit, out string) int {
	smps, games, err := readNumbered(files, func(r io.Reader, first int) ([]PolicySample, error) {
		return ReadPolicySamples(r, rule, first)
	}, func(s *PolicySample) int { return s.Game })
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	train, test := holdOut(smps, func(s *PolicySample) int { return s.Game })
	if len(train) == 0 {
		fmt.Fprintln(stderr, "texel: no positions with a chosen move in these games")
		return 2
	}
	pf.T = FitPolicyScale(train, pf.Start)
	fmt.Fprintf(w, "%d games, %d positions (%d held out), temperature %.1f\n", games, len(smps), len(test), pf.T)
	pl, before, after := pf.Run(train, test)
	fmt.Fprintf(w, "train: %v -> %v\ntest: %v -> %v\n", before[0], after[0], before[1], after[1])
	if err := writeFile(out, func(f io.Writer) error { return ev.WritePolicy(f, pl) }); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}
