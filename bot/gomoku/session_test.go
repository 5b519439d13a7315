package gomoku

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	book "github.com/pentad-ai/pentad/book/gomoku"
	"github.com/pentad-ai/pentad/engine"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// brainConn runs a session on pipes and lets a test talk to it like a
// manager.
type brainConn struct {
	t    *testing.T
	in   *io.PipeWriter
	outR *bufio.Reader
	done chan error
	recv chan string
}

func startBrain(t *testing.T, opt Options) *brainConn {
	t.Helper()
	if opt.TTMiB == 0 {
		opt.TTMiB = 2
	}
	if opt.Threads == 0 {
		opt.Threads = 1
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &brainConn{t: t, in: inW, done: make(chan error, 1), recv: make(chan string, 1024)}
	go func() {
		err := Run(inR, outW, opt)
		outW.Close()
		c.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			c.recv <- sc.Text()
		}
		close(c.recv)
	}()
	return c
}

func (c *brainConn) send(lines ...string) {
	c.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(c.in, l+"\r\n"); err != nil {
			c.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// answer returns the next line that is not MESSAGE or DEBUG. The timeout
// only guards against a hung brain; it is not a timing assertion.
func (c *brainConn) answer() string {
	c.t.Helper()
	for {
		select {
		case l, ok := <-c.recv:
			if !ok {
				c.t.Fatal("brain closed its output")
			}
			if strings.HasPrefix(l, "MESSAGE") || strings.HasPrefix(l, "DEBUG") {
				continue
			}
			return l
		case <-time.After(60 * time.Second):
			c.t.Fatal("brain did not answer")
		}
	}
}

func (c *brainConn) expect(prefix string) string {
	c.t.Helper()
	l := c.answer()
	if !strings.HasPrefix(l, prefix) {
		c.t.Fatalf("answer %q, want prefix %q", l, prefix)
	}
	return l
}

func (c *brainConn) end() {
	c.t.Helper()
	c.send("END")
	select {
	case err := <-c.done:
		if err != nil {
			c.t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		c.t.Fatal("brain did not end")
	}
	for l := range c.recv {
		if !strings.HasPrefix(l, "MESSAGE") {
			c.t.Fatalf("output after END: %q", l)
		}
	}
}

// shadow tracks the board on the manager's side.
type shadow struct {
	w, h  int
	cells map[[2]int]int
}

func (s *shadow) checkMove(t *testing.T, l string) [2]int {
	t.Helper()
	x, y, err := game.ParseXY(l)
	if err != nil || x < 0 || y < 0 || x >= s.w || y >= s.h {
		t.Fatalf("bad move %q", l)
	}
	if s.cells[[2]int{x, y}] != 0 {
		t.Fatalf("move %q on a stone", l)
	}
	return [2]int{x, y}
}

// TestReplayCGomokuCli replays what c-gomoku-cli sent to each brain of the
// recorded match. Our move is checked for legality, then replaced by the
// recorded one with TAKEBACK and PLAY, so that the rest of the transcript
// stays valid.
func TestReplayCGomokuCli(t *testing.T) {
	// a copy of ../shared/reference/transcripts/gomoku-c-gomoku-cli.log
	data, err := os.ReadFile("testdata/gomoku-c-gomoku-cli.log")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r", ""), "\n")
	for _, brain := range []string{"rapfi-internal", "aiwine-wall"} {
		t.Run(brain, func(t *testing.T) {
			c := startBrain(t, Options{MaxDepth: 2, MessageInterval: -1})
			sh := &shadow{w: 15, h: 15, cells: map[[2]int]int{}}
			inBoard := false
			moves := 0
			for i, l := range lines {
				sendPrefix := brain + " <- "
				if !strings.HasPrefix(l, sendPrefix) {
					continue
				}
				cmd := strings.TrimPrefix(l, sendPrefix)
				// the recorded answer, if any
				recorded := ""
				for _, l2 := range lines[i+1:] {
					if strings.HasPrefix(l2, brain+" <- ") {
						break
					}
					if a, ok := strings.CutPrefix(l2, brain+" -> "); ok && !strings.HasPrefix(a, "MESSAGE") && !strings.HasPrefix(a, "ERROR") {
						recorded = a
					}
				}
				c.send(cmd)
				word, arg := splitCommand(cmd)
				switch {
				case inBoard && word != "DONE":
					x, y, _ := game.ParseXY(arg)
					parts := strings.Split(cmd, ",")
					if len(parts) == 3 {
						x, y, _ = game.ParseXY(parts[0] + "," + parts[1])
						sh.cells[[2]int{x, y}] = 1
					}
				case word == "ABOUT":
					c.expect(`name="pentad"`)
				case word == "START":
					c.expect("OK")
					sh.cells = map[[2]int]int{}
				case word == "BOARD":
					inBoard = true
				case word == "TURN" || word == "DONE":
					inBoard = false
					if word == "TURN" {
						x, y, err := game.ParseXY(arg)
						if err != nil {
							t.Fatal(err)
						}
						sh.cells[[2]int{x, y}] = 2
					}
					ours := c.answer()
					sh.checkMove(t, ours)
					moves++
					if recorded == "" {
						t.Fatalf("no recorded answer for %q at line %d", cmd, i+1)
					}
					c.send("TAKEBACK " + ours)
					c.expect("OK")
					c.send("PLAY " + recorded)
					if got := c.answer(); got != recorded {
						t.Fatalf("PLAY %s answered %q", recorded, got)
					}
					xy := sh.checkMove(t, recorded)
					sh.cells[xy] = 1
				case word == "END":
					select {
					case err := <-c.done:
						if err != nil {
							t.Fatal(err)
						}
					case <-time.After(60 * time.Second):
						t.Fatal("brain did not end")
					}
				}
			}
			if moves < 50 {
				t.Fatalf("only %d moves replayed", moves)
			}
		})
	}
}

// TestPiskvorkSession is a piskvork-style game: BEGIN, TURN, TAKEBACK,
// RESTART, errors that leave the state unchanged, and START reuse.
func TestPiskvorkSession(t *testing.T) {
	c := startBrain(t, Options{MaxDepth: 2})
	c.send("ABOUT")
	c.expect(`name="pentad", version=`)
	c.send("TURN 7,7")
	c.expect("ERROR")
	c.send("START 4")
	c.expect("ERROR")
	c.send("START 33")
	c.expect("ERROR")
	c.send("START 20")
	c.expect("OK")
	c.send("INFO timeout_match 300000", "INFO timeout_turn 2000", "INFO max_memory 83886080",
		"INFO game_type 1", "INFO rule 0", "INFO folder C:\\tmp", "INFO evaluate 3,4", "INFO unknown_key 5",
		"INFO time_left 300000")
	c.send("BEGIN")
	first := c.answer()
	if first != "10,10" {
		t.Fatalf("BEGIN answered %q, want the centre", first)
	}
	c.send("TURN 11,11")
	second := c.answer()
	sh := &shadow{w: 20, h: 20, cells: map[[2]int]int{{10, 10}: 1, {11, 11}: 2}}
	xy := sh.checkMove(t, second)
	sh.cells[xy] = 1
	// errors leave everything as it was
	c.send("TURN 10,10")
	c.expect("ERROR")
	c.send("TURN 20,3")
	c.expect("ERROR")
	c.send("TURN -1,3")
	c.expect("ERROR")
	c.send("TURN abc")
	c.expect("ERROR")
	c.send("TAKEBACK 11,11") // not the last move
	c.expect("ERROR")
	c.send("FOO bar")
	c.expect("UNKNOWN")
	// an unknown line is quoted short and printable, however long
	c.send("\x01\x7f" + strings.Repeat("Z", 5000))
	if l := c.expect("UNKNOWN"); len(l) > 80 || strings.ContainsAny(l, "\x01\x7f") {
		t.Fatalf("answer of %d bytes: %q", len(l), l)
	}
	// take back our move and the opponent's, then play on
	c.send("TAKEBACK " + second)
	c.expect("OK")
	c.send("TAKEBACK 11,11")
	c.expect("OK")
	c.send("TURN 9,9")
	third := c.answer()
	if third == "9,9" || third == "10,10" {
		t.Fatalf("answer %q on a stone", third)
	}
	c.send("RESTART")
	c.expect("OK")
	c.send("BEGIN")
	c.expect("10,10")
	c.send("BEGIN") // board not empty
	c.expect("ERROR")
	// START again without END: a new game on a new size
	c.send("RECTSTART 20,15")
	c.expect("OK")
	c.send("RECTSTART 40,15")
	c.expect("ERROR")
	c.send("START 15")
	c.expect("OK")
	c.send("BEGIN")
	c.expect("7,7")
	c.end()
}

func TestBoardCommand(t *testing.T) {
	c := startBrain(t, Options{MaxDepth: 2})
	c.send("START 15")
	c.expect("OK")
	// a four of ours to complete (fields in any order, field 3 neutral)
	c.send("BOARD", "7,7,1", "8,8,2", "7,8,1", "0,0,3", "9,9,2", "7,9,1", "10,10,2", "7,10,1", "1,1,2", "DONE")
	got := c.answer()
	if got != "7,11" && got != "7,6" {
		t.Fatalf("BOARD: %q, want the five", got)
	}
	// the opponent's four must be blocked
	c.send("BOARD", "8,8,2", "7,7,1", "9,9,2", "0,14,1", "10,10,2", "14,0,1", "11,11,2", "DONE")
	got = c.answer()
	if got != "12,12" {
		t.Fatalf("BOARD: %q, want the block 12,12", got)
	}
	// bad lines: ERROR, and the position is unchanged (still ours to move)
	c.send("BOARD", "7,7,1", "7,7,2", "DONE")
	c.expect("ERROR")
	c.send("BOARD", "7,7,4", "DONE")
	c.expect("ERROR")
	c.send("BOARD", "15,7,1", "DONE")
	c.expect("ERROR")
	c.send("BOARD", "x", "DONE")
	c.expect("ERROR")
	c.send("TAKEBACK 12,12")
	c.expect("OK")
	c.end()
}

func TestRenjuSessionAvoidsForbidden(t *testing.T) {
	c := startBrain(t, Options{MaxDepth: 2})
	c.send("START 15", "INFO rule 4")
	c.expect("OK")
	// black (us, equal counts) must not play the double three at 7,7
	c.send("BOARD", "5,7,1", "0,0,2", "6,7,1", "14,14,2", "7,5,1", "0,14,2", "7,6,1", "14,0,2", "DONE")
	got := c.answer()
	if got == "7,7" {
		t.Fatal("played a forbidden double three")
	}
	c.end()
}

func TestYXStopAndInputWhileThinking(t *testing.T) {
	c := startBrain(t, Options{Threads: 2})
	c.send("START 15", "INFO timeout_turn 600000", "INFO timeout_match 0", "INFO time_left 2147483647")
	c.expect("OK")
	c.send("BOARD", "7,7,2", "8,7,1", "8,8,2", "DONE")
	// commands sent while thinking wait; YXSTOP answers at once
	time.Sleep(50 * time.Millisecond)
	c.send("ABOUT", "TURN 1,1")
	c.send("YXSTOP")
	mv := c.answer()
	sh := &shadow{w: 15, h: 15, cells: map[[2]int]int{{7, 7}: 2, {8, 7}: 1, {8, 8}: 2}}
	sh.checkMove(t, mv)
	c.expect(`name="pentad"`)
	// the queued TURN is now a real move: stop that search too
	time.Sleep(20 * time.Millisecond)
	c.send("YXSTOP")
	mv2 := c.answer()
	if mv2 == "1,1" || mv2 == mv {
		t.Fatalf("second answer %q", mv2)
	}
	// END while thinking ends the session without a move. The position is
	// the opening again: after two idle opponent moves (1,1 and 2,2) the
	// brain may have a win it answers at once, before END arrives.
	c.send("BOARD", "7,7,2", "8,7,1", "8,8,2", "DONE")
	time.Sleep(20 * time.Millisecond)
	c.end()
}

func TestSwap2Board(t *testing.T) {
	c := startBrain(t, Options{MaxDepth: 2})
	c.send("START 15", "INFO rule 1")
	c.expect("OK")
	c.send("SWAP2BOARD", "DONE")
	l := c.answer()
	f := strings.Fields(l)
	if len(f) != 3 {
		t.Fatalf("swap2 opening %q", l)
	}
	sh := &shadow{w: 15, h: 15, cells: map[[2]int]int{}}
	for _, m := range f {
		sh.cells[sh.checkMove(t, m)] = 1
	}
	c.send("SWAP2BOARD", "7,7", "8,7", "9,9", "DONE")
	l = c.answer()
	if l != "SWAP" {
		// one white move, or a white and a black stone (option 3)
		ref := swap2Pos(t, game.Standard, [2]int{7, 7}, [2]int{8, 7}, [2]int{9, 9})
		playStones(t, ref, l, min(len(strings.Fields(l)), 2))
	}
	c.send("SWAP2BOARD", "7,7", "8,7", "9,9", "8,8", "8,6", "DONE")
	l = c.answer()
	if l != "SWAP" {
		sh := &shadow{w: 15, h: 15, cells: map[[2]int]int{{7, 7}: 1, {8, 7}: 1, {9, 9}: 1, {8, 8}: 1, {8, 6}: 1}}
		sh.checkMove(t, l)
	}
	c.send("SWAP2BOARD", "7,7", "8,7", "DONE")
	c.expect("ERROR")
	c.send("SWAP2BOARD", "7,7", "7,7", "8,8", "DONE")
	c.expect("ERROR")
	c.end()
}

func TestLineEndings(t *testing.T) {
	for _, sep := range []string{"\n", "\r", "\r\n", "\n\n\r\r"} {
		c := startBrain(t, Options{MaxDepth: 1, MessageInterval: -1})
		raw := func(l string) {
			if _, err := io.WriteString(c.in, l+sep); err != nil {
				t.Fatal(err)
			}
		}
		raw("START 15")
		c.expect("OK")
		raw("BEGIN")
		c.expect("7,7")
		raw("TURN 8,8")
		mv := c.answer()
		if _, _, err := game.ParseXY(mv); err != nil || mv == "7,7" || mv == "8,8" {
			t.Fatalf("sep %q: answer %q", sep, mv)
		}
		c.end()
	}
}

func FuzzProtocol(f *testing.F) {
	for _, s := range []string{
		"START 15\nBEGIN\nTURN 8,8\nEND\n",
		"START 15\r\nBOARD\r\n7,7,1\r\n8,8,2\r\nDONE\r\n",
		"RECTSTART 6,5\nINFO rule 4\nSWAP2BOARD\nDONE\nBEGIN\nTAKEBACK 3,2\n",
		"START 5\nINFO max_memory 1\nBOARD\n0,0,3\n1,1,1\nDONE\nTURN 4,4\nTURN 4,4\n",
		"INFO rule 9\nSTART 32\nPLAY 31,31\nRESTART\nABOUT\nYXSTOP\nSWAP2BOARD\n1,1\n2,2\n3,3\nDONE\n",
		"START 15\nBOARD\n1,1,1\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var out strings.Builder
		if err := Run(strings.NewReader(in), &out, Options{MaxDepth: 1, TTMiB: 1, MessageInterval: -1}); err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			if l == "" {
				continue
			}
			if strings.HasPrefix(l, "ERROR") || strings.HasPrefix(l, "UNKNOWN") || l == "OK" || l == "SWAP" ||
				strings.HasPrefix(l, "name=") {
				continue
			}
			for _, m := range strings.Fields(l) {
				if _, _, err := game.ParseXY(m); err != nil {
					t.Fatalf("odd output line %q", l)
				}
			}
		}
	})
}

func TestBudget(t *testing.T) {
	s := &session{timeLeft: -1, timeoutTurn: 1000}
	s.pos, _ = NewSearch(15, 15, game.Freestyle)
	b := s.budget()
	if b.Hard != 887500*time.Microsecond || b.Soft != b.Hard*DefaultSoftPct/100 {
		t.Fatalf("turn 1000: %+v", b)
	}
	// the manager's "unlimited" time_left changes nothing
	s.timeLeft = 2147483647
	if b2 := s.budget(); b2 != b {
		t.Fatalf("unlimited time_left: %+v", b2)
	}
	// a match clock bounds the move
	s.timeoutTurn, s.timeoutMatch, s.timeLeft = 5000, 120000, 6000
	b = s.budget()
	avail := 6*time.Second - clockReserve(6*time.Second, 225)
	if b.Hard != avail/clockSpaceMin || b.Soft != avail/DefaultClockSpace {
		t.Fatalf("6 s left: %+v", b)
	}
	// the reserve keeps a round trip for each move to come
	if r := clockReserve(6*time.Second, 225) - clockReserve(6*time.Second, 25); r != 100*roundTrip {
		t.Fatalf("reserve for 100 more moves: %v", r)
	}
	s.opt.ClockSpace = 10
	if b = s.budget(); b.Soft != avail/10 {
		t.Fatalf("6 s left, clock space 10: %+v", b)
	}
	s.opt.ClockSpace = 0
	// the clock down to its reserve: an answer at once, a positive budget
	for _, ms := range []int64{10, 300, 500} {
		s.timeLeft = ms
		if b = s.budget(); b.Hard != time.Millisecond || b.Soft != time.Millisecond {
			t.Fatalf("%d ms left: %+v", ms, b)
		}
		if b2 := b.since(time.Now().Add(-time.Second), 0); b2 != b {
			t.Fatalf("%d ms left, a late command: %+v", ms, b2)
		}
	}
	// with no match clock a late command still gets a short search
	if b = (Budget{Soft: 20 * time.Millisecond, Hard: 20 * time.Millisecond}).since(time.Now().Add(-time.Second), 0); b.Hard != 10*time.Millisecond || b.Soft != 10*time.Millisecond {
		t.Fatalf("late command: %+v", b)
	}
	// absurd values do not overflow
	s.info("timeout_turn 9223372036854775807")
	s.info("time_left 9223372036854775807")
	if b = s.budget(); b.Hard <= 0 || b.Soft <= 0 {
		t.Fatalf("huge limits: %+v", b)
	}
	// a match clock without time_left: our own time is counted
	s.timeoutTurn, s.timeoutMatch, s.timeLeft = 0, 12000, -1
	s.used = 6 * time.Second
	if b = s.budget(); b.Hard != avail/clockSpaceMin {
		t.Fatalf("12 s match, 6 s used: %+v", b)
	}
	s.used = 0
	// no limits at all: the default turn time
	s.timeoutTurn, s.timeoutMatch, s.timeLeft = 0, 0, -1
	if b = s.budget(); b.Hard != defaultTurnMs*time.Millisecond {
		t.Fatalf("no limits: %+v", b)
	}
}

func TestMaxMemoryTable(t *testing.T) {
	s := &session{maxMemory: DefaultMaxMemory}
	if mib := s.wantTT(); mib != 128 {
		t.Fatalf("350 MB: %d MiB table", mib)
	}
	s.maxMemory = 83886080 // 80 MiB
	if mib := s.wantTT(); mib != 16 {
		t.Fatalf("80 MiB: %d MiB table", mib)
	}
	s.maxMemory = 1 << 50
	if mib := s.wantTT(); mib != maxTTMiB {
		t.Fatalf("huge memory: %d MiB table", mib)
	}
	s.maxMemory = 1
	if mib := s.wantTT(); mib != 1 {
		t.Fatalf("1 byte: %d MiB table", mib)
	}
}

func TestBookMove(t *testing.T) {
	bk, err := book.Read(strings.NewReader(`15 freestyle b w -> 0,0
15 freestyle b 0,0 w -> 1,-1
15 freestyle b 0,0 w 1,1 -> 2,2
15 freestyle b 0,0 2,2 w 1,1 -> -1,-1
`))
	if err != nil {
		t.Fatal(err)
	}
	c := startBrain(t, Options{MaxDepth: 1, Book: bk})
	c.send("START 15")
	c.expect("OK")
	c.send("TURN 7,7")
	c.expect("8,6")
	c.send("RESTART")
	c.expect("OK")
	c.send("BEGIN")
	c.expect("7,7")
	// the mirrored line: the book answers in the mirrored frame
	c.send("TURN 6,6")
	c.expect("5,5")
	// a BOARD in any order, and its mirror image
	// (field 1: our stones, white here)
	c.send("BOARD", "9,9,2", "8,8,1", "7,7,2", "DONE")
	c.expect("6,6")
	c.send("BOARD", "5,9,2", "6,8,1", "7,7,2", "DONE")
	c.expect("8,6")
	// out of book: the brain thinks
	c.send("BOARD", "7,7,2", "8,8,1", "3,3,2", "DONE")
	if l := c.answer(); l == "6,6" || strings.HasPrefix(l, "ERROR") {
		t.Fatalf("out of book: %q", l)
	}
	c.end()
}

// TestEmbeddedBookLegal: every reply of the shipped book is a legal move of
// its position, and the session plays it.
func TestEmbeddedBookLegal(t *testing.T) {
	bk := book.Embedded()
	es := bk.Entries()
	if len(es) < 20 {
		t.Fatalf("only %d book positions", len(es))
	}
	sizes := map[int]bool{}
	for _, e := range es {
		rule, err := game.ParseRule(e.Rule)
		if err != nil {
			t.Fatal(err)
		}
		sizes[e.Size] = true
		p, _ := NewSearch(e.Size, e.Size, rule)
		c := e.Size / 2
		for i := 0; i < len(e.Black)+len(e.White); i++ {
			s := e.Black[i/2]
			if i%2 == 1 {
				s = e.White[i/2]
			}
			m := p.MoveAt(c+s.X, c+s.Y)
			if m == engine.NoMove || !p.IsLegal(m) {
				t.Fatalf("%+v: stone %v illegal", e, s)
			}
			p.Make(m)
		}
		r, ok := bk.Lookup(e.Size, e.Rule, e.Black, e.White)
		if !ok || r != e.Reply {
			t.Fatalf("%+v: lookup %v %v", e, r, ok)
		}
		m := p.MoveAt(c+r.X, c+r.Y)
		if m == engine.NoMove || !p.IsLegal(m) {
			t.Fatalf("%+v: reply %v illegal", e, r)
		}
		black, white, ok := bookStones(p)
		if !ok {
			t.Fatalf("%+v: not a book position", e)
		}
		if r2, ok := bk.Lookup(e.Size, e.Rule, black, white); !ok || r2 != r {
			t.Fatalf("%+v: board lookup %v", e, r2)
		}
	}
	if !sizes[15] || !sizes[20] {
		t.Fatalf("book sizes %v, want 15 and 20", sizes)
	}
	for _, e := range bk.Swap2Entries() {
		rule, _ := game.ParseRule(e.Rule)
		p, _ := NewSearch(e.Size, e.Size, rule)
		c := e.Size / 2
		for i := 0; i < len(e.Black)+len(e.White); i++ {
			s := e.Black[i/2]
			if i%2 == 1 {
				s = e.White[i/2]
			}
			p.Make(p.MoveAt(c+s.X, c+s.Y))
		}
		swap, place, ok := bk.Swap2Answer(e.Size, e.Rule, e.Black, e.White)
		if !ok {
			t.Fatalf("%+v: no swap2 answer", e)
		}
		for _, pt := range place {
			m := p.MoveAt(c+pt.X, c+pt.Y)
			if swap || m == engine.NoMove || !p.IsLegal(m) {
				t.Fatalf("%+v: swap2 stone %v illegal", e, pt)
			}
			p.Make(m)
		}
	}
	// the session answers from the book: the reply to the centre, and the
	// swap2 opening under exact five
	first, ok := bk.Lookup(15, "freestyle", []book.Point{{}}, nil)
	if !ok {
		t.Fatal("no reply to the centre in the book")
	}
	o, ok := bk.Swap2Open(15, "standard")
	if !ok {
		t.Fatal("no swap2 opening for 15x15 standard")
	}
	cn := startBrain(t, Options{MaxDepth: 1, Book: bk, MessageInterval: -1})
	cn.send("START 15")
	cn.expect("OK")
	cn.send("TURN 7,7")
	cn.expect(fmt.Sprintf("%d,%d", 7+first.X, 7+first.Y))
	cn.send("START 15", "INFO rule 1")
	cn.expect("OK")
	cn.send("SWAP2BOARD", "DONE")
	cn.expect(fmt.Sprintf("%d,%d %d,%d %d,%d", 7+o[0].X, 7+o[0].Y, 7+o[1].X, 7+o[1].Y, 7+o[2].X, 7+o[2].Y))
	cn.end()
}

// TestProtocolSelfPlay plays whole games between two sessions through the
// protocol, a referee position checking every answer.
func TestProtocolSelfPlay(t *testing.T) {
	for _, rule := range []struct {
		bits string
		r    game.Rule
	}{{"0", game.Freestyle}, {"4", game.Renju}, {"8", game.Caro}} {
		a := startBrain(t, Options{MaxDepth: 2, MessageInterval: -1})
		b := startBrain(t, Options{MaxDepth: 2, MessageInterval: -1})
		for _, c := range []*brainConn{a, b} {
			c.send("START 15", "INFO rule "+rule.bits)
			c.expect("OK")
		}
		ref, _ := NewSearch(15, 15, rule.r)
		players := [2]*brainConn{a, b}
		a.send("BEGIN")
		for {
			side := ref.Side()
			ans := players[side].answer()
			m, err := ref.ParseMove(ans)
			if err != nil || !ref.IsLegal(m) {
				t.Fatalf("%v: illegal answer %q\n%s", rule.r, ans, ref)
			}
			ref.Make(m)
			if over, _, _ := ref.Status(); over || ref.Ply() >= 120 {
				break
			}
			players[side^1].send("TURN " + ans)
		}
		a.end()
		b.end()
	}
}

func TestBudgetSinceArrival(t *testing.T) {
	b := Budget{Soft: 400 * time.Millisecond, Hard: time.Second}
	if got := b.since(time.Time{}, 0); got != b {
		t.Fatalf("no arrival time: %+v", got)
	}
	got := b.since(time.Now().Add(-300*time.Millisecond), 0)
	if got.Hard > 700*time.Millisecond || got.Soft > got.Hard*DefaultSoftPct/100 {
		t.Fatalf("300 ms gone: %+v", got)
	}
	got = b.since(time.Now().Add(-5*time.Second), 0)
	if got.Hard != 10*time.Millisecond || got.Soft != max(10*time.Millisecond*DefaultSoftPct/100, 5*time.Millisecond) {
		t.Fatalf("late: %+v", got)
	}
}

// TestWatchdogAnswersForLateSearch: when the search has not answered by the
// hard deadline, the session answers the brain's best move so far and waits
// for the stopped search before the next command.
func TestWatchdogAnswersForLateSearch(t *testing.T) {
	var out strings.Builder
	s := &session{opt: Options{}, out: &lineWriter{w: bufio.NewWriter(&out), interval: -1},
		lines: make(chan inLine, 4), brain: NewBrain(1, 1)}
	s.pos, _ = NewSearch(15, 15, game.Freestyle)
	s.pos.Make(s.pos.MoveAt(7, 7))
	want := s.pos.MoveAt(8, 8)
	release := make(chan struct{})
	finished := false
	m, quit := s.thinkUntil(func() engine.Move {
		s.brain.best.Store(uint32(want)) // as Think does once it has its copy
		<-release                        // a search thread kept off the CPU
		finished = true
		return s.pos.MoveAt(6, 6)
	}, time.Now())
	if quit || m != want {
		t.Fatalf("watchdog answered %v (quit %v), want %s", game.FormatMove(m), quit, game.FormatMove(want))
	}
	if !s.brain.stopped.Load() || s.busy == nil {
		t.Fatal("the late search was not stopped and remembered")
	}
	close(release)
	s.settle()
	if !finished || s.busy != nil {
		t.Fatal("settle did not wait for the late search")
	}
	// a search that answers in time is not overridden
	m, _ = s.thinkUntil(func() engine.Move { return s.pos.MoveAt(6, 6) }, time.Now().Add(time.Minute))
	if m != s.pos.MoveAt(6, 6) {
		t.Fatalf("in-time answer replaced by %s", game.FormatMove(m))
	}
}

// The search settings of Options replace the brain's defaults only when
// given: positive values set them, negative ones turn them off.
func TestSearchOptions(t *testing.T) {
	def := brainOptions(1)
	o := def
	searchOptions(&o, Options{})
	if o != def {
		t.Fatalf("no settings changed the options: %+v, want %+v", o, def)
	}
	plies := func(n int) *int { return &n }
	searchOptions(&o, Options{FailHighMargin: 25, Singular: 7, SingularMargin: 3, IIR: 5, HintHistory: 40, ContHistory: 60, LMRScale: 120, LMRFrom: 2, HintKeep: 70, ThreatLMR: plies(2), AdjustLMR: 1, LMRExtend: 45, AlphaReduce: 14, TTEval: 1, TTMoveExt: 25, TTMoveExtNonPV: 8})
	if o.FailHighMargin != 25 || o.Singular != 7 || o.SingularMargin != 3 || o.IIR != 5 || o.HintHistory != 40 || o.ContHistory != 60 || o.LMRScale != 120 || o.LMRFrom != 2 || o.HintKeep != 70 || !o.ReduceThreats || o.ThreatLMR != 2 || !o.AdjustLMR || o.LMRExtend != 45 || o.AlphaReduce != 14 || !o.TTEval || o.TTMoveExt != 25 || o.TTMoveExtNonPV != 8 {
		t.Fatalf("positive settings: %+v", o)
	}
	searchOptions(&o, Options{FailHighMargin: -1, Singular: -1, IIR: -1, HintHistory: -1, ContHistory: -1, LMRScale: -1, LMRFrom: -1, HintKeep: -1, ThreatLMR: plies(-1), AdjustLMR: -1, LMRExtend: -1, AlphaReduce: -1, TTEval: -1, TTMoveExt: -1, TTMoveExtNonPV: -1})
	if o.FailHighMargin != 0 || o.Singular != 0 || o.IIR != 0 || o.HintHistory != 0 || o.ContHistory != 0 || o.LMRScale != 0 || o.LMRFrom != 0 || o.HintKeep != 0 || o.ReduceThreats || o.ThreatLMR != 0 || o.AdjustLMR || o.LMRExtend != 0 || o.AlphaReduce != 0 || o.TTEval || o.TTMoveExt != 0 || o.TTMoveExtNonPV != 0 {
		t.Fatalf("negative settings: %+v", o)
	}
	// ThreatLMR 0 reduces late forcing moves by their whole reduction
	searchOptions(&o, Options{ThreatLMR: plies(0)})
	if !o.ReduceThreats || o.ThreatLMR != 0 {
		t.Fatalf("ThreatLMR 0: %+v", o)
	}
}

// ContAttack set by Options replaces the brain's default and turns on the
// engine's adjustment of late move reductions; a negative value turns it
// off.
func TestConfigureContAttack(t *testing.T) {
	b := NewBrain(1, 1)
	configure(b, Options{ContAttack: 2})
	if b.ContAttack != 2 || !b.E.Options.AdjustLMR {
		t.Errorf("ContAttack 2: brain %d, AdjustLMR %v", b.ContAttack, b.E.Options.AdjustLMR)
	}
	b = NewBrain(1, 1)
	configure(b, Options{ContAttack: -1})
	if b.ContAttack != 0 || b.E.Options.AdjustLMR != DefaultAdjustLMR {
		t.Errorf("ContAttack -1: brain %d, AdjustLMR %v", b.ContAttack, b.E.Options.AdjustLMR)
	}
}

// QuiescePlies set by Options replaces the brain's default and reaches the
// position its search runs on; zero or less keeps the default.
func TestConfigureQuiescePlies(t *testing.T) {
	b := NewBrain(1, 1)
	configure(b, Options{QuiescePlies: 6})
	if b.QuiescePlies != 6 {
		t.Fatalf("QuiescePlies 6: brain %d", b.QuiescePlies)
	}
	p := freestyleOpening(t, "h8a1i8a3")
	b.search(p, engine.Limits{Depth: 1}, nil)
	if p.QuiescePlies != 6 {
		t.Errorf("the search ran with QuiescePlies %d, want 6", p.QuiescePlies)
	}
	b = NewBrain(1, 1)
	configure(b, Options{QuiescePlies: -3})
	if b.QuiescePlies != 0 {
		t.Errorf("QuiescePlies -3: brain %d, want 0 (the default)", b.QuiescePlies)
	}
}

// QuiesceComb set by Options replaces the brain's default and reaches the
// position its search runs on; negative, every four.
func TestConfigureQuiesceComb(t *testing.T) {
	for _, v := range []int{2, -1} {
		b, p := configuredSearch(t, Options{QuiesceComb: v})
		if b.QuiesceComb != v || p.QuiesceComb != v {
			t.Errorf("QuiesceComb %d: brain %d, search %d", v, b.QuiesceComb, p.QuiesceComb)
		}
	}
}

// TestConfigureIndirectAndQuiesceTT: the options turn the settings on and
// off against the defaults, and the search runs with them.
func TestConfigureIndirectAndQuiesceTT(t *testing.T) {
	for _, v := range []int{1, -1} {
		b := NewBrain(1, 1)
		configure(b, Options{IndirectDefences: v, QuiesceTT: v})
		if b.IndirectDefences != (v > 0) || b.E.Options.QuiesceTT != (v > 0) {
			t.Fatalf("%d: IndirectDefences %v, QuiesceTT %v", v, b.IndirectDefences, b.E.Options.QuiesceTT)
		}
		p := freestyleOpening(t, "h8a1i8a3")
		b.search(p, engine.Limits{Depth: 1}, nil)
		if p.IndirectDefences != (v > 0) {
			t.Errorf("%d: the search ran with IndirectDefences %v", v, p.IndirectDefences)
		}
	}
	b := NewBrain(1, 1)
	configure(b, Options{})
	if b.IndirectDefences != DefaultIndirectDefences || b.E.Options.QuiesceTT != DefaultQuiesceTT {
		t.Fatalf("defaults: IndirectDefences %v, QuiesceTT %v", b.IndirectDefences, b.E.Options.QuiesceTT)
	}
}

// TestConfigureWidePlies: the option reaches the brain and its search.
func TestConfigureWidePlies(t *testing.T) {
	for _, v := range []int{2, -1, 0} {
		b, p := configuredSearch(t, Options{WidePlies: v})
		if b.WidePlies != v || p.WidePlies != v {
			t.Errorf("%d: brain %d, search %d", v, b.WidePlies, p.WidePlies)
		}
	}
}

// configuredSearch is a new brain configured by opt and the position its
// depth-1 search ran on.
func configuredSearch(t *testing.T, opt Options) (*Brain, *Search) {
	t.Helper()
	b := NewBrain(1, 1)
	configure(b, opt)
	p := freestyleOpening(t, "h8a1i8a3")
	b.search(p, engine.Limits{Depth: 1}, nil)
	return b, p
}
