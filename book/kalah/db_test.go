package kalah

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pentad-ai/pentad/game/kalah"
	"github.com/pentad-ai/pentad/game/kalah/kalahtest"
)

func TestDBMatchesSearch(t *testing.T) {
	for _, ce := range []bool{false, true} {
		db, err := Build(6, 8, ce)
		if err != nil {
			t.Fatal(err)
		}
		rules := kalah.Raw(6, 4)
		rules.CaptureEmpty = ce
		r := rand.New(rand.NewPCG(3, uint64(db.Entries())))
		checked := 0
		for i := 0; i < 300; i++ {
			p := kalahtest.RandomPosition(r, rules, 1+r.IntN(8))
			if p.Over() {
				continue
			}
			me := p.ToMove()
			want := kalahtest.Margin(p) - (p.Store(me) - p.Store(1-me))
			if got := db.Value(p); got != want {
				t.Fatalf("capture-empty=%v %s (%d to move): db %d, search %d", ce, p.State(), me, got, want)
			}
			checked++
		}
		if checked < 200 {
			t.Fatalf("only %d positions checked", checked)
		}
	}
}

// writeDB writes db to a file of a test directory; it returns the file's
// path and contents.
func writeDB(t *testing.T, db *DB) (string, *bytes.Buffer) {
	t.Helper()
	var buf bytes.Buffer
	if _, err := db.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "db")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, &buf
}

func TestDBRoundTrip(t *testing.T) {
	db, err := Build(7, 6, false)
	if err != nil {
		t.Fatal(err)
	}
	path, buf := writeDB(t, db)
	db2, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if db2.k != 6 || db2.holes != 7 || !bytes.Equal(db.bytes(), db2.bytes()) {
		t.Fatal("database changed in the round trip")
	}
	for _, bad := range [][]byte{buf.Bytes()[:100], append(buf.Bytes(), 1), append(buf.Bytes()[:buf.Len()-1], 0)} {
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(path); err == nil {
			t.Fatal("truncated, overlong or corrupt database accepted")
		}
	}
}

// The result of a parallel build does not depend on the number of workers.
func TestDBBuildThreads(t *testing.T) {
	a, err := BuildThreads(6, 9, false, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := BuildThreads(6, 9, false, 4)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.bytes(), b.bytes()) || bytes.IndexByte(a.bytes(), 0) >= 0 {
		t.Fatal("parallel build differs from the sequential one, or left entries unknown")
	}
	var c [2 * kalah.MaxHoles]uint8
	for _, r := range []uint64{0, 1, 777, a.ways[12][9] - 1} {
		a.unrank(&c, 9, r)
		if got := a.rank(&c, 9) - a.below[12][9]; got != r {
			t.Fatalf("unrank(%d) ranks back to %d", r, got)
		}
	}
}

// LoadWithin refuses a database larger than its bound from the header alone,
// and loads one within it; Size agrees with the built database.
func TestLoadWithin(t *testing.T) {
	db, err := Build(7, 5, false)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := Size(7, 5); err != nil || n != uint64(db.Entries()) {
		t.Fatalf("Size(7, 5) = %d, %v; built %d entries", n, err, db.Entries())
	}
	path, _ := writeDB(t, db)
	if _, err := LoadWithin(path, uint64(db.Entries())); err != nil {
		t.Fatalf("a database of exactly the bound: %v", err)
	}
	if _, err := LoadWithin(path, uint64(db.Entries())-1); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Fatalf("a database over the bound: %v", err)
	}
	// the header of a K=19 database (about 830 MB) over a file of that
	// size: refused before anything is read or allocated
	big, err := Size(7, 19)
	if err != nil {
		t.Fatal(err)
	}
	if big <= 512<<20 {
		t.Fatalf("Size(7, 19) = %d: expected more than 512 MB", big)
	}
	hdr := append([]byte(dbMagic), 7, 19, 0)
	hdr = binary.LittleEndian.AppendUint64(hdr, big)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(hdr); err == nil {
		err = f.Truncate(int64(len(hdr)) + int64(big)) // sparse: no disk used
	}
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LoadWithin(path, 512<<20); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Fatalf("a K=19 database within 512 MB: %v", err)
	}
}
