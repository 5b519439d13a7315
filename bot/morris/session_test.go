package morris

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	bookdb "github.com/pentad-ai/pentad/book/morris"
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/morris"
)

type pipeSession struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

func startSession(t *testing.T, cfg Config) *pipeSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ps := &pipeSession{t: t, in: inW, lines: make(chan string, 1000), done: make(chan error, 1)}
	go func() {
		err := Run(inR, outW, cfg)
		outW.Close()
		ps.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			ps.lines <- sc.Text()
		}
		close(ps.lines)
	}()
	return ps
}

func (ps *pipeSession) send(cmds ...string) {
	for _, c := range cmds {
		if _, err := io.WriteString(ps.in, c+"\n"); err != nil {
			ps.t.Fatalf("write %q: %v", c, err)
		}
	}
}

// next returns the next line (failing after a generous minute).
func (ps *pipeSession) next() string {
	ps.t.Helper()
	select {
	case l, ok := <-ps.lines:
		if !ok {
			ps.t.Fatal("output closed")
		}
		return l
	case <-time.After(time.Minute):
		ps.t.Fatal("no output")
	}
	return ""
}

// bestmove skips info lines and returns the move of the bestmove line.
func (ps *pipeSession) bestmove() string {
	ps.t.Helper()
	infos := 0
	for {
		l := ps.next()
		if strings.HasPrefix(l, "bestmove ") {
			if infos == 0 && l != "bestmove none" {
				ps.t.Errorf("bestmove without info line")
			}
			return strings.TrimPrefix(l, "bestmove ")
		}
		f := strings.Fields(l)
		if len(f) != 7 || f[0] != "info" || f[1] != "time" || f[3] != "eval" || f[5] != "nodes" {
			ps.t.Fatalf("unexpected line %q", l)
		}
		infos++
	}
}

func (ps *pipeSession) close() {
	ps.in.Close()
	if err := <-ps.done; err != nil {
		ps.t.Errorf("Run: %v", err)
	}
}

func TestSessionPlaysLegalGame(t *testing.T) {
	playLegalGame(t, Config{Depth: 3, Threads: 1, HashMiB: 1})
}

// Config.Options replaces the search options (all the forward pruning on
// here), with the session's threads; the games stay legal.
func TestSessionOptions(t *testing.T) {
	o := SearchOptions(1)
	o.Prune = engine.Pruning{Futility: 150, FutilityDepth: 4, Razor: 100, MoveCount: true}
	o.IIR = 3
	s := NewSession(io.Discard, Config{Depth: 3, Threads: 2, HashMiB: 1, Options: &o})
	want := o
	want.Threads = 2
	if s.eng.Options != want {
		t.Errorf("search options %+v, want %+v", s.eng.Options, want)
	}
	playLegalGame(t, Config{Depth: 5, Threads: 1, HashMiB: 1, Options: &o})
}

func playLegalGame(t *testing.T, cfg Config) {
	t.Helper()
	ps := startSession(t, cfg)
	if l := ps.next(); l != "ready" {
		t.Fatalf("first line %q", l)
	}
	ps.send("init")
	ref := morris.NewPosition()
	for i := 0; i < 400; i++ {
		if over, _, _ := ref.Status(); over {
			break
		}
		ps.send("  go  ")
		mv := ps.bestmove()
		m, err := ref.ParseMove(mv)
		if err != nil {
			t.Fatalf("ply %d: engine played %q in %s: %v", i, mv, ref, err)
		}
		ref.Make(m)
	}
	over, _, _ := ref.Status()
	if !over {
		t.Fatalf("game not over after 400 plies: %s", ref)
	}
	ps.send("go")
	if mv := ps.bestmove(); mv != "none" {
		t.Errorf("after the game: bestmove %s", mv)
	}
	ps.send("move P0") // ignored: game over
	ps.send("quit")
	ps.close()
}

func TestSessionNoplayAndMoves(t *testing.T) {
	ps := startSession(t, Config{Depth: 2, Threads: 1, HashMiB: 1, Names: true})
	ps.next()
	ps.send("init", "newgame w:0,4,13,22;b:2,10,20,16;w;40;0")
	ps.send("go noplay")
	a := ps.bestmove()
	ps.send("go noplay")
	b := ps.bestmove()
	p := mustPos(t, "w:0,4,13,22;b:2,10,20,16;w;40;0")
	for _, mv := range []string{a, b} {
		if _, err := p.ParseMove(mv); err != nil || strings.ContainsAny(mv[1:2], "0123456789") {
			t.Errorf("noplay move %q (names expected): %v", mv, err)
		}
	}
	// garbage and illegal input change nothing
	ps.send("", "   ", "hello world", "move", "move X9", "move M0-3", "newgame w:0;b:0;w;0;0", "go foo bar")
	mv := ps.bestmove()
	if _, err := p.ParseMove(mv); err != nil {
		t.Errorf("after garbage: %q not legal for white in the set position: %v", mv, err)
	}
	// the move was played: black is to move now
	p.Make(must(p.ParseMove(mv)))
	ps.send("go")
	mv = ps.bestmove()
	if _, err := p.ParseMove(mv); err != nil {
		t.Errorf("black reply %q: %v", mv, err)
	}
	// a square-name position, and a move given in names
	ps.send("newgame  w:a7,d7;b:;b;3;0 extra", "move Pg7", "go")
	q := mustPos(t, "w:0,1;b:2;w;4;0")
	if mv := ps.bestmove(); mv != "Pd6" && func() bool { _, err := q.ParseMove(mv); return err != nil }() {
		t.Errorf("move %q after names position", mv)
	}
	ps.send("quit")
	ps.close()
}

