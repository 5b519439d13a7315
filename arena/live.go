package arena

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// liveReport keeps DIR/report.html up to date while a run plays: every
// finished game is added and the page rewritten (atomically, by
// WriteReport) from a goroutine of its own, so that games are not held up;
// games finished while a page is being written go into the next one.
type liveReport struct {
	path    string
	sp      *SPRT
	sources []string
	log     io.Writer

	mu     sync.Mutex
	games  []GameLine
	pages  []pageGame // the replays of games made so far (writer only)
	dirty  bool
	failed bool
	poke   chan struct{}
	done   chan struct{}
}

// startLiveReport begins with the games already in dir (a resumed run, or
// earlier runs kept in the same folder: the page shows what arena report
// DIR would).
func startLiveReport(dir string, sp *SPRT, log io.Writer) *liveReport {
	r := &liveReport{path: filepath.Join(dir, ReportFile), sp: sp, sources: []string{dir}, log: log,
		poke: make(chan struct{}, 1), done: make(chan struct{})}
	if _, err := os.Stat(filepath.Join(dir, "games.jsonl")); err == nil {
		if games, _, err := ReadRecords([]string{dir}); err == nil {
			r.games, r.dirty = games, len(games) > 0
		}
	}
	go r.loop()
	return r
}

// add records a finished game and asks for a new page.
func (r *liveReport) add(g GameLine) {
	r.mu.Lock()
	r.games = append(r.games, g)
	r.dirty = true
	r.mu.Unlock()
	select {
	case r.poke <- struct{}{}:
	default:
	}
}

func (r *liveReport) loop() {
	defer close(r.done)
	for range r.poke {
		r.write()
	}
	r.write()
}

func (r *liveReport) write() {
	r.mu.Lock()
	if !r.dirty {
		r.mu.Unlock()
		return
	}
	games := append([]GameLine(nil), r.games...)
	r.dirty = false
	r.mu.Unlock()
	// each game is replayed once in the run, not once per page
	for i := len(r.pages); i < len(games); i++ {
		r.pages = append(r.pages, buildPageGame(i+1, games[i]))
	}
	if err := writeReport(r.path, games, r.pages, r.sp, r.sources); err != nil && !r.failed {
		r.failed = true // said once
		if r.log != nil {
			fmt.Fprintf(r.log, "arena: report: %v\n", err)
		}
	}
}

// stop writes the last page and returns when it is on disk.
func (r *liveReport) stop() {
	close(r.poke)
	<-r.done
}
