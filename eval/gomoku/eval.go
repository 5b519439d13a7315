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

// dirWeight is the value of one line code at an empty cell.
var dirWeight = [NumCodes]int32{
	Dead: 0, Alive: 1, B2: 4, F2: 10, B3: 12, F3: 40, B4: 45, F4: 150, Five: 600, Over: 0,
}

// classBonus is added on top of the line weights for strong combinations.
var classBonus = [NumClasses]int32{
	TTwo: 4, T33: 220, T43: 400, TFlex4: 500, TFive: 2000,
}

// Classify combines the four line codes of a cell into its class and value.
func Classify(p [4]uint8) (class uint8, value int32) {
	var n5, n4f, n4b, n3f, n3b, n2 int
	for _, c := range p {
		value += dirWeight[c]
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
	value += classBonus[class]
	return class, value
}

// Weights of the whole-board score.
const (
	// OwnNum/OwnDen scale the potential of the side to move (its tempo).
	OwnNum = 6
	OwnDen = 5
	// ThreatWin scores a position where the side to move has an open four or
	// double four to play and the opponent has no four to answer with.
	ThreatWin = 12000
	// ThreatStrong scores a four-three (or a double three when the opponent
	// has no four at all) for the side to move.
	ThreatStrong = 4000
	// VCFWin scores a position where the side to move has a victory by
	// continuous fours (found by a small solver at the leaves).
	VCFWin = 20000
)

// Score returns the static value for the side to move from the summed cell
// values of both sides and the counts of cells by class. opp is the side
// that just moved.
func Score(own, opp int32, ownClass, oppClass *[NumClasses]int32) int {
	s := int(own)*OwnNum/OwnDen - int(opp)
	oppFours := oppClass[TB4] + oppClass[T43] + oppClass[TFlex4] + oppClass[TFive]
	switch {
	case ownClass[TFlex4] > 0 && oppFours == 0:
		s += ThreatWin
	case ownClass[T43] > 0 && oppFours == 0:
		s += ThreatStrong
	case ownClass[T33] > 0 && oppFours == 0 && oppClass[TF3] == 0:
		s += ThreatStrong / 2
	}
	return s
}
