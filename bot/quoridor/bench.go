package quoridor

import (
	"github.com/pentad-ai/pentad/bench"
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/quoridor"
)

// BenchDepth is the fixed depth of the bench subcommand.
const BenchDepth = 6

// benchLines are the bench positions: a size, then moves from its start.
var benchLines = []struct {
	size  int
	moves []string
}{
	{9, nil},
	{9, []string{"E8", "E2", "E7", "E3", "D7 h", "E4 h"}},
	{9, []string{"E8", "E2", "D9 h", "F2", "F9 h", "G2", "E7", "H2", "E6", "H3", "E5", "H4", "E4", "H5"}},
	{9, []string{"E8", "E2", "E7", "E3", "E6", "E4", "E5 h", "D4 v", "D6", "F4"}},
	{7, []string{"D6", "D2", "C6 h", "D3"}},
	{5, nil},
	{11, []string{"F10", "F2", "F9", "F3"}},
}

// BenchPositions are the fixed positions of the bench (search mode).
func BenchPositions() []engine.Position {
	var out []engine.Position
	for _, l := range benchLines {
		p := NewSearch(l.size, quoridor.DefaultWalls(l.size))
		for _, s := range l.moves {
			m, err := p.ParseMove(s)
			if err != nil || !p.IsLegal(m) {
				panic("quoridor: bad bench line move " + s)
			}
			p.Make(m)
		}
		p.Prune = true
		p.Defend = true
		p.Barrier = true
		out = append(out, p)
	}
	return out
}

// Bench runs the bench: fixed positions, fixed depth, one thread.
func Bench() bench.Report {
	return bench.Search(BenchPositions(), BenchDepth, 16, searchOptions(1))
}
