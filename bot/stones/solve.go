package stones

import (
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/stones"
)

// The endgame solver is a depth-first proof-number search (df-pn, with the
// 1+epsilon threshold trick) over whole actions. Game of Stones has no
// draws and no cycles: every turn opens with an attack, which removes a
// stack, so the game graph is acyclic and every position is a win or a loss
// for the side to move. Proof and disproof numbers are kept in the mover's
// sense at every node ("the side to move wins"), so that every node is an
// OR node: a child where the same side moves again (the second action of a
// turn) keeps the sense, a child where the other side moves swaps it.

// SolveResult is the game-theoretic value the solver found.
type SolveResult int

// Solver results, from the side to move's view.
const (
	Unknown SolveResult = iota // not proven within the limits
	Won                        // the side to move wins
	Lost                       // the side to move loses
)

func (r SolveResult) String() string {
	switch r {
	case Won:
		return "win"
	case Lost:
		return "loss"
	}
	return "unknown"
}

const (
	pnInf    = ^uint32(0)            // proven (pn) or disproven (dn)
	pnMax    = pnInf - 1             // largest finite value
	solvePly = 2*stones.NumCells + 8 // longer than any game from any position
	solveCap = 6*stones.NumCells + 8 // more than the actions of any position
)

// pnEntry is one table slot: the node's proof and disproof numbers in its
// mover's sense and the nodes spent below it (for replacement).
type pnEntry struct {
	key    uint64
	pn, dn uint32
	work   uint32
	_      uint32
}

// SolveLimits bound one Solve call. Zero fields are unlimited.
type SolveLimits struct {
	Nodes    uint64
	Time     time.Duration
	Stop     *atomic.Bool // external stop flag, polled every 1,024 nodes
	MaxStack int          // refuse positions with more stacks (0: no bound)
}

// SolveStats reports the work of one Solve call.
type SolveStats struct {
	Result SolveResult
	Move   engine.Move // a winning action when Result is Won, else the most resisting one found
	Nodes  uint64      // positions expanded
	Time   time.Duration
	// Losing are the root actions proven to lose (all of them when Result
	// is Lost); the slice belongs to the solver and is valid until its next
	// Solve call.
	Losing []engine.Move
}

// Solver proves Game of Stones positions. Its table lives across Solve
// calls (results stay valid for the whole game and beyond: they depend on
// the position only); Clear empties it. A Solver is not safe for concurrent
// use.
type Solver struct {
	table    []pnEntry
	mask     uint64
	pos      *stones.Position
	nodes    uint64
	limit    uint64
	deadline time.Time
	stop     *atomic.Bool
	aborted  bool
	moves    [solvePly][solveCap]engine.Move
	keys     [solvePly][solveCap]uint64
	losing   [solveCap]engine.Move
}

// NewSolver makes a solver with a table of about mib mebibytes (at least 1).
func NewSolver(mib int) *Solver {
	if mib < 1 {
		mib = 1
	}
	n := uint64(1)
	for n*2*24 <= uint64(mib)<<20 {
		n *= 2
	}
	return &Solver{table: make([]pnEntry, n), mask: n - 4}
}

// Clear empties the table.
func (s *Solver) Clear() { clear(s.table) }

func (s *Solver) lookup(key uint64) (pn, dn uint32, ok bool) {
	b := key & s.mask
	for i := b; i < b+4; i++ {
		if e := &s.table[i]; e.key == key {
			return e.pn, e.dn, true
		}
	}
	return 1, 1, false
}

func (s *Solver) store(key uint64, pn, dn, work uint32) {
	b := key & s.mask
	victim := &s.table[b]
	worst := ^uint64(0)
	for i := b; i < b+4; i++ {
		e := &s.table[i]
		if e.key == key {
			victim = e
			break
		}
		w := uint64(e.work)
		if e.pn == 0 || e.dn == 0 {
			w += 1 << 32 // keep proofs longest
		}
		if e.key == 0 {
			w = 0
		}
		if w < worst {
			worst, victim = w, e
		}
	}
	victim.key, victim.pn, victim.dn, victim.work = key, pn, dn, work
}

func satAdd(a, b uint32) uint32 {
	if a == pnInf || b == pnInf {
		return pnInf
	}
	if s := uint64(a) + uint64(b); s < uint64(pnMax) {
		return uint32(s)
	}
	return pnMax
}

// Solve tries to prove the value of p for its side to move within the
// limits. p is left as it was. It does not allocate.
func (s *Solver) Solve(p *stones.Position, lim SolveLimits) SolveStats {
	t0 := time.Now()
	st := SolveStats{}
	if over, sc := p.Terminal(); over {
		st.Result = Lost
		if sc > 0 {
			st.Result = Won
		}
		return st
	}
	if lim.MaxStack > 0 && p.NumStacks(0)+p.NumStacks(1) > lim.MaxStack {
		return st
	}
	s.pos = p
	s.nodes = 0
	s.limit = lim.Nodes
	s.stop = lim.Stop
	s.deadline = time.Time{}
	if lim.Time > 0 {
		s.deadline = t0.Add(lim.Time)
	}
	s.aborted = false
	pn, dn := s.mid(0, pnInf, pnInf)
	st.Nodes = s.nodes
	switch {
	case pn == 0:
		st.Result = Won
	case dn == 0:
		st.Result = Lost
	}
	st.Move, st.Losing = s.rootChoice(p, st.Result)
	st.Time = time.Since(t0)
	s.pos = nil
	return st
}

