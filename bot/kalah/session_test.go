package kalah

import (
	"bufio"
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	kbook "github.com/pentad-ai/pentad/book/kalah"
	"github.com/pentad-ai/pentad/game/kalah"
)

// replay feeds the engine's messages of a recorded session to the agent and
// checks that it answers exactly when it is its turn, with a legal move.
func replay(t *testing.T, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	a := NewAgent(AgentConfig{Depth: 4, Threads: 1, HashMiB: 4}, &out)
	answers := 0
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "<- ") {
			continue
		}
		msg := strings.TrimPrefix(line, "<- ")
		out.Reset()
		done, err := a.Handle(msg)
		if err != nil {
			t.Fatal(err)
		}
		ours := out.String()
		yourTurn := strings.HasSuffix(msg, ";YOU") || msg == "START;South"
		if !yourTurn {
			if ours != "" {
				t.Fatalf("answered %q to %q", ours, msg)
			}
			continue
		}
		if strings.Count(ours, "\n") != 1 {
			t.Fatalf("want one line after %q, got %q", msg, ours)
		}
		answers++
		ans := strings.TrimSuffix(ours, "\n")
		if ans == "SWAP" {
			if a.moves != 2 {
				t.Fatalf("swap at move %d", a.moves)
			}
			continue
		}
		m, err := kalah.ParseMove(strings.TrimPrefix(ans, "MOVE;"), 7)
		if err != nil || !strings.HasPrefix(ans, "MOVE;") {
			t.Fatalf("bad answer %q", ans)
		}
		if !a.pos.Legal(m) {
			t.Fatalf("illegal answer %q in %s", ans, a.pos.State())
		}
		if done {
			t.Fatal("done before END")
		}
	}
	if answers < 20 {
		t.Fatalf("only %d answers", answers)
	}
}

func TestReplayNorthSwaps(t *testing.T) {
	replay(t, "testdata/kalah-north-swaps.log")
}

func TestReplaySouthSwapped(t *testing.T) {
	replay(t, "testdata/kalah-south-swapped.log")
}

// Two agents play a whole game through the protocol, with a small referee.
func TestSelfPlayThroughProtocol(t *testing.T) {
	selfPlay(t, AgentConfig{Depth: 5, HashMiB: 4}, AgentConfig{Depth: 3, HashMiB: 4})
}

// With a seed the first moves vary from seed to seed, and a seed replays.
func TestSeedVariesOpenings(t *testing.T) {
	game := func(seed uint64) string {
		return strings.Join(selfPlay(t, AgentConfig{Depth: 4, HashMiB: 4, Seed: seed},
			AgentConfig{Depth: 4, HashMiB: 4, Seed: seed + 100}), " ")
	}
	if a, b := game(1), game(1); a != b {
		t.Fatalf("same seed, different games:\n%s\n%s", a, b)
	}
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 6; seed++ {
		seen[game(seed)] = true
	}
	if len(seen) < 3 {
		t.Fatalf("6 seeds gave only %d different games", len(seen))
	}
	if a, b := strings.Join(selfPlay(t, AgentConfig{Depth: 4, HashMiB: 4}, AgentConfig{Depth: 4, HashMiB: 4}), " "),
		strings.Join(selfPlay(t, AgentConfig{Depth: 4, HashMiB: 4}, AgentConfig{Depth: 4, HashMiB: 4}), " "); a != b {
		t.Fatal("unseeded games differ")
	}
}

// A seed never varies the pie rule's moves: South's first move and
// North's answer (swap or not) are the unseeded agent's; later moves vary.
func TestSeedKeepsThePieMoves(t *testing.T) {
	cfg := func(seed uint64) AgentConfig { return AgentConfig{Depth: 6, HashMiB: 4, Seed: seed} }
	base := selfPlay(t, cfg(0), cfg(0))
	later := map[string]bool{}
	for seed := uint64(1); seed <= 8; seed++ {
		g := selfPlay(t, cfg(seed), cfg(seed+100))
		if g[0] != base[0] || g[1] != base[1] {
			t.Fatalf("seed %d: the game opened %v, unseeded %v", seed, g[:2], base[:2])
		}
		later[strings.Join(g[2:6], " ")] = true
	}
	if len(later) < 2 {
		t.Fatalf("8 seeds gave the same moves 3 to 6: %v", later)
	}
}

