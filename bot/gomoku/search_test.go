package gomoku

import (
	"slices"
	"sync"
	"testing"

	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

func TestBenchSignatureDeterministic(t *testing.T) {
	ps := BenchPositions()[:4]
	var first uint64
	for i := 0; i < 2; i++ {
		n, _ := searchBench(ps, benchOptions())
		if i == 0 {
			first = n
		} else if n != first {
			t.Fatalf("bench nodes %d then %d", first, n)
		}
	}
	if first == 0 {
		t.Fatal("no nodes searched")
	}
}

func TestNoAllocations(t *testing.T) {
	mv, _ := game.ParseOpening("g5h5h3f4g4j7f2")
	for _, rule := range []game.Rule{game.Freestyle, game.Renju} {
		p, err := PositionFrom(15, 15, rule, mv)
		if err != nil {
			t.Fatal(err)
		}
		p.SearchVCF = DefaultSearchVCF
		p.Quiesce = true
		buf := make([]engine.Move, 0, engine.MaxMoves)
		allocs := testing.AllocsPerRun(100, func() {
			ms := p.GenMoves(buf[:0])
			for _, m := range ms {
				p.Make(m)
				inner := p.GenMoves(buf[:0])
				_ = inner
				p.GenNoisy(buf[:0])
				p.Evaluate()
				p.Terminal()
				p.Unmake(m)
			}
			p.HasVCF(2000, 0)
		})
		if allocs != 0 {
			t.Fatalf("%v: %v allocations per make/genmoves/unmake round", rule, allocs)
		}
		e := engine.New(4, engine.Options{Threads: 1, LMR: true})
		var nodes uint64
		allocs = testing.AllocsPerRun(3, func() {
			e.NewGame()
			nodes = e.Search(p, engine.Limits{Depth: 5}).Nodes
		})
		// the search allocates its result and PV once per iteration, never per node
		if allocs > 40 || nodes < 1000 {
			t.Fatalf("%v: %v allocations for a %d-node search", rule, allocs, nodes)
		}
	}
}

func TestVCFLines(t *testing.T) {
	// black double four at 10,7
	p := setup(t, game.Freestyle, game.Black, b(7, 7), b(8, 7), b(9, 7), w(6, 7), b(10, 8), b(10, 9), b(10, 10), w(10, 11))
	r := p.VCF(0, 0)
	if !r.Win || r.Move != p.MoveAt(10, 7) {
		t.Fatalf("VCF %+v", r)
	}
	// no VCF on a quiet board
	q := setup(t, game.Freestyle, game.Black, b(7, 7), w(8, 8))
	if q.VCF(0, 0).Win {
		t.Fatal("VCF on a quiet board")
	}
	// every solved line of the test set is a real sequence of fours ending in five
	for i, p0 := range vcfTestPositions() {
		p := *p0
		p.ClearVCF()
		r := p.VCF(1<<20, 0)
		if !r.Win {
			t.Fatalf("position %d: no VCF", i)
		}
		attacker := p.Side()
		var done []engine.Move
		for k, m := range r.Line {
			if !p.IsLegal(m) {
				t.Fatalf("position %d: illegal move %s in line", i, game.FormatMove(m))
			}
			if k%2 == 0 && p.Side() == attacker && k < len(r.Line)-1 {
				if !p.HasCode(attacker, int(m), ev.B4) {
					t.Fatalf("position %d: %s is not a four", i, game.FormatMove(m))
				}
			}
			p.Make(m)
			done = append(done, m)
		}
		// the line ends with a five or an open four the defender cannot stop
		if p.Winner() != attacker {
			over, sc := p.Terminal()
			if p.Side() == attacker && !(over && sc > 0) {
				t.Fatalf("position %d: line %s does not win", i, lineString(r.Line))
			}
			if p.Side() != attacker && p.Count(attacker, ev.TFive) < 2 {
				t.Fatalf("position %d: line %s does not win", i, lineString(r.Line))
			}
		}
		for k := len(done) - 1; k >= 0; k-- {
			p.Unmake(done[k])
		}
	}
}

func TestVCT(t *testing.T) {
	b := NewBrain(4, 1)
	b.MaxDepth = 4 // VCT depth 9
	// black makes two open threes at 8,7: a win by threats, not by fours
	p := setup(t, game.Freestyle, game.Black, b6(6, 7), b6(7, 7), b6(8, 5), b6(8, 6), w(0, 0), w(14, 14), w(0, 14), w(14, 0))
	if p.VCF(0, 0).Win {
		t.Fatal("unexpected VCF")
	}
	m, ok := b.VCT(p, 0)
	if !ok || !p.IsLegal(m) {
		t.Fatalf("VCT not found (%v)", game.FormatMove(m))
	}
	// under renju the same double three is forbidden for black
	r := setup(t, game.Renju, game.Black, b6(6, 7), b6(7, 7), b6(8, 5), b6(8, 6), w(0, 0), w(14, 14), w(0, 14), w(14, 0))
	if m, ok := b.VCT(r, 0); ok && m == r.MoveAt(8, 7) {
		t.Fatal("VCT through a forbidden double three")
	}
	// a quiet position has none
	q := setup(t, game.Freestyle, game.Black, b6(7, 7), w(8, 8), b6(6, 6), w(5, 5))
	if _, ok := b.VCT(q, 0); ok {
		t.Fatal("VCT on a quiet board")
	}
	if p.vctSide != -1 || q.vctSide != -1 {
		t.Fatal("threat mode left on")
	}
}

func b6(x, y int) stone { return b(x, y) }

func TestQuiescenceSeesFours(t *testing.T) {
	// on the positions with a VCF, a depth-1 search sees the win through
	// the quiescence over fours on every one, and without it not on all
	seen := [2]int{}
	ps := vcfTestPositions()
	for i, q := range []bool{false, true} {
		for k, p0 := range ps {
			p := *p0
			p.ClearVCF()
			p.Quiesce = q
			e := engine.New(1, engine.Options{Threads: 1})
			res := e.Search(&p, engine.Limits{Depth: 1})
			if res.Score >= ev.VCFWin {
				seen[i]++
			} else if q {
				t.Errorf("position %d: %s scores %d with quiescence", k, game.FormatMove(res.Move), res.Score)
			}
		}
	}
	if seen[1] <= seen[0] {
		t.Fatalf("wins seen at depth 1: %d without, %d with quiescence", seen[0], seen[1])
	}
	t.Logf("wins seen at depth 1: %d without, %d with quiescence (of %d)", seen[0], seen[1], len(ps))
}

// TestQuiescenceRules: the four-three against no four is a win for
// Terminal (not under renju, not when the opponent has a four); inside the
// quiescence Evaluate keeps the stand pat of the depth-0 node, as corrected
// by the search (CorrectedStand); GenNoisy
// plays fours only within QuiescePlies of it, blocks of a five always.
func TestQuiescenceRules(t *testing.T) {
	// black 8,7: a four (5..8,7, blocked at 4,7) and an open three (8,7..8,9)
	stones := []stone{b(5, 7), b(6, 7), b(7, 7), w(4, 7), b(8, 8), b(8, 9), w(0, 0), w(14, 14), w(0, 14)}
	for _, rule := range []game.Rule{game.Freestyle, game.Renju} {
		p := setup(t, rule, game.Black, stones...)
		if p.Class(game.Black, p.Index(8, 7)) != ev.T43 && rule != game.Renju {
			t.Fatal("8,7 is not a four-three")
		}
		if over, _ := p.Terminal(); over {
			t.Fatalf("%v: decided without quiescence", rule)
		}
		p.Quiesce = true
		over, sc := p.Terminal()
		if want := rule != game.Renju; over != want || (over && sc != engine.Win) {
			t.Fatalf("%v: Terminal %v %d with quiescence", rule, over, sc)
		}
	}
	// the same with a white three that makes fours: not decided
	q := setup(t, game.Freestyle, game.Black, append(stones, w(10, 12), w(11, 12), w(12, 12))...)
	q.Quiesce = true
	if over, _ := q.Terminal(); over {
		t.Fatal("four-three against an opponent's four decided")
	}
	// white to move: its stand pat at the depth-0 node is kept along the
	// four 9,12 and the black block at 13,12 ... 8,12
	q.SetSide(game.White)
	q.genN = q.Ply() - 1
	pattern := q.Evaluate()
	// the search corrects the stand pat and tells the position
	stand := pattern + 37
	q.CorrectedStand(stand)
	var buf [engine.MaxMoves]engine.Move
	noisy := q.GenNoisy(buf[:0])
	if len(noisy) == 0 {
		t.Fatal("no fours for white")
	}
	m := noisy[0]
	q.Make(m)
	if v := q.Evaluate(); v != -ev.VCFWin {
		t.Fatalf("facing a five: %d", v)
	}
	q.CorrectedStand(stand + 1000) // not the quiescence's first node: no change
	blocks := q.GenNoisy(buf[:0])
	if len(blocks) != 1 || q.Class(game.White, int(blocks[0])) != ev.TFive {
		t.Fatalf("blocks %s", lineString(blocks))
	}
	bl := blocks[0]
	q.Make(bl)
	if v := q.Evaluate(); v != stand || v == q.score() {
		t.Fatalf("after %s %s: %d (pattern score %d), want the corrected stand pat %d (uncorrected %d)", game.FormatMove(m), game.FormatMove(bl), v, q.score(), stand, pattern)
	}
	// the cap: no more fours two plies in with QuiescePlies 2, but a five
	// is still blocked
	q.QuiescePlies = 2
	if n := len(q.GenNoisy(buf[:0])); n != 0 && q.Count(game.Black, ev.TFive) == 0 {
		t.Fatalf("%d fours beyond the cap", n)
	}
	// within the cap only the fours in line with white's previous four
	q.QuiescePlies = 0
	var got []engine.Move
	for _, c := range q.GenNoisy(buf[:0]) {
		if !alignedNear(int(c), int(m)) {
			t.Fatalf("%s is not in line with %s", game.FormatMove(c), game.FormatMove(m))
		}
		got = append(got, c)
	}
	gn := q.genN
	q.genN = q.Ply() - 1 // as a depth-0 node: every four
	if all := q.GenNoisy(buf[:0]); len(all) <= len(got) {
		t.Fatalf("fours %s at a depth-0 node, %s in the line", lineString(all), lineString(got))
	}
	q.genN = gn
	q.Unmake(bl)
	q.QuiescePlies = 1
	if len(q.GenNoisy(buf[:0])) != 1 {
		t.Fatal("the block of a five is capped")
	}
}

var (
	vcfOnce sync.Once
	vcfSet  []*Search
)

// vcfTestPositions is VCFPositions(3), computed once per test binary.
func vcfTestPositions() []*Search {
	vcfOnce.Do(func() { vcfSet = VCFPositions(3) })
	return vcfSet
}

// Reducible: threats and answers to threats are never reduced, quiet moves
// may be; nothing is in a threat-space search.
func TestReducible(t *testing.T) {
	p := freestyleOpening(t, "h8a1i8a3")
	// black to move: j8 and g8 make an open three, b2 and m13 nothing
	for _, c := range []struct {
		x, y int
		want bool
	}{{9, 7, false}, {6, 7, false}, {1, 1, true}, {12, 12, true}} {
		if got := p.Reducible(p.MoveAt(c.x, c.y)); got != c.want {
			t.Errorf("black at %d,%d: Reducible %v, want %v", c.x, c.y, got, c.want)
		}
	}
	p.Make(p.MoveAt(9, 7)) // h8 i8 j8: an open three
	// white to move: g8 and k8 (black's fours) are answers, m13 is not
	for _, c := range []struct {
		x, y int
		want bool
	}{{6, 7, false}, {10, 7, false}, {12, 12, true}} {
		if got := p.Reducible(p.MoveAt(c.x, c.y)); got != c.want {
			t.Errorf("white at %d,%d: Reducible %v, want %v", c.x, c.y, got, c.want)
		}
	}
	p.vctSide = game.Black
	if p.Reducible(p.MoveAt(12, 12)) {
		t.Error("a move of a threat-space search is reducible")
	}
	p.vctSide = -1
}

// Threatened (no forward pruning) holds when the opponent makes an open
// four or five next, and inside a threat-space search; StaticEval is the
// pattern score Evaluate gives outside the quiescence.
func TestThreatened(t *testing.T) {
	p := freestyleOpening(t, "h8a1i8a3")
	if p.Threatened() {
		t.Error("black to move after h8 i8: threatened")
	}
	if got, want := p.StaticEval(), p.Evaluate(); got != want {
		t.Errorf("StaticEval %d, Evaluate %d", got, want)
	}
	p.Make(p.MoveAt(9, 7)) // h8 i8 j8: an open three
	if !p.Threatened() {
		t.Error("white to move against an open three: not threatened")
	}
	p.Make(p.MoveAt(6, 7)) // white blocks at g8
	if p.Threatened() {
		t.Error("black to move after the block: threatened")
	}
	p.vctSide = game.Black
	if !p.Threatened() || p.StaticEval() != 0 {
		t.Errorf("threat-space search: Threatened %v, StaticEval %d", p.Threatened(), p.StaticEval())
	}
}

// A pass (the search's null move) gives the move to the other side and
// takes nothing else with it: the key, the side, the stack depth and the
// quiescence's depth-0 mark (genN) come back with UnmakeNull; after the
// pass the other side's moves are generated, and a game of passes and
// moves unwinds to the start.
func TestNullMove(t *testing.T) {
	mv, err := game.ParseOpening("h8i9i7")
	if err != nil {
		t.Fatal(err)
	}
	p, err := PositionFrom(15, 15, game.Freestyle, mv)
	if err != nil {
		t.Fatal(err)
	}
	var buf [game.MaxSize * game.MaxSize]engine.Move
	p.GenMoves(buf[:0])
	key, side, ply, genN := p.Hash(), p.Side(), p.Ply(), p.genN
	p.MakeNull()
	if p.Side() == side || p.Hash() == key || p.Ply() != ply+1 || p.genN != ply {
		t.Fatalf("after the pass: side %d (was %d), ply %d (was %d), genN %d (want %d)", p.Side(), side, p.Ply(), ply, p.genN, ply)
	}
	m := p.MoveAt(2, 2)
	p.Make(m)
	if p.At(2, 2) != side^1+1 {
		t.Fatalf("the stone after the pass is cell value %d, want %d", p.At(2, 2), side^1+1)
	}
	p.Unmake(m)
	p.UnmakeNull()
	if p.Side() != side || p.Hash() != key || p.Ply() != ply || p.genN != genN {
		t.Fatalf("after UnmakeNull: side %d, key %x, ply %d, genN %d; want %d, %x, %d, %d", p.Side(), p.Hash(), p.Ply(), p.genN, side, key, ply, genN)
	}
}

func TestFourThreeDefences(t *testing.T) {
	// white makes a four (row 7, blocked by black at 3,7) and an open three
	// (column 7) with 7,7; black to move, with no four of its own
	stones := []stone{w(4, 7), w(5, 7), w(6, 7), w(7, 8), w(7, 9), b(3, 7), b(11, 11), b(12, 3), b(2, 12), b(12, 12)}
	p := setup(t, game.Freestyle, game.Black, stones...)
	if p.Class(game.White, p.Index(7, 7)) != ev.T43 {
		t.Fatalf("7,7 is no four-three for white\n%s", p)
	}
	before := p.Hash()
	moves := p.GenMoves(make([]engine.Move, 0, engine.MaxMoves))
	if p.Hash() != before {
		t.Fatal("GenMoves changed the position")
	}
	got := map[engine.Move]bool{}
	for _, m := range moves {
		got[m] = true
	}
	// the cell itself, the end of the four, the ends of the three
	for _, xy := range [][2]int{{7, 7}, {8, 7}, {7, 6}, {7, 10}} {
		if !got[p.MoveAt(xy[0], xy[1])] {
			t.Errorf("defence %v missing from %v", xy, lineString(moves))
		}
	}
	// a stone beyond the open end leaves an open three; a quiet move elsewhere stops nothing
	for _, xy := range [][2]int{{7, 11}, {10, 10}, {9, 5}} {
		if got[p.MoveAt(xy[0], xy[1])] {
			t.Errorf("%v listed as a defence: %v", xy, lineString(moves))
		}
	}
	// every listed move stops the four-three
	for _, m := range moves {
		p.Make(m)
		if p.Count(game.White, ev.T43)+p.Count(game.White, ev.TFlex4) != 0 {
			t.Errorf("%s leaves white a four-three or open four", game.FormatMove(m))
		}
		p.Unmake(m)
	}
	buf := make([]engine.Move, 0, engine.MaxMoves)
	if a := testing.AllocsPerRun(20, func() { p.GenMoves(buf[:0]) }); a != 0 {
		t.Errorf("%v allocations per GenMoves", a)
	}
	// with a four of its own, black may also counter with it
	q := setup(t, game.Freestyle, game.Black, append(stones, b(13, 2), b(13, 3), b(13, 4), w(13, 1), w(1, 1))...)
	if !slices.Contains(q.GenMoves(make([]engine.Move, 0, engine.MaxMoves)), q.MoveAt(13, 5)) {
		t.Error("the own four 13,5 is not listed")
	}
}

// TestRootCandidates: the root lists up to DefaultRootCandidates quiet
// moves (or RootCandidates), the nodes below it DefaultCandidates.
func TestRootCandidates(t *testing.T) {
	mv, _ := game.ParseOpening("g5h5h3f4g4j7f2")
	p, err := PositionFrom(15, 15, game.Freestyle, mv)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]engine.Move, 0, engine.MaxMoves)
	if n := len(p.GenMoves(buf)); n != DefaultCandidates {
		t.Fatalf("below the root: %d moves, want %d", n, DefaultCandidates)
	}
	p.rootN = p.Ply()
	if n := len(p.GenMoves(buf)); n != DefaultRootCandidates {
		t.Fatalf("at the root: %d moves, want %d", n, DefaultRootCandidates)
	}
	p.RootCandidates = 20
	if n := len(p.GenMoves(buf)); n != 20 {
		t.Fatalf("RootCandidates 20: %d moves", n)
	}
	p.Candidates = 22 // the root is never narrower than the rest
	if n := len(p.GenMoves(buf)); n != 22 {
		t.Fatalf("Candidates 22, RootCandidates 20: %d moves at the root", n)
	}
}

