package gomoku

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/pentad-ai/pentad/engine"
)

var updateTables = flag.Bool("update-tables", false, "rewrite the embedded pattern tables")

// TestEmbeddedTables checks the embedded pattern tables against a fresh
// build (go test -run EmbeddedTables -update-tables rewrites them).
func TestEmbeddedTables(t *testing.T) {
	for k := fiveKind(0); k < numFiveKinds; k++ {
		built := buildTables(k)
		if *updateTables {
			if err := os.WriteFile(filepath.FromSlash(tableFile(k)), encodeTable(built[0]), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		emb, ok := embeddedTables(k)
		if !ok {
			t.Fatalf("kind %d: no embedded table (run with -update-tables)", k)
		}
		if !bytes.Equal(emb[0], built[0]) || !bytes.Equal(emb[1], built[1]) {
			t.Fatalf("kind %d: embedded table differs from the built one (run with -update-tables)", k)
		}
	}
}

// TestLineReach checks that no line code of a rule depends on the cells
// farther than lineReach away, so that a stone re-codes only the empty
// cells within that reach; and that the exact-five rules need the fifth.
func TestLineReach(t *testing.T) {
	for _, r := range []Rule{Freestyle, Standard, Renju, Caro} {
		b := tablesFor(r.fiveKindOf(Black))[Black]
		w := tablesFor(r.fiveKindOf(White))[White]
		tb := make([]uint8, keyCount)
		for k := range tb {
			tb[k] = b[k] | w[k]<<4
		}
		for _, k := range []int{-5, 5} {
			sl := 2 * slotOf(k)
			dep := 0
			for key := 0; key < keyCount; key++ {
				if key&(3<<sl) != 0 {
					continue
				}
				for v := 1; v < 4; v++ {
					if tb[key|v<<sl] != tb[key] {
						dep++
						break
					}
				}
			}
			if far := dep > 0; far != (lineReach(r) > 4) {
				t.Errorf("%v: %d keys depend on the cell at %d, reach %d", r, dep, k, lineReach(r))
			}
		}
	}
}

// TestLineCodesFromCells checks the line code of every empty cell and
// direction of random positions against classifyLine of the eleven cells
// read from the board: the line bitsets, the both table's index and
// keyOfIndex must agree with the cells themselves.
func TestLineCodesFromCells(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for _, rule := range []Rule{Freestyle, Standard, Renju, Caro} {
		for _, size := range [][2]int{{15, 15}, {20, 20}, {7, 9}} {
			p, _ := NewPosition(size[0], size[1], rule)
			for n := 0; n < 40; n++ {
				x, y := r.IntN(size[0]), r.IntN(size[1])
				c := p.Index(x, y)
				if p.cell[c] != Empty {
					continue
				}
				if n%13 == 5 {
					p.SetStone(c, 2) // a neutral stone
					continue
				}
				if p.n == 0 && n%2 == 0 {
					p.SetStone(c, r.IntN(2))
					continue
				}
				p.Make(engine.Move(c))
				if over, _, _ := p.Status(); over {
					p.Unmake(engine.Move(c))
				}
			}
			checkLineCodes(t, p, rule)
		}
	}
}

func checkLineCodes(t *testing.T, p *Position, rule Rule) {
	t.Helper()
	for c := range p.cell {
		if p.cell[c] != Empty {
			continue
		}
		for s := Black; s <= White; s++ {
			k := rule.fiveKindOf(s)
			for d, dd := range dirs {
				var l line
				for o := -5; o <= 5; o++ {
					if o == 0 {
						continue
					}
					switch v := p.cell[c+o*dd]; {
					case v == Empty:
						l[o+5] = lE
					case v == Wall:
						l[o+5] = lW
					case int(v)-1 == s:
						l[o+5] = lO
					default:
						l[o+5] = lX
					}
				}
				canon(&l, k)
				if got, want := p.LineCode(s, c, d), classifyLine(l, k); got != want {
					t.Fatalf("%v: cell %d side %d direction %d: code %d, the cells give %d\n%s", rule, c, s, d, got, want, p)
				}
			}
		}
	}
}

// TestLineCodes checks the codes of some lines, the stronger kinds of twos
// and threes among them. A line is its eleven cells, the centre (*) the
// cell played: O own stone, X opponent stone, # wall, . empty.
func TestLineCodes(t *testing.T) {
	for _, c := range []struct {
		line string
		k    fiveKind
		want uint8
	}{
		{"...OO*.....", fiveOrMore, F3S}, // open three with room: two open fours
		{".X.OO*.....", fiveOrMore, F3},  // only the right end makes an open four
		{"..O.O*.....", fiveOrMore, F3},  // split three: only the gap
		{"..XOO*.....", fiveOrMore, B3},
		{"....O*.....", fiveOrMore, F2S}, // open two: four cells make an open three
		{"..X.O*.....", fiveOrMore, F2},  // two of them left
		{".....*O....", fiveOrMore, F2S},
		{"..OOO*.....", fiveOrMore, F4},
		{"....O*O.O..", fiveOrMore, B4},
		{".OOOO*.....", fiveOrMore, Five},
		{".OOOO*O....", exactFive, Over},
		{"....#*#....", fiveOrMore, Dead},
		{".....*.....", fiveOrMore, Alive},
	} {
		var l line
		for i, ch := range c.line {
			l[i] = map[rune]uint8{'.': lE, '*': lE, 'O': lO, 'X': lX, '#': lW}[ch]
		}
		canon(&l, c.k)
		if got := classifyLine(l, c.k); got != c.want {
			t.Errorf("%s: code %d, want %d", c.line, got, c.want)
		}
	}
	for c := range NumCodes {
		want := map[uint8]uint8{F2S: F2, F3S: F3}[c]
		if want == 0 {
			want = c
		}
		if got := Coarse(c); got != want {
			t.Errorf("Coarse(%d) = %d, want %d", c, got, want)
		}
	}
}