// rootChoice picks the root action: a proven win, or else the action whose
// child is least likely to be lost (lowest proof number in the mover's
// sense, then highest disproof number), and lists the proven losing ones.
func (s *Solver) rootChoice(p *stones.Position, res SolveResult) (engine.Move, []engine.Move) {
	moves := p.GenMoves(s.moves[0][:0])
	same := p.Phase() == 0 && !p.SingleActionTurn()
	var best engine.Move
	var bpn, bdn uint32 = pnInf, 0
	losing := s.losing[:0]
	for _, m := range moves {
		cpn, cdn, _ := s.lookup(p.ChildKey(m))
		p.Make(m)
		if over, sc := p.Terminal(); over {
			cpn, cdn = pnInf, 0
			if sc > 0 {
				cpn, cdn = 0, pnInf
			}
		}
		p.Unmake(m)
		if !same {
			cpn, cdn = cdn, cpn
		}
		if cdn == 0 {
			losing = append(losing, m)
		}
		if best == 0 || cpn < bpn || (cpn == bpn && cdn > bdn) {
			best, bpn, bdn = m, cpn, cdn
		}
	}
	return best, losing
}

func (s *Solver) tick() bool {
	s.nodes++
	if s.nodes&1023 == 0 {
		if (s.stop != nil && s.stop.Load()) || (!s.deadline.IsZero() && time.Now().After(s.deadline)) {
			s.aborted = true
		}
	}
	if s.limit > 0 && s.nodes >= s.limit {
		s.aborted = true
	}
	return s.aborted
}

// mid expands the node at ply until its proof number reaches thpn or its
// disproof number reaches thdn (both in the mover's sense), stores and
// returns them.
func (s *Solver) mid(ply int, thpn, thdn uint32) (uint32, uint32) {
	p := s.pos
	key := p.Hash()
	if over, sc := p.Terminal(); over {
		if sc > 0 {
			s.store(key, 0, pnInf, 0)
			return 0, pnInf
		}
		s.store(key, pnInf, 0, 0)
		return pnInf, 0
	}
	if s.tick() || ply >= solvePly-1 {
		s.aborted = true
		pn, dn, _ := s.lookup(key)
		return pn, dn
	}
	start := s.nodes
	moves := p.GenMoves(s.moves[ply][:0])
	keys := &s.keys[ply]
	same := p.Phase() == 0 && !p.SingleActionTurn()
	_, _, seen := s.lookup(key)
	for i, m := range moves {
		keys[i] = p.ChildKey(m)
		if seen {
			continue
		}
		// First visit: settle the children that end the game at once.
		p.Make(m)
		over, sc := p.Terminal()
		p.Unmake(m)
		if !over {
			continue
		}
		if sc > 0 {
			s.store(keys[i], 0, pnInf, 0)
		} else {
			s.store(keys[i], pnInf, 0, 0)
		}
		if (sc > 0) == same {
			s.store(key, 0, pnInf, 1)
			return 0, pnInf
		}
	}
	for {
		pn, dn := pnInf, uint32(0)
		second := pnInf
		bi := -1
		var bdn uint32
		for i := range moves {
			cpn, cdn, _ := s.lookup(keys[i])
			if !same {
				cpn, cdn = cdn, cpn
			}
			dn = satAdd(dn, cdn)
			if cpn < pn {
				second = pn
				pn, bi, bdn = cpn, i, cdn
			} else if cpn < second {
				second = cpn
			}
		}
		if pn == 0 {
			dn = pnInf
		}
		if pn >= thpn || dn >= thdn || s.aborted {
			s.store(key, pn, dn, uint32(min(s.nodes-start, 1<<31)))
			return pn, dn
		}
		// Child thresholds in the mover's sense (1+epsilon trick on pn).
		cth := thpn
		if second != pnInf {
			if v := uint64(second) + uint64(second)/4 + 1; v < uint64(cth) {
				cth = uint32(v)
			}
		}
		ctd := thdn
		if thdn != pnInf {
			ctd = uint32(min(uint64(thdn)-uint64(dn)+uint64(bdn), uint64(pnMax)))
		}
		m := moves[bi]
		p.Make(m)
		if same {
			s.mid(ply+1, cth, ctd)
		} else {
			s.mid(ply+1, ctd, cth)
		}
		p.Unmake(m)
	}
}

// RandomEndgame places perSide stacks per side (3..30), of random types
// and heights 1..maxH (1..30), on random cells. Each side gets every type at
// least twice (when perSide >= 6, else once), and nobody has won yet. The
// side to move and the action due are random too. It serves tests and the
// solver bench.
func RandomEndgame(r *rand.Rand, perSide int, maxH int) *stones.Position {
	perSide = min(max(perSide, 3), 30)
	maxH = min(max(maxH, 1), 30)
	for {
		var st [9][9]int
		free := make([]int, stones.NumCells)
		for i := range free {
			free[i] = i
		}
		r.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
		k := 0
		for side := 0; side < 2; side++ {
			for i := 0; i < perSide; i++ {
				typ := 1 + r.IntN(3)
				if i < 3 || (perSide >= 6 && i < 6) {
					typ = i%3 + 1
				}
				v := int(stones.Encode(side, typ, 1+r.IntN(maxH)))
				x, y := stones.CellXY(free[k])
				k++
				st[y][x] = v
			}
		}
		p, err := stones.FromState(st, r.IntN(2), r.IntN(2))
		if err != nil {
			panic(err) // cannot happen: at most 30 stacks of height <= maxH
		}
		if over, _ := p.Terminal(); !over {
			return p
		}
	}
}