// TestAlphaReduce: on the bench positions the moves after one that raised
// alpha are searched a ply shallower with engine.Options.AlphaReduce, and
// the best moves stay legal.
func TestAlphaReduce(t *testing.T) {
	checkBenchOption(t, "AlphaReduce 12", func(o *engine.Options) { o.AlphaReduce = 12 })
}

// TestTTMoveExt: on the bench positions the table move's fractional
// extension (engine.Options.TTMoveExt) changes the search, and the best
// moves stay legal.
func TestTTMoveExt(t *testing.T) {
	checkBenchOption(t, "TTMoveExt", func(o *engine.Options) { o.TTMoveExt, o.TTMoveExtNonPV = 25, 8 })
}

// TestTTEval: on the bench positions the forward pruning reads table
// scores with engine.Options.TTEval, and the best moves stay legal.
func TestTTEval(t *testing.T) {
	checkBenchOption(t, "TTEval", func(o *engine.Options) { o.TTEval = true })
}

// TestLMRExtend: on the bench positions the re-search after a reduced
// search that passed alpha goes a ply deeper or shallower with
// engine.Options.LMRExtend (the engine's toy game passes alpha too seldom
// after a reduction to show it), and the best moves stay legal.
func TestLMRExtend(t *testing.T) {
	checkBenchOption(t, "LMRExtend 60", func(o *engine.Options) { o.LMRExtend = 60 })
}

