package engine_test

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/engine/toy"
)

// minimax is a plain full-width search to the end of the game returning
// Win, -Win or 0 for the side to move.
func minimax(p *toy.Position) int { return solve(p, map[uint64]int{}) }

func solve(p *toy.Position, memo map[uint64]int) int {
	if over, s := p.Terminal(); over {
		return s
	}
	if v, ok := memo[p.Hash()]; ok {
		return v
	}
	var buf [toy.MaxEdges]engine.Move
	best := -engine.Inf
	side := p.Side()
	for _, m := range p.GenMoves(buf[:0]) {
		p.Make(m)
		v := solve(p, memo)
		if p.Side() != side {
			v = -v
		}
		p.Unmake(m)
		best = max(best, v)
	}
	memo[p.Hash()] = best
	return best
}

// The search core finds the exact result of small dots-and-boxes games
// (a completed box moves again: moves that keep the side to move) the same as
// a plain minimax.
func TestSolvesSmallGames(t *testing.T) {
	games := [][2]int{{1, 2}, {2, 2}, {1, 3}, {1, 4}, {2, 3}}
	if testing.Short() {
		games = games[:2]
	}
	for _, r := range games {
		for _, opt := range []engine.Options{{}, {LMR: true, AspWindow: 8}} {
			p := toy.New(r[0], r[1])
			want := minimax(p)
			e := engine.New(4, opt)
			res := e.Search(p, engine.Limits{Depth: 60})
			got := 0
			if res.Score > engine.WinBound {
				got = engine.Win
			} else if res.Score < -engine.WinBound {
				got = -engine.Win
			} else if res.Score != 0 {
				t.Fatalf("%v: unresolved score %d", r, res.Score)
			}
			if got != want {
				t.Fatalf("%v %+v: search %d, minimax %d", r, opt, res.Score, want)
			}
			if !p.Legal(res.Move) {
				t.Fatalf("illegal best move %d", res.Move)
			}
			// the best move really achieves the value
			p.Make(res.Move)
			v := minimax(p)
			if p.Side() != toy.New(r[0], r[1]).Side() {
				v = -v
			}
			if v != want {
				t.Fatalf("%v: best move %d leads to %d, want %d", r, res.Move, v, want)
			}
		}
	}
}

func TestDeterministic(t *testing.T) {
	run := func(l engine.Limits) engine.Result {
		e := engine.New(16, engine.Options{LMR: true, AspWindow: 16})
		return e.Search(toy.New(3, 3), l)
	}
	a, b := run(engine.Limits{Depth: 9}), run(engine.Limits{Depth: 9})
	if a.Nodes != b.Nodes || a.Move != b.Move || a.Score != b.Score {
		t.Fatalf("depth-limited search not deterministic: %+v vs %+v", a, b)
	}
	c, d := run(engine.Limits{Nodes: 50000}), run(engine.Limits{Nodes: 50000})
	if c.Nodes != d.Nodes || c.Move != d.Move || c.Nodes != 50000 {
		t.Fatalf("node-limited search: %d/%d nodes, moves %d/%d", c.Nodes, d.Nodes, c.Move, d.Move)
	}
}

// Searching allocates a constant amount per search, none per node.
func TestNoAllocationsPerNode(t *testing.T) {
	if testing.Short() {
		t.Skip("slow under the race detector; runs in the plain test run")
	}
	e := engine.New(16, engine.Options{LMR: true, AspWindow: 16})
	p := toy.New(3, 3)
	e.Search(p, engine.Limits{Depth: 4}) // warm up the workers
	var nodes uint64
	allocs := testing.AllocsPerRun(3, func() {
		e.NewGame()
		nodes = e.Search(p, engine.Limits{Depth: 12}).Nodes
	})
	if nodes < 100000 {
		t.Fatalf("search too small to prove anything: %d nodes", nodes)
	}
	if allocs > 40 { // a few per iteration (the PV), none per node
		t.Fatalf("%.0f allocations for a %d-node search", allocs, nodes)
	}
}