// selfPlay plays one game between agents configured by cs (South) and cn
// through the protocol and returns the moves as sent.
func selfPlay(t *testing.T, cs, cn AgentConfig) []string {
	t.Helper()
	var outS, outN bytes.Buffer
	ag := [2]*Agent{NewAgent(cs, &outS), NewAgent(cn, &outN)}
	var record []string
	outs := [2]*bytes.Buffer{&outS, &outN}
	ref := kalah.New(kalah.Tournament)
	player := [2]int{kalah.South, kalah.North} // player i plays board side player[i]
	send := func(i int, msg string) {
		if _, err := ag[i].Handle(msg); err != nil {
			t.Fatal(err)
		}
	}
	send(0, "START;South")
	send(1, "START;North")
	for ply := 0; ply < 400 && !ref.Over(); ply++ {
		side := ref.ToMove()
		i := 0
		if player[1] == side {
			i = 1
		}
		sc := bufio.NewScanner(outs[i])
		if !sc.Scan() {
			t.Fatalf("ply %d: player %d silent", ply, i)
		}
		ans := sc.Text()
		outs[i].Reset()
		record = append(record, ans)
		var mv string
		if ans == "SWAP" {
			if err := ref.Play(kalah.Swap); err != nil {
				t.Fatal(err)
			}
			player[0], player[1] = player[1], player[0]
			// the original starter (now North) moves next
			send(1-i, "CHANGE;SWAP;"+ref.State()+";YOU")
			continue
		}
		mv = strings.TrimPrefix(ans, "MOVE;")
		m, err := kalah.ParseMove(mv, 7)
		if err != nil {
			t.Fatalf("bad answer %q", ans)
		}
		if err := ref.Play(m); err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
		for j := 0; j < 2; j++ {
			turn := "OPP"
			if ref.Over() {
				turn = "END"
			} else if ref.ToMove() == player[j] {
				turn = "YOU"
			}
			send(j, "CHANGE;"+mv+";"+ref.State()+";"+turn)
		}
	}
	if !ref.Over() {
		t.Fatal("game did not end")
	}
	for j := 0; j < 2; j++ {
		if done, _ := ag[j].Handle("END"); !done {
			t.Fatal("END not honoured")
		}
	}
	return record
}

func TestMalformedInput(t *testing.T) {
	var out bytes.Buffer
	a := NewAgent(AgentConfig{Depth: 3, HashMiB: 4}, &out)
	for _, l := range []string{"", "START", "START;East", "CHANGE;1", "CHANGE;9;1,2;YOU",
		"CHANGE;x;8,7,7,7,7,7,7,0,7,0,8,8,8,8,8,1;YOU", "CHANGE;1;8,7,7,7,7,7,7,0,7,0,8,8,8,8,8,1;MAYBE",
		"CHANGE;1;8,7,7,7,7,7,7,0,7,0,8,8,8,8,8,9;YOU", "garbage;;;", "MOVE;1"} {
		if done, err := a.Handle(l); done || err != nil {
			t.Fatalf("%q: done=%v err=%v", l, done, err)
		}
	}
	if out.Len() != 0 {
		t.Fatalf("answered malformed input: %q", out.String())
	}
	// a good message still works afterwards
	a.Handle("START;North")
	a.Handle("CHANGE;2;8,7,7,7,7,7,7,0,7,0,8,8,8,8,8,1;YOU")
	if l := out.String(); !strings.HasPrefix(l, "MOVE;") && l != "SWAP\n" {
		t.Fatalf("no answer after recovering: %q", l)
	}
}

// End of input without END ends the session cleanly.
func TestRunEOF(t *testing.T) {
	var out bytes.Buffer
	a := NewAgent(AgentConfig{Depth: 2, HashMiB: 4}, &out)
	if err := a.Run(strings.NewReader("START;South\n")); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "MOVE;") {
		t.Fatalf("no first move: %q", out.String())
	}
}

func FuzzAgentHandle(f *testing.F) {
	for _, s := range []string{"START;South", "START;North", "CHANGE;2;8,7,7,7,7,7,7,0,7,0,8,8,8,8,8,1;YOU",
		"CHANGE;SWAP;8,7,7,7,7,7,7,0,7,0,8,8,8,8,8,1;YOU", "END", "CHANGE;1;0,0,0,0,0,0,0,49,0,0,0,0,0,0,0,49;END"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var out bytes.Buffer
		a := NewAgent(AgentConfig{Depth: 1, HashMiB: 1}, &out)
		a.Handle("START;North")
		for _, l := range strings.Split(s, "\n") {
			a.Handle(l)
		}
		for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			if l != "" && l != "SWAP" && !strings.HasPrefix(l, "MOVE;") {
				t.Fatalf("bad output line %q", l)
			}
		}
	})
}

// A database handed over from another goroutine in the middle of a game is
// used from the next move on (run with -race).
func TestSetDBWhilePlaying(t *testing.T) {
	small, err := kbook.Build(7, 4, false)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	a := NewAgent(AgentConfig{Depth: 4, HashMiB: 4, DB: small}, &out)
	done := make(chan *kbook.DB)
	go func() {
		db, _ := kbook.BuildThreads(7, 6, false, 1)
		a.SetDB(db)
		done <- db
	}()
	a.Handle("START;North")
	big := <-done
	ref := kalah.New(kalah.Tournament)
	ref.Play(3)
	a.Handle("CHANGE;3;" + ref.State() + ";YOU")
	if a.pos.db != big {
		t.Fatal("the new database is not in use")
	}
	if ans := out.String(); !strings.HasPrefix(ans, "MOVE;") && ans != "SWAP\n" {
		t.Fatalf("answer %q", ans)
	}
}

// A whole game under the clock: the timer that ends a resolved search and the
// info callback run beside the search (run with -race).
func TestSelfPlayTimed(t *testing.T) {
	cfg := AgentConfig{MoveTime: 5 * time.Millisecond, Threads: 2, HashMiB: 4}
	if moves := selfPlay(t, cfg, cfg); len(moves) < 10 {
		t.Fatalf("only %d moves", len(moves))
	}
}
