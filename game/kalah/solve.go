package kalah

import (
	"errors"
	"time"

	"github.com/pentad-ai/pentad/engine"
)

// Solver computes exact values of raw Kalah positions: the margin the side
// to move will add to its store lead under perfect play. It searches
// null windows (MTD(f)) with its own bound table over hole contents only, so
// that positions differing only in their stores share entries, and stops at
// an endgame database.
type Solver struct {
	h            int
	captureEmpty bool
	db           *DB
	keys         [2 * MaxHoles][256]uint64
	table        []solverEntry
	mask         uint64
	Nodes        uint64
}

type solverEntry struct {
	key    uint64
	lo, hi int16
	move   uint8
}

// NewSolver makes a solver for h holes with a bound table of 2^bits entries
// and an optional database (nil for none) of the same board and rule.
func NewSolver(h int, captureEmpty bool, db *DB, bits int) (*Solver, error) {
	if h < 1 || h > MaxHoles {
		return nil, errors.New("kalah solver: bad number of holes")
	}
	if db != nil && (db.holes != h || db.captureEmpty != captureEmpty) {
		return nil, errors.New("kalah solver: database is for another board or rule")
	}
	s := &Solver{h: h, captureEmpty: captureEmpty, db: db}
	keys := engine.ZobristKeys(0x736f6c7665, 2*MaxHoles*256)
	for i := range s.keys {
		copy(s.keys[i][:], keys[i*256:(i+1)*256])
	}
	s.table = make([]solverEntry, 1<<bits)
	s.mask = 1<<bits - 1
	return s, nil
}

// SolveResult is the value of a position with the search effort.
type SolveResult struct {
	Value int
	Nodes uint64
	Time  time.Duration
}

// SolveStart solves the start position of raw Kalah(h, seeds): the first
// player's final margin under perfect play.
func (s *Solver) SolveStart(seeds int) SolveResult {
	var c [2 * MaxHoles]uint8
	for i := 0; i < 2*s.h; i++ {
		c[i] = uint8(seeds)
	}
	return s.Solve(&c)
}

// Solve returns the exact value of config c (the mover's holes, then the
// opponent's).
func (s *Solver) Solve(c *[2 * MaxHoles]uint8) SolveResult {
	t0 := time.Now()
	s.Nodes = 0
	total := 0
	for i := 0; i < 2*s.h; i++ {
		total += int(c[i])
	}
	lo, hi := -total, total
	g := 0
	for lo < hi {
		beta := g
		if g == lo {
			beta = g + 1
		}
		g = s.search(c, total, beta-1, beta)
		if g < beta {
			hi = g
		} else {
			lo = g
		}
	}
	return SolveResult{Value: g, Nodes: s.Nodes, Time: time.Since(t0)}
}

func (s *Solver) hash(c *[2 * MaxHoles]uint8) uint64 {
	var k uint64
	for i := 0; i < 2*s.h; i++ {
		k ^= s.keys[i][c[i]]
	}
	return k
}

// search is fail-soft alpha-beta on the value of c (sum = seeds in holes).
func (s *Solver) search(c *[2 * MaxHoles]uint8, sum, alpha, beta int) int {
	s.Nodes++
	h := s.h
	var sm, so int
	for i := 0; i < h; i++ {
		sm += int(c[i])
		so += int(c[h+i])
	}
	if sm == 0 || so == 0 {
		return sm - so
	}
	if s.db != nil && sum <= s.db.k {
		return int(s.db.vals[s.db.rank(c, sum)])
	}
	key := s.hash(c)
	e := &s.table[key&s.mask]
	var ttMove int = -1
	if e.key == key {
		if int(e.lo) >= beta {
			return int(e.lo)
		}
		if int(e.hi) <= alpha {
			return int(e.hi)
		}
		if e.lo == e.hi {
			return int(e.lo)
		}
		alpha = max(alpha, int(e.lo))
		beta = min(beta, int(e.hi))
		ttMove = int(e.move)
	}
	origAlpha, origBeta := alpha, beta
	// order: table move, extra turns (nearest the store first), captures, rest
	var order [MaxHoles]int8
	var score [MaxHoles]int
	n := 0
	cycle := 2*h + 1
	for m := h - 1; m >= 0; m-- {
		k := int(c[m])
		if k == 0 {
			continue
		}
		sc := 0
		switch {
		case m == ttMove:
			sc = 1 << 20
		case k%cycle == (h-m)%cycle:
			sc = 1<<16 + m
		case k < cycle && m+k < h && c[m+k] == 0 && c[2*h-1-(m+k)] > 0:
			sc = 1<<8 + int(c[2*h-1-(m+k)])
		}
		j := n
		for j > 0 && score[j-1] < sc {
			order[j], score[j] = order[j-1], score[j-1]
			j--
		}
		order[j], score[j] = int8(m), sc
		n++
	}
	best := -1 << 20
	bestMove := 0
	for i := 0; i < n; i++ {
		m := int(order[i])
		ch := *c
		gm, gop, again, over := sow(&ch, h, m, s.captureEmpty)
		v := gm - gop
		if !over {
			rest := sum - gm - gop
			if again {
				v += s.search(&ch, rest, alpha-v, beta-v)
			} else {
				flip(&ch, h)
				v -= s.search(&ch, rest, v-beta, v-alpha)
			}
		}
		if v > best {
			best = v
			bestMove = m
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	if e.key != key {
		e.key = key
		e.lo, e.hi = -255, 255
	}
	if best <= origAlpha {
		e.hi = int16(best)
	} else if best >= origBeta {
		e.lo = int16(best)
	} else {
		e.lo, e.hi = int16(best), int16(best)
	}
	e.move = uint8(bestMove)
	return best
}
