package gomoku

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
)

// Board geometry: a fixed padded array, five wall cells around the largest
// board, so that every line window of ±5 stays inside the array.
const (
	MaxSize = 32
	MinSize = 5
	pad     = 5
	stride  = MaxSize + 2*pad
	nCells  = stride * stride
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
}

// Position is a Gomoku position with incremental line patterns. The zero
// value is not usable: make one with NewPosition.
type Position struct {
	w, h  int
	rule  Rule
	side  int
	hash  uint64
	cell  [nCells]uint8
	key   [nCells][4]uint32
	pat   [2][nCells]uint16 // four 4-bit line codes, direction d at bits 4d
	cls   [2][nCells]uint8
	val   [2][nCells]int32
	near  [nCells]uint8
	sum   [2]int32
	cnt   [2][ev.NumClasses]int32
	tbl   [2][]uint8
	both  []uint8 // black code | white code << 4, one lookup for both
	ev    *Eval
	empty int // playable empty cells
	// ylo..yhi are the first and last rows holding a stone (ylo > yhi on
	// an empty board)
	ylo, yhi int
	n        int // moves on the stack
	stack    [MaxSize*MaxSize + 1]undo
	// stones placed by SetStone (not on the undo stack)
	base int
	// Quiesce turns on the quiescence search over fours (GenNoisy).
	Quiesce bool
	// Taper narrows the candidates with the distance from the search root
	// (rootN, the stack depth of the root; -1 when unknown).
	Taper bool
	rootN int
	// Candidates overrides DefaultCandidates when positive.
	Candidates int
	// LeafVCF is the node budget of the VCF search run by Evaluate when the
	// side to move has a four to play (0: none).
	LeafVCF int
	// SearchVCF is the node budget of the threat-space checks inside the
	// search (0: none): Terminal reports a win when the side to move has a
	// VCF, and GenMoves answers an opponent's VCF only with the cells of its
	// line and our own fours.
	SearchVCF int
	// VCFPlies, when positive, limits those checks to the first plies from
	// the search root (rootN), where they pay for themselves.
	VCFPlies int
	// vctSide, when 0 or 1, turns the position into a threat-space search
	// for that side: it moves only threats (fours and open threes), the other
	// side answers them, and Evaluate is 0 so that only proven wins score.
	vctSide int
	// wideAt is the stack depth at which GenMoves lists every move near the
	// stones (a root restricted to VCF defences), or -1.
	wideAt int
	// clk, when set, is polled by GenMoves, Evaluate and the VCF solver so
	// that the hard deadline of a move holds even when the timer goroutine
	// of the search runs late on a loaded machine; polls counts the calls.
	clk   *Clock
	polls uint32
	// QuiescePlies caps the quiescence over fours: a side plays its own
	// fours only within this many plies of the depth-0 node (blocks of a
	// five are always played); 0: DefaultQuiescePlies.
	QuiescePlies int
	// genN is the stack depth of the last GenMoves call. The search calls
	// GenMoves at every inner node and never in the quiescence, so the
	// depth-0 node of a quiescence search is at genN+1.
	genN int
	// qBase is the stack depth where the quiescence froze its stand-pat
	// score qVal (for side qSide), or -1
	qBase, qSide int
	qVal         int
	// scratch for the VCF solver and move generation
	genVals [MaxSize * MaxSize]int32
	vcf     vcfState
}

// Clock is the hard limit of a move: Stop is raised (by the manager's
// YXSTOP, or by the first poll that finds the deadline passed) and every
// search of the move gives up when it is set.
type Clock struct {
	Stop     *atomic.Bool
	Deadline time.Time // zero: no deadline
}

// SetClock makes the search hooks of p (and of its clones) poll c; nil
// turns the polling off.
func (p *Position) SetClock(c *Clock) { p.clk = c }

// pollEvery is how many hook calls pass between two reads of the clock.
const pollEvery = 16

// poll counts a hook call and reports whether the move must stop now.
func (p *Position) poll() bool {
	c := p.clk
	if c == nil {
		return false
	}
	p.polls++
	if p.polls%pollEvery == 0 {
		return c.expired()
	}
	return c.Stop.Load()
}

