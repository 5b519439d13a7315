package kalah

import (
	"fmt"
	"io"
	"time"

	kbook "github.com/pentad-ai/pentad/book/kalah"
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
)

// The builders of book/kalah's contents that search with the bot's concrete
// search (book/kalah cannot import the bot): the opening book's searches,
// and the solver's first guess.

// BuildOpening searches the eight book positions for d each and returns the
// entries; progress goes to log.
func BuildOpening(d time.Duration, threads int, db *kbook.DB, log io.Writer) []kbook.Entry {
	opt := SearchOptions
	opt.Threads = threads
	e := NewSearcher(256, opt)
	var out []kbook.Entry
	for after := engine.Move(0); after <= 7; after++ {
		p := NewSearch(kalah.New(kalah.Tournament))
		p.SetDB(db)
		if after != 0 {
			p.Play(after)
		}
		e.NewGame()
		res := e.Search(p, engine.Limits{Soft: d / 2, Hard: d})
		out = append(out, kbook.Entry{After: after, Play: res.Move, Score: res.Score, Depth: res.Depth})
		fmt.Fprintf(log, "after %d: play %s score %d depth %d nodes %d\n", after, p.MoveString(res.Move), res.Score, res.Depth, res.Nodes)
	}
	return out
}

// EstimateStart returns a depth-limited search's estimate of the start
// position's margin in raw Kalah(h, seeds): a first guess for Solve, which
// converges faster from near the true value.
func EstimateStart(h, seeds int, captureEmpty bool, db *kbook.DB, depth int) int {
	r := kalah.Raw(h, seeds)
	r.CaptureEmpty = captureEmpty
	p := NewSearch(kalah.New(r))
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
