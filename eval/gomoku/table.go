package gomoku

import (
	_ "embed"
	"io"
	"strings"

	"github.com/pentad-ai/pentad/game/gomoku"
)

// Eval is a set of evaluation weights with its cell table: for every
// combination of four line codes the class and value of the cell
// (Classify); under renju black's probably forbidden cells are worth
// nothing.
type Eval struct {
	W     Weights
	Combo *ComboTable // the cell values, nil: Classify's
	// Renju are the cell values of black and of white under renju (nil:
	// Combo's, or Classify's)
	Renju *RenjuCombos
	// Policy orders the moves of the search (nil: by the cell values)
	Policy *Policy
	Table  *gomoku.CellTable
	// Threat is the whole-board term by threat mask (W.ThreatValues
	// unless replaced)
	Threat *ThreatTable
}

// NewEval builds the table of a set of weights.
func NewEval(w Weights) *Eval {
	e := &Eval{W: w, Threat: w.ThreatValues()}
	e.Table = buildTable(&e.W, nil, nil)
	return e
}

// Score is the static value for the side to move from the summed cell
// values of both sides (the side to move's scaled by W.OwnPct) and the
// counts of cells by class (the threat table's term).
func (e *Eval) Score(own, opp int32, ownClass, oppClass *[NumClasses]int32) int {
	return int(own)*int(e.W.OwnPct)/100 - int(opp) + int(e.Threat[ThreatMask(ownClass, oppClass)])
}

// DefaultEval is the evaluation the brain plays with: the default weights'
// classes and whole-board terms, the cell values of DefaultCombo (under
// renju DefaultRenju's), and the move ordering of DefaultPolicy.
var DefaultEval = func() *Eval {
	e := NewComboEval(Default, DefaultCombo).WithRenju(DefaultRenju)
	e.Policy = DefaultPolicy
	return e
}()

// DefaultRenju are black's and white's cell values under renju
// (combo-renju.txt), fitted apart in two generations of renju self-play
// (pbrain-pentad gen -rule renju -openings
// book/gomoku/data/openings-15-freestyle.txt -nodes 6000 -workers 2).
// The first: 12000 games of the brain of session 50 (-seed 5002), texel
// -rule renju -combo OUT -colours -combo-start combo.txt -iters 300
// -mincount 50 -lambda 0 (175838 positions, test loss 0.1630 -> 0.1471);
// against combo.txt for both colours, renju at 0.2 s a move (arena -game
// gomoku -rule renju -tc 0/0.2 -games 400 -concurrency 2, -threads 1, seed
// 5004): +28.7 +/- 29.0 Elo. The second (session 53, the table now): 10000
// more games of the brain of session 51 (-seed 5207), fitted on both
// generations from the first (-colours-start with the first table; test
// loss 0.1529 -> 0.1508); against the first: +20.0 +/- 16.9 Elo over 1200
// games (seeds 5208, 5209, 5307; LOS 99.0%, ptnml [85 30 338 25 122]).
var DefaultRenju = mustRead("combo-renju.txt", renjuFile, ReadRenjuCombos)

//go:embed combo-renju.txt
var renjuFile string

// DefaultCombo are the cell values by combination of line codes the brain
// plays with (combo.txt). They were fitted with the tempo share OwnPct
// (pbrain-pentad texel -combo combo.txt -ownpct -iters 300 gen1.jsonl
// gen2.jsonl gen3.jsonl) on the quiet positions of 18000 self-play games of
// 6000 nodes a move from the 120 balanced openings of book/gomoku/data
// with 1-2 random moves (pbrain-pentad gen -nodes 6000 -workers 2: 4000
// games -seed 1401 and 8000 -seed 1402 with the weights' own values, 6000
// -seed 1403 with a first table fitted on the 12000), starting from Tuned's
// own values: 282461 positions, test loss (one game in ten held out)
// 0.1750 -> 0.1504, OwnPct 132 -> 160. Matches at 0.2 s a move on those
// openings: the first table (12000 games, OwnPct 132) against Tuned's own
// values +34.9 +/- 31.9 Elo over 400 games; this one with OwnPct 160
// against the first +59.6 +/- 29.2 over 400 games.
//
// Refitted later on the brain's own games with that table
// (pbrain-pentad gen -games 8000 -workers 2 -nodes 6000 -seed 3801, then
// texel -combo OUT -combo-start combo.txt -ownpct -iters 300 -mincount 50):
// 121889 positions, test loss 0.1345 -> 0.1307, OwnPct 160 -> 175; 122
// combinations changed. Against the table before, at 0.2 s a move on the
// same openings (arena -game gomoku -tc 0/0.2 -games 400 -concurrency 2,
// -threads 1, seed 3801): +38.4 +/- 30.1 Elo (LOS 99.5%, ptnml [25 13 99 19
// 44]).
var DefaultCombo = mustRead("combo.txt", comboFile, ReadCombos)

//go:embed combo.txt
var comboFile string

// mustRead reads the embedded file name, whose text is s, with read; the
// files are part of the build, so an error is a bug.
func mustRead[T any](name, s string, read func(io.Reader) (T, error)) T {
	t, err := read(strings.NewReader(s))
	if err != nil {
		panic("eval/gomoku: " + name + ": " + err.Error())
	}
	return t
}

// buildTable is the cell table of w with the values of combo (nil:
// Classify's) and under renju those of renju (nil: the same).
func buildTable(w *Weights, combo *ComboTable, renju *RenjuCombos) *gomoku.CellTable {
	t := new(gomoku.CellTable)
	for i := 0; i < 1<<16; i++ {
		var pt [4]uint8
		ok := true
		for d := 0; d < 4; d++ {
			pt[d] = uint8(i>>(4*d)) & 0xF
			if pt[d] >= NumCodes {
				ok = false
			}
		}
		if !ok {
			continue
		}
		cl, v := w.Classify(pt)
		if combo != nil {
			v = combo[ComboIndex(pt)]
		}
		t.Cell[i] = gomoku.CellEntry(cl, v)
		vb, vw := v, v
		if renju != nil {
			k := ComboIndex(pt)
			vb, vw = renju[0][k], renju[1][k]
		}
		t.RenjuWhite[i] = gomoku.CellEntry(cl, vw)
		if cl != TFive && blackLikelyForbidden(pt) {
			cl, vb = TNone, 0
		}
		t.Renju[i] = gomoku.CellEntry(cl, vb)
	}
	return t
}

// blackLikelyForbidden tells whether a black move with these line codes is
// probably forbidden under renju (an overline, or two of open three, four
// and open four; the lone open four is forbidden only as two fours in one
// line, rare): the evaluation's guess, the exact test is the rules'.
func blackLikelyForbidden(pt [4]uint8) bool {
	n := 0
	for _, c := range pt {
		switch c {
		case Over:
			return true
		case F3, F3S, B4, F4:
			n++
		}
	}
	return n >= 2
}
