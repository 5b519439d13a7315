package gomoku

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// fromMoves plays a game record in protocol notation ("x,y x,y ...").
func fromMoves(t *testing.T, rule game.Rule, rec string) *Search {
	t.Helper()
	p, _ := NewSearch(15, 15, rule)
	for _, f := range strings.Fields(rec) {
		m, err := p.ParseMove(f)
		if err != nil || !p.IsLegal(m) {
			t.Fatalf("bad record move %q", f)
		}
		p.Make(m)
	}
	return p
}

// searchDepth runs the shared search at a fixed depth with the in-search
// threat checks at budget sv (0: off), one thread, a fresh table.
func searchDepth(p *Search, depth, sv int) engine.Result {
	e := engine.New(4, engine.Options{Threads: 1, LMR: true})
	q := *p
	q.SearchVCF = sv
	q.VCFPlies = 4 // checks down to the leaves of these depth-4 searches
	q.rootN = q.Ply()
	return e.Search(&q, engine.Limits{Depth: depth})
}

// Positions from self-play where a depth-4 search without the in-search
// threat checks misses a forced win that the checks prove (the win is a
// move whose threats end in a VCF beyond the horizon).
var threatWins = []struct{ rec, move string }{
	{"6,12 5,8 3,13 3,6 6,9 5,6 6,10 6,11 5,11 4,12 4,10 3,9 5,10 3,10 7,13 8,14 3,12 4,11", "5,13"},
	{"13,12 13,13 10,10 11,10 14,7 10,7 11,9 9,11 9,7 8,6 9,9 8,8 8,9 10,9 10,8 8,7 9,8 8,5 8,4 9,6 7,4 10,5 7,8", "11,5"},
	{"6,10 5,11 3,10 7,10 6,13 4,11 7,13 5,9 6,11 6,9 5,13 8,13 4,13 3,13 6,12 6,14 5,10 4,9 7,9 8,11 5,8 8,10 8,9 4,8 4,10 2,10 3,9 3,7 10,9 4,6 4,5 8,14 8,12 9,12 10,13 11,9 10,11 10,8 9,10 11,12 10,10 10,12 1,5", "12,10"},
}

func TestSearchVCFFindsWins(t *testing.T) {
	for i, c := range threatWins {
		p := fromMoves(t, game.Freestyle, c.rec)
		old := searchDepth(p, 4, 0)
		res := searchDepth(p, 4, DefaultSearchVCF)
		if old.Score > engine.WinBound {
			t.Fatalf("position %d: the plain search already sees the win", i)
		}
		if res.Score <= engine.WinBound || game.FormatMove(res.Move) != c.move {
			t.Fatalf("position %d: %s score %d, want the win %s", i, game.FormatMove(res.Move), res.Score, c.move)
		}
		// the win is real: after the move, every answer of the opponent
		// near the stones leaves a win by the same search
		p.Make(res.Move)
		var buf [engine.MaxMoves]engine.Move
		for _, r := range p.LegalMoves(buf[:0]) {
			if p.Near(int(r)) == 0 {
				continue
			}
			p.Make(r)
			if over, sc := p.Terminal(); !(over && sc > 0) {
				if w := searchDepth(p, 4, DefaultSearchVCF); w.Score <= engine.WinBound {
					t.Fatalf("position %d: after %s %s no win (%d)", i, c.move, game.FormatMove(r), w.Score)
				}
			}
			p.Unmake(r)
		}
	}
}

// Positions where the plain depth-4 search plays a move that lets the
// opponent win by continuous fours, and the search with the threat checks
// finds a move that does not. Both evaluate with the tuned weights' own
// cell values (ev.NewEval(ev.Tuned), the brain's evaluation when these
// positions were found): the test is of the threat checks, whatever
// the brain's evaluation would play.
var threatDefenceRecs = []string{
	"2,11 0,10 2,8 4,8 1,9 5,9 3,7 5,5 2,10 2,9 4,12 3,11 2,12 4,9 4,10 4,7 3,9 5,11 5,12 3,12 2,13 2,14 5,10 3,10 4,5 1,7 4,13 5,6",
}

