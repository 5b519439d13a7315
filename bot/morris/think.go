package morris

import (
	"sync/atomic"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/morris"
)

// think chooses the move for sp (not over): from the placement book or the
// endgame database when either holds the position, otherwise by search,
// which ends when stop (if not nil) is set.
func (s *Session) think(sp *Search, stop *atomic.Bool) engine.Move {
	start := time.Now()
	if s.cfg.MoveTime <= 0 && s.cfg.Depth <= 0 && s.cfg.Nodes == 0 {
		s.cfg.MoveTime = DefaultMoveTime
	}
	lim := engine.Limits{Depth: s.cfg.Depth, Nodes: s.cfg.Nodes, Stop: stop}
	if s.cfg.MoveTime > 0 {
		lim.Hard, lim.Soft = moveLimits(s.cfg.MoveTime)
	}
	if m, e, ok := s.cfg.Opening.Lookup(&sp.Position); ok {
		s.info(time.Since(start), e.Score, 0)
		return m
	}
	if s.db != nil {
		if m, v, draws, ok := RootFromEndgame(&sp.Position, s.db); ok {
			if v != 0 || len(draws) == 1 {
				s.info(time.Since(start), endgameScore(v), 0)
				return m
			}
			lim.RootMoves = draws
		}
	}
	s.eng.OnInfo = func(in engine.Info) { s.info(in.Time, in.Score, in.Nodes) }
	if s.out == nil {
		s.eng.OnInfo = nil
	}
	res := s.eng.Search(sp, lim)
	if res.Depth == 0 {
		s.info(time.Since(start), res.Score, res.Nodes)
	}
	if !sp.IsLegal(res.Move) {
		var buf [engine.MaxMoves]engine.Move
		res.Move = 0
		if moves := sp.GenMoves(buf[:0]); len(moves) > 0 {
			res.Move = moves[0]
		}
	}
	return res.Move
}

// moveLimits are the search limits for a move time t: t less
// engine.Margin. The search starts new iterations up to the hard limit
// itself, even when its best move has stayed put (engine.WholeTurnSoft);
// it ends earlier only on a forced move, a proven result or the GUI's
// stop. An undecided position uses nearly all of the move time (the
// done-when of issue 20: 80%; a stable-move stop at 60% of it left the
// average at 78%), and a GUI that sends stop when its time is up gets the
// answer at once.
func moveLimits(t time.Duration) (hard, soft time.Duration) {
	hard = max(t-engine.Margin(t), t/2)
	return hard, engine.WholeTurnSoft(hard)
}

func endgameScore(v int) int {
	switch {
	case v > 0:
		return DBWin - v
	case v < 0:
		return -DBWin - v
	}
	return 0
}

// RootFromEndgame picks the move of a position covered by the database: the
// fastest win, else the drawing moves (draws lists them), else the slowest
// loss. v is the value of the chosen move (plies to the win, or minus the
// plies to the loss, 0 for a draw); ok is false when p is not covered.
func RootFromEndgame(p *morris.Position, db Endgame) (best engine.Move, v int, draws []engine.Move, ok bool) {
	if p.Placing() {
		return 0, 0, nil, false
	}
	s := p.Side()
	if _, ok := db.Probe(p.Pieces(s), p.Pieces(s^1)); !ok {
		return 0, 0, nil, false
	}
	var buf [engine.MaxMoves]engine.Move
	moves := p.GenMoves(buf[:0])
	bestRank := -1 << 30
	for _, m := range moves {
		p.Make(m)
		var cv int
		if over, winner, _ := p.Status(); over {
			switch winner {
			case s:
				cv = 1
			case -1:
				cv = 0
			default:
				cv = -1
			}
		} else {
			w, ok := db.Probe(p.Pieces(p.Side()), p.Pieces(s))
			if !ok {
				p.Unmake(m)
				return 0, 0, nil, false
			}
			switch {
			case w > 0:
				cv = -(w + 1)
			case w < 0:
				cv = -w + 1
			}
		}
		p.Unmake(m)
		// rank: wins by shortness, then draws, then losses by length
		var rank int
		switch {
		case cv > 0:
			rank = 100000 - cv
		case cv == 0:
			rank = 0
			draws = append(draws, m)
		default:
			rank = -100000 - cv
		}
		if rank > bestRank {
			bestRank, best, v = rank, m, cv
		}
	}
	return best, v, draws, len(moves) > 0
}
