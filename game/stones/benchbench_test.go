package stones_test

import (
	"testing"

	evs "github.com/pentad-ai/pentad/eval/stones"
	"github.com/pentad-ai/pentad/game/stones"
)

// BenchmarkBench runs the bench subcommand's searches (the source of the
// bot's default.pgo profile).
func BenchmarkBench(b *testing.B) {
	for b.Loop() {
		stones.Bench(stones.BenchDepth, evs.Evaluate)
	}
}
