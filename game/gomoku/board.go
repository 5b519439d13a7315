package gomoku

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/pentad-ai/pentad/engine"
)

// Board geometry: a fixed padded array, five wall cells around the largest
// board, so that every line window of ±5 stays inside the array.
const (
	MaxSize = 32
	MinSize = 5
	pad     = 5
	stride  = MaxSize + 2*pad
	nCells  = stride * stride
	nWords  = (nCells + 63) / 64
	// cellCap sizes the arrays the change log restores (a power of two
	// above nCells: a cell index masked by cellCap-1 needs no bounds check)
	cellCap = 2048
)

// dirs are the four line directions: east, south, south-east, south-west.
var dirs = [4]int{1, stride, stride + 1, stride - 1}

// Cell contents.
const (
	Empty   = 0
	BlackSt = 1
	WhiteSt = 2
	Wall    = 3 // off the board, or a neutral stone (BOARD field 3)
)

// Side numbers.
const (
	Black = 0
	White = 1
)

// Rule is the winning rule of a game.
type Rule uint8

// The rules.
const (
	Freestyle Rule = iota // five or more in a row wins
	Standard              // exactly five wins; an overline does not
	Renju                 // black: exactly five, overline/4-4/3-3 forbidden; white: five or more
	Caro                  // exactly five that is not blocked at both ends by the opponent
)

func (r Rule) String() string {
	switch r {
	case Freestyle:
		return "freestyle"
	case Standard:
		return "standard"
	case Renju:
		return "renju"
	case Caro:
		return "caro"
	}
	return "rule(" + strconv.Itoa(int(r)) + ")"
}

// ParseRule reads a rule name (freestyle, standard, renju, caro).
func ParseRule(s string) (Rule, error) {
	switch strings.ToLower(s) {
	case "freestyle", "free", "0":
		return Freestyle, nil
	case "standard", "exact", "1":
		return Standard, nil
	case "renju", "4":
		return Renju, nil
	case "caro", "8":
		return Caro, nil
	}
	return 0, fmt.Errorf("unknown rule %q", s)
}

func (r Rule) fiveKindOf(side int) fiveKind {
	switch r {
	case Standard:
		return exactFive
	case Renju:
		if side == Black {
			return exactFive
		}
		return fiveOrMore
	case Caro:
		return caroFive
	}
	return fiveOrMore
}

var zobrist = engine.ZobristKeys(0x604d0c, 2*nCells+1)

func zkey(side, c int) uint64 { return zobrist[side*nCells+c] }

var sideKey = zobrist[2*nCells]

