package kalah

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"
	"testing"

	evalk "github.com/pentad-ai/pentad/eval/kalah"
	"github.com/pentad-ai/pentad/game/kalah"
)

func selfPlayLines(t *testing.T, cfg SelfPlayConfig) []string {
	t.Helper()
	var out bytes.Buffer
	if err := SelfPlay(&out, cfg); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	sort.Strings(lines)
	return lines
}

func TestSelfPlay(t *testing.T) {
	cfg := SelfPlayConfig{Games: 4, Depth: 3, Random: 3, Seed: 5, Workers: 2}
	lines := selfPlayLines(t, cfg)
	if len(lines) != 4 {
		t.Fatalf("%d games", len(lines))
	}
	// The games are reproducible whatever the order they finish in.
	if again := selfPlayLines(t, cfg); strings.Join(again, "\n") != strings.Join(lines, "\n") {
		t.Fatal("the same seed played other games")
	}
	for _, l := range lines {
		var g selfRecord
		if err := json.Unmarshal([]byte(l), &g); err != nil {
			t.Fatal(err)
		}
		// replay: legal moves, the sides as the arena names them (colour
		// 0 started as South), and the result of the final position
		p := kalah.New(kalah.Tournament)
		for _, m := range g.Moves {
			side := p.ToMove()
			if p.Swapped() {
				side ^= 1
			}
			mv, err := kalah.ParseMove(m.Move, 7)
			if err != nil || m.Side != side || p.Play(mv) != nil {
				t.Fatalf("move %+v (side %d): %v", m, side, err)
			}
		}
		if !p.Over() {
			t.Fatal("unfinished game")
		}
		want := "1/2-1/2"
		if w := p.Winner(); w >= 0 {
			want = map[bool]string{true: "1-0", false: "0-1"}[(w == kalah.South) != p.Swapped()]
		}
		if g.Result != want {
			t.Fatalf("result %s, replay says %s", g.Result, want)
		}
	}
	ss, err := evalk.ReadSamples(strings.NewReader(strings.Join(lines, "\n")), 0)
	if err != nil || len(ss) == 0 {
		t.Fatalf("%d samples, %v", len(ss), err)
	}
}

// With Other, games come in pairs on one random opening with the players'
// colours swapped, named as the arena names them.
func TestSelfPlayMatch(t *testing.T) {
	other := evalk.Weights{Store: 16, Seeds: 4}
	lines := selfPlayLines(t, SelfPlayConfig{Games: 4, Depth: 2, Random: 3, Seed: 9, Workers: 2, Other: &other})
	byPair := map[int][]selfRecord{}
	for _, l := range lines {
		var g selfRecord
		if err := json.Unmarshal([]byte(l), &g); err != nil {
			t.Fatal(err)
		}
		if g.Pairing != [2]string{"A", "B"} || (g.Winner != "" && g.Winner != g.Players[map[string]int{"1-0": 0, "0-1": 1}[g.Result]]) {
			t.Fatalf("record %+v", g)
		}
		byPair[g.Pair] = append(byPair[g.Pair], g)
	}
	if len(byPair) != 2 {
		t.Fatalf("pairs %v", byPair)
	}
	for _, gs := range byPair {
		if len(gs) != 2 || gs[0].Players[0] == gs[1].Players[0] || gs[0].Index == gs[1].Index {
			t.Fatalf("pair %+v", gs)
		}
		for k := 0; k < 3; k++ {
			if gs[0].Moves[k].Move != gs[1].Moves[k].Move {
				t.Fatalf("openings differ: %v %v", gs[0].Moves[:3], gs[1].Moves[:3])
			}
		}
	}
}
