package layering

import (
	"bufio"
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// TestRepositoryLayers checks the repository's real package graph, from the
// Go toolchain's go list, test imports included.
func TestRepositoryLayers(t *testing.T) {
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}} {{join .TestImports \" \"}} {{join .XTestImports \" \"}}", Module+"/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []Package
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		pkgs = append(pkgs, Package{Path: f[0], Imports: f[1:]})
	}
	if len(pkgs) < 20 {
		t.Fatalf("go list found %d packages, expected the whole module", len(pkgs))
	}
	for _, line := range Check(pkgs) {
		t.Error(line)
	}
	// every game has its four layers and its binary's main imports its bot
	have := map[string]bool{}
	for _, p := range pkgs {
		have[p.Path] = true
	}
	for _, g := range []string{"gomoku", "kalah", "morris", "quoridor", "stones"} {
		for _, l := range []string{"game", "eval", "bot"} {
			if !have[Module+"/"+l+"/"+g] {
				t.Errorf("missing package %s/%s", l, g)
			}
		}
	}
}

func TestCheckFindsWrongImports(t *testing.T) {
	m := Module + "/"
	cases := []struct {
		from, to string
		bad      bool
	}{
		{"game/gomoku", "eval/gomoku", true},
		{"game/gomoku", "book/gomoku", true},
		{"game/kalah", "bot/kalah", true},
		{"game/morris", "arena", true},
		{"eval/stones", "book/stones", true},
		{"eval/stones", "bot/stones", true},
		{"book/kalah", "bot/kalah", true},
		{"arena", "bot/quoridor", true},
		{"arena", "eval/gomoku", true},
		{"arena", "book/morris", true},
		{"bot/gomoku", "game/kalah", true},
		{"eval/morris", "game/morris/board", false},
		{"book/morris", "eval/kalah", true},
		{"engine", "game/stones", true},
		{"tt", "engine", true},
		{"tt", "bot/kalah", true},
		{"arena", "game/stones", false},
		{"bot/kalah", "book/kalah", false},
		{"bot/kalah", "eval/kalah", false},
		{"book/kalah", "eval/kalah", false},
		{"eval/quoridor", "game/quoridor", false},
		{"game/quoridor", "engine", false},
		{"cmd/kalah", "bot/kalah", false},
		{"bot/stones", "engine", false},
	}
	for _, c := range cases {
		got := Check([]Package{{Path: m + c.from, Imports: []string{"fmt", m + c.to}}})
		if (len(got) > 0) != c.bad {
			t.Errorf("%s -> %s: got %q, want bad=%v", c.from, c.to, got, c.bad)
		}
	}
}
