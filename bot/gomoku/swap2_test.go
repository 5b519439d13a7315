package gomoku

import (
	"bufio"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pentad-ai/pentad/engine"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// swap2Pos plays the swap2 stones (black, white, black, ...) given as x,y
// pairs on an empty 15x15 board.
func swap2Pos(t *testing.T, rule game.Rule, xy ...[2]int) *Search {
	t.Helper()
	p, _ := NewSearch(15, 15, rule)
	for _, c := range xy {
		m := p.MoveAt(c[0], c[1])
		if m == engine.NoMove || !p.IsLegal(m) {
			t.Fatalf("stone %v illegal", c)
		}
		p.Make(m)
	}
	return p
}

// swap2Brain is a deterministic brain for the swap2 tests: one thread and
// a depth limit, no clock.
func swap2Brain() *Brain {
	b := NewBrain(4, 1)
	b.MaxDepth = swap2TestDepth
	return b
}

const swap2TestDepth = 6

// The positions of the swap2 tests (white to move, searched to depth 6):
// black clearly better, white clearly better, and close to even (3; 5
// stones after option 3: 2).
var (
	swap2BlackBetter = [][2]int{{7, 7}, {0, 14}, {8, 8}}
	swap2WhiteBetter = [][2]int{{0, 0}, {7, 7}, {14, 14}}
	swap2Even        = [][2]int{{7, 7}, {5, 6}, {10, 4}}
)

// TestSwap2DecideDependsOnPosition: option 3 (two more stones) only for a
// position close to even; a clearly better side is taken (SWAP) or kept
// (one white move).
func TestSwap2DecideDependsOnPosition(t *testing.T) {
	b := swap2Brain()
	p := swap2Pos(t, game.Freestyle, swap2BlackBetter...)
	before := p.String()
	a := b.Swap2Decide(p, Budget{})
	if !a.Swap || len(a.Stones) != 0 || a.Score >= -swap2Margin {
		t.Fatalf("black better: %+v, want SWAP", a)
	}
	if p.String() != before {
		t.Fatal("Swap2Decide changed the position")
	}

	b = swap2Brain()
	p = swap2Pos(t, game.Freestyle, swap2WhiteBetter...)
	a = b.Swap2Decide(p, Budget{})
	if a.Swap || len(a.Stones) != 1 || a.Score <= swap2Balanced || !p.IsLegal(a.Stones[0]) {
		t.Fatalf("white better: %+v, want one white move", a)
	}

	b = swap2Brain()
	p = swap2Pos(t, game.Freestyle, swap2Even...)
	a = b.Swap2Decide(p, Budget{})
	if a.Swap || len(a.Stones) != 2 || abs(a.Score) > swap2Balanced || abs(a.Balance) > swap2Balanced {
		t.Fatalf("even: %+v, want two stones", a)
	}
	q := *p
	for i, m := range a.Stones {
		if q.Side() != game.White-i || !q.IsLegal(m) {
			t.Fatalf("even: stone %d %s illegal", i, game.FormatMove(m))
		}
		q.Make(m)
	}
	if over, _ := q.Terminal(); over {
		t.Fatalf("even: the two stones decide the game\n%s", &q)
	}
	// five stones: SWAP or one move, never two
	for _, pos := range [][][2]int{append(swap2Even[:3:3], xys(a.Stones)...), {{7, 7}, {8, 7}, {9, 9}, {8, 8}, {8, 6}}} {
		b = swap2Brain()
		p = swap2Pos(t, game.Freestyle, pos...)
		a5 := b.Swap2Decide(p, Budget{})
		if len(a5.Stones) > 1 || a5.Swap == (len(a5.Stones) == 1) {
			t.Fatalf("five stones %v: %+v", pos, a5)
		}
		if !a5.Swap && !p.IsLegal(a5.Stones[0]) {
			t.Fatalf("five stones %v: illegal %s", pos, game.FormatMove(a5.Stones[0]))
		}
	}
}

// xys converts moves to x,y pairs.
func xys(ms []engine.Move) [][2]int {
	var out [][2]int
	for _, m := range ms {
		x, y := game.XY(int(m))
		out = append(out, [2]int{x, y})
	}
	return out
}

// TestSwap2PairsRenju: the black stone of option 3 is never a renju
// forbidden cell, and no pair decides the game.
func TestSwap2PairsRenju(t *testing.T) {
	// black 7,7 8,8 with 6,6 open: black threatens shapes where forbidden
	// cells appear quickly
	p := swap2Pos(t, game.Renju, [2]int{7, 7}, [2]int{9, 7}, [2]int{8, 8})
	pairs := swap2Pairs(p, nil)
	if len(pairs) == 0 || len(pairs) > swap2White*swap2Black {
		t.Fatalf("%d pairs", len(pairs))
	}
	for _, pr := range pairs {
		q := *p
		if !q.IsLegal(pr[0]) {
			t.Fatalf("white %s illegal", game.FormatMove(pr[0]))
		}
		q.Make(pr[0])
		if !q.IsLegal(pr[1]) || q.IsForbidden(pr[1]) {
			t.Fatalf("black %s illegal", game.FormatMove(pr[1]))
		}
	}
}

// playStones checks a reply of n stones ("x,y x,y ...") against the
// referee position and plays them.
func playStones(t *testing.T, ref *Search, reply string, n int) {
	t.Helper()
	f := strings.Fields(reply)
	if len(f) != n {
		t.Fatalf("reply %q, want %d stones", reply, n)
	}
	for _, s := range f {
		m, err := ref.ParseMove(s)
		if err != nil || !ref.IsLegal(m) {
			t.Fatalf("reply %q: %q illegal here\n%s", reply, s, ref)
		}
		ref.Make(m)
	}
}

// boardBlock is the BOARD command for the side to move of ref: the stones
// in the order played, 1 for its own, 2 for the opponent's.
func boardBlock(ref *Search) []string {
	out := []string{"BOARD"}
	for i, m := range ref.Moves() {
		f := 2
		if i&1 == ref.Side() {
			f = 1
		}
		out = append(out, fmt.Sprintf("%s,%d", game.FormatMove(m), f))
	}
	return append(out, "DONE")
}

// TestSwap2Session plays a swap2 session through the protocol as a manager
// does: the opening; the choice on three stones, here option 3 on an even
// position; the choice on five stones; then the game, each side's first
// move with BOARD and TURN after that, every answer checked by a referee.
// Malformed SWAP2BOARD blocks in between get ERROR and change nothing.
func TestSwap2Session(t *testing.T) {
	opt := Options{MaxDepth: swap2TestDepth, TTMiB: 4, MessageInterval: -1}
	a := startBrain(t, opt) // opens, and chooses on five stones
	b := startBrain(t, opt) // chooses on three stones
	for _, c := range []*brainConn{a, b} {
		c.send("START 15", "INFO rule 0", "INFO timeout_turn 600000", "INFO timeout_match 0")
		c.expect("OK")
	}
	a.send("SWAP2BOARD", "DONE")
	ref, _ := NewSearch(15, 15, game.Freestyle)
	playStones(t, ref, a.answer(), 3)

	for _, bad := range [][]string{
		{"7,7", "8,7", "9,9", "8,8"}, // four stones
		{"7,7", "15,7", "9,9"},       // off the board
		{"7,7", "7,7", "9,9"},        // twice
		{"7,7", "8,7", "9;9"},        // malformed
		{"7,7", "8,7", "9,9", "8,8", "8,6", "9,8", "10,10"},
	} {
		b.send("SWAP2BOARD")
		b.send(bad...)
		b.send("DONE")
		b.expect("ERROR")
	}

	ref, _ = NewSearch(15, 15, game.Freestyle)
	var lines []string
	for _, c := range swap2Even {
		lines = append(lines, fmt.Sprintf("%d,%d", c[0], c[1]))
		ref.Make(ref.MoveAt(c[0], c[1]))
	}
	b.send("SWAP2BOARD")
	b.send(lines...)
	b.send("DONE")
	playStones(t, ref, b.answer(), 2) // option 3: a white and a black stone

	a.send("SWAP2BOARD")
	for _, m := range ref.Moves() {
		a.send(game.FormatMove(m))
	}
	a.send("DONE")
	var players [2]*brainConn // by colour
	if ch := a.answer(); ch == "SWAP" {
		players = [2]*brainConn{a, b} // a takes black; b keeps white and moves
	} else {
		playStones(t, ref, ch, 1) // a stays white with the sixth stone
		players = [2]*brainConn{b, a}
	}
	b.send("SWAP2BOARD", "1,1", "DONE")
	b.expect("ERROR")
	for first := 0; ; first++ {
		side := ref.Side()
		if first < 2 {
			players[side].send(boardBlock(ref)...)
		} else {
			players[side].send("TURN " + game.FormatMove(ref.LastMove()))
		}
		playStones(t, ref, players[side].answer(), 1)
		if over, _, _ := ref.Status(); over || ref.Ply() >= 14 {
			break
		}
	}
	a.end()
	b.end()
}

// TestSwap2ChargesMatchClock: the thinking time of a SWAP2BOARD answer
// counts on our own match clock (used when the manager sends no
// time_left), and a rejected block charges nothing.
func TestSwap2ChargesMatchClock(t *testing.T) {
	var out strings.Builder
	s := &session{opt: Options{MaxDepth: 2}, out: &lineWriter{w: bufio.NewWriter(&out), interval: -1},
		lines: make(chan inLine, 16), timeLeft: -1, brain: NewBrain(4, 1), threads: 1}
	s.brain.MaxDepth = 2
	s.handle("START 15")
	s.handle("INFO timeout_match 100000")
	block := func(rows ...string) {
		for _, r := range rows {
			s.lines <- inLine{text: r, at: time.Now()}
		}
		s.cmdAt = time.Now().Add(-time.Millisecond) // the command's arrival
		s.handle("SWAP2BOARD")
	}
	block("7,7", "7,7", "9,9", "DONE")
	if s.used != 0 {
		t.Fatalf("a rejected block charged %v", s.used)
	}
	block("7,7", "8,7", "9,9", "DONE")
	if s.used <= 0 {
		t.Fatalf("the answer to three stones charged %v to the match clock\n%s", s.used, out.String())
	}
	if n := strings.Count(out.String(), "\n"); n < 3 {
		t.Fatalf("answers: %q", out.String())
	}
}
