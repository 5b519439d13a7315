package arena

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// stubRef plays no processes: the engine named in winners wins, pairs
// whose number is 2 mod 3 are drawn.
type stubRef struct {
	mu     sync.Mutex
	played int
	strong string
}

func (r *stubRef) Name() string                                 { return "stub" }
func (r *stubRef) Configure(map[string]string) error            { return nil }
func (r *stubRef) ParseOpening(l string) ([]string, error)      { return strings.Fields(l), nil }
func (r *stubRef) RandomOpening(rng *rand.Rand, n int) []string { return []string{"x"} }
func (r *stubRef) Play(ctx context.Context, s *Setup, _ *Pool) Record {
	r.mu.Lock()
	g := r.played
	r.played++
	r.mu.Unlock()
	if (g/2)%3 == 2 {
		return Record{Result: Result{Winner: -1, Reason: Normal}}
	}
	for c := 0; c < 2; c++ {
		if s.Engines[c].Name == r.strong {
			return Record{Result: Result{Winner: c, Reason: Normal}}
		}
	}
	return Record{Result: Result{Winner: 0, Reason: Normal}}
}

// Pairs 2-0, 2-0, 1-1, ... for A: by hand the LLR of SPRT(0,10,.05,.05)
// first reaches 2.944 after 34 pairs (11 drawn, 23 won): n=34,
// mean=.838235, var=.054715, LLR=2.9596. The match stops after 68 games.
func TestSPRTStopsMatch(t *testing.T) {
	sp := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	dir := t.TempDir()
	m := &Match{Ref: &stubRef{strong: "A"}, Engines: []EngineSpec{{Name: "A"}, {Name: "B"}}, Games: 1000,
		Concurrency: 1, Repeat: true, SPRT: &sp, OutDir: dir}
	sum, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	sc := *sum.Pairings[[2]string{"A", "B"}]
	if sum.Verdict != "H1" || sc.Games() != 68 || sc.Penta != [5]int{0, 0, 11, 0, 23} {
		t.Fatalf("verdict %q after %d games %v", sum.Verdict, sc.Games(), sc.Penta)
	}
	near(t, "llr", sp.LLR(sc), 2.959612, 1e-5)
	// merge of the run gives the same table and verdict
	games, msp, err := ReadRecords([]string{dir})
	if err != nil || msp == nil {
		t.Fatal(err, msp)
	}
	mg := Merge(games, msp)
	if mg.Verdict != "H1" || *mg.Pairings[[2]string{"A", "B"}] != sc {
		t.Fatalf("merge: %q %+v", mg.Verdict, mg.Pairings)
	}
	var b strings.Builder
	mg.Print(&b)
	for _, want := range []string{"Ptnml(0-2): [0 0 11 0 23]", "H1 accepted", "LLR: 2.96 (-2.94, 2.94)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
}

func TestRoundRobinAndGauntlet(t *testing.T) {
	for _, mode := range []string{ModeRoundRobin, ModeGauntlet} {
		m := &Match{Ref: &stubRef{strong: "B"}, Engines: []EngineSpec{{Name: "A"}, {Name: "B"}, {Name: "C"}},
			Mode: mode, Games: 6, Concurrency: 3, Repeat: true}
		sum, err := m.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int{ModeRoundRobin: 3, ModeGauntlet: 2}[mode]
		if len(sum.Order) != want || sum.Games != 6*want {
			t.Errorf("%s: %d pairings, %d games", mode, len(sum.Order), sum.Games)
		}
		var b strings.Builder
		sum.Print(&b)
		if !strings.Contains(b.String(), "Rank") {
			t.Errorf("%s: no table:\n%s", mode, b.String())
		}
		t.Logf("%s:\n%s", mode, b.String())
	}
}

// Cancelling a match (Ctrl-C in cmd/arena) ends it promptly with every
// engine process killed.
func TestCancelKillsEngines(t *testing.T) {
	ref, _ := NewReferee("gomoku")
	gc := filepath.Join(t.TempDir(), "grandchild")
	t.Setenv("ARENA_GRANDCHILD", gc)
	m := &Match{Ref: ref, Engines: []EngineSpec{named("a", fake("gomoku", "hang", "1")), named("b", fake("gomoku", "hang", "1"))},
		EngineTC: []TimeControl{{Move: time.Hour}, {Move: time.Hour}}, Games: 4, Concurrency: 2, Repeat: true, RandomPlies: 2}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	t0 := time.Now()
	sum, err := m.Run(ctx)
	if err == nil {
		t.Fatal("no error from a cancelled match")
	}
	if d := time.Since(t0); d > 5*time.Second {
		t.Errorf("took %v to stop", d)
	}
	if sum.Games != 0 {
		t.Errorf("aborted games counted: %d", sum.Games)
	}
	if n := Running(); n != 0 {
		t.Errorf("%d engines still running", n)
	}
	checkGrandchild(t, gc)
}

func TestMissingEngine(t *testing.T) {
	ref, _ := NewReferee("gomoku")
	m := &Match{Ref: ref, Engines: []EngineSpec{{Name: "a", Cmd: []string{"/no/such/engine"}}, named("b", fake("gomoku", "good"))}, Games: 2}
	if _, err := m.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "engine a") {
		t.Fatalf("err %v", err)
	}
}

