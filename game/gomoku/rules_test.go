package gomoku

import (
	"slices"
	"testing"

	"github.com/pentad-ai/pentad/bench"
	"github.com/pentad-ai/pentad/engine"
)

type stone struct{ x, y, side int }

func b(x, y int) stone { return stone{x, y, Black} }
func w(x, y int) stone { return stone{x, y, White} }

// testTable is a cell table with a value for every code combination and
// arbitrary classes besides TFive, so that checkIncremental also checks the
// values, their sums and the class counts (RulesTable has none).
var testTable = func() *CellTable {
	t := new(CellTable)
	for i := range t.Cell {
		cl, v := uint8(i%int(TFive)), int32(i%997+1)
		if RulesTable.Cell[i]>>24 == uint32(TFive) {
			cl = TFive
		}
		t.Cell[i] = CellEntry(cl, v)
		t.Renju[i] = CellEntry(cl, v/2)
		t.RenjuWhite[i] = CellEntry(cl, v/3)
	}
	return t
}()

// setup builds a 15x15 position with the stones and the side to move.
func setup(t *testing.T, rule Rule, side int, stones ...stone) *Position {
	t.Helper()
	p, err := NewPosition(15, 15, rule)
	if err != nil {
		t.Fatal(err)
	}
	p.SetCellTable(testTable)
	for _, s := range stones {
		if !p.SetStone(p.Index(s.x, s.y), s.side) {
			t.Fatalf("cannot set %v", s)
		}
	}
	p.SetSide(side)
	checkIncremental(t, p)
	return p
}

// checkIncremental compares the incremental pattern state with a position
// rebuilt from scratch.
func checkIncremental(t *testing.T, p *Position) {
	t.Helper()
	q := new(Position)
	q.init(p.w, p.h, p.rule, p.tab)
	for c := range p.cell {
		if p.cell[c] == BlackSt || p.cell[c] == WhiteSt {
			q.SetStone(c, int(p.cell[c])-1)
		} else if p.cell[c] == Wall && q.cell[c] == Empty {
			q.SetStone(c, 2)
		}
	}
	if q.info != p.info || q.sum != p.sum || q.near != p.near || q.lines != p.lines || q.four != p.four || q.cand != p.cand {
		t.Fatalf("incremental state differs from a fresh build\n%s", p)
	}
	checkFours(t, p)
	// the candidates, walked, against a scan of the cells
	lo, hi := p.FullRange()
	c := p.NextCandidate(lo, hi)
	for q := lo; q < hi; q++ {
		if p.cell[q] != Empty || p.near[q] == 0 {
			continue
		}
		if c != q {
			t.Fatalf("NextCandidate gives %d, the scan %d\n%s", c, q, p)
		}
		c = p.NextCandidate(c+1, hi)
	}
	if c != hi {
		t.Fatalf("NextCandidate gives %d past the last candidate\n%s", c, p)
	}
	for s := 0; s < 2; s++ {
		for cl := 1; cl < len(p.cnt[s]); cl++ {
			if p.cnt[s][cl] != q.cnt[s][cl] {
				t.Fatalf("class counts differ for side %d class %d: %d vs %d", s, cl, p.cnt[s][cl], q.cnt[s][cl])
			}
		}
	}
}

// checkFours compares the walks of NextFour and NextFourEither from several
// starts to several ends with a scan of the cells by HasCode.
func checkFours(t *testing.T, p *Position) {
	t.Helper()
	lo, end := p.FullRange()
	ends := []int{end, (lo+end)/2 + 3}
	// ends at a four cell, which the walk must leave out
	if c := p.NextFour(Black, lo, end); c < end {
		ends = append(ends, c)
	}
	if c := p.NextFour(White, (lo+end)/2, end); c < end {
		ends = append(ends, c)
	}
	for _, hi := range ends {
		checkFoursIn(t, p, lo, hi)
	}
}

// checkFoursIn is checkFours for the walks that end at hi.
func checkFoursIn(t *testing.T, p *Position, lo, hi int) {
	t.Helper()
	for _, start := range []int{0, lo, lo + 7, (lo + hi) / 2, hi - 1, hi} {
		var want [3][]int
		for c := start; c < hi; c++ {
			if p.cell[c] != Empty {
				continue
			}
			b, w := p.HasCode(Black, c, B4), p.HasCode(White, c, B4)
			if b {
				want[0] = append(want[0], c)
			}
			if w {
				want[1] = append(want[1], c)
			}
			if b || w {
				want[2] = append(want[2], c)
			}
		}
		var got [3][]int
		var last [3]int
		for s := 0; s < 2; s++ {
			c := p.NextFour(s, start, hi)
			for ; c < hi; c = p.NextFour(s, c+1, hi) {
				got[s] = append(got[s], c)
			}
			last[s] = c
		}
		c := p.NextFourEither(start, hi)
		for ; c < hi; c = p.NextFourEither(c+1, hi) {
			got[2] = append(got[2], c)
		}
		last[2] = c
		for i := range got {
			if !slices.Equal(got[i], want[i]) || last[i] != hi {
				t.Fatalf("four cells %d from %d to %d: walk %v ending at %d, scan %v\n%s", i, start, hi, got[i], last[i], want[i], p)
			}
		}
	}
}

