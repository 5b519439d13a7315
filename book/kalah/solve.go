package kalah

import (
	"errors"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
	"github.com/pentad-ai/pentad/internal/hugemem"
)

// Solver computes exact values of raw Kalah positions: the margin the side
// to move will add to its store lead under perfect play. It searches
// null windows (MTD(f)) with its own bound table over hole contents only, so
// that positions differing only in their stores share entries, and stops at
// an endgame database.
//
// With Threads > 1 the workers search every null-window test together over
// the shared, lock-free table, and share the work by deferring the moves
// another worker is searching (ABDADA); the first to finish gives the
// result and stops the others.
type Solver struct {
	h            int
	captureEmpty bool
	db           *DB
	keys         [2 * kalah.MaxHoles][256]uint64
	// table holds two words per entry, key^data and data, as in package
	// tt: a torn entry never verifies. Two entries make a bucket.
	table []atomic.Uint64 // in mem
	// plain is the same memory as table, written with plain stores by a
	// single worker (an atomic store is a locked exchange on amd64, and
	// the solver stores at almost every node).
	plain  []uint64
	single bool
	mem    *hugemem.Buffer
	mask   uint64 // entries - 1
	// busy counts the workers inside each position (by key, collisions
	// shared) when several search; parSum is the smallest position (seeds
	// in holes) that is marked.
	busy   []atomic.Int32
	parSum int
	Nodes  uint64
	// ETC enables enhanced transposition cut-offs: a child's table bound
	// that refutes the node ends it before any child is searched.
	ETC bool
	// Guess is the first value tested (MTD(f) converges from it).
	Guess int
	// Threads is the number of workers (0 or 1: one).
	Threads int
	// IDDepth, when positive, runs depth-limited null-window searches of
	// depth 2, 4, ..., IDDepth (leaves valued at the stores so far) before
	// the exact search: their best moves order the exact search, and the
	// last of their values is its first guess. Their bounds are kept apart
	// from exact ones (each entry records the depth it holds for).
	IDDepth int
	// Trace, if set, is called after every null-window test of Solve
	// (depth is the test's depth limit, 0 for the exact search).
	Trace func(depth, beta, g int, nodes uint64)
	// progress counts nodes as the workers go (every 1,024 nodes), for
	// Progress.
	progress atomic.Uint64
}

// Progress returns the number of nodes searched so far by Solve, counted
// while it runs (to within 1,024 per worker).
func (s *Solver) Progress() uint64 { return s.progress.Load() }

// solveExact is the depth of an exact search and of the entries it stores.
const solveExact = 255

// solverEntry is the decoded data word: lo 0..15, hi 16..31, move 32..39,
// sum 40..47, depth 48..55. Stored positions have at least one seed, so
// data is never 0.
type solverEntry struct {
	lo, hi int16
	move   uint8
	sum    uint8 // seeds in holes: the replacement priority
	depth  uint8 // the depth limit the bounds hold for; solveExact: exact
}

func (e solverEntry) pack() uint64 {
	return uint64(uint16(e.lo)) | uint64(uint16(e.hi))<<16 | uint64(e.move)<<32 | uint64(e.sum)<<40 | uint64(e.depth)<<48
}

func unpackEntry(d uint64) solverEntry {
	return solverEntry{lo: int16(uint16(d)), hi: int16(uint16(d >> 16)), move: uint8(d >> 32), sum: uint8(d >> 40), depth: uint8(d >> 48)}
}

// NewSolver makes a solver for h holes with a bound table of 2^bits entries
// and an optional database (nil for none) of the same board and rule.
func NewSolver(h int, captureEmpty bool, db *DB, bits int) (*Solver, error) {
	if h < 1 || h > kalah.MaxHoles {
		return nil, errors.New("kalah solver: bad number of holes")
	}
	if db != nil && (db.holes != h || db.captureEmpty != captureEmpty) {
		return nil, errors.New("kalah solver: database is for another board or rule")
	}
	bits = max(bits, 1)
	s := &Solver{h: h, captureEmpty: captureEmpty, db: db}
	if db != nil {
		s.parSum = db.k + 4
	}
	keys := engine.ZobristKeys(0x736f6c7665, 2*kalah.MaxHoles*256)
	for i := range s.keys {
		copy(s.keys[i][:], keys[i*256:(i+1)*256])
	}
	words := 2 << bits
	s.table, s.mem = hugemem.Slice[atomic.Uint64](words)
	s.plain = unsafe.Slice((*uint64)(unsafe.Pointer(&s.table[0])), words)
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
	var c [2 * kalah.MaxHoles]uint8
	for i := 0; i < 2*s.h; i++ {
		c[i] = uint8(seeds)
	}
	return s.Solve(&c)
}

