package main

import (
	"strings"
	"testing"

	"github.com/pentad-ai/pentad/internal/botcheck"
)

func TestMain(m *testing.M) { botcheck.TestMain(m, main) }

// The bot survives malformed lines, its input closed while it thinks, and
// SIGTERM/SIGINT, without a panic.
// start is the contest engine's first request to White.
const start = `{"Board":{"state":[[5,5,5,5,-5,0,0,0,0],[-5,6,6,6,-6,-5,0,0,0],[-5,-6,7,7,-7,-6,-5,0,0],[-5,-6,-7,5,-5,-7,-6,-5,0],[-5,-6,-7,-5,0,5,7,6,5],[0,5,6,7,5,-5,7,6,5],[0,0,5,6,7,-7,-7,6,5],[0,0,0,5,6,-6,-6,-6,5],[0,0,0,0,5,-5,-5,-5,-5]]},"AllowedMoves":["1"]}`

func TestFaults(t *testing.T) {
	botcheck.Run(t, botcheck.Spec{
		Args:  []string{"-hard", "1s"},
		Start: []string{`{"Color":"1"}`},
		Probe: []string{start},
		Want:  `{"Type":`,
		Think: []string{start},
	})
}

func TestFit(t *testing.T) {
	var out strings.Builder
	if err := fit(&out, []string{"../../eval/stones/testdata/games.jsonl"}, ";Height=0;TallAll=1000", 20); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || !strings.Contains(lines[0], "positions") || !strings.HasPrefix(lines[1], "(default)") ||
		!strings.HasPrefix(lines[3], "TallAll=1000") || !strings.Contains(lines[2], "log-loss 0.") {
		t.Fatalf("fit printed:\n%s", out.String())
	}
	if err := fit(&out, nil, "", 0); err == nil {
		t.Fatal("no files: no error")
	}
	if err := fit(&out, []string{"../../eval/stones/testdata/games.jsonl"}, "Bogus=1", 0); err == nil {
		t.Fatal("unknown weight: no error")
	}
}
