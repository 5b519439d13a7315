package quoridor

import "math/bits"

// Words is the number of 64-bit words of a bitboard: 625 squares of the
// largest 25x25 board fit in 10 words.
const Words = 10

// BB is a set of squares (index y*N+x) or of wall anchors (index
// (y-1)*(N-1)+x). Only the first nw words of a board are in use.
type BB [Words]uint64

func (b *BB) set(i int)      { b[i>>6] |= 1 << uint(i&63) }
func (b *BB) clear(i int)    { b[i>>6] &^= 1 << uint(i&63) }
func (b *BB) has(i int) bool { return b[i>>6]>>uint(i&63)&1 != 0 }

// first returns the lowest set bit among the first nw words, or -1.
func (b *BB) first(nw int) int {
	for i := 0; i < nw; i++ {
		if b[i] != 0 {
			return i<<6 | bits.TrailingZeros64(b[i])
		}
	}
	return -1
}

// intersects reports whether a and b share a bit in the first nw words.
func intersects(a, b *BB, nw int) bool {
	for i := 0; i < nw; i++ {
		if a[i]&b[i] != 0 {
			return true
		}
	}
	return false
}

func trailing(w uint64) int { return bits.TrailingZeros64(w) }
