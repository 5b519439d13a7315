package gomoku

import (
	"fmt"
	"io"
	"math"
	"os"

	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
	"github.com/pentad-ai/pentad/internal/records"
)

// A ComboSample is a quiet position of a finished game reduced to what the
// score of a combination table (ev.ComboTable) depends on: for each side (0
// the side to move) the combinations of the empty cells with their counts,
// packed combination<<16 | count, and the cells by class.
type ComboSample struct {
	Cells   [2][]uint32
	Classes [2][ev.NumClasses]int32
	Result  float64
	Game    int // the game's number in the files read, for hold-out splits
}

// ComboSampleOf reduces p to a ComboSample, or reports false when p is not
// quiet (the test of SampleOf).
func ComboSampleOf(p *Search, result float64) (ComboSample, bool) {
	if !quiet(p) {
		return ComboSample{}, false
	}
	s, o := p.Side(), p.Side()^1
	smp := ComboSample{Result: result}
	var n [2][ev.NumCombos]uint16
	lo, hi := p.FullRange()
	for c := lo; c < hi; c++ {
		if p.Cell(c) != game.Empty {
			continue
		}
		for i, side := range [2]int{s, o} {
			var pt [4]uint8
			for d := 0; d < 4; d++ {
				pt[d] = p.LineCode(side, c, d)
			}
			n[i][ev.ComboIndex(pt)]++
		}
	}
	for i := range n {
		for k, cnt := range n[i] {
			if cnt > 0 {
				smp.Cells[i] = append(smp.Cells[i], uint32(k)<<16|uint32(cnt))
			}
		}
	}
	smp.Classes[0], smp.Classes[1] = *p.Counts(s), *p.Counts(o)
	return smp, true
}

// ReadComboSamples reads the quiet positions of the games of an arena
// games.jsonl as ComboSamples (the games ReadSamples reads), numbering the
// games from first.
func ReadComboSamples(r io.Reader, rule game.Rule, skip, first int) ([]ComboSample, error) {
	var out []ComboSample
	g := first - 1
	err := eachPosition(r, rule, skip, func(p *Search, res float64, newGame bool) {
		if newGame {
			g++
		}
		if smp, ok := ComboSampleOf(p, res); ok {
			smp.Game = g
			out = append(out, smp)
		}
	})
	return out, err
}

// comboScore is the score of a sample with the cell values v (and w's
// whole-board terms, tb: the sample's part of w.Score with no cell value).
func comboScore(smp *ComboSample, v []float64, own float64, tb float64) float64 {
	var sum [2]float64
	for i := range smp.Cells {
		for _, e := range smp.Cells[i] {
			sum[i] += v[e>>16] * float64(e&0xFFFF)
		}
	}
	return sum[0]*own - sum[1] + tb
}

// ComboFit fits a combination table by gradient descent (Adam) on the
// mean squared error of sigmoid(score/K) against the games' results, with
// an L2 pull of Lambda towards the start table.
type ComboFit struct {
	W      ev.Weights // whole-board terms and OwnPct, fixed
	Start  *ev.ComboTable
	K      float64 // sigmoid scale (FitComboScale)
	Lambda float64
	// MinCount: combinations seen in fewer samples keep their start value
	MinCount int
	Iters    int
	Rate     float64
	// FitOwn fits the tempo share (W.OwnPct) too; Run leaves the
	// result in W.OwnPct.
	FitOwn bool
	Log    io.Writer
}

// comboLoss is the mean squared error of smps with the values v.
func (f *ComboFit) comboLoss(smps []ComboSample, tb []float64, v []float64, own float64) float64 {
	if len(smps) == 0 {
		return 0
	}
	var e float64
	for i := range smps {
		d := smps[i].Result - sigmoid(comboScore(&smps[i], v, own, tb[i]), f.K)
		e += d * d
	}
	return e / float64(len(smps))
}

// boardTerms are the samples' whole-board terms of f.W.
func (f *ComboFit) boardTerms(smps []ComboSample) []float64 {
	tb := make([]float64, len(smps))
	for i := range smps {
		tb[i] = float64(f.W.Score(0, 0, &smps[i].Classes[0], &smps[i].Classes[1]))
	}
	return tb
}

