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
	// WallCap is the most steps of that path WallDist counts (0: all).
	WallCap int
	// Exposed is the cost of each step one wall of the opponent could add
	// to the path (charged only while the opponent has walls).
	Exposed int
	// Free is the bonus of a race the opponent can no longer slow down (no
	// walls left) and that the side to move leads.
	Free int
}

// Default are the weights the engine plays with. A wall in hand is worth
// 1 step plus 0.15 for every step of the path it may still lengthen, up to
// 8 steps (2.2 steps against a pawn 8 or more steps away, 1.3 at 2; was 1.3
// flat).
//
// Course-referee gauntlets (5 engines, both colours, seeds 1-3, 30 games):
// these weights with the search's Defend walls and a 90% soft limit won 26,
// lost 1 and had 3 games where the opponent crashed or wrote a garbled move
// in a lost position; the same with Exposed 50 won 23, lost 2 (seed 2 and
// 3, to two engines) and had 5 such games, at a third of the nodes per
// second, so Exposed stays 0. Session 12's engine: 17 won, 2 lost, 1 no
// result in 20. With the search's Barrier walls as well: 24 won and none
// lost against the other four engines, and the 6 games against the
// crashing one all ended with its crash; seeds 4-6 against the four: 23
// won, 1 lost (nikolaou, us White, a long maze race in which these weights
// counted our three walls in hand, worth 4.3 steps each at an opponent's
// path of 22, as more than the five steps we were behind). WallCap 8 (a
// wall is worth at most 2.2 steps) won that game, and every game of seeds
// 1-6 against nikolaou and the three contest binaries, both colours (48 of
// 48), and all 6 against the crashing engine in the arena.
// Self-play at 8 s a game says little (colour decides most pairs): 0.8
// steps + 0.1 a step against 1.3 flat, +6.9 +/- 66.4 over 100 games.
var Default = Weights{
	Step:     100,
	Tempo:    50,
	WallStep: 100,
	WallDist: 15,
	WallCap:  8,
	Free:     50,
}

// WallValue is the worth of k walls in hand against a pawn dist steps from
// its goal.
func (w *Weights) WallValue(k, dist int) int {
	if k <= 0 {
		return 0
	}
	d := max(dist, 0)
	if w.WallCap > 0 {
		d = min(d, w.WallCap)
	}
	return k * (w.WallStep + w.WallDist*d)
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
