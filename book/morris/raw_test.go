package morris_test

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	bookdb "github.com/pentad-ai/pentad/book/morris"
	"github.com/pentad-ai/pentad/book/morris/morristest"
)

// TestRawRoundTrip saves the embedded database in the raw format, and its
// 3v3 table in the compressed one (a whole database takes long to
// compress), and loads each back: the same tables, byte for byte.
func TestRawRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, raw := range []bool{true, false} {
		d := morristest.DB(t)
		if !raw {
			d = &bookdb.DB{}
			d.T[3][3] = morristest.DB(t).Table(3, 3)
		}
		path := filepath.Join(dir, "db.bin")
		save := d.Save
		if raw {
			save = d.SaveRaw
		}
		if err := save(path); err != nil {
			t.Fatal(err)
		}
		got, err := bookdb.Load(path)
		if err != nil {
			t.Fatalf("raw %v: %v", raw, err)
		}
		for a := bookdb.MinPieces; a <= bookdb.MaxPieces; a++ {
			for b := bookdb.MinPieces; b <= bookdb.MaxPieces; b++ {
				w, g := d.Table(a, b), got.Table(a, b)
				if (w == nil) != (g == nil) || w != nil && !bytes.Equal(w.Val, g.Val) {
					t.Fatalf("raw %v: table %dv%d differs", raw, a, b)
				}
			}
		}
	}
}

// rawSeed is the header of a raw file holding the 3v3 table, with the
// table's entries (all zero) when full.
func rawSeed(full bool) []byte {
	h := make([]byte, 4096)
	copy(h, "PENTAD-MORRIS-ENDGAME-RAW-1\n")
	e := h[len("PENTAD-MORRIS-ENDGAME-RAW-1\n"):]
	binary.LittleEndian.PutUint64(e[0:], 3)
	binary.LittleEndian.PutUint64(e[8:], 3)
	binary.LittleEndian.PutUint64(e[16:], 4096)
	binary.LittleEndian.PutUint64(e[24:], uint64(bookdb.Size(3, 3)))
	if full {
		h = append(h, make([]byte, bookdb.Size(3, 3))...)
	}
	return h
}

// TestParseRawRejects checks that damaged raw files give an error.
func TestParseRawRejects(t *testing.T) {
	good := rawSeed(true)
	d, err := bookdb.ParseRaw(good)
	if err != nil || d.Table(3, 3) == nil || len(d.Table(3, 3).Val) != bookdb.Size(3, 3) {
		t.Fatalf("good file: %v", err)
	}
	mag := len("PENTAD-MORRIS-ENDGAME-RAW-1\n")
	cases := map[string]func([]byte) []byte{
		"short":     func(b []byte) []byte { return b[:len(b)-1] },
		"header":    func(b []byte) []byte { return b[:100] },
		"magic":     func(b []byte) []byte { b[0] = 'X'; return b },
		"no table":  func(b []byte) []byte { clear(b[mag : mag+32]); return b },
		"count":     func(b []byte) []byte { b[mag+24]++; return b },
		"pieces":    func(b []byte) []byte { b[mag] = 7; return b },
		"offset":    func(b []byte) []byte { b[mag+16] = 1; return b },
		"twice":     func(b []byte) []byte { copy(b[mag+32:], b[mag:mag+32]); return b },
		"unaligned": func(b []byte) []byte { b[mag+17] = 0x20; return b },
	}
	for name, f := range cases {
		if _, err := bookdb.ParseRaw(f(bytes.Clone(good))); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestLoadMissing reports a missing file as an error.
func TestLoadMissing(t *testing.T) {
	if _, err := bookdb.Load(filepath.Join(t.TempDir(), "none.bin")); !os.IsNotExist(err) {
		t.Fatalf("got %v", err)
	}
}

func FuzzParseRaw(f *testing.F) {
	f.Add(rawSeed(false))
	f.Add([]byte("PENTAD-MORRIS-ENDGAME-RAW-1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if d, err := bookdb.ParseRaw(data); err == nil {
			checkSizes(t, d)
		}
	})
}

func FuzzRead(f *testing.F) {
	var small bytes.Buffer
	if err := (&bookdb.DB{}).Write(&small); err != nil {
		f.Fatal(err)
	}
	f.Add(small.Bytes())
	f.Add([]byte("PENTAD-MORRIS-ENDGAME-1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if d, err := bookdb.Read(bytes.NewReader(data)); err == nil {
			checkSizes(t, d)
		}
	})
}

// checkSizes fails when a table of d does not hold its number of entries.
func checkSizes(t *testing.T, d *bookdb.DB) {
	for a := bookdb.MinPieces; a <= bookdb.MaxPieces; a++ {
		for b := bookdb.MinPieces; b <= bookdb.MaxPieces; b++ {
			if tb := d.Table(a, b); tb != nil && len(tb.Val) != bookdb.Size(a, b) {
				t.Fatalf("table %dv%d has %d entries", a, b, len(tb.Val))
			}
		}
	}
}

// TestBuildFrom checks that Build keeps the tables it is given and builds
// no group they hold whole.
func TestBuildFrom(t *testing.T) {
	d := morristest.DB(t)
	got, err := bookdb.Build(bookdb.EmbeddedGroups, d, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range bookdb.Groups[:bookdb.EmbeddedGroups] {
		for _, ab := range [][2]int{g, {g[1], g[0]}} {
			if got.Table(ab[0], ab[1]) != d.Table(ab[0], ab[1]) {
				t.Fatalf("table %dv%d built again", ab[0], ab[1])
			}
		}
	}
	if _, err := bookdb.Build(len(bookdb.Groups)+1, d, nil); err == nil {
		t.Fatal("too many groups accepted")
	}
}

// TestReadShort checks that a compressed database cut short is an error.
func TestReadShort(t *testing.T) {
	d := &bookdb.DB{}
	d.T[3][3] = morristest.DB(t).Table(3, 3)
	var buf bytes.Buffer
	if err := d.Write(&buf); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{buf.Len() / 100, buf.Len() / 2, buf.Len() * 9 / 10} {
		if _, err := bookdb.Read(bytes.NewReader(buf.Bytes()[:n])); err == nil {
			t.Errorf("cut at %d of %d: no error", n, buf.Len())
		}
	}
	if _, err := bookdb.Read(bytes.NewReader(buf.Bytes())); err != nil {
		t.Fatal(err)
	}
}
