package stones

import (
	"math/rand/v2"
	"testing"

	"github.com/pentad-ai/pentad/engine"
)

// ChildKey is the hash Make gives, on every action of random games.
func TestChildKey(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var buf [engine.MaxMoves]engine.Move
	for g := 0; g < 20; g++ {
		p := NewGame()
		for ply := 0; ply < 200; ply++ {
			if over, _ := p.Terminal(); over {
				break
			}
			moves := p.GenMoves(buf[:0])
			for _, m := range moves {
				k := p.ChildKey(m)
				p.Make(m)
				if p.Hash() != k || p.computeHash() != k {
					t.Fatalf("game %d ply %d: ChildKey of %s differs", g, ply, FormatMove(m))
				}
				p.Unmake(m)
			}
			p.Make(moves[r.IntN(len(moves))])
		}
	}
}
