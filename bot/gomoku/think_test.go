package gomoku

import (
	"testing"
	"time"

	"github.com/pentad-ai/pentad/engine"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// TestMainLimitsUseTheTurn: with a turn time and no match clock the main
// search's soft limit is set so high that a stable best move does not end
// it before the hard limit (engine.StableShare of soft is past hard); with
// a match clock, or a soft percentage below 100, the stable search still
// stops early.
func TestMainLimitsUseTheTurn(t *testing.T) {
	b := NewBrain(1, 1)
	pos, err := NewSearch(15, 15, game.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	stableEnd := func(lim engine.Limits) time.Duration {
		return time.Duration(float64(lim.Soft) * engine.StableShare)
	}
	for _, tc := range []struct {
		name          string
		turn, match   int64
		left          int64
		softPct       int
		wantWholeTurn bool
	}{
		{"turn only", 1000, 0, -1, 0, true},
		{"turn only, soft 99%", 1000, 0, -1, 99, false},
		{"match clock", 1000, 60000, 5000, 0, false},
		{"match clock, plenty left", 1000, 600000, 600000, 0, true},
	} {
		s := &session{opt: Options{SoftPct: tc.softPct}, pos: pos, timeoutTurn: tc.turn,
			timeoutMatch: tc.match, timeLeft: tc.left}
		bud := s.budget()
		lim := b.mainLimits(bud, 10*time.Millisecond)
		if lim.Hard != bud.Hard-10*time.Millisecond {
			t.Fatalf("%s: hard %v from budget %+v", tc.name, lim.Hard, bud)
		}
		if got := stableEnd(lim) >= lim.Hard; got != tc.wantWholeTurn {
			t.Fatalf("%s: budget %+v, limits soft %v hard %v: stable search runs to the hard limit %v, want %v",
				tc.name, bud, lim.Soft, lim.Hard, got, tc.wantWholeTurn)
		}
	}
	if lim := b.mainLimits(Budget{}, time.Second); lim.Soft != 0 || lim.Hard != 0 {
		t.Fatalf("no budget gave limits %+v", lim)
	}
}