// configKey starts the hash of every position with the board size and the
// rule, so that a transposition table (and the VCF cache) survives games of
// other sizes and rules without clearing.
func configKey(w, h int, rule Rule) uint64 {
	x := uint64(w)<<16 | uint64(h)<<8 | uint64(rule) + 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

type undo struct {
	move     engine.Move
	won      bool  // the move made a winning five
	ylo, yhi int16 // the rows of the stones before the move
	logAt    int32 // the length of the change log before the move
	// the class counts and value sums before the move
	cnt [2][16]int32
	sum [2]int32
}

// logCap bounds the change log: per move, the two codes of the stone's own
// cell and the changed codes of the empty cells within reach on its lines.
const logCap = (MaxSize*MaxSize + 1) * (2 + 2*4*2*5)

// logEntry packs a change-log entry: the cell and the side (bits 0-11),
// logFour (bit 12), and the cell's info as it is now (from bit 13).
func (p *Position) logEntry(c, s int) uint64 { return logWord(c, s, p.info[s][c&(cellCap-1)]) }

// logWord is the log entry of cell c and side s whose info is info.
func logWord(c, s int, info uint64) uint64 { return uint64(c) | uint64(s)<<11 | info<<13 }

// logFour marks an entry whose cell's bit in four may have changed.
const logFour = 1 << 12

// A cell's info packs, for one side, its cell key (four line codes, bits
// 0-15), its class (bits 16-19) and its value (bits 20-43).
const (
	infoKey   = 1<<16 - 1
	infoClass = 16
	infoValue = 20
)

// Position is a Gomoku position with incremental line patterns: for every
// empty cell and side the four line codes, and from them, through a
// CellTable, the cell's class and value, with the counts of cells by class
// and the sum of the values of each side. The zero value is not usable:
// make one with NewPosition (or Init).
type Position struct {
	w, h int
	rule Rule
	side int
	hash uint64
	cell [nCells]uint8
	// lines holds, for each colour (0 black, 1 white), direction and line
	// (lineOf), a bit at posOf for every stone of that colour and every
	// wall (both colours): a cell's line key is read from them
	lines [2][4][nLines]uint64
	info  [2][cellCap]uint64 // cell key, class and value by side and cell
	near  [nCells]uint8
	// four holds, for each side, a bit for every empty cell where that
	// side makes a four or a five (HasCode(s, c, B4)), so that the
	// searches' scans for fours visit only those cells
	four [2][nWords]uint64
	// cand has a bit for every empty cell with a stone within two cells
	// (Near > 0): the cells the searches consider, walked by NextCandidate
	cand [nWords]uint64
	sum  [2]int32
	cnt  [2][16]int32     // by class; 16 so that a class masked by 15 needs no bounds check
	both *[keyCount]uint8 // black code | white code << 4 by line index (lineIndex)
	tab  *CellTable
	// ctab is the cell table of each side: tab.Renju and tab.RenjuWhite
	// under renju, tab.Cell otherwise
	ctab [2]*[1 << 16]uint32
	// reach is how far along a line a stone changes the line codes of the
	// empty cells: 4 where no code depends on the cells 5 away (freestyle,
	// see lineReach), 5 otherwise
	reach int
	empty int // playable empty cells
	// ylo..yhi are the first and last rows holding a stone (ylo > yhi on
	// an empty board)
	ylo, yhi int
	n        int // moves on the stack
	stack    [MaxSize*MaxSize + 1]undo
	// log holds the cells (key, class and value of one side) that the
	// moves on the stack changed, as they were before (logEntry), so that
	// Unmake restores them instead of re-coding the lines
	log  [logCap]uint64
	logN int
	// stones placed by SetStone (not on the undo stack)
	base int
}

// NewPosition returns the empty board of w columns and h rows under rule.
func NewPosition(w, h int, rule Rule) (*Position, error) {
	if w < MinSize || h < MinSize || w > MaxSize || h > MaxSize {
		return nil, fmt.Errorf("board %dx%d not supported (%d..%d)", w, h, MinSize, MaxSize)
	}
	if rule > Caro {
		return nil, fmt.Errorf("unknown rule %d", rule)
	}
	p := &Position{}
	p.init(w, h, rule, nil)
	return p, nil
}

// Init makes p the empty board of w columns and h rows under rule, with the
// cell table t (nil: RulesTable), in place: for a Position embedded in a
// larger value.
func (p *Position) Init(w, h int, rule Rule, t *CellTable) error {
	if w < MinSize || h < MinSize || w > MaxSize || h > MaxSize {
		return fmt.Errorf("board %dx%d not supported (%d..%d)", w, h, MinSize, MaxSize)
	}
	if rule > Caro {
		return fmt.Errorf("unknown rule %d", rule)
	}
	p.init(w, h, rule, t)
	return nil
}

func (p *Position) init(w, h int, rule Rule, t *CellTable) {
	if t == nil {
		t = RulesTable
	}
	p.w, p.h, p.rule = w, h, rule
	p.setTab(t)
	p.both = bothTable(rule)
	p.reach = lineReach(rule)
	p.side = Black
	p.hash = configKey(w, h, rule)
	p.n = 0
	p.logN = 0
	p.base = 0
	p.sum = [2]int32{}
	p.cnt = [2][16]int32{}
	p.empty = w * h
	p.ylo, p.yhi = MaxSize, -1
	p.four = [2][nWords]uint64{}
	p.cand = [nWords]uint64{}
	for i := range p.cell {
		x, y := i%stride-pad, i/stride-pad
		if x >= 0 && y >= 0 && x < w && y < h {
			p.cell[i] = Empty
		} else {
			p.cell[i] = Wall
		}
		p.near[i] = 0
		for s := 0; s < 2; s++ {
			p.info[s][i] = 0 // TNone
		}
	}
	p.lines = [2][4][nLines]uint64{}
	for i := range p.cell {
		if p.cell[i] == Wall {
			p.setLineBits(i, Wall)
		}
	}
	for i := range p.cell {
		if p.cell[i] != Empty {
			continue
		}
		for d := range dirs {
			v := p.both[p.lineIndex(d, i)]
			p.setCode(Black, i, d, v&0xF)
			p.setCode(White, i, d, v>>4)
		}
		p.setFour(Black, i)
		p.setFour(White, i)
		p.refresh(i)
	}
}

// Width and Height of the board; Rule of the game.
func (p *Position) Width() int  { return p.w }
func (p *Position) Height() int { return p.h }
func (p *Position) Rule() Rule  { return p.rule }

// Index is the cell of column x and row y (both from 0), or -1 off the board.
func (p *Position) Index(x, y int) int {
	if x < 0 || y < 0 || x >= p.w || y >= p.h {
		return -1
	}
	return (y+pad)*stride + x + pad
}

// XY are the coordinates of a cell.
func XY(c int) (x, y int) { return c%stride - pad, c/stride - pad }

// MoveAt is the move on column x, row y, or NoMove off the board.
func (p *Position) MoveAt(x, y int) engine.Move {
	c := p.Index(x, y)
	if c < 0 {
		return engine.NoMove
	}
	return engine.Move(c)
}

// FormatMove writes a move in protocol notation "x,y".
func FormatMove(m engine.Move) string {
	x, y := XY(int(m))
	return strconv.Itoa(x) + "," + strconv.Itoa(y)
}

// ParseXY reads "x,y" (spaces allowed around the numbers).
func ParseXY(s string) (x, y int, err error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, errors.New("expected x,y")
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil {
		return 0, 0, errors.New("expected x,y")
	}
	return x, y, nil
}

// ParseMove reads a move in protocol notation "x,y" and checks that it is on
// the board (not that it is legal).
func (p *Position) ParseMove(s string) (engine.Move, error) {
	x, y, err := ParseXY(s)
	if err != nil {
		return engine.NoMove, err
	}
	m := p.MoveAt(x, y)
	if m == engine.NoMove {
		return m, fmt.Errorf("%d,%d is off the %dx%d board", x, y, p.w, p.h)
	}
	return m, nil
}

// At returns the content of column x, row y (Wall off the board).
func (p *Position) At(x, y int) int {
	c := p.Index(x, y)
	if c < 0 {
		return Wall
	}
	return int(p.cell[c])
}

// Side is the side to move: Black (0) moves first.
func (p *Position) Side() int { return p.side }

// Hash is the Zobrist key, side to move included.
func (p *Position) Hash() uint64 { return p.hash }

// HashAfter is the hash of the position after the side to move plays m
// (engine.HashPredictor).
func (p *Position) HashAfter(m engine.Move) uint64 { return p.hash ^ zkey(p.side, int(m)) ^ sideKey }

// Ply is the number of moves on the undo stack.
func (p *Position) Ply() int { return p.n }

// Moves returns the moves on the undo stack, first to last.
func (p *Position) Moves() []engine.Move {
	out := make([]engine.Move, p.n)
	for i := range out {
		out[i] = p.stack[i].move
	}
	return out
}

// LastMove is the last move made, or NoMove.
func (p *Position) LastMove() engine.Move {
	if p.n == 0 {
		return engine.NoMove
	}
	return p.stack[p.n-1].move
}

// MoveBack is the move made i plies before the last (0: the last move), or
// NoMove when there is none (or it was a pass).
func (p *Position) MoveBack(i int) engine.Move {
	if i < 0 || i >= p.n {
		return engine.NoMove
	}
	return p.stack[p.n-1-i].move
}

// refresh recomputes the class and value of empty cell c for both sides from
// its line codes.
func (p *Position) refresh(c int) {
	p.refreshSide(Black, c)
	p.refreshSide(White, c)
}

// refreshSide is refresh for one side.
func (p *Position) refreshSide(s, c int) {
	old := p.info[s][c&(cellCap-1)]
	e := p.ctab[s][uint16(old)]
	p.cnt[s][old>>infoClass&15]--
	p.cnt[s][e>>24&15]++
	p.sum[s] += int32(e&0xFFFFFF) - int32(old>>infoValue)
	p.info[s][c&(cellCap-1)] = old&infoKey | uint64(e>>24)<<infoClass | uint64(e&0xFFFFFF)<<infoValue
}

// blackSuspect tells whether a black move with these line codes may be
// forbidden under renju (double three, double four, overline); the exact
// test is Forbidden.
func blackSuspect(pt uint16) bool {
	n := 0
	for d := 0; d < 4; d++ {
		switch uint8(pt>>(4*d)) & 0xF {
		case Over, F4:
			return true
		case F3, F3S, B4:
			n++
		}
	}
	return n >= 2
}

// code is the line code of cell c for side s in direction d.
func (p *Position) code(s, c, d int) uint8 { return uint8(p.info[s][c]>>(4*d)) & 0xF }

// LineCode is the line pattern code (Dead .. Over) of empty cell c for side
// s in direction d (0..3).
func (p *Position) LineCode(s, c, d int) uint8 { return p.code(s, c, d) }

// CellKey is the four line codes of empty cell c for side s, 4 bits a
// direction (direction d at bits 4d): the index of the cell tables.
func (p *Position) CellKey(s, c int) uint16 { return uint16(p.info[s][c]) }

func (p *Position) setCode(s, c, d int, v uint8) {
	sh := uint(4 * d)
	p.info[s][c] = p.info[s][c]&^(0xF<<sh) | uint64(v)<<sh
}

// CellTable gives the class and value of an empty cell for one side from
// its four line codes packed as in the position (direction d at bits 4d):
// class<<24 | value (see CellEntry). Renju and RenjuWhite are the tables of
// black and of white under renju, Cell the table of both sides under every
// other rule. The position keeps
// the classes, values, class counts and value sums up to date with it on
// every move; eval/gomoku builds the tables of its weights. A table must
// give the class TFive exactly to the cells where one of the four codes is
// Five: the rules read the winning moves from it.
type CellTable struct {
	Cell, Renju, RenjuWhite [1 << 16]uint32
}

// CellEntry packs a class and a value (0 <= value < 1<<24) for a CellTable.
func CellEntry(class uint8, value int32) uint32 { return uint32(class)<<24 | uint32(value) }

// RulesTable is the cell table of the rules alone: class TFive for a five,
// TNone otherwise, every value 0. NewPosition uses it.
var RulesTable = rulesTable()

func rulesTable() *CellTable {
	t := new(CellTable)
	for i := 0; i < 1<<16; i++ {
		for d := 0; d < 4; d++ {
			if uint8(i>>(4*d))&0xF == Five {
				t.Cell[i] = CellEntry(TFive, 0)
				t.Renju[i] = CellEntry(TFive, 0)
				t.RenjuWhite[i] = CellEntry(TFive, 0)
			}
		}
	}
	return t
}

// SetCellTable makes p classify and value the empty cells with t (nil:
// RulesTable); the class and value of every empty cell are recomputed.
func (p *Position) SetCellTable(t *CellTable) {
	if t == nil {
		t = RulesTable
	}
	if p.tab == t {
		return
	}
	// the moves on the stack logged classes and values of the old table:
	// take them back, change the table, and play them again
	n := p.n
	for p.n > 0 {
		if m := p.stack[p.n-1].move; m == engine.NoMove {
			p.UnmakeNull()
		} else {
			p.Unmake(m)
		}
	}
	p.setTab(t)
	lo, hi := p.FullRange()
	for c := lo; c < hi; c++ {
		if p.cell[c] == Empty {
			p.refresh(c)
		}
	}
	for i := 0; i < n; i++ {
		if m := p.stack[i].move; m == engine.NoMove {
			p.MakeNull()
		} else {
			p.Make(m)
		}
	}
}

// setTab makes t the cell table of p, without refreshing the cells.
func (p *Position) setTab(t *CellTable) {
	p.tab = t
	p.ctab = [2]*[1 << 16]uint32{&t.Cell, &t.Cell}
	if p.rule == Renju {
		p.ctab = [2]*[1 << 16]uint32{&t.Renju, &t.RenjuWhite}
	}
}

// clear empties the state of a cell that became occupied: its key, class
// and value, taken out of the counts and sums.
func (p *Position) clear(c int) {
	for s := 0; s < 2; s++ {
		old := p.info[s][c]
		p.cnt[s][old>>infoClass&15]--
		p.cnt[s][TNone]++
		p.sum[s] -= int32(old >> infoValue)
		p.info[s][c] = 0
	}
}

// place puts colour col (1, 2 or Wall) on empty cell c and updates the keys
// and the patterns around it.
func (p *Position) place(c int, col uint8) {
	p.cell[c] = col
	y := c/stride - pad
	p.ylo, p.yhi = min(p.ylo, y), max(p.yhi, y)
	p.empty--
	p.log[p.logN] = p.logEntry(c, Black) | logFour
	p.log[p.logN+1] = p.logEntry(c, White) | logFour
	p.logN += 2
	p.clear(c)
	p.four[Black][c>>6] &^= 1 << (uint(c) & 63)
	p.four[White][c>>6] &^= 1 << (uint(c) & 63)
	p.cand[c>>6] &^= 1 << (uint(c) & 63)
	p.setLineBits(c, col)
	p.rescan(c)
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			q := c + dy*stride + dx
			if p.near[q]++; p.near[q] == 1 && p.cell[q] == Empty {
				p.cand[q>>6] |= 1 << (uint(q) & 63)
			}
		}
	}
}

