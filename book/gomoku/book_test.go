package gomoku

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pentad-ai/pentad/engine"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

func TestReadLookupSymmetry(t *testing.T) {
	b, err := Read(strings.NewReader(`# comment
15 freestyle b w -> 0,0
15 freestyle b 0,0 w -> 1,1   # trailing comment
15 freestyle b 0,0 2,1 w 1,0 -> 1,2
swap2 15 standard open -> 0,0 1,0 2,2
swap2 15 standard b 0,0 2,2 w 1,0 -> SWAP
swap2 15 standard b 0,0 3,0 w 1,1 -> 1,-1
swap2 15 standard b 0,0 0,3 w 1,0 -> 2,2 -1,1
`))
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != 7 {
		t.Fatalf("%d entries", b.Len())
	}
	if p, ok := b.Lookup(15, "freestyle", nil, nil); !ok || p != (Point{}) {
		t.Fatalf("empty board: %v %v", p, ok)
	}
	// the same position in all eight orientations, stones in any order
	for sym := 0; sym < 8; sym++ {
		tb := []Point{transform(sym, Point{2, 1}), transform(sym, Point{0, 0})}
		tw := []Point{transform(sym, Point{1, 0})}
		p, ok := b.Lookup(15, "freestyle", tb, tw)
		if !ok || p != transform(sym, Point{1, 2}) {
			t.Fatalf("symmetry %d: %v %v", sym, p, ok)
		}
	}
	if _, ok := b.Lookup(20, "freestyle", []Point{{0, 0}}, nil); ok {
		t.Fatal("found on another board size")
	}
	if _, ok := b.Lookup(15, "standard", []Point{{0, 0}}, nil); ok {
		t.Fatal("found under another rule")
	}
	if o, ok := b.Swap2Open(15, "standard"); !ok || o != [3]Point{{0, 0}, {1, 0}, {2, 2}} {
		t.Fatalf("swap2 open: %v %v", o, ok)
	}
	if swap, _, ok := b.Swap2Answer(15, "standard", []Point{{0, 0}, {2, 2}}, []Point{{1, 0}}); !ok || !swap {
		t.Fatal("swap2 SWAP answer")
	}
	// mirrored position: the answer is mirrored too
	if swap, pl, ok := b.Swap2Answer(15, "standard", []Point{{0, 0}, {-3, 0}}, []Point{{-1, 1}}); !ok || swap ||
		len(pl) != 1 || pl[0] != (Point{-1, -1}) {
		t.Fatalf("swap2 move answer: %v %v %v", swap, pl, ok)
	}
	if _, pl, ok := b.Swap2Answer(15, "standard", []Point{{0, 0}, {0, 3}}, []Point{{1, 0}}); !ok || len(pl) != 2 {
		t.Fatalf("swap2 two stones: %v %v", pl, ok)
	}
	var nilBook *Book
	if _, ok := nilBook.Lookup(15, "freestyle", nil, nil); ok || nilBook.Len() != 0 {
		t.Fatal("nil book")
	}
	for _, bad := range []string{
		"15 freestyle b 0,0 w\n",              // no reply
		"15 freestyle b x w -> 1,1\n",         // bad point
		"15 freestyle b 0,0 w -> 1\n",         // bad reply
		"99 freestyle b w -> 0,0\n",           // size
		"15 gomoku b w -> 0,0\n",              // rule
		"15 freestyle b w 0,0 -> 1,1\n",       // nobody's turn
		"swap2 15 standard open -> 0,0 1,1\n", // two stones
		"swap2 15 standard b 0,0 w -> SWAP\n", // one stone
		"swap2 15 standard b 0,0 1,1 w 2,2 3,3 4,4 -> 1,1 2,2\n",
	} {
		if _, err := Read(strings.NewReader(bad)); err == nil {
			t.Fatalf("%q accepted", bad)
		}
	}
}

func TestEmbeddedAndFile(t *testing.T) {
	emb := Embedded()
	if emb.Len() == 0 {
		t.Fatal("embedded book is empty")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	b, err := LoadFrom(path)
	if err != nil || b.Len() != emb.Len() {
		t.Fatalf("missing file: %v %v", b.Len(), err)
	}
	if err := os.WriteFile(path, []byte("7 caro b w -> 1,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err = LoadFrom(path)
	if err != nil || b.Len() != emb.Len()+1 {
		t.Fatalf("file on top: %v %v", b.Len(), err)
	}
	if p, ok := b.Lookup(7, "caro", nil, nil); !ok || p != (Point{1, 1}) {
		t.Fatal("file entry not used")
	}
	if err := os.WriteFile(path, []byte("garbage\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err = LoadFrom(path); err == nil || b.Len() != emb.Len() {
		t.Fatalf("malformed file: %v %v", b.Len(), err)
	}
	exe, _ := os.Executable()
	if r, err := filepath.EvalSymlinks(exe); err == nil {
		exe = r
	}
	if ExeDir() != filepath.Dir(exe) {
		t.Fatalf("ExeDir %q, executable in %q", ExeDir(), filepath.Dir(exe))
	}
}

func FuzzRead(f *testing.F) {
	f.Add("15 freestyle b 0,0 w -> 1,1\n")
	f.Add("swap2 15 standard open -> 0,0 1,0 2,2\nswap2 15 standard b 0,0 2,2 w 1,0 -> SWAP\n")
	f.Add("swap2 15 standard b 0,0 0,3 w 1,0 -> 2,2 -1,1 # c\n20 caro b w -> 0,0\n")
	f.Add("#x\n\n -> \nb w ->\n")
	f.Fuzz(func(t *testing.T, in string) {
		b, err := Read(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, e := range b.Entries() {
			if _, ok := b.Lookup(e.Size, e.Rule, e.Black, e.White); !ok {
				t.Fatalf("entry %+v not found", e)
			}
		}
		for _, e := range b.Swap2Entries() {
			if _, _, ok := b.Swap2Answer(e.Size, e.Rule, e.Black, e.White); !ok {
				t.Fatalf("swap2 entry %+v not found", e)
			}
		}
	})
}

// The balanced openings files read as the arena reads them: every line a
// legal freestyle position that is not over, none repeated.
func TestOpeningsFile(t *testing.T) {
	for _, name := range []string{"openings-15-freestyle.txt", "openings-15-balanced.txt"} {
		t.Run(name, func(t *testing.T) { checkOpeningsFile(t, name) })
	}
}

func checkOpeningsFile(t *testing.T, name string) {
	f, err := os.Open(filepath.Join("data", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ops, err := game.ReadOpenings(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) < 100 {
		t.Fatalf("%d openings", len(ops))
	}
	seen := map[string]bool{}
	for i, o := range ops {
		p, err := game.NewPosition(15, 15, game.Freestyle)
		if err != nil {
			t.Fatal(err)
		}
		key := ""
		for _, m := range o {
			c := p.Index(m[0], m[1])
			if m[0] < 0 || m[0] >= 15 || m[1] < 0 || m[1] >= 15 || !p.IsLegal(engine.Move(c)) {
				t.Fatalf("opening %d: illegal stone %v", i+1, m)
			}
			p.Make(engine.Move(c))
			key += fmt.Sprint(m)
		}
		if over, _, _ := p.Status(); over {
			t.Fatalf("opening %d: the game is over", i+1)
		}
		if seen[key] {
			t.Fatalf("opening %d repeated", i+1)
		}
		seen[key] = true
	}
}