// checkBenchOption searches the first bench positions with the bench's
// options and with set applied to them: the node count must change and
// the best moves must be legal.
func checkBenchOption(t *testing.T, name string, set func(*engine.Options)) {
	t.Helper()
	ps := BenchPositions()[:4]
	o := benchOptions()
	off, _ := searchBench(ps, o)
	set(&o)
	on, best := searchBench(ps, o)
	t.Logf("nodes: bench options %d, with %s %d", off, name, on)
	if on == off {
		t.Fatalf("%s changed nothing (%d nodes)", name, on)
	}
	for i, m := range best {
		if !ps[i].(engine.Legality).IsLegal(m) {
			t.Fatalf("position %d: illegal move %s", i, game.FormatMove(m))
		}
	}
}

// searchBench searches each of ps with a new engine of options o to a ply
// less than the bench depth: the nodes of all, and the best move of each.
func searchBench(ps []engine.Position, o engine.Options) (uint64, []engine.Move) {
	e := engine.New(16, o)
	var n uint64
	var best []engine.Move
	for _, p := range ps {
		e.NewGame()
		r := e.Search(p, engine.Limits{Depth: BenchDepth - 1})
		n += r.Nodes
		best = append(best, r.Move)
	}
	return n, best
}

// The correction keys (engine.Corrector) follow the threat classes on the
// board and the last two moves: the same stones in another order keep the
// threat key and change the move key, an open three changes the threat
// key, and reading them changes nothing.
func TestCorrectionKeys(t *testing.T) {
	keys := func(opening string) (a, b uint64, p *Search) {
		t.Helper()
		mv, err := game.ParseOpening(opening)
		if err != nil {
			t.Fatal(err)
		}
		p, err = PositionFrom(15, 15, game.Freestyle, mv)
		if err != nil {
			t.Fatal(err)
		}
		h := p.Hash()
		a, b = p.CorrectionKeys()
		if p.Hash() != h {
			t.Fatal("CorrectionKeys changed the position")
		}
		return a, b, p
	}
	a1, b1, _ := keys("h8i9i7j6")
	a2, b2, _ := keys("i7j6h8i9")
	if a1 != a2 || b1 == b2 {
		t.Fatalf("same stones, other order: keys %x %x and %x %x", a1, b1, a2, b2)
	}
	a3, _, p := keys("h8a1i8a2j8")
	if a3 == a1 || p.Count(game.Black, ev.TFlex4) == 0 {
		t.Fatalf("open three: threat key %x (without %x), black's open-four cells %d", a3, a1, p.Count(game.Black, ev.TFlex4))
	}
}