// remove takes the stone off cell c, placed by the last move, whose log
// entries start at logAt.
func (p *Position) remove(c int, logAt int) {
	p.cell[c] = Empty
	p.empty++
	for d := range dirs {
		l, b := lineOf[d][c], uint64(1)<<(posOf[d][c]&63)
		p.lines[0][d][l] &^= b
		p.lines[1][d][l] &^= b
	}
	info := &p.info
	for _, e := range p.log[logAt:p.logN] {
		q, si := int(e&(cellCap-1)), int(e>>11&1)
		info[si][q] = e >> 13
		if e&logFour != 0 {
			p.setFour(si, q)
		}
	}
	p.logN = logAt
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			q := c + dy*stride + dx
			if p.near[q]--; p.near[q] == 0 {
				p.cand[q>>6] &^= 1 << (uint(q) & 63)
			}
		}
	}
	if p.near[c] > 0 {
		p.cand[c>>6] |= 1 << (uint(c) & 63)
	}
}

// rescan recomputes the patterns of the empty cells on the lines through c,
// logging the old ones.
func (p *Position) rescan(c int) {
	tbl := p.both
	lo, hi, wsh := lineMasks(p.reach)
	for d, dd := range dirs {
		sh := uint(4*d) & 15
		l := lineOf[d][c]
		lb, lw := p.lines[0][d][l], p.lines[1][d][l]
		i0 := int(posOf[d][c]) - p.reach // the first cell within reach of c
		for k := -p.reach; k <= p.reach; k++ {
			q := c + k*dd
			if k == 0 || p.cell[q] != Empty {
				continue
			}
			ib, iw := p.info[Black][q&(cellCap-1)], p.info[White][q&(cellCap-1)]
			ob, ow := uint16(ib), uint16(iw)
			i := uint(i0+k) & 63 // lineIndex, written out: faster here
			xb, xw := lb>>i, lw>>i
			v := tbl[uint32(xb&lo|xb>>1&hi|(xw&lo|xw>>1&hi)<<wsh)&(keyCount-1)]
			nb := ob&^(0xF<<sh) | uint16(v&0xF)<<sh
			nw := ow&^(0xF<<sh) | uint16(v>>4)<<sh
			if nb != ob {
				e := logWord(q, Black, ib)
				p.info[Black][q&(cellCap-1)] = ib&^infoKey | uint64(nb)
				if fourCode(uint8(v&0xF)) || fourCode(uint8(ob>>sh)&0xF) {
					p.setFour(Black, q)
					e |= logFour
				}
				p.log[p.logN] = e
				p.logN++
				p.refreshSide(Black, q)
			}
			if nw != ow {
				e := logWord(q, White, iw)
				p.info[White][q&(cellCap-1)] = iw&^infoKey | uint64(nw)
				if fourCode(uint8(v>>4)) || fourCode(uint8(ow>>sh)&0xF) {
					p.setFour(White, q)
					e |= logFour
				}
				p.log[p.logN] = e
				p.logN++
				p.refreshSide(White, q)
			}
		}
	}
}

