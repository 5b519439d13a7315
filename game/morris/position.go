package morris

import (
	"math/bits"

	"github.com/pentad-ai/pentad/engine"
)

// Game constants of the rules.
const (
	PlacementPlies = 18  // the first 18 plies place pieces
	DrawPlies      = 100 // plies without advancement that draw the game
	MaxPlies       = 9999
)

// Sides.
const (
	White = 0
	Black = 1
)

var (
	zPiece [2][Nodes]uint64
	zHand  [2][10]uint64
	zSide  uint64
)

func init() {
	k := engine.ZobristKeys(0x4D4F5252, 2*Nodes+20+1)
	i := 0
	for s := 0; s < 2; s++ {
		for n := 0; n < Nodes; n++ {
			zPiece[s][n] = k[i]
			i++
		}
		for h := 1; h < 10; h++ { // an empty hand adds nothing
			zHand[s][h] = k[i]
			i++
		}
	}
	zSide = k[i]
}

type undo struct {
	noAdv int32
	hash  uint64
}

// Position is a Nine men's morris position with its game history (for the
// repetition rule). It is the rules only: bot/morris wraps it with the
// evaluation and the endgame databases into an engine.Position. The zero
// value is not usable: make one with NewPosition or ParsePosition.
type Position struct {
	occ   [2]uint32
	hand  [2]int
	side  int
	ply   int // plies played since the start of the game
	noAdv int // plies without advancement
	hash  uint64
	hist  []uint64 // hash of every position of the game, the current one last
	undos []undo
	root  int // index in hist of the search root; repetitions after it draw at once
}

// NewPosition returns the start position: empty board, white to place.
func NewPosition() *Position {
	p := &Position{}
	p.set([2]uint32{}, White, 0, 0)
	return p
}

func handsFor(side, ply int) [2]int {
	var h [2]int
	if ply < PlacementPlies {
		left := PlacementPlies - ply
		h[side] = (left + 1) / 2
		h[side^1] = left / 2
	}
	return h
}

func (p *Position) set(occ [2]uint32, side, ply, noAdv int) {
	p.occ = occ
	p.side = side
	p.ply = ply
	p.noAdv = noAdv
	p.hand = handsFor(side, ply)
	p.hash = p.computeHash()
	if cap(p.hist) < 2048 {
		p.hist = make([]uint64, 0, 2048)
		p.undos = make([]undo, 0, 2048)
	}
	p.hist = append(p.hist[:0], p.hash)
	p.undos = p.undos[:0]
	p.root = 0
}

func (p *Position) computeHash() uint64 {
	var h uint64
	for s := 0; s < 2; s++ {
		for b := p.occ[s]; b != 0; b &= b - 1 {
			h ^= zPiece[s][bits.TrailingZeros32(b)]
		}
		h ^= zHand[s][p.hand[s]]
	}
	if p.side == Black {
		h ^= zSide
	}
	return h
}

// MarkRoot makes the current position the root of a search: a position
// repeated after it counts as a draw at once (a repetition the side to move
// can force is as good as the third occurrence).
func (p *Position) MarkRoot() { p.root = len(p.hist) - 1 }

// SearchPly is the number of plies played since MarkRoot.
func (p *Position) SearchPly() int { return len(p.hist) - 1 - p.root }

// ResetHistory forgets the game history before the current position: the
// repetition and no-advancement rules count from here (a set-up start).
func (p *Position) ResetHistory() {
	p.hist = p.hist[len(p.hist)-1:]
	p.undos = p.undos[:0]
}

// Side is the side to move.
func (p *Position) Side() int { return p.side }

// Hash is the Zobrist key (board, hands, side to move).
func (p *Position) Hash() uint64 { return p.hash }

// Pieces is the set of nodes occupied by side s.
func (p *Position) Pieces(s int) uint32 { return p.occ[s] }

// Hand is the number of pieces side s still has to place.
func (p *Position) Hand(s int) int { return p.hand[s] }

// Ply is the number of plies played.
func (p *Position) Ply() int { return p.ply }

// NoAdvance is the number of plies without advancement.
func (p *Position) NoAdvance() int { return p.noAdv }

// Placing reports whether the game is in the placement phase.
func (p *Position) Placing() bool { return p.ply < PlacementPlies }

// Move encoding: bit 15 always set, to in bits 0..4, from+1 in bits 5..9
// (0: a placement), take+1 in bits 10..14 (0: no take).
func encode(from, to, take int) engine.Move {
	return engine.Move(1<<15 | uint32(to) | uint32(from+1)<<5 | uint32(take+1)<<10)
}

