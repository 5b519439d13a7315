package gomoku

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadAndLookup(t *testing.T) {
	b, err := Read(strings.NewReader("# comment\n\n0,0 -> 1,1\n0,0 1,1 -> -1,1\n -> 0,0\n"))
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != 3 {
		t.Fatalf("%d entries", b.Len())
	}
	if p, ok := b.Lookup([]Point{{0, 0}}); !ok || p != (Point{1, 1}) {
		t.Fatalf("lookup: %v %v", p, ok)
	}
	if p, ok := b.Lookup(nil); !ok || p != (Point{0, 0}) {
		t.Fatalf("empty board: %v %v", p, ok)
	}
	if _, ok := b.Lookup([]Point{{5, 5}}); ok {
		t.Fatal("unknown sequence found")
	}
	var nilBook *Book
	if _, ok := nilBook.Lookup(nil); ok || nilBook.Len() != 0 {
		t.Fatal("nil book")
	}
	for _, bad := range []string{"0,0 1,1\n", "x -> 1,1\n", "0,0 -> 1\n"} {
		if _, err := Read(strings.NewReader(bad)); err == nil {
			t.Fatalf("%q accepted", bad)
		}
	}
}

func TestLoadFromAndExeDir(t *testing.T) {
	dir := t.TempDir()
	if b, err := LoadFrom(filepath.Join(dir, FileName)); err != nil || b != nil {
		t.Fatalf("missing file: %v %v", b, err)
	}
	path := filepath.Join(dir, FileName)
	if err := os.WriteFile(path, []byte("0,0 -> 0,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := LoadFrom(path)
	if err != nil || b.Len() != 1 {
		t.Fatalf("load: %v %v", b, err)
	}
	exe, _ := os.Executable()
	if r, err := filepath.EvalSymlinks(exe); err == nil {
		exe = r
	}
	if ExeDir() != filepath.Dir(exe) {
		t.Fatalf("ExeDir %q, executable in %q", ExeDir(), filepath.Dir(exe))
	}
	if len(Swap2Candidates) == 0 {
		t.Fatal("no swap2 openings")
	}
}