// setLineBits marks cell c in its four lines with colour col (BlackSt,
// WhiteSt, or Wall in both colours).
func (p *Position) setLineBits(c int, col uint8) {
	for d := range dirs {
		l, b := lineOf[d][c], uint64(1)<<(posOf[d][c]&63)
		if col&BlackSt != 0 {
			p.lines[0][d][l] |= b
		}
		if col&WhiteSt != 0 {
			p.lines[1][d][l] |= b
		}
	}
}

// lineIndex is the index in the both table of empty cell c in direction
// d, read from its line's bitsets: for each colour the cells within reach
// before it (low bits) and after it, the cell itself left out (lineMasks).
func (p *Position) lineIndex(d, c int) uint32 {
	lo, hi, wsh := lineMasks(p.reach)
	l, i := lineOf[d][c], uint(int(posOf[d][c])-p.reach)&63
	xb, xw := p.lines[0][d][l]>>i, p.lines[1][d][l]>>i
	return uint32(xb&lo|xb>>1&hi|(xw&lo|xw>>1&hi)<<wsh) & (keyCount - 1)
}

// lineMasks are lineIndex's masks for a reach: the cells before the cell
// (lo), those after it shifted down over the cell (hi), and the shift of
// the white half.
func lineMasks(reach int) (lo, hi uint64, wsh uint) {
	lo = 1<<reach - 1
	return lo, lo << reach, uint(2*reach) & 63
}