func TestStopReturnsLegalMove(t *testing.T) {
	e := engine.New(16, engine.Options{Threads: 2, LMR: true})
	p := toy.New(3, 3)
	p.Make(3)
	done := make(chan engine.Result)
	go func() { done <- e.Search(p, engine.Limits{}) }()
	time.Sleep(20 * time.Millisecond)
	e.Stop()
	res := <-done
	if !p.Legal(res.Move) {
		t.Fatalf("illegal move %d after stop", res.Move)
	}
	// stop before the search even starts its first iteration
	e2 := engine.New(1, engine.Options{})
	e2.Stop()
	res = e2.Search(p, engine.Limits{Hard: time.Nanosecond})
	if !p.Legal(res.Move) {
		t.Fatalf("illegal move %d under an immediate deadline", res.Move)
	}
}

// Lazy SMP: several workers share the table (run with -race).
func TestLazySMP(t *testing.T) {
	e := engine.New(16, engine.Options{Threads: 4, LMR: true, AspWindow: 16})
	p := toy.New(3, 3)
	var infos []engine.Info
	var mu sync.Mutex
	e.OnInfo = func(i engine.Info) { mu.Lock(); infos = append(infos, i); mu.Unlock() }
	res := e.Search(p, engine.Limits{Depth: 10})
	if !p.Legal(res.Move) || res.Depth != 10 {
		t.Fatalf("bad result %+v", res)
	}
	if len(infos) != 10 || infos[9].Depth != 10 || len(infos[9].PV) == 0 {
		t.Fatalf("expected one info per iteration, got %d", len(infos))
	}
	if p.Hash() != toy.New(3, 3).Hash() {
		t.Fatal("search changed the position")
	}
}

func TestRootMovesRestriction(t *testing.T) {
	e := engine.New(4, engine.Options{})
	p := toy.New(3, 3)
	res := e.Search(p, engine.Limits{Depth: 6, RootMoves: []engine.Move{5}})
	if res.Move != 5 {
		t.Fatalf("restricted search returned %d", res.Move)
	}
}

func TestZobristKeys(t *testing.T) {
	a, b := engine.ZobristKeys(7, 100), engine.ZobristKeys(7, 100)
	seen := map[uint64]bool{}
	for i := range a {
		if a[i] != b[i] {
			t.Fatal("keys differ between runs")
		}
		seen[a[i]] = true
	}
	if len(seen) != 100 {
		t.Fatal("duplicate keys")
	}
}

// A stop raised through Limits.Stop before the search starts is honoured,
// and the result is still a legal move.
func TestExternalStopBeforeStart(t *testing.T) {
	e := engine.New(4, engine.Options{Threads: 2})
	p := toy.New(3, 3)
	var stop atomic.Bool
	stop.Store(true)
	res := e.Search(p, engine.Limits{Stop: &stop})
	if !p.Legal(res.Move) {
		t.Fatalf("illegal move %d", res.Move)
	}
	if res.Depth > 1 {
		t.Fatalf("search went on to depth %d after an early stop", res.Depth)
	}
}

// hinted gives every move an ordering hint, as gomoku does, so that no move
// counts as quiet; reducible says whether a Reducer lets late moves be
// reduced anyway.
type hinted struct {
	*toy.Position
	reducible bool
	adjust    int // AdjustReduction's plies for odd moves
}

func (h *hinted) ScoreMove(m engine.Move) int  { return int(m) + 1 }
func (h *hinted) Reducible(m engine.Move) bool { return h.reducible }
func (h *hinted) StaticEval() int              { return h.Evaluate() }
func (h *hinted) AdjustReduction(m engine.Move) int {
	if m%2 == 1 {
		return h.adjust
	}
	return 0
}
func (h *hinted) Clone() engine.Position {
	return &hinted{h.Position.Clone().(*toy.Position), h.reducible, h.adjust}
}

