package gomoku

import (
	"fmt"
	"slices"
	"time"

	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// vctTableMiB is the table of the threat-space search.
const vctTableMiB = 8

// vctMaxDepth bounds the threat-space search in plies.
const vctMaxDepth = 15

// opponentVCT returns the line of a win by threats of the side not to move
// (as if it could move now), or nil.
func (b *Brain) opponentVCT(p *Search, limit time.Duration) []engine.Move {
	p.SetSide(p.Side() ^ 1)
	defer p.SetSide(p.Side() ^ 1)
	if _, n := p.FiveCell(p.Side() ^ 1); n > 0 {
		return nil // we would have to block a five first: not a threat line
	}
	if !b.vctRun(p, limit) {
		return nil
	}
	return b.vctLine
}

// threatDefences are the candidate refutations of an opponent's threat
// line: its cells, our fours and our open threes (counter-threats).
func threatDefences(p *Search, line []engine.Move) []engine.Move {
	var out []engine.Move
	s := p.Side()
	lo, hi := p.ScanRange()
	for c := lo; c < hi; c++ {
		if p.Cell(c) != game.Empty || p.Near(c) == 0 || !p.Allowed(c) {
			continue
		}
		if p.HasCode(s, c, ev.F3) || slices.Contains(line, engine.Move(c)) {
			out = append(out, engine.Move(c))
		}
	}
	return out
}

// VCT looks for a win by threats (fours and open threes) for the side to
// move within the time, with the shared search on the threat-space view of
// the position. It returns the first move of a proven win.
func (b *Brain) VCT(p *Search, limit time.Duration) (engine.Move, bool) {
	if b.vctRun(p, limit) {
		b.info(fmt.Sprintf("VCT win: %s", lineString(b.vctLine)))
		return b.vctLine[0], true
	}
	return engine.NoMove, false
}

// vctRun runs the threat-space search for the side to move; on a proven
// win it keeps the line in b.vctLine.
func (b *Brain) vctRun(p *Search, limit time.Duration) bool {
	if limit <= 0 && b.MaxDepth == 0 && b.MaxNodes == 0 {
		limit = 100 * time.Millisecond // no limit at all: keep it short
	}
	p.vctSide = p.Side()
	p.wideAt = -1
	p.SearchVCF = b.SearchVCF
	defer func() { p.SearchVCF = 0 }()
	b.vct.NewGame()
	b.vct.OnInfo = nil
	depth := vctMaxDepth
	if b.MaxDepth > 0 {
		depth = min(depth, 2*b.MaxDepth+1)
	}
	// the brain's stop flag (YXSTOP, or the deadline seen by the polls of
	// the position) ends the threat search too
	lim := engine.Limits{Depth: depth, Nodes: b.MaxNodes / 4, Stop: &b.stopped}
	if limit > 0 {
		lim.Soft, lim.Hard = limit/2, limit
	}
	res := b.vct.Search(p, lim)
	p.vctSide = -1
	if res.Score > engine.WinBound && res.Move != engine.NoMove && p.IsLegal(res.Move) {
		b.vctLine = res.PV
		return true
	}
	return false
}