func play(t *testing.T, p *Position, x, y int) {
	t.Helper()
	m := p.MoveAt(x, y)
	if !p.IsLegal(m) {
		t.Fatalf("%d,%d should be legal\n%s", x, y, p)
	}
	p.Make(m)
	checkIncremental(t, p)
}

func TestFreestyleFiveAndOverline(t *testing.T) {
	p := setup(t, Freestyle, Black, b(3, 7), b(4, 7), b(5, 7), b(6, 7), w(0, 0), w(1, 0), w(2, 0), w(3, 0))
	play(t, p, 7, 7)
	if over, win, _ := p.Status(); !over || win != Black {
		t.Fatalf("five should win: %v %v", over, win)
	}
	p = setup(t, Freestyle, Black, b(2, 7), b(3, 7), b(4, 7), b(6, 7), b(7, 7))
	play(t, p, 5, 7)
	if p.Winner() != Black {
		t.Fatal("overline wins in freestyle")
	}
}

func TestStandardExactFive(t *testing.T) {
	p := setup(t, Standard, Black, b(2, 7), b(3, 7), b(4, 7), b(6, 7), b(7, 7))
	play(t, p, 5, 7)
	if p.Winner() != -1 {
		t.Fatal("overline must not win under the standard rule")
	}
	p = setup(t, Standard, White, w(2, 7), w(3, 7), w(4, 7), w(6, 7), b(8, 7))
	play(t, p, 5, 7)
	if p.Winner() != White {
		t.Fatal("exact five wins")
	}
}

func TestCaro(t *testing.T) {
	// blocked at both ends by the opponent: no win
	p := setup(t, Caro, Black, w(2, 7), b(3, 7), b(4, 7), b(5, 7), b(6, 7), w(8, 7))
	play(t, p, 7, 7)
	if p.Winner() != -1 {
		t.Fatal("a five blocked at both ends does not win in caro")
	}
	// blocked at one end: wins
	p = setup(t, Caro, Black, w(2, 7), b(3, 7), b(4, 7), b(5, 7), b(6, 7))
	play(t, p, 7, 7)
	if p.Winner() != Black {
		t.Fatal("a five open at one end wins in caro")
	}
	// against the edge with the other end blocked: the edge does not block
	p = setup(t, Caro, Black, b(0, 7), b(1, 7), b(2, 7), b(3, 7), w(5, 7))
	play(t, p, 4, 7)
	if p.Winner() != Black {
		t.Fatal("the board edge does not block in caro")
	}
	// overline does not win
	p = setup(t, Caro, White, w(2, 7), w(3, 7), w(4, 7), w(6, 7), w(7, 7))
	play(t, p, 5, 7)
	if p.Winner() != -1 {
		t.Fatal("overline does not win in caro")
	}
	// diagonal five blocked at both ends
	p = setup(t, Caro, White, b(2, 2), w(3, 3), w(4, 4), w(5, 5), w(6, 6), b(8, 8))
	play(t, p, 7, 7)
	if p.Winner() != -1 {
		t.Fatal("diagonal five blocked at both ends does not win in caro")
	}
}

func forbiddenAt(t *testing.T, p *Position, x, y int) bool {
	t.Helper()
	m := p.MoveAt(x, y)
	f := p.IsForbidden(m)
	if f == p.IsLegal(m) {
		t.Fatalf("IsForbidden and IsLegal agree at %d,%d", x, y)
	}
	return f
}

