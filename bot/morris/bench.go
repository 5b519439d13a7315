package morris

import (
	"github.com/pentad-ai/pentad/bench"
	"github.com/pentad-ai/pentad/game/morris"
)

// BenchPositions are the fixed positions of the bench subcommand: the
// start, placement middlegames, moving-phase and flying positions.
var BenchPositions = []string{
	"w:;b:;w;0;0",
	"w:4,10,13;b:1,19,22;w;6;0",
	"w:0,4,8,11,19;b:1,7,10,16,20;w;10;0",
	"w:0,3,6,9,13,17,19,22;b:1,4,7,10,14,16,20,23;w;18;0",
	"w:0,2,4,11,12,16,18;b:1,5,9,13,19,22;b;30;5",
	"w:3,5,10,13,19;b:0,8,15,21;w;40;3",
	"w:1,9,14;b:4,10,13,19,20;w;60;0",
	"w:3,7,16;b:11,12,22;b;70;8",
}

// BenchDepth is the fixed depth of the bench.
const BenchDepth = 9

// Bench searches the bench positions to BenchDepth with one thread and no
// endgame database; the node count is the signature.
func Bench() bench.Report { return BenchAt(BenchDepth) }

// BenchAt is Bench at another depth.
func BenchAt(depth int) bench.Report { return benchWith(depth, 16) }

func benchWith(depth, ttMiB int) bench.Report {
	ps := make([]*Search, 0, len(BenchPositions))
	for _, fen := range BenchPositions {
		p, err := morris.ParsePosition(fen)
		if err != nil {
			panic("bench position " + fen + ": " + err.Error())
		}
		ps = append(ps, NewSearch(p, nil))
	}
	return bench.Run(NewSearcher(ttMiB, SearchOptions(1)), ps, depth)
}
