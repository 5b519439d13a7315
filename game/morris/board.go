package morris

// The geometry of the board, shared by the rules, the evaluation
// (eval/morris) and the endgame databases (book/morris): the 24 nodes, their
// names, adjacency and the 16 mills. A set of nodes is a 24-bit mask.

import "math/bits"

// Nodes is the number of points on the board.
const Nodes = 24

// All is the mask of every node.
const All uint32 = 1<<Nodes - 1

// Names are the square names of the nodes, index order.
var Names = [Nodes]string{
	"a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4",
	"e4", "f4", "g4", "c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1",
}

var adjList = [Nodes][]int{
	{1, 9}, {0, 2, 4}, {1, 14}, {4, 10}, {1, 3, 5, 7}, {4, 13}, {7, 11}, {4, 6, 8}, {7, 12},
	{0, 10, 21}, {3, 9, 11, 18}, {6, 10, 15}, {8, 13, 17}, {5, 12, 14, 20}, {2, 13, 23},
	{11, 16}, {15, 17, 19}, {12, 16}, {10, 19}, {16, 18, 20, 22}, {13, 19}, {9, 22},
	{19, 21, 23}, {14, 22},
}

var millList = [16][3]int{
	{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {9, 10, 11}, {12, 13, 14}, {15, 16, 17}, {18, 19, 20},
	{21, 22, 23}, {0, 9, 21}, {3, 10, 18}, {6, 11, 15}, {1, 4, 7}, {16, 19, 22}, {8, 12, 17},
	{5, 13, 20}, {2, 14, 23},
}

var (
	// Adj is the mask of the neighbours of each node.
	Adj [Nodes]uint32
	// Mills are the 16 mills as masks.
	Mills [16]uint32
	// MillPairs holds, for each node, the other two nodes of each of its two
	// mills: a side closes a mill at n when it owns both nodes of a pair.
	MillPairs [Nodes][2]uint32
	// NodeMills are the indices into Mills of the two mills through a node.
	NodeMills [Nodes][2]int
	nbr       [3][256]uint32
)

func init() {
	for n, l := range adjList {
		for _, a := range l {
			Adj[n] |= 1 << a
		}
	}
	var cnt [Nodes]int
	for i, m := range millList {
		for _, n := range m {
			Mills[i] |= 1 << n
		}
		for _, n := range m {
			MillPairs[n][cnt[n]] = Mills[i] &^ (1 << n)
			NodeMills[n][cnt[n]] = i
			cnt[n]++
		}
	}
	for c := 0; c < 3; c++ {
		for b := 0; b < 256; b++ {
			var m uint32
			for i := 0; i < 8; i++ {
				if b>>i&1 != 0 {
					m |= Adj[c*8+i]
				}
			}
			nbr[c][b] = m
		}
	}
	initSyms()
}

// Neighbours is the union of the neighbours of the nodes in s.
func Neighbours(s uint32) uint32 {
	return nbr[0][s&255] | nbr[1][s>>8&255] | nbr[2][s>>16&255]
}

// InMills is the set of nodes of s that lie in a mill completely owned by s.
func InMills(s uint32) uint32 {
	var r uint32
	for _, m := range Mills {
		if s&m == m {
			r |= m
		}
	}
	return r
}

// Closes reports whether a side owning own (the moving piece already lifted)
// closes a mill by putting a piece on n.
func Closes(own uint32, n int) bool {
	p := &MillPairs[n]
	return own&p[0] == p[0] || own&p[1] == p[1]
}

// Takeable is the set of pieces of s that a closed mill may take: those not
// in a mill, or all of them when every piece is in a mill.
func Takeable(s uint32) uint32 {
	t := s &^ InMills(s)
	if t == 0 {
		return s
	}
	return t
}

// Count is the number of nodes in s.
func Count(s uint32) int { return bits.OnesCount32(s) }

// Node parses a node given as an index (0..23) or a square name (a7..g1).
func Node(s string) (int, bool) {
	if len(s) == 2 && s[0] >= 'a' && s[0] <= 'g' {
		for i, n := range Names {
			if n == s {
				return i, true
			}
		}
		return 0, false
	}
	if len(s) == 0 || len(s) > 2 {
		return 0, false
	}
	v := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	if v >= Nodes {
		return 0, false
	}
	return v, true
}