// Solve returns the exact value of config c (the mover's holes, then the
// opponent's).
func (s *Solver) Solve(c *[2 * kalah.MaxHoles]uint8) SolveResult {
	t0 := time.Now()
	s.Nodes = 0
	s.progress.Store(0)
	total := 0
	for i := 0; i < 2*s.h; i++ {
		total += int(c[i])
	}
	g := s.Guess
	for d := 2; d <= min(s.IDDepth, solveExact-1); d += 2 {
		g = s.mtd(c, total, g, d)
	}
	g = s.mtd(c, total, g, solveExact)
	return SolveResult{Value: g, Nodes: s.Nodes, Time: time.Since(t0)}
}

// mtd converges on the value of c under the depth limit from guess g by
// null-window tests (MTD(f)).
func (s *Solver) mtd(c *[2 * kalah.MaxHoles]uint8, total, g, depth int) int {
	lo, hi := -total, total
	g = max(lo, min(hi, g))
	for lo < hi {
		beta := g
		if g == lo {
			beta = g + 1
		}
		// a null-window test: is the value at least beta?
		g = s.test(c, total, beta, depth)
		if s.Trace != nil {
			td := depth
			if depth == solveExact {
				td = 0
			}
			s.Trace(td, beta, g, s.Nodes)
		}
		// Tests at a depth limit may disagree with each other (bounds of
		// deeper searches are used): the bounds only ever narrow, so the
		// loop still ends.
		if g < beta {
			hi = max(lo, min(hi, g))
			g = hi
		} else {
			lo = min(hi, max(lo, g))
			g = lo
		}
	}
	return g
}

// test runs one null-window search with every worker and returns the
// fail-soft value of the first to finish.
func (s *Solver) test(c *[2 * kalah.MaxHoles]uint8, total, beta, depth int) int {
	n := max(s.Threads, 1)
	s.single = n == 1
	if n > 1 && s.busy == nil {
		s.busy = make([]atomic.Int32, 1<<busyBits)
	}
	var stop atomic.Bool
	var once sync.Once
	var g int
	var wg sync.WaitGroup
	ws := make([]solveWorker, n)
	for i := range ws {
		w := &ws[i]
		w.s, w.id, w.stop = s, i, &stop
		wg.Add(1)
		go func() {
			defer wg.Done()
			cc := *c
			v := w.search(&cc, total, beta-1, beta, 0, 0, depth)
			if !w.aborted {
				once.Do(func() { g = v })
				stop.Store(true)
			}
		}()
	}
	wg.Wait()
	for i := range ws {
		s.Nodes += ws[i].nodes
	}
	return g
}

func (s *Solver) hash(c *[2 * kalah.MaxHoles]uint8) uint64 {
	var k uint64
	for i := 0; i < 2*s.h; i++ {
		k ^= s.keys[i][c[i]]
	}
	return k
}

// busyBits sizes the busy table of a parallel search.
const busyBits = 16

func (s *Solver) busySlot(key uint64) *atomic.Int32 {
	return &s.busy[key>>(64-busyBits)]
}

// probe returns the entry for key.
func (s *Solver) probe(key uint64) (solverEntry, bool) {
	w := (key & s.mask &^ 1) * 2
	for i := w; i < w+4; i += 2 {
		d := s.table[i+1].Load()
		if s.table[i].Load()^d == key && d != 0 {
			return unpackEntry(d), true
		}
	}
	return solverEntry{}, false
}

// store writes the entry for key into its own slot (unless that holds
// bounds for a deeper search), else into the first slot of the bucket when
// the position is at least as large (more seeds in holes, a bigger subtree;
// exact entries before depth-limited ones; the old first entry moves to the
// second slot), else into the second slot.
func (s *Solver) store(key uint64, e solverEntry) {
	w := (key & s.mask &^ 1) * 2
	d0, d1 := s.table[w+1].Load(), s.table[w+3].Load()
	k0, k1 := s.table[w].Load()^d0, s.table[w+2].Load()^d1
	slot := w + 2
	switch {
	case k0 == key && d0 != 0:
		if unpackEntry(d0).depth > e.depth {
			return
		}
		slot = w
	case k1 == key && d1 != 0:
		if unpackEntry(d1).depth > e.depth {
			return
		}
	case e.priority() >= unpackEntry(d0).priority():
		if d0 != 0 {
			s.put(w+2, k0^d0, d0)
		}
		slot = w
	}
	d := e.pack()
	s.put(slot, key^d, d)
}

// put writes the two words of the entry at slot i.
func (s *Solver) put(i uint64, x, d uint64) {
	if s.single {
		s.plain[i], s.plain[i+1] = x, d
		return
	}
	s.table[i].Store(x)
	s.table[i+1].Store(d)
}

// priority orders entries for replacement: exact before depth-limited,
// then by size.
func (e solverEntry) priority() int {
	p := int(e.sum)
	if e.depth == solveExact {
		p += 256
	}
	return p
}

type solveChild struct {
	c     [2 * kalah.MaxHoles]uint8
	key   uint64 // hash of c, computed for ETC only (else 0)
	base  int    // store gains of the move, mover minus opponent
	rest  int    // seeds left in holes
	m     int8
	again bool
	over  bool
	score int
}

// solveWorker is one thread of a null-window test.
type solveWorker struct {
	s       *Solver
	id      int
	stop    *atomic.Bool
	nodes   uint64
	aborted bool
}