// A Reducer makes late moves reducible although every move carries a hint;
// the small games are still solved exactly with the reductions.
func TestReducer(t *testing.T) {
	nodes := func(opt engine.Options, reducible bool) uint64 {
		e := engine.New(4, opt)
		return e.Search(&hinted{toy.New(3, 3), reducible, 0}, engine.Limits{Depth: 7}).Nodes
	}
	lmr := engine.Options{LMR: true}
	none, red := nodes(lmr, false), nodes(lmr, true)
	t.Logf("nodes: no reductions %d, reducible %d", none, red)
	if red >= none {
		t.Fatalf("nodes: no reductions %d, reducible %d", none, red)
	}
	for _, r := range [][2]int{{1, 2}, {2, 2}, {1, 3}, {1, 4}} {
		p := toy.New(r[0], r[1])
		want := minimax(p)
		res := engine.New(4, lmr).Search(&hinted{p, true, 0}, engine.Limits{Depth: 60})
		got := 0
		if res.Score > engine.WinBound {
			got = engine.Win
		} else if res.Score < -engine.WinBound {
			got = -engine.Win
		}
		if got != want {
			t.Fatalf("%v: search %d, minimax %d", r, res.Score, want)
		}
	}
}

// pruned is a hinted toy position that lets the search prune forward.
type pruned struct{ *hinted }

func (p *pruned) Threatened() bool { return false }
func (p *pruned) Clone() engine.Position {
	return &pruned{p.hinted.Clone().(*hinted)}
}

// Forward pruning (futility, razoring, move counts) takes effect for a
// Pruner, is off for the same position when Options.Prune is zero, and
// LMRScale reduces more than the fixed reductions; every search still
// returns a legal best move, and proven results keep their sign on the
// small boards.
func TestPruning(t *testing.T) {
	search := func(opt engine.Options, r, c, depth int) engine.Result {
		return engine.New(4, opt).Search(&pruned{&hinted{toy.New(r, c), true, 0}}, engine.Limits{Depth: depth})
	}
	plain := engine.Options{LMR: true}
	prune := engine.Options{LMR: true, Prune: engine.Pruning{Futility: 1, FutilityDepth: 3, Razor: 1, MoveCount: true}}
	logLMR := engine.Options{LMR: true, LMRScale: 100}
	base, pr, lg := search(plain, 3, 3, 8), search(prune, 3, 3, 8), search(logLMR, 3, 3, 8)
	t.Logf("nodes: plain %d, pruned %d, log reductions %d", base.Nodes, pr.Nodes, lg.Nodes)
	if pr.Nodes >= base.Nodes || lg.Nodes >= base.Nodes {
		t.Fatalf("nodes: plain %d, pruned %d, log reductions %d", base.Nodes, pr.Nodes, lg.Nodes)
	}
	if pr.Move == engine.NoMove || lg.Move == engine.NoMove {
		t.Fatalf("no move: pruned %v, log reductions %v", pr.Move, lg.Move)
	}
	for _, r := range [][2]int{{1, 2}, {2, 2}, {1, 3}} {
		want := minimax(toy.New(r[0], r[1]))
		for _, opt := range []engine.Options{prune, logLMR} {
			res := search(opt, r[0], r[1], 60)
			if want > 0 && res.Score < -engine.WinBound || want < 0 && res.Score > engine.WinBound {
				t.Fatalf("%v %+v: search %d, minimax %d", r, opt, res.Score, want)
			}
		}
	}
}

// nulling is a pruned toy position that can pass (engine.NullMover).
type nulling struct {
	*pruned
	passes int
}

func (p *nulling) MakeNull()   { p.hinted.Position.Pass(); p.passes++ }
func (p *nulling) UnmakeNull() { p.hinted.Position.Pass() }
func (p *nulling) Clone() engine.Position {
	return &nulling{pruned: p.pruned.Clone().(*pruned)}
}

// Null-move pruning searches passes only when Pruning.NullMove asks for
// it, cuts the tree, leaves the position as it was, and still returns a
// legal move.
func TestNullMove(t *testing.T) {
	search := func(null int) (engine.Result, *nulling) {
		p := &nulling{pruned: &pruned{&hinted{toy.New(3, 3), true, 0}}}
		opt := engine.Options{LMR: true, Prune: engine.Pruning{MoveCount: true, NullMove: null}}
		return engine.New(4, opt).Search(p, engine.Limits{Depth: 9}), p
	}
	off, p0 := search(0)
	on, p1 := search(2)
	t.Logf("nodes: without null moves %d, with %d (%d passes)", off.Nodes, on.Nodes, p1.passes)
	if p0.passes != 0 || p1.passes == 0 {
		t.Fatalf("passes: off %d, on %d", p0.passes, p1.passes)
	}
	if on.Nodes >= off.Nodes {
		t.Fatalf("nodes: without null moves %d, with %d", off.Nodes, on.Nodes)
	}
	fresh := toy.New(3, 3)
	if p1.Hash() != fresh.Hash() || p1.Side() != fresh.Side() {
		t.Fatalf("position changed by the search")
	}
	if !fresh.Legal(on.Move) {
		t.Fatalf("illegal move %v", on.Move)
	}
}

