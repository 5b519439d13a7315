package gomoku

import "github.com/pentad-ai/pentad/game/gomoku"

// Eval is a set of evaluation weights with its cell table: for every
// combination of four line codes the class and value of the cell
// (Classify); under renju black's probably forbidden cells are worth
// nothing.
type Eval struct {
	W     Weights
	Table *gomoku.CellTable
}

// NewEval builds the table of a set of weights.
func NewEval(w Weights) *Eval {
	e := &Eval{W: w}
	e.Table = buildTable(&e.W)
	return e
}

// DefaultEval is the evaluation with the default weights.
var DefaultEval = NewEval(Default)

func buildTable(w *Weights) *gomoku.CellTable {
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
		t.Cell[i] = gomoku.CellEntry(cl, v)
		if cl != TFive && blackLikelyForbidden(pt) {
			cl, v = TNone, 0
		}
		t.Renju[i] = gomoku.CellEntry(cl, v)
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
		case F3, B4, F4:
			n++
		}
	}
	return n >= 2
}
