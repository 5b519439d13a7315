package kalah

import "github.com/pentad-ai/pentad/engine"

// Perft counts the leaves depth plies below p with a specialised driver
// (bulk counting at the last ply, no hashing overhead beyond Make).
func Perft(p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if p.over {
		return 0
	}
	var buf [MaxHoles + 1]engine.Move
	moves := p.GenMoves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.Make(m)
		n += Perft(p, depth-1)
		p.Unmake(m)
	}
	return n
}
