package arena

import (
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
)

func init() {
	// kalah-fake MODE [WHEN]: plays the lowest non-empty hole; does MODE
	// instead when asked to move for the WHEN-th time (default 1).
	fakes["kalah"] = func(args []string) {
		mode, when := fakeArgs(args)
		side := ""
		asked := 0
		var state []int
		move := func() {
			asked++
			if asked == when && misbehave(mode) {
				return
			}
			if mode == "swap" && side == "North" && asked == 1 {
				say("SWAP")
				side = "South"
				return
			}
			if state == nil {
				say("MOVE;1")
				return
			}
			h := (len(state) - 2) / 2
			base := 0
			if side == "South" {
				base = h + 1
			}
			for i := 0; i < h; i++ {
				if (state[base+i] > 0) != (mode == "illegal" && asked == when) {
					say("MOVE;" + strconv.Itoa(i+1))
					return
				}
			}
			say("MOVE;" + strconv.Itoa(h+1)) // no empty hole: a hole that does not exist
		}
		for sc := lines(); sc.Scan(); {
			f := strings.Split(sc.Text(), ";")
			switch f[0] {
			case "START":
				side = f[1]
				if side == "South" {
					state = nil
					move()
				}
			case "CHANGE":
				state = state[:0]
				for _, x := range strings.Split(f[2], ",") {
					n, _ := strconv.Atoi(x)
					state = append(state, n)
				}
				if f[1] == "SWAP" {
					if side == "South" {
						side = "North"
					} else {
						side = "South"
					}
				}
				if f[3] == "YOU" {
					move()
				}
			case "END":
				return
			}
		}
	}
}

func TestKalahReferee(t *testing.T) {
	ref, _ := NewReferee("kalah")
	tc := TimeControl{Move: 150 * time.Millisecond}
	good := fake("kalah", "good")
	gc := filepath.Join(t.TempDir(), "grandchild")
	t.Setenv("ARENA_GRANDCHILD", gc)
	faults := []fault{
		{"flood", "2", 1, Malformed, ""},
		{"illegal", "2", 1, Illegal, "MOVE;"},
		{"illegal", "2", 0, Illegal, "MOVE;"},
		{"garbage", "3", 1, Malformed, "hello"},
		{"late", "2", 0, TimeLoss, ""},
		{"hang", "1", 1, TimeLoss, "no answer"},
		{"crash", "1", 0, Crash, "exit 3"},
		{"exit", "2", 1, Closed, "exited"},
		{"close", "2", 0, Closed, "closed"},
	}
	cases := []refCase{
		{"start", [2]EngineSpec{{Name: "nope", Cmd: []string{"/nonexistent/engine"}}, good}, tc, 1, StartFail, ""},
	}
	for _, c := range cases {
		runRefCase(t, ref, c, nil)
	}
	runFaults(t, ref, tc, good, faults)
	checkGrandchild(t, gc)
}

func TestKalahFullGames(t *testing.T) {
	ref, _ := NewReferee("kalah")
	tc := TimeControl{Game: 5 * time.Second}
	// Lowest-hole against lowest-hole is deterministic; so is the swapper.
	rec := runRefCase(t, ref, refCase{"normal", [2]EngineSpec{fake("kalah", "good"), fake("kalah", "chatty")}, tc, rec0Winner(t), Normal, ""}, nil)
	if len(rec.Moves) < 10 || !strings.Contains(rec.Final, "|") {
		t.Errorf("short game: %v", rec.Moves)
	}
	rec = runRefCase(t, ref, refCase{"swap", [2]EngineSpec{fake("kalah", "good"), fake("kalah", "swap")}, tc, swapWinner(t), Normal, ""}, nil)
	if rec.Moves[1].Move != "SWAP" || rec.Extra["swapped"] != "true" {
		t.Errorf("no swap recorded: %v", rec.Moves[:2])
	}
	// The protocol cannot set up a position: no openings.
	if _, err := ref.ParseOpening("1 2"); err == nil {
		t.Error("kalah opening accepted")
	}
	if o := ref.RandomOpening(rand.New(rand.NewPCG(1, 2)), 4); len(o) != 0 {
		t.Errorf("random opening %v", o)
	}
}

// The expected winners come from replaying the fakes' strategy on the rules.
func rec0Winner(t *testing.T) int { return simulateKalah(t, false, nil) }
func swapWinner(t *testing.T) int { return simulateKalah(t, true, nil) }

func simulateKalah(t *testing.T, swap bool, opening []string) int {
	p := kalah.New(kalah.Tournament)
	for _, o := range opening {
		m, _ := kalah.ParseMove(o, 7)
		p.Play(m)
	}
	for !p.Over() {
		if swap && p.SwapAvailable() {
			p.Play(kalah.Swap)
			continue
		}
		for h := 1; h <= 7; h++ {
			if p.Legal(engine.Move(h)) {
				p.Play(engine.Move(h))
				break
			}
		}
	}
	w := p.Winner()
	if w >= 0 && p.Swapped() {
		w ^= 1
	}
	t.Logf("simulated: winner colour %d, stores %d-%d", w, p.Store(kalah.South), p.Store(kalah.North))
	return w
}