// allowsVCF reports whether move m lets the opponent win p by continuous
// fours.
func allowsVCF(p *Search, m engine.Move) bool {
	p.Make(m)
	defer p.Unmake(m)
	p.ClearVCF()
	return p.VCF(1<<20, 0).Win
}

func TestSearchVCFDefends(t *testing.T) {
	for i, rec := range threatDefenceRecs {
		p := fromMoves(t, game.Freestyle, rec)
		p.SetEval(ev.NewEval(ev.Tuned))
		old := searchDepth(p, 4, 0)
		res := searchDepth(p, 4, DefaultSearchVCF)
		if !allowsVCF(p, old.Move) {
			t.Fatalf("position %d: the plain search's %s no longer loses", i, game.FormatMove(old.Move))
		}
		if allowsVCF(p, res.Move) {
			t.Fatalf("position %d: %s allows a VCF", i, game.FormatMove(res.Move))
		}
	}
}

// Self-play positions where the opponent (not to move) has a win by
// threats: the brain without the root VCT defence plays a move after which
// the win still works; the brain with it refutes the threats. Which move
// the brain plays depends on its evaluation: these were found again, in a
// 0.2 s self-play match's games, when the default cell values changed.
var vctDefenceRecs = []string{
	"7,8 7,6 8,5 5,7 9,5 10,5 8,4 8,6 9,6",
	"9,5 8,5 9,6 7,7 6,9 8,7 8,6 7,6 9,8 9,7 6,7 5,5",
	"8,5 8,8 7,9 5,8 8,6 6,9 7,10 7,7 6,6 5,7",
}

// The refutations of an opponent's threat line are the candidates after
// which the opponent has no win by threats; the others are left out, and
// the position is left as it was.
func TestVCTRefutations(t *testing.T) {
	br := NewBrain(4, 1)
	br.MaxDepth = 5
	check := NewBrain(4, 1)
	check.MaxDepth = 5
	dropped := 0
	for i, rec := range vctDefenceRecs {
		p := fromMoves(t, game.Freestyle, rec)
		line := br.opponentVCT(p, 0)
		cands := threatDefences(p, line)
		h := p.Hash()
		got := br.vctRefutations(p, cands, time.Now(), Budget{})
		if p.Hash() != h {
			t.Fatalf("position %d changed", i)
		}
		for _, m := range cands {
			p.Make(m)
			_, wins := check.VCT(p, 0)
			p.Unmake(m)
			if kept := slices.Contains(got, m); kept == wins {
				t.Fatalf("position %d: %s kept %v, opponent wins by threats after it %v", i, game.FormatMove(m), kept, wins)
			}
			if wins {
				dropped++
			}
		}
	}
	if dropped == 0 {
		t.Fatal("no candidate dropped: the positions test nothing")
	}
}

// TestOpponentVCTDefence: in each position the brain's move refutes the
// opponent's threats when it defends (NoVCTDefence false), and in one at
// least it does not without the defence. The check looks for the threats
// as deep as the brain's own threat search does (MaxDepth 4): the defence
// keeps the candidates that refute them within that horizon, and a deeper
// check would find, after some of them, wins the brain cannot see.
func TestOpponentVCTDefence(t *testing.T) {
	check := NewBrain(4, 1)
	check.MaxDepth = 4
	think := func(p *Search, noDefence bool) (engine.Move, bool) {
		br := NewBrain(4, 1)
		br.MaxDepth = 4
		// without the leaf quiescence, which on its own finds the
		// refutation of position 0 at this depth
		br.Quiesce = false
		br.NoVCTDefence = noDefence
		br.Ready()
		m := br.Think(p, Budget{})
		p.Make(m)
		_, lost := check.VCT(p, 0)
		p.Unmake(m)
		return m, lost
	}
	needed := 0
	for i, rec := range vctDefenceRecs {
		p := fromMoves(t, game.Freestyle, rec)
		if line := check.opponentVCT(p, 0); len(line) == 0 {
			t.Fatalf("position %d: no opponent VCT", i)
		}
		if m, lost := think(p, true); !lost {
			t.Logf("position %d: without the defence %s already refutes the threats", i, game.FormatMove(m))
		} else {
			needed++
		}
		if m, lost := think(p, false); lost {
			t.Fatalf("position %d: after %s the opponent still wins by threats", i, game.FormatMove(m))
		}
	}
	if needed == 0 {
		t.Fatal("the brain without the defence refutes every position: they test nothing")
	}
}