func startValues(t *ev.ComboTable) []float64 {
	v := make([]float64, ev.NumCombos)
	for i := range v {
		v[i] = float64(t[i])
	}
	return v
}

// FitComboScale is the sigmoid scale that best fits the samples with the
// start table (golden-section search, as FitScale).
func FitComboScale(smps []ComboSample, w ev.Weights, t *ev.ComboTable) float64 {
	f := &ComboFit{W: w}
	tb := f.boardTerms(smps)
	v := startValues(t)
	return goldenScale(func(k float64) float64 {
		f.K = k
		return f.comboLoss(smps, tb, v, float64(w.OwnPct)/100)
	})
}

// Run fits the table on train and returns it with the losses of train and
// test (which may be empty) before and after.
func (f *ComboFit) Run(train, test []ComboSample) (t *ev.ComboTable, before, after [2]float64) {
	v0 := startValues(f.Start)
	v := append([]float64(nil), v0...)
	tbTrain, tbTest := f.boardTerms(train), f.boardTerms(test)
	var seen [ev.NumCombos]int
	for i := range train {
		for s := range train[i].Cells {
			for _, e := range train[i].Cells[s] {
				seen[e>>16]++
			}
		}
	}
	free := make([]bool, ev.NumCombos)
	for k := range free {
		c := ev.ComboCodes(k)
		free[k] = seen[k] >= f.MinCount && c[0] != ev.Five && c[0] != ev.Over
	}
	own := float64(f.W.OwnPct) / 100
	before = [2]float64{f.comboLoss(train, tbTrain, v, own), f.comboLoss(test, tbTest, v, own)}
	var mo, so float64 // Adam's moments of own
	m := make([]float64, ev.NumCombos)
	s2 := make([]float64, ev.NumCombos)
	g := make([]float64, ev.NumCombos)
	const b1, b2, eps = 0.9, 0.999, 1e-8
	n := float64(len(train))
	for it := 1; it <= f.Iters; it++ {
		clear(g)
		gOwn := 0.0
		for i := range train {
			smp := &train[i]
			p := sigmoid(comboScore(smp, v, own, tbTrain[i]), f.K)
			d := 2 * (p - smp.Result) * p * (1 - p) / f.K / n
			for _, e := range smp.Cells[0] {
				g[e>>16] += d * own * float64(e&0xFFFF)
				gOwn += d * v[e>>16] * float64(e&0xFFFF)
			}
			for _, e := range smp.Cells[1] {
				g[e>>16] -= d * float64(e&0xFFFF)
			}
		}
		for k := range v {
			if !free[k] {
				continue
			}
			gk := g[k] + 2*f.Lambda*(v[k]-v0[k])
			m[k] = b1*m[k] + (1-b1)*gk
			s2[k] = b2*s2[k] + (1-b2)*gk*gk
			mh := m[k] / (1 - math.Pow(b1, float64(it)))
			sh := s2[k] / (1 - math.Pow(b2, float64(it)))
			v[k] -= f.Rate * mh / (math.Sqrt(sh) + eps)
			v[k] = max(0, min(v[k], ev.MaxComboValue))
		}
		if f.FitOwn {
			// in steps of a hundredth of the rate (own is near 1, the
			// values near 100)
			mo = b1*mo + (1-b1)*gOwn
			so = b2*so + (1-b2)*gOwn*gOwn
			mh := mo / (1 - math.Pow(b1, float64(it)))
			sh := so / (1 - math.Pow(b2, float64(it)))
			own = max(0.5, min(own-f.Rate/100*mh/(math.Sqrt(sh)+eps), 3))
		}
		if f.Log != nil && (it%25 == 0 || it == f.Iters) {
			fmt.Fprintf(f.Log, "iter %d: train %.6f test %.6f own %.3f\n", it, f.comboLoss(train, tbTrain, v, own), f.comboLoss(test, tbTest, v, own), own)
		}
	}
	after = [2]float64{f.comboLoss(train, tbTrain, v, own), f.comboLoss(test, tbTest, v, own)}
	f.W.OwnPct = int32(math.Round(own * 100))
	t = new(ev.ComboTable)
	for k := range t {
		t[k] = int32(math.Round(v[k]))
	}
	return t, before, after
}

