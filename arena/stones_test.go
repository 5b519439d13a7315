package arena

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/stones"
)

func init() {
	// stones MODE [WHEN]: answers every request with the first legal
	// action; does MODE at its WHEN-th request. "turns" keeps the turn
	// order itself, as the contest's starter bots do, and gives up (exit 1)
	// when a request breaks it: White's first request is a single attack,
	// then each turn an attack-only request and an all-actions one.
	fakes["stones"] = func(args []string) {
		mode, when := fakeArgs(args)
		side := -1
		asked := 0
		buf := make([]engine.Move, 0, engine.MaxMoves)
		for sc := lines(); sc.Scan(); {
			msg, err := stones.DecodeMessage(sc.Bytes())
			if err != nil {
				panic("fake: bad message " + sc.Text())
			}
			if msg.Color != nil {
				if !bytes.Contains(sc.Bytes(), []byte(`"Color":"`)) && mode != "numeric" {
					panic("fake: colour not sent as a string")
				}
				side = stones.White
				if msg.Color.V == -1 {
					side = stones.Black
				}
				continue
			}
			if msg.Board == nil {
				continue
			}
			asked++
			st, _ := msg.BoardState()
			phase := 1
			if msg.AllowedMask() == 1<<stones.Attack {
				phase = 0
			}
			if mode == "turns" {
				// requests of this bot: White 0, 0, 1, 0, 1, ...; Black 0, 1, 0, 1, ...
				want := (asked - 1) % 2
				if side == stones.White {
					want = 0
					if asked > 1 {
						want = asked % 2
					}
				}
				if phase != want {
					os.Exit(1)
				}
			}
			pos, err := stones.FromState(st, side, phase)
			if err != nil {
				panic(err)
			}
			if asked == when {
				if misbehave(mode) {
					continue
				}
				switch mode {
				case "strengthen": // not allowed in an attack-only request
					say(`{"Type":2,"From":{"X":0,"Y":0},"To":{"X":1,"Y":0}}`)
					continue
				case "passfrom":
					say(`{"Type":0,"From":{"X":0,"Y":0},"To":null}`)
					continue
				case "multiline":
					say("{\n\"Type\": 1\n}")
					continue
				case "offboard":
					say(`{"Type":1,"From":{"X":8,"Y":0},"To":{"X":7,"Y":0}}`)
					continue
				}
			}
			m := pos.GenMoves(buf[:0])[0]
			say(string(stones.AppendResponse(nil, m)))
		}
	}
}

func TestStonesReferee(t *testing.T) {
	ref, _ := NewReferee("stones")
	tc := TimeControl{Move: 100 * time.Millisecond, First: 300 * time.Millisecond}
	good := fake("stones", "good")
	faults := []fault{
		{"flood", "2", 1, Malformed, ""},
		{"strengthen", "1", 0, Illegal, "not allowed"},
		{"passfrom", "2", 1, Illegal, "pass"},
		{"offboard", "1", 1, Illegal, "off the board"},
		{"multiline", "1", 1, Malformed, "JSON"},
		{"garbage", "2", 0, Malformed, "hello"},
		{"late", "3", 1, TimeLoss, ""},
		{"hang", "1", 0, TimeLoss, ""},
		{"crash", "2", 1, Crash, "exit 3"},
		{"close", "2", 0, Closed, ""},
	}
	runFaults(t, ref, tc, good, faults)
	// A full game between first-legal-action players, as the rules say.
	want, why := simulateStones()
	rec := runRefCase(t, ref, refCase{"full", [2]EngineSpec{good, fake("stones", "chatty")}, TimeControl{Move: time.Second, First: 2 * time.Second}, want, Normal, why}, nil)
	if len(rec.Moves) < 10 {
		t.Errorf("short game %v", rec.Moves)
	}
	if err := ref.Configure(map[string]string{"numeric": "true"}); err != nil {
		t.Fatal(err)
	}
	runRefCase(t, ref, refCase{"numeric", [2]EngineSpec{fake("stones", "numeric"), fake("stones", "numeric")}, TimeControl{Move: time.Second, First: 2 * time.Second}, want, Normal, why}, nil)
}

