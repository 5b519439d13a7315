package morris_test

import (
	"math/rand/v2"
	"testing"

	"github.com/pentad-ai/pentad/book/morris/morristest"

	bot "github.com/pentad-ai/pentad/bot/morris"
	"github.com/pentad-ai/pentad/engine"
)

// TestAgreesWithSearch compares the tables with a full-width search without
// them on random positions: a proven search result must match the table,
// and a table result within the search horizon must be found.
func TestAgreesWithSearch(t *testing.T) {
	d := morristest.DB(t)
	groups := morristest.Groups(t, d)
	r := rand.New(rand.NewPCG(3, 9))
	e := engine.New(4, engine.Options{Threads: 1})
	const depth = 5
	checked := map[string]int{}
	for i := 0; i < 120; i++ {
		g := groups[r.IntN(len(groups))]
		a, b := g[0], g[1]
		if r.IntN(2) == 0 {
			a, b = b, a
		}
		us := morristest.RandomSet(r, a, 0)
		them := morristest.RandomSet(r, b, us)
		p := morristest.Position(t, us, them)
		if over, _, _ := p.Status(); over {
			continue
		}
		v, ok := d.Probe(us, them)
		if !ok {
			t.Fatalf("not covered")
		}
		e.NewGame()
		res := e.Search(bot.NewSearch(p, nil), engine.Limits{Depth: depth})
		s := res.Score
		switch {
		case v > 0 && v <= depth:
			if s != engine.Win-v {
				t.Fatalf("%s: table wins in %d, search %d", p, v, s)
			}
			checked["win"]++
		case v < 0 && -v <= depth:
			if s != -engine.Win-v {
				t.Fatalf("%s: table loses in %d, search %d", p, -v, s)
			}
			checked["loss"]++
		case s > engine.WinBound && (v <= 0 || v < engine.Win-s):
			t.Fatalf("%s: search proves a win in %d, table %d", p, engine.Win-s, v)
		case s < -engine.WinBound && v >= 0:
			t.Fatalf("%s: search proves a loss in %d, table %d", p, engine.Win+s, v)
		case s > engine.WinBound || s < -engine.WinBound:
			checked["deep"]++
		default:
			checked["other"]++
		}
	}
	if checked["win"] == 0 || checked["other"] == 0 {
		t.Errorf("too few cases: %v", checked)
	}
	t.Logf("cases %v", checked)
}
