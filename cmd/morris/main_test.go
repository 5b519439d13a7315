package main

import (
	"testing"

	"github.com/pentad-ai/pentad/internal/botcheck"
)

func TestMain(m *testing.M) { botcheck.TestMain(m, main) }

// The engine survives malformed lines, its input closed while it thinks, and
// SIGTERM/SIGINT, without a panic.
func TestFaults(t *testing.T) {
	botcheck.Run(t, botcheck.Spec{
		Args:  []string{"-movetime", "1s"},
		Start: []string{"newgame"},
		Probe: []string{"go"},
		Want:  "bestmove",
		Think: []string{"move P4", "go"},
	})
}