// expired reads the clock, raises Stop when the deadline has passed, and
// reports whether Stop is raised.
func (c *Clock) expired() bool {
	if c.Stop.Load() {
		return true
	}
	if !c.Deadline.IsZero() && !time.Now().Before(c.Deadline) {
		c.Stop.Store(true)
		return true
	}
	return false
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
	p.init(w, h, rule)
	return p, nil
}

func (p *Position) init(w, h int, rule Rule) {
	p.w, p.h, p.rule = w, h, rule
	p.ev = defaultEval
	p.tbl[Black] = tablesFor(rule.fiveKindOf(Black))[Black]
	p.tbl[White] = tablesFor(rule.fiveKindOf(White))[White]
	p.both = bothTable(rule)
	p.side = Black
	p.hash = configKey(w, h, rule)
	p.n = 0
	p.base = 0
	p.wideAt = -1
	p.vctSide = -1
	p.rootN = -1
	p.genN = -1
	p.qBase = -1
	p.sum = [2]int32{}
	p.cnt = [2][ev.NumClasses]int32{}
	p.empty = w * h
	p.ylo, p.yhi = MaxSize, -1
	for i := range p.cell {
		x, y := i%stride-pad, i/stride-pad
		if x >= 0 && y >= 0 && x < w && y < h {
			p.cell[i] = Empty
		} else {
			p.cell[i] = Wall
		}
		p.near[i] = 0
		p.key[i] = [4]uint32{}
		for s := 0; s < 2; s++ {
			p.pat[s][i] = 0
			p.cls[s][i] = ev.TNone
			p.val[s][i] = 0
		}
	}
	for i := range p.cell {
		if p.cell[i] != Empty {
			continue
		}
		for d, dd := range dirs {
			var k uint32
			for o := -5; o <= 5; o++ {
				if o == 0 {
					continue
				}
				j := i + o*dd
				if p.cell[j] == Wall {
					k |= 3 << (2 * slotOf(o))
				}
			}
			p.key[i][d] = k
			p.setCode(Black, i, d, p.tbl[Black][k])
			p.setCode(White, i, d, p.tbl[White][k])
		}
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

// refresh recomputes the class and value of empty cell c for both sides from
// its line codes.
func (p *Position) refresh(c int) {
	p.refreshSide(Black, c)
	p.refreshSide(White, c)
}

// refreshSide is refresh for one side.
func (p *Position) refreshSide(s, c int) {
	var e uint32
	if s == Black && p.rule == Renju {
		e = p.ev.comboRB[p.pat[s][c]]
	} else {
		e = p.ev.combo[p.pat[s][c]]
	}
	cl, v := uint8(e>>24), int32(e&0xFFFFFF)
	p.cnt[s][p.cls[s][c]]--
	p.cnt[s][cl]++
	p.sum[s] += v - p.val[s][c]
	p.cls[s][c] = cl
	p.val[s][c] = v
}

// blackSuspect tells whether a black move with these line codes may be
// forbidden under renju (double three, double four, overline); the exact
// test is Forbidden.
func blackSuspect(pt uint16) bool {
	n := 0
	for d := 0; d < 4; d++ {
		switch uint8(pt>>(4*d)) & 0xF {
		case ev.Over, ev.F4:
			return true
		case ev.F3, ev.B4:
			n++
		}
	}
	return n >= 2
}

// blackLikelyForbidden is blackSuspect without the lone open four (which
// is forbidden only as two fours in one line, rare): the evaluation's guess.
func blackLikelyForbidden(pt [4]uint8) bool {
	n := 0
	for _, c := range pt {
		switch c {
		case ev.Over:
			return true
		case ev.F3, ev.B4, ev.F4:
			n++
		}
	}
	return n >= 2
}

// code is the line code of cell c for side s in direction d.
func (p *Position) code(s, c, d int) uint8 { return uint8(p.pat[s][c]>>(4*d)) & 0xF }

func (p *Position) setCode(s, c, d int, v uint8) {
	sh := uint(4 * d)
	p.pat[s][c] = p.pat[s][c]&^(0xF<<sh) | uint16(v)<<sh
}

// Eval is a set of evaluation weights with its cell tables: combo maps four
// packed line codes to class<<24 | value; comboRB is the same for black
// under renju, where probably forbidden cells are worth nothing.
type Eval struct {
	W              ev.Weights
	combo, comboRB *[1 << 16]uint32
}

// NewEval builds the tables of a set of weights.
func NewEval(w ev.Weights) *Eval {
	e := &Eval{W: w}
	e.combo, e.comboRB = buildCombos(&e.W)
	return e
}

// defaultEval is the evaluation of every new position.
var defaultEval = NewEval(ev.Default)

// SetEval makes p evaluate with e (nil: the default weights); the values of
// every empty cell are recomputed.
func (p *Position) SetEval(e *Eval) {
	if e == nil {
		e = defaultEval
	}
	if p.ev == e {
		return
	}
	p.ev = e
	lo, hi := p.fullRange()
	for c := lo; c < hi; c++ {
		if p.cell[c] == Empty {
			p.refresh(c)
		}
	}
}

func buildCombos(w *ev.Weights) (*[1 << 16]uint32, *[1 << 16]uint32) {
	var a, b [1 << 16]uint32
	for i := 0; i < 1<<16; i++ {
		var pt [4]uint8
		ok := true
		for d := 0; d < 4; d++ {
			pt[d] = uint8(i>>(4*d)) & 0xF
			if pt[d] >= ev.NumCodes {
				ok = false
			}
		}
		if !ok {
			continue
		}
		cl, v := w.Classify(pt)
		a[i] = uint32(cl)<<24 | uint32(v)
		if cl != ev.TFive && blackLikelyForbidden(pt) {
			cl, v = ev.TNone, 0
		}
		b[i] = uint32(cl)<<24 | uint32(v)
	}
	return &a, &b
}

// clear zeroes the class of a cell that became occupied.
func (p *Position) clear(c int) {
	for s := 0; s < 2; s++ {
		p.cnt[s][p.cls[s][c]]--
		p.cnt[s][ev.TNone]++
		p.sum[s] -= p.val[s][c]
		p.cls[s][c] = ev.TNone
		p.val[s][c] = 0
	}
}

// place puts colour col (1, 2 or Wall) on empty cell c and updates the keys
// and the patterns around it.
func (p *Position) place(c int, col uint8) {
	p.cell[c] = col
	y := c/stride - pad
	p.ylo, p.yhi = min(p.ylo, y), max(p.yhi, y)
	p.empty--
	p.clear(c)
	p.pat[Black][c] = 0
	p.pat[White][c] = 0
	for d, dd := range dirs {
		for k := 1; k <= 5; k++ {
			q := c + k*dd
			p.key[q][d] |= uint32(col) << (2 * slotOf(-k))
			q = c - k*dd
			p.key[q][d] |= uint32(col) << (2 * slotOf(k))
		}
	}
	p.rescan(c)
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			p.near[c+dy*stride+dx]++
		}
	}
}