// MoveParts decodes a move: from is -1 for a placement, take -1 without a take.
func MoveParts(m engine.Move) (from, to, take int) {
	return int(m>>5&31) - 1, int(m & 31), int(m>>10&31) - 1
}

// NewMove builds a move from its parts (from -1: placement, take -1: none).
func NewMove(from, to, take int) engine.Move { return encode(from, to, take) }

// GenMoves appends every legal move to buf[:0]. It does not look at the
// game-over rules: call Terminal or Status first. A mill closed while the
// opponent has no piece on the board takes nothing.
func (p *Position) GenMoves(buf []engine.Move) []engine.Move { return p.gen(buf, false) }

// GenNoisy appends the moves that close a mill (quiescence search).
func (p *Position) GenNoisy(buf []engine.Move) []engine.Move { return p.gen(buf, true) }

// gen appends every legal move, or with millsOnly only those closing a mill.
func (p *Position) gen(buf []engine.Move, millsOnly bool) []engine.Move {
	buf = buf[:0]
	us, them := p.occ[p.side], p.occ[p.side^1]
	empty := All &^ (us | them)
	var takeable uint32
	haveTake := false
	if p.ply < PlacementPlies {
		for e := empty; e != 0; e &= e - 1 {
			t := bits.TrailingZeros32(e)
			if them != 0 && Closes(us, t) {
				if !haveTake {
					takeable, haveTake = Takeable(them), true
				}
				for x := takeable; x != 0; x &= x - 1 {
					buf = append(buf, encode(-1, t, bits.TrailingZeros32(x)))
				}
			} else if !millsOnly {
				buf = append(buf, encode(-1, t, -1))
			}
		}
		return buf
	}
	fly := bits.OnesCount32(us) == 3
	for f := us; f != 0; f &= f - 1 {
		from := bits.TrailingZeros32(f)
		own := us &^ (1 << from)
		dest := empty
		if !fly {
			dest &= Adj[from]
		}
		for d := dest; d != 0; d &= d - 1 {
			t := bits.TrailingZeros32(d)
			if them != 0 && Closes(own, t) {
				if !haveTake {
					takeable, haveTake = Takeable(them), true
				}
				for x := takeable; x != 0; x &= x - 1 {
					buf = append(buf, encode(from, t, bits.TrailingZeros32(x)))
				}
			} else if !millsOnly {
				buf = append(buf, encode(from, t, -1))
			}
		}
	}
	return buf
}

// CountMoves is the number of legal moves, computed without generating them.
func (p *Position) CountMoves() int {
	us, them := p.occ[p.side], p.occ[p.side^1]
	empty := All &^ (us | them)
	n := 0
	takes := 0
	if p.ply < PlacementPlies {
		for e := empty; e != 0; e &= e - 1 {
			if them != 0 && Closes(us, bits.TrailingZeros32(e)) {
				takes++
			} else {
				n++
			}
		}
	} else {
		fly := bits.OnesCount32(us) == 3
		for f := us; f != 0; f &= f - 1 {
			from := bits.TrailingZeros32(f)
			own := us &^ (1 << from)
			dest := empty
			if !fly {
				dest &= Adj[from]
			}
			for d := dest; d != 0; d &= d - 1 {
				if them != 0 && Closes(own, bits.TrailingZeros32(d)) {
					takes++
				} else {
					n++
				}
			}
		}
	}
	if takes > 0 {
		n += takes * bits.OnesCount32(Takeable(them))
	}
	return n
}

// Make plays m, which must be legal.
func (p *Position) Make(m engine.Move) {
	from, to, take := MoveParts(m)
	s := p.side
	p.undos = append(p.undos, undo{noAdv: int32(p.noAdv), hash: p.hash})
	h := p.hash
	adv := false
	if from < 0 {
		h ^= zHand[s][p.hand[s]]
		p.hand[s]--
		h ^= zHand[s][p.hand[s]]
		adv = true
	} else {
		p.occ[s] &^= 1 << from
		h ^= zPiece[s][from]
	}
	p.occ[s] |= 1 << to
	h ^= zPiece[s][to]
	if take >= 0 {
		p.occ[s^1] &^= 1 << take
		h ^= zPiece[s^1][take]
		adv = true
	}
	if adv {
		p.noAdv = 0
	} else {
		p.noAdv++
	}
	p.side ^= 1
	h ^= zSide
	p.hash = h
	p.ply++
	p.hist = append(p.hist, h)
}

