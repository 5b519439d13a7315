package gomoku

import (
	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
)

// DefaultCandidates bounds the quiet moves GenMoves returns (the best by
// pattern value); threat responses are never cut. Position.Candidates
// overrides it when positive.
const DefaultCandidates = 24

// boardStart and boardEnd bound the scan over the padded array.
// fullRange spans every cell of the board; scanRange only the rows within
// two of a stone, where every candidate, four and five cell lies.
func (p *Position) fullRange() (int, int) {
	return pad*stride + pad, (pad+p.h-1)*stride + pad + p.w
}

func (p *Position) scanRange() (int, int) {
	if p.ylo > p.yhi {
		return 0, 0
	}
	y0, y1 := max(p.ylo-2, 0), min(p.yhi+2, p.h-1)
	return (pad+y0)*stride + pad, (pad+y1)*stride + pad + p.w
}

// legalFor filters a candidate for the side to move (renju forbidden moves).
func (p *Position) legalFor(c int) bool {
	if p.rule != Renju || p.side != Black {
		return true
	}
	if p.cls[Black][c] == ev.TFive {
		return true
	}
	if !blackSuspect(p.pat[Black][c]) {
		return true
	}
	return !p.Forbidden(c)
}

// hasCode reports whether any line code of cell c for side s is at least min.
func (p *Position) hasCode(s, c int, min uint8) bool {
	pt := p.pat[s][c]
	for d := 0; d < 4; d++ {
		if v := uint8(pt>>(4*d)) & 0xF; v >= min && v != ev.Over {
			return true
		}
	}
	return false
}

// GenMoves implements engine.Position: the candidate moves of the search.
// Threats restrict them: against a five only the block; against an open
// three or a four-to-be (the opponent can make an open four or double four)
// the own fours and the cells where the opponent makes a four; otherwise the
// empty cells within two of a stone, the best DefaultCandidates by value.
func (p *Position) GenMoves(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	p.poll()
	p.genN = p.n
	s, o := p.side, p.side^1
	lo, hi := p.scanRange()
	if p.Stones() == 0 {
		c := p.Index(p.w/2, p.h/2)
		return append(buf, engine.Move(c))
	}
	if p.n == p.wideAt {
		for c := lo; c < hi; c++ {
			if p.cell[c] == Empty && p.near[c] > 0 && p.legalFor(c) {
				buf = append(buf, engine.Move(c))
			}
		}
		return buf
	}
	if p.cnt[s][ev.TFive] > 0 {
		for c := lo; c < hi; c++ {
			if p.cell[c] == Empty && p.cls[s][c] == ev.TFive {
				return append(buf, engine.Move(c))
			}
		}
	}
	if p.cnt[o][ev.TFive] > 0 {
		for c := lo; c < hi; c++ {
			if p.cell[c] == Empty && p.cls[o][c] == ev.TFive && p.legalFor(c) {
				buf = append(buf, engine.Move(c))
			}
		}
		if len(buf) > 0 {
			return buf
		}
	}
	if s == p.vctSide {
		// threat-space search: the attacker plays only fours and threes
		for c := lo; c < hi; c++ {
			if p.cell[c] == Empty && p.near[c] > 0 && p.hasCode(s, c, ev.F3) && p.legalFor(c) {
				buf = append(buf, engine.Move(c))
			}
		}
		return buf
	}
	if p.cnt[o][ev.TFlex4] > 0 {
		for c := lo; c < hi; c++ {
			if p.cell[c] != Empty || p.near[c] == 0 {
				continue
			}
			if (p.hasCode(s, c, ev.B4) || p.hasCode(o, c, ev.B4)) && p.legalFor(c) {
				buf = append(buf, engine.Move(c))
			}
		}
		if len(buf) > 0 {
			return buf
		}
	}
	if p.SearchVCF > 0 && p.cnt[o][ev.TB4]+p.cnt[o][ev.T43] > 0 && p.threatPly() {
		if line := p.opponentVCFLine(uint64(p.SearchVCF)); len(line) > 0 {
			// the opponent wins by fours unless we break the line: only
			// the cells of the line and our own fours can
			for c := lo; c < hi; c++ {
				if p.cell[c] == Empty && p.near[c] > 0 && p.hasCode(s, c, ev.B4) && p.legalFor(c) {
					buf = append(buf, engine.Move(c))
				}
			}
			for _, m := range line {
				c := int(m)
				if p.cell[c] == Empty && !p.hasCode(s, c, ev.B4) && p.legalFor(c) {
					buf = append(buf, m)
				}
			}
			if len(buf) > 0 {
				return buf
			}
		}
	}
	vals := &p.genVals
	for c := lo; c < hi; c++ {
		if p.cell[c] == Empty && p.near[c] > 0 && p.legalFor(c) {
			vals[len(buf)] = p.moveValue(c)
			buf = append(buf, engine.Move(c))
		}
	}
	limit := DefaultCandidates
	if p.Candidates > 0 {
		limit = p.Candidates
	}
	if p.Taper && p.rootN >= 0 {
		// narrower deeper in the tree
		switch d := p.n - p.rootN; {
		case d >= 4:
			limit = max(limit/2, 8)
		case d >= 2:
			limit = max(limit*2/3, 8)
		}
	}
	if len(buf) > limit {
		// the best limit moves by value, in no particular order (the
		// search orders them itself)
		selectTop(buf, vals[:len(buf)], limit)
		buf = buf[:limit]
	}
	return buf
}