// TestLeafVCF: with a leaf budget, Evaluate scores a position where the
// side to move wins by continuous fours as ev.VCFWin; a position with a
// four but no VCF is searched once per budget and depth, then answered
// from the table of failed checks.
func TestLeafVCF(t *testing.T) {
	for i, p0 := range vcfTestPositions() {
		p := *p0
		p.ClearVCF()
		p.vctSide = -1
		if p.Count(p.Side()^1, ev.TFive) > 0 {
			continue // the leaf check leaves a five to block to the search
		}
		if v := p.Evaluate(); v >= ev.VCFWin {
			t.Fatalf("position %d: %d without the leaf check", i, v)
		}
		p.LeafVCF = 1 << 12
		if v := p.Evaluate(); v != ev.VCFWin {
			t.Fatalf("position %d: %d with the leaf check, want %d", i, v, ev.VCFWin)
		}
	}
	// black's only four (10,7) is blocked at 11,7: no VCF
	q := setup(t, game.Freestyle, game.Black, b(7, 7), b(8, 7), b(9, 7), w(6, 7), w(12, 12))
	q.ClearVCF()
	q.LeafVCF = 16
	if q.Count(game.Black, ev.TB4) == 0 || q.Evaluate() >= ev.VCFWin {
		t.Fatal("four without VCF")
	}
	const mark = 999999
	q.vcf.nodes = mark
	q.Evaluate()
	if q.vcf.nodes != mark {
		t.Fatal("the failed leaf check was searched again")
	}
	q.LeafVCF = 17 // another budget: its own entry
	q.Evaluate()
	if q.vcf.nodes == mark {
		t.Fatal("a check with another budget answered from the table")
	}
}

// Self-play positions where a depth-2 search without threat checks plays a
// move that lets the opponent win by continuous fours, and the same search
// with the quiescence over fours does not: the opponent's VCF starts at the
// depth-1 answer and runs on in the quiescence. Like vctDefenceRecs, found
// again in a self-play match's games when the default cell values changed
// (the first such position of a game; 6 in the first 12 games).
var quiesceDefenceRecs = []string{
	"7,8 7,6 8,5 5,7 9,5 5,6 10,5 7,5 9,6 8,7 9,8 9,7 10,7",
	"9,5 7,6 9,9 6,6 10,8 7,5 11,7 12,6 8,4 7,3 7,4 4,6 8,6 6,4 8,10 7,11 5,5 6,5 6,3 6,8 6,7 5,7 7,9 5,4",
	"5,9 5,8 6,8 6,7 6,5 7,7 5,7 4,6 7,6 8,7 4,8 6,6 5,5 8,9 4,5 3,5 9,7 7,8 5,6 6,9 9,6 7,10",
}

func TestQuiescenceDefends(t *testing.T) {
	for i, rec := range quiesceDefenceRecs {
		p := fromMoves(t, game.Freestyle, rec)
		search := func(q bool) engine.Move {
			e := engine.New(4, engine.Options{Threads: 1, LMR: true})
			x := *p
			x.Quiesce = q
			return e.Search(&x, engine.Limits{Depth: 2}).Move
		}
		if m := search(false); !allowsVCF(p, m) {
			t.Fatalf("position %d: without quiescence %s no longer loses", i, game.FormatMove(m))
		}
		if m := search(true); allowsVCF(p, m) {
			t.Fatalf("position %d: %s allows a VCF", i, game.FormatMove(m))
		}
	}
}