// search is fail-soft alpha-beta on the value of c (sum = seeds in holes).
// The value lies in [-sum, sum]: every seed left goes to one of the stores.
// An aborted search returns 0 and stores nothing.
//
// key is c's hash when the caller has it, else 0. depth is the number of
// moves left before the search values a position at 0 (the stores so far),
// or solveExact for no limit.
func (w *solveWorker) search(c *[2 * kalah.MaxHoles]uint8, sum, alpha, beta, ply int, key uint64, depth int) int {
	s := w.s
	w.nodes++
	if w.nodes&1023 == 0 {
		s.progress.Add(1024)
		if w.stop.Load() {
			w.aborted = true
		}
	}
	if w.aborted {
		return 0
	}
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
	if depth == 0 {
		return 0
	}
	childDepth := depth - 1
	if depth == solveExact {
		childDepth = depth
	}
	if key == 0 {
		key = s.hash(c)
	}
	ttMove := -1
	var ent solverEntry
	found := false
	if e, ok := s.probe(key); ok {
		ttMove = int(e.move)
		if int(e.depth) >= depth {
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
			ent, found = e, int(e.depth) == depth
		}
	}
	origAlpha, origBeta := alpha, beta
	// Generate the children; a child whose table bound already refutes this
	// node ends it (enhanced transposition cut-off). Order: table move,
	// extra turns (nearest the store first), captures by size, the rest.
	var kids [kalah.MaxHoles]solveChild
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
		k.score, k.key = 0, 0
		switch {
		case over:
			if k.base >= beta {
				return k.base
			}
			k.score = 1<<12 + k.base
		case again:
			k.score = 1<<16 + m
			if !s.ETC {
				break
			}
			k.key = s.hash(&k.c)
			if e, ok := s.probe(k.key); ok && int(e.depth) >= childDepth && k.base+int(e.lo) >= beta {
				return k.base + int(e.lo)
			}
		default:
			flip(&k.c, h)
			if cnt < 2*h+1 && m+cnt < h && c[m+cnt] == 0 && c[2*h-1-(m+cnt)] > 0 {
				k.score = 1<<8 + int(c[2*h-1-(m+cnt)])
			}
			if !s.ETC {
				break
			}
			k.key = s.hash(&k.c)
			if e, ok := s.probe(k.key); ok && int(e.depth) >= childDepth && k.base-int(e.hi) >= beta {
				return k.base - int(e.hi)
			}
		}
		if m == ttMove {
			k.score = 1 << 20
		}
		n++
	}
	// stable insertion sort of the indices, best first
	var order [kalah.MaxHoles]int8
	for i := 0; i < n; i++ {
		j := i
		for j > 0 && kids[order[j-1]].score < kids[i].score {
			order[j] = order[j-1]
			j--
		}
		order[j] = int8(i)
	}
	// With several workers (ABDADA), a node being searched is marked busy;
	// a worker defers a child (not the first) that another worker is
	// searching and comes back to it after the others, when its value is
	// likely in the table. Small positions are not worth the marking.
	var slot *atomic.Int32
	if !s.single && sum >= s.parSum {
		slot = s.busySlot(key)
		slot.Add(1)
	}
	best := -1 << 20
	bestMove := 0
	var deferred [kalah.MaxHoles]int8
	nd := 0
search:
	for pass := 0; pass < 2; pass++ {
		cnt := n
		if pass == 1 {
			cnt = nd
		}
		for j := 0; j < cnt; j++ {
			idx := order[j]
			if pass == 1 {
				idx = deferred[j]
			}
			k := &kids[idx]
			if slot != nil && pass == 0 && j > 0 && !k.over && k.rest >= s.parSum {
				if k.key == 0 {
					k.key = s.hash(&k.c)
				}
				if s.busySlot(k.key).Load() > 0 {
					deferred[nd] = idx
					nd++
					continue
				}
			}
			v := k.base
			if !k.over {
				if k.again {
					v += w.search(&k.c, k.rest, alpha-v, beta-v, ply+1, k.key, childDepth)
				} else {
					v -= w.search(&k.c, k.rest, v-beta, v-alpha, ply+1, k.key, childDepth)
				}
			}
			if w.aborted {
				if slot != nil {
					slot.Add(-1)
				}
				return 0
			}
			if v > best {
				best = v
				bestMove = int(k.m)
				if v > alpha {
					alpha = v
					if v >= beta {
						break search
					}
				}
			}
		}
	}
	if slot != nil {
		slot.Add(-1)
	}
	e := solverEntry{lo: -255, hi: 255, sum: uint8(sum), depth: uint8(depth)}
	if found {
		e.lo, e.hi = ent.lo, ent.hi
	}
	if best <= origAlpha {
		e.hi = int16(best)
	} else if best >= origBeta {
		e.lo = int16(best)
	} else {
		e.lo, e.hi = int16(best), int16(best)
	}
	e.move = uint8(bestMove)
	s.store(key, e)
	return best
}
