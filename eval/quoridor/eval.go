// Package quoridor is the evaluation of the Quoridor engine: the race
// between the two shortest paths, the walls still in hand and the tempo.
package quoridor

import "github.com/pentad-ai/pentad/internal/weights"

// Features are what the evaluation reads from a position, from the point of
// view of the side to move.
type Features struct {
	MyDist, OppDist   int // shortest path lengths to the goal rows (other pawn ignored)
	MyWalls, OppWalls int // walls still in hand
}

// Weights of the evaluation, in centi-steps (100 = one step of the race).
type Weights struct {
	Step  int // one step of path difference
	Tempo int // the side to move is half a step ahead in the race
	// A wall in hand is worth WallStep, plus WallDist for every step of
	// the path it may still lengthen (the other side's): walls are worth
	// more while the pawn they may stop is far from its goal.
	WallStep, WallDist int
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
	Step:     100,
	Tempo:    50,
	WallStep: 130,
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
	return s
}

// Evaluate scores f for the side to move with the default weights.
func Evaluate(f Features) int { return Default.Evaluate(f) }

// ParseWeights changes base by a comma-separated list of NAME=VALUE pairs
// (the field names of Weights, in any case); a bad list changes nothing.
func ParseWeights(base Weights, spec string) (Weights, error) { return weights.Parse(base, spec) }