// TestAdjustReduction: against an open three, a four that does not block
// it is reduced two plies more when far from the opponent's last stone and
// one more when far from our own; the blocks, and any move when there is no
// open three, are not.
func TestAdjustReduction(t *testing.T) {
	// black's open three 5-7,7 (its last stone 7,7); white has three in a
	// row at 10-12,2, its last stone at 0,14
	p := fromMoves(t, game.Freestyle, "5,7 10,2 6,7 11,2 14,14 12,2 0,0 0,14 7,7")
	four := engine.Move(p.Index(13, 2))
	for _, c := range []struct {
		x, y, want int
	}{
		{13, 2, 3}, // fours far from both last stones
		{9, 2, 3},
		{4, 7, 0}, // blocks
		{8, 7, 0},
	} {
		if got := p.AdjustReduction(engine.Move(p.Index(c.x, c.y))); got != c.want {
			t.Errorf("%d,%d: %d more plies, want %d", c.x, c.y, got, c.want)
		}
	}
	for _, c := range []struct {
		white, black [2]int
		want         int
	}{
		{[2]int{13, 5}, [2]int{1, 1}, 2},  // near our last stone
		{[2]int{0, 13}, [2]int{11, 0}, 1}, // near the opponent's
		{[2]int{13, 5}, [2]int{11, 0}, 0}, // near both
	} {
		wm, bm := engine.Move(p.Index(c.white[0], c.white[1])), engine.Move(p.Index(c.black[0], c.black[1]))
		p.Make(wm)
		p.Make(bm)
		if got := p.AdjustReduction(four); got != c.want {
			t.Errorf("last stones %v, %v: %d more plies, want %d", c.white, c.black, got, c.want)
		}
		p.Unmake(bm)
		p.Unmake(wm)
	}
	q := fromMoves(t, game.Freestyle, "5,7 10,2 6,7 11,2")
	if got := q.AdjustReduction(engine.Move(q.Index(12, 2))); got != 0 {
		t.Errorf("no open three: %d more plies, want 0", got)
	}
}

// A win by threats (a four, then threes answered by the opponent's own
// fours) in a position where the opponent has a VCF: the brain restricts
// its root to the VCF's defences and must still look for its own threat
// win among them (tactics-long.txt, the position Rapfi proved in 13 plies).
func TestVCTUnderOpponentVCF(t *testing.T) {
	const rec = "9,8 6,9 5,8 4,9 7,9 7,8 4,11 5,7 6,11 8,7 9,6 9,7 5,11 7,11 6,10 4,12 4,10 8,9"
	p := fromMoves(t, game.Freestyle, rec)
	if r := p.OpponentVCF(1<<16, 0); !r.Win {
		t.Fatal("the opponent has no VCF: the position tests nothing")
	}
	for _, nodes := range []uint64{20000, 100000} {
		br := NewBrain(4, 1)
		br.MaxNodes = nodes
		br.Ready()
		m := br.Think(p, Budget{})
		if got := game.FormatMove(m); got != "3,11" || !br.won {
			t.Fatalf("%d nodes: %s (won %v), want the win 3,11", nodes, got, br.won)
		}
	}
}

