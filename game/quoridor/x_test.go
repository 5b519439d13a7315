package quoridor

import (
	"os"
	"strconv"
	"testing"

	evalq "github.com/pentad-ai/pentad/eval/quoridor"
)

func TestXMatch(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("G"))
	if games == 0 {
		t.Skip()
	}
	size, _ := strconv.Atoi(os.Getenv("N"))
	na, _ := strconv.ParseUint(os.Getenv("NA"), 10, 64)
	nb, _ := strconv.ParseUint(os.Getenv("NB"), 10, 64)
	wa := evalq.Default
	switch os.Getenv("V") {
	case "lin80":
		for k := range wa.Wall {
			wa.Wall[k] = 80 * k
		}
	case "lin120":
		for k := range wa.Wall {
			wa.Wall[k] = 120 * k
		}
	case "notempo":
		wa.Tempo = 0
	}
	da, _ := strconv.Atoi(os.Getenv("DA"))
	db, _ := strconv.Atoi(os.Getenv("DB"))
	a := Config{Nodes: na, Depth: da, HashMiB: 16, Weights: &wa}
	b := Config{Nodes: nb, Depth: db, HashMiB: 16, Seed: 1000}
	r, err := Match(a, b, size, games, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("V=%s A %d nodes: %d - B %d nodes: %d (unfinished %d)", os.Getenv("V"), na, r.WinsA, nb, r.WinsB, r.Unfinished)
}
