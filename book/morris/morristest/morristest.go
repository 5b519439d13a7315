// Package morristest holds what the tests of several morris packages
// share: the embedded endgame database loaded once, random node sets and
// moving-phase positions made from them. Only tests import it.
package morristest

import (
	"math/bits"
	"math/rand/v2"
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

// DB is the embedded endgame database, loaded once for every test.
func DB(t testing.TB) *bookdb.DB {
	t.Helper()
	dbOnce.Do(func() { db, dbErr = bookdb.Embedded() })
	if dbErr != nil {
		t.Fatal(dbErr)
	}
	return db
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
