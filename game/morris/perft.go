package morris

import "github.com/pentad-ai/pentad/engine"

// Perft counts the leaf positions exactly depth plies below p (terminal
// positions before depth are not counted), with bulk counting at the last
// ply. It is the specialised, concrete version of bench.Perft.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][engine.MaxMoves]engine.Move, depth+1)
	return perft(p, depth, bufs)
}

func perft(p *Position, depth int, bufs [][engine.MaxMoves]engine.Move) uint64 {
	if over, _, _ := p.Status(); over {
		return 0
	}
	if depth == 1 {
		return uint64(p.CountMoves())
	}
	moves := p.GenMoves(bufs[depth][:0])
	var n uint64
	for _, m := range moves {
		p.Make(m)
		n += perft(p, depth-1, bufs)
		p.Unmake(m)
	}
	return n
}
