package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	evalk "github.com/pentad-ai/pentad/eval/kalah"
)

// kalah selfplay writes games kalah fit reads; fit prints weights for -w
// that kalah accepts, and bad arguments get a usage error.
func TestSelfPlayAndFit(t *testing.T) {
	var games, errb bytes.Buffer
	if rc := selfplay([]string{"-games", "6", "-depth", "3", "-random", "6", "-workers", "2"}, &games, &errb); rc != 0 {
		t.Fatalf("selfplay: %d %s", rc, errb.String())
	}
	path := filepath.Join(t.TempDir(), "games.jsonl")
	if err := os.WriteFile(path, games.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if rc := fit([]string{"-k", "0", "-fixed", "Empty", path}, &out, &errb); rc != 0 {
		t.Fatalf("fit: %d %s", rc, errb.String())
	}
	var spec string
	for _, l := range strings.Split(out.String(), "\n") {
		if s, ok := strings.CutPrefix(l, "-w "); ok {
			spec = s
		}
	}
	if !strings.Contains(spec, "Store=16,") || !strings.Contains(spec, fmt.Sprintf("Empty=%d,", evalk.Default.Empty)) {
		t.Fatalf("fit printed %q", out.String())
	}
	if rc := selfplay([]string{"-games", "1", "-depth", "2", "-w", spec}, &bytes.Buffer{}, &errb); rc != 0 {
		t.Fatalf("the fitted weights %q are refused: %s", spec, errb.String())
	}
	for _, bad := range [][]string{{"-w", "Nope=1", path}, {"-fixed", "Nope", path}, {}, {filepath.Join(t.TempDir(), "missing")}} {
		if rc := fit(bad, &bytes.Buffer{}, &bytes.Buffer{}); rc == 0 {
			t.Errorf("fit %q succeeded", bad)
		}
	}
	if rc := selfplay([]string{"-depth", "0"}, &bytes.Buffer{}, &bytes.Buffer{}); rc == 0 {
		t.Error("selfplay -depth 0 succeeded")
	}
}