// selectTop moves the k entries of largest value to the front of ms (and
// vals), in linear expected time (quickselect with a middle pivot).
func selectTop(ms []engine.Move, vals []int32, k int) {
	lo, hi := 0, len(ms)-1
	for lo < hi {
		pivot := vals[(lo+hi)/2]
		i, j := lo, hi
		for i <= j {
			for vals[i] > pivot {
				i++
			}
			for vals[j] < pivot {
				j--
			}
			if i <= j {
				vals[i], vals[j] = vals[j], vals[i]
				ms[i], ms[j] = ms[j], ms[i]
				i++
				j--
			}
		}
		// [lo, j] >= pivot >= [i, hi]
		switch {
		case k-1 <= j:
			hi = j
		case k-1 >= i:
			lo = i
		default:
			return
		}
	}
}

// moveValue is the ordering value of cell c for the side to move: its own
// gain plus what it takes from the opponent.
func (p *Position) moveValue(c int) int32 {
	return p.val[p.side][c]*OwnWeight/4 + p.val[p.side^1][c]
}

// OwnWeight (over 4) weighs attack against defence in move ordering.
const OwnWeight = 5

// ScoreMove implements engine.MoveScorer.
func (p *Position) ScoreMove(m engine.Move) int {
	return int(p.moveValue(int(m))) + 1
}

// IsLegal for the search's table moves is the full legality test, which the
// engine's Legality interface asks for.
var _ engine.Legality = (*Position)(nil)

// LegalMoves appends every legal move (every empty cell, less renju
// forbidden cells for black) to buf[:0]; it is empty when the game is over.
func (p *Position) LegalMoves(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	if over, _, _ := p.Status(); over {
		return buf
	}
	lo, hi := p.fullRange()
	for c := lo; c < hi; c++ {
		if p.cell[c] == Empty && p.legalFor(c) {
			buf = append(buf, engine.Move(c))
		}
	}
	return buf
}

// Perft counts the move sequences of the given length over legal moves,
// stopping at finished games.
func (p *Position) Perft(depth int) uint64 {
	bufs := make([][]engine.Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]engine.Move, 0, MaxSize*MaxSize)
	}
	return p.perft(depth, bufs)
}

func (p *Position) perft(depth int, bufs [][]engine.Move) uint64 {
	if depth == 0 {
		return 1
	}
	moves := p.LegalMoves(bufs[depth])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.Make(m)
		n += p.perft(depth-1, bufs)
		p.Unmake(m)
	}
	return n
}

// PerftPosition adapts a position to bench.Perft and bench.Divide: all legal
// moves, and only the real end of the game.
type PerftPosition struct{ *Position }

// GenMoves lists every legal move.
func (q PerftPosition) GenMoves(buf []engine.Move) []engine.Move { return q.LegalMoves(buf) }

// Terminal is the real end of the game.
func (q PerftPosition) Terminal() (bool, int) {
	over, _, _ := q.Status()
	return over, 0
}

// GenNoisy implements engine.Noisy when Quiesce is on: the block of the
// opponent's five, or else the fours of the side to move within
// QuiescePlies of the depth-0 node, so that the quiescence search follows
// continuous fours (Evaluate keeps the stand pat of the depth-0 node along
// them: only wins change the score). With Quiesce off it returns nothing
// and the search stands pat.
func (p *Position) GenNoisy(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	if !p.Quiesce || p.vctSide >= 0 {
		return buf
	}
	s, o := p.side, p.side^1
	lo, hi := p.scanRange()
	if p.cnt[o][ev.TFive] > 0 {
		for c := lo; c < hi; c++ {
			if p.cell[c] == Empty && p.cls[o][c] == ev.TFive && p.legalFor(c) {
				buf = append(buf, engine.Move(c))
			}
		}
		return buf
	}
	if p.cnt[s][ev.TB4]+p.cnt[s][ev.T43] == 0 && !(s == Black && p.rule == Renju) {
		return buf
	}
	qp := p.QuiescePlies
	if qp <= 0 {
		qp = DefaultQuiescePlies
	}
	qply := p.n - (p.genN + 1)
	if qply >= qp {
		return buf
	}
	// after the first four of the line, only fours in line with our
	// previous stone (within 4 cells): the others could have been played
	// first, and trying them in every order multiplies the nodes
	last := -1
	if qply >= 2 {
		last = int(p.stack[p.n-2].move)
	}
	for c := lo; c < hi; c++ {
		if p.cell[c] == Empty && p.near[c] > 0 && p.hasCode(s, c, ev.B4) && (last < 0 || alignedNear(c, last)) && p.legalFor(c) {
			buf = append(buf, engine.Move(c))
		}
	}
	return buf
}

// alignedNear tells whether cells a and b lie on one line within 4 cells.
func alignedNear(a, b int) bool {
	dx := a%stride - b%stride
	dy := a/stride - b/stride
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	return max(dx, dy) <= 4 && (dx == 0 || dy == 0 || dx == dy)
}
