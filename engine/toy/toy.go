// Package toy is a small game for the tests and benchmarks of the
// game-independent packages (engine, bench), so that they need no real game:
// dots and boxes on a board of R x C boxes. A move draws one edge; a player
// who completes a box scores it and moves again (a move that leaves the same
// side to move, as Kalah's extra turn), and the most boxes win once every
// edge is drawn.
//
// Edges are numbered from 0: first the (R+1) x C horizontal ones row by
// row, then the R x (C+1) vertical ones; move m draws edge m-1. The number of
// edge sequences of length d from the empty board does not depend on who
// moves, so perft(d) is E!/(E-d)! for E edges.
package toy

import (
	"fmt"

	"github.com/pentad-ai/pentad/engine"
)

// MaxEdges bounds the board: R and C from 1, (R+1)C + R(C+1) <= MaxEdges.
const MaxEdges = 40

type undo struct {
	side   int8
	gained int8
}

// Position is a dots-and-boxes position. The zero value is not usable; make
// one with New.
type Position struct {
	rows, cols int
	edges      int
	drawn      uint64
	side       int
	boxes      [2]int
	hash       uint64
	// adj[e] holds the edge masks of the (one or two) boxes edge e borders
	adj   [MaxEdges][2]uint64
	keys  []uint64 // edges, then side, then box counts per side
	stack [MaxEdges]undo
	n     int
}

// New returns the empty board of rows x cols boxes; it panics on a size out
// of range (a programming error in a test).
func New(rows, cols int) *Position {
	edges := (rows+1)*cols + rows*(cols+1)
	if rows < 1 || cols < 1 || edges > MaxEdges {
		panic(fmt.Sprintf("toy: %dx%d boxes out of range", rows, cols))
	}
	p := &Position{rows: rows, cols: cols, edges: edges}
	h := (rows + 1) * cols
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			top, bottom := i*cols+j, (i+1)*cols+j
			left, right := h+i*(cols+1)+j, h+i*(cols+1)+j+1
			mask := uint64(1)<<top | uint64(1)<<bottom | uint64(1)<<left | uint64(1)<<right
			for _, e := range []int{top, bottom, left, right} {
				if p.adj[e][0] == 0 {
					p.adj[e][0] = mask
				} else {
					p.adj[e][1] = mask
				}
			}
		}
	}
	p.keys = engine.ZobristKeys(0x70e, edges+1+2*(rows*cols+1))
	return p
}

func (p *Position) boxKey(side, count int) uint64 {
	return p.keys[p.edges+1+side*(p.rows*p.cols+1)+count]
}

// Edges is the number of edges of the board.
func (p *Position) Edges() int { return p.edges }

// Legal tells whether m draws an edge not drawn yet.
func (p *Position) Legal(m engine.Move) bool {
	return m >= 1 && int(m) <= p.edges && p.drawn&(1<<(m-1)) == 0
}

// GenMoves implements engine.Position: every edge not drawn yet.
func (p *Position) GenMoves(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	if p.n == p.edges {
		return buf
	}
	for e := 0; e < p.edges; e++ {
		if p.drawn&(1<<e) == 0 {
			buf = append(buf, engine.Move(e+1))
		}
	}
	return buf
}

// Make implements engine.Position.
func (p *Position) Make(m engine.Move) {
	e := int(m) - 1
	p.drawn |= 1 << e
	p.hash ^= p.keys[e]
	gained := 0
	for _, mask := range p.adj[e] {
		if mask != 0 && p.drawn&mask == mask {
			gained++
		}
	}
	p.stack[p.n] = undo{side: int8(p.side), gained: int8(gained)}
	p.n++
	if gained > 0 {
		s := p.side
		p.hash ^= p.boxKey(s, p.boxes[s]) ^ p.boxKey(s, p.boxes[s]+gained)
		p.boxes[s] += gained
	} else {
		p.side ^= 1
	}
}

// Unmake implements engine.Position.
func (p *Position) Unmake(m engine.Move) {
	e := int(m) - 1
	p.n--
	u := p.stack[p.n]
	p.side = int(u.side)
	if u.gained > 0 {
		s, g := p.side, int(u.gained)
		p.hash ^= p.boxKey(s, p.boxes[s]) ^ p.boxKey(s, p.boxes[s]-g)
		p.boxes[s] -= g
	}
	p.drawn &^= 1 << e
	p.hash ^= p.keys[e]
}

// Pass gives the move to the other side without drawing an edge (a null
// move, for the tests of null-move pruning); a second Pass takes it back.
func (p *Position) Pass() { p.side ^= 1 }

// Hash implements engine.Position.
func (p *Position) Hash() uint64 {
	if p.side == 1 {
		return p.hash ^ p.keys[p.edges]
	}
	return p.hash
}

// Side implements engine.Position.
func (p *Position) Side() int { return p.side }

// Terminal implements engine.Position: once every edge is drawn, the side
// with more boxes wins.
func (p *Position) Terminal() (bool, int) {
	if p.n < p.edges {
		return false, 0
	}
	d := p.boxes[p.side] - p.boxes[p.side^1]
	switch {
	case d > 0:
		return true, engine.Win
	case d < 0:
		return true, -engine.Win
	}
	return true, 0
}

// Evaluate implements engine.Position: the box difference, and the boxes
// the side to move can close at once (three edges drawn).
func (p *Position) Evaluate() int {
	v := 16 * (p.boxes[p.side] - p.boxes[p.side^1])
	for e := 0; e < p.edges; e++ {
		if p.drawn&(1<<e) != 0 {
			continue
		}
		for _, mask := range p.adj[e] {
			if mask != 0 && p.drawn&mask|1<<e == mask {
				v += 4
			}
		}
	}
	return v
}

// Clone implements engine.Position.
func (p *Position) Clone() engine.Position {
	q := *p
	return &q
}

// MoveString names a move: "e" and the edge number.
func (p *Position) MoveString(m engine.Move) string { return fmt.Sprintf("e%d", int(m)-1) }

// SearchOptions are the options the tests search the toy with.
var SearchOptions = engine.Options{LMR: true, AspWindow: 16}
