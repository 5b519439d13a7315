package stones

import (
	"errors"
	"fmt"

	"github.com/pentad-ai/pentad/engine"
)

// Sides. White (colour +1 on the wire) moves first.
const (
	White = 0
	Black = 1
)

// Stone types as on the wire.
const (
	TypeA = 1
	TypeB = 2
	TypeC = 3
)

// Action kinds as on the wire (MoveType).
const (
	Pass       = 0
	Attack     = 1
	Strengthen = 2
)

// Board geometry: a padded 11x11 mailbox around the 9x9 array, so that every
// ray ends on an Off cell. Cell ids 0..59 number the playable cells row by
// row; squares are mailbox indices.
const (
	width = 11
	// Squares is the size of the mailbox.
	Squares  = width * width
	NumCells = 60
	Off      = int8(-128) // not a playable cell (outside, or the centre)
	MaxH     = 30         // highest possible stack: all 30 stones of a side
)

// Dirs are the mailbox offsets of the six lines: N, S, E, W, SE, NW.
var Dirs = [6]int{-width, width, 1, -1, width + 1, -width - 1}

var (
	sqOf    [NumCells]uint8 // cell id -> mailbox square
	idOf    [width * width]int8
	offMask [width * width]bool
)

// Sq returns the mailbox square of board coordinates (x, y); it does not
// check validity.
func Sq(x, y int) int { return (y+1)*width + x + 1 }

// XY returns the board coordinates of a mailbox square.
func XY(sq int) (x, y int) { return sq%width - 1, sq/width - 1 }

// Valid reports whether (x, y) is one of the 60 playable cells.
func Valid(x, y int) bool {
	d := x - y
	return x >= 0 && x <= 8 && y >= 0 && y <= 8 && d < 5 && d > -5 && !(x == 4 && y == 4)
}

func init() {
	for i := range idOf {
		idOf[i] = -1
		offMask[i] = true
	}
	n := 0
	for y := 0; y < 9; y++ {
		for x := 0; x < 9; x++ {
			if Valid(x, y) {
				sq := Sq(x, y)
				sqOf[n] = uint8(sq)
				idOf[sq] = int8(n)
				offMask[sq] = false
				n++
			}
		}
	}
	if n != NumCells {
		panic("stones: geometry")
	}
	keys := engine.ZobristKeys(0x5704E5, NumCells*zCell+2)
	copy(zobrist[:], keys[:NumCells*zCell])
	zSide = keys[NumCells*zCell]
	zPhase = keys[NumCells*zCell+1]
}

// Zobrist keys: per cell, per colour and type (6), per height 0..31.
const zCell = 6 * 32

var (
	zobrist [NumCells * zCell]uint64
	zSide   uint64
	zPhase  uint64
)

func zkey(sq int, v int8) uint64 {
	a := int(v)
	col := 0
	if a < 0 {
		a = -a
		col = 3
	}
	return zobrist[int(idOf[sq])*zCell+(col+a&3-1)*32+a>>2]
}

// Encode packs an owner side, a type and a height into a cell value
// (owner * (height*4 + type) with White = +1).
func Encode(side, typ, height int) int8 {
	v := int8(height*4 + typ)
	if side == Black {
		return -v
	}
	return v
}

// TypeOf is the type of the top of a non-empty cell value.
func TypeOf(v int8) int {
	if v < 0 {
		v = -v
	}
	return int(v & 3)
}

// HeightOf is the height of a non-empty cell value.
func HeightOf(v int8) int {
	if v < 0 {
		v = -v
	}
	return int(v >> 2)
}

// Owner is the side owning a non-empty cell value.
func Owner(v int8) int {
	if v < 0 {
		return Black
	}
	return White
}

// Move encoding: kind<<12 | to<<6 | from, with cell ids; never 0.
const (
	kindAttack     = 1
	kindStrengthen = 2
	kindPass       = 3
	// PassMove is the pass action.
	PassMove = engine.Move(kindPass << 12)
)

// MakeMove builds an attack or strengthen action between two cell ids.
func MakeMove(kind, from, to int) engine.Move {
	if kind == Pass {
		return PassMove
	}
	return engine.Move(kind<<12 | to<<6 | from)
}

// Kind is the wire MoveType of m: Pass, Attack or Strengthen.
func Kind(m engine.Move) int {
	k := int(m >> 12)
	if k == kindPass {
		return Pass
	}
	return k
}

// From is the source cell id of an attack or strengthen.
func From(m engine.Move) int { return int(m & 63) }

// To is the target cell id of an attack or strengthen.
func To(m engine.Move) int { return int(m >> 6 & 63) }

// CellXY returns the coordinates of a cell id.
func CellXY(id int) (x, y int) { return XY(int(sqOf[id])) }

