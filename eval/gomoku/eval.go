// Package gomoku holds the evaluation of the Gomoku brain: its weights, the
// combination of the four line codes of a cell into a class and a value
// (Classify), the cell tables of a set of weights (Eval, plugged into
// game/gomoku's positions, which keep classes, values and their sums up to
// date on make/unmake), and the whole-board score (Score). A line pattern
// describes, for one empty cell, one side and one of the four directions,
// what that side gets in that line by playing the cell; the codes and the
// cell classes are defined by game/gomoku.
package gomoku

import "github.com/pentad-ai/pentad/game/gomoku"

// The line pattern codes and the cell classes are the rules' (game/gomoku),
// repeated here for the weights' tables.
const (
	Dead     = gomoku.Dead
	Alive    = gomoku.Alive
	B2       = gomoku.B2
	F2       = gomoku.F2
	F2S      = gomoku.F2S
	B3       = gomoku.B3
	F3       = gomoku.F3
	F3S      = gomoku.F3S
	B4       = gomoku.B4
	F4       = gomoku.F4
	Five     = gomoku.Five
	Over     = gomoku.Over
	NumCodes = gomoku.NumCodes

	TNone      = gomoku.TNone
	TLow       = gomoku.TLow
	TTwo       = gomoku.TTwo
	TB3        = gomoku.TB3
	TF3        = gomoku.TF3
	TB4        = gomoku.TB4
	T33        = gomoku.T33
	T43        = gomoku.T43
	TFlex4     = gomoku.TFlex4
	TFive      = gomoku.TFive
	NumClasses = gomoku.NumClasses
)

// Weights are the tunable numbers of the evaluation: the value of each
// line code at an empty cell (F2S and F3S take F2's and F3's), the bonus
// of each cell class, the tempo of the side to move and the threat bonuses
// of the whole-board score.
type Weights struct {
	Dir   [NumCodes]int32   // value of one line code at an empty cell
	Bonus [NumClasses]int32 // added on top of the line values by class
	// OwnPct scales the potential of the side to move (its tempo), percent.
	OwnPct int32
	// ThreatWin scores a position where the side to move has an open four
	// or double four to play and the opponent has no four to answer with.
	ThreatWin int32
	// ThreatStrong scores a four-three (or half of it, a double three when
	// the opponent has no four and no open three) for the side to move.
	ThreatStrong int32
}

// Default are the weights the brain plays with: Tuned with the tempo share
// (OwnPct 175; 132 in Tuned, 160 in the first fit) fitted together with the
// cell values of DefaultCombo, which replace Tuned's own values (see
// DefaultCombo). Against Rapfi (classical) at 1 s (session 65, seed 6201,
// the command of bot/gomoku's DefaultCandidates) a smaller tempo share,
// OwnPct 140 (-weights OwnPct=140), with which the root's score swings
// less from one iteration to the next, scored 20-37-3 (35.8%), and
// Rapfi's two-ply average of the cell values (the score of the position
// and of the one before the last move, each from the side to move's view;
// an experiment binary, the tables unchanged) 22-38-0 (36.7%) and on seed
// 6401 22-37-1 (37.5%), where the default scored 19-38-3 (34.2%) and 19-41-0
// (31.7%): no gain beyond the noise. A refit of DefaultCombo and OwnPct on
// 10000 new self-play games of the brain (gen -games 10000 -nodes 6000
// -seed 6501, texel -combo -combo-start combo.txt -ownpct -mincount 50)
// hardly moved: test loss 0.13558 -> 0.13519, OwnPct 158, the values of
// 199 combinations by at most 16 (70 by more than 2); not played.
// The tempo share at 100 instead when the opponent can make an open four or a
// five, whose answer uses the tempo (session 67, an experiment binary): +0.9
// +/- 27.2 Elo against the default in self-play (arena -game gomoku -tc 0/0.2
// -games 400 -concurrency 2 -openings
// book/gomoku/data/openings-15-freestyle.txt -seed 6705, -threads 1 each),
// 19-40-1 (32.5%) against Rapfi at 1 s (the command above, seed 6701).
var Default = withOwnPct(Tuned, 175)

func withOwnPct(w Weights, pct int32) Weights {
	w.OwnPct = pct
	return w
}

