package kalah

import (
	"errors"
	"time"
	"unsafe"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/internal/hugemem"
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
	table        []solverEntry // in mem
	mem          *hugemem.Buffer
	mask         uint64
	Nodes        uint64
	// ETC enables enhanced transposition cut-offs: a child's table bound
	// that refutes the node ends it before any child is searched.
	ETC bool
	// Guess is the first value tested (MTD(f) converges from it).
	Guess int
	// Trace, if set, is called after every null-window test of Solve.
	Trace func(beta, g int, nodes uint64)
}

type solverEntry struct {
	key    uint64
	lo, hi int16
	move   uint8
	sum    uint8 // seeds in holes: the replacement priority
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
	s.mem = hugemem.Alloc((1 << bits) * int(unsafe.Sizeof(solverEntry{})))
	s.table = unsafe.Slice((*solverEntry)(unsafe.Pointer(unsafe.SliceData(s.mem.Bytes))), 1<<bits)
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
	g := max(lo, min(hi, s.Guess))
	for lo < hi {
		beta := g
		if g == lo {
			beta = g + 1
		}
		// a null-window test: is the value at least beta?
		g = s.search(c, total, beta-1, beta)
		if s.Trace != nil {
			s.Trace(beta, g, s.Nodes)
		}
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

type solveChild struct {
	c     [2 * MaxHoles]uint8
	key   uint64
	base  int // store gains of the move, mover minus opponent
	rest  int // seeds left in holes
	m     int8
	again bool
	over  bool
	score int
}

// probe returns the entry for key, or nil.
func (s *Solver) probe(key uint64) *solverEntry {
	b := key & s.mask &^ 1
	if e := &s.table[b]; e.key == key {
		return e
	}
	if e := &s.table[b|1]; e.key == key {
		return e
	}
	return nil
}

// slot picks the entry to overwrite for key: its own, else the first slot of
// the bucket when the new position is at least as large (more seeds in holes,
// so a bigger subtree), else the second.
func (s *Solver) slot(key uint64, sum int) *solverEntry {
	b := key & s.mask &^ 1
	e0, e1 := &s.table[b], &s.table[b|1]
	switch {
	case e0.key == key:
		return e0
	case e1.key == key:
		return e1
	case sum >= int(e0.sum):
		if e0.key != 0 {
			*e1 = *e0
		}
		return e0
	}
	return e1
}

// search is fail-soft alpha-beta on the value of c (sum = seeds in holes).
// The value lies in [-sum, sum]: every seed left goes to one of the stores.
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
		return s.db.value(s.db.rank(c, sum))
	}
	if sum <= alpha {
		return sum
	}
	if -sum >= beta {
		return -sum
	}
	key := s.hash(c)
	ttMove := -1
	if e := s.probe(key); e != nil {
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
	// Generate the children; a child whose table bound already refutes this
	// node ends it (enhanced transposition cut-off). Order: table move,
	// extra turns (nearest the store first), captures by size, the rest.
	var kids [MaxHoles]solveChild
	n := 0
	for m := h - 1; m >= 0; m-- {
		if c[m] == 0 {
			continue
		}
		k := &kids[n]
		k.c = *c
		k.m = int8(m)
		gm, gop, again, over := sow(&k.c, h, m, s.captureEmpty)
		k.base, k.again, k.over = gm-gop, again, over
		k.rest = sum - gm - gop
		cnt := int(c[m])
		switch {
		case over:
			if k.base >= beta {
				return k.base
			}
			k.score = 1<<12 + k.base
		case again:
			k.key = s.hash(&k.c)
			k.score = 1<<16 + m
			if !s.ETC {
				break
			}
			if e := s.probe(k.key); e != nil && k.base+int(e.lo) >= beta && k.rest > s.dbK() {
				return k.base + int(e.lo)
			}
		default:
			flip(&k.c, h)
			k.key = s.hash(&k.c)
			if cnt < 2*h+1 && m+cnt < h && c[m+cnt] == 0 && c[2*h-1-(m+cnt)] > 0 {
				k.score = 1<<8 + int(c[2*h-1-(m+cnt)])
			}
			if !s.ETC {
				break
			}
			if e := s.probe(k.key); e != nil && k.base-int(e.hi) >= beta && k.rest > s.dbK() {
				return k.base - int(e.hi)
			}
		}
		if m == ttMove {
			k.score = 1 << 20
		}
		n++
	}
	best := -1 << 20
	bestMove := 0
	// stable insertion sort of the indices, best first
	var order [MaxHoles]int8
	for i := 0; i < n; i++ {
		j := i
		for j > 0 && kids[order[j-1]].score < kids[i].score {
			order[j] = order[j-1]
			j--
		}
		order[j] = int8(i)
	}
	for i := 0; i < n; i++ {
		k := &kids[order[i]]
		v := k.base
		if !k.over {
			if k.again {
				v += s.search(&k.c, k.rest, alpha-v, beta-v)
			} else {
				v -= s.search(&k.c, k.rest, v-beta, v-alpha)
			}
		}
		if v > best {
			best = v
			bestMove = int(k.m)
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	e := s.slot(key, sum)
	if e.key != key {
		*e = solverEntry{key: key, lo: -255, hi: 255, sum: uint8(sum)}
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

// dbK is the database's K, or -1 without one.
func (s *Solver) dbK() int {
	if s.db == nil {
		return -1
	}
	return s.db.k
}

// EstimateStart returns a depth-limited search's estimate of the start
// position's margin in raw Kalah(h, seeds): a first guess for Solve, which
// converges faster from near the true value.
func EstimateStart(h, seeds int, captureEmpty bool, db *DB, depth int) int {
	r := Raw(h, seeds)
	r.CaptureEmpty = captureEmpty
	p := New(r)
	p.SetDB(db)
	opt := SearchOptions
	opt.Threads = 1
	v := NewSearcher(64, opt).Search(p, engine.Limits{Depth: depth}).Score
	switch {
	case v > engine.WinBound: // a proven win (the search plays for the win, not the margin)
		return 1
	case v < -engine.WinBound:
		return -1
	}
	// Evaluate counts 16 per seed of store difference.
	return (v + 8*sign1(v)) / 16
}

func sign1(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}
