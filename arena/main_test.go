package arena

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The test binary doubles as every fake engine: run with "-fake NAME ARGS",
// it plays the scripted engine NAME on stdin/stdout instead of the tests.
var fakes = map[string]func(args []string){}

func TestMain(m *testing.M) {
	if len(os.Args) >= 3 && os.Args[1] == "-fake" {
		fakes[os.Args[2]](os.Args[3:])
		os.Exit(0)
	}
	// Fakes built with -race would otherwise sleep a second at exit.
	os.Setenv("GORACE", "atexit_sleep_ms=0")
	code := m.Run()
	if n := Running(); n != 0 && code == 0 {
		fmt.Fprintf(os.Stderr, "%d engine processes left running\n", n)
		code = 1
	}
	os.Exit(code)
}

// fake returns the spec of a fake engine.
func fake(name string, args ...string) EngineSpec {
	return EngineSpec{Name: name, Cmd: append([]string{os.Args[0], "-fake", name}, args...)}
}

// lines is a line reader for fakes.
func lines() *bufio.Scanner {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	return sc
}

// fakeArgs reads a fake's MODE [WHEN] arguments (WHEN defaults to 1).
func fakeArgs(args []string) (mode string, when int) {
	mode, when = args[0], 1
	if len(args) > 1 {
		when, _ = strconv.Atoi(args[1])
	}
	return mode, when
}

func say(s string) { fmt.Fprintln(os.Stdout, s) }

// misbehave covers the shared failure modes: it is called when a fake has
// to answer and does the named bad thing; it reports false for "good".
func misbehave(mode string) bool {
	switch mode {
	case "garbage":
		say("hello there")
	case "flood":
		// 100,000 lines at once, then nothing
		w := bufio.NewWriterSize(os.Stdout, 1<<16)
		for i := 0; i < 100000; i++ {
			fmt.Fprintf(w, "flood %d\n", i)
		}
		w.Flush()
		time.Sleep(time.Hour)
	case "late":
		time.Sleep(1200 * time.Millisecond)
		return false
	case "hang":
		// a grandchild in the same process group must die with us
		c := exec.Command("sleep", "60")
		c.Start()
		if f := os.Getenv("ARENA_GRANDCHILD"); f != "" {
			os.WriteFile(f, []byte(fmt.Sprint(c.Process.Pid)), 0o644)
		}
		time.Sleep(time.Hour)
	case "crash":
		fmt.Fprintln(os.Stderr, "fake engine: segmentation fault")
		os.Exit(3)
	case "exit":
		os.Exit(0)
	case "close":
		os.Stdout.Close()
		for sc := lines(); sc.Scan(); {
		}
		time.Sleep(time.Hour)
	case "chatty":
		b := []byte(strings.Repeat("x", 1023) + "\n")
		for i := 0; i < 256; i++ { // 256 KiB on stderr per move
			os.Stderr.Write(b)
		}
		return false
	default:
		return false
	}
	return true
}

type refCase struct {
	name       string
	engines    [2]EngineSpec
	tc         TimeControl
	wantWinner int
	wantReason Reason
	wantDetail string
}

// anyWinner as a refCase's wantWinner accepts any result.
const anyWinner = -2

// keepTC makes runRefCase use the clocks as given.
var keepTC bool

func runRefCase(t *testing.T, ref Referee, c refCase, opening []string) Record {
	t.Helper()
	// A loaded machine (and the race detector) slows the fakes down: the
	// cases that must not time out get seconds per move, the others 400 ms
	// against fakes that are late by 1.2 s or hang.
	tc := c.tc
	if tc.Move > 0 && !keepTC {
		tc.Move = 3 * time.Second
		if c.wantReason == TimeLoss {
			tc.Move = 400 * time.Millisecond
		}
		if tc.First > 0 {
			tc.First = tc.Move + 200*time.Millisecond
		}
		if tc.Game > 0 && tc.Game < 10*tc.Move {
			tc.Game = 10 * tc.Move
		}
	}
	s := &Setup{Engines: c.engines, TC: [2]TimeControl{tc, tc}, Opening: opening, Seed: 7, Tolerance: 0}
	if testing.Verbose() {
		s.Log = func(side int, dir, line string) { t.Logf("%d %s %s", side, dir, line) }
	}
	pool := NewPool()
	t0 := time.Now()
	rec := ref.Play(context.Background(), s, pool)
	t1 := time.Now()
	pool.Close(quitLine(ref), 100*time.Millisecond)
	t.Logf("%s: %s, %d moves, play %v close %v", c.name, rec.Reason, len(rec.Moves), t1.Sub(t0).Round(time.Millisecond), time.Since(t1).Round(time.Millisecond))
	if (c.wantWinner != anyWinner && rec.Winner != c.wantWinner) || rec.Reason != c.wantReason || !strings.Contains(rec.Detail, c.wantDetail) {
		t.Errorf("%s: got winner %d reason %s (%s), want winner %d reason %s (%q)", c.name,
			rec.Winner, rec.Reason, rec.Detail, c.wantWinner, c.wantReason, c.wantDetail)
	}
	if n := Running(); n != 0 {
		t.Errorf("%s: %d processes still running", c.name, n)
	}
	return rec
}

// checkGrandchild verifies a hanging fake's helper process was killed.
func checkGrandchild(t *testing.T, file string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		return // the fake never reached the hang
	}
	var pid int
	fmt.Sscan(string(b), &pid)
	for i := 0; i < 100; i++ {
		if syscall.Kill(pid, 0) != nil {
			return
		}
		if st, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil && strings.Contains(string(st), ") Z ") {
			return // a zombie waiting for init: dead
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("grandchild %d of a hung engine survived", pid)
}

// fault is a fake engine misbehaving in one game against a good one: the
// fake's mode and argument, the side it plays (0 moves first), and the
// reason and a part of the detail the game must end with (a loss for the
// fake).
type fault struct {
	mode, arg string
	side      int
	reason    Reason
	detail    string
}

// runFaults plays each fault's game on ref against good and checks its end.
func runFaults(t *testing.T, ref Referee, tc TimeControl, good EngineSpec, faults []fault) {
	t.Helper()
	for _, f := range faults {
		args := []string{f.mode}
		if f.arg != "" {
			args = append(args, f.arg)
		}
		bad := fake(ref.Name(), args...)
		engines := [2]EngineSpec{good, good}
		engines[f.side] = bad
		name := fmt.Sprintf("%s as side %d", f.mode, f.side)
		runRefCase(t, ref, refCase{name, engines, tc, 1 - f.side, f.reason, f.detail}, nil)
	}
}
