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
const (
	Step  = 100
	Tempo = 50 // the side to move is half a step ahead in the race
)

// wallValue is the worth of k walls in hand: concave, since the first walls
// are the ones that decide a race and the last ones are rarely all played.
var wallValue = [...]int{0, 60, 110, 150, 185, 215, 240, 262, 282, 300, 316, 330, 342, 352, 360}

// WallValue is the worth of k walls in hand.
func WallValue(k int) int {
	if k < 0 {
		return 0
	}
	if k >= len(wallValue) {
		return wallValue[len(wallValue)-1] + 8*(k-len(wallValue)+1)
	}
	return wallValue[k]
}

// Evaluate scores f for the side to move.
func Evaluate(f Features) int {
	s := Step*(f.OppDist-f.MyDist) + Tempo
	// Walls matter less the closer their owner's opponent is to the goal:
	// each wall can lengthen the remaining path only so much.
	s += WallValue(f.MyWalls) - WallValue(f.OppWalls)
	if f.OppWalls == 0 && f.MyDist <= f.OppDist {
		// The opponent can no longer slow us down: a won race unless our walls
		// are not even needed; stress it so the search keeps it.
		s += Step / 2
	}
	return s
}
