package morris

import (
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	bookdb "github.com/pentad-ai/pentad/book/morris"
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/morris"
)

// OpeningPositions lists every position of the first plies plies of the
// placement phase, one of each class of positions that are images of each
// other under the board's symmetries, in order of ply and then of book key.
func OpeningPositions(plies int) []*morris.Position {
	level := []*morris.Position{morris.NewPosition()}
	var out []*morris.Position
	var buf [engine.MaxMoves]engine.Move
	for ply := 0; ply < min(plies, morris.PlacementPlies); ply++ {
		out = append(out, level...)
		next := map[uint64]*morris.Position{}
		for _, p := range level {
			for _, m := range p.GenMoves(buf[:0]) {
				q := p.Copy()
				q.Make(m)
				if over, _, _ := q.Status(); over {
					continue
				}
				k, _ := bookdb.Key(q.Pieces(morris.White), q.Pieces(morris.Black), q.Side(), q.Ply())
				if _, ok := next[k]; !ok {
					next[k] = q
				}
			}
		}
		level = byKey(next)
	}
	return out
}

// BuildOpening searches each of the positions for d, with workers searches
// of one thread at a time (each with its own table of hashMiB), and returns
// the book lines in the order of the positions; a line per position goes
// to log as it is done. A search that completes no iteration in d is done
// again to depth 1.
func BuildOpening(positions []*morris.Position, d time.Duration, workers, hashMiB int, db Endgame, log io.Writer) []bookdb.OpeningLine {
	lines := make([]bookdb.OpeningLine, len(positions))
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := 0
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := NewSearcher(hashMiB, SearchOptions(1))
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(positions) {
					return
				}
				p := positions[i]
				e.NewGame()
				sp := NewSearch(p.Copy(), db)
				sp.MarkRoot()
				hard, soft := moveLimits(d)
				res := e.Search(sp, engine.Limits{Hard: hard, Soft: soft})
				if res.Depth < 1 {
					// the time ran out before the first iteration (a
					// loaded machine): a book line is a searched move
					res = e.Search(sp, engine.Limits{Depth: 1})
				}
				l := bookdb.OpeningLine{Position: p.String(), Move: morris.FormatMove(res.Move, false), Score: res.Score, Depth: res.Depth}
				mu.Lock()
				lines[i] = l
				fmt.Fprintf(log, "%d/%d %s %s score %d depth %d nodes %d\n", i+1, len(positions), l.Position, l.Move, l.Score, l.Depth, res.Nodes)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return lines
}

// ReplyPositions lists, for each position of ps and its move (moves[i]),
// the positions after the move and each reply of the other side, in which
// the first side places again: one of each class of symmetric positions,
// in order of book key, leaving out those that have (if not nil) reports.
func ReplyPositions(ps []*morris.Position, moves []engine.Move, have func(*morris.Position) bool) []*morris.Position {
	next := map[uint64]*morris.Position{}
	var buf [engine.MaxMoves]engine.Move
	for i, p := range ps {
		q := p.Copy()
		q.Make(moves[i])
		if over, _, _ := q.Status(); over || !q.Placing() {
			continue
		}
		for _, m := range q.GenMoves(buf[:0]) {
			r := q.Copy()
			r.Make(m)
			if over, _, _ := r.Status(); over || !r.Placing() || (have != nil && have(r)) {
				continue
			}
			k, _ := bookdb.Key(r.Pieces(morris.White), r.Pieces(morris.Black), r.Side(), r.Ply())
			if _, ok := next[k]; !ok {
				next[k] = r
			}
		}
	}
	return byKey(next)
}

// byKey lists the positions of m in order of their book keys.
func byKey(m map[uint64]*morris.Position) []*morris.Position {
	keys := make([]uint64, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]*morris.Position, 0, len(keys))
	for _, k := range keys {
		out = append(out, m[k])
	}
	return out
}
