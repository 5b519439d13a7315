package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// Match modes.
const (
	ModeMatch      = "match"      // the first two engines against each other
	ModeGauntlet   = "gauntlet"   // the first engine against each of the others
	ModeRoundRobin = "roundrobin" // every engine against every other
)

// Match is a run of games between engines.
type Match struct {
	Ref         Referee
	Engines     []EngineSpec
	EngineTC    []TimeControl // per engine (zero: the game's default)
	Mode        string
	Games       int // per pairing (rounded up to pairs when Repeat)
	Concurrency int
	Openings    [][]string // from a file; nil: random openings
	RandomPlies int
	Repeat      bool // each opening played twice, colours swapped
	SPRT        *SPRT
	OutDir      string
	Tolerance   time.Duration
	Seed        uint64
	Shard       int // this run is shard Shard of Shards: it takes every
	Shards      int // Shards-th opening from Shard on, and a seed of its own
	Progress    io.Writer
	TTY         bool
	OnGame      func(GameLine) // called after each game (from one goroutine at a time)
	Verbose     bool           // log engine traffic to Progress
	// Args, when set, is the command line that made the match (with its
	// seed), kept in the run's meta file for arena -resume.
	Args []string
	// Resume continues the run in OutDir: the games already in its
	// games.jsonl count and are not played again; the schedule (openings,
	// seeds, colours) is the one the run began with, so the final table is
	// the one an uninterrupted run gives.
	Resume bool
}

// GameLine is one game as written in games.jsonl.
type GameLine struct {
	Run     string            `json:"run"`
	Game    string            `json:"game"`
	Pairing [2]string         `json:"pairing"` // engines of the encounter, first as listed
	Pair    int               `json:"pair"`    // games of one pair share an opening
	Index   int               `json:"index"`
	Players [2]string         `json:"players"` // by colour, first mover first
	Colours [2]string         `json:"colours"`
	TC      [2]string         `json:"tc"`
	Opening []string          `json:"opening"`
	Moves   []MoveRec         `json:"moves"`
	Result  string            `json:"result"` // 1-0, 0-1, 1/2-1/2 from the first mover
	Winner  string            `json:"winner,omitempty"`
	Reason  Reason            `json:"reason"`
	Detail  string            `json:"detail,omitempty"`
	Final   string            `json:"final,omitempty"`
	Started time.Time         `json:"started"`
	Millis  int64             `json:"ms"`
	Extra   map[string]string `json:"extra,omitempty"`
	// Options are the game's options in effect (kalah holes and seeds,
	// gomoku size and rule, quoridor size and walls, ...), so that a game
	// can be replayed from its record; absent in records written before
	// they were kept, which were played with the defaults.
	Options map[string]string `json:"options,omitempty"`
}

// Summary is what Run returns and what merge rebuilds from records.
type Summary struct {
	Game     string
	Pairings map[[2]string]*Score // from the first engine's point of view
	Order    [][2]string
	SPRT     *SPRT
	Verdict  string
	Reasons  map[Reason]int
	Games    int
	ThinkMs  map[string]int64 // total think time per engine
	Moves    map[string]int   // moves per engine
	Names    []string         // engines in order of appearance
}

func newSummary(game string, sp *SPRT) *Summary {
	return &Summary{Game: game, Pairings: map[[2]string]*Score{}, SPRT: sp, Reasons: map[Reason]int{},
		ThinkMs: map[string]int64{}, Moves: map[string]int{}}
}

// pairState collects the two games of a pair.
type pairKey struct {
	run  string
	p    [2]string
	pair int
}

type aggregator struct {
	sum     *Summary
	pending map[pairKey]float64 // points of Pairing[0] in the first finished game of a pair
	repeat  bool
}