// SqOfID is the board square of a cell id (the index Cell and Dirs use).
func SqOfID(id int) int { return int(sqOf[id]) }

// IDOfSq is the cell id of a playable board square.
func IDOfSq(sq int) int { return int(idOf[sq]) }

// CellID returns the cell id of (x, y), or -1 when it is not playable.
func CellID(x, y int) int {
	if !Valid(x, y) {
		return -1
	}
	return int(idOf[Sq(x, y)])
}

type undo struct {
	m        engine.Move
	captured int8 // old content of the target square
	moved    int8 // old content of the source square
	idx      uint8
	side     uint8
	phase    uint8
	hash     uint64
}

// Position is a Game of Stones position: the board, the side to move and
// which action of its turn is due. It implements engine.Position.
type Position struct {
	cell  [width * width]int8
	side  int
	phase int          // 0: attack required; 1: pass, attack or strengthen
	count [2][4]int8   // stacks per side and top type
	list  [2][32]uint8 // squares of each side's stacks
	n     [2]int
	pos   [width * width]uint8 // index of a square in its owner's list
	hash  uint64
	undo  [320]undo
	nundo int
}

// ErrBadBoard reports a board that cannot be a Game of Stones position.
var ErrBadBoard = errors.New("stones: bad board")

// StartState is the contest engine's fixed start position (state[y][x]).
var StartState = [9][9]int{
	{5, 5, 5, 5, -5, 0, 0, 0, 0},
	{-5, 6, 6, 6, -6, -5, 0, 0, 0},
	{-5, -6, 7, 7, -7, -6, -5, 0, 0},
	{-5, -6, -7, 5, -5, -7, -6, -5, 0},
	{-5, -6, -7, -5, 0, 5, 7, 6, 5},
	{0, 5, 6, 7, 5, -5, 7, 6, 5},
	{0, 0, 5, 6, 7, -7, -7, 6, 5},
	{0, 0, 0, 5, 6, -6, -6, -6, 5},
	{0, 0, 0, 0, 5, -5, -5, -5, -5},
}

// NewGame returns the start position, White to move its single opening
// attack.
func NewGame() *Position {
	p, err := FromState(StartState, White, 0)
	if err != nil {
		panic(err)
	}
	return p
}

// FromState builds a position from a wire board (state[y][x]), the side to
// move and the action due (0: the attack that opens a turn; 1: the second
// action). Cells outside the 60 playable ones must be 0.
func FromState(state [9][9]int, side, phase int) (*Position, error) {
	if side != White && side != Black {
		return nil, fmt.Errorf("stones: side %d", side)
	}
	if phase != 0 && phase != 1 {
		return nil, fmt.Errorf("stones: phase %d", phase)
	}
	p := &Position{side: side, phase: phase}
	for i := range p.cell {
		if offMask[i] {
			p.cell[i] = Off
		}
	}
	for y := 0; y < 9; y++ {
		for x := 0; x < 9; x++ {
			v := state[y][x]
			if v == 0 {
				continue
			}
			if !Valid(x, y) {
				return nil, fmt.Errorf("%w: stone on unplayable cell (%d,%d)", ErrBadBoard, x, y)
			}
			a := v
			if a < 0 {
				a = -a
			}
			t, h := a&3, a>>2
			if t == 0 || h < 1 || h > MaxH {
				return nil, fmt.Errorf("%w: cell value %d at (%d,%d)", ErrBadBoard, v, x, y)
			}
			s := White
			if v < 0 {
				s = Black
			}
			if p.n[s] >= len(p.list[s]) {
				return nil, fmt.Errorf("%w: too many stacks", ErrBadBoard)
			}
			sq := Sq(x, y)
			p.cell[sq] = Encode(s, t, h)
			p.count[s][t]++
			p.pos[sq] = uint8(p.n[s])
			p.list[s][p.n[s]] = uint8(sq)
			p.n[s]++
		}
	}
	p.hash = p.computeHash()
	return p, nil
}

func (p *Position) computeHash() uint64 {
	var h uint64
	for id := 0; id < NumCells; id++ {
		sq := int(sqOf[id])
		if v := p.cell[sq]; v != 0 {
			h ^= zkey(sq, v)
		}
	}
	if p.side == Black {
		h ^= zSide
	}
	if p.phase == 1 {
		h ^= zPhase
	}
	return h
}

// State returns the board in wire form (state[y][x]).
func (p *Position) State() [9][9]int {
	var s [9][9]int
	for id := 0; id < NumCells; id++ {
		x, y := CellXY(id)
		s[y][x] = int(p.cell[sqOf[id]])
	}
	return s
}

// SideToMove is White or Black.
func (p *Position) SideToMove() int { return p.side }

