package stones

import (
	"github.com/pentad-ai/pentad/engine"
)

// Perft counts the action sequences of exactly depth actions from p
// (a terminal position reached earlier is not counted), with bulk counting
// at the last action.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var bufs [][engine.MaxMoves]engine.Move
	bufs = make([][engine.MaxMoves]engine.Move, depth)
	return perft(p, depth, bufs)
}

func perft(p *Position, depth int, bufs [][engine.MaxMoves]engine.Move) uint64 {
	if over, _ := p.Terminal(); over {
		return 0
	}
	moves := p.GenMoves(bufs[depth-1][:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.Make(m)
		n += perft(p, depth-1, bufs)
		p.Unmake(m)
	}
	return n
}

// Key is an exact identity of a position: the 60 cells, the side to move
// and the action due.
type Key [NumCells + 2]int8

// Key returns the exact identity of p.
func (p *Position) Key() Key {
	var k Key
	for id := 0; id < NumCells; id++ {
		k[id] = p.cell[sqOf[id]]
	}
	k[NumCells] = int8(p.side)
	k[NumCells+1] = int8(p.phase)
	return k
}

// TurnStats is the count of full-turn action sequences and of distinct
// resulting positions.
type TurnStats struct {
	Sequences uint64
	Distinct  uint64
}

// TurnPerft plays every complete turn of the side to move (every action
// sequence until the other side is to move, or the game ends) and counts
// the sequences and the distinct positions they reach.
func TurnPerft(p *Position) TurnStats {
	seen := make(map[Key]struct{})
	var st TurnStats
	var walk func()
	side := p.side
	var bufs [4][engine.MaxMoves]engine.Move
	depth := 0
	walk = func() {
		if over, _ := p.Terminal(); over || p.side != side {
			st.Sequences++
			seen[p.Key()] = struct{}{}
			return
		}
		moves := p.GenMoves(bufs[depth][:0])
		depth++
		for _, m := range moves {
			p.Make(m)
			walk()
			p.Unmake(m)
		}
		depth--
	}
	if over, _ := p.Terminal(); over {
		return st
	}
	walk()
	st.Distinct = uint64(len(seen))
	return st
}
