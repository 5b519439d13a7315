package morris

import "testing"

// BenchmarkBench runs the bench subcommand's searches (the source of the
// bot's default.pgo profile).
func BenchmarkBench(b *testing.B) {
	for b.Loop() {
		Bench()
	}
}

func TestBenchDeterministic(t *testing.T) {
	depth, mib := 6, 16
	if raceEnabled { // clearing the table is slow under the race detector
		depth, mib = 4, 1
	}
	a, b := benchWith(depth, mib), benchWith(depth, mib)
	if a.Nodes != b.Nodes || a.Nodes == 0 {
		t.Errorf("bench signature %d then %d", a.Nodes, b.Nodes)
	}
}