// lineReach is how far along a line a stone changes the line codes of rule
// r: 4 under freestyle, where a five of five or more never needs to know the
// cell beyond the four (TestLineReach checks the tables), 5 under the
// exact-five rules, where that cell makes an overline or a blocked end.
func lineReach(r Rule) int {
	if r == Freestyle {
		return 4
	}
	return 5
}

// fourKeys has a bit for every cell key (four line codes, 4 bits a
// direction) that holds a four or a five: B4, F4 or Five.
var fourKeys = func() *[1 << 16 / 64]uint64 {
	var t [1 << 16 / 64]uint64
	for k := 0; k < 1<<16; k++ {
		for d := 0; d < 4; d++ {
			if fourCode(uint8(k>>(4*d)) & 0xF) {
				t[k>>6] |= 1 << (k & 63)
				break
			}
		}
	}
	return &t
}()

// fourCode tells whether line code v is B4, F4 or Five: only a change of
// code to or from those can change a cell's bit in four.
func fourCode(v uint8) bool { return v-B4 <= Five-B4 }

// setFour sets the bit of empty cell c in four[s] from its line codes.
func (p *Position) setFour(s, c int) {
	w, b := c>>6, uint64(1)<<(uint(c)&63)
	if pt := uint16(p.info[s][c]); fourKeys[pt>>6]>>(pt&63)&1 != 0 {
		p.four[s][w] |= b
	} else {
		p.four[s][w] &^= b
	}
}

