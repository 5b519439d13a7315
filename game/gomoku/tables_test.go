package gomoku

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
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
		tb := bothTable(r)
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
