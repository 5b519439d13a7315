package kalah

import (
	"io"
	"testing"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
)

func TestIsUnresolved(t *testing.T) {
	info := func(score int, first engine.Move) engine.Info {
		return engine.Info{Depth: 10, Score: score, PV: []engine.Move{first, 3}}
	}
	for _, c := range []struct {
		prev, last engine.Info
		want       bool
	}{
		{info(40, 2), info(40, 2), false},             // stable
		{info(40, 2), info(40, 5), true},              // best move changed
		{info(40, 2), info(8, 2), true},               // fell by two seeds
		{info(40, 2), info(9, 2), false},              // fell by less
		{info(40, 2), info(90, 2), false},             // rose
		{info(40, 2), info(engine.Win-30, 5), false},  // proven win
		{info(40, 2), info(-engine.Win+30, 2), false}, // proven loss
	} {
		if got := isUnresolved(c.prev, c.last); got != c.want {
			t.Errorf("isUnresolved(%d %d, %d %d) = %v", c.prev.Score, c.prev.PV[0], c.last.Score, c.last.PV[0], got)
		}
	}
}

// TestVaryStaysNearTheBest: with a seed, after the pie moves, vary plays the
// search's move or another move whose same-depth score is within the margin,
// and some seeds do vary; without a seed, or on a pie move, it never does.
func TestVaryStaysNearTheBest(t *testing.T) {
	for _, margin := range []int{1, 8} {
		if v := varyThirdMove(t, margin); v == 0 && margin == 8 {
			t.Error("12 seeds never varied the third move")
		}
	}
}

// varyThirdMove checks the third move of 13 games (seeds 0 to 12) with a
// margin; it returns how many varied.
func varyThirdMove(t *testing.T, margin int) int {
	t.Helper()
	varied := 0
	for seed := uint64(0); seed <= 12; seed++ {
		a := NewAgent(AgentConfig{Depth: 8, HashMiB: 4, Seed: seed, VaryMargin: margin}, io.Discard)
		if seed == 1 { // South's first move: a pie move
			res := a.eng.Search(a.pos, engine.Limits{Depth: 8})
			if m, src, _ := a.vary(res, engine.Limits{Depth: 8}); m != res.Move || src != "search" {
				t.Fatalf("the first move varied: %v (%s), search %v", m, src, res.Move)
			}
		}
		for _, m := range []engine.Move{7, kalah.Swap} {
			a.pos.Make(m)
			a.moves++
		}
		res := a.eng.Search(a.pos, engine.Limits{Depth: 8})
		m, src, alt := a.vary(res, engine.Limits{Depth: 8})
		switch {
		case !a.pos.Legal(m):
			t.Fatalf("seed %d: illegal move %v", seed, m)
		case m == res.Move:
		case seed == 0:
			t.Fatalf("no seed, and the move varied: %v (%s), search %v", m, src, res.Move)
		case src != "varied" || alt.Depth != res.Depth || alt.Score < res.Score-a.cfg.VaryMargin:
			t.Fatalf("seed %d: %v (%s) at depth %d scores %d, the search's %v %d at depth %d",
				seed, m, src, alt.Depth, alt.Score, res.Move, res.Score, res.Depth)
		default:
			varied++
		}
	}
	return varied
}