// Phase is 0 when the attack that opens a turn is due, 1 for the second
// action (pass, attack or strengthen).
func (p *Position) Phase() int { return p.phase }

// SingleActionTurn reports whether the turn being played consists of one
// attack only: White's opening turn (all 60 stacks still on the board).
func (p *Position) SingleActionTurn() bool {
	return p.phase == 0 && p.side == White && p.n[0]+p.n[1] == NumCells
}

// Cell is the content of mailbox square sq (Off outside the board).
func (p *Position) Cell(sq int) int8 { return p.cell[sq] }

// Board is the mailbox (11x11, Off outside the 60 cells) for fast reading;
// do not modify it.
func (p *Position) Board() *[width * width]int8 { return &p.cell }

// Count is the number of stacks of side s whose top is of type t.
func (p *Position) Count(s, t int) int { return int(p.count[s][t]) }

// Stacks returns the mailbox squares of the stacks of side s (do not modify).
func (p *Position) Stacks(s int) []uint8 { return p.list[s][:p.n[s]] }

// Hash implements engine.Position.
func (p *Position) Hash() uint64 { return p.hash }

// Side implements engine.Position.
func (p *Position) Side() int { return p.side }

// Copy returns an independent copy with an empty undo history.
func (p *Position) Copy() *Position {
	q := *p
	q.nundo = 0
	return &q
}

func (p *Position) own(v int8) bool {
	if v == 0 || v == Off {
		return false
	}
	return (v < 0) == (p.side == Black)
}

// GenMoves implements engine.Position: the legal actions. The first action
// of a turn must be an attack; the second may also be a pass or a
// strengthen.
func (p *Position) GenMoves(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	if p.phase == 1 {
		buf = append(buf, PassMove)
	}
	return p.gen(buf, p.phase == 1)
}

func (p *Position) gen(buf []engine.Move, strengthen bool) []engine.Move {
	s := p.side
	black := s == Black
	for _, f := range p.list[s][:p.n[s]] {
		sq := int(f)
		v := p.cell[sq]
		h := v
		if h < 0 {
			h = -h
		}
		h >>= 2
		from := int(idOf[sq])
		for _, d := range Dirs {
			t := sq + d
			for p.cell[t] == 0 {
				t += d
			}
			w := p.cell[t]
			if w == Off {
				continue
			}
			if (w < 0) != black { // enemy
				a := w
				if a < 0 {
					a = -a
				}
				if a>>2 <= h {
					buf = append(buf, engine.Move(kindAttack<<12|int(idOf[t])<<6|from))
				}
			} else if strengthen {
				buf = append(buf, engine.Move(kindStrengthen<<12|int(idOf[t])<<6|from))
			}
		}
	}
	return buf
}

// HasAttack reports whether the side to move has an attack.
func (p *Position) HasAttack() bool {
	s := p.side
	black := s == Black
	for _, f := range p.list[s][:p.n[s]] {
		sq := int(f)
		v := p.cell[sq]
		if v < 0 {
			v = -v
		}
		h := v >> 2
		for _, d := range Dirs {
			t := sq + d
			for p.cell[t] == 0 {
				t += d
			}
			w := p.cell[t]
			if w == Off || (w < 0) == black {
				continue
			}
			if w < 0 {
				w = -w
			}
			if w>>2 <= h {
				return true
			}
		}
	}
	return false
}

// Make implements engine.Position.
func (p *Position) Make(m engine.Move) {
	u := &p.undo[p.nundo]
	p.nundo++
	u.m = m
	u.side = uint8(p.side)
	u.phase = uint8(p.phase)
	u.hash = p.hash
	single := p.phase == 0 && p.side == White && p.n[0]+p.n[1] == NumCells
	s := p.side
	if k := int(m >> 12); k != kindPass {
		f := int(sqOf[m&63])
		t := int(sqOf[m>>6&63])
		vf, vt := p.cell[f], p.cell[t]
		u.moved, u.captured = vf, vt
		h := p.hash ^ zkey(f, vf) ^ zkey(t, vt)
		if k == kindAttack {
			o := s ^ 1
			p.count[o][TypeOf(vt)]--
			// remove the target from the enemy list
			ti := p.pos[t]
			u.idx = ti
			p.n[o]--
			last := p.list[o][p.n[o]]
			p.list[o][ti] = last
			p.pos[last] = ti
			// move our stack
			fi := p.pos[f]
			p.list[s][fi] = uint8(t)
			p.pos[t] = fi
			p.cell[t] = vf
			p.cell[f] = 0
			h ^= zkey(t, vf)
		} else {
			p.count[s][TypeOf(vt)]--
			fi := p.pos[f]
			u.idx = fi
			p.n[s]--
			last := p.list[s][p.n[s]]
			p.list[s][fi] = last
			p.pos[last] = fi
			nv := Encode(s, TypeOf(vf), HeightOf(vf)+HeightOf(vt))
			p.cell[t] = nv
			p.cell[f] = 0
			h ^= zkey(t, nv)
		}
		p.hash = h
	}
	if p.phase == 0 && !single {
		p.phase = 1
		p.hash ^= zPhase
	} else {
		if p.phase == 1 {
			p.hash ^= zPhase
		}
		p.phase = 0
		p.side ^= 1
		p.hash ^= zSide
	}
}