func mustPos(t testing.TB, s string) *morris.Position {
	t.Helper()
	p, err := morris.ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return p
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestSessionStopAndQuit(t *testing.T) {
	ps := startSession(t, Config{MoveTime: time.Hour, Threads: 2, HashMiB: 1})
	ps.next()
	ps.send("go", "stop")
	mv := ps.bestmove()
	if _, err := morris.NewPosition().ParseMove(mv); err != nil {
		t.Errorf("stopped at once: %q: %v", mv, err)
	}
	ps.send("stop", "stop") // nothing to stop: no output
	ps.send("go noplay")
	time.Sleep(50 * time.Millisecond)
	ps.send("stop")
	mv2 := ps.bestmove()
	p := morris.NewPosition()
	p.Make(must(p.ParseMove(mv)))
	if _, err := p.ParseMove(mv2); err != nil {
		t.Errorf("second move %q: %v", mv2, err)
	}
	ps.send("go", "quit")
	for range ps.lines { // a bestmove may or may not come; the session ends
	}
	if err := <-ps.done; err != nil {
		t.Error(err)
	}
}

// A stop that comes before the search goroutine has entered the engine
// still ends the search: with an hour to think, it would hang otherwise.
func TestStopBeforeSearch(t *testing.T) {
	s := NewSession(io.Discard, Config{MoveTime: time.Hour, Threads: 2, HashMiB: 1})
	var stop atomic.Bool
	stop.Store(true)
	sp := NewSearch(morris.NewPosition(), nil)
	sp.MarkRoot()
	if m := s.think(sp, &stop); !sp.IsLegal(m) {
		t.Errorf("stopped search returned %v, not a legal move", m)
	}
	// A Handle-level stop right after go: the same, through the session.
	var out bytes.Buffer
	s = NewSession(&out, Config{MoveTime: time.Hour, Threads: 2, HashMiB: 1})
	s.Handle("go")
	s.Handle("stop")
	if l := strings.Split(strings.TrimSpace(out.String()), "\n"); !strings.HasPrefix(l[len(l)-1], "bestmove P") {
		t.Errorf("after go, stop: %q", out.String())
	}
}

func TestSessionEndOfInput(t *testing.T) {
	var out bytes.Buffer
	err := Run(strings.NewReader("init\nnewgame\ngo\n"), &out, Config{Nodes: 2000, Threads: 1, HashMiB: 1})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if lines[0] != "ready" || !strings.HasPrefix(lines[len(lines)-1], "bestmove P") {
		t.Errorf("output %q", out.String())
	}
}

func FuzzSession(f *testing.F) {
	for _, s := range []string{
		"init\nnewgame\nmove P4\nmove P5\ngo noplay\n",
		"newgame w:0,2,4;b:1,3;b;4;0\ngo\n",
		"newgame w:a7,d7;b:g7;b;3;0\nmove Pd6\n",
		"newgame w:0,1,2;b:3,4;w;20;0\ngo\n",
		"move M0-1\nmove P4T15\nmove M1-4T9\nmove Pd6Tg4\nmove Ma7-d7\n",
		"newgame ;;;;\nnewgame w:;b:;w;9999;9999\ngo\n",
		"\x00\xff go\n stop \n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		in = strings.ReplaceAll(in, "quit", "")
		var out bytes.Buffer
		if err := Run(strings.NewReader(in), &out, Config{Nodes: 300, Threads: 1, HashMiB: 1}); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(&out)
		sc.Scan()
		if sc.Text() != "ready" {
			t.Fatalf("first line %q", sc.Text())
		}
		for sc.Scan() {
			l := sc.Text()
			if !strings.HasPrefix(l, "info time ") && !strings.HasPrefix(l, "bestmove ") {
				t.Fatalf("unexpected output %q", l)
			}
		}
	})
}

func TestSessionEndgameDatabase(t *testing.T) {
	db, err := bookdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	// The loader returns at once (the database is read above), well
	// within ReadyWait: it must be over before "ready".
	loaded := make(chan struct{})
	cfg := Config{MoveTime: time.Minute, Threads: 1, HashMiB: 1, LoadEndgame: func() Endgame {
		defer close(loaded)
		return db
	}}
	ps := startSession(t, cfg)
	if l := ps.next(); l != "ready" {
		t.Fatalf("first line %q", l)
	}
	select {
	case <-loaded:
	default:
		t.Fatal("ready before the database was loaded")
	}
	const start = "w:1,8,15;b:5,7,16;w;40;0" // white wins in 7 plies
	ps.send("newgame " + start)
	ref := mustPos(t, start)
	plies := 0
	for {
		ps.send("go")
		mv := ps.bestmove() // with a minute to think: answered from the database
		if mv == "none" {
			break
		}
		ref.Make(must(ref.ParseMove(mv)))
		plies++
	}
	if over, w, _ := ref.Status(); !over || w != morris.White || plies != 7 {
		t.Errorf("database game: over %v winner %d after %d plies", over, w, plies)
	}
	ps.send("quit")
	ps.close()
}

// The move time is used: 50 ms + t/16 kept back (at most 600 ms, at least
// half the time used), and new iterations start up to the hard limit.
func TestMoveLimits(t *testing.T) {
	for _, c := range []struct{ t, hard time.Duration }{
		{time.Second, 887500 * time.Microsecond},
		{100 * time.Millisecond, 50 * time.Millisecond},
		{30 * time.Second, 29400 * time.Millisecond},
	} {
		hard, soft := moveLimits(c.t)
		// no early stop on a stable best move before the hard limit
		if hard != c.hard || float64(soft)*engine.StableShare < float64(hard) || soft > 2*hard {
			t.Errorf("move time %v: hard %v soft %v, want hard %v and soft x %v at least hard", c.t, hard, soft, c.hard, engine.StableShare)
		}
	}
}
