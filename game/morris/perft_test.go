package morris

import (
	"testing"

	"github.com/pentad-ai/pentad/bench"
)

// Counts from ../shared/reference/perft.md.
var perftCounts = []uint64{1, 24, 552, 12144, 255024, 5140800, 99274176, 1873562112}

func TestPerft(t *testing.T) {
	p := NewPosition()
	for d := 1; d <= 5; d++ {
		if got := Perft(p, d); got != perftCounts[d] {
			t.Errorf("perft %d = %d, want %d", d, got, perftCounts[d])
		}
	}
	if p.String() != "w:;b:;w;0;0" {
		t.Errorf("position changed: %s", p)
	}
}

func TestGenericPerftAgrees(t *testing.T) {
	p := NewPosition()
	for d := 1; d <= 4; d++ {
		if got := bench.Perft(p, d); got != perftCounts[d] {
			t.Errorf("bench.Perft %d = %d, want %d", d, got, perftCounts[d])
		}
	}
}
