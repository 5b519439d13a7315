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
