package main

import (
	"testing"

	"github.com/pentad-ai/pentad/internal/botcheck"
)

func TestMain(m *testing.M) { botcheck.TestMain(m, main) }

// The agent survives malformed lines, its input closed while it thinks, and
// SIGTERM/SIGINT, without a panic.
func TestFaults(t *testing.T) {
	botcheck.Run(t, botcheck.Spec{
		Args:  []string{"-movetime", "1s"},
		Probe: []string{"START;South"},
		Want:  "MOVE;",
		Think: []string{"START;North", "CHANGE;1;7,7,7,7,7,7,7,0,0,8,8,8,8,8,8,1;YOU"},
		Data:  []string{"kalah-7.db"},
	})
}
