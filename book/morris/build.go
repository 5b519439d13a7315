package morris

import (
	"fmt"
	"io"
	"math/bits"
	"time"

	"github.com/pentad-ai/pentad/game/morris"
)

const noWin = 255

type buildClass struct {
	a, b  int
	val   []uint8 // 0 unresolved (draw at the end), else distance+1
	cnt   []uint8 // moves that stay in the group and are not yet refuted
	winE  []uint8 // shortest win through a take (noWin: none)
	lossE []uint8 // longest opponent win through a take (0: none)
	drawE []bool  // a take reaches a drawn position
}

// Build computes the tables of the first n Groups into a new DB, writing
// progress to log (may be nil). The tables of from (nil for none) are
// taken over, and the groups it holds whole are not built again: a large
// database is extended group by group.
func Build(n int, from *DB, log io.Writer) (*DB, error) {
	if n < 1 || n > len(Groups) {
		return nil, fmt.Errorf("groups must be 1..%d", len(Groups))
	}
	db := &DB{}
	if from != nil {
		db.T = from.T
	}
	for _, g := range Groups[:n] {
		a, b := g[0], g[1]
		if db.T[a][b] != nil && db.T[b][a] != nil {
			continue
		}
		t0 := time.Now()
		db.buildGroup(a, b)
		if log != nil {
			for _, c := range [][2]int{{a, b}, {b, a}} {
				t := db.T[c[0]][c[1]]
				w, l, d := t.Count()
				fmt.Fprintf(log, "table %dv%d: %d positions, won %d lost %d drawn %d, longest %d plies\n",
					c[0], c[1], len(t.Val), w, l, d, t.MaxDistance())
				if a == b {
					break
				}
			}
			fmt.Fprintf(log, "group %dv%d built in %.1f s\n", a, b, time.Since(t0).Seconds())
		}
	}
	return db, nil
}

// buildGroup solves the tables (a,b) and (b,a), whose moves without a take
// lead into each other, given the tables reached by takes.
func (db *DB) buildGroup(a, b int) {
	classes := []*buildClass{{a: a, b: b}}
	if a != b {
		classes = append(classes, &buildClass{a: b, b: a})
	}
	other := func(c int) int { return (c + 1) % len(classes) }
	maxPending := 0
	for _, cl := range classes {
		n := Size(cl.a, cl.b)
		cl.val = make([]uint8, n)
		cl.cnt = make([]uint8, n)
		cl.winE = make([]uint8, n)
		cl.lossE = make([]uint8, n)
		cl.drawE = make([]bool, n)
		exit := db.Table(cl.b-1, cl.a)
		fly := cl.a == 3
		forEach(cl.a, cl.b, func(idx int, us, them uint32) {
			empty := morris.All &^ (us | them)
			cnt, takes := 0, 0
			win, loss, draw := noWin, 0, false
			var takeable uint32
			for f := us; f != 0; f &= f - 1 {
				from := bits.TrailingZeros32(f)
				own := us &^ (1 << from)
				dest := empty
				if !fly {
					dest &= morris.Adj[from]
				}
				for d := dest; d != 0; d &= d - 1 {
					to := bits.TrailingZeros32(d)
					if !morris.Closes(own, to) {
						cnt++
						continue
					}
					if takes == 0 {
						takeable = morris.Takeable(them)
					}
					takes++
					if exit == nil { // the opponent falls below 3 pieces
						win = 1
						continue
					}
					nu := own | 1<<to
					for x := takeable; x != 0; x &= x - 1 {
						c := exit.Val[Index(them&^(x&-x), nu)]
						switch {
						case c == 0:
							draw = true
						case (c-1)&1 == 0: // the opponent loses in c-1
							win = min(win, int(c))
						default:
							loss = max(loss, int(c))
						}
					}
				}
			}
			cl.cnt[idx] = uint8(cnt)
			cl.winE[idx] = uint8(win)
			cl.lossE[idx] = uint8(loss)
			cl.drawE[idx] = draw
			if cnt == 0 && takes == 0 {
				cl.val[idx] = 1 // blocked: lost now
			}
			if win != noWin {
				maxPending = max(maxPending, win)
			}
			maxPending = max(maxPending, loss)
		})
	}
	lost := func(cl *buildClass, i int) bool {
		return cl.cnt[i] == 0 && cl.winE[i] == noWin && !cl.drawE[i]
	}
	for d := 1; ; d++ {
		if d > 253 {
			panic("morris endgame: distance overflow")
		}
		resolved := 0
		// positions decided at d by their takes alone
		for _, cl := range classes {
			for i := range cl.val {
				if cl.val[i] != 0 {
					continue
				}
				if int(cl.winE[i]) == d || (lost(cl, i) && int(cl.lossE[i]) == d) {
					cl.val[i] = uint8(d + 1)
					resolved++
				}
			}
		}
		// predecessors of the positions decided at d-1
		for ci, cl := range classes {
			pc := classes[other(ci)] // predecessors have the other side to move
			fly := pc.a == 3
			inner := binom[24-cl.a][cl.b]
			outer, innerList := combos(24, cl.a), combos(24-cl.a, cl.b)
			for idx, v := range cl.val {
				if int(v) != d {
					continue
				}
				us := outer[idx/inner]
				them := expand(innerList[idx%inner], us)
				childLost := (d-1)&1 == 0
				empty := morris.All &^ (us | them)
				for x := them; x != 0; x &= x - 1 {
					to := bits.TrailingZeros32(x)
					own := them &^ (1 << to)
					if morris.Closes(own, to) {
						continue // that move would have taken a piece
					}
					src := empty
					if !fly {
						src &= morris.Adj[to]
					}
					for s := src; s != 0; s &= s - 1 {
						q := Index(own|(s&-s), us)
						if pc.val[q] != 0 {
							continue
						}
						if childLost {
							pc.val[q] = uint8(d + 1)
							resolved++
							continue
						}
						pc.cnt[q]--
						if lost(pc, q) && int(pc.lossE[q]) <= d {
							pc.val[q] = uint8(d + 1)
							resolved++
						}
					}
				}
			}
		}
		if resolved == 0 && d > maxPending+1 {
			break
		}
	}
	for _, cl := range classes {
		db.T[cl.a][cl.b] = &Table{A: cl.a, B: cl.b, Val: cl.val}
	}
}
