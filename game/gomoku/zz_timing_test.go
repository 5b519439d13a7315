package gomoku

import (
	"os"
	"testing"
	"time"
)

func TestZZTiming(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	f, _ := os.Open("/work/shared/reference/gomoku-openings-15-freestyle.txt")
	ops, _ := ReadOpenings(f)
	b := NewBrain(64, 2)
	var worst time.Duration
	for _, o := range ops {
		p, _ := PositionFrom(15, 15, Freestyle, o)
		for k := 0; k < 30; k++ {
			if over, _, _ := p.Status(); over {
				break
			}
			b.Ready()
			var log []string
			t0 := time.Now()
			b.OnInfo = func(s string) { log = append(log, time.Since(t0).String()+" "+s) }
			m := b.Think(p, Budget{Soft: 92 * time.Millisecond, Hard: 230 * time.Millisecond})
			el := time.Since(t0)
			if el > worst {
				worst = el
			}
			if el > 235*time.Millisecond {
				t.Logf("%v ply %d: %v", el, p.Ply(), log)
			}
			p.Make(m)
		}
	}
	t.Logf("worst %v", worst)
}
