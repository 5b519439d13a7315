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
		Args:  []string{"-movetime", "1"},
		Start: []string{"boardsize 9", "clear_board"},
		Probe: []string{"name"},
		Want:  "= ",
		Think: []string{"play black E8", "genmove white"},
	})
}
