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
	// placement phase: the side to move (its placement still to come)
	PlaceTempo int
}

// Default are the weights the engine plays with. The mobility weights
// (PlaceMobility 200 and MoveMobility 150, a fifth and three twentieths of a
// piece, up from 45 and 35) won a self-play match at 0.1 s a move, +28 +/- 31
// Elo over 200 games (LOS 96%), and lost none of 20 games to Sanmill where
// the old ones lost 2 (both blocked); 300 and 250 were no better (-4 +/- 31).
// PlaceLine 300 (an open line 0.3 of a piece, down from 0.6) won
// self-play at 0.1 s a move, 200 games on 4 random plies each: 250, 300 and
// 400 scored +27.9 +/- 28.8, +26.1 +/- 27.8 and +29.6 +/- 27.3 Elo against
// 600 on three seeds; 800 scored -1.7 +/- 31.9. At 600 the evaluation swung
// by about a piece between odd and even depths of the placement phase.
//
// PlaceTempo 600 is most of that swing: the placement terms count placed
// pieces only, so the side that has just placed leads by one placement's
// worth of lines and mobility. With the tempo the score moves between
// successive depths by 185 on average instead of 531 (30 random placement
// positions searched to depth 10), in 2.4 times fewer nodes; 300 and 900
// left 305 and 467. It won self-play at 0.1 s a move, 200 games on 4 random
// plies each: +31.4 +/- 25.1 and +22.6 +/- 28.7 Elo on two seeds; 450 and
// 800 scored +6.9 +/- 26.0 and -12.2 +/- 29.2 against 600. Against
// Sanmill at 1 s, on the same 20 openings, the engine lost 3 games with it
// and 3 without.
//
// Blocked 150 (a piece with no empty neighbour in the moving phase costs
// 0.15 of a piece, up from 45; Sanmill's wins over this engine end mostly
// with a side blocked) won self-play at 0.1 s a move, 200 games on 4
// random plies each: +12.2 +/- 26.2, +45.4 +/- 27.0 and +36.6 +/- 25.7
// Elo on three seeds; 100 and 300 scored +0.0 +/- 27.3 and -26.1 +/- 23.1
// against 150. NoMoves 1500 (was 700) scored +0.0 +/- 27.7. Against Sanmill
// at 1 s it won 33, lost 2 and drew 24 of 60 games (2 to 4 random plies;
// one more game Sanmill forfeited), where the weights before won 43, lost
// 8 and drew 37 of 88 (on 20 of the same openings: 11-0-9 against 9-3-8).
var Default = Weights{
	Piece:     1000,
	PlaceMill: 120, PlaceThreat: 180, PlaceDouble: 350, PlaceMobility: 200, PlaceJunction: 75,
	MoveMobility: 150, Blocked: 150, MoveThreat: 220, MoveDouble: 600, OpenMill: 160, NoMoves: 700,
	FlyThreat: 300, FlyDouble: 900,
	PlaceLine: 300, PlaceTempo: 600,
}

var junction [morris.Nodes]int

func init() {
	for n := 0; n < morris.Nodes; n++ {
		junction[n] = bits.OnesCount32(morris.Adj[n]) - 2 // 0, 1 or 2
	}
}

// NumFeatures is the length of Features' vector, one per field of Weights
// in their order.
const NumFeatures = 17

// The features' indices, in the order of the fields of Weights.
const (
	fPiece = iota
	fPlaceMill
	fPlaceThreat
	fPlaceDouble
	fPlaceMobility
	fPlaceJunction
	fMoveMobility
	fBlocked
	fMoveThreat
	fMoveDouble
	fOpenMill
	fNoMoves
	fFlyThreat
	fFlyDouble
	fPlaceLine
	fMoveLine
	fPlaceTempo
)

