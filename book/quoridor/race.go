package quoridor

import (
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/quoridor"
)

// RaceTable solves the pawn race exactly for one wall configuration, for
// positions where neither side has a wall left: every (black square, white
// square, side to move) is a win in k plies (k > 0), a loss in k plies
// (k < 0) or undecided (0, a position from which both can shuffle forever).
// Values are for the side to move, with |v| = plies to the end + 1.
type RaceTable struct {
	n      int
	hW, vW quoridor.BB
	val    []int16 // index (side*n2+b)*n2+w
}

// Matches tells whether the table was built for p's board size and walls.
func (t *RaceTable) Matches(p *quoridor.Pos) bool {
	h, v := p.WallSet()
	return t.n == p.Size() && t.hW == h && t.vW == v
}

// Value is the race value of black on b, white on w, side to move: a win in
// |v|-1 plies when v > 0, a loss when v < 0, undecided when 0.
func (t *RaceTable) Value(b, w, side int) int {
	n2 := t.n * t.n
	return int(t.val[(side*n2+b)*n2+w])
}

// SolveRace builds the race table for p's walls by retrograde analysis.
func SolveRace(p *quoridor.Pos) *RaceTable {
	q := p.Copy()
	n := q.Size()
	n2 := n * n
	ns := 2 * n2 * n2
	hW, vW := q.WallSet()
	t := &RaceTable{n: n, hW: hW, vW: vW, val: make([]int16, ns)}
	idx := func(side, b, w int) int { return (side*n2+b)*n2 + w }
	// successors of every state, and the reverse graph in CSR form
	var buf [8]engine.Move
	succN := make([]uint8, ns)
	predCount := make([]int32, ns+1)
	forEach := func(f func(s, side, b, w int)) {
		for side := 0; side < 2; side++ {
			for b := 0; b < n2; b++ {
				for w := 0; w < n2; w++ {
					if b != w {
						f(idx(side, b, w), side, b, w)
					}
				}
			}
		}
	}
	over := func(b, w int) (bool, int) {
		if b < n {
			return true, quoridor.Black
		}
		if w >= n2-n {
			return true, quoridor.White
		}
		return false, 0
	}
	child := func(side, b, w int, m engine.Move) int {
		s := quoridor.SquareOf(m)
		if side == quoridor.Black {
			return idx(quoridor.White, s, w)
		}
		return idx(quoridor.Black, b, s)
	}
	gen := func(side, b, w int) []engine.Move {
		q.PlacePawns(b, w)
		return q.PawnMoves(buf[:0], side)
	}
	forEach(func(s, side, b, w int) {
		if o, _ := over(b, w); o {
			return
		}
		ms := gen(side, b, w)
		succN[s] = uint8(len(ms))
		for _, m := range ms {
			predCount[child(side, b, w, m)+1]++
		}
	})
	for i := 1; i <= ns; i++ {
		predCount[i] += predCount[i-1]
	}
	preds := make([]int32, predCount[ns])
	fill := append([]int32(nil), predCount[:ns]...)
	forEach(func(s, side, b, w int) {
		if o, _ := over(b, w); o {
			return
		}
		for _, m := range gen(side, b, w) {
			c := child(side, b, w, m)
			preds[fill[c]] = int32(s)
			fill[c]++
		}
	})
	queue := make([]int32, 0, 1024)
	forEach(func(s, side, b, w int) {
		if o, c := over(b, w); o {
			if c == side {
				t.val[s] = 1
			} else {
				t.val[s] = -1
			}
			queue = append(queue, int32(s))
		}
	})
	for h := 0; h < len(queue); h++ {
		s := queue[h]
		v := t.val[s]
		for _, pr := range preds[predCount[s]:predCount[s+1]] {
			if t.val[pr] != 0 {
				continue
			}
			if v < 0 { // the child is lost for its mover: the parent wins
				t.val[pr] = -v + 1
				queue = append(queue, pr)
				continue
			}
			succN[pr]--
			if succN[pr] == 0 { // every child wins for the opponent
				t.val[pr] = -(v + 1)
				queue = append(queue, pr)
			}
		}
	}
	return t
}

// RaceMove picks the move of the race table for p (built again when p's
// walls differ from t's; the table in use is returned): the fastest win, or
// else the slowest loss. ok is false when a wall is left in hand or the race
// is undecided.
func RaceMove(p *quoridor.Pos, t *RaceTable) (m engine.Move, used *RaceTable, ok bool) {
	if p.WallsLeft(0) != 0 || p.WallsLeft(1) != 0 {
		return 0, t, false
	}
	if t == nil || !t.Matches(p) {
		t = SolveRace(p)
	}
	var buf [8]engine.Move
	best, bestV := engine.NoMove, 0
	undecided := false
	for _, m := range p.PawnMoves(buf[:0], p.Side()) {
		p.Make(m)
		v := -t.Value(p.Pawn(0), p.Pawn(1), p.Side())
		p.Unmake(m)
		if v == 0 {
			undecided = true
			continue
		}
		// v > 0: a win in v-1 more plies; prefer small positive, then large negative
		better := best == engine.NoMove ||
			(v > 0 && (bestV < 0 || v < bestV)) || (v < 0 && bestV < 0 && v < bestV)
		if better {
			best, bestV = m, v
		}
	}
	if best == engine.NoMove || (bestV < 0 && undecided) {
		return 0, t, false
	}
	return best, t, true
}