func (a *aggregator) add(g GameLine) {
	s := a.sum.Pairings[g.Pairing]
	if s == nil {
		s = &Score{}
		a.sum.Pairings[g.Pairing] = s
		a.sum.Order = append(a.sum.Order, g.Pairing)
	}
	a.sum.Reasons[g.Reason]++
	if g.Reason == Aborted {
		return
	}
	for _, n := range g.Players {
		if _, ok := a.sum.Moves[n]; !ok {
			a.sum.Moves[n] = 0
			a.sum.Names = append(a.sum.Names, n)
		}
	}
	for _, mv := range g.Moves {
		if mv.Side == 0 || mv.Side == 1 {
			n := g.Players[mv.Side]
			a.sum.ThinkMs[n] += mv.Ms
			a.sum.Moves[n]++
		}
	}
	a.sum.Games++
	pts := 0.5
	switch g.Winner {
	case "":
	case g.Pairing[0]:
		pts = 1
	default:
		pts = 0
	}
	switch pts {
	case 1:
		s.W++
	case 0:
		s.L++
	default:
		s.D++
	}
	if !a.repeat {
		return
	}
	k := pairKey{g.Run, g.Pairing, g.Pair}
	if first, ok := a.pending[k]; ok {
		delete(a.pending, k)
		s.Penta[int((first+pts)*2+0.5)]++
	} else {
		a.pending[k] = pts
	}
}

// job is one game to play.
type job struct {
	pairing [2]int
	pair    int
	index   int // 0 or 1 within the pair
	first   int // engine index moving first
	opening []string
	seed    uint64
}

