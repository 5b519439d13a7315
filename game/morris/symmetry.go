package morris

import (
	"math/bits"

	"github.com/pentad-ai/pentad/engine"
)

// NumSyms is the number of symmetries of the board: the eight rotations and
// reflections of the square, each with or without the swap of the inner
// and outer squares.
const NumSyms = 16

// Syms are the symmetries of the board as node permutations: Syms[k][n] is
// the image of node n under symmetry k; Syms[0] is the identity. They are
// found at start as the permutations of the nodes that keep both the
// neighbours and the mills.
var Syms [NumSyms][Nodes]int8

// symInv[k] is the index of the inverse of symmetry k.
var symInv [NumSyms]int

// initSyms finds the symmetries; board.go's init calls it once the
// neighbours and mills are set.
func initSyms() {
	var found [][Nodes]int8
	var perm [Nodes]int8
	used := uint32(0)
	var try func(n int)
	try = func(n int) {
		if n == Nodes {
			for _, m := range Mills {
				if !isMill(mapMask(&perm, m)) {
					return
				}
			}
			found = append(found, perm)
			return
		}
		for img := 0; img < Nodes; img++ {
			if used&(1<<img) != 0 || Count(Adj[img]) != Count(Adj[n]) {
				continue
			}
			ok := true
			for a := range n { // every neighbour already placed keeps its link
				if (Adj[n]&(1<<a) != 0) != (Adj[img]&(1<<perm[a]) != 0) {
					ok = false
					break
				}
			}
			if ok {
				perm[n] = int8(img)
				used |= 1 << img
				try(n + 1)
				used &^= 1 << img
			}
		}
	}
	try(0)
	if len(found) != NumSyms || found[0] != identity() {
		panic("morris: the board does not have 16 symmetries")
	}
	copy(Syms[:], found)
	for k := range Syms {
		for j := range Syms {
			if compose(k, j) == identity() {
				symInv[k] = j
			}
		}
	}
}

func identity() (id [Nodes]int8) {
	for n := range id {
		id[n] = int8(n)
	}
	return id
}

// compose is symmetry j after symmetry k.
func compose(k, j int) (c [Nodes]int8) {
	for n := range c {
		c[n] = Syms[j][Syms[k][n]]
	}
	return c
}

func isMill(s uint32) bool {
	for _, m := range Mills {
		if m == s {
			return true
		}
	}
	return false
}

func mapMask(perm *[Nodes]int8, s uint32) (out uint32) {
	for ; s != 0; s &= s - 1 {
		out |= 1 << perm[bits.TrailingZeros32(s)]
	}
	return out
}

// MapNodes is the image of the node set s under symmetry k.
func MapNodes(k int, s uint32) uint32 { return mapMask(&Syms[k], s) }

// InverseSym is the index of the symmetry that undoes symmetry k.
func InverseSym(k int) int { return symInv[k] }

// MapMove is the image of move m under symmetry k.
func MapMove(k int, m engine.Move) engine.Move {
	from, to, take := MoveParts(m)
	img := func(n int) int {
		if n < 0 {
			return n
		}
		return int(Syms[k][n])
	}
	return encode(img(from), img(to), img(take))
}
