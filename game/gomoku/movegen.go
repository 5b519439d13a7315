package gomoku

import (
	"github.com/pentad-ai/pentad/engine"
)

// FullRange and ScanRange bound the scans over the padded array (cells
// lo <= c < hi, walls included: test Cell). FullRange spans every cell of
// the board; ScanRange only the rows within two of a stone, where every
// candidate, four and five cell lies.
func (p *Position) FullRange() (int, int) {
	return pad*stride + pad, (pad+p.h-1)*stride + pad + p.w
}

func (p *Position) ScanRange() (int, int) {
	if p.ylo > p.yhi {
		return 0, 0
	}
	y0, y1 := max(p.ylo-2, 0), min(p.yhi+2, p.h-1)
	return (pad+y0)*stride + pad, (pad+y1)*stride + pad + p.w
}

// Allowed filters an empty cell for the side to move: false only for a
// renju forbidden move of black.
func (p *Position) Allowed(c int) bool {
	if p.rule != Renju || p.side != Black {
		return true
	}
	if p.Class(Black, c) == TFive {
		return true
	}
	if !blackSuspect(p.CellKey(Black, c)) {
		return true
	}
	return !p.Forbidden(c)
}

// HasCode reports whether any line code of cell c for side s is at least
// min (Over not counted).
func (p *Position) HasCode(s, c int, min uint8) bool {
	pt := p.CellKey(s, c)
	for d := 0; d < 4; d++ {
		if v := uint8(pt>>(4*d)) & 0xF; v >= min && v != Over {
			return true
		}
	}
	return false
}

// LegalMoves appends every legal move (every empty cell, less renju
// forbidden cells for black) to buf[:0]; it is empty when the game is over.
func (p *Position) LegalMoves(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	if over, _, _ := p.Status(); over {
		return buf
	}
	lo, hi := p.FullRange()
	for c := lo; c < hi; c++ {
		if p.cell[c] == Empty && p.Allowed(c) {
			buf = append(buf, engine.Move(c))
		}
	}
	return buf
}

// Perft counts the move sequences of the given length over legal moves,
// stopping at finished games.
func (p *Position) Perft(depth int) uint64 {
	bufs := make([][]engine.Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]engine.Move, 0, MaxSize*MaxSize)
	}
	return p.perft(depth, bufs)
}

func (p *Position) perft(depth int, bufs [][]engine.Move) uint64 {
	if depth == 0 {
		return 1
	}
	moves := p.LegalMoves(bufs[depth])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.Make(m)
		n += p.perft(depth-1, bufs)
		p.Unmake(m)
	}
	return n
}

// PerftPosition adapts a position to bench.Perft and bench.Divide: all legal
// moves, and only the real end of the game.
type PerftPosition struct{ *Position }

// GenMoves lists every legal move.
func (q PerftPosition) GenMoves(buf []engine.Move) []engine.Move { return q.LegalMoves(buf) }

// Terminal is the real end of the game.
func (q PerftPosition) Terminal() (bool, int) {
	over, _, _ := q.Status()
	return over, 0
}

// FiveCellNear finds side's five cell on the lines through c (the cells a
// new four at c can threaten), or -1.
func (p *Position) FiveCellNear(side, c int) int {
	for _, dd := range dirs {
		for k := -4; k <= 4; k++ {
			q := c + k*dd
			if k != 0 && p.cell[q] == Empty && p.Class(side, q) == TFive {
				return q
			}
		}
	}
	return -1
}

// FiveCell returns the first cell where side makes a five and the number
// of such cells.
func (p *Position) FiveCell(side int) (int, int) {
	lo, hi := p.ScanRange()
	first, n := -1, 0
	for c := p.NextFour(side, lo, hi); c < hi; c = p.NextFour(side, c+1, hi) {
		if p.Class(side, c) == TFive {
			if first < 0 {
				first = c
			}
			n++
		}
	}
	return first, n
}

// LineCells appends to buf the empty cells on the four lines through cell
// c within reach cells of it (at most 5), c itself first when it is empty,
// and skips those buf already holds.
func (p *Position) LineCells(c, reach int, buf []engine.Move) []engine.Move {
	reach = min(reach, pad)
	add := func(q int) {
		if p.cell[q] != Empty {
			return
		}
		for _, m := range buf {
			if int(m) == q {
				return
			}
		}
		buf = append(buf, engine.Move(q))
	}
	add(c)
	for _, dd := range dirs {
		for k := 1; k <= reach; k++ {
			add(c + k*dd)
			add(c - k*dd)
		}
	}
	return buf
}
