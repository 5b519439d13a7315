// Package gomoku holds the pattern vocabulary and the evaluation weights of
// the Gomoku brain. A line pattern describes, for one empty cell, one side and
// one of the four directions, what that side gets in that line by playing the
// cell. game/gomoku keeps these codes up to date on make/unmake; this package
// turns them into cell classes and values.
package gomoku

// Line pattern codes, from the point of view of the side that would play the
// empty cell. Every code is exact inside the 11-cell window (five cells on
// each side) it is computed from.
const (
	Dead  uint8 = iota // no five through the cell is possible in this line
	Alive              // a five through the cell is still possible
	B2                 // becomes a blocked three with one more stone
	F2                 // becomes an open three with one more stone
	B3                 // a move after this one makes a four
	F3                 // a move after this one makes an open four (open three)
	B4                 // four: one cell left that makes five
	F4                 // open four (or two fours in one line): two cells make five
	Five               // this move makes a winning five
	Over               // this move makes an overline (exact-five rules only)
	NumCodes
)

// Cell classes: the combination of the four line codes of one cell for one
// side, most urgent first.
const (
	TNone  uint8 = iota
	TLow         // some potential
	TTwo         // at least one F2 or two B2/B3
	TB3          // a blocked three
	TF3          // an open three
	TB4          // a single four
	T33          // two open threes
	T43          // a four and an open three
	TFlex4       // an open four or two fours: wins unless the opponent has a five
	TFive        // a winning five
	NumClasses
)

// Weights are the tunable numbers of the evaluation: the value of each
// line code at an empty cell, the bonus of each cell class, the tempo of the
// side to move and the threat bonuses of the whole-board score.
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

// Default are the weights the brain plays with (see Tuned).
var Default = Tuned

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
func (w *Weights) Classify(p [4]uint8) (class uint8, value int32) {
	var n5, n4f, n4b, n3f, n3b, n2 int
	for _, c := range p {
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