// NextFour is the first empty cell q, c <= q < hi, where side s makes a
// four or a five (HasCode(s, q, B4)), or hi when there is none: the scans
// for fours walk them with
//
//	for q := p.NextFour(s, lo, hi); q < hi; q = p.NextFour(s, q+1, hi)
func (p *Position) NextFour(s, c, hi int) int {
	return nextBit(&p.four[s], &p.four[s], c, hi)
}

// NextFourEither is NextFour for a four or a five of either side.
func (p *Position) NextFourEither(c, hi int) int {
	return nextBit(&p.four[Black], &p.four[White], c, hi)
}

// nextBit is the first cell q, c <= q < hi, whose bit is set in a or b, or
// hi.
func nextBit(a, b *[nWords]uint64, c, hi int) int {
	if c >= hi {
		return hi
	}
	w := c >> 6
	x := (a[w] | b[w]) &^ (1<<(uint(c)&63) - 1)
	for x == 0 {
		w++
		if w<<6 >= hi {
			return hi
		}
		x = a[w] | b[w]
	}
	return min(w<<6+bits.TrailingZeros64(x), hi)
}

// MakesFive reports whether side playing empty cell c wins at once.
func (p *Position) MakesFive(side, c int) bool {
	return p.Class(side, c) == TFive
}

