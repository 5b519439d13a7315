package quoridor

import (
	"fmt"
	"strings"
	"time"

	"github.com/pentad-ai/pentad/engine"
)

// Budget computes the soft and hard limits of one genmove: a share of what is
// left of the game clock for the expected number of own moves left, less a
// safety margin, never above the per-move cap.
func Budget(gameTime, moveTime, used time.Duration, movesLeft int) (soft, hard time.Duration) {
	// Safety: pipe latency, process scheduling on a loaded machine, and the
	// referee's own overhead.
	reserve := time.Second + gameTime/20
	avail := gameTime - used - reserve
	if avail < 20*time.Millisecond {
		avail = 20 * time.Millisecond
	}
	movesLeft = max(8, min(movesLeft, 400))
	target := avail / time.Duration(movesLeft)
	capMove := moveTime*8/10 - 300*time.Millisecond
	if capMove < 50*time.Millisecond {
		capMove = 50 * time.Millisecond
	}
	hard = min(target*3, avail/4, capMove)
	if hard < 5*time.Millisecond {
		hard = 5 * time.Millisecond
	}
	// The search stops at StableShare of soft when its best move holds and
	// at soft otherwise, so soft near the target spends the clock: at 60%
	// of it, games used 58-133 of the 180 s (88 s in 29 moves against a
	// contest entry); at 90%, 84-150 s in session 18's gauntlet.
	soft = min(target*9/10, hard/2)
	return soft, hard
}

// think chooses the move of colour c.
func (s *Session) think(c int) engine.Move {
	p := s.pos
	saved := p.Side()
	p.SetSide(c)
	defer p.SetSide(saved)
	if m, ok := p.raceMove(); ok {
		return m
	}
	lim := engine.Limits{Depth: s.cfg.Depth, Nodes: s.cfg.Nodes}
	if s.cfg.Depth == 0 && s.cfg.Nodes == 0 {
		gt := s.cfg.GameTime
		if gt <= 0 {
			gt = DefaultGameTime(p.Size())
		}
		mt := s.cfg.MoveTime
		if mt <= 0 {
			mt = DefaultMoveTime
		}
		// Own moves still to play: the path, and turns spent on walls.
		left := p.Dist(c) + p.WallsLeft(c) + p.WallsLeft(c^1)/2 + 6
		lim.Soft, lim.Hard = Budget(gt, mt, s.used, left)
	}
	if s.cfg.Log != nil {
		s.eng.OnInfo = func(in engine.Info) {
			pv := make([]string, len(in.PV))
			for i, m := range in.PV {
				pv[i] = strings.ReplaceAll(p.FormatMove(m), " ", "")
			}
			fmt.Fprintf(s.cfg.Log, "info depth %d score %d nodes %d nps %d time %d pv %s\n",
				in.Depth, in.Score, in.Nodes, in.NPS, in.Time.Milliseconds(), strings.Join(pv, " "))
		}
	} else {
		s.eng.OnInfo = nil
	}
	res := s.eng.Search(p, lim)
	if res.Move == engine.NoMove || !p.LegalFor(c, res.Move) {
		// Never answer an illegal move: fall back to the first legal one.
		var buf [engine.MaxMoves]engine.Move
		p.Prune = false
		moves := p.GenMoves(buf[:0])
		p.Prune = true
		if len(moves) == 0 {
			return engine.NoMove
		}
		return moves[0]
	}
	return res.Move
}