// Evaluate scores a position for the side to move, owning us with handUs
// pieces to place, against them. placing is true during the first 18 plies.
// The score is the sum of Features weighed by w.
func (w *Weights) Evaluate(us, them uint32, handUs, handThem int, placing bool) int {
	f := Features(us, them, handUs, handThem, placing)
	return w.Piece*f[fPiece] +
		w.PlaceMill*f[fPlaceMill] + w.PlaceThreat*f[fPlaceThreat] + w.PlaceDouble*f[fPlaceDouble] +
		w.PlaceMobility*f[fPlaceMobility] + w.PlaceJunction*f[fPlaceJunction] +
		w.MoveMobility*f[fMoveMobility] + w.Blocked*f[fBlocked] + w.MoveThreat*f[fMoveThreat] +
		w.MoveDouble*f[fMoveDouble] + w.OpenMill*f[fOpenMill] + w.NoMoves*f[fNoMoves] +
		w.FlyThreat*f[fFlyThreat] + w.FlyDouble*f[fFlyDouble] +
		w.PlaceLine*f[fPlaceLine] + w.MoveLine*f[fMoveLine] +
		w.PlaceTempo*f[fPlaceTempo]
}

// Features returns the terms Weights weigh, in the order of its fields,
// for the side to move (its terms less the other side's; Blocked and
// NoMoves count against the side they describe; PlaceTempo is 1 for the
// side to move in the placement phase).
func Features(us, them uint32, handUs, handThem int, placing bool) (f [NumFeatures]int) {
	f[fPiece] = bits.OnesCount32(us) + handUs - bits.OnesCount32(them) - handThem
	if placing {
		placement(&f, us, them, handUs, 1)
		f[fPlaceTempo] = 1
		placement(&f, them, us, handThem, -1)
		return f
	}
	moving(&f, us, them, true, 1)
	moving(&f, them, us, false, -1)
	return f
}

// threats is the set of empty nodes where side x could complete a mill with
// one piece, given the pieces that may arrive there, with x's closed mills
// and its lines holding one piece of x and none of y.
func threats(x, y uint32, fly, place bool) (sq uint32, closed, lines int) {
	empty := morris.All &^ (x | y)
	for _, m := range morris.Mills {
		own := x & m
		switch bits.OnesCount32(own) {
		case 1:
			if m&y == 0 {
				lines++
			}
		case 3:
			closed++
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

// placement adds sign times x's placement-phase terms to f.
func placement(f *[NumFeatures]int, x, y uint32, hx, sign int) {
	empty := morris.All &^ (x | y)
	sq, closed, lines := threats(x, y, false, hx > 0)
	nt := bits.OnesCount32(sq)
	f[fPlaceLine] += sign * lines
	f[fPlaceMill] += sign * closed
	f[fPlaceThreat] += sign * nt
	if nt >= 2 {
		f[fPlaceDouble] += sign
	}
	junc, mob := 0, 0
	for b := x; b != 0; b &= b - 1 {
		n := bits.TrailingZeros32(b)
		junc += junction[n]
		mob += bits.OnesCount32(morris.Adj[n] & empty)
	}
	f[fPlaceJunction] += sign * junc
	f[fPlaceMobility] += sign * mob
}

// moving adds sign times x's moving- and flying-phase terms to f.
func moving(f *[NumFeatures]int, x, y uint32, toMove bool, sign int) {
	if bits.OnesCount32(x) < 3 {
		return
	}
	empty := morris.All &^ (x | y)
	sq, _, lines := threats(x, y, bits.OnesCount32(x) == 3, false)
	nt := bits.OnesCount32(sq)
	if bits.OnesCount32(x) == 3 {
		f[fFlyThreat] += sign * nt
		if nt >= 2 {
			f[fFlyDouble] += sign
		}
		return
	}
	f[fMoveThreat] += sign * nt
	f[fMoveLine] += sign * lines
	if nt >= 2 {
		f[fMoveDouble] += sign
	}
	mob, blocked := 0, 0
	for b := x; b != 0; b &= b - 1 {
		n := bits.TrailingZeros32(b)
		k := bits.OnesCount32(morris.Adj[n] & empty)
		if k == 0 {
			blocked++
		}
		mob += k
	}
	f[fBlocked] -= sign * blocked
	f[fMoveMobility] += sign * mob
	if mob == 0 && !toMove {
		f[fNoMoves] -= sign
	}
	// closed mills with a piece that can step out (and back in)
	open := 0
	for _, m := range morris.Mills {
		if x&m == m && morris.Neighbours(m)&empty&^m != 0 {
			open++
		}
	}
	f[fOpenMill] += sign * open
}

// ParseWeights changes base by a comma-separated list of name=value pairs,
// the names those of the fields of Weights in any case (for example
// "PlaceMobility=200,MoveMobility=150"), for experiments.
func ParseWeights(base Weights, spec string) (Weights, error) { return weights.Parse(base, spec) }