// unhashed is a hinted toy position whose key is new at every call, so
// that the table never gives a move (each node is one that IIR reduces).
type unhashed struct {
	*hinted
	n uint64
}

func (p *unhashed) Hash() uint64 { p.n++; return p.n * 0x9E3779B97F4A7C15 }
func (p *unhashed) Clone() engine.Position {
	return &unhashed{hinted: p.hinted.Clone().(*hinted)}
}

// provenAs reports whether a search score gives the exact result want
// (Win, -Win or 0) of minimax.
func provenAs(score, want int) bool {
	switch {
	case want > 0:
		return score >= engine.WinBound
	case want < 0:
		return score <= -engine.WinBound
	}
	return score < engine.WinBound && score > -engine.WinBound
}

// Internal iterative reduction searches nodes without a table move
// shallower, only when asked for; the reduced search still returns a legal
// move and keeps the proven results of the small boards.
func TestIIR(t *testing.T) {
	search := func(iir int, r, c, depth int) engine.Result {
		p := &unhashed{hinted: &hinted{toy.New(r, c), true, 0}}
		return engine.New(1, engine.Options{LMR: true, IIR: iir}).Search(p, engine.Limits{Depth: depth})
	}
	off, on := search(0, 2, 3, 7), search(3, 2, 3, 7)
	t.Logf("nodes: without IIR %d, with %d", off.Nodes, on.Nodes)
	if on.Nodes >= off.Nodes {
		t.Fatalf("nodes: without IIR %d, with %d", off.Nodes, on.Nodes)
	}
	if !toy.New(2, 3).Legal(on.Move) {
		t.Fatalf("illegal move %v", on.Move)
	}
	for _, r := range [][2]int{{1, 2}, {2, 2}, {1, 3}} {
		want := minimax(toy.New(r[0], r[1]))
		res := search(3, r[0], r[1], 60)
		if !provenAs(res.Score, want) {
			t.Fatalf("%v: search %d, minimax %d", r, res.Score, want)
		}
	}
}

// HintHistory lets cutoffs by non-forcing hinted moves feed the killers and
// the history, and those reorder the hinted moves: the search changes, and
// the small games are still solved exactly.
func TestHintHistory(t *testing.T) {
	search := func(on bool, r, c, depth int) engine.Result {
		opt := engine.Options{LMR: true}
		if on {
			opt.HintHistory = 1 << 20
		}
		return engine.New(1, opt).Search(&hinted{toy.New(r, c), true, 0}, engine.Limits{Depth: depth})
	}
	checkOption(t, "HintHistory", search, 2, 3, 7, [][2]int{{1, 2}, {2, 2}, {1, 3}})
}

// corridor is a game of one decision: at the root, move 1 enters a line
// of forced moves (one legal move each) that ends after length plies with
// the side to move lost, move 2 ends quietly (a draw). The path is the
// position.
type corridor struct {
	length int
	path   []engine.Move
}

func (c *corridor) GenMoves(buf []engine.Move) []engine.Move {
	if len(c.path) == 0 {
		return append(buf, 1, 2)
	}
	return append(buf, 1)
}
func (c *corridor) Make(m engine.Move) { c.path = append(c.path, m) }
func (c *corridor) Unmake(engine.Move) { c.path = c.path[:len(c.path)-1] }
func (c *corridor) Side() int          { return len(c.path) & 1 }
func (c *corridor) Evaluate() int      { return 0 }
func (c *corridor) Clone() engine.Position {
	return &corridor{length: c.length, path: append([]engine.Move(nil), c.path...)}
}
func (c *corridor) Hash() uint64 {
	h := uint64(len(c.path)+1) * 0x9E3779B97F4A7C15
	if len(c.path) > 0 {
		h ^= uint64(c.path[0]) * 0xC2B2AE3D27D4EB4F
	}
	return h
}
func (c *corridor) Terminal() (bool, int) {
	switch {
	case len(c.path) > 0 && c.path[0] == 2:
		return true, 0
	case len(c.path) == c.length+1:
		return true, -engine.Win
	}
	return false, 0
}

