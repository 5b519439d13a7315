// Package morristest holds what the tests of several morris packages
// share: the embedded endgame database loaded once, random node sets and
// moving-phase positions made from them. Only tests import it.
package morristest

import (
	"math/bits"
	"math/rand/v2"
	"os"
	"sync"
	"testing"

	bookdb "github.com/pentad-ai/pentad/book/morris"
	"github.com/pentad-ai/pentad/game/morris"
)

var (
	dbOnce sync.Once
	db     *bookdb.DB
	dbErr  error
)

// DB is the endgame database the tests check, loaded once for every test:
// the file named by the environment variable PENTAD_MORRIS_DB when it is
// set (to check a large database, built by `morris book build -groups 8
// -raw`), else the embedded one.
func DB(t testing.TB) *bookdb.DB {
	t.Helper()
	dbOnce.Do(func() {
		if path := os.Getenv("PENTAD_MORRIS_DB"); path != "" {
			db, dbErr = bookdb.Load(path)
			return
		}
		db, dbErr = bookdb.Embedded()
	})
	if dbErr != nil {
		t.Fatal(dbErr)
	}
	return db
}

// Groups are the groups of bookdb.Groups whose tables d holds: every
// group of the embedded database (a missing one fails the test), then the
// later groups up to the first one d lacks.
func Groups(t testing.TB, d *bookdb.DB) [][2]int {
	t.Helper()
	for i, g := range bookdb.Groups {
		if d.Table(g[0], g[1]) == nil || d.Table(g[1], g[0]) == nil {
			if i < bookdb.EmbeddedGroups {
				t.Fatalf("table %dv%d missing", g[0], g[1])
			}
			return bookdb.Groups[:i]
		}
	}
	return bookdb.Groups
}

// RandomSet is n random nodes, none of them in avoid.
func RandomSet(r *rand.Rand, n int, avoid uint32) uint32 {
	var s uint32
	for bits.OnesCount32(s) < n {
		b := uint32(1) << r.IntN(morris.Nodes)
		if b&avoid == 0 {
			s |= b
		}
	}
	return s
}

// Position makes the moving-phase position of the node sets us (White, to
// move) and them (Black).
func Position(t testing.TB, us, them uint32) *morris.Position {
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
