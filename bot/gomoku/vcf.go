package gomoku

import (
	"sync/atomic"
	"time"

	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// VCF: victory by continuous fours. The attacker (the side to move) plays a
// four at every move; the defender's answer is forced (the five point), unless
// the defender already has a five to play. A line wins when the attacker gets
// an open four (or two fours at once) or a five, or when a renju black
// defender is forced onto a forbidden cell.

const (
	vcfMaxDepth = 40
	vcfHashBits = 16
	noneBits    = 14
)

type vcfState struct {
	nodes uint64
	limit uint64
	// stop, if set, aborts the search when true; deadline, if not zero,
	// aborts it when passed (both checked every 256 nodes)
	stop     *atomic.Bool
	deadline time.Time
	failed   [1 << vcfHashBits]uint64 // hashes of positions without VCF (by depth left)
	fdep     [1 << vcfHashBits]uint8
	// none holds the keys (hash and limits) of positions where a
	// search-time VCF check found nothing, so that revisits cost nothing
	none  [1 << noneBits]uint64
	pv    [vcfMaxDepth * 2]engine.Move
	pvLen int
	line  [vcfMaxDepth * 2]engine.Move
}

// VCFResult is the outcome of a VCF search.
type VCFResult struct {
	Win   bool
	Move  engine.Move   // the first move of the win
	Line  []engine.Move // attacker and defender moves, the win included
	Nodes uint64
}

// SetVCFLimits makes later VCF searches give up when stop becomes true or
// the deadline passes (nil and zero: never).
func (p *Search) SetVCFLimits(stop *atomic.Bool, deadline time.Time) {
	p.vcf.stop = stop
	p.vcf.deadline = deadline
}

// ClearVCF forgets the positions known to have no VCF.
func (p *Search) ClearVCF() {
	p.vcf.failed = [1 << vcfHashBits]uint64{}
	p.vcf.fdep = [1 << vcfHashBits]uint8{}
	p.vcf.none = [1 << noneBits]uint64{}
}

// searchVCF is the VCF check of the search hooks: HasVCF within the budget
// and depth (attacker moves, 0: the maximum), remembering the positions
// where it found nothing. The table is keyed by the hash and the limits, so
// that checks with other limits (in-search and leaf checks) share it
// without mistaking one for the other.
func (p *Search) searchVCF(budget uint64, depth int) bool {
	st := &p.vcf
	key := p.Hash() ^ (budget*0x9E3779B97F4A7C15 + uint64(depth)*0xC2B2AE3D27D4EB4F)
	slot := key & (1<<noneBits - 1)
	if st.none[slot] == key {
		return false
	}
	if p.HasVCF(budget, depth) {
		return true
	}
	if st.limit != 0 { // not abandoned on a stop
		st.none[slot] = key
	}
	return false
}

// VCF searches a victory by continuous fours for the side to move, visiting
// at most maxNodes positions (0: a default of one million), depth at most
// maxDepth attacker moves (0: the maximum).
func (p *Search) VCF(maxNodes uint64, maxDepth int) VCFResult {
	if maxNodes == 0 {
		maxNodes = 1 << 20
	}
	if maxDepth <= 0 || maxDepth > vcfMaxDepth {
		maxDepth = vcfMaxDepth
	}
	st := &p.vcf
	st.nodes = 0
	st.limit = maxNodes
	st.pvLen = 0
	win := p.vcfSearch(maxDepth, 0)
	r := VCFResult{Win: win, Nodes: st.nodes}
	if win && st.pvLen > 0 {
		r.Line = append([]engine.Move(nil), st.pv[:st.pvLen]...)
		r.Move = r.Line[0]
	}
	return r
}

// HasVCF is VCF without the line, for use inside searches (no allocation).
func (p *Search) HasVCF(maxNodes uint64, maxDepth int) bool {
	st := &p.vcf
	st.nodes = 0
	st.limit = maxNodes
	st.pvLen = 0
	if maxDepth <= 0 || maxDepth > vcfMaxDepth {
		maxDepth = vcfMaxDepth
	}
	return p.vcfSearch(maxDepth, 0)
}

func (p *Search) vcfSearch(depth, ply int) bool {
	st := &p.vcf
	st.nodes++
	if st.nodes > st.limit {
		return false
	}
	if st.nodes&255 == 0 && ((st.stop != nil && st.stop.Load()) ||
		(!st.deadline.IsZero() && time.Now().After(st.deadline)) || (p.clk != nil && p.clk.expired())) {
		st.limit = 0 // abandon, and do not record failures
		return false
	}
	a, d := p.Side(), p.Side()^1
	if p.Count(a, ev.TFive) > 0 {
		c, _ := p.FiveCell(a)
		st.line[ply] = engine.Move(c)
		st.pvLen = copy(st.pv[:], st.line[:ply+1])
		return true
	}
	if depth == 0 {
		return false
	}
	slot := p.Hash() & (1<<vcfHashBits - 1)
	if st.failed[slot] == p.Hash() && int(st.fdep[slot]) >= depth {
		return false
	}
	lo, hi := p.ScanRange()
	forced := -1
	if p.Count(d, ev.TFive) > 0 {
		b, n := p.FiveCell(d)
		if n > 1 || !p.HasCode(a, b, ev.B4) || !p.Allowed(b) {
			return false
		}
		forced = b
		lo, hi = b, b+1
	}
	// the attacker's four cells still to visit (exact by class, except for
	// renju black, whose likely forbidden cells have no class)
	left := int(p.Count(a, ev.TB4) + p.Count(a, ev.T43) + p.Count(a, ev.TFlex4))
	exact := !(a == game.Black && p.Rule() == game.Renju)
	for c := p.NextFour(a, lo, hi); c < hi; c = p.NextFour(a, c+1, hi) {
		if exact && left == 0 {
			break
		}
		if p.Near(c) == 0 {
			continue
		}
		cl := p.Class(a, c)
		if cl == ev.TB4 || cl == ev.T43 || cl == ev.TFlex4 {
			left--
		}
		if !p.Allowed(c) {
			continue
		}
		st.line[ply] = engine.Move(c)
		if cl == ev.TFlex4 && forced < 0 {
			// open four or double four, opponent has no five: won
			// (the five follows next move)
			p.Make(engine.Move(c))
			b := p.FiveCellNear(a, c)
			p.Unmake(engine.Move(c))
			if b >= 0 {
				st.line[ply+1] = engine.Move(b) // any defence; shown for the record
				st.pvLen = copy(st.pv[:], st.line[:ply+1])
				return true
			}
		}
		p.Make(engine.Move(c))
		b := p.FiveCellNear(a, c)
		if b < 0 {
			p.Unmake(engine.Move(c))
			continue
		}
		if p.Rule() == game.Renju && d == game.Black && p.Forbidden(b) {
			// the only defence is forbidden for black
			p.Unmake(engine.Move(c))
			st.pvLen = copy(st.pv[:], st.line[:ply+1])
			return true
		}
		if p.MakesFive(d, b) {
			// the defence wins (cannot happen without a prior five threat)
			p.Unmake(engine.Move(c))
			continue
		}
		st.line[ply+1] = engine.Move(b)
		p.Make(engine.Move(b))
		win := p.vcfSearch(depth-1, ply+2)
		p.Unmake(engine.Move(b))
		p.Unmake(engine.Move(c))
		if win {
			return true
		}
		if st.nodes > st.limit {
			return false
		}
	}
	if st.nodes <= st.limit {
		st.failed[slot] = p.Hash()
		st.fdep[slot] = uint8(depth)
	}
	return false
}

// OpponentVCF reports whether the side not to move would have a VCF if it
// could move now (the threat the side to move must answer).
func (p *Search) OpponentVCF(maxNodes uint64, maxDepth int) VCFResult {
	p.SetSide(p.Side() ^ 1)
	r := p.VCF(maxNodes, maxDepth)
	p.SetSide(p.Side() ^ 1)
	return r
}

// opponentVCFLine looks for a VCF of the side not to move within the node
// budget and returns its line (attacker and defender cells) without
// allocating: the slice is valid until the next VCF search.
func (p *Search) opponentVCFLine(nodes uint64) []engine.Move {
	p.SetSide(p.Side() ^ 1)
	win := p.searchVCF(nodes, 0)
	p.SetSide(p.Side() ^ 1)
	if !win {
		return nil
	}
	return p.vcf.pv[:p.vcf.pvLen]
}

// breaksVCF tells whether the side to move's stone m stops the opponent's
// VCF line (attacker and defender cells, as opponentVCFLine returns it):
// after m the line, replayed move for move, no longer wins. A stone on
// the line breaks it; so does one that turns a forced block of ours into
// a four, or takes a four of the line away. The line replayed is the
// only one tried: the opponent may have another (the search's own
// threat checks look further).
func (p *Search) breaksVCF(m engine.Move, line []engine.Move) bool {
	if len(line) == 0 {
		return false
	}
	s, o := p.Side(), p.Side()^1
	p.Position.Make(m)
	made := 1
	broken := true
	for i := 0; i < len(line); i += 2 {
		a := int(line[i])
		if p.Cell(a) != game.Empty || !p.Allowed(a) {
			break
		}
		if n := p.Count(s, ev.TFive); n > 0 && (n > 1 || !p.MakesFive(s, a)) {
			break // we have a five the line does not block
		}
		if i == len(line)-1 {
			// the line's last stone: a five, an open four or a four
			// whose block is forbidden to us
			cl := p.Class(o, a)
			blackBlocks := p.Rule() == game.Renju && s == game.Black
			broken = !(cl == ev.TFive || cl == ev.TFlex4 || blackBlocks && (cl == ev.TB4 || cl == ev.T43))
			break
		}
		p.Position.Make(engine.Move(a))
		made++
		d := int(line[i+1])
		if p.Count(s, ev.TFive) > 0 {
			break // our five comes first
		}
		if _, n := p.FiveCell(o); n > 1 {
			broken = false // two fives to block: the line wins here
			break
		}
		if p.Cell(d) != game.Empty || !p.MakesFive(o, d) || !p.Allowed(d) {
			// the four threatens nothing at the line's block, or the
			// block is ours no more (a forbidden block loses: not broken)
			broken = p.Cell(d) != game.Empty || !p.MakesFive(o, d)
			break
		}
		p.Position.Make(engine.Move(d))
		made++
	}
	for ; made > 0; made-- {
		p.Position.Unmake(p.MoveBack(0))
	}
	return broken
}