// remove takes the stone off cell c.
func (p *Position) remove(c int) {
	col := p.cell[c]
	p.cell[c] = Empty
	p.empty++
	for d, dd := range dirs {
		for k := 1; k <= 5; k++ {
			q := c + k*dd
			p.key[q][d] &^= uint32(col) << (2 * slotOf(-k))
			q = c - k*dd
			p.key[q][d] &^= uint32(col) << (2 * slotOf(k))
		}
	}
	for d := range dirs {
		k := p.key[c][d]
		p.setCode(Black, c, d, p.tbl[Black][k])
		p.setCode(White, c, d, p.tbl[White][k])
	}
	p.refresh(c)
	p.rescan(c)
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			p.near[c+dy*stride+dx]--
		}
	}
}

// rescan recomputes the patterns of the empty cells on the lines through c.
func (p *Position) rescan(c int) {
	tbl := p.both
	for d, dd := range dirs {
		for k := -5; k <= 5; k++ {
			if k == 0 {
				continue
			}
			q := c + k*dd
			if p.cell[q] != Empty {
				continue
			}
			key := p.key[q][d]
			sh := uint(4 * d)
			ob, ow := p.pat[Black][q], p.pat[White][q]
			v := tbl[key]
			nb := ob&^(0xF<<sh) | uint16(v&0xF)<<sh
			nw := ow&^(0xF<<sh) | uint16(v>>4)<<sh
			if nb != ob {
				p.pat[Black][q] = nb
				p.refreshSide(Black, q)
			}
			if nw != ow {
				p.pat[White][q] = nw
				p.refreshSide(White, q)
			}
		}
	}
}

// makesFive reports whether side playing empty cell c wins at once.
func (p *Position) makesFive(side, c int) bool {
	return p.cls[side][c] == ev.TFive
}