// SingleReply searches a node's only move at the node's depth: a depth-2
// search sees to the end of a corridor of forced moves, and finds the win
// through it, which it does not without the option.
func TestSingleReply(t *testing.T) {
	const length = 10 // even: the root's opponent moves into the lost end
	for _, on := range []bool{false, true} {
		e := engine.New(1, engine.Options{SingleReply: on})
		res := e.Search(&corridor{length: length}, engine.Limits{Depth: 2})
		won := res.Score > engine.WinBound
		if won != on || (on && res.Move != 1) {
			t.Fatalf("SingleReply %v: move %d score %d", on, res.Move, res.Score)
		}
	}
}

// Singular extends a table move that no other move comes near: the search
// changes, returns a legal move, and still solves the small games exactly.
func TestSingular(t *testing.T) {
	search := func(on bool, r, c, depth int) engine.Result {
		opt := engine.Options{LMR: true, AspWindow: 8, SingularMargin: 1}
		if on {
			opt.Singular = 2
		}
		return engine.New(1, opt).Search(toy.New(r, c), engine.Limits{Depth: depth})
	}
	checkOption(t, "Singular", search, 2, 3, 9, [][2]int{{1, 2}, {2, 2}, {1, 3}, {1, 4}})
}

// AlphaReduce searches the moves after one that raised alpha a ply
// shallower: the search changes, returns a legal move, and still solves the
// small games exactly.
func TestAlphaReduce(t *testing.T) {
	search := func(on bool, r, c, depth int) engine.Result {
		opt := engine.Options{LMR: true, AspWindow: 8}
		if on {
			opt.AlphaReduce = 12
		}
		return engine.New(1, opt).Search(toy.New(r, c), engine.Limits{Depth: depth})
	}
	checkOption(t, "AlphaReduce", search, 2, 3, 9, [][2]int{{1, 2}, {2, 2}, {1, 3}, {1, 4}})
}

// TestWholeTurnSoft: a stable search stops at StableShare of the soft
// limit, and that is never before the hard limit.
func TestWholeTurnSoft(t *testing.T) {
	for _, h := range []time.Duration{0, 1, time.Millisecond, 888 * time.Millisecond, time.Hour} {
		s := engine.WholeTurnSoft(h)
		if time.Duration(float64(s)*engine.StableShare) < h || s <= h {
			t.Errorf("hard %v: soft %v stops a stable search at %v", h, s, time.Duration(float64(s)*engine.StableShare))
		}
	}
}

// The fail-high reduction at expected cut nodes changes the search only
// when asked for, returns a legal move, and keeps the proven results of the
// small boards.
func TestFailHighReduction(t *testing.T) {
	checkOption(t, "FailHighMargin", func(on bool, r, c, depth int) engine.Result {
		opt := engine.Options{LMR: true, Prune: engine.Pruning{MoveCount: true}}
		if on {
			opt.FailHighMargin = 1
		}
		return engine.New(4, opt).Search(&pruned{&hinted{toy.New(r, c), true, 0}}, engine.Limits{Depth: depth})
	}, 3, 3, 9, [][2]int{{1, 2}, {2, 2}, {1, 3}})
}

// correcting is a pruned toy position with correction keys
// (engine.Corrector): the side's stone count and the position's hash.
type correcting struct {
	*pruned
	calls, stands int
}

func (p *correcting) CorrectionKeys() (a, b uint64) {
	p.calls++
	return uint64(p.Side()), p.Hash() >> 50
}

// CorrectedStand counts the quiescence roots whose corrected stand pat the
// search passed on.
func (p *correcting) CorrectedStand(int) { p.stands++ }

func (p *correcting) Clone() engine.Position {
	return &correcting{pruned: p.pruned.Clone().(*pruned)}
}

