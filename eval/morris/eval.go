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

// The evaluation counts its terms a line at a time, 8 lines at once: the
// horizontal mills are the node triples 3k, 3k+1, 3k+2 of a mask, and
// transpose lays the vertical mills out the same way (the middle node of a
// line in the middle of its triple).
const (
	first = 0x249249   // the first node of each triple
	last  = first << 2 // the last node of each triple
)

var trans, untrans = transposition()

// transposition gives the byte tables of transpose and of its inverse. The
// vertical mills are morris.Mills[8:], each laid out end, middle, end (the
// middle node is next to both ends).
func transposition() (t, u *[3][256]uint32) {
	t, u = new([3][256]uint32), new([3][256]uint32)
	var perm [morris.Nodes]int // node -> bit of the transposed mask
	for i, m := range morris.Mills[8:] {
		j := 0
		for b := m; b != 0; b &= b - 1 {
			n := bits.TrailingZeros32(b)
			if morris.Adj[n]&m == m&^(1<<n) { // the middle
				perm[n] = 3*i + 1
				continue
			}
			perm[n] = 3*i + 2*j
			j++
		}
	}
	for n, q := range perm {
		t[n/8][1<<(n%8)] = 1 << q
		u[q/8][1<<(q%8)] = 1 << n
	}
	for b := 0; b < 3; b++ {
		for v := 1; v < 256; v++ {
			if low := v & -v; low != v {
				t[b][v] = t[b][low] | t[b][v&^low]
				u[b][v] = u[b][low] | u[b][v&^low]
			}
		}
	}
	return t, u
}

func transpose(x uint32) uint32 {
	return trans[0][x&255] | trans[1][x>>8&255] | trans[2][x>>16&255]
}

func untranspose(x uint32) uint32 {
	return untrans[0][x&255] | untrans[1][x>>8&255] | untrans[2][x>>16&255]
}

// along is the set of nodes next to a node of x along the lines laid out as
// triples.
func along(x uint32) uint32 { return (x<<1)&^first&morris.All | (x>>1)&^last }

// pairs counts the pairs of a node of x next to a node of e along the lines
// laid out as triples.
func pairs(x, e uint32) int {
	return bits.OnesCount32((x<<1)&^first&e) + bits.OnesCount32((x>>1)&^last&e)
}

// lineCounts are the terms of x against y on the lines laid out as triples
// (e the empty nodes): the empty nodes where x completes a line it holds
// two nodes of, the lines x holds whole, marked by their first node, and
// the lines with one node of x and none of y.
func lineCounts(x, y, e uint32) (two, full uint32, lines int) {
	a, b, c := x&first, x>>1&first, x>>2&first
	full = a & b & c
	anyY := (y | y>>1 | y>>2) & first
	lines = bits.OnesCount32((a ^ b ^ c) &^ full &^ anyY)
	two = ((a&b&^c)<<2 | (a&c&^b)<<1 | b&c&^a) & e
	return two, full, lines
}

// threats is the set of empty nodes where side x could complete a mill with
// one piece, given the pieces that may arrive there (any when placing or
// flying, else a piece of x next to the node off the mill's line), with x's
// closed mills (horizontal marked in fh, vertical in fv, transposed, by
// their first nodes) and its lines holding one piece of x and none of y.
func threats(x, y uint32, fly, place bool) (sq, fh, fv uint32, lines int) {
	e := morris.All &^ (x | y)
	xt, yt, et := transpose(x), transpose(y), transpose(e)
	th, fh, lh := lineCounts(x, y, e)
	tv, fv, lv := lineCounts(xt, yt, et)
	if !place && !fly {
		th &= untranspose(along(xt)) // a piece of x on the node's vertical line
		tv &= transpose(along(x))    // on its horizontal line
	}
	return th | untranspose(tv), fh, fv, lh + lv
}

// Threatens reports whether side x, with hand pieces left to place and
// pieces y against it, closes a mill with its next move: an empty node
// completes a line it holds two nodes of, and a piece can get there (from
// the hand, by flying with three pieces in the moving phase, or from a
// neighbour off the line).
func Threatens(x, y uint32, hand int, placing bool) bool {
	sq, _, _, _ := threats(x, y, !placing && bits.OnesCount32(x) == 3, hand > 0)
	return sq != 0
}

// placement adds sign times x's placement-phase terms to f.
func placement(f *[NumFeatures]int, x, y uint32, hx, sign int) {
	empty := morris.All &^ (x | y)
	sq, fh, fv, lines := threats(x, y, false, hx > 0)
	nt := bits.OnesCount32(sq)
	f[fPlaceLine] += sign * lines
	f[fPlaceMill] += sign * (bits.OnesCount32(fh) + bits.OnesCount32(fv))
	f[fPlaceThreat] += sign * nt
	if nt >= 2 {
		f[fPlaceDouble] += sign
	}
	f[fPlaceJunction] += sign * (bits.OnesCount32(x&degree3) + 2*bits.OnesCount32(x&degree4))
	f[fPlaceMobility] += sign * (pairs(x, empty) + pairs(transpose(x), transpose(empty)))
}

// degree3 and degree4 are the nodes with three and four neighbours.
var degree3, degree4 = func() (d3, d4 uint32) {
	for n := 0; n < morris.Nodes; n++ {
		switch bits.OnesCount32(morris.Adj[n]) {
		case 3:
			d3 |= 1 << n
		case 4:
			d4 |= 1 << n
		}
	}
	return d3, d4
}()

// moving adds sign times x's moving- and flying-phase terms to f.
func moving(f *[NumFeatures]int, x, y uint32, toMove bool, sign int) {
	if bits.OnesCount32(x) < 3 {
		return
	}
	empty := morris.All &^ (x | y)
	sq, fh, fv, lines := threats(x, y, bits.OnesCount32(x) == 3, false)
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
	xt, et := transpose(x), transpose(empty)
	mob := pairs(x, empty) + pairs(xt, et)
	// nodes with an empty neighbour on their horizontal line, and on
	// their vertical line (transposed)
	freeH, freeVt := along(empty), along(et)
	blocked := bits.OnesCount32(x &^ (freeH | untranspose(freeVt)))
	f[fBlocked] -= sign * blocked
	f[fMoveMobility] += sign * mob
	if mob == 0 && !toMove {
		f[fNoMoves] -= sign
	}
	// closed mills with a piece that can step out (and back in): a node
	// of the mill with an empty neighbour off the mill's line
	freeV, freeHt := untranspose(freeVt), transpose(freeH)
	open := bits.OnesCount32(fh&(freeV|freeV>>1|freeV>>2)) + bits.OnesCount32(fv&(freeHt|freeHt>>1|freeHt>>2))
	f[fOpenMill] += sign * open
}

// ParseWeights changes base by a comma-separated list of name=value pairs,
// the names those of the fields of Weights in any case (for example
// "PlaceMobility=200,MoveMobility=150"), for experiments.
func ParseWeights(base Weights, spec string) (Weights, error) { return weights.Parse(base, spec) }
