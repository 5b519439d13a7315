package kalah

import (
	"github.com/pentad-ai/pentad/bench"
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
)

// BenchPositions are the bench's fixed positions: the start and positions
// reached by fixed move sequences under the tournament rules.
func BenchPositions() []*Search {
	var ps []*Search
	for _, seq := range [][]engine.Move{{}, {3}, {1, kalah.Swap}, {4, 5, 2}, {2, 1, 7, 3, 6}, {6, 6, 1, 2, 5, 4, 3}} {
		p := kalah.New(kalah.Tournament)
		for _, m := range seq {
			if p.Legal(m) {
				p.Play(m)
			}
		}
		ps = append(ps, NewSearch(p))
	}
	return ps
}

// Bench searches every bench position to depth with the specialised search,
// one thread and a fresh 64 MiB table, and returns the signature.
func Bench(depth int) bench.Report {
	opt := SearchOptions
	opt.Threads = 1
	return bench.Run(NewSearcher(64, opt), BenchPositions(), depth)
}