// Correction histories move the static evaluation (and with CorrectLeaves
// the stand pat, which the position is then told) only when asked for: the
// search changes, returns a legal move, and still solves the small games
// exactly; without the option the keys are never read.
func TestCorrection(t *testing.T) {
	for _, leaves := range []bool{false, true} {
		var last *correcting
		checkOption(t, "Correction", func(on bool, r, c, depth int) engine.Result {
			opt := engine.Options{LMR: true, Prune: engine.Pruning{Futility: 1, FutilityDepth: 3, Razor: 1, MoveCount: true}}
			if on {
				opt.Correction, opt.CorrectLeaves = 100, leaves
			}
			last = &correcting{pruned: &pruned{&hinted{toy.New(r, c), true, 0}}}
			res := engine.New(4, opt).Search(last, engine.Limits{Depth: depth})
			if !on && last.calls != 0 {
				t.Fatalf("keys read %d times without the option", last.calls)
			}
			if want := on && leaves; (last.stands > 0) != want {
				t.Fatalf("Correction %v, CorrectLeaves %v: %d corrected stand pats passed on", on, leaves, last.stands)
			}
			return res
		}, 3, 3, 9, [][2]int{{1, 2}, {2, 2}, {1, 3}})
	}
}

// checkLateMoveOption checks an option of the scaled late move reductions
// (set turns it on) on the hinted toy whose moves are all reducible or
// none.
func checkLateMoveOption(t *testing.T, name string, reducible bool, set func(*engine.Options)) {
	t.Helper()
	checkOption(t, name, func(on bool, r, c, depth int) engine.Result {
		opt := engine.Options{LMR: true, LMRScale: 100}
		if on {
			set(&opt)
		}
		return engine.New(4, opt).Search(&hinted{toy.New(r, c), reducible, 2}, engine.Limits{Depth: depth})
	}, 3, 3, 9, [][2]int{{1, 2}, {2, 2}, {1, 3}})
}

// TestHintKeep: the option reduces well-hinted late moves less (the toy's
// hints rise with the move number, so the late moves of a node are near
// its best).
func TestHintKeep(t *testing.T) {
	checkLateMoveOption(t, "HintKeep", true, func(o *engine.Options) { o.HintKeep = 50 })
}

// TestReduceThreats: the option reduces late moves that are not Reducible
// (every move of hinted{reducible: false}), which are otherwise searched
// to the full depth, by their whole late move reduction (ThreatLMR 0) or
// by less; ThreatLMR alone changes nothing.
func TestReduceThreats(t *testing.T) {
	checkLateMoveOption(t, "ReduceThreats", false, func(o *engine.Options) { o.ReduceThreats = true })
	checkLateMoveOption(t, "ReduceThreats with ThreatLMR 1", false, func(o *engine.Options) { o.ReduceThreats, o.ThreatLMR = true, 1 })
	search := func(o engine.Options) engine.Result {
		return engine.New(4, o).Search(&hinted{toy.New(3, 3), false, 2}, engine.Limits{Depth: 9})
	}
	base := engine.Options{LMR: true, LMRScale: 100}
	whole, less := base, base
	whole.ReduceThreats = true
	less.ReduceThreats, less.ThreatLMR = true, 1
	off := base
	off.ThreatLMR = 1
	w, l, o, b := search(whole), search(less), search(off), search(base)
	t.Logf("nodes: whole reduction %d, one ply less %d, off %d", w.Nodes, l.Nodes, b.Nodes)
	if w.Nodes >= l.Nodes || l.Nodes >= b.Nodes {
		t.Errorf("nodes: whole reduction %d, one ply less %d, off %d: want fewer with more reduction", w.Nodes, l.Nodes, b.Nodes)
	}
	if o.Nodes != b.Nodes {
		t.Errorf("ThreatLMR without ReduceThreats: %d nodes, want %d", o.Nodes, b.Nodes)
	}
}

// TestAdjustLMR: the option moves the late move reductions by the
// position's AdjustReduction (two plies more for the toy's odd moves).
func TestAdjustLMR(t *testing.T) {
	checkLateMoveOption(t, "AdjustLMR", true, func(o *engine.Options) { o.AdjustLMR = true })
}

