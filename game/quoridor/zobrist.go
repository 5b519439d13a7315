package quoridor

import "github.com/pentad-ai/pentad/engine"

// zobristSeed fixes the Quoridor keys; the same on every run.
const zobristSeed = 0x51A0_2D0E

type zobrist struct {
	pawn  [2][maxSq]uint64
	wall  [2][maxAnchor]uint64
	walls [2][maxWallKey]uint64
	side  uint64
}

var keys = func() *zobrist {
	z := new(zobrist)
	k := engine.ZobristKeys(zobristSeed, 2*maxSq+2*maxAnchor+2*maxWallKey+1)
	i := 0
	next := func() uint64 { i++; return k[i-1] }
	for c := 0; c < 2; c++ {
		for s := range z.pawn[c] {
			z.pawn[c][s] = next()
		}
		for a := range z.wall[c] {
			z.wall[c][a] = next()
		}
		for w := range z.walls[c] {
			z.walls[c][w] = next()
		}
	}
	z.side = next()
	return z
}()
