package morris

import (
	"math/bits"

	"github.com/pentad-ai/pentad/game/morris"
)

// MinPieces and MaxPieces bound the piece counts of a table (Groups).
const (
	MinPieces = 3
	MaxPieces = 6
)

// Groups are the table pairs that Build solves, in order: a group (a,b)
// holds the tables a-against-b and b-against-a, whose moves without a take
// lead into each other; takes lead into earlier groups. The first
// EmbeddedGroups (every pair up to 4 pieces a side, and 3 against 5) are
// the database compiled into the binary; the rest make the large database
// that `morris book build -groups 8 -raw` writes to a file of its own. 5
// against 6 and 6 against 6 are left out: their distances may pass the 253
// plies an entry holds (4 against 6 reaches 157), where Build would panic.
var Groups = [][2]int{{3, 3}, {3, 4}, {4, 4}, {3, 5}, {4, 5}, {3, 6}, {5, 5}, {4, 6}}

// EmbeddedGroups is the number of Groups in the embedded database.
const EmbeddedGroups = 4

var binom [25][25]int

func init() {
	for n := 0; n <= 24; n++ {
		binom[n][0] = 1
		for k := 1; k <= n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
	}
}

// Size is the number of entries of the table with a and b pieces.
func Size(a, b int) int { return binom[24][a] * binom[24-a][b] }

// rank of a set in the combinatorial number system (colex order, which is
// the order of the masks as integers).
func rank(s uint32) int {
	lo := s & 255
	mid := s >> 8 & 255
	k1 := bits.OnesCount32(lo)
	return int(rankTab[0][lo][0] + rankTab[1][mid][k1] + rankTab[2][s>>16&255][k1+bits.OnesCount32(mid)])
}

// rankTab[c][v][k] is the part of the rank contributed by byte c holding v
// when k set bits lie below it.
var rankTab [3][256][9]int32

func init() {
	for c := 0; c < 3; c++ {
		for v := 0; v < 256; v++ {
			for k := 0; k <= 8; k++ {
				r := 0
				i := k + 1
				for j := 0; j < 8; j++ {
					if v>>j&1 != 0 {
						if i <= 24 {
							r += binom[8*c+j][min(i, 24)]
						}
						i++
					}
				}
				rankTab[c][v][k] = int32(r)
			}
		}
	}
}

// squeeze removes the nodes of us from the numbering of them.
func squeeze(them, us uint32) uint32 {
	var r uint32
	for ; them != 0; them &= them - 1 {
		p := bits.TrailingZeros32(them)
		r |= 1 << (p - bits.OnesCount32(us&(1<<p-1)))
	}
	return r
}

// Index is the entry of (us, them) in its table.
func Index(us, them uint32) int {
	b := bits.OnesCount32(them)
	return rank(us)*binom[24-bits.OnesCount32(us)][b] + rank(squeeze(them, us))
}

// Table is the database of one piece-count pair.
type Table struct {
	A, B int
	Val  []uint8
}

// DB is a set of tables. It implements the Endgame interface of the bot
// (bot/morris).
type DB struct {
	T [MaxPieces + 1][MaxPieces + 1]*Table
}

// Table returns the table for a and b pieces, or nil.
func (d *DB) Table(a, b int) *Table {
	if a < MinPieces || b < MinPieces || a > MaxPieces || b > MaxPieces {
		return nil
	}
	return d.T[a][b]
}

// Raw is the entry of a position: 0 draw, else distance+1 (see the package
// comment); ok is false when no table covers it.
func (d *DB) Raw(us, them uint32) (code uint8, ok bool) {
	t := d.Table(bits.OnesCount32(us), bits.OnesCount32(them))
	if t == nil {
		return 0, false
	}
	return t.Val[Index(us, them)], true
}

// Probe returns the value of a moving-phase position with us to move: the
// distance in plies to the win if positive, minus the distance to the loss
// if negative, 0 for a draw. ok is false when no table covers the position
// and for a blocked position, which the rules themselves decide.
func (d *DB) Probe(us, them uint32) (int, bool) {
	c, ok := d.Raw(us, them)
	if !ok {
		return 0, false
	}
	if c == 0 {
		return 0, true
	}
	dist := int(c) - 1
	switch {
	case dist == 0:
		return 0, false
	case dist&1 == 1:
		return dist, true
	}
	return -dist, true
}

// Count reports how many positions of a table are won, lost and drawn for
// the side to move.
func (t *Table) Count() (won, lost, drawn int) {
	for _, c := range t.Val {
		switch {
		case c == 0:
			drawn++
		case (c-1)&1 == 1:
			won++
		default:
			lost++
		}
	}
	return
}

// MaxDistance is the longest win or loss of a table, in plies.
func (t *Table) MaxDistance() int {
	m := 0
	for _, c := range t.Val {
		if int(c)-1 > m {
			m = int(c) - 1
		}
	}
	return m
}

// forEach calls f for every position of the table with a and b pieces, in
// index order.
func forEach(a, b int, f func(idx int, us, them uint32)) {
	n := 24 - a
	idx := 0
	var free [24]int
	for us := uint32(1)<<a - 1; us < 1<<24; us = nextComb(us) {
		k := 0
		for e := morris.All &^ us; e != 0; e &= e - 1 {
			free[k] = bits.TrailingZeros32(e)
			k++
		}
		for t := uint32(1)<<b - 1; t < 1<<n; t = nextComb(t) {
			var them uint32
			for x := t; x != 0; x &= x - 1 {
				them |= 1 << free[bits.TrailingZeros32(x)]
			}
			f(idx, us, them)
			idx++
		}
	}
}

// nextComb is the next integer with the same number of set bits (Gosper).
func nextComb(x uint32) uint32 {
	c := x & -x
	r := x + c
	return (((r ^ x) >> 2) / c) | r
}

var comboCache = map[[2]int][]uint32{}

// combos lists the k-subsets of n nodes in rank order. Not safe for
// concurrent first use; Build and the tests call it from one goroutine.
func combos(n, k int) []uint32 {
	if l, ok := comboCache[[2]int{n, k}]; ok {
		return l
	}
	l := make([]uint32, 0, binom[n][k])
	for x := uint32(1)<<k - 1; x < 1<<n; x = nextComb(x) {
		l = append(l, x)
	}
	comboCache[[2]int{n, k}] = l
	return l
}

// expand spreads the bits of a squeezed set over the nodes not in us.
func expand(t, us uint32) uint32 {
	var them uint32
	free := morris.All &^ us
	for i := 0; free != 0; free &= free - 1 {
		if t>>i&1 != 0 {
			them |= free & -free
		}
		i++
	}
	return them
}
