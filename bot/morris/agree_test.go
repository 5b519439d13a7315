package morris_test

import (
	"math/bits"
	"math/rand/v2"
	"sync"
	"testing"

	bookdb "github.com/pentad-ai/pentad/book/morris"
	bot "github.com/pentad-ai/pentad/bot/morris"
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/morris"
)

var (
	dbOnce sync.Once
	db     *bookdb.DB
	dbErr  error
)

func loadDB(t *testing.T) *bookdb.DB {
	t.Helper()
	dbOnce.Do(func() { db, dbErr = bookdb.Embedded() })
	if dbErr != nil {
		t.Fatal(dbErr)
	}
	return db
}

func randomSet(r *rand.Rand, n int, avoid uint32) uint32 {
	var s uint32
	for bits.OnesCount32(s) < n {
		b := uint32(1) << r.IntN(morris.Nodes)
		if b&avoid == 0 {
			s |= b
		}
	}
	return s
}

// position makes the moving-phase position with us (White) to move.
func position(t *testing.T, us, them uint32) *morris.Position {
	t.Helper()
	s := "w:"
	sep := ""
	for x := us; x != 0; x &= x - 1 {
		s += sep + morris.Names[bits.TrailingZeros32(x)]
		sep = ","
	}
	s += ";b:"
	sep = ""
	for x := them; x != 0; x &= x - 1 {
		s += sep + morris.Names[bits.TrailingZeros32(x)]
		sep = ","
	}
	p, err := morris.ParsePosition(s + ";w;40;0")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestAgreesWithSearch compares the tables with a full-width search without
// them on random positions: a proven search result must match the table,
// and a table result within the search horizon must be found.
func TestAgreesWithSearch(t *testing.T) {
	d := loadDB(t)
	r := rand.New(rand.NewPCG(3, 9))
	e := engine.New(4, engine.Options{Threads: 1})
	const depth = 5
	checked := map[string]int{}
	for i := 0; i < 120; i++ {
		g := bookdb.Groups[r.IntN(len(bookdb.Groups))]
		a, b := g[0], g[1]
		if r.IntN(2) == 0 {
			a, b = b, a
		}
		us := randomSet(r, a, 0)
		them := randomSet(r, b, us)
		p := position(t, us, them)
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