// The arena's default settings drive the contest's flow, which bots that
// keep the order of their own requests survive; an opening is refused
// unless forced, and then bots that read the board still play it.
func TestStonesRealFlow(t *testing.T) {
	self, _ := os.Executable()
	build := func(extra ...string) (*Match, error) {
		o, err := ParseArgs(append([]string{"-game", "stones", "-engine", "name=a", "cmd=" + self,
			"-engine", "name=b", "cmd=" + self}, extra...))
		if err != nil {
			t.Fatal(err)
		}
		return o.Build()
	}
	m, err := build()
	if err != nil || m.RandomPlies != 0 {
		t.Fatalf("default: %v, %d opening actions", err, m.RandomPlies)
	}
	if _, err := build("-plies", "1"); err == nil || !strings.Contains(err.Error(), "cannot set a position") {
		t.Fatalf("-plies 1: %v", err)
	}
	if m, err := build("-plies", "2", "-opt", "forced=true"); err != nil || m.RandomPlies != 2 {
		t.Fatalf("-plies 2 forced: %v", err)
	}
	ref, _ := NewReferee("stones")
	if _, err := ref.ParseOpening("A5xB6"); err == nil {
		t.Error("an opening accepted without forced=true")
	}
	tc := TimeControl{Move: time.Second, First: 2 * time.Second}
	want, why := simulateStones()
	keepTC = true
	defer func() { keepTC = false }()
	runRefCase(t, ref, refCase{"turns", [2]EngineSpec{fake("stones", "turns"), fake("stones", "turns")}, tc, want, Normal, why}, nil)
	// forced: a bot that keeps its own order gives up, one that reads the board plays on
	if err := ref.Configure(map[string]string{"forced": "true"}); err != nil {
		t.Fatal(err)
	}
	op := ref.RandomOpening(rand.New(rand.NewPCG(5, 6)), 2)
	if _, err := ref.ParseOpening(strings.Join(op, " ")); err != nil {
		t.Fatal(err)
	}
	runRefCase(t, ref, refCase{"turns after a forced opening", [2]EngineSpec{fake("stones", "good"), fake("stones", "turns")}, tc, 0, Crash, ""}, op)
	runRefCase(t, ref, refCase{"board readers after a forced opening", [2]EngineSpec{fake("stones", "good"), fake("stones", "good")}, tc, anyWinner, Normal, ""}, op)
}

func simulateStones() (int, string) {
	p := stones.NewGame()
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for {
		if over, w, why := p.Status(); over {
			return w, why
		}
		p.Make(p.GenMoves(buf[:0])[0])
	}
}

// The referee writes exactly what the contest engine wrote to White in the
// recorded game.
func TestStonesTranscript(t *testing.T) {
	b, err := os.ReadFile("testdata/stones-engine-session.txt")
	if err != nil {
		t.Fatal(err)
	}
	sec := strings.Split(string(b), "---- ")
	var white []string
	for _, s := range sec {
		if strings.HasPrefix(s, "WHITE STDIN ----") {
			for _, l := range strings.Split(s, "\n")[1:] {
				if l != "" {
					white = append(white, l)
				}
			}
		}
	}
	r := &StonesRef{}
	pos := stones.NewGame()
	want := []string{`{"Color":"1"}`}
	for _, l := range white[1:] {
		var msg struct {
			Player *json.RawMessage
			Move   *stones.WireMove
		}
		json.Unmarshal([]byte(l), &msg)
		if msg.Player == nil {
			continue
		}
		m, err := msg.Move.ToMove()
		if err != nil {
			t.Fatal(err)
		}
		if pos.SideToMove() == stones.White {
			want = append(want, r.request(pos))
		}
		side := pos.SideToMove()
		if _, reason, d := stonesAnswer(pos, string(stones.AppendResponse(nil, m))); reason != Normal {
			t.Fatalf("recorded action rejected: %s", d)
		}
		pos.Make(m)
		w := -1
		if l := pos.Loser(); l >= 0 {
			w = l ^ 1
		}
		want = append(want, r.processed(side, m, w))
	}
	if len(want) != len(white) {
		t.Fatalf("%d lines, transcript has %d", len(want), len(white))
	}
	for i := range want {
		if want[i] != white[i] {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, want[i], white[i])
		}
	}
	// The answers in the transcript (numbers from white, strings from black) are accepted.
	for _, a := range []string{`{"Type":0,"From":null,"To":null}`, `{"Type":"0"}`} {
		p := stones.NewGame()
		p.Make(p.GenMoves(make([]engine.Move, 0, engine.MaxMoves))[0])
		p.Make(p.GenMoves(make([]engine.Move, 0, engine.MaxMoves))[0])
		if _, reason, d := stonesAnswer(p, a); reason != Normal {
			t.Errorf("%s rejected: %s", a, d)
		}
	}
}

func FuzzStonesAnswer(f *testing.F) {
	for _, s := range []string{`{"Type":0,"From":null,"To":null}`, `{"Type":"0"}`, `{"Type":1,"From":{"X":1,"Y":5},"To":{"X":0,"Y":4}}`,
		`{"Type":"1","From":{"X":"1","Y":"5"},"To":{"X":0,"Y":4}}`, `{`, `[]`, `{"Type":7}`, `null`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := stones.NewGame()
		m, reason, _ := stonesAnswer(p, s)
		if reason == Normal && !p.IsLegal(m) {
			t.Fatalf("%q accepted as illegal %v", s, m)
		}
	})
}
