// Package quoridor is the evaluation of the Quoridor engine: the race
// between the two shortest paths, the walls still in hand and the tempo.
package quoridor

import "github.com/pentad-ai/pentad/internal/weights"

// Features are what the evaluation reads from a position, from the point of
// view of the side to move.
type Features struct {
	MyDist, OppDist   int // shortest path lengths to the goal rows (other pawn ignored)
	MyWalls, OppWalls int // walls still in hand
	// The most steps one wall could add to each path now (read only when
	// Exposed is not 0).
	MyThreat, OppThreat int
}

// Weights of the evaluation, in centi-steps (100 = one step of the race).
type Weights struct {
	Step  int // one step of path difference
	Tempo int // the side to move is half a step ahead in the race
	// A wall in hand is worth WallStep, plus WallDist for every step of
	// the path it may still lengthen (the other side's): walls are worth
	// more while the pawn they may stop is far from its goal.
	WallStep, WallDist int
	// Exposed is the cost of each step one wall of the opponent could add
	// to the path (charged only while the opponent has walls).
	Exposed int
	// Free is the bonus of a race the opponent can no longer slow down (no
	// walls left) and that the side to move leads.
	Free int
}

// Default are the weights the engine plays with. A wall in hand is worth
// 1 step plus 0.15 for every step of the path it may still lengthen (2.2
// steps against a pawn 8 steps away, 1.3 at 2), and each step that one wall
// of the opponent could add to our path costs half a step. Before (1.3
// steps a wall, no path threat) the engine spent its walls early for small
// gains and was then walled in: 17 wins, 2 losses, 1 no result in session
// 12's course-referee gauntlet, and again a loss in session 18's (the
// change's own gauntlet is in the commit that made it the default).
// Earlier self-play on 9x9, 20 games per pairing at fixed depth 4: linear
// 1.0 and 1.3 steps per wall beat a concave scale starting at 0.6 steps
// 14-6 and 17-3; tempo 0 and 1.0 scored 8-12 and 10-10 against 0.5, a
// free-race bonus of 1.5 steps 9-11.
var Default = Weights{
	Step:     100,
	Tempo:    50,
	WallStep: 100,
	WallDist: 15,
	Exposed:  50,
	Free:     50,
}

// WallValue is the worth of k walls in hand against a pawn dist steps from
// its goal.
func (w *Weights) WallValue(k, dist int) int {
	if k <= 0 {
		return 0
	}
	return k * (w.WallStep + w.WallDist*max(dist, 0))
}

// Evaluate scores f for the side to move.
func (w *Weights) Evaluate(f Features) int {
	s := w.Step*(f.OppDist-f.MyDist) + w.Tempo
	s += w.WallValue(f.MyWalls, f.OppDist) - w.WallValue(f.OppWalls, f.MyDist)
	if f.OppWalls == 0 && f.MyDist <= f.OppDist {
		s += w.Free
	}
	if f.OppWalls > 0 {
		s -= w.Exposed * f.MyThreat
	}
	if f.MyWalls > 0 {
		s += w.Exposed * f.OppThreat
	}
	return s
}

// Evaluate scores f for the side to move with the default weights.
func Evaluate(f Features) int { return Default.Evaluate(f) }

// ParseWeights changes base by a comma-separated list of NAME=VALUE pairs
// (the field names of Weights, in any case); a bad list changes nothing.
func ParseWeights(base Weights, spec string) (Weights, error) { return weights.Parse(base, spec) }