// checkOption runs search with an option off and on: on a board of r rows
// and c columns to depth the option must change the node count and give a
// legal move, and with it on every board of small must be solved exactly.
func checkOption(t *testing.T, name string, search func(on bool, r, c, depth int) engine.Result, r, c, depth int, small [][2]int) {
	t.Helper()
	off, on := search(false, r, c, depth), search(true, r, c, depth)
	t.Logf("nodes: without %s %d, with %d", name, off.Nodes, on.Nodes)
	if on.Nodes == off.Nodes {
		t.Fatalf("%s changed nothing (%d nodes)", name, on.Nodes)
	}
	if !toy.New(r, c).Legal(on.Move) {
		t.Fatalf("illegal move %v", on.Move)
	}
	for _, b := range small {
		want := minimax(toy.New(b[0], b[1]))
		if res := search(true, b[0], b[1], 60); !provenAs(res.Score, want) {
			t.Fatalf("%v: search %d, minimax %d", b, res.Score, want)
		}
	}
}

// predicting is a toy position that tells the hash after a move by making
// it (engine.HashPredictor), and checks at every Make that the search asked
// for the move it makes next.
type predicting struct {
	*toy.Position
	asked engine.Move
	want  uint64
	calls int
	wrong int
}

func (p *predicting) HashAfter(m engine.Move) uint64 {
	p.Position.Make(m)
	h := p.Position.Hash()
	p.Position.Unmake(m)
	p.asked, p.want = m, h
	p.calls++
	return h
}

func (p *predicting) Make(m engine.Move) {
	p.Position.Make(m)
	if p.asked == m && p.Position.Hash() != p.want {
		p.wrong++
	}
	p.asked = engine.NoMove
}

func (p *predicting) Clone() engine.Position {
	return &predicting{Position: p.Position.Clone().(*toy.Position)}
}

// The search asks a HashPredictor for the hash of the child before it makes
// the move (to prefetch its table bucket); the prefetch changes nothing of
// the search.
func TestHashPredictor(t *testing.T) {
	opt := engine.Options{LMR: true}
	plain := engine.New(4, opt).Search(toy.New(3, 3), engine.Limits{Depth: 8})
	p := &predicting{Position: toy.New(3, 3)}
	got := engine.New(4, opt).Search(p, engine.Limits{Depth: 8})
	if p.calls == 0 || p.wrong != 0 {
		t.Fatalf("predictions: %d asked, %d wrong", p.calls, p.wrong)
	}
	if got.Move != plain.Move || got.Score != plain.Score || got.Nodes != plain.Nodes {
		t.Fatalf("with the predictor %v %d (%d nodes), without %v %d (%d nodes)", got.Move, got.Score, got.Nodes, plain.Move, plain.Score, plain.Nodes)
	}
}

// TestQuiesceTT: the quiescence's first position reads and writes the
// table, which changes the search's node count and none of its proven
// results.
func TestQuiesceTT(t *testing.T) {
	checkPrunedOption(t, "QuiesceTT", func(o *engine.Options) { o.QuiesceTT = true })
}

// TestTTEval: forward pruning that reads table scores where their bound
// allows changes the search's node count and none of its proven results.
func TestTTEval(t *testing.T) {
	checkPrunedOption(t, "TTEval", func(o *engine.Options) { o.TTEval = true })
}

// The table move's fractional extension (TTMoveExt, TTMoveExtNonPV) adds
// up along a line: it changes the search, returns a legal move, and keeps
// the proven results of small games.
func TestTTMoveExt(t *testing.T) {
	checkToyOption(t, "TTMoveExt", engine.Options{LMR: true}, func(o *engine.Options) { o.TTMoveExt, o.TTMoveExtNonPV = 50, 30 })
}

// checkToyOption is checkOption on the plain toy game with the options
// base, without and with set applied to them.
func checkToyOption(t *testing.T, name string, base engine.Options, set func(*engine.Options)) {
	t.Helper()
	checkOption(t, name, func(on bool, r, c, depth int) engine.Result {
		opt := base
		if on {
			set(&opt)
		}
		return engine.New(1, opt).Search(toy.New(r, c), engine.Limits{Depth: depth})
	}, 2, 3, 7, [][2]int{{1, 2}, {2, 2}, {1, 3}})
}

