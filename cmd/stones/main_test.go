package main

import (
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
