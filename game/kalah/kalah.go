package kalah

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pentad-ai/pentad/engine"
)

// Board sides. South moves first.
const (
	South = 0
	North = 1
)

// MaxHoles is the largest number of holes per side supported.
const MaxHoles = 10

// Swap is the move code of the pie-rule swap; sowing moves are the hole
// numbers 1..Holes of the side to move.
const Swap engine.Move = 32

// Rules select the variant.
type Rules struct {
	Holes int // holes per side, 1..MaxHoles
	Seeds int // seeds per hole at the start
	// FirstMoveRule: the game's first move never earns an extra turn (the
	// tournament engine's quirk).
	FirstMoveRule bool
	// Pie: North may answer the first move with Swap.
	Pie bool
	// CaptureEmpty: a last seed in an own empty hole is captured even when
	// the opposite hole is empty (the "empty capture" variant).
	CaptureEmpty bool
}

// Tournament is Kalah(7,7) as the course tournament engine plays it.
var Tournament = Rules{Holes: 7, Seeds: 7, FirstMoveRule: true, Pie: true}

// Raw returns plain Kalah(h,s): no pie rule, no first-move rule.
func Raw(h, s int) Rules { return Rules{Holes: h, Seeds: s} }

// Validate reports whether the rules are playable.
func (r Rules) Validate() error {
	if r.Holes < 1 || r.Holes > MaxHoles {
		return fmt.Errorf("holes must be 1..%d", MaxHoles)
	}
	if r.Seeds < 0 || 2*r.Holes*r.Seeds > 255 {
		return errors.New("seeds out of range (at most 255 in all)")
	}
	return nil
}

// Total is the number of seeds in the game.
func (r Rules) Total() int { return 2 * r.Holes * r.Seeds }

const maxUndo = 1024

type undo struct {
	pits      [2*MaxHoles + 2]uint8
	hash      uint64
	side      uint8
	swapped   bool
	first     bool
	swapAvail bool
	over      bool
}

// Position is a Kalah position with its undo stack. Pits are indexed South
// holes 0..h-1, South store h, North holes h+1..2h, North store 2h+1.
type Position struct {
	r         Rules
	h         int
	pits      [2*MaxHoles + 2]uint8
	side      uint8 // board side to move
	swapped   bool  // players have exchanged sides (pie rule)
	first     bool  // the next move is the game's first move
	swapAvail bool  // the next move may be Swap
	over      bool
	hash      uint64
	stack     [maxUndo]undo
	sp        int
	z         *zobrist
}

type zobrist struct {
	delta [2*MaxHoles + 2][256]uint64 // key(pit,c) ^ key(pit,c+1)
	key   [2*MaxHoles + 2][257]uint64
	side  uint64
	swap  uint64
	first uint64
	swpd  uint64
}

var zob = func() *zobrist {
	z := &zobrist{}
	keys := engine.ZobristKeys(0x6B616C6168, (2*MaxHoles+2)*257+4)
	k := 0
	for p := range z.key {
		for c := range z.key[p] {
			if c > 0 {
				z.key[p][c] = keys[k]
			}
			k++
		}
		for c := range z.delta[p] {
			z.delta[p][c] = z.key[p][c] ^ z.key[p][c+1]
		}
	}
	z.side, z.swap, z.first, z.swpd = keys[k], keys[k+1], keys[k+2], keys[k+3]
	return z
}()

// New returns the start position of r. It panics on invalid rules; check
// r.Validate first for user input.
func New(r Rules) *Position {
	if err := r.Validate(); err != nil {
		panic(err)
	}
	p := &Position{r: r, h: r.Holes, z: zob}
	for i := 0; i < r.Holes; i++ {
		p.pits[i] = uint8(r.Seeds)
		p.pits[r.Holes+1+i] = uint8(r.Seeds)
	}
	p.first = true
	p.rehash()
	return p
}

// Rules returns the variant being played.
func (p *Position) Rules() Rules { return p.r }

func (p *Position) rehash() {
	var h uint64
	for i := 0; i < 2*p.h+2; i++ {
		h ^= p.z.key[i][p.pits[i]]
	}
	if p.side == North {
		h ^= p.z.side
	}
	if p.swapAvail {
		h ^= p.z.swap
	}
	if p.first {
		h ^= p.z.first
	}
	if p.swapped {
		h ^= p.z.swpd
	}
	p.hash = h
}

// Copy returns an independent copy.
func (p *Position) Copy() *Position {
	c := *p
	return &c
}

// Hash implements engine.Position.
func (p *Position) Hash() uint64 { return p.hash }

// Side is the player to move for the search: the board side, exchanged after
// a swap, so that a swap counts as a change of player.
func (p *Position) Side() int {
	s := int(p.side)
	if p.swapped {
		s ^= 1
	}
	return s
}

// ToMove is the board side to move (South or North).
func (p *Position) ToMove() int { return int(p.side) }