func TestParseArgs(t *testing.T) {
	o, err := ParseArgs([]string{"-game", "gomoku", "-engine", "name=A", `cmd=./pbrain "x y"`, "tc=10/1", "opt=foo=1",
		"-engine", "cmd=/bin/b", "-games", "10", "-tc", "120/5", "-concurrency", "2", "-sprt", "0,5,0.05,0.05",
		"-opt", "rule=renju", "-repeat=false", "-out", "d"})
	if err != nil {
		t.Fatal(err)
	}
	if o.Engines[0].Name != "A" || strings.Join(o.Engines[0].Cmd, "|") != "./pbrain|x y" || o.Engines[1].Name != "b" ||
		o.EngineTC[0] != "10/1" || o.Engines[0].Options[0] != "foo=1" || o.Games != 10 || o.Repeat || o.GameOpts["rule"] != "renju" {
		t.Fatalf("%+v", o)
	}
	m, err := o.Build()
	if err != nil {
		t.Fatal(err)
	}
	if m.EngineTC[0].Move != time.Second || m.EngineTC[1].Game != 120*time.Second || m.SPRT.Elo1 != 5 {
		t.Fatalf("%+v", m)
	}
	for _, bad := range [][]string{
		{"-game", "gomoku", "-engine", "cmd=a"},
		{"-game", "nope", "-engine", "cmd=a", "-engine", "cmd=b"},
		{"-engine", "cmd=a", "-engine", "cmd=b"},
		{"-game", "kalah", "-engine", "cmd=a", "-engine", "cmd=b", "-engine", "cmd=c"},
		{"-game", "kalah", "-engine", "nocmd=a"},
	} {
		o, err := ParseArgs(bad)
		if err == nil {
			_, err = o.Build()
		}
		if err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
	o, err = ParseArgs([]string{"-game", "kalah", "-holes", "6", "-seeds", "4", "-engine", "cmd=a", "-engine", "cmd=b"})
	if err != nil {
		t.Fatal(err)
	}
	m, err = o.Build()
	if err != nil || m.Ref.(*KalahRef).Rules.Holes != 6 || m.Ref.(*KalahRef).Rules.Seeds != 4 {
		t.Fatalf("kalah options: %v", err)
	}
	o, _ = ParseArgs([]string{"-game", "stones", "-numeric", "-engine", "cmd=a", "-engine", "cmd=b"})
	if m, err = o.Build(); err != nil || !m.Ref.(*StonesRef).Numeric {
		t.Fatalf("stones -numeric: %v", err)
	}
	// openings file for gomoku in the c-gomoku-cli format
	f := filepath.Join(t.TempDir(), "op.txt")
	os.WriteFile(f, []byte("h8i9\n# comment\n\nh8h9h10\n"), 0o644)
	o, _ = ParseArgs([]string{"-game", "gomoku", "-engine", "cmd=a", "-engine", "cmd=b", "-openings", f})
	m, err = o.Build()
	if err != nil || len(m.Openings) != 2 || strings.Join(m.Openings[1], " ") != "7,7 7,8 7,9" {
		t.Fatalf("%v %v", err, m.Openings)
	}
}

// TestOpeningsOrder: -start rotates the file's openings, -order random
// shuffles them by -seed alone (every line once), and both refuse bad values
// and a match without -openings.
func TestOpeningsOrder(t *testing.T) {
	f := filepath.Join(t.TempDir(), "op.txt")
	var lines []string
	for i := 1; i <= 12; i++ {
		lines = append(lines, fmt.Sprintf("h8i%d", i))
	}
	os.WriteFile(f, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	build := func(extra ...string) ([]string, error) {
		args := append([]string{"-game", "gomoku", "-engine", "cmd=a", "-engine", "cmd=b", "-openings", f}, extra...)
		o, err := ParseArgs(args)
		if err != nil {
			return nil, err
		}
		m, err := o.Build()
		if err != nil {
			return nil, err
		}
		var got []string
		for _, op := range m.Openings {
			got = append(got, op[1]) // the white stone: 8,y for i(y+1)
		}
		return got, nil
	}
	seq, err := build()
	if err != nil || seq[0] != "8,0" || seq[11] != "8,11" {
		t.Fatalf("sequential: %v %v", seq, err)
	}
	if got, err := build("-start", "11"); err != nil || strings.Join(got[:3], " ") != "8,10 8,11 8,0" {
		t.Fatalf("-start 11: %v %v", got, err)
	}
	r1, err1 := build("-order", "random", "-seed", "5")
	r2, err2 := build("-order", "random", "-seed", "5")
	r3, _ := build("-order", "random", "-seed", "6")
	if err1 != nil || err2 != nil || !slices.Equal(r1, r2) || slices.Equal(r1, seq) || slices.Equal(r1, r3) {
		t.Fatalf("random: %v %v %v (%v %v)", r1, r2, r3, err1, err2)
	}
	if !slices.Equal(slices.Sorted(slices.Values(r1)), slices.Sorted(slices.Values(seq))) {
		t.Fatalf("random is not a permutation: %v", r1)
	}
	if got, _ := build("-order", "random", "-seed", "5", "-start", "2"); !slices.Equal(got, append(r1[1:], r1[0])) {
		t.Fatalf("random with -start 2: %v, shuffle %v", got, r1)
	}
	for _, bad := range [][]string{{"-order", "shuffle"}, {"-start", "0"}, {"-start", "x"}} {
		if _, err := build(bad...); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
	if o, err := ParseArgs([]string{"-game", "gomoku", "-engine", "cmd=a", "-engine", "cmd=b", "-start", "3"}); err == nil {
		if _, err := o.Build(); err == nil {
			t.Error("-start without -openings accepted")
		}
	}
}

func TestSplitCommand(t *testing.T) {
	for in, want := range map[string]string{
		`a b  c`:         "a|b|c",
		`"x y" 'z w'`:    "x y|z w",
		`a\ b c`:         "a b|c",
		`./e -seed=1 ""`: "./e|-seed=1|",
	} {
		got, err := SplitCommand(in)
		if err != nil || strings.Join(got, "|") != want {
			t.Errorf("SplitCommand(%q) = %q, %v", in, got, err)
		}
	}
	for _, bad := range []string{``, `"abc`, `a\`} {
		if _, err := SplitCommand(bad); err == nil {
			t.Errorf("SplitCommand(%q) accepted", bad)
		}
	}
}

func FuzzSplitCommand(f *testing.F) {
	for _, s := range []string{`a b`, `"x y" 'z'`, `a\ b`, `"`, ``} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args, err := SplitCommand(s)
		if err == nil && len(args) == 0 {
			t.Fatal("no error and no args")
		}
	})
}

func FuzzGomokuOpening(f *testing.F) {
	for _, s := range []string{"h8i9j7", "7,7 8,8", "a1", "z99", "h8h8", "", "a", "h8,", "p16a1"} {
		f.Add(s)
	}
	ref := &GomokuRef{Size: 15}
	f.Fuzz(func(t *testing.T, s string) {
		ms, err := ref.ParseOpening(s)
		if err != nil {
			return
		}
		p := ref.newPos()
		for _, m := range ms {
			mv, err := p.ParseMove(m)
			if err != nil || !p.IsLegal(mv) {
				t.Fatalf("%q gave illegal %v", s, ms)
			}
			p.Make(mv)
		}
	})
}

// The tolerance defaults to the real manager's: c-gomoku-cli's 1 s for
// gomoku, none for the other games; -tolerance overrides it.
func TestDefaultTolerance(t *testing.T) {
	for _, c := range []struct {
		args []string
		want time.Duration
	}{
		{[]string{"-game", "gomoku"}, time.Second},
		{[]string{"-game", "gomoku", "-tolerance", "0"}, 0},
		{[]string{"-game", "gomoku", "-tolerance", "250"}, 250 * time.Millisecond},
		{[]string{"-game", "morris"}, 0},
		{[]string{"-game", "stones"}, 0},
	} {
		o, err := ParseArgs(append(c.args, "-engine", "cmd=a", "-engine", "cmd=b"))
		if err != nil {
			t.Fatal(err)
		}
		m, err := o.Build()
		if err != nil {
			t.Fatal(err)
		}
		if m.Tolerance != c.want {
			t.Errorf("%v: tolerance %v, want %v", c.args, m.Tolerance, c.want)
		}
	}
}