// With ContAttack a late threat of ours right after the opponent had to
// face one of ours (GenMoves records it by stack depth) is reduced
// ContAttack plies less; a quiet move is not, nor a threat after a pass.
func TestContAttack(t *testing.T) {
	p := freestyleOpening(t, "h8a1i8a3")
	var buf [engine.MaxMoves]engine.Move
	p.rootN = p.Ply()
	p.ContAttack = 1
	p.GenMoves(buf[:0])
	four, quiet := p.MoveAt(10, 7), p.MoveAt(12, 12) // k8 (with j8 below: a four) and m13
	p.Make(p.MoveAt(9, 7))                           // h8 i8 j8: an open three
	p.GenMoves(buf[:0])                              // white faces it
	p.Make(p.MoveAt(6, 7))                           // white blocks at g8
	if !p.HasCode(p.Side(), int(four), ev.B4) {
		t.Fatal("k8 makes no four for black")
	}
	if got := p.AdjustReduction(quiet); got != 0 {
		t.Errorf("quiet move after an answered three: adjustment %d, want 0", got)
	}
	if got := p.AdjustReduction(four); got != -1 {
		t.Errorf("four after an answered three: adjustment %d, want -1", got)
	}
	p.ContAttack = 2
	if got := p.AdjustReduction(four); got != -2 {
		t.Errorf("ContAttack 2: adjustment %d, want -2", got)
	}
	p.MakeNull()
	p.MakeNull()
	if got := p.AdjustReduction(four); got != 0 {
		t.Errorf("four after two passes: adjustment %d, want 0", got)
	}
	p.UnmakeNull()
	p.UnmakeNull()
	p.ContAttack = 0
	if got := p.AdjustReduction(four); got != 0 {
		t.Errorf("ContAttack off, no open three against black: adjustment %d, want 0", got)
	}
}