// FirstMove reports whether the next move is the game's first move.
func (p *Position) FirstMove() bool { return p.first }

// Holes is the number of holes per side.
func (p *Position) Holes() int { return p.h }

// Swapped reports whether the players have exchanged sides.
func (p *Position) Swapped() bool { return p.swapped }

// SwapAvailable reports whether the next move may be Swap.
func (p *Position) SwapAvailable() bool { return p.swapAvail && !p.over }

// Over reports whether the game has ended.
func (p *Position) Over() bool { return p.over }

// Store returns the seeds in side's store.
func (p *Position) Store(side int) int { return int(p.pits[p.storeIdx(side)]) }

// Hole returns the seeds in hole n (1..Holes) of side.
func (p *Position) Hole(side, n int) int { return int(p.pits[side*(p.h+1)+n-1]) }

func (p *Position) storeIdx(side int) int { return side*(p.h+1) + p.h }

// GenMoves implements engine.Position.
func (p *Position) GenMoves(buf []engine.Move) []engine.Move {
	if p.over {
		return buf
	}
	base := int(p.side) * (p.h + 1)
	for i := 0; i < p.h; i++ {
		if p.pits[base+i] != 0 {
			buf = append(buf, engine.Move(i+1))
		}
	}
	if p.swapAvail {
		buf = append(buf, Swap)
	}
	return buf
}

// Legal reports whether m is a legal move now.
func (p *Position) Legal(m engine.Move) bool {
	if p.over {
		return false
	}
	if m == Swap {
		return p.swapAvail
	}
	if m < 1 || int(m) > p.h {
		return false
	}
	return p.pits[int(p.side)*(p.h+1)+int(m)-1] != 0
}

// Make implements engine.Position. m must be legal.
func (p *Position) Make(m engine.Move) {
	u := &p.stack[p.sp]
	p.sp++
	u.pits = p.pits
	u.hash = p.hash
	u.side = p.side
	u.swapped = p.swapped
	u.first = p.first
	u.swapAvail = p.swapAvail
	u.over = p.over
	z := p.z
	h := p.hash
	if p.swapAvail {
		h ^= z.swap
		p.swapAvail = false
	}
	if m == Swap {
		p.swapped = !p.swapped
		h ^= z.swpd
		p.hash = h
		return
	}
	wasFirst := p.first
	if p.first {
		h ^= z.first
		p.first = false
	}
	hh := p.h
	n := 2*hh + 2
	side := int(p.side)
	skip := (1-side)*(hh+1) + hh // opponent's store
	own := side*(hh+1) + hh
	i := side*(hh+1) + int(m) - 1
	seeds := int(p.pits[i])
	h ^= z.key[i][seeds]
	p.pits[i] = 0
	for seeds > 0 {
		i++
		if i == n {
			i = 0
		}
		if i == skip {
			continue
		}
		c := p.pits[i]
		h ^= z.delta[i][c]
		p.pits[i] = c + 1
		seeds--
	}
	extra := false
	if i == own {
		extra = !(wasFirst && p.r.FirstMoveRule)
	} else if p.pits[i] == 1 && i/(hh+1) == side {
		opp := 2*hh - i
		if p.pits[opp] != 0 || p.r.CaptureEmpty {
			gain := p.pits[opp] + 1
			h ^= z.key[i][1] ^ z.key[opp][p.pits[opp]]
			p.pits[i] = 0
			p.pits[opp] = 0
			h ^= z.key[own][p.pits[own]]
			p.pits[own] += gain
			h ^= z.key[own][p.pits[own]]
		}
	}
	// Game end: a side with empty holes; the other side keeps its seeds.
	var sumS, sumN int
	for k := 0; k < hh; k++ {
		sumS += int(p.pits[k])
		sumN += int(p.pits[hh+1+k])
	}
	if sumS == 0 || sumN == 0 {
		for k := 0; k < hh; k++ {
			if c := p.pits[k]; c != 0 {
				h ^= z.key[k][c]
				p.pits[k] = 0
			}
			if c := p.pits[hh+1+k]; c != 0 {
				h ^= z.key[hh+1+k][c]
				p.pits[hh+1+k] = 0
			}
		}
		h ^= z.key[hh][p.pits[hh]] ^ z.key[2*hh+1][p.pits[2*hh+1]]
		p.pits[hh] += uint8(sumS)
		p.pits[2*hh+1] += uint8(sumN)
		h ^= z.key[hh][p.pits[hh]] ^ z.key[2*hh+1][p.pits[2*hh+1]]
		p.over = true
	}
	if !extra {
		p.side ^= 1
		h ^= z.side
	}
	if wasFirst && p.r.Pie && p.side == North && !p.over {
		p.swapAvail = true
		h ^= z.swap
	}
	p.hash = h
}

