package stones_test

import (
	"testing"

	bot "github.com/pentad-ai/pentad/bot/stones"
	evs "github.com/pentad-ai/pentad/eval/stones"
)

// BenchmarkBench runs the bench subcommand's searches (the source of the
// bot's default.pgo profile).
func BenchmarkBench(b *testing.B) {
	for b.Loop() {
		bot.Bench(bot.BenchDepth, evs.Evaluate)
	}
}