// comboFour: a four that also makes an open two or a blocked three (or
// another four) in another line; not a lone four, nor one beside a weaker
// code or an overline.
func TestComboFour(t *testing.T) {
	key := func(codes ...uint8) uint16 {
		var k uint16
		for d, c := range codes {
			k |= uint16(c) << (4 * d)
		}
		return k
	}
	for _, c := range []struct {
		codes []uint8
		want  bool
	}{
		{[]uint8{game.B4}, false},
		{[]uint8{game.B4, game.B2, game.Alive, game.Dead}, false},
		{[]uint8{game.Over, game.B4}, false},
		{[]uint8{game.F2, game.F3}, false},
		{[]uint8{game.B4, game.F2}, true},
		{[]uint8{game.Dead, game.B3, game.B4}, true},
		{[]uint8{game.F3S, game.Dead, game.Dead, game.B4}, true},
		{[]uint8{game.B4, game.B4}, true},
	} {
		if got := comboFour(key(c.codes...)); got != c.want {
			t.Errorf("codes %v: %v, want %v", c.codes, got, c.want)
		}
	}
}

// QuiesceComb: from the QuiesceComb-th four of a line on, GenNoisy plays
// only the fours that build more (comboFour); negative, every four.
func TestQuiesceComb(t *testing.T) {
	// white fours on row 2 (2..4 blocked at 1,2): 5,2 and 6,2 each make a
	// four; white 5,4 5,5 give 5,2 a three in its column as well
	p := setup(t, game.Freestyle, game.White, w(2, 2), w(3, 2), w(4, 2), b(1, 2), w(5, 4), w(5, 5), b(9, 9), b(10, 10), b(12, 9))
	p.Quiesce = true
	p.genN = p.Ply() - 1 // a depth-0 node of the quiescence
	var buf [engine.MaxMoves]engine.Move
	p.QuiesceComb = -1
	all := slices.Clone(p.GenNoisy(buf[:0]))
	p.QuiesceComb = 1
	combo := slices.Clone(p.GenNoisy(buf[:0]))
	if len(combo) == 0 || len(combo) >= len(all) {
		t.Fatalf("fours %s, with QuiesceComb 1 %s", lineString(all), lineString(combo))
	}
	for _, c := range combo {
		if !comboFour(p.CellKey(game.White, int(c))) {
			t.Errorf("%s builds nothing more", game.FormatMove(c))
		}
	}
	// from the second four on: the first is still any four
	p.QuiesceComb = 2
	if got := p.GenNoisy(buf[:0]); len(got) != len(all) {
		t.Errorf("QuiesceComb 2 at the first four: %s, want %s", lineString(got), lineString(all))
	}
}
