package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
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

// A -w list with an unknown weight is refused at start (exit 2, the reason
// on standard error).
func TestBadWeights(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-w", "Nope=1")
	cmd.Env = append(os.Environ(), "PENTAD_BOTCHECK_MAIN=1")
	cmd.Stdin = strings.NewReader("name\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(stderr.String(), "unknown weight") {
		t.Fatalf("err %v, stderr %q", err, stderr.String())
	}
}
