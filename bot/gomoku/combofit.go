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
// packed combination<<16 | count, and the cells by class. Under renju
// black's probably forbidden cells are left out (the tables value them 0).
type ComboSample struct {
	Cells   [2][]uint32
	Classes [2][ev.NumClasses]int32
	Result  float64
	Game    int   // the game's number in the files read, for hold-out splits
	Mover   uint8 // the colour of the side to move (game.Black, game.White)
}

// ComboSampleOf reduces p to a ComboSample, or reports false when p is not
// quiet (the test of SampleOf).
func ComboSampleOf(p *Search, result float64) (ComboSample, bool) {
	if !quiet(p) {
		return ComboSample{}, false
	}
	s, o := p.Side(), p.Side()^1
	smp := ComboSample{Result: result, Mover: uint8(s)}
	renju := p.Rule() == game.Renju
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
			k := ev.ComboIndex(pt)
			if renju && side == game.Black && ev.BlackForbiddenCombo(k) {
				continue
			}
			n[i][k]++
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

// comboScore is the score of a sample with the cell values v and the
// whole-board term tb (the threat table's value of its mask); the values of
// the side to move's cells start at v[off[0]], the opponent's at
// v[off[1]] (ComboFit.offsets).
func comboScore(smp *ComboSample, v []float64, own float64, tb float64, off [2]int) float64 {
	var sum [2]float64
	for i := range smp.Cells {
		w := v[off[i]:]
		for _, e := range smp.Cells[i] {
			sum[i] += w[e>>16] * float64(e&0xFFFF)
		}
	}
	return sum[0]*own - sum[1] + tb
}

// offsets are the first indices of the values of the side to move's cells
// and of the opponent's in the fitted values: 0 for both, or with Colours
// black's at 0 and white's at ev.NumCombos.
func (f *ComboFit) offsets(smp *ComboSample) [2]int {
	if !f.Colours {
		return [2]int{}
	}
	c := int(smp.Mover)
	return [2]int{c * ev.NumCombos, (c ^ 1) * ev.NumCombos}
}

// ComboFit fits a combination table, and with FitThreat a threat table,
// by gradient descent (Adam) on the mean squared error of sigmoid(score/K)
// against the games' results, with an L2 pull of Lambda towards the start
// tables.
type ComboFit struct {
	W     ev.Weights // OwnPct and the classes
	Start *ev.ComboTable
	// Colours fits a table for each colour (black's and white's values
	// under renju, ev.RenjuCombos), both starting from StartColours, or
	// from Start where that is nil; Run leaves them in Fitted.
	Colours      bool
	StartColours *ev.RenjuCombos
	Fitted       *ev.RenjuCombos
	// Threat is the start threat table (nil: W.ThreatValues); Run leaves
	// the fitted one here.
	Threat *ev.ThreatTable
	K      float64 // sigmoid scale (FitComboScale)
	Lambda float64
	// MinCount: combinations (threat masks) seen in fewer samples keep
	// their start value
	MinCount int
	Iters    int
	Rate     float64
	// ThreatRate is the step size of the threat values (0: Rate)
	ThreatRate float64
	// FitOwn fits the tempo share (W.OwnPct) too; Run leaves the
	// result in W.OwnPct.
	FitOwn bool
	// FitThreat fits the threat table too; FixCombo keeps the start
	// combination table.
	FitThreat, FixCombo bool
	Log                 io.Writer
}

// comboLoss is the mean squared error of smps (of threat masks masks)
// with the cell values v and the threat values tv.
func (f *ComboFit) comboLoss(smps []ComboSample, masks []uint16, v, tv []float64, own float64) float64 {
	if len(smps) == 0 {
		return 0
	}
	var e float64
	for i := range smps {
		d := smps[i].Result - sigmoid(comboScore(&smps[i], v, own, tv[masks[i]], f.offsets(&smps[i])), f.K)
		e += d * d
	}
	return e / float64(len(smps))
}

// threatMasks are the samples' threat masks.
func threatMasks(smps []ComboSample) []uint16 {
	m := make([]uint16, len(smps))
	for i := range smps {
		m[i] = uint16(ev.ThreatMask(&smps[i].Classes[0], &smps[i].Classes[1]))
	}
	return m
}

// threatStart is the start threat table of f.
func (f *ComboFit) threatStart() []float64 {
	t := f.Threat
	if t == nil {
		t = f.W.ThreatValues()
	}
	v := make([]float64, ev.NumThreats)
	for i := range v {
		v[i] = float64(t[i])
	}
	return v
}

func startValues(t *ev.ComboTable) []float64 {
	v := make([]float64, ev.NumCombos)
	for i := range v {
		v[i] = float64(t[i])
	}
	return v
}

// start are the start values of f's fit: Start's, or with Colours black's
// then white's.
func (f *ComboFit) start() []float64 {
	if !f.Colours {
		return startValues(f.Start)
	}
	if f.StartColours == nil {
		return append(startValues(f.Start), startValues(f.Start)...)
	}
	return append(startValues(&f.StartColours[0]), startValues(&f.StartColours[1])...)
}

// FitComboScale is the sigmoid scale that best fits the samples with the
// start tables of f (golden-section search, as FitScale).
func FitComboScale(smps []ComboSample, f *ComboFit) float64 {
	g := *f
	masks, v, tv := threatMasks(smps), f.start(), g.threatStart()
	return goldenScale(func(k float64) float64 {
		g.K = k
		return g.comboLoss(smps, masks, v, tv, float64(f.W.OwnPct)/100)
	})
}

// adam is the state of Adam's moments for n parameters.
type adam struct{ m, s []float64 }

func newAdam(n int) *adam { return &adam{make([]float64, n), make([]float64, n)} }

// step is parameter k's step at iteration it for its gradient g.
func (a *adam) step(k, it int, g, rate float64) float64 {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	a.m[k] = b1*a.m[k] + (1-b1)*g
	a.s[k] = b2*a.s[k] + (1-b2)*g*g
	mh := a.m[k] / (1 - math.Pow(b1, float64(it)))
	sh := a.s[k] / (1 - math.Pow(b2, float64(it)))
	return rate * mh / (math.Sqrt(sh) + eps)
}

// Run fits the table on train and returns it with the losses of train and
// test (which may be empty) before and after.
func (f *ComboFit) Run(train, test []ComboSample) (t *ev.ComboTable, before, after [2]float64) {
	v0, tv0 := f.start(), f.threatStart()
	nv := len(v0)
	v, tv := append([]float64(nil), v0...), append([]float64(nil), tv0...)
	mTrain, mTest := threatMasks(train), threatMasks(test)
	seen := make([]int, nv)
	var seenMask [ev.NumThreats]int
	for i := range train {
		off := f.offsets(&train[i])
		for s := range train[i].Cells {
			for _, e := range train[i].Cells[s] {
				seen[off[s]+int(e>>16)]++
			}
		}
		seenMask[mTrain[i]]++
	}
	free := make([]bool, nv)
	for k := range free {
		c := ev.ComboCodes(k % ev.NumCombos)
		free[k] = !f.FixCombo && seen[k] >= f.MinCount && c[0] != ev.Five && c[0] != ev.Over
	}
	own := float64(f.W.OwnPct) / 100
	loss := func() [2]float64 {
		return [2]float64{f.comboLoss(train, mTrain, v, tv, own), f.comboLoss(test, mTest, v, tv, own)}
	}
	before = loss()
	ad, adT, adOwn := newAdam(nv), newAdam(ev.NumThreats), newAdam(1)
	g := make([]float64, nv)
	gT := make([]float64, ev.NumThreats)
	n := float64(len(train))
	for it := 1; it <= f.Iters; it++ {
		clear(g)
		clear(gT)
		gOwn := 0.0
		for i := range train {
			smp := &train[i]
			off := f.offsets(smp)
			p := sigmoid(comboScore(smp, v, own, tv[mTrain[i]], off), f.K)
			d := 2 * (p - smp.Result) * p * (1 - p) / f.K / n
			gT[mTrain[i]] += d
			g0, vs := g[off[0]:], v[off[0]:]
			for _, e := range smp.Cells[0] {
				g0[e>>16] += d * own * float64(e&0xFFFF)
				gOwn += d * vs[e>>16] * float64(e&0xFFFF)
			}
			g1 := g[off[1]:]
			for _, e := range smp.Cells[1] {
				g1[e>>16] -= d * float64(e&0xFFFF)
			}
		}
		for k := range v {
			if free[k] {
				v[k] -= ad.step(k, it, g[k]+2*f.Lambda*(v[k]-v0[k]), f.Rate)
				v[k] = max(0, min(v[k], ev.MaxComboValue))
			}
		}
		if f.FitThreat {
			rate := f.ThreatRate
			if rate == 0 {
				rate = f.Rate
			}
			for k := range tv {
				if seenMask[k] >= f.MinCount {
					tv[k] -= adT.step(k, it, gT[k]+2*f.Lambda*(tv[k]-tv0[k]), rate)
					tv[k] = max(-ev.MaxThreatValue, min(tv[k], ev.MaxThreatValue))
				}
			}
		}
		if f.FitOwn {
			// in steps of a hundredth of the rate (own is near 1, the
			// values near 100)
			own = max(0.5, min(own-adOwn.step(0, it, gOwn, f.Rate/100), 3))
		}
		if f.Log != nil && (it%25 == 0 || it == f.Iters) {
			l := loss()
			fmt.Fprintf(f.Log, "iter %d: train %.6f test %.6f own %.3f\n", it, l[0], l[1], own)
		}
	}
	after = loss()
	f.W.OwnPct = int32(math.Round(own * 100))
	t = new(ev.ComboTable)
	for k := range t {
		t[k] = int32(math.Round(v[k]))
	}
	if f.Colours {
		f.Fitted = new(ev.RenjuCombos)
		for c := range f.Fitted {
			for k := range f.Fitted[c] {
				f.Fitted[c][k] = int32(math.Round(v[c*ev.NumCombos+k]))
			}
		}
	}
	f.Threat = new(ev.ThreatTable)
	for k := range f.Threat {
		f.Threat[k] = int32(math.Round(tv[k]))
	}
	return t, before, after
}

// ReadThreatFile reads a file of threat values (ev.ReadThreats) over the
// threat values of w (nil: the default weights).
func ReadThreatFile(name string, w *ev.Weights) (*ev.ThreatTable, error) {
	if w == nil {
		w = &ev.Default
	}
	return readFile(name, func(r io.Reader) (*ev.ThreatTable, error) { return ev.ReadThreats(r, w.ThreatValues()) })
}

// ReadComboFile reads a file of cell values by combination (ev.ReadCombos).
func ReadComboFile(name string) (*ev.ComboTable, error) { return readFile(name, ev.ReadCombos) }

// ReadRenjuComboFile reads a file of black's and white's cell values by
// combination under renju (ev.ReadRenjuCombos).
func ReadRenjuComboFile(name string) (*ev.RenjuCombos, error) {
	return readFile(name, ev.ReadRenjuCombos)
}

// readFile reads the file name with read; a read error names the file.
func readFile[T any](name string, read func(io.Reader) (T, error)) (T, error) {
	var zero T
	f, err := os.Open(name)
	if err != nil {
		return zero, err
	}
	defer f.Close()
	t, err := read(f)
	if err != nil {
		return zero, fmt.Errorf("%s: %v", name, err)
	}
	return t, nil
}

// comboCommand is `texel -combo OUT`: fit cf on the games of files (one in
// ten, by game, held out for the test loss) and write the table to out
// (and with cf.FitThreat the threat values that differ from the weights'
// own to threatOut).
// With scored > 0 the files are scored positions (ReadScoredSamples with
// that scale) instead of games.
func comboCommand(w, stderr io.Writer, files []string, rule game.Rule, skip int, scored float64, cf *ComboFit, out, threatOut string) int {
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
	cf.K = FitComboScale(train, cf)
	fmt.Fprintf(w, "%d games, %d positions (%d held out), scale %.1f\n", games, len(smps), len(test), cf.K)
	t, before, after := cf.Run(train, test)
	fmt.Fprintf(w, "loss train %.6f -> %.6f, test %.6f -> %.6f\n", before[0], after[0], before[1], after[1])
	if cf.FitOwn {
		fmt.Fprintf(w, "OwnPct=%d\n", cf.W.OwnPct)
	}
	write := func(f io.Writer) error { return ev.WriteCombos(f, t) }
	if cf.Colours {
		write = func(f io.Writer) error { return ev.WriteRenjuCombos(f, cf.Fitted) }
	}
	if err := writeFile(out, write); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if cf.FitThreat {
		if err := writeFile(threatOut, func(f io.Writer) error { return ev.WriteThreats(f, cf.Threat, cf.W.ThreatValues()) }); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
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
