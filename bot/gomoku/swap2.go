package gomoku

import (
	"time"

	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
)

// Swap2Answer is the decision on a swap2 position of three or five stones
// (white to move), as SWAP2BOARD asks for it.
type Swap2Answer struct {
	// Swap takes black: the opponent plays white and moves next.
	Swap bool
	// Stones is one white move (we keep white and play it) or, on three
	// stones only, a white and then a black stone after which the opponent
	// chooses its colour (option 3).
	Stones []engine.Move
	// Score is the search score of the position given, for white.
	Score int
	// Balance is, with two stones, the search score of the five-stone
	// position they make, for white.
	Balance int
}

// swap2Margin is how much worse than even (for white, to move) a swap2
// position may be before we take black instead.
const swap2Margin = 60

// swap2Balanced bounds the score (for white, to move) of a position that
// neither colour is clearly glad to get: a three-stone position within it
// is answered with two more stones (option 3) when a five-stone position
// within it is found; the opponent then has to choose its colour in a
// position that we judge even.
//
// These margins are small against the swing of the scores of such early
// positions with the parity of the depth reached: on black 7,7 9,9, white
// 8,7 (white to move) depths 6 to 9 gave -990, -233, -854 and +413, so the
// decision depends on the depth the budget reaches (a rebuild of the
// book's swap2 answers at 9 s a position, not adopted, turned 9 of its 18
// SWAP answers into white moves and 1 of its 6 white moves into SWAP).
// Averaging the last two iterations gave about -200 for white on every
// book candidate at depth 4 (all SWAP): the margins would need
// recalibrating for it.
//
// The leaf quiescence over fours (DefaultQuiesce) narrows the swing
// without removing it (Analyse, MaxDepth 6..9, white to move, scores
// without / with it): black 7,7 9,9, white 8,7: -990 -233 -854 +413 /
// -296 -279 -384 -146 (depth 10: -912 / -337); black 7,7 7,9, white 8,8:
// -1732 -295 -1525 -270 / -780 -320 -1177 -335; black 7,7 9,7, white 8,9:
// -667 -239 -1463 -305 / -533 -279 -844 -313; black 7,7 8,9, white 6,8:
// -740 -280 -1455 -295 / -740 -334 -560 -305. The even depths still
// score lower; the book's answers were not rebuilt.
const swap2Balanced = 40

// Option 3 tries the best swap2White white moves by pattern value, each
// with the best swap2Black black answers.
const (
	swap2White = 4
	swap2Black = 3
)

// Swap2Decide chooses the answer to a three- or five-stone swap2 position p
// (white to move) within the budget (zero: only the brain's depth and node
// limits): SWAP when white is clearly worse; on three stones, two more
// stones when the position is close to even and a five-stone position close
// to even follows from it; otherwise white's best move. p is not changed.
func (b *Brain) Swap2Decide(p *Search, bud Budget) Swap2Answer {
	start := time.Now()
	first := bud
	if p.Stones() == 3 {
		// keep time for option 3
		first = Budget{Soft: bud.Soft / 3, Hard: bud.Hard / 3}
	} else {
		first = Budget{Soft: bud.Soft / 2, Hard: bud.Hard / 2}
	}
	m, sc := b.Analyse(p, first)
	a := Swap2Answer{Score: sc}
	if m == engine.NoMove || sc < -swap2Margin {
		a.Swap = true
		return a
	}
	a.Stones = []engine.Move{m}
	if p.Stones() != 3 || abs(sc) > swap2Balanced || b.stopped.Load() {
		return a
	}
	pairs := swap2Pairs(p, b.Eval)
	var deadline time.Time
	if bud.Hard > 0 {
		deadline = start.Add(bud.Hard * 4 / 5)
	}
	q := new(Search)
	bestAbs := swap2Balanced + 1
	for i, pr := range pairs {
		var pb Budget
		if !deadline.IsZero() {
			left := time.Until(deadline)
			if left <= 0 {
				break
			}
			slice := left / time.Duration(len(pairs)-i)
			pb = TurnBudget(slice)
		}
		q.CopyFrom(p)
		q.Make(pr[0])
		q.Make(pr[1])
		_, v := b.Analyse(q, pb)
		if b.stopped.Load() {
			break // an interrupted search: its score is not trusted
		}
		if abs(v) < bestAbs {
			bestAbs = abs(v)
			a.Stones = []engine.Move{pr[0], pr[1]}
			a.Balance = v
		}
	}
	return a
}

// swap2Pairs lists the (white, black) stone pairs option 3 considers on the
// three-stone position p: the best white moves by pattern value, each with
// the best black answers, both legal, that leave the game undecided (no
// five, no threat that wins at once).
func swap2Pairs(p *Search, e *ev.Eval) [][2]engine.Move {
	q := new(Search)
	q.CopyFrom(p)
	q.SetClock(nil)
	q.SetEval(e)
	q.wideAt, q.rootN, q.vctSide = -1, -1, -1
	q.LeafVCF, q.SearchVCF, q.Quiesce, q.Candidates = 0, 0, false, 0
	var out [][2]engine.Move
	whites := topMoves(q, swap2White)
	for _, w := range whites {
		q.Make(w)
		if over, _ := q.Terminal(); !over {
			for _, bl := range topMoves(q, swap2Black) {
				q.Make(bl)
				if over, _ := q.Terminal(); !over {
					out = append(out, [2]engine.Move{w, bl})
				}
				q.Unmake(bl)
			}
		}
		q.Unmake(w)
	}
	return out
}

// topMoves returns the n legal candidate moves of most pattern value for
// the side to move, best first.
func topMoves(q *Search, n int) []engine.Move {
	var buf [engine.MaxMoves]engine.Move
	var out []engine.Move
	for _, m := range q.GenMoves(buf[:0]) {
		if q.IsLegal(m) {
			out = append(out, m)
		}
	}
	// best first; ties by cell index, so that the choice is deterministic
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && better(q, out[j], out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out[:min(n, len(out))]
}

func better(q *Search, a, b engine.Move) bool {
	va, vb := q.moveValue(int(a)), q.moveValue(int(b))
	return va > vb || (va == vb && a < b)
}