func TestRenjuForbidden(t *testing.T) {
	cases := []struct {
		name   string
		stones []stone
		x, y   int
		forbid bool
	}{
		{"double three", []stone{b(5, 7), b(6, 7), b(7, 5), b(7, 6)}, 7, 7, true},
		{"split double three", []stone{b(4, 7), b(6, 7), b(7, 4), b(7, 6)}, 7, 7, true},
		{"three blocked one side is not open", []stone{w(4, 7), b(5, 7), b(6, 7), b(7, 5), b(7, 6)}, 7, 7, false},
		{"three blocked far side still open", []stone{w(3, 7), b(5, 7), b(6, 7), b(7, 5), b(7, 6)}, 7, 7, true},
		{"four-three allowed", []stone{w(3, 7), b(4, 7), b(5, 7), b(6, 7), b(7, 5), b(7, 6)}, 7, 7, false},
		{"double four", []stone{w(3, 7), b(4, 7), b(5, 7), b(6, 7), w(7, 3), b(7, 4), b(7, 5), b(7, 6)}, 7, 7, true},
		{"double four in one line", []stone{b(3, 7), b(4, 7), b(5, 7), b(9, 7), b(10, 7), b(11, 7)}, 7, 7, true},
		{"overline", []stone{b(2, 7), b(3, 7), b(4, 7), b(6, 7), b(7, 7)}, 5, 7, true},
		{"five beats double four", []stone{b(3, 7), b(4, 7), b(5, 7), b(6, 7), b(7, 4), b(7, 5), b(7, 6), w(7, 3)}, 7, 7, false},
		{"open four alone is fine", []stone{b(4, 7), b(5, 7), b(6, 7)}, 7, 7, false},
		{"three with four elsewhere in line", []stone{b(5, 7), b(6, 7)}, 7, 7, false},
		// The horizontal three's only straight-four point (8,7) is itself a
		// double four, so that three is false: one real three, allowed.
		{"false three (completion point forbidden)", []stone{
			w(3, 7), b(5, 7), b(6, 7), // horizontal three, only (8,7) makes a straight four
			b(7, 5), b(7, 6), // vertical three
			b(8, 8), b(8, 9), b(8, 10), // (8,7) makes a vertical four
			b(9, 6), b(10, 5), b(11, 4), // ... and a diagonal four: (8,7) is 4-4
		}, 7, 7, false},
		// With a shorter vertical and no diagonal, (8,7) is a four-three, a
		// legal completion: the horizontal three is real, double three.
		{"same three made real", []stone{
			w(3, 7), b(5, 7), b(6, 7), b(7, 5), b(7, 6), b(8, 8), b(8, 9),
		}, 7, 7, true},
		// X X c . O with O also at (3,7): the horizontal three cannot become
		// a straight four on either side, so it is not open.
		{"three closed at both distances", []stone{
			w(3, 7), b(5, 7), b(6, 7), b(7, 5), b(7, 6), w(9, 7),
		}, 7, 7, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := setup(t, Renju, Black, tc.stones...)
			if got := forbiddenAt(t, p, tc.x, tc.y); got != tc.forbid {
				t.Fatalf("forbidden = %v, want %v\n%s", got, tc.forbid, p)
			}
			// white is never restricted
			p.SetSide(White)
			if p.IsForbidden(p.MoveAt(tc.x, tc.y)) {
				t.Fatal("white has no forbidden moves")
			}
			// other rules have no forbidden moves
			q := setup(t, Freestyle, Black, tc.stones...)
			if q.IsForbidden(q.MoveAt(tc.x, tc.y)) {
				t.Fatal("freestyle has no forbidden moves")
			}
		})
	}
}

func TestRenjuWins(t *testing.T) {
	// black five with a double four at the same time wins
	p := setup(t, Renju, Black, b(3, 7), b(4, 7), b(5, 7), b(6, 7), b(7, 4), b(7, 5), b(7, 6), w(7, 3))
	play(t, p, 7, 7)
	if p.Winner() != Black {
		t.Fatal("black five wins even with a double four")
	}
	// white overline wins
	p = setup(t, Renju, White, w(2, 7), w(3, 7), w(4, 7), w(6, 7), w(7, 7))
	play(t, p, 5, 7)
	if p.Winner() != White {
		t.Fatal("white overline wins in renju")
	}
	// black cannot play an overline; the referee API refuses it
	p = setup(t, Renju, Black, b(2, 7), b(3, 7), b(4, 7), b(6, 7), b(7, 7))
	if p.IsLegal(p.MoveAt(5, 7)) {
		t.Fatal("black overline must be illegal")
	}
}

func TestLegalMovesRenjuCount(t *testing.T) {
	p := setup(t, Renju, Black, b(5, 7), b(6, 7), b(7, 5), b(7, 6), w(0, 0), w(14, 14), w(0, 14), w(14, 0))
	var buf [MaxSize * MaxSize]engine.Move
	moves := p.LegalMoves(buf[:0])
	if len(moves) != 225-8-1 {
		t.Fatalf("legal moves %d, want %d (one forbidden)", len(moves), 225-9)
	}
	for _, m := range moves {
		if m == p.MoveAt(7, 7) {
			t.Fatal("forbidden move listed")
		}
	}
}

