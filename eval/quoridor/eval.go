// Package quoridor is the evaluation of the Quoridor engine: the race
// between the two shortest paths, the walls still in hand and the tempo.
package quoridor

// Features are what the evaluation reads from a position, from the point of
// view of the side to move.
type Features struct {
	MyDist, OppDist   int // shortest path lengths to the goal rows (other pawn ignored)
	MyWalls, OppWalls int // walls still in hand
}

// Weights of the evaluation, in centi-steps (100 = one step of the race).
type Weights struct {
	Step  int     // one step of path difference
	Tempo int     // the side to move is half a step ahead in the race
	Wall  [16]int // worth of k walls in hand (k >= 15: the last entry)
	// Free is the bonus of a race the opponent can no longer slow down (no
	// walls left) and that the side to move leads.
	Free int
}

// Default are the weights the engine plays with. Walls in hand are worth 1.3
// steps each. Self-play on 9x9, 20 games per pairing at fixed depth 4: linear
// 1.0 and 1.3 steps per wall beat a concave scale starting at 0.6 steps 14-6
// and 17-3; against 1.3, linear 1.6 (depth 5) and 2.0 scored 9-11 and 10-10,
// tempo 0 and 1.0 scored 8-12 and 10-10, a free-race bonus of 1.5 steps 9-11.
var Default = Weights{
	Step:  100,
	Tempo: 50,
	Wall:  [16]int{0, 130, 260, 390, 520, 650, 780, 910, 1040, 1170, 1300, 1430, 1560, 1690, 1820, 1950},
	Free:  50,
}

// WallValue is the worth of k walls in hand.
func (w *Weights) WallValue(k int) int {
	if k <= 0 {
		return 0
	}
	if k >= len(w.Wall) {
		return w.Wall[len(w.Wall)-1]
	}
	return w.Wall[k]
}

// Evaluate scores f for the side to move.
func (w *Weights) Evaluate(f Features) int {
	s := w.Step*(f.OppDist-f.MyDist) + w.Tempo
	s += w.WallValue(f.MyWalls) - w.WallValue(f.OppWalls)
	if f.OppWalls == 0 && f.MyDist <= f.OppDist {
		s += w.Free
	}
	return s
}

// Evaluate scores f for the side to move with the default weights.
func Evaluate(f Features) int { return Default.Evaluate(f) }