// ReadComboFile reads a file of cell values by combination (ev.ReadCombos).
func ReadComboFile(name string) (*ev.ComboTable, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := ev.ReadCombos(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return t, nil
}

// comboCommand is `texel -combo OUT`: fit cf on the games of files (one in
// ten, by game, held out for the test loss) and write the table to out.
// With scored > 0 the files are scored positions (ReadScoredSamples with
// that scale) instead of games.
func comboCommand(w, stderr io.Writer, files []string, rule game.Rule, skip int, scored float64, cf *ComboFit, out string) int {
	smps, games, err := readNumbered(files, func(r io.Reader, first int) ([]ComboSample, error) {
		if scored > 0 {
			return ReadScoredSamples(r, rule, scored, first)
		}
		return ReadComboSamples(r, rule, skip, first)
	}, func(s *ComboSample) int { return s.Game })
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	train, test := holdOut(smps, func(s *ComboSample) int { return s.Game })
	if len(train) == 0 {
		fmt.Fprintln(stderr, "texel: no quiet positions in these games")
		return 2
	}
	cf.K = FitComboScale(train, cf.W, cf.Start)
	fmt.Fprintf(w, "%d games, %d positions (%d held out), scale %.1f\n", games, len(smps), len(test), cf.K)
	t, before, after := cf.Run(train, test)
	fmt.Fprintf(w, "loss train %.6f -> %.6f, test %.6f -> %.6f\n", before[0], after[0], before[1], after[1])
	if cf.FitOwn {
		fmt.Fprintf(w, "OwnPct=%d\n", cf.W.OwnPct)
	}
	if err := writeFile(out, func(f io.Writer) error { return ev.WriteCombos(f, t) }); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

// readNumbered reads the samples of files with read, numbering the games
// on from file to file (game gives a sample's number); it returns the
// samples and the number of games with a sample.
func readNumbered[T any](files []string, read func(r io.Reader, first int) ([]T, error), game func(*T) int) ([]T, int, error) {
	games := 0
	smps, err := records.ReadFiles(files, func(r io.Reader) ([]T, error) {
		s, err := read(r, games)
		if len(s) > 0 {
			games = game(&s[len(s)-1]) + 1
		}
		return s, err
	})
	return smps, games, err
}

// holdOut splits samples by game: one game in ten (numbers ending in 9)
// for the test, the others for training.
func holdOut[T any](smps []T, game func(*T) int) (train, test []T) {
	for i := range smps {
		if game(&smps[i])%10 == 9 {
			test = append(test, smps[i])
		} else {
			train = append(train, smps[i])
		}
	}
	return train, test
}

// writeFile creates the file name and writes it with write.
func writeFile(name string, write func(io.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// A ScoredPosition is a line of a scored-positions file: the moves of a
// game so far ("x,y", black first) and a strong program's score of the
// position for the side to move, in its units (a proven win or loss as a
// large score of its sign).
type ScoredPosition struct {
	Moves []string `json:"moves"`
	Score *float64 `json:"score"`
}

// ReadScoredSamples reads a scored-positions file (JSON lines of
// ScoredPosition; blank lines skipped) as ComboSamples of its quiet
// positions on a 15x15 board under rule, each labelled with
// sigmoid(score/scale), the win chance its score stands for. The i-th line
// of the file is game first+i (for the hold-out split).
func ReadScoredSamples(r io.Reader, rule game.Rule, scale float64, first int) ([]ComboSample, error) {
	if scale <= 0 {
		return nil, fmt.Errorf("scored positions: scale %v, want more than 0", scale)
	}
	var out []ComboSample
	err := records.EachJSON(r, func(n int, sp *ScoredPosition) error {
		if sp.Score == nil || math.IsNaN(*sp.Score) || math.IsInf(*sp.Score, 0) {
			return fmt.Errorf("line %d: no score", n)
		}
		p, err := NewSearch(15, 15, rule)
		if err != nil {
			return err
		}
		for _, s := range sp.Moves {
			m, err := p.ParseMove(s)
			if err != nil || !p.IsLegal(m) {
				return fmt.Errorf("line %d: illegal move %q", n, s)
			}
			p.Make(m)
		}
		if over, _, _ := p.Status(); over {
			return nil
		}
		if smp, ok := ComboSampleOf(p, sigmoid(*sp.Score, scale)); ok {
			smp.Game = first + n - 1
			out = append(out, smp)
		}
		return nil
	})
	return out, err
}
