package morris

import (
	"math/bits"

	"github.com/pentad-ai/pentad/game/morris"
	"github.com/pentad-ai/pentad/internal/weights"
)

// Weights are the evaluation terms, in units where a piece is Piece.
type Weights struct {
	Piece int
	// placement phase
	PlaceMill, PlaceThreat, PlaceDouble, PlaceMobility, PlaceJunction int
	// moving phase
	MoveMobility, Blocked, MoveThreat, MoveDouble, OpenMill, NoMoves int
	// flying phase (a side with 3 pieces)
	FlyThreat, FlyDouble int
	// lines with one own piece and two empty nodes, placement and moving
	PlaceLine, MoveLine int
}

// Default are the weights the engine plays with. The mobility weights
// (PlaceMobility 200 and MoveMobility 150, a fifth and three twentieths of a
// piece, up from 45 and 35) won a self-play match at 0.1 s a move, +28 +/- 31
// Elo over 200 games (LOS 96%), and lost none of 20 games to Sanmill where
// the old ones lost 2 (both blocked); 300 and 250 were no better (-4 +/- 31).
var Default = Weights{
	Piece:     1000,
	PlaceMill: 120, PlaceThreat: 180, PlaceDouble: 350, PlaceMobility: 200, PlaceJunction: 75,
	MoveMobility: 150, Blocked: 45, MoveThreat: 220, MoveDouble: 600, OpenMill: 160, NoMoves: 700,
	FlyThreat: 300, FlyDouble: 900,
	PlaceLine: 600,
}

var junction [morris.Nodes]int

func init() {
	for n := 0; n < morris.Nodes; n++ {
		junction[n] = bits.OnesCount32(morris.Adj[n]) - 2 // 0, 1 or 2
	}
}

// Evaluate scores a position for the side to move, owning us with handUs
// pieces to place, against them. placing is true during the first 18 plies.
func (w *Weights) Evaluate(us, them uint32, handUs, handThem int, placing bool) int {
	v := w.Piece * (bits.OnesCount32(us) + handUs - bits.OnesCount32(them) - handThem)
	if placing {
		v += w.placement(us, them, handUs, handThem) - w.placement(them, us, handThem, handUs)
		return v
	}
	a := w.moving(us, them, true)
	b := w.moving(them, us, false)
	return v + a - b
}

// threats is the set of empty nodes where side x could complete a mill with
// one piece, given the pieces that may arrive there.
func threats(x, y uint32, fly, place bool) (sq uint32, closed uint32, lines int) {
	empty := morris.All &^ (x | y)
	for _, m := range morris.Mills {
		own := x & m
		switch bits.OnesCount32(own) {
		case 1:
			if m&y == 0 {
				lines++
			}
		case 3:
			closed |= m
		case 2:
			t := m &^ own & empty
			if t == 0 {
				continue
			}
			if place || fly {
				sq |= t
				continue
			}
			n := bits.TrailingZeros32(t)
			if morris.Adj[n]&x&^m != 0 {
				sq |= t
			}
		}
	}
	return sq, closed, lines
}

func (w *Weights) placement(x, y uint32, hx, hy int) int {
	v := 0
	empty := morris.All &^ (x | y)
	sq, closed, lines := threats(x, y, false, hx > 0)
	nt := bits.OnesCount32(sq)
	v += w.PlaceLine * lines
	v += w.PlaceMill * bits.OnesCount32(closed) / 3
	v += w.PlaceThreat * nt
	if nt >= 2 {
		v += w.PlaceDouble
	}
	// nodes where one placement would make two potential mills (forks)
	for b := x; b != 0; b &= b - 1 {
		n := bits.TrailingZeros32(b)
		v += w.PlaceJunction * junction[n]
		v += w.PlaceMobility * bits.OnesCount32(morris.Adj[n]&empty)
	}
	return v
}

func (w *Weights) moving(x, y uint32, toMove bool) int {
	nx := bits.OnesCount32(x)
	if nx < 3 {
		return 0
	}
	empty := morris.All &^ (x | y)
	fly := nx == 3
	v := 0
	sq, closed, lines := threats(x, y, fly, false)
	nt := bits.OnesCount32(sq)
	if fly {
		v += w.FlyThreat * nt
		if nt >= 2 {
			v += w.FlyDouble
		}
		return v
	}
	v += w.MoveThreat*nt + w.MoveLine*lines
	if nt >= 2 {
		v += w.MoveDouble
	}
	mob := 0
	for b := x; b != 0; b &= b - 1 {
		n := bits.TrailingZeros32(b)
		k := bits.OnesCount32(morris.Adj[n] & empty)
		if k == 0 {
			v -= w.Blocked
		}
		mob += k
	}
	v += w.MoveMobility * mob
	if mob == 0 && !toMove {
		v -= w.NoMoves
	}
	// closed mills with a piece that can step out (and back in)
	if closed != 0 {
		for _, m := range morris.Mills {
			if x&m == m && morris.Neighbours(m)&empty&^m != 0 {
				v += w.OpenMill
			}
		}
	}
	return v
}

// ParseWeights changes base by a comma-separated list of name=value pairs,
// the names those of the fields of Weights in any case (for example
// "PlaceMobility=200,MoveMobility=150"), for experiments.
func ParseWeights(base Weights, spec string) (Weights, error) { return weights.Parse(base, spec) }
