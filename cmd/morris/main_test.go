package main

import (
	"testing"

	"github.com/pentad-ai/pentad/internal/botcheck"
)

func TestMain(m *testing.M) { botcheck.TestMain(m, main) }

// The engine survives malformed lines, its input closed while it thinks, and
// SIGTERM/SIGINT, without a panic. The game starts at ply 4, past the
// placement book, so that go searches.
func TestFaults(t *testing.T) {
	botcheck.Run(t, botcheck.Spec{
		Args:  []string{"-movetime", "1s"},
		Start: []string{"newgame w:0,4;b:1,7;w;4;0"},
		Probe: []string{"go"},
		Want:  "bestmove",
		Think: []string{"move P10", "go"},
	})
}
