package kalah

import (
	"testing"

	"github.com/pentad-ai/pentad/game/kalah"
)

func TestEvaluateStart(t *testing.T) {
	if v := Evaluate(kalah.New(kalah.Tournament)); v != 0 {
		t.Fatalf("start position: %d, want 0", v)
	}
}

func TestScoreMoveOrdersExtraTurnsFirst(t *testing.T) {
	// Raw Kalah(7,7): hole 1's seven seeds end in the store (an extra turn).
	p := kalah.New(kalah.Raw(7, 7))
	if s := ScoreMove(p, 1); s != 1001 {
		t.Fatalf("extra turn scored %d, want 1001", s)
	}
	// Under the tournament's first-move rule the same move earns nothing.
	if s := ScoreMove(kalah.New(kalah.Tournament), 1); s != 0 {
		t.Fatalf("first move scored %d, want 0", s)
	}
}
