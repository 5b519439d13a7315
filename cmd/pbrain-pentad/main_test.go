package main

import (
	"testing"

	"github.com/pentad-ai/pentad/internal/botcheck"
)

func TestMain(m *testing.M) { botcheck.TestMain(m, main) }

// The brain survives malformed lines, its input closed while it thinks, and
// SIGTERM/SIGINT, without a panic.
func TestFaults(t *testing.T) {
	botcheck.Run(t, botcheck.Spec{
		Start: []string{"START 15", "INFO timeout_turn 2000", "INFO timeout_match 0"},
		Probe: []string{"ABOUT"},
		Want:  "name=",
		Think: []string{"TURN 2,3"},
		Data:  []string{"pbrain-pentad.book"},
		// the table shrinks to fit INFO max_memory
		Limit:  []string{"INFO max_memory 60000000"},
		MaxRSS: 60000000,
	})
}