// Unmake implements engine.Position.
func (p *Position) Unmake(m engine.Move) {
	p.nundo--
	u := &p.undo[p.nundo]
	p.side = int(u.side)
	p.phase = int(u.phase)
	p.hash = u.hash
	k := int(m >> 12)
	if k == kindPass {
		return
	}
	s := p.side
	f := int(sqOf[m&63])
	t := int(sqOf[m>>6&63])
	p.cell[f] = u.moved
	p.cell[t] = u.captured
	if k == kindAttack {
		o := s ^ 1
		p.count[o][TypeOf(u.captured)]++
		fi := p.pos[t]
		p.pos[f] = fi
		p.list[s][fi] = uint8(f)
		ti := u.idx
		moved := p.list[o][ti]
		p.list[o][p.n[o]] = moved
		p.pos[moved] = uint8(p.n[o])
		p.n[o]++
		p.list[o][ti] = uint8(t)
		p.pos[t] = ti
	} else {
		p.count[s][TypeOf(u.captured)]++
		fi := u.idx
		moved := p.list[s][fi]
		p.list[s][p.n[s]] = moved
		p.pos[moved] = uint8(p.n[s])
		p.n[s]++
		p.list[s][fi] = uint8(f)
		p.pos[f] = fi
	}
}

// Loser returns the side that has lost because it has no stack of some
// type, or -1.
func (p *Position) Loser() int {
	// Only the side that just acted can change counts: an attack removes
	// the opponent's type, a strengthen one of the mover's own. Check the
	// side to move first; a position where both lack a type is judged
	// against the side to move.
	for _, s := range [2]int{p.side, p.side ^ 1} {
		c := &p.count[s]
		if c[1] == 0 || c[2] == 0 || c[3] == 0 {
			return s
		}
	}
	return -1
}

// Terminal implements engine.Position: a side without a stack of some type
// has lost, and so has a side that must attack and cannot.
func (p *Position) Terminal() (bool, int) {
	c := &p.count[p.side]
	if c[1] == 0 || c[2] == 0 || c[3] == 0 {
		return true, -engine.Win
	}
	c = &p.count[p.side^1]
	if c[1] == 0 || c[2] == 0 || c[3] == 0 {
		return true, engine.Win
	}
	if p.phase == 0 && !p.HasAttack() {
		return true, -engine.Win
	}
	return false, 0
}

// Status reports whether the game is over and, if so, the winner and why.
func (p *Position) Status() (over bool, winner int, reason string) {
	if l := p.Loser(); l >= 0 {
		return true, l ^ 1, fmt.Sprintf("%s has no stack of some type", SideName(l))
	}
	if p.phase == 0 && !p.HasAttack() {
		return true, p.side ^ 1, fmt.Sprintf("%s cannot attack", SideName(p.side))
	}
	return false, -1, ""
}

// SideName is "white" or "black".
func SideName(s int) string {
	if s == Black {
		return "black"
	}
	return "white"
}

// IsLegal reports whether m is a legal action here.
func (p *Position) IsLegal(m engine.Move) bool {
	var buf [256]engine.Move
	for _, x := range p.GenMoves(buf[:0]) {
		if x == m {
			return true
		}
	}
	return false
}

// NumStacks is the number of stacks of side s.
func (p *Position) NumStacks(s int) int { return p.n[s] }

// ChildKey is the hash of the position after m, without making it.
func (p *Position) ChildKey(m engine.Move) uint64 {
	h := p.hash
	if k := int(m >> 12); k != kindPass {
		f := int(sqOf[m&63])
		t := int(sqOf[m>>6&63])
		vf, vt := p.cell[f], p.cell[t]
		h ^= zkey(f, vf) ^ zkey(t, vt)
		if k == kindAttack {
			h ^= zkey(t, vf)
		} else {
			h ^= zkey(t, Encode(p.side, TypeOf(vf), HeightOf(vf)+HeightOf(vt)))
		}
	}
	if p.phase == 0 && !(p.side == White && p.n[0]+p.n[1] == NumCells) {
		return h ^ zPhase
	}
	if p.phase == 1 {
		h ^= zPhase
	}
	return h ^ zSide
}