// Every cell after which the opponent has no VCF any more (an exact
// check) is among GenMoves' answers to the VCF once IndirectDefences is
// on: the line's cells, our fours, and the cells that break the line some
// other way, as 5,9 does here by making our forced block at 7,7 a four.
func TestIndirectDefences(t *testing.T) {
	const rec = "9,8 6,9 5,8 4,9 7,9 7,8 4,11 5,7 6,11 8,7 9,6 9,7 5,11 7,11 6,10 4,12 4,10 8,9 3,11 2,11"
	p := fromMoves(t, game.Freestyle, rec)
	p.SearchVCF = DefaultSearchVCF
	line := slices.Clone(p.opponentVCFLine(uint64(p.SearchVCF)))
	if len(line) == 0 {
		t.Fatal("the opponent has no VCF: the position tests nothing")
	}
	var exact []engine.Move
	lo, hi := p.ScanRange()
	for c := p.NextCandidate(lo, hi); c < hi; c = p.NextCandidate(c+1, hi) {
		p.Make(engine.Move(c))
		if !p.HasVCF(1<<20, 0) && p.Count(p.Side(), ev.TFive) == 0 {
			exact = append(exact, engine.Move(c))
		}
		p.Unmake(engine.Move(c))
	}
	var buf [game.MaxSize * game.MaxSize]engine.Move
	narrow := slices.Clone(p.GenMoves(buf[:0]))
	p.IndirectDefences = true
	wide := slices.Clone(p.GenMoves(buf[:0]))
	for _, m := range exact {
		if !slices.Contains(wide, m) {
			t.Errorf("defence %s missing from %v", game.FormatMove(m), wide)
		}
	}
	if !slices.Contains(exact, engine.Move(p.Index(5, 9))) || slices.Contains(narrow, engine.Move(p.Index(5, 9))) || !slices.Contains(wide, engine.Move(p.Index(5, 9))) {
		t.Fatalf("5,9: exact %v narrow %v wide %v", exact, narrow, wide)
	}
	for _, m := range wide {
		if !slices.Contains(narrow, m) && !p.breaksVCF(m, line) {
			t.Errorf("%s listed but does not break the line", game.FormatMove(m))
		}
	}
	t.Logf("line %v; exact defences %d, narrow list %d, wide %d", line, len(exact), len(narrow), len(wide))
}

// Without the indirect answers the search proves a false win: in this
// position of a game against Rapfi (black to move) 8,8 threatens a VCF
// whose line white's 5,9 breaks (it makes a later block a four), and 5,9
// then wins for white. Restricted to the line's cells and its fours,
// white loses at once and the search scores 8,8 a VCF win (ev.VCFWin,
// from depth 18 on); with IndirectDefences it plays 5,9 itself.
func TestIndirectDefencesNoFalseWin(t *testing.T) {
	const rec = "4,9 4,8 8,7 6,9 7,7 5,8 6,8 7,10 8,11 5,7"
	for _, on := range []bool{false, true} {
		b := NewBrain(16, 1)
		b.IndirectDefences = on
		p := fromMoves(t, game.Freestyle, rec)
		res := b.search(p, engine.Limits{Depth: falseWinDepth}, nil)
		won := res.Score >= ev.VCFWin
		t.Logf("indirect %v: %s score %d", on, game.FormatMove(res.Move), res.Score)
		if won == on || on && game.FormatMove(res.Move) != "5,9" {
			t.Errorf("indirect %v: %s scored %d", on, game.FormatMove(res.Move), res.Score)
		}
	}
}

// falseWinDepth is the depth at which the brain without indirect answers
// proves its false win in TestIndirectDefencesNoFalseWin.
const falseWinDepth = 18

// WidePlies gives the nodes that many plies below the root the root's
// width: here (a quiet position, no threat to answer) GenMoves lists
// DefaultCandidates moves one ply below the root by default and
// DefaultRootCandidates with WidePlies 1, and the default again two plies
// below.
func TestWidePlies(t *testing.T) {
	p := fromMoves(t, game.Freestyle, "7,8 7,6 8,5 5,7 9,5 8,7")
	var buf [game.MaxSize * game.MaxSize]engine.Move
	count := func(wide, below int) int {
		p.WidePlies = wide
		p.rootN = p.Ply() - below
		defer func() { p.rootN = -1 }()
		return len(p.GenMoves(buf[:0]))
	}
	if n := count(0, 0); n != DefaultRootCandidates {
		t.Fatalf("root: %d moves, want %d", n, DefaultRootCandidates)
	}
	for _, c := range []struct{ wide, below, want int }{
		{0, 1, DefaultCandidates}, {-1, 1, DefaultCandidates}, {1, 1, DefaultRootCandidates},
		{1, 2, DefaultCandidates}, {2, 2, DefaultRootCandidates},
	} {
		if n := count(c.wide, c.below); n != c.want {
			t.Errorf("WidePlies %d, %d plies below the root: %d moves, want %d", c.wide, c.below, n, c.want)
		}
	}
}