// Unmake takes back m, the last move made.
func (p *Position) Unmake(m engine.Move) {
	from, to, take := MoveParts(m)
	p.ply--
	p.side ^= 1
	s := p.side
	u := p.undos[len(p.undos)-1]
	p.undos = p.undos[:len(p.undos)-1]
	p.hist = p.hist[:len(p.hist)-1]
	p.noAdv = int(u.noAdv)
	p.hash = u.hash
	p.occ[s] &^= 1 << to
	if from < 0 {
		p.hand[s]++
	} else {
		p.occ[s] |= 1 << from
	}
	if take >= 0 {
		p.occ[s^1] |= 1 << take
	}
}

// Outcome of a finished game.
const (
	NotOver = iota
	LessThanThree
	Blocked
	NoAdvance
	Repetition
)

// Status reports whether the game is over by the rules, the winner (White,
// Black, or -1 for a draw) and the reason (NotOver, LessThanThree, Blocked,
// NoAdvance, Repetition).
func (p *Position) Status() (over bool, winner int, reason int) {
	s := p.side
	if p.ply >= PlacementPlies {
		if bits.OnesCount32(p.occ[s]) < 3 {
			return true, s ^ 1, LessThanThree
		}
		if bits.OnesCount32(p.occ[s^1]) < 3 {
			return true, s, LessThanThree
		}
		if p.blocked() {
			return true, s ^ 1, Blocked
		}
	}
	if p.ply < PlacementPlies && p.occ[0]|p.occ[1] == All {
		return true, s ^ 1, Blocked // only in a set-up position: no node to place on
	}
	if p.noAdv >= DrawPlies {
		return true, -1, NoAdvance
	}
	if p.repetitions(false) >= 2 {
		return true, -1, Repetition
	}
	return false, -1, NotOver
}

// blocked reports whether the side to move, in the moving phase, has no move.
func (p *Position) blocked() bool {
	us := p.occ[p.side]
	empty := All &^ (us | p.occ[p.side^1])
	if bits.OnesCount32(us) == 3 {
		return empty == 0
	}
	return Neighbours(us)&empty == 0
}

// repetitions counts earlier occurrences of the current position (same
// board and side to move) since the last advancement. With inSearch, an
// occurrence at or after the search root counts as two.
func (p *Position) repetitions(inSearch bool) int {
	n := len(p.hist) - 1
	if p.noAdv < 4 || n < 4 {
		return 0
	}
	h := p.hash
	lo := n - p.noAdv
	if lo < 0 {
		lo = 0
	}
	c := 0
	for j := n - 4; j >= lo; j -= 2 {
		if p.hist[j] == h {
			if inSearch && j >= p.root {
				return 2
			}
			c++
		}
	}
	return c
}

// Terminal reports the game-over rules as a search sees them: the score
// for the side to move (-engine.Win for a loss, engine.Win for a win, 0 for a
// draw), with a repetition after the search root (MarkRoot) a draw at once.
// It is the Terminal of bot/morris's searchable position without the endgame
// databases, and what bench.Perft needs.
func (p *Position) Terminal() (bool, int) {
	s := p.side
	if p.ply >= PlacementPlies {
		nu, nt := bits.OnesCount32(p.occ[s]), bits.OnesCount32(p.occ[s^1])
		if nu < 3 {
			return true, -engine.Win
		}
		if nt < 3 {
			return true, engine.Win
		}
		if p.blocked() {
			return true, -engine.Win
		}
		if p.noAdv >= DrawPlies {
			return true, 0
		}
		if p.repetitions(true) >= 2 {
			return true, 0
		}
		return false, 0
	}
	if p.occ[0]|p.occ[1] == All {
		return true, -engine.Win
	}
	return false, 0
}

// Copy returns an independent copy.
func (p *Position) Copy() *Position {
	q := *p
	room := max(2048, len(p.hist)+2*engine.MaxPly)
	q.hist = make([]uint64, len(p.hist), room)
	copy(q.hist, p.hist)
	q.undos = make([]undo, len(p.undos), room)
	copy(q.undos, p.undos)
	return &q
}

// IsLegal reports whether m is a legal move here (the game not being over).
func (p *Position) IsLegal(m engine.Move) bool {
	var buf [engine.MaxMoves]engine.Move
	for _, x := range p.GenMoves(buf[:0]) {
		if x == m {
			return true
		}
	}
	return false
}