// Make plays m for the side to move. m must be legal.
func (p *Position) Make(m engine.Move) {
	c := int(m)
	won := p.MakesFive(p.side, c)
	u := &p.stack[p.n]
	u.move, u.won, u.ylo, u.yhi, u.logAt = m, won, int16(p.ylo), int16(p.yhi), int32(p.logN)
	u.cnt, u.sum = p.cnt, p.sum
	p.place(c, uint8(p.side+1))
	p.hash ^= zkey(p.side, c) ^ sideKey
	p.n++
	p.side ^= 1
}

// Unmake takes back m, the last move made.
func (p *Position) Unmake(m engine.Move) {
	p.n--
	p.side ^= 1
	c := int(m)
	p.hash ^= zkey(p.side, c) ^ sideKey
	u := &p.stack[p.n]
	p.remove(c, int(u.logAt))
	p.cnt, p.sum = u.cnt, u.sum
	p.ylo, p.yhi = int(u.ylo), int(u.yhi)
}

// MakeNull passes: the other side moves next and no stone is placed (the
// search's null move). Its stack entry holds engine.NoMove.
func (p *Position) MakeNull() {
	u := &p.stack[p.n]
	u.move, u.ylo, u.yhi = engine.NoMove, int16(p.ylo), int16(p.yhi)
	p.hash ^= sideKey
	p.n++
	p.side ^= 1
}

// UnmakeNull takes back the pass of MakeNull, the last move made.
func (p *Position) UnmakeNull() {
	p.n--
	p.side ^= 1
	p.hash ^= sideKey
}

// SetStone puts a stone of side (or a neutral stone when side is 2) on empty
// cell c without touching the side to move or the undo stack; it is for
// setting up positions (BOARD). It returns false if the cell is not empty.
func (p *Position) SetStone(c int, side int) bool {
	if c < 0 || c >= nCells || p.cell[c] != Empty || p.n != 0 {
		return false
	}
	switch side {
	case Black, White:
		p.place(c, uint8(side+1))
		p.hash ^= zkey(side, c)
	default:
		p.place(c, Wall)
	}
	p.logN = 0 // a set-up stone is never taken back
	p.base++
	return true
}

// SetSide sets the side to move (for setting up positions).
func (p *Position) SetSide(s int) {
	if s != p.side {
		p.side = s
		p.hash ^= sideKey
	}
}

// Stones is the number of stones on the board.
func (p *Position) Stones() int { return p.w*p.h - p.empty }

