package gomoku

import (
	"slices"
	"sync/atomic"
	"time"

	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// Search is the position the brain searches: the rules position of
// game/gomoku (embedded by value: its Make, Unmake, Hash and Side are the
// engine's) with the evaluation plugged in (its cell table kept up to date
// by the rules position, its Score here), and the search-only state. It
// implements engine.Position, engine.MoveScorer, engine.Noisy and
// engine.Legality. The zero value is not usable: make one with NewSearch.
type Search struct {
	game.Position
	eval *ev.Eval
	// Quiesce turns on the quiescence search over fours (GenNoisy).
	Quiesce bool
	// Taper narrows the candidates with the distance from the search root
	// (rootN, the stack depth of the root; -1 when unknown).
	Taper bool
	rootN int
	// Candidates overrides DefaultCandidates when positive.
	Candidates int
	// RootCandidates overrides DefaultRootCandidates when positive: the
	// quiet-move width at the search root (rootN), never below Candidates.
	RootCandidates int
	// WidePlies, when positive, gives the nodes that many plies below the
	// root the root's width (RootCandidates) too; negative, none below
	// the root; 0, DefaultWidePlies.
	WidePlies int
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
	// QuiesceComb narrows the quiescence's lines of fours: from the
	// QuiesceComb-th four of a line on (1 the first), a side plays only the
	// fours that also make an open two or a blocked three or more in
	// another line (comboFour), as Rapfi's quiescence does; 0:
	// DefaultQuiesceComb, negative: every four.
	QuiesceComb int
	// genN is the stack depth of the last GenMoves call. The search calls
	// GenMoves at every inner node and never in the quiescence, so the
	// depth-0 node of a quiescence search is at genN+1.
	genN int
	// qBase is the stack depth where the quiescence froze its stand-pat
	// score qVal (for side qSide), or -1
	qBase, qSide int
	qVal         int
	// nullGenN keeps genN across the passes of null-move pruning, by the
	// stack depth of the pass
	nullGenN [game.MaxSize*game.MaxSize + 1]int16
	// IndirectDefences widens GenMoves' answers to an opponent's VCF
	// (SearchVCF) from the line's cells and our fours to every cell that
	// breaks the line (indirectDefences).
	IndirectDefences bool
	// ContAttack, when positive, reduces our late threats (open threes and
	// fours) that many plies less when our previous move was a threat too,
	// in place of AdjustReduction's other adjustment: facing, by stack
	// depth, tells whether the side to move there faced an open four or
	// five to be (kept by GenMoves only while ContAttack is on)
	facing     [game.MaxSize*game.MaxSize + 1]bool
	ContAttack int
	// WidenLost searches, at a node whose listed moves all lost, the
	// candidates GenMoves left out of the list (Widen): a node is scored
	// lost only when none of its candidates saves it.
	WidenLost bool
	// scratch for the VCF solver and move generation
	genVals [game.MaxSize * game.MaxSize]int32
	// genCut is, by stack depth, how many moves the last GenMoves there
	// listed before it kept the best (0: it kept them all; see Widen)
	genCut  [game.MaxSize*game.MaxSize + 1]int16
	lineBuf [game.MaxSize * game.MaxSize]engine.Move
	vcf     vcfState
}

// IsLegal for the search's table moves is the full legality test, which the
// engine's Legality interface asks for.
var (
	_ engine.Position   = (*Search)(nil)
	_ engine.MoveScorer = (*Search)(nil)
	_ engine.Noisy      = (*Search)(nil)
	_ engine.Legality   = (*Search)(nil)
	_ engine.Reducer    = (*Search)(nil)
	_ engine.Pruner     = (*Search)(nil)
	_ engine.NullMover  = (*Search)(nil)
)

// NewSearch returns the empty board of w columns and h rows under rule,
// evaluated with the default weights.
func NewSearch(w, h int, rule game.Rule) (*Search, error) {
	p := &Search{}
	if err := p.Init(w, h, rule, ev.DefaultEval.Table); err != nil {
		return nil, err
	}
	p.eval = ev.DefaultEval
	p.wideAt = -1
	p.vctSide = -1
	p.rootN = -1
	p.genN = -1
	p.qBase = -1
	return p, nil
}

// SetEval makes p evaluate with e (nil: the default weights); the values of
// every empty cell are recomputed.
func (p *Search) SetEval(e *ev.Eval) {
	if e == nil {
		e = ev.DefaultEval
	}
	if p.eval == e {
		return
	}
	p.eval = e
	p.SetCellTable(e.Table)
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
func (p *Search) SetClock(c *Clock) { p.clk = c }

// pollEvery is how many hook calls pass between two reads of the clock.
const pollEvery = 16

// poll counts a hook call and reports whether the move must stop now.
func (p *Search) poll() bool {
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

// Terminal implements engine.Position. Beside the real end of the game it
// reports positions decided at once: the side to move has a five to play
// (win), or the opponent threatens five on two cells that cannot both be
// blocked (loss).
func (p *Search) Terminal() (bool, int) {
	if p.Ply() > 0 && p.Won() {
		return true, -engine.Win
	}
	if p.EmptyCells() == 0 {
		return true, 0
	}
	if p.Count(p.Side(), ev.TFive) > 0 {
		return true, engine.Win
	}
	if p.Count(p.Side()^1, ev.TFive) >= 2 {
		return true, -engine.Win
	}
	if p.Count(p.Side(), ev.TFlex4) > 0 && p.Count(p.Side()^1, ev.TFive) == 0 {
		// an open four (or two fours) to play and nothing to fear: the five
		// follows whatever the opponent does
		return true, engine.Win
	}
	if p.Quiesce && p.Count(p.Side(), ev.T43) > 0 && p.Rule() != game.Renju && p.fours(p.Side()^1) == 0 {
		// a four-three against no four: the opponent must block the four
		// (the block is off the line of the three, and makes no four),
		// then the three becomes an open four. Not under renju, where the
		// classes of black's likely forbidden cells are left out.
		return true, engine.Win
	}
	if p.SearchVCF > 0 && p.Count(p.Side(), ev.TB4)+p.Count(p.Side(), ev.T43) > 0 && p.threatPly() && !p.poll() &&
		p.searchVCF(uint64(p.SearchVCF), 0) {
		// a proven win by continuous fours
		return true, engine.Win
	}
	return false, 0
}

// threatPly tells whether the in-search threat checks run at this node.
func (p *Search) threatPly() bool {
	return p.VCFPlies <= 0 || p.rootN < 0 || p.Ply()-p.rootN <= p.VCFPlies
}

// leafVCFDepth bounds the leaf VCF check in attacker moves.
const leafVCFDepth = 10

// Evaluate implements engine.Position: the pattern score for the side to move.
func (p *Search) Evaluate() int {
	s := p.Side()
	p.poll()
	if p.vctSide >= 0 {
		return 0
	}
	if p.LeafVCF > 0 && p.Count(s^1, ev.TFive) == 0 && p.Count(s, ev.TB4)+p.Count(s, ev.T43) > 0 &&
		p.searchVCF(uint64(p.LeafVCF), leafVCFDepth) {
		return ev.VCFWin
	}
	if p.Quiesce {
		if p.Count(s^1, ev.TFive) > 0 {
			// a five to block: standing pat means nothing here, the block
			// (GenNoisy) decides
			if p.Ply() <= p.genN+1 {
				p.qBase = -1 // the block's position will freeze its own score
			}
			return -ev.VCFWin
		}
		if p.Ply() > p.genN+1 && p.qBase > p.genN && p.qBase < p.Ply() {
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
		p.qBase, p.qSide, p.qVal = p.Ply(), s, v
		return v
	}
	return p.score()
}

// score is the pattern evaluation for the side to move.
func (p *Search) score() int {
	s := p.Side()
	v := p.eval.Score(p.Sum(s), p.Sum(s^1), p.Counts(s), p.Counts(s^1))
	if v >= engine.WinBound {
		v = engine.WinBound - 1
	} else if v <= -engine.WinBound {
		v = -engine.WinBound + 1
	}
	return v
}

// StaticEval implements engine.Pruner: the pattern score for the side to
// move (0 inside a threat-space search, where only proofs count).
func (p *Search) StaticEval() int {
	if p.vctSide >= 0 {
		return 0
	}
	return p.score()
}

// CorrectionKeys implements engine.Corrector: the threat classes each side
// has (eval/gomoku.ThreatMask, from the side to move's view), and the last
// two moves.
func (p *Search) CorrectionKeys() (a, b uint64) {
	s := p.Side()
	a = uint64(ev.ThreatMask(p.Counts(s), p.Counts(s^1)))
	last, prev := uint64(p.MoveBack(0)), uint64(p.MoveBack(1))
	b = (last*0x9E3779B97F4A7C15 ^ prev*0xC2B2AE3D27D4EB4F) >> 40
	return a, b
}

// CorrectedStand implements engine.Corrector: v, the corrected stand pat
// of the quiescence's first node, is the score its lines of fours keep
// (Evaluate), where the pattern score was before. Elsewhere it changes
// nothing.
func (p *Search) CorrectedStand(v int) {
	if p.Quiesce && p.qBase == p.Ply() {
		p.qVal = v
	}
}

// Threatened implements engine.Pruner: the opponent makes five or an open
// four with its next stone, so every answer GenMoves lists must be searched.
// Inside a threat-space search every node counts as threatened: its proofs
// need every defence.
func (p *Search) Threatened() bool {
	o := p.Side() ^ 1
	return p.vctSide >= 0 || p.Count(o, ev.TFive) > 0 || p.Count(o, ev.TFlex4) > 0
}

// MakeNull implements engine.NullMover: the side to move passes. The pass
// stands for the GenMoves call of its node, so that a quiescence search
// right after it starts at the right depth (genN).
func (p *Search) MakeNull() {
	p.facing[p.Ply()] = false
	p.nullGenN[p.Ply()] = int16(p.genN)
	p.genN = p.Ply()
	p.Position.MakeNull()
}

// UnmakeNull implements engine.NullMover.
func (p *Search) UnmakeNull() {
	p.Position.UnmakeNull()
	p.genN = int(p.nullGenN[p.Ply()])
}

// fours counts the cells where side s makes a four or a five.
func (p *Search) fours(s int) int32 {
	c := p.Counts(s)
	return c[ev.TB4] + c[ev.T43] + c[ev.TFlex4] + c[ev.TFive]
}

// DefaultCandidates bounds the quiet moves GenMoves returns (the best by
// pattern value); threat responses are never cut. Search.Candidates
// overrides it when positive. 18 against the 24 before it (arena -game
// gomoku -tc 0/0.2 -games 400 -concurrency 2 -openings
// book/gomoku/data/openings-15-freestyle.txt, -threads 1 each): 18 at
// every node +47.2 +/- 28.3 Elo (seed 4507, ptnml [19 11 109 19 42]); 18
// below the root and 24 at it (the default) +12.2 +/- 27.7 (seed 4602,
// ptnml [26 10 124 4 36]); in session 41, before DefaultThreatLMR, 18
// at every node had scored -7.8 +/- 27.5. The three runs' mean is about
// +17 Elo (LOS about 98%). 32 had scored -6.9 +/- 25.7 (seed 3904).
// Against Rapfi (classical, one thread) at 1 s (arena -game gomoku -engine
// name=x cmd="pbrain-pentad -threads 1 -candidates 24" -engine name=base
// cmd=pbrain-rapfi -tc 0/1 -games 60 -concurrency 2 -openings
// book/gomoku/data/openings-15-balanced.txt -tolerance 3000 -seed S, seeds
// 6201, 6202 and 6203), 24 at every node scored 72-102-6 (41.7%, -58.5 +/-
// 46.0 Elo, ptnml [24 4 50 2 10]) where 18 scored 73-105-2 (41.1%) on the
// same openings: 18 stays. Wider does not reach the quiet answers that
// matter either: in a game of seed 6202 (pair 23) the answer that breaks
// an opponent's VCF six plies below the root ranks 38th of 107 by value.
// Nor does a width that grows with the depth left (session 65, an
// experiment binary: 2 more quiet moves a ply of depth beyond 6, at most
// 40), which scored 12-31-1 (28.4%) after 44 games of seed 6201, stopped,
// where 18 scored 19-38-3 (34.2%) on the same machine.
const DefaultCandidates = 18

// DefaultRootCandidates bounds the quiet moves at the search root, which
// is searched once an iteration and can afford a wider choice: a winning
// quiet move ranked 21st by pattern value is still searched there
// (TestSearchVCFFindsWins). In matches the root's width hardly counts:
// 18 at the root against 24, both 18 below, +9.6 +/- 28.6 Elo (seed 4603,
// same settings as DefaultCandidates).
const DefaultRootCandidates = 24

// DefaultWidePlies is how many plies below the search root the nodes take
// the root's width (DefaultRootCandidates) instead of DefaultCandidates:
// none. In a game against Rapfi (arena seed 6201, pair 19) after 7,4 7,8
// 9,7 8,6 8,5 9,6 10,5 7,6 the brain plays 10,6, scored +1300 at 1 s and
// +2583 at 5 s, and white's quiet 8,9, not among the 18 best-valued
// candidates of white's answers, wins by threats; with 24 candidates
// (-candidates 24) the brain plays 6,6, as Rapfi does. In matches the
// width did not pay: against Rapfi (classical, one thread) at 1 s
// (arena -game gomoku -engine name=x cmd="pbrain-pentad -threads 1 ..."
// -engine name=base cmd=pbrain-rapfi -tc 0/1 -games 60 -concurrency 2
// -openings book/gomoku/data/openings-15-balanced.txt -tolerance 3000
// -seed 6201), with DefaultIndirectDefences: the default 23-36-1
// (39.2%), -candidates 24 at every node 23-33-4 (41.7%), -wide-plies 2
// (24 candidates in the root's first two plies) 16-41-3 (29.2%); in
// session 63, the 18 plus every other cell where the side to move makes a
// three or a four, in the root's first two plies (an experiment binary),
// 20-40-0 (33.3%).
const DefaultWidePlies = -1

// GenMoves implements engine.Position: the candidate moves of the search.
// Threats restrict them: against a five only the block; against an open
// three or a four-to-be (the opponent can make an open four or double four)
// the own fours and the cells where the opponent makes a four; against a
// four-three to be, its defences (fourThreeDefences); otherwise the empty
// cells within two of a stone, the best DefaultCandidates by value. The
// four-three defences against the cell values' best 24 (with the
// single-reply extension; arena -game gomoku -tc 0/0.2 -games 200
// -concurrency 2 -openings book/gomoku/data/openings-15-freestyle.txt,
// -threads 1 each, seeds 1603 and 1604 merged): +19.1 +/- 27.3 Elo over
// 400 games (LOS 91.7%, ptnml [26 6 120 16 32]).
func (p *Search) GenMoves(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	p.poll()
	p.genN = p.Ply()
	p.genCut[p.Ply()] = 0
	s, o := p.Side(), p.Side()^1
	if p.ContAttack > 0 {
		p.facing[p.Ply()] = p.Count(o, ev.TFlex4)+p.Count(o, ev.TFive) > 0
	}
	lo, hi := p.ScanRange()
	if p.Stones() == 0 {
		c := p.Index(p.Width()/2, p.Height()/2)
		return append(buf, engine.Move(c))
	}
	if p.Ply() == p.wideAt {
		for c := p.NextCandidate(lo, hi); c < hi; c = p.NextCandidate(c+1, hi) {
			if p.Allowed(c) {
				buf = append(buf, engine.Move(c))
			}
		}
		return buf
	}
	if p.Count(s, ev.TFive) > 0 {
		for c := p.NextFour(s, lo, hi); c < hi; c = p.NextFour(s, c+1, hi) {
			if p.Class(s, c) == ev.TFive {
				return append(buf, engine.Move(c))
			}
		}
	}
	if p.Count(o, ev.TFive) > 0 {
		for c := p.NextFour(o, lo, hi); c < hi; c = p.NextFour(o, c+1, hi) {
			if p.Class(o, c) == ev.TFive && p.Allowed(c) {
				buf = append(buf, engine.Move(c))
			}
		}
		if len(buf) > 0 {
			return buf
		}
	}
	if s == p.vctSide {
		// threat-space search: the attacker plays only fours and threes
		for c := p.NextCandidate(lo, hi); c < hi; c = p.NextCandidate(c+1, hi) {
			if p.HasCode(s, c, ev.F3) && p.Allowed(c) {
				buf = append(buf, engine.Move(c))
			}
		}
		return buf
	}
	if p.Count(o, ev.TFlex4) > 0 {
		for c := p.NextFourEither(lo, hi); c < hi; c = p.NextFourEither(c+1, hi) {
			if p.Near(c) > 0 && p.Allowed(c) {
				buf = append(buf, engine.Move(c))
			}
		}
		if len(buf) > 0 {
			return buf
		}
	}
	if p.SearchVCF > 0 && p.Count(o, ev.TB4)+p.Count(o, ev.T43) > 0 && p.threatPly() {
		if line := p.opponentVCFLine(uint64(p.SearchVCF)); len(line) > 0 {
			// the opponent wins by fours unless we break the line: the
			// cells of the line, our own fours, and (IndirectDefences)
			// the cells that make one of our blocks a four
			for c := p.NextFour(s, lo, hi); c < hi; c = p.NextFour(s, c+1, hi) {
				if p.Near(c) > 0 && p.Allowed(c) {
					buf = append(buf, engine.Move(c))
				}
			}
			for _, m := range line {
				c := int(m)
				if p.Cell(c) == game.Empty && !p.HasCode(s, c, ev.B4) && p.Allowed(c) {
					buf = append(buf, m)
				}
			}
			if p.IndirectDefences {
				buf = p.indirectDefences(buf, line)
			}
			if len(buf) > 0 {
				return buf
			}
		}
	}
	if p.Count(o, ev.T43) > 0 && !(o == game.Black && p.Rule() == game.Renju) {
		if buf = p.fourThreeDefences(buf); len(buf) > 0 {
			return buf
		}
	}
	vals := &p.genVals
	for c := p.NextCandidate(lo, hi); c < hi; c = p.NextCandidate(c+1, hi) {
		if p.Allowed(c) {
			vals[len(buf)] = p.moveValue(c)
			buf = append(buf, engine.Move(c))
		}
	}
	limit := DefaultCandidates
	if p.Candidates > 0 {
		limit = p.Candidates
	}
	wide := p.WidePlies
	if wide == 0 {
		wide = DefaultWidePlies
	}
	if p.rootN >= 0 && p.Ply() >= p.rootN && p.Ply()-p.rootN <= max(wide, 0) {
		root := DefaultRootCandidates
		if p.RootCandidates > 0 {
			root = p.RootCandidates
		}
		limit = max(limit, root)
	}
	if p.Taper && p.rootN >= 0 {
		// narrower deeper in the tree
		switch d := p.Ply() - p.rootN; {
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
		p.genCut[p.Ply()] = int16(len(buf))
		buf = buf[:limit]
	}
	return buf
}

// Widen implements engine.Widener (with WidenLost): the moves that
// GenMoves left out of a node's list, when it kept only the best by value,
// still lie in the list's buffer beyond its end.
func (p *Search) Widen(moves []engine.Move) []engine.Move {
	if n := int(p.genCut[p.Ply()]); p.WidenLost && n > len(moves) && n <= cap(moves) {
		return moves[:n]
	}
	return moves
}

// indirectDefences adds to buf (the own fours and the cells of the
// opponent's VCF line) the other candidate cells that break the line
// (breaksVCF): those on a line with one of its cells within 5, where a
// stone can change what the line's fours and blocks make.
func (p *Search) indirectDefences(buf []engine.Move, line []engine.Move) []engine.Move {
	s := p.Side()
	lo, hi := p.ScanRange()
	for c := p.NextCandidate(lo, hi); c < hi; c = p.NextCandidate(c+1, hi) {
		if p.HasCode(s, c, ev.B4) || !p.Allowed(c) || slices.Contains(line, engine.Move(c)) {
			continue // listed already, or forbidden
		}
		near := false
		for _, m := range line {
			if alignedWithin(c, int(m), 5) {
				near = true
				break
			}
		}
		if near && p.breaksVCF(engine.Move(c), line) {
			buf = append(buf, engine.Move(c))
		}
	}
	return buf
}

// fourThreeDefences lists the answers to an opponent who can make a
// four-three (a four and an open three with one stone, which wins unless
// it is stopped now): our own fours, and the cells on the lines through
// its four-three cells after which it has no four-three and no open four
// to make. The list is empty when no single stone stops every four-three
// and we have no four. Adding the cells after which the block of the
// four-three's four makes a four of ours (an experiment binary, session
// 63) scored 20-39-1 (34.2%) against Rapfi at 1 s (the match of
// DefaultCandidates, seed 6201), where the brain without them scored
// 23-36-1 (39.2%): not kept.
func (p *Search) fourThreeDefences(buf []engine.Move) []engine.Move {
	s, o := p.Side(), p.Side()^1
	lo, hi := p.ScanRange()
	for c := p.NextFour(s, lo, hi); c < hi; c = p.NextFour(s, c+1, hi) {
		if p.Near(c) > 0 && p.Allowed(c) {
			buf = append(buf, engine.Move(c))
		}
	}
	cands := p.lineBuf[:0]
	for c := p.NextFour(o, lo, hi); c < hi; c = p.NextFour(o, c+1, hi) {
		if p.Class(o, c) == ev.T43 {
			cands = p.LineCells(c, 4, cands)
		}
	}
	for _, m := range cands {
		c := int(m)
		if p.HasCode(s, c, ev.B4) || !p.Allowed(c) {
			continue // listed already, or forbidden
		}
		p.Position.Make(m)
		stops := p.Count(o, ev.T43) == 0 && p.Count(o, ev.TFlex4) == 0 && p.Count(o, ev.TFive) == 0
		p.Position.Unmake(m)
		if stops {
			buf = append(buf, m)
		}
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
func (p *Search) moveValue(c int) int32 {
	if pl := p.eval.Policy; pl != nil {
		s := p.Side()
		renju := p.Rule() == game.Renju
		return pl.ValueOf(p.CellKey(s, c), p.CellKey(s^1, c), renju && s == game.Black, renju && s == game.White)
	}
	return p.Value(p.Side(), c)*OwnWeight/4 + p.Value(p.Side()^1, c)
}

// OwnWeight (over 4) weighs attack against defence in move ordering.
const OwnWeight = 5

// ScoreMove implements engine.MoveScorer.
func (p *Search) ScoreMove(m engine.Move) int {
	return int(p.moveValue(int(m))) + 1
}

// Reducible implements engine.Reducer: every move of the search carries an
// ordering value, but one that makes no threat (an open three or a four)
// and blocks no four-to-be of the opponent's may be searched shallower when
// it comes late. A threat-space search (vctSide) reduces nothing: its
// proofs need every defence searched to the full depth.
func (p *Search) Reducible(m engine.Move) bool {
	c := int(m)
	return p.vctSide < 0 && !p.HasCode(p.Side(), c, ev.F3) && !p.HasCode(p.Side()^1, c, ev.B4)
}

// AdjustReduction implements engine.LMRAdjuster. With ContAttack, a late
// threat of ours (an open three or a four) right after the opponent had
// to face one of ours is reduced ContAttack plies less: an attack that
// goes on is searched deeper (Rapfi's idea). Otherwise, against an open three,
// a four of ours that does not block it only delays the answer, and comes
// late in the list: it is reduced two plies more when far from the
// opponent's last stone, one more when far from our own (farCells).
func (p *Search) AdjustReduction(m engine.Move) int {
	c := int(m)
	if p.ContAttack > 0 {
		if n := p.Ply() - 1; p.vctSide < 0 && p.rootN >= 0 && n >= p.rootN && p.facing[n] && p.HasCode(p.Side(), c, ev.F3) {
			return -p.ContAttack
		}
		return 0
	}
	o := p.Side() ^ 1
	if p.vctSide >= 0 || p.Count(o, ev.TFlex4) == 0 || p.HasCode(o, c, ev.B4) {
		return 0
	}
	r := 0
	if p.farFrom(c, 1) {
		r += 2
	}
	if p.farFrom(c, 2) {
		r++
	}
	return r
}

// farCells is the distance (in cells along the larger axis) beyond which
// a move is far from a stone.
const farCells = 4

// farFrom tells whether cell c lies more than farCells from the stone of
// the k-th last move (true when there is none).
func (p *Search) farFrom(c, k int) bool {
	i := p.Ply() - k
	if i < 0 {
		return true
	}
	last := p.StackMove(i)
	if last == engine.NoMove {
		return true
	}
	ax, ay := game.XY(c)
	bx, by := game.XY(int(last))
	return max(abs(ax-bx), abs(ay-by)) > farCells
}

// GenNoisy implements engine.Noisy when Quiesce is on: the block of the
// opponent's five, or else the fours of the side to move within
// QuiescePlies of the depth-0 node (from the QuiesceComb-th four of a line
// on, only fours that build more), so that the quiescence search follows
// continuous fours (Evaluate keeps the stand pat of the depth-0 node along
// them: only wins change the score). With Quiesce off it returns nothing
// and the search stands pat.
func (p *Search) GenNoisy(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	if !p.Quiesce || p.vctSide >= 0 {
		return buf
	}
	s, o := p.Side(), p.Side()^1
	lo, hi := p.ScanRange()
	if p.Count(o, ev.TFive) > 0 {
		for c := p.NextFour(o, lo, hi); c < hi; c = p.NextFour(o, c+1, hi) {
			if p.Class(o, c) == ev.TFive && p.Allowed(c) {
				buf = append(buf, engine.Move(c))
			}
		}
		return buf
	}
	if p.Count(s, ev.TB4)+p.Count(s, ev.T43) == 0 && !(s == game.Black && p.Rule() == game.Renju) {
		return buf
	}
	qp := p.QuiescePlies
	if qp <= 0 {
		qp = DefaultQuiescePlies
	}
	qply := p.Ply() - (p.genN + 1)
	if qply >= qp {
		return buf
	}
	// after the first four of the line, only fours in line with our
	// previous stone (within 4 cells): the others could have been played
	// first, and trying them in every order multiplies the nodes
	last := -1
	if qply >= 2 {
		last = int(p.StackMove(p.Ply() - 2))
		if last == int(engine.NoMove) {
			last = -1
		}
	}
	qc := p.QuiesceComb
	if qc == 0 {
		qc = DefaultQuiesceComb
	}
	combo := qc > 0 && qply >= 2*(qc-1)
	for c := p.NextFour(s, lo, hi); c < hi; c = p.NextFour(s, c+1, hi) {
		if p.Near(c) > 0 && (last < 0 || alignedNear(c, last)) && p.Allowed(c) && (!combo || comboFour(p.CellKey(s, c))) {
			buf = append(buf, engine.Move(c))
		}
	}
	return buf
}

// comboFour tells whether a cell's line codes (packed as CellKey gives
// them) make a four and, in another line, at least an open two or a
// blocked three: a four that builds something beyond its own line.
func comboFour(key uint16) bool {
	four, other := false, false
	for d := 0; d < 4; d++ {
		switch v := uint8(key>>(4*d)) & 0xF; {
		case v == game.Over:
		case v >= game.B4:
			other = other || four
			four = true
		case v >= game.F2:
			other = true
		}
	}
	return four && other
}

// alignedNear tells whether cells a and b lie on one line within 4 cells.
func alignedNear(a, b int) bool { return alignedWithin(a, b, 4) }

// alignedWithin tells whether cells a and b lie on one line within k cells.
func alignedWithin(a, b, k int) bool {
	ax, ay := game.XY(a)
	bx, by := game.XY(b)
	dx, dy := ax-bx, ay-by
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	return max(dx, dy) <= k && (dx == 0 || dy == 0 || dx == dy)
}

// Clone implements engine.Position.
func (p *Search) Clone() engine.Position {
	q := *p
	return &q
}

// CopyFrom makes p a copy of q without allocating.
func (p *Search) CopyFrom(q *Search) { *p = *q }
