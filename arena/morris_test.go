package arena

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/morris"
)

func init() {
	// morris MODE [WHEN]: plays the first generated legal move; does MODE
	// when asked for the WHEN-th time. "slow" waits for stop; "noready"
	// greets wrongly.
	fakes["morris"] = func(args []string) {
		mode, when := fakeArgs(args)
		if mode == "noready" {
			say("readyy")
		} else {
			say("ready")
		}
		in := make(chan string)
		go func() {
			for sc := lines(); sc.Scan(); {
				in <- sc.Text()
			}
			close(in)
		}()
		pos := morris.NewPosition()
		asked := 0
		buf := make([]engine.Move, 0, engine.MaxMoves)
		for line := range in {
			f := strings.Fields(line)
			if len(f) == 0 {
				continue
			}
			switch f[0] {
			case "newgame":
				pos = morris.NewPosition()
			case "move":
				m, err := pos.ParseMove(f[1])
				if err != nil {
					panic("fake got illegal move " + line)
				}
				pos.Make(m)
			case "go":
				asked++
				say("info time 0.0101 eval 0")
				if asked == when {
					if misbehave(mode) {
						continue
					}
					switch mode {
					case "illegal":
						say("bestmove M0-1")
						continue
					case "badmove":
						say("bestmove hello")
						continue
					case "slow":
						if l := <-in; l != "stop" {
							panic("expected stop, got " + l)
						}
					}
				}
				if over, _, _ := pos.Status(); over {
					say("bestmove none")
					continue
				}
				m := pos.GenMoves(buf[:0])[0]
				pos.Make(m)
				say("bestmove " + morris.FormatMove(m, false))
			case "quit":
				return
			}
		}
	}
}

func TestMorrisReferee(t *testing.T) {
	ref, _ := NewReferee("morris")
	tc := TimeControl{Move: 100 * time.Millisecond}
	good := fake("morris", "good")
	faults := []fault{
		{"flood", "2", 1, TimeLoss, ""},
		{"illegal", "2", 1, Illegal, "M0-1"},
		{"badmove", "2", 0, Malformed, "hello"},
		{"noready", "", 0, Malformed, "ready"},
		{"late", "3", 1, TimeLoss, "after stop"},
		{"hang", "1", 0, TimeLoss, ""},
		{"crash", "2", 1, Crash, "exit 3"},
		{"close", "2", 0, Closed, ""},
		{"garbage", "1", 0, TimeLoss, ""},
	}
	runFaults(t, ref, tc, good, faults)
}

func TestMorrisFullGame(t *testing.T) {
	ref, _ := NewReferee("morris")
	tc := TimeControl{Move: 100 * time.Millisecond}
	op := ref.RandomOpening(rand.New(rand.NewPCG(3, 4)), 2)
	want, why := simulateMorris(op)
	// "slow" answers only after stop: still a normal game.
	keepTC = true
	rec := runRefCase(t, ref, refCase{"full", [2]EngineSpec{fake("morris", "slow", "1"), fake("morris", "chatty")}, tc, want, Normal, why}, op)
	keepTC = false
	if len(rec.Moves) < 18 || strings.Count(rec.Final, "\n") != 6 {
		t.Errorf("game: %d moves, final\n%s", len(rec.Moves), rec.Final)
	}
	if _, err := ref.ParseOpening("P0 P1 Pa4"); err != nil {
		t.Error(err)
	}
	if _, err := ref.ParseOpening("P0 P0"); err == nil {
		t.Error("illegal opening accepted")
	}
}

// Both fakes play the first generated move: replay that on the rules.
func simulateMorris(op []string) (int, string) {
	p := morris.NewPosition()
	for _, o := range op {
		m, _ := p.ParseMove(o)
		p.Make(m)
	}
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for {
		if over, w, why := p.Status(); over {
			return w, morrisWhy(why, w)
		}
		p.Make(p.GenMoves(buf[:0])[0])
	}
}

func TestMorrisSquareNames(t *testing.T) {
	ref, _ := NewReferee("morris")
	if err := ref.Configure(map[string]string{"names": "true"}); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var sent []string
	s := &Setup{Engines: [2]EngineSpec{fake("morris", "good"), fake("morris", "good")},
		TC: [2]TimeControl{{Move: 3 * time.Second}, {Move: 3 * time.Second}}, Opening: []string{"P0"},
		Log: func(side int, dir, line string) {
			mu.Lock()
			defer mu.Unlock()
			if dir == "<-" && strings.HasPrefix(line, "move ") {
				sent = append(sent, line)
			}
		}}
	pool := NewPool()
	rec := ref.Play(t.Context(), s, pool)
	pool.Close("quit", 100*time.Millisecond)
	if rec.Reason != Normal || len(sent) < 3 || sent[0] != "move Pa7" {
		t.Fatalf("%s %s, sent %v", rec.Reason, rec.Detail, sent[:min(3, len(sent))])
	}
	// records keep indices
	if rec.Moves[0].Move[1] < '0' || rec.Moves[0].Move[1] > '9' {
		t.Errorf("record move %q", rec.Moves[0].Move)
	}
}