func TestPerft(t *testing.T) {
	p, _ := NewPosition(15, 15, Freestyle)
	want := []uint64{1, 225, 225 * 224, 225 * 224 * 223}
	for d, n := range want {
		if got := p.Perft(d); got != n {
			t.Fatalf("perft %d = %d, want %d", d, got, n)
		}
	}
	if got := bench.Perft(PerftPosition{p}, 2); got != 225*224 {
		t.Fatalf("bench.Perft = %d", got)
	}
	lines := bench.Divide(PerftPosition{p}, 2, FormatMove)
	if len(lines) != 225 || lines[0].Count != 224 {
		t.Fatalf("divide %d lines", len(lines))
	}
	// 5x5: the game ends with fives; small enough to count by brute force.
	q, _ := NewPosition(5, 5, Freestyle)
	if got, want := q.Perft(3), uint64(25*24*23); got != want {
		t.Fatalf("5x5 perft 3 = %d, want %d", got, want)
	}
	// a five after black's 5th stone stops the line: compare with a naive count
	r := setup(t, Freestyle, Black, b(3, 7), b(4, 7), b(5, 7), b(6, 7), w(3, 8), w(4, 8), w(5, 8), w(6, 8))
	// black: 217 moves; the two five points end the game, the other 215 leave
	// white 216 replies, two of them winning (2,8) and (7,8) unless black
	// took one of them; a white five ends the line before black's third move.
	if got, want := r.Perft(2), uint64(215*216); got != want {
		t.Fatalf("perft 2 with fives = %d, want %d", got, want)
	}
	if got, want := r.Perft(3), uint64(215*(2*215+213*214)); got != want {
		t.Fatalf("perft 3 with fives = %d, want %d", got, want)
	}
}

func TestMakeUnmakeRestores(t *testing.T) {
	for _, rule := range []Rule{Freestyle, Standard, Renju, Caro} {
		p, _ := NewPosition(15, 15, rule)
		fresh, _ := NewPosition(15, 15, rule)
		p.SetCellTable(testTable)
		fresh.SetCellTable(testTable)
		seq := [][2]int{{7, 7}, {8, 8}, {7, 8}, {6, 9}, {7, 9}, {7, 10}, {7, 6}, {6, 6}, {5, 5}, {9, 7}, {0, 0}, {14, 14}, {13, 14}}
		var ms []engine.Move
		for _, s := range seq {
			m := p.MoveAt(s[0], s[1])
			if !p.IsLegal(m) {
				break
			}
			p.Make(m)
			ms = append(ms, m)
			checkIncremental(t, p)
		}
		for i := len(ms) - 1; i >= 0; i-- {
			p.Unmake(ms[i])
			checkIncremental(t, p)
		}
		if p.hash != fresh.hash || p.info != fresh.info || p.sum != fresh.sum || p.lines != fresh.lines || p.near != fresh.near || p.cnt != fresh.cnt {
			t.Fatalf("%v: make/unmake did not restore the position", rule)
		}
	}
}

// TestSetCellTableMidGame changes the cell table with moves (and a pass)
// on the stack: the moves' change log must follow the new table, so that
// taking them back gives the fresh position of that table.
func TestSetCellTableMidGame(t *testing.T) {
	for _, rule := range []Rule{Freestyle, Renju} {
		p, _ := NewPosition(15, 15, rule)
		fresh, _ := NewPosition(15, 15, rule)
		fresh.SetCellTable(testTable)
		var ms []engine.Move
		for i, s := range [][2]int{{7, 7}, {8, 8}, {7, 8}, {6, 9}, {7, 9}, {7, 10}} {
			if i == 3 {
				p.MakeNull()
				ms = append(ms, engine.NoMove)
			}
			m := p.MoveAt(s[0], s[1])
			p.Make(m)
			ms = append(ms, m)
		}
		hash := p.hash
		p.SetCellTable(testTable)
		if p.hash != hash || p.n != len(ms) {
			t.Fatalf("%v: changing the table changed the position", rule)
		}
		checkIncremental(t, p)
		for i := len(ms) - 1; i >= 0; i-- {
			if ms[i] == engine.NoMove {
				p.UnmakeNull()
				continue
			}
			p.Unmake(ms[i])
			checkIncremental(t, p)
		}
		if p.hash != fresh.hash || p.info != fresh.info || p.sum != fresh.sum || p.cnt != fresh.cnt || p.four != fresh.four {
			t.Fatalf("%v: unmaking after the table change did not give the fresh position", rule)
		}
	}
}