// TestWidenLostNoFalseWin: in a game against Rapfi (see DefaultWidenLost)
// the brain without the widening proves a false win with 6,13, whose line
// misses black's answer 12,9 three plies down (a move GenMoves leaves out
// of its list there); with it, the search does not score 6,13 won.
func TestWidenLostNoFalseWin(t *testing.T) {
	const rec = "10,10 10,9 8,5 11,11 8,7 10,11 11,10 11,9 9,9 12,11 13,11 8,11 9,11 9,10 11,8"
	for _, on := range []bool{false, true} {
		b := NewBrain(16, 1)
		b.WidenLost = on
		p := fromMoves(t, game.Freestyle, rec)
		res := b.search(p, engine.Limits{Depth: widenDepth}, nil)
		won := res.Score > engine.WinBound
		t.Logf("widen %v: %s score %d", on, game.FormatMove(res.Move), res.Score)
		if won == on || !on && game.FormatMove(res.Move) != "6,13" || on && game.FormatMove(res.Move) == "6,13" {
			t.Errorf("widen %v: %s scored %d", on, game.FormatMove(res.Move), res.Score)
		}
	}
}

// widenDepth is the depth at which the brain without the widening proves
// its false win in TestWidenLostNoFalseWin.
const widenDepth = 16

// TestWiden: a node whose GenMoves kept its best DefaultCandidates moves
// gets every other candidate back from Widen, after the listed ones, and
// only with WidenLost; a node that listed all its moves gets nothing more.
func TestWiden(t *testing.T) {
	p := fromMoves(t, game.Freestyle, "7,8 7,6 8,5 5,7 9,5 8,7")
	p.rootN = p.Ply() - 1
	defer func() { p.rootN = -1 }()
	var buf [game.MaxSize * game.MaxSize]engine.Move
	all := 0
	lo, hi := p.ScanRange()
	for c := p.NextCandidate(lo, hi); c < hi; c = p.NextCandidate(c+1, hi) {
		if p.Allowed(c) {
			all++
		}
	}
	for _, on := range []bool{false, true} {
		p.WidenLost = on
		moves := p.GenMoves(buf[:0])
		if len(moves) != DefaultCandidates || all <= DefaultCandidates {
			t.Fatalf("%d moves listed of %d candidates", len(moves), all)
		}
		listed := slices.Clone(moves)
		wide := p.Widen(moves)
		want := DefaultCandidates
		if on {
			want = all
		}
		if len(wide) != want || !slices.Equal(wide[:len(listed)], listed) {
			t.Fatalf("widen %v: %d moves, want %d, the listed first", on, len(wide), want)
		}
		seen := map[engine.Move]bool{}
		for _, m := range wide {
			if seen[m] || p.Cell(int(m)) != game.Empty {
				t.Fatalf("widen %v: %s twice or not empty", on, game.FormatMove(m))
			}
			seen[m] = true
		}
	}
	p.wideAt = p.Ply() // the root's every candidate: nothing left out
	defer func() { p.wideAt = -1 }()
	moves := p.GenMoves(buf[:0])
	if n := len(p.Widen(moves)); n != len(moves) || n != all {
		t.Fatalf("a full list widened from %d to %d (%d candidates)", len(moves), n, all)
	}
}