// Unmake implements engine.Position.
func (p *Position) Unmake(engine.Move) {
	p.sp--
	u := &p.stack[p.sp]
	p.pits = u.pits
	p.hash = u.hash
	p.side = u.side
	p.swapped = u.swapped
	p.first = u.first
	p.swapAvail = u.swapAvail
	p.over = u.over
}

// Play makes a move given by the caller (not part of a search): it checks
// legality and resets the undo stack when it would overflow.
func (p *Position) Play(m engine.Move) error {
	if !p.Legal(m) {
		return fmt.Errorf("illegal move %s", p.MoveString(m))
	}
	if p.sp >= maxUndo/2 {
		p.sp = 0
	}
	p.Make(m)
	return nil
}

// MoveString writes a move as the protocol does: the hole number or SWAP.
func (p *Position) MoveString(m engine.Move) string {
	if m == Swap {
		return "SWAP"
	}
	return strconv.Itoa(int(m))
}

// ParseMove reads a hole number or SWAP.
func ParseMove(s string, holes int) (engine.Move, error) {
	if s == "SWAP" {
		return Swap, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > holes {
		return engine.NoMove, fmt.Errorf("bad move %q", s)
	}
	return engine.Move(n), nil
}

// Winner returns South or North for a finished game, or -1 for a draw or a
// game in progress. After a swap the board sides are still reported.
func (p *Position) Winner() int {
	if !p.over {
		return -1
	}
	s, n := p.Store(South), p.Store(North)
	switch {
	case s > n:
		return South
	case n > s:
		return North
	}
	return -1
}

// State is the protocol's state string: North holes 1..h, North store,
// South holes 1..h, South store.
func (p *Position) State() string {
	var b strings.Builder
	for i := 0; i <= p.h; i++ {
		b.WriteString(strconv.Itoa(int(p.pits[p.h+1+i])))
		b.WriteByte(',')
	}
	for i := 0; i <= p.h; i++ {
		b.WriteString(strconv.Itoa(int(p.pits[i])))
		if i < p.h {
			b.WriteByte(',')
		}
	}
	return b.String()
}

// ParseState reads a protocol state string for h holes into pit counts in
// this package's layout.
func ParseState(s string, h int) ([2*MaxHoles + 2]uint8, error) {
	var pits [2*MaxHoles + 2]uint8
	f := strings.Split(s, ",")
	if len(f) != 2*h+2 {
		return pits, fmt.Errorf("state has %d fields, want %d", len(f), 2*h+2)
	}
	for i, x := range f {
		v, err := strconv.Atoi(x)
		if err != nil || v < 0 || v > 255 {
			return pits, fmt.Errorf("bad count %q", x)
		}
		// protocol: north 0..h, south h+1..2h+1
		if i <= h {
			pits[h+1+i] = uint8(v)
		} else {
			pits[i-h-1] = uint8(v)
		}
	}
	return pits, nil
}

// SetState replaces the board with pits (as ParseState returns) and sets the
// board side to move; the pie and first-move flags are given explicitly.
// The undo stack is cleared.
func (p *Position) SetState(pits [2*MaxHoles + 2]uint8, toMove int, swapped, first, swapAvail bool) error {
	total := 0
	for i := 0; i < 2*p.h+2; i++ {
		total += int(pits[i])
	}
	if total != p.r.Total() {
		return fmt.Errorf("state holds %d seeds, want %d", total, p.r.Total())
	}
	p.pits = pits
	p.side = uint8(toMove & 1)
	p.swapped = swapped
	p.first = first
	p.swapAvail = swapAvail
	p.sp = 0
	var sumS, sumN int
	for k := 0; k < p.h; k++ {
		sumS += int(pits[k])
		sumN += int(pits[p.h+1+k])
	}
	p.over = sumS == 0 || sumN == 0
	p.rehash()
	return nil
}

// Pits returns the board in this package's layout.
func (p *Position) Pits() [2*MaxHoles + 2]uint8 { return p.pits }

// Terminal implements engine.Position by the rules alone: a finished game,
// or a store holding more than half of the seeds (or both exactly half).
// bot/kalah adds the endgame database's positions to it.
func (p *Position) Terminal() (bool, int) {
	me := int(p.side)
	mine, theirs := int(p.pits[p.storeIdx(me)]), int(p.pits[p.storeIdx(1-me)])
	half := p.r.Total() / 2
	if p.over {
		return true, Outcome(mine - theirs)
	}
	if 2*mine > p.r.Total() {
		return true, engine.Win
	}
	if 2*theirs > p.r.Total() {
		return true, -engine.Win
	}
	if mine == half && theirs == half {
		return true, 0
	}
	return false, 0
}

// Outcome is the search score of a final store difference x for the side
// to move: engine.Win, -engine.Win, or 0 for a draw.
func Outcome(x int) int {
	switch {
	case x > 0:
		return engine.Win
	case x < 0:
		return -engine.Win
	}
	return 0
}
