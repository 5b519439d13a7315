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

// TestVerifyMove: in a game against Rapfi at 1 s (seed 6801) the brain played
// 10,5 here, scored +640, and white won by threats (its quiet 8,9, 21st of
// its answers by value, lies outside the 18 a node below the root
// searches); searched from white's side the position after 10,5 is a proven
// win for white, so the verification replaces the move, while a move that
// does not lose (8,8, Rapfi's) is kept; the position is left unchanged.
func TestVerifyMove(t *testing.T) {
	p, err := PositionFrom(15, 15, game.Freestyle, [][2]int{{7, 4}, {7, 8}, {9, 7}, {8, 6}, {8, 5}, {9, 6}, {10, 6}, {7, 6}})
	if err != nil {
		t.Fatal(err)
	}
	h := p.Hash()
	b := NewBrain(16, 1)
	b.MaxNodes = 300000
	p.SetEval(b.Eval)
	lost, kept := p.MoveAt(10, 5), p.MoveAt(8, 8)
	got := b.verifyMove(p, engine.Result{Move: lost, Score: 640}, nil, time.Now(), Budget{})
	if got.Move == lost || got.Move == engine.NoMove || !p.IsLegal(got.Move) || got.Score <= -engine.WinBound {
		t.Fatalf("verification of the losing %s gave %s (%d)", game.FormatMove(lost), game.FormatMove(got.Move), got.Score)
	}
	b.E.NewGame()
	if got := b.verifyMove(p, engine.Result{Move: kept, Score: 0}, nil, time.Now(), Budget{}); got.Move != kept {
		t.Fatalf("verification of %s gave %s (%d)", game.FormatMove(kept), game.FormatMove(got.Move), got.Score)
	}
	if p.Hash() != h || p.Stones() != 8 {
		t.Fatal("verification changed the position")
	}
}
