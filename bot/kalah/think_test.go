package kalah

import (
	"testing"

	"github.com/pentad-ai/pentad/engine"
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
