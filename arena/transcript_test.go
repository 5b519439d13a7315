package arena

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func init() {
	// script FILE: replays one side of a recorded session. Lines "<- X"
	// must arrive exactly as recorded (else the fake exits 5, which the
	// referee reports as a crash with the mismatch); lines "-> X" are
	// printed. "quit" from the referee ends the script early.
	fakes["script"] = func(args []string) {
		b, err := os.ReadFile(args[0])
		if err != nil {
			panic(err)
		}
		in := lines()
		for n, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
			switch {
			case strings.HasPrefix(l, "<- "), l == "<-":
				want := strings.TrimPrefix(strings.TrimPrefix(l, "<-"), " ")
				if !in.Scan() {
					fmt.Fprintf(os.Stderr, "line %d: input ended, want %q\n", n+1, want)
					os.Exit(5)
				}
				got := in.Text()
				if got == "quit" && want != "quit" && os.Getenv("ARENA_SCRIPT_STRICT") == "" {
					say("=\n")
					return
				}
				if strings.TrimSpace(got) != strings.TrimSpace(want) {
					fmt.Fprintf(os.Stderr, "line %d: got %q, want %q\n", n+1, got, want)
					os.Exit(5)
				}
			case strings.HasPrefix(l, "-> "), l == "->":
				say(strings.TrimPrefix(strings.TrimPrefix(l, "->"), " "))
			}
		}
		for in.Scan() {
		}
	}
}

func script(name string) EngineSpec {
	p, _ := filepath.Abs(filepath.Join("testdata", name))
	return fake("script", p)
}

// The course referees' recorded sessions, replayed: the arena must send
// every line exactly as the real referee did.
func TestQuoridorTranscript(t *testing.T) {
	ref, _ := NewReferee("quoridor")
	t.Setenv("ARENA_SCRIPT_STRICT", "1") // every line, "winner" at the end included
	tc := TimeControl{Game: 180 * time.Second, Move: 30 * time.Second}
	rec := runRefCase(t, ref, refCase{"transcript", [2]EngineSpec{script("quoridor-black.log"), script("quoridor-white.log")}, tc, 0, Normal, "black reached"}, nil)
	if len(rec.Moves) < 50 || rec.Moves[2].Move != "D9 h" {
		t.Errorf("moves %v", rec.Moves[:3])
	}
}

func TestKalahTranscript(t *testing.T) {
	ref, _ := NewReferee("kalah")
	tc := TimeControl{Game: time.Hour}
	// South moved first, North swapped and won 69-29 from the South side.
	rec := runRefCase(t, ref, refCase{"transcript", [2]EngineSpec{script("kalah-south-swapped.log"), script("kalah-north-swaps.log")}, tc, 1, Normal, "South 69 North 29"}, nil)
	if rec.Moves[1].Move != "SWAP" || rec.Extra["swapped"] != "true" {
		t.Errorf("moves %v extra %v", rec.Moves[:2], rec.Extra)
	}
}

// c-gomoku-cli's recorded match (two brains, four games, two openings,
// processes reused with START for each game) replayed through Match: every
// line the arena sends must be the line the manager sent.
func TestGomokuTranscript(t *testing.T) {
	b, err := os.ReadFile("testdata/gomoku-c-gomoku-cli.log")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	scripts := map[string]*strings.Builder{"rapfi-internal": {}, "aiwine-wall": {}}
	for _, l := range strings.Split(string(b), "\n") {
		name, rest, ok := strings.Cut(l, " ")
		if sb := scripts[name]; ok && sb != nil && (strings.HasPrefix(rest, "<-") || strings.HasPrefix(rest, "->")) {
			sb.WriteString(rest + "\n")
		}
	}
	var specs []EngineSpec
	for _, n := range []string{"aiwine-wall", "rapfi-internal"} {
		p := filepath.Join(dir, n+".log")
		os.WriteFile(p, []byte(scripts[n].String()), 0o644)
		specs = append(specs, named(n, fake("script", p)))
	}
	t.Setenv("ARENA_SCRIPT_STRICT", "1")
	ref, _ := NewReferee("gomoku")
	var ops [][]string
	for _, o := range []string{"7,7 8,7 8,8", "7,7 8,8 6,8"} {
		op, err := ref.ParseOpening(o)
		if err != nil {
			t.Fatal(err)
		}
		ops = append(ops, op)
	}
	tc := TimeControl{Move: time.Second}
	m := &Match{Ref: ref, Engines: specs, EngineTC: []TimeControl{tc, tc}, Games: 4, Concurrency: 1,
		Openings: ops, Repeat: true}
	var recs []GameLine
	m.OnGame = func(g GameLine) { recs = append(recs, g) }
	sum, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range recs {
		t.Logf("%v %s %s %s (%d moves)", g.Players, g.Result, g.Reason, g.Detail, len(g.Moves))
		if g.Reason != Normal {
			t.Errorf("game %d/%d ended by %s: %s", g.Pair, g.Index, g.Reason, g.Detail)
		}
	}
	if sum.Games != 4 || Running() != 0 {
		t.Errorf("%d games, %d processes left", sum.Games, Running())
	}
}