// Run plays the match and returns its summary. Cancelling ctx stops it:
// running games are aborted and every engine is killed.
func (m *Match) Run(ctx context.Context) (*Summary, error) {
	if len(m.Engines) < 2 {
		return nil, fmt.Errorf("need at least two engines")
	}
	seen := map[string]bool{}
	for _, e := range m.Engines {
		if seen[e.Name] {
			return nil, fmt.Errorf("engine name %q used twice", e.Name)
		}
		seen[e.Name] = true
		if err := checkCommand(e); err != nil {
			return nil, err
		}
	}
	if m.Concurrency < 1 {
		m.Concurrency = 1
	}
	if m.Games < 1 {
		m.Games = 2
	}
	if c, ok := m.Ref.(PliesChecker); ok && len(m.Openings) == 0 {
		if err := c.CheckPlies(m.RandomPlies); err != nil {
			return nil, err
		}
	}
	// unique across machines: shards started at the same moment differ
	runID := fmt.Sprintf("%s-s%d-%04x", time.Now().UTC().Format("20060102T150405.000"), m.Shard+1, rand.Uint32()&0xffff)
	var done map[gameKey]GameLine
	if m.Resume {
		if m.OutDir == "" {
			return nil, fmt.Errorf("resume: no output folder")
		}
		var err error
		if runID, done, err = loadRun(m.OutDir); err != nil {
			return nil, err
		}
	}
	if m.Shards < 1 {
		m.Shards, m.Shard = 1, 0
	}
	rng := rand.New(rand.NewPCG(m.Seed, 0x9e3779b97f4a7c15+uint64(m.Shard)))

	var pairings [][2]int
	switch m.Mode {
	case "", ModeMatch:
		pairings = [][2]int{{0, 1}}
	case ModeGauntlet:
		for i := 1; i < len(m.Engines); i++ {
			pairings = append(pairings, [2]int{0, i})
		}
	case ModeRoundRobin:
		for i := range m.Engines {
			for j := i + 1; j < len(m.Engines); j++ {
				pairings = append(pairings, [2]int{i, j})
			}
		}
	default:
		return nil, fmt.Errorf("unknown mode %q", m.Mode)
	}

	// Build the schedule: pairs interleaved across pairings.
	nPairs := (m.Games + 1) / 2
	var jobs []job
	openIdx := 0
	nextOpening := func() []string {
		if len(m.Openings) > 0 {
			o := m.Openings[(openIdx*m.Shards+m.Shard)%len(m.Openings)]
			openIdx++
			return o
		}
		return m.Ref.RandomOpening(rng, m.RandomPlies)
	}
	for p := 0; p < nPairs; p++ {
		for _, pr := range pairings {
			op := nextOpening()
			seed := rng.Uint64()
			jobs = append(jobs, job{pairing: pr, pair: p, index: 0, first: pr[0], opening: op, seed: seed})
			if m.Repeat {
				jobs = append(jobs, job{pairing: pr, pair: p, index: 1, first: pr[1], opening: op, seed: seed})
			} else {
				jobs = append(jobs, job{pairing: pr, pair: p, index: 1, first: pr[1], opening: nextOpening(), seed: rng.Uint64()})
			}
		}
	}
	if !m.Repeat && m.Games%2 == 1 {
		// drop the extra game of the last round of each pairing
		jobs = jobs[:len(jobs)-len(pairings)]
	}

	var out, sgf *os.File
	if m.OutDir != "" {
		if err := os.MkdirAll(m.OutDir, 0o755); err != nil {
			return nil, err
		}
		var err error
		out, err = os.OpenFile(filepath.Join(m.OutDir, "games.jsonl"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return nil, err
		}
		defer out.Close()
		if _, ok := m.Ref.(SGFWriter); ok {
			sgf, err = os.OpenFile(filepath.Join(m.OutDir, "games.sgf"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
			if err != nil {
				return nil, err
			}
			defer sgf.Close()
		}
		meta := map[string]any{"run": runID, "game": m.Ref.Name(), "mode": m.Mode, "games": m.Games,
			"repeat": m.Repeat, "engines": m.Engines, "seed": m.Seed}
		if m.SPRT != nil {
			meta["sprt"] = m.SPRT
		}
		if m.Args != nil {
			meta["args"] = m.Args
		}
		b, _ := json.Marshal(meta)
		if !m.Resume {
			if err := writeSynced(filepath.Join(m.OutDir, "run-"+strings.ReplaceAll(runID, ":", "")+".json"), append(b, '\n')); err != nil {
				return nil, err
			}
		}
	}

	var live *liveReport
	if m.OutDir != "" {
		// DIR/report.html, rewritten as games finish; the last page is on
		// disk when Run returns
		live = startLiveReport(m.OutDir, m.SPRT, m.Progress)
		defer live.stop()
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sum := newSummary(m.Ref.Name(), m.SPRT)
	agg := &aggregator{sum: sum, pending: map[pairKey]float64{}, repeat: m.Repeat}
	var mu sync.Mutex
	stopSched := false
	next := 0
	start := time.Now()
	prog := &progress{w: m.Progress, tty: m.TTY, total: len(jobs), start: start}
	if done != nil {
		// the games on disk count first, in the order of the schedule
		left := jobs[:0]
		for _, j := range jobs {
			gl, ok := done[gameKey{[2]string{m.Engines[j.pairing[0]].Name, m.Engines[j.pairing[1]].Name}, j.pair, j.index}]
			if !ok {
				left = append(left, j)
				continue
			}
			agg.add(gl)
			if m.SPRT != nil && len(pairings) == 1 && sum.Verdict == "" {
				sum.Verdict = m.SPRT.Verdict(*sum.Pairings[gl.Pairing])
			}
		}
		jobs = left
		stopSched = sum.Verdict != ""
		prog.total = len(jobs)
	}

	take := func() (job, bool) {
		mu.Lock()
		defer mu.Unlock()
		if stopSched || next >= len(jobs) || ctx.Err() != nil {
			return job{}, false
		}
		// With SPRT, never start the second game of a pair whose first game
		// was not started; pairs are scheduled together, so just go in order.
		j := jobs[next]
		next++
		return j, true
	}

	var wg sync.WaitGroup
	for w := 0; w < m.Concurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pool := NewPool()
			defer pool.Close(quitLine(m.Ref), 500*time.Millisecond)
			for {
				j, ok := take()
				if !ok {
					return
				}
				gl := m.play(ctx, pool, j, runID)
				mu.Lock()
				if gl.Reason == Aborted && ctx.Err() != nil {
					mu.Unlock()
					return
				}
				agg.add(gl)
				if out != nil {
					// game by game, on disk before the next one counts
					b, _ := json.Marshal(gl)
					out.Write(append(b, '\n'))
					out.Sync()
				}
				if sgf != nil {
					sgf.WriteString(m.Ref.(SGFWriter).SGF(gl) + "\n")
				}
				if live != nil {
					live.add(gl)
				}
				if m.OnGame != nil {
					m.OnGame(gl)
				}
				if m.SPRT != nil && len(pairings) == 1 {
					sc := *sum.Pairings[gl.Pairing]
					if v := m.SPRT.Verdict(sc); v != "" && sum.Verdict == "" {
						sum.Verdict = v
						stopSched = true
					}
				}
				prog.update(sum, m.SPRT)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	prog.finish()
	if ctx.Err() != nil && sum.Verdict == "" {
		return sum, ctx.Err()
	}
	return sum, nil
}

// checkCommand fails early on an engine command that cannot be run, rather
// than forfeiting every game.
func checkCommand(e EngineSpec) error {
	if len(e.Cmd) == 0 {
		return nil // referees without processes (tests)
	}
	path := e.Cmd[0]
	if e.Dir != "" && !filepath.IsAbs(path) && strings.ContainsRune(path, filepath.Separator) {
		path = filepath.Join(e.Dir, path)
	}
	if _, err := exec.LookPath(path); err != nil {
		return fmt.Errorf("engine %s: %w", e.Name, err)
	}
	return nil
}

func quitLine(r Referee) string {
	if q, ok := r.(interface{ QuitLine() string }); ok {
		return q.QuitLine()
	}
	return ""
}

// SGFWriter is implemented by referees that can write SGF (gomoku).
type SGFWriter interface {
	SGF(GameLine) string
}

// Optioner is implemented by referees whose game has options: GameOptions
// are the ones in effect, every key written (defaults included), as
// Configure reads them.
type Optioner interface {
	GameOptions() map[string]string
}

// Colours is implemented by referees to name the colours.
type Colours interface {
	ColourNames() [2]string
}

func (m *Match) tcFor(i int) TimeControl {
	if i < len(m.EngineTC) {
		return m.EngineTC[i]
	}
	return TimeControl{}
}

func (m *Match) play(ctx context.Context, pool *Pool, j job, runID string) GameLine {
	a, b := j.pairing[0], j.pairing[1]
	byColour := [2]int{a, b}
	if j.first == b {
		byColour = [2]int{b, a}
	}
	s := &Setup{
		Engines:   [2]EngineSpec{m.Engines[byColour[0]], m.Engines[byColour[1]]},
		TC:        [2]TimeControl{m.tcFor(byColour[0]), m.tcFor(byColour[1])},
		Opening:   j.opening,
		Seed:      j.seed,
		Tolerance: m.Tolerance,
	}
	if m.Verbose && m.Progress != nil {
		var lmu sync.Mutex
		s.Log = func(side int, dir, line string) {
			lmu.Lock()
			fmt.Fprintf(m.Progress, "%s %s %s\n", s.Engines[side].Name, dir, line)
			lmu.Unlock()
		}
	}
	t0 := time.Now()
	rec := m.Ref.Play(ctx, s, pool)
	if ctx.Err() != nil && rec.Reason != Normal {
		rec.Reason = Aborted
	}
	gl := GameLine{
		Run: runID, Game: m.Ref.Name(),
		Pairing: [2]string{m.Engines[a].Name, m.Engines[b].Name},
		Pair:    j.pair, Index: j.index,
		Players: [2]string{s.Engines[0].Name, s.Engines[1].Name},
		TC:      [2]string{s.TC[0].String(), s.TC[1].String()},
		Opening: rec.Opening, Moves: rec.Moves,
		Reason: rec.Reason, Detail: rec.Detail, Final: rec.Final,
		Started: t0.UTC(), Millis: time.Since(t0).Milliseconds(), Extra: rec.Extra,
	}
	if gl.Opening == nil {
		gl.Opening = j.opening
	}
	if o, ok := m.Ref.(Optioner); ok {
		gl.Options = o.GameOptions()
	}
	if c, ok := m.Ref.(Colours); ok {
		gl.Colours = c.ColourNames()
	}
	switch rec.Winner {
	case 0:
		gl.Result, gl.Winner = "1-0", s.Engines[0].Name
	case 1:
		gl.Result, gl.Winner = "0-1", s.Engines[1].Name
	default:
		gl.Result = "1/2-1/2"
	}
	return gl
}

// ReadRecords reads every games.jsonl under the given directories.
func ReadRecords(dirs []string) ([]GameLine, *SPRT, error) {
	var all []GameLine
	var sp *SPRT
	type key struct {
		run  string
		p    [2]string
		pair int
		idx  int
	}
	seen := map[key]bool{}
	for _, d := range dirs {
		f, err := os.Open(filepath.Join(d, "games.jsonl"))
		if err != nil {
			return nil, nil, err
		}
		dec := json.NewDecoder(f)
		for dec.More() {
			var g GameLine
			if err := dec.Decode(&g); err != nil {
				f.Close()
				return nil, nil, fmt.Errorf("%s: %w", d, err)
			}
			k := key{g.Run, g.Pairing, g.Pair, g.Index}
			if seen[k] {
				continue // the same run given twice
			}
			seen[k] = true
			all = append(all, g)
		}
		f.Close()
		metas, _ := filepath.Glob(filepath.Join(d, "run-*.json"))
		for _, mf := range metas {
			b, err := os.ReadFile(mf)
			if err != nil {
				continue
			}
			var meta struct {
				SPRT *SPRT `json:"sprt"`
			}
			if json.Unmarshal(b, &meta) == nil && meta.SPRT != nil && sp == nil {
				sp = meta.SPRT
			}
		}
	}
	return all, sp, nil
}

// Merge rebuilds a summary from game records of one or more runs.
func Merge(games []GameLine, sp *SPRT) *Summary {
	game := ""
	if len(games) > 0 {
		game = games[0].Game
	}
	sum := newSummary(game, sp)
	agg := &aggregator{sum: sum, pending: map[pairKey]float64{}, repeat: true}
	for _, g := range games {
		agg.add(g)
	}
	if sp != nil && len(sum.Order) == 1 {
		sum.Verdict = sp.Verdict(*sum.Pairings[sum.Order[0]])
	}
	return sum
}

// Standing is one engine's tally against the field.
type Standing struct {
	Name  string
	Score Score
}

// Standings are the engines' tallies against the field, best score first
// (for more than one encounter).
func (s *Summary) Standings() []Standing {
	tot := map[string]*Score{}
	for _, k := range s.Order {
		sc := *s.Pairings[k]
		for i, n := range k {
			if tot[n] == nil {
				tot[n] = &Score{}
			}
			if i == 0 {
				tot[n].Add(sc)
			} else {
				tot[n].Add(sc.Flip())
			}
		}
	}
	var names []string
	for n := range tot {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return tot[names[i]].Ratio() > tot[names[j]].Ratio() })
	out := make([]Standing, len(names))
	for i, n := range names {
		out[i] = Standing{n, *tot[n]}
	}
	return out
}

// Print writes the results table.
func (s *Summary) Print(w io.Writer) {
	for _, k := range s.Order {
		sc := *s.Pairings[k]
		e := sc.EloEstimate()
		fmt.Fprintf(w, "Results of %s vs %s (%s, %d games, %d pairs):\n", k[0], k[1], s.Game, sc.Games(), sc.Pairs())
		los := "n/a"
		if !math.IsNaN(e.LOS) {
			los = fmt.Sprintf("%.1f %%", 100*e.LOS)
		}
		fmt.Fprintf(w, "  Elo: %s (95%%: %+.1f..%+.1f, %s), LOS: %s\n", e, e.Lo+0, e.Hi+0,
			map[bool]string{true: "pentanomial", false: "trinomial"}[e.Pentanomial], los)
		fmt.Fprintf(w, "  Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%.2f %%)\n",
			sc.Games(), sc.W, sc.L, sc.D, sc.Points(), 100*sc.Ratio())
		if sc.Pairs() > 0 {
			fmt.Fprintf(w, "  Ptnml(0-2): %v\n", sc.Penta)
		}
		if s.SPRT != nil && len(s.Order) == 1 {
			lo, hi := s.SPRT.Bounds()
			v := s.Verdict
			switch v {
			case "H1":
				v = "H1 accepted (elo >= elo1)"
			case "H0":
				v = "H0 accepted (elo <= elo0)"
			default:
				v = "undecided"
			}
			fmt.Fprintf(w, "  LLR: %.2f (%.2f, %.2f) [%g, %g] %s\n", s.SPRT.LLR(sc), lo, hi, s.SPRT.Elo0, s.SPRT.Elo1, v)
		}
	}
	if len(s.Order) > 1 {
		fmt.Fprintf(w, "%-4s %-20s %16s %6s %7s %14s\n", "Rank", "Name", "Elo", "Games", "Score", "W/D/L")
		for i, st := range s.Standings() {
			sc := st.Score
			fmt.Fprintf(w, "%-4d %-20s %16s %6d %6.1f%% %14s\n", i+1, st.Name, sc.EloEstimate().String(), sc.Games(),
				100*sc.Ratio(), fmt.Sprintf("%d/%d/%d", sc.W, sc.D, sc.L))
		}
	}
	if len(s.Names) > 0 {
		var parts []string
		for _, n := range s.Names {
			if s.Moves[n] > 0 {
				parts = append(parts, fmt.Sprintf("%s %d ms", n, s.ThinkMs[n]/int64(s.Moves[n])))
			}
		}
		if len(parts) > 0 {
			fmt.Fprintf(w, "Mean time per move: %s\n", strings.Join(parts, ", "))
		}
	}
	if len(s.Reasons) > 0 {
		var parts []string
		for _, r := range []Reason{Normal, Illegal, Malformed, TimeLoss, Crash, Closed, StartFail, Aborted} {
			if n := s.Reasons[r]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", r, n))
			}
		}
		fmt.Fprintf(w, "Endings: %s\n", strings.Join(parts, ", "))
	}
}

type progress struct {
	w     io.Writer
	tty   bool
	total int
	done  int
	start time.Time
	last  time.Time
	line  string
}

func (p *progress) update(s *Summary, sp *SPRT) {
	p.done++
	if p.w == nil {
		return
	}
	var parts []string
	parts = append(parts, fmt.Sprintf("[%d/%d]", p.done, p.total))
	if len(s.Order) >= 1 {
		k := s.Order[0]
		sc := *s.Pairings[k]
		if len(s.Order) > 1 {
			sc = Score{}
			for _, kk := range s.Order {
				if kk[0] == k[0] {
					sc.Add(*s.Pairings[kk])
				}
			}
		}
		parts = append(parts, fmt.Sprintf("%s: +%d =%d -%d %.1f%% Elo %s", k[0], sc.W, sc.D, sc.L, 100*sc.Ratio(), sc.EloEstimate()))
		if sp != nil && len(s.Order) == 1 {
			lo, hi := sp.Bounds()
			parts = append(parts, fmt.Sprintf("LLR %.2f (%.2f,%.2f)", sp.LLR(sc), lo, hi))
		}
	}
	el := time.Since(p.start)
	if p.done < p.total {
		eta := time.Duration(float64(el) / float64(p.done) * float64(p.total-p.done))
		parts = append(parts, "ETA "+eta.Round(time.Second).String())
	}
	line := strings.Join(parts, "  ")
	if p.tty {
		bar := progressBar(p.done, p.total, 20)
		fmt.Fprintf(p.w, "\r\033[K%s %s", bar, line)
		p.line = line
		return
	}
	if p.done == p.total || time.Since(p.last) >= 10*time.Second || p.done%10 == 0 {
		fmt.Fprintln(p.w, line)
		p.last = time.Now()
	}
}

func (p *progress) finish() {
	if p.w != nil && p.tty && p.line != "" {
		fmt.Fprintln(p.w)
	}
}

func progressBar(done, total, width int) string {
	if total <= 0 {
		total = 1
	}
	n := done * width / total
	return "[" + strings.Repeat("#", n) + strings.Repeat(".", width-n) + "]"
}

// gameKey names one game of a run's schedule.
type gameKey struct {
	pairing [2]string
	pair    int
	index   int
}

// loadRun reads an interrupted run for resuming: its id (from its one meta
// file) and its finished games. A last line cut short by a kill is
// removed from games.jsonl so that new games append cleanly.
func loadRun(dir string) (string, map[gameKey]GameLine, error) {
	metas, _ := filepath.Glob(filepath.Join(dir, "run-*.json"))
	if len(metas) != 1 {
		return "", nil, fmt.Errorf("resume %s: want one run-*.json, found %d", dir, len(metas))
	}
	var meta struct {
		Run string `json:"run"`
	}
	b, err := os.ReadFile(metas[0])
	if err == nil {
		err = json.Unmarshal(b, &meta)
	}
	if err != nil || meta.Run == "" {
		return "", nil, fmt.Errorf("resume %s: bad %s: %v", dir, filepath.Base(metas[0]), err)
	}
	path := filepath.Join(dir, "games.jsonl")
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return "", nil, err
	}
	if cut := bytes.LastIndexByte(data, '\n') + 1; cut < len(data) {
		if err := os.Truncate(path, int64(cut)); err != nil {
			return "", nil, err
		}
		data = data[:cut]
	}
	done := map[gameKey]GameLine{}
	for n, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var g GameLine
		if err := json.Unmarshal(line, &g); err != nil {
			return "", nil, fmt.Errorf("resume %s: games.jsonl line %d: %v", dir, n+1, err)
		}
		if g.Run == meta.Run {
			done[gameKey{g.Pairing, g.Pair, g.Index}] = g
		}
	}
	return meta.Run, done, nil
}

// writeSynced writes a small file and syncs it to disk.
func writeSynced(path string, b []byte) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err = f.Write(b); err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
