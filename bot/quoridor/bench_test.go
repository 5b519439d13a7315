package quoridor

import "testing"

// BenchmarkBench runs the bench subcommand's searches (the source of the
// bot's default.pgo profile).
func BenchmarkBench(b *testing.B) {
	for b.Loop() {
		Bench()
	}
}
