package arena

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/quoridor"
)

func init() {
	// quoridor MODE [WHEN] -seed N: walks a shortest path (first such step);
	// does MODE at its WHEN-th genmove. "wall" places one wall first.
	fakes["quoridor"] = func(args []string) {
		mode, when := args[0], 1
		if len(args) > 1 && !strings.HasPrefix(args[1], "-") {
			when, _ = strconv.Atoi(args[1])
		}
		if args[len(args)-2] != "-seed" {
			panic("no -seed")
		}
		var pos *quoridor.Pos
		n, walls := 9, 10
		asked := 0
		buf := make([]engine.Move, 0, engine.MaxMoves)
		ok := func() { say("=\n") }
		for sc := lines(); sc.Scan(); {
			f := strings.Fields(sc.Text())
			if len(f) == 0 {
				continue
			}
			switch f[0] {
			case "name":
				say("= fake\n")
			case "boardsize":
				n, _ = strconv.Atoi(f[1])
				ok()
			case "clear_board":
				pos = quoridor.New(n, walls)
				ok()
			case "walls":
				walls, _ = strconv.Atoi(f[1])
				pos = quoridor.New(n, walls)
				if mode == "badack" {
					say("? no\n")
					continue
				}
				ok()
			case "playmove", "playwall":
				c, _ := quoridor.ParseColor(f[1])
				m, err := pos.ParseMove(strings.Join(f[2:], " "))
				if err != nil || !pos.LegalFor(c, m) {
					say("? illegal move\n")
					continue
				}
				pos.PlayFor(c, m)
				ok()
			case "genmove":
				asked++
				c, _ := quoridor.ParseColor(f[1])
				if asked == when {
					if misbehave(mode) {
						continue
					}
					switch mode {
					case "illegal":
						say("= A1\n") // far away
						continue
					case "badmove":
						say("= Z99 q\n")
						continue
					}
				}
				say("# thinking")
				var best engine.Move
				bestD := 1 << 30
				for _, m := range pos.GenMoves(buf[:0]) {
					if quoridor.IsWall(m) {
						if mode == "wall" && asked == 1 {
							best, bestD = m, -1
						}
						continue
					}
					pos.PlayFor(c, m)
					d := pos.Dist(c)
					pos.Unmake(m)
					if d < bestD {
						best, bestD = m, d
					}
				}
				pos.PlayFor(c, best)
				say("= " + pos.FormatMove(best) + "\n")
			case "quit":
				ok()
				return
			}
		}
	}
}

func TestQuoridorReferee(t *testing.T) {
	ref, _ := NewReferee("quoridor")
	tc := TimeControl{Game: 5 * time.Second, Move: 100 * time.Millisecond}
	good := fake("quoridor", "good")
	faults := []fault{
		{"flood", "2", 1, TimeLoss, ""},
		{"illegal", "2", 1, Illegal, "A1"},
		{"badmove", "1", 0, Malformed, "Z99"},
		{"badack", "", 0, Malformed, "walls"},
		{"late", "3", 1, TimeLoss, ""},
		{"hang", "1", 0, TimeLoss, "genmove"},
		{"crash", "2", 1, Crash, "exit 3"},
		{"close", "2", 0, Closed, ""},
		{"garbage", "2", 0, TimeLoss, ""},
	}
	runFaults(t, ref, tc, good, faults)
}

func TestQuoridorFullGame(t *testing.T) {
	ref, _ := NewReferee("quoridor")
	if err := ref.Configure(map[string]string{"size": "5"}); err != nil {
		t.Fatal(err)
	}
	tc := TimeControl{Game: 5 * time.Second, Move: time.Second}
	op, err := ref.ParseOpening("C4, C2")
	if err != nil {
		t.Fatal(err)
	}
	// Black (first) walks 4 rows, white too: black arrives first.
	rec := runRefCase(t, ref, refCase{"full", [2]EngineSpec{fake("quoridor", "good"), fake("quoridor", "wall")}, tc, 0, Normal, "black reached"}, op)
	if len(rec.Moves) == 0 || !strings.Contains(rec.Moves[1].Move, " ") {
		t.Errorf("moves %v", rec.Moves)
	}
	if rec.Final == "" {
		t.Error("no final diagram")
	}
	// Memory check, of the engine not to move (white first): any Go process is far above 1 MB of virtual size.
	if err := ref.Configure(map[string]string{"vsz": "1"}); err != nil {
		t.Fatal(err)
	}
	runRefCase(t, ref, refCase{"vsz", [2]EngineSpec{fake("quoridor", "good"), fake("quoridor", "good")}, tc, 0, MemoryLimit, "virtual size"}, nil)
	if _, err := ref.ParseOpening("C4, C4"); err == nil {
		t.Error("illegal opening accepted")
	}
}