// Hand are the hand-set weights of the first version.
var Hand = Weights{
	Dir:          [NumCodes]int32{Dead: 0, Alive: 1, B2: 4, F2: 10, B3: 12, F3: 40, B4: 45, F4: 150, Five: 600, Over: 0},
	Bonus:        [NumClasses]int32{TTwo: 4, T33: 220, T43: 400, TFlex4: 500, TFive: 2000},
	OwnPct:       120,
	ThreatWin:    12000,
	ThreatStrong: 4000,
}

// Classify combines the four line codes of a cell into its class and value
// with the default weights.
func Classify(p [4]uint8) (class uint8, value int32) { return Default.Classify(p) }

// Classify combines the four line codes of a cell into its class and value.
// It sees F2S and F3S as F2 and F3 (gomoku.Coarse): only a ComboTable tells
// them apart.
func (w *Weights) Classify(p [4]uint8) (class uint8, value int32) {
	var n5, n4f, n4b, n3f, n3b, n2 int
	for _, c := range p {
		c = gomoku.Coarse(c)
		value += w.Dir[c]
		switch c {
		case Five:
			n5++
		case F4:
			n4f++
		case B4:
			n4b++
		case F3:
			n3f++
		case B3:
			n3b++
		case F2, B2:
			n2++
		}
	}
	switch {
	case n5 > 0:
		class = TFive
	case n4f > 0 || n4b >= 2:
		class = TFlex4
	case n4b == 1 && n3f >= 1:
		class = T43
	case n3f >= 2:
		class = T33
	case n4b == 1:
		class = TB4
	case n3f == 1:
		class = TF3
	case n3b > 0:
		class = TB3
	case n2 > 0:
		class = TTwo
	case value > 0:
		class = TLow
	}
	value += w.Bonus[class]
	return class, value
}

// Scores outside the tuned weights.
const (
	// VCFWin scores a position where the side to move has a victory by
	// continuous fours (found by a small solver at the leaves).
	VCFWin = 20000
)

// Score returns the static value for the side to move with the default
// weights.
func Score(own, opp int32, ownClass, oppClass *[NumClasses]int32) int {
	return Default.Score(own, opp, ownClass, oppClass)
}

// Score returns the static value for the side to move from the summed cell
// values of both sides and the counts of cells by class.
func (w *Weights) Score(own, opp int32, ownClass, oppClass *[NumClasses]int32) int {
	s := int(own)*int(w.OwnPct)/100 - int(opp)
	oppFours := oppClass[TB4] + oppClass[T43] + oppClass[TFlex4] + oppClass[TFive]
	switch {
	case ownClass[TFlex4] > 0 && oppFours == 0:
		s += int(w.ThreatWin)
	case ownClass[T43] > 0 && oppFours == 0:
		s += int(w.ThreatStrong)
	case ownClass[T33] > 0 && oppFours == 0 && oppClass[TF3] == 0:
		s += int(w.ThreatStrong) / 2
	}
	return s
}

// Params lists the tuned weights as pointers into w, with their names, in
// a fixed order (the tuner's vector).
func (w *Weights) Params() (names []string, ptrs []*int32) {
	add := func(n string, p *int32) {
		names = append(names, n)
		ptrs = append(ptrs, p)
	}
	for c, n := range [NumCodes]string{Alive: "Alive", B2: "B2", F2: "F2", B3: "B3", F3: "F3", B4: "B4", F4: "F4"} {
		if n != "" {
			add(n, &w.Dir[c])
		}
	}
	add("BonusTwo", &w.Bonus[TTwo])
	add("Bonus33", &w.Bonus[T33])
	add("Bonus43", &w.Bonus[T43])
	add("BonusFlex4", &w.Bonus[TFlex4])
	add("OwnPct", &w.OwnPct)
	add("ThreatStrong", &w.ThreatStrong)
	return names, ptrs
}

// Tuned are the weights found by the self-play tuner from Hand: `pbrain-pentad
// tune -iters 600 -nodes 4000 -seed 7 -openings gomoku-openings-15-freestyle.txt`
// stopped after 127 game pairs; the mean of the last 40 iterates (Alive
// kept at 1).
var Tuned = Weights{
	Dir:          [NumCodes]int32{Dead: 0, Alive: 1, B2: 6, F2: 11, B3: 14, F3: 55, B4: 62, F4: 175, Five: 600, Over: 0},
	Bonus:        [NumClasses]int32{TTwo: 3, T33: 256, T43: 278, TFlex4: 813, TFive: 2000},
	OwnPct:       132,
	ThreatWin:    12000,
	ThreatStrong: 3659,
}