// IsEmptyCell reports whether m is an empty cell of the board.
func (p *Position) IsEmptyCell(m engine.Move) bool {
	c := int(m)
	return c > 0 && c < nCells && p.cell[c] == Empty
}

// IsLegal reports whether the side to move may play m: an empty cell, not
// forbidden for black under renju, and the game not over.
func (p *Position) IsLegal(m engine.Move) bool {
	if !p.IsEmptyCell(m) {
		return false
	}
	if over, _, _ := p.Status(); over {
		return false
	}
	return !p.IsForbidden(m)
}

// IsForbidden reports whether m is a forbidden move for the side to move
// (only black under renju has forbidden moves).
func (p *Position) IsForbidden(m engine.Move) bool {
	if p.rule != Renju || p.side != Black || !p.IsEmptyCell(m) {
		return false
	}
	return p.Forbidden(int(m))
}

// Status is the game-over status: over, the winner (Black, White, or -1 for
// a draw) and the reason.
func (p *Position) Status() (over bool, winner int, reason string) {
	if p.n > 0 && p.stack[p.n-1].won {
		return true, p.side ^ 1, "five in a row"
	}
	if p.empty == 0 {
		return true, -1, "board full"
	}
	return false, -1, ""
}

// Winner returns Black or White if the last move made five, else -1.
func (p *Position) Winner() int {
	if p.n > 0 && p.stack[p.n-1].won {
		return p.side ^ 1
	}
	return -1
}

// CopyFrom makes p a copy of q without allocating.
func (p *Position) CopyFrom(q *Position) { *p = *q }

// String draws the board, X black, O white, # neutral.
func (p *Position) String() string {
	var b strings.Builder
	for y := 0; y < p.h; y++ {
		for x := 0; x < p.w; x++ {
			switch p.At(x, y) {
			case BlackSt:
				b.WriteByte('X')
			case WhiteSt:
				b.WriteByte('O')
			case Wall:
				b.WriteByte('#')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Cell-level reads of the incremental state, for the searches built on the
// position (bot/gomoku). Cells are indices of the padded array: Index,
// XY, and the ranges FullRange and ScanRange.

// Cell is the content of cell c: Empty, BlackSt, WhiteSt or Wall.
func (p *Position) Cell(c int) uint8 { return p.cell[c] }

// Near is the number of stones within two cells (both ways) of cell c.
func (p *Position) Near(c int) uint8 { return p.near[c] }

// NextCandidate is the first empty cell q, c <= q < hi, with a stone within
// two cells (Near(q) > 0), or hi when there is none:
//
//	for q := p.NextCandidate(lo, hi); q < hi; q = p.NextCandidate(q+1, hi)
func (p *Position) NextCandidate(c, hi int) int {
	return nextBit(&p.cand, &p.cand, c, hi)
}

// Class is the class of empty cell c for side s (TNone when occupied).
func (p *Position) Class(s, c int) uint8 { return uint8(p.info[s][c]>>infoClass) & 15 }

// Value is the value of empty cell c for side s (0 when occupied).
func (p *Position) Value(s, c int) int32 { return int32(p.info[s][c] >> infoValue) }

// Sum is the sum of the values of the empty cells for side s.
func (p *Position) Sum(s int) int32 { return p.sum[s] }

// Count is the number of cells of class cl for side s.
func (p *Position) Count(s int, cl uint8) int32 { return p.cnt[s][cl&15] }

// Counts are the numbers of cells by class for side s.
func (p *Position) Counts(s int) *[NumClasses]int32 {
	return (*[NumClasses]int32)(p.cnt[s][:NumClasses])
}

// Table is the cell table of p.
func (p *Position) Table() *CellTable { return p.tab }

// Won reports whether the last move made a winning five.
func (p *Position) Won() bool { return p.n > 0 && p.stack[p.n-1].won }

// EmptyCells is the number of playable empty cells.
func (p *Position) EmptyCells() int { return p.empty }

// StackMove is the i-th move on the undo stack (0 the first, Ply()-1 the
// last).
func (p *Position) StackMove(i int) engine.Move { return p.stack[i].move }