// checkPrunedOption is checkOption on the pruned toy position with forward
// pruning on, without and with set applied to the options.
func checkPrunedOption(t *testing.T, name string, set func(*engine.Options)) {
	t.Helper()
	checkOption(t, name, func(on bool, r, c, depth int) engine.Result {
		opt := engine.Options{LMR: true, Prune: engine.Pruning{Futility: 1, FutilityDepth: 3, Razor: 1, MoveCount: true}}
		if on {
			set(&opt)
		}
		return engine.New(4, opt).Search(&pruned{&hinted{toy.New(r, c), true, 0}}, engine.Limits{Depth: depth})
	}, 3, 3, 9, [][2]int{{1, 2}, {2, 2}, {1, 3}})
}

// The continuation history orders hinted moves by the answers that cut
// off after the opponent's last move: it changes the search, returns a
// legal move, and keeps the proven results of small games.
func TestContHistory(t *testing.T) {
	checkOption(t, "ContHistory", func(on bool, r, c, depth int) engine.Result {
		opt := engine.Options{LMR: true, HintHistory: 1 << 20}
		if on {
			opt.ContHistory = 1 << 20
		}
		return engine.New(1, opt).Search(&hinted{toy.New(r, c), true, 0}, engine.Limits{Depth: depth})
	}, 2, 3, 7, [][2]int{{1, 2}, {2, 2}, {1, 3}})
}

// LMRFrom 1 lets late move reductions reduce a node's second and third
// moves too: it changes the search, returns a legal move, and keeps the
// proven results of small games.
func TestLMRFrom(t *testing.T) {
	checkToyOption(t, "LMRFrom", engine.Options{LMR: true, LMRScale: 100}, func(o *engine.Options) { o.LMRFrom = 1 })
}

// narrowed is a game of two moves a side whose GenMoves lists only the
// first of the opponent's answers to move 1 (3, which loses) and leaves
// the second (4, a draw) in the buffer beyond the list, where Widen finds
// it; move 2 ends the game drawn at once.
type narrowed struct {
	path  []engine.Move
	widen bool
}

func (n *narrowed) GenMoves(buf []engine.Move) []engine.Move {
	if len(n.path) == 0 {
		return append(buf, 1, 2)
	}
	return append(buf, 3, 4)[:1]
}
func (n *narrowed) Widen(moves []engine.Move) []engine.Move {
	if n.widen && len(n.path) == 1 && len(moves) == 1 {
		return moves[:2]
	}
	return moves
}
func (n *narrowed) Make(m engine.Move) { n.path = append(n.path, m) }
func (n *narrowed) Unmake(engine.Move) { n.path = n.path[:len(n.path)-1] }
func (n *narrowed) Side() int          { return len(n.path) & 1 }
func (n *narrowed) Evaluate() int      { return 0 }
func (n *narrowed) Clone() engine.Position {
	return &narrowed{path: append([]engine.Move(nil), n.path...), widen: n.widen}
}
func (n *narrowed) Hash() uint64 {
	h := uint64(len(n.path)+1) * 0x9E3779B97F4A7C15
	for i, m := range n.path {
		h ^= uint64(m) * 0xC2B2AE3D27D4EB4F << i
	}
	return h
}
func (n *narrowed) Terminal() (bool, int) {
	switch {
	case len(n.path) == 1 && n.path[0] == 2, len(n.path) == 2 && n.path[1] == 4:
		return true, 0
	case len(n.path) == 2:
		return true, engine.Win // the side to move (the root's) has won
	}
	return false, 0
}

// A Widener's left-out moves are searched when every listed move lost: the
// opponent's draw 4 refutes the root's false win with 1, which the search
// proves without them.
func TestWidener(t *testing.T) {
	for _, on := range []bool{false, true} {
		e := engine.New(1, engine.Options{LMR: true})
		res := e.Search(&narrowed{widen: on}, engine.Limits{Depth: 4})
		if won := res.Score > engine.WinBound; won == on || !on && res.Move != 1 {
			t.Fatalf("widen %v: move %d score %d", on, res.Move, res.Score)
		}
	}
}