// Make plays m for the side to move. m must be legal.
func (p *Position) Make(m engine.Move) {
	c := int(m)
	won := p.makesFive(p.side, c)
	p.stack[p.n] = undo{move: m, won: won, ylo: int16(p.ylo), yhi: int16(p.yhi)}
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
	p.remove(c)
	p.ylo, p.yhi = int(p.stack[p.n].ylo), int(p.stack[p.n].yhi)
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

// Terminal implements engine.Position. Beside the real end of the game it
// reports positions decided at once: the side to move has a five to play
// (win), or the opponent threatens five on two cells that cannot both be
// blocked (loss).
func (p *Position) Terminal() (bool, int) {
	if p.n > 0 && p.stack[p.n-1].won {
		return true, -engine.Win
	}
	if p.empty == 0 {
		return true, 0
	}
	if p.cnt[p.side][ev.TFive] > 0 {
		return true, engine.Win
	}
	if p.cnt[p.side^1][ev.TFive] >= 2 {
		return true, -engine.Win
	}
	if p.cnt[p.side][ev.TFlex4] > 0 && p.cnt[p.side^1][ev.TFive] == 0 {
		// an open four (or two fours) to play and nothing to fear: the five
		// follows whatever the opponent does
		return true, engine.Win
	}
	if p.Quiesce && p.cnt[p.side][ev.T43] > 0 && p.rule != Renju && p.fours(p.side^1) == 0 {
		// a four-three against no four: the opponent must block the four
		// (the block is off the line of the three, and makes no four),
		// then the three becomes an open four. Not under renju, where the
		// classes of black's likely forbidden cells are left out.
		return true, engine.Win
	}
	if p.SearchVCF > 0 && p.cnt[p.side][ev.TB4]+p.cnt[p.side][ev.T43] > 0 && p.threatPly() && !p.poll() &&
		p.searchVCF(uint64(p.SearchVCF), 0) {
		// a proven win by continuous fours
		return true, engine.Win
	}
	return false, 0
}

// threatPly tells whether the in-search threat checks run at this node.
func (p *Position) threatPly() bool {
	return p.VCFPlies <= 0 || p.rootN < 0 || p.n-p.rootN <= p.VCFPlies
}

// leafVCFDepth bounds the leaf VCF check in attacker moves.
const leafVCFDepth = 10

// Evaluate implements engine.Position: the pattern score for the side to move.
func (p *Position) Evaluate() int {
	s := p.side
	p.poll()
	if p.vctSide >= 0 {
		return 0
	}
	if p.LeafVCF > 0 && p.cnt[s^1][ev.TFive] == 0 && p.cnt[s][ev.TB4]+p.cnt[s][ev.T43] > 0 &&
		p.searchVCF(uint64(p.LeafVCF), leafVCFDepth) {
		return ev.VCFWin
	}
	if p.Quiesce {
		if p.cnt[s^1][ev.TFive] > 0 {
			// a five to block: standing pat means nothing here, the block
			// (GenNoisy) decides
			if p.n <= p.genN+1 {
				p.qBase = -1 // the block's position will freeze its own score
			}
			return -ev.VCFWin
		}
		if p.n > p.genN+1 && p.qBase > p.genN && p.qBase < p.n {
			// inside the quiescence: fours and blocks only prove wins, the
			// score of any other line is the stand pat of its first
			// position (the pattern scores after a four and its block are
			// noise, not gain)
			if s == p.qSide {
				return p.qVal
			}
			return -p.qVal
		}
		v := p.score()
		p.qBase, p.qSide, p.qVal = p.n, s, v
		return v
	}
	return p.score()
}

// score is the pattern evaluation for the side to move.
func (p *Position) score() int {
	s := p.side
	v := p.ev.W.Score(p.sum[s], p.sum[s^1], &p.cnt[s], &p.cnt[s^1])
	if v >= engine.WinBound {
		v = engine.WinBound - 1
	} else if v <= -engine.WinBound {
		v = -engine.WinBound + 1
	}
	return v
}

// fours counts the cells where side s makes a four or a five.
func (p *Position) fours(s int) int32 {
	c := &p.cnt[s]
	return c[ev.TB4] + c[ev.T43] + c[ev.TFlex4] + c[ev.TFive]
}

// Clone implements engine.Position.
func (p *Position) Clone() engine.Position {
	q := *p
	return &q
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
