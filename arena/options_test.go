package arena

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

func TestConfigureOptions(t *testing.T) {
	for _, c := range []struct {
		game string
		opts map[string]string
		err  string // "" when accepted
	}{
		{"gomoku", map[string]string{"rule": "renju", "size": "20", "max_memory": "1000"}, ""},
		{"gomoku", map[string]string{"size": "4"}, "size=\"4\" (a whole number, 5..32)"},
		{"gomoku", map[string]string{"rule": "chess"}, "gomoku:"},
		{"gomoku", map[string]string{"colour": "red"}, `unknown option "colour" (have rule, size, max_memory)`},
		{"morris", map[string]string{"names": "yes"}, `names="yes" (true or false)`},
		{"morris", map[string]string{"maxplies": "-1"}, "a whole number from 0"},
		{"stones", map[string]string{"numeric": "1"}, ""},
		{"kalah", map[string]string{"holes": "6", "seeds": "4"}, ""},
		{"kalah", map[string]string{"holes": "x"}, `kalah: holes="x"`},
		{"quoridor", map[string]string{"size": "8"}, "size=\"8\" (odd, 3..25)"},
		{"quoridor", map[string]string{"size": "5", "walls": "-1", "vsz": "950"}, ""},
	} {
		ref, err := NewReferee(c.game)
		if err != nil {
			t.Fatal(err)
		}
		err = ref.Configure(c.opts)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s %v: %v", c.game, c.opts, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s %v: error %v, want %q", c.game, c.opts, err, c.err)
		}
	}
}

// A referee's options in effect, as recorded in games.jsonl, configure a
// fresh referee to the same options (so that a record can be replayed).
func TestGameOptionsRoundTrip(t *testing.T) {
	for _, c := range []struct {
		game string
		opts map[string]string
	}{
		{"gomoku", map[string]string{"rule": "renju", "size": "20"}},
		{"kalah", map[string]string{"holes": "6", "seeds": "4"}},
		{"quoridor", map[string]string{"size": "5"}},
		{"morris", map[string]string{"maxplies": "200"}},
		{"stones", map[string]string{"forced": "true"}},
	} {
		ref, _ := NewReferee(c.game)
		if err := ref.Configure(c.opts); err != nil {
			t.Fatal(err)
		}
		got := ref.(Optioner).GameOptions()
		for k, v := range c.opts {
			if got[k] != v {
				t.Errorf("%s: %s=%q, want %q", c.game, k, got[k], v)
			}
		}
		fresh, _ := NewReferee(c.game)
		if err := fresh.Configure(got); err != nil {
			t.Fatalf("%s: %v", c.game, err)
		}
		if again := fresh.(Optioner).GameOptions(); fmt.Sprint(again) != fmt.Sprint(got) {
			t.Errorf("%s: %v after configuring with %v", c.game, again, got)
		}
	}
}

type optStubRef struct{ stubRef }

func (r *optStubRef) GameOptions() map[string]string { return map[string]string{"size": "7"} }

// A run writes each game's options into games.jsonl.
func TestRecordsKeepOptions(t *testing.T) {
	dir := t.TempDir()
	m := &Match{Ref: &optStubRef{stubRef{strong: "A"}}, Engines: []EngineSpec{{Name: "A"}, {Name: "B"}}, Games: 2,
		Concurrency: 1, Repeat: true, OutDir: dir}
	if _, err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	games, _, err := ReadRecords([]string{dir})
	if err != nil || len(games) != 2 {
		t.Fatal(len(games), err)
	}
	for _, g := range games {
		if g.Options["size"] != "7" {
			t.Errorf("game %d options %v", g.Index, g.Options)
		}
	}
}
