// Command kalah is Pentad's agent for the Kalah tournament engine.
//
//	kalah [-movetime 1s] [-threads N] [-log FILE] [-seed N] [-db FILE] [-w NAME=V,...]
//	                                               play through the protocol on stdin/stdout
//	kalah perft [-raw] [-holes H -seeds S] [-divide] N
//	kalah bench [-depth D]
//	kalah solve -holes H -seeds S [-capture standard|empty] [-k K | -db FILE] [-tt BITS] [-etc] [-threads N] [-id D] [-trace] [-progress 1m]
//	kalah book build [-k K] [-holes H] [-capture C] [-out FILE]   endgame database
//	kalah book opening [-time 60s]                 opening book source
//	kalah selfplay [-games N] [-depth D] [-random P] [-seed S] [-workers W] [-db FILE] [-w ...] > games.jsonl
//	kalah fit [-k K] [-w ...] [-fixed NAME,...] games.jsonl...   evaluation weights from game results
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"time"

	"github.com/pentad-ai/pentad/bench"
	kbook "github.com/pentad-ai/pentad/book/kalah"
	kbot "github.com/pentad-ai/pentad/bot/kalah"
	evalk "github.com/pentad-ai/pentad/eval/kalah"
	"github.com/pentad-ai/pentad/game/kalah"
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 {
		switch args[0] {
		case "perft":
			os.Exit(perft(args[1:]))
		case "bench":
			os.Exit(benchCmd(args[1:]))
		case "solve":
			os.Exit(solve(args[1:]))
		case "book":
			os.Exit(book(args[1:]))
		case "selfplay":
			os.Exit(selfplay(args[1:], os.Stdout, os.Stderr))
		case "fit":
			os.Exit(fit(args[1:], os.Stdout, os.Stderr))
		}
	}
	os.Exit(play(args))
}

func exeDir() string {
	exe, err := os.Executable()
	if err != nil {
		return "."
	}
	return filepath.Dir(exe)
}

// loadDB loads the database file (by default next to the executable), or
// says why it cannot be used.
func loadDB(path string, maxBytes uint64) (*kbook.DB, error) {
	if path == "" {
		path = filepath.Join(exeDir(), kbook.DefaultDBName)
	}
	db, err := kbook.LoadWithin(path, maxBytes)
	if err == nil && db.Holes() != 7 {
		err = fmt.Errorf("%s: a database for %d holes", path, db.Holes())
	}
	if err != nil {
		return nil, err
	}
	return db, nil
}

// dbBudget is the memory a database file may take within a limit of
// maxMB with a table of hashMB: the rest of the agent (the runtime, the
// search stacks, the small database built when there is none) stays under
// agentMB resident.
func dbBudget(maxMB, hashMB int) uint64 {
	if maxMB <= 0 {
		return 0
	}
	return uint64(max(maxMB-hashMB-agentMB, 1)) << 20
}

const agentMB = 32

// The database built at start when there is no file: instant, then a larger
// one in the background.
const quickDBK = 8

func play(args []string) int {
	fs := flag.NewFlagSet("kalah", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // the tournament engine never reads stderr
	movetime := fs.Duration("movetime", kbot.DefaultMoveTime, "time per move")
	depth := fs.Int("depth", 0, "fixed search depth instead of time")
	nodes := fs.Uint64("nodes", 0, "node limit per move")
	threads := fs.Int("threads", bench.PhysicalCores(), "search threads")
	hash := fs.Int("hash", 64, "transposition table MiB")
	logPath := fs.String("log", "", "write a per-move log to this file")
	dbPath := fs.String("db", "", "endgame database (default: "+kbook.DefaultDBName+" next to the executable)")
	dbK := fs.Int("dbk", 12, "seeds covered by the in-memory database when no file is found (0: none); above 8 it is built in the background")
	noBook := fs.Bool("nobook", false, "do not use the opening book")
	maxMem := fs.Int("maxmem", 512, "memory limit in MB: a database file that would take the agent past it is not loaded")
	seed := fs.Uint64("seed", 0, "vary the first moves of each game with this seed (0: always the best move)")
	spec := fs.String("w", "", "evaluation weight changes, e.g. Seeds=2,Near=1 (for matches)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	w, err := evalk.ParseWeights(evalk.Default, *spec)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kalah:", err)
		return 2
	}
	cfg := kbot.AgentConfig{MoveTime: *movetime, Depth: *depth, Nodes: *nodes, Threads: *threads, HashMiB: *hash, Seed: *seed}
	if *depth > 0 || *nodes > 0 {
		cfg.MoveTime = 0
	}
	if *spec != "" {
		cfg.Weights = &w
	}
	if *logPath != "" {
		if f, err := os.OpenFile(*logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err == nil {
			defer f.Close()
			cfg.Log = f
		}
	}
	var later int
	if *dbK > 0 || *dbPath != "" {
		var err error
		if cfg.DB, err = loadDB(*dbPath, dbBudget(*maxMem, *hash)); err != nil && !errors.Is(err, os.ErrNotExist) && cfg.Log != nil {
			// the protocol has no message: the per-move log says why
			fmt.Fprintf(cfg.Log, "endgame database not used: %v\n", err)
		}
		if cfg.DB == nil && *dbK > 0 {
			cfg.DB, _ = kbook.Build(7, min(*dbK, quickDBK), false)
			if *dbK > quickDBK {
				later = *dbK
			}
		}
	}
	if !*noBook {
		cfg.Book = kbook.Lookup
	}
	a := kbot.NewAgent(cfg, os.Stdout)
	if later > 0 {
		// One worker: the first moves come from the book, so the build
		// mostly uses time the opponent is thinking.
		go func() {
			if db, err := kbook.BuildThreads(7, later, false, 1); err == nil {
				a.SetDB(db)
			}
		}()
	}
	if err := a.Run(os.Stdin); err != nil {
		return 1
	}
	return 0
}

func perft(args []string) int {
	fs := flag.NewFlagSet("kalah perft", flag.ExitOnError)
	raw := fs.Bool("raw", false, "raw rules (no pie rule, no first-move rule)")
	holes := fs.Int("holes", 7, "holes per side")
	seeds := fs.Int("seeds", 7, "seeds per hole")
	divide := fs.Bool("divide", false, "print the count below each first move")
	fs.Parse(args)
	depth := 9
	if fs.NArg() > 0 {
		d, err := strconv.Atoi(fs.Arg(0))
		if err != nil || d < 1 {
			fmt.Fprintln(os.Stderr, "kalah perft: depth must be a positive number")
			return 2
		}
		depth = d
	}
	r := kalah.Tournament
	r.Holes, r.Seeds = *holes, *seeds
	if *raw {
		r = kalah.Raw(*holes, *seeds)
	}
	if err := r.Validate(); err != nil {
		fmt.Fprintln(os.Stderr, "kalah perft:", err)
		return 2
	}
	fmt.Printf("Kalah(%d,%d) pie=%v first-move-rule=%v\n", r.Holes, r.Seeds, r.Pie, r.FirstMoveRule)
	if *divide {
		p := kalah.New(r)
		bench.PrintDivide(os.Stdout, bench.Divide(p, depth, p.MoveString))
		return 0
	}
	bench.RunPerft(os.Stdout, func(d int) uint64 { return kalah.Perft(kalah.New(r), d) }, depth)
	return 0
}

func benchCmd(args []string) int {
	fs := flag.NewFlagSet("kalah bench", flag.ExitOnError)
	depth := fs.Int("depth", 14, "search depth")
	fs.Parse(args)
	rep := kbot.Bench(*depth)
	rep.Print(os.Stdout, "kalah")
	return 0
}

func solve(args []string) int {
	fs := flag.NewFlagSet("kalah solve", flag.ExitOnError)
	holes := fs.Int("holes", 6, "holes per side")
	seeds := fs.Int("seeds", 4, "seeds per hole")
	capture := fs.String("capture", "standard", "capture rule: standard or empty")
	k := fs.Int("k", 18, "endgame database: seeds in holes covered (0: none)")
	dbPath := fs.String("db", "", "load the database from this file (kalah book build -holes H -capture C) instead of building it")
	bits := fs.Int("tt", 24, "bound table size, log2 entries")
	etc := fs.Bool("etc", false, "enhanced transposition cut-offs")
	threads := fs.Int("threads", 1, "search threads (shared table; ABDADA shares the work)")
	guess := fs.Int("guess", 1000, "first value tested (default: a depth-16 search's value without -id, else 0: the depth-limited iterations converge from it)")
	trace := fs.Bool("trace", false, "print every null-window test: bound, result, nodes, time")
	id := fs.Int("id", 20, "depth-limited searches to this depth first, to order the exact search (0: none)")
	progress := fs.Duration("progress", 0, "print the node count at this interval (0: never)")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the search to this file")
	fs.Parse(args)
	ce := *capture == "empty"
	if !ce && *capture != "standard" {
		fmt.Fprintln(os.Stderr, "kalah solve: -capture is standard or empty")
		return 2
	}
	if err := kalah.Raw(*holes, *seeds).Validate(); err != nil {
		fmt.Fprintln(os.Stderr, "kalah solve:", err)
		return 2
	}
	t0 := time.Now()
	var db *kbook.DB
	if *dbPath != "" {
		var err error
		if db, err = kbook.Load(*dbPath); err != nil {
			fmt.Fprintln(os.Stderr, "kalah solve:", err)
			return 1
		}
		if db.Holes() != *holes || db.CaptureEmpty() != ce {
			fmt.Fprintln(os.Stderr, "kalah solve: the database is for another board or capture rule")
			return 2
		}
		fmt.Printf("database: %s, K=%d, %d entries, loaded in %.2f s\n", *dbPath, db.K(), db.Entries(), time.Since(t0).Seconds())
	} else if *k > 0 {
		var err error
		if db, err = kbook.Build(*holes, *k, ce); err != nil {
			fmt.Fprintln(os.Stderr, "kalah solve:", err)
			return 1
		}
		fmt.Printf("database: %d holes, K=%d, %d entries, built in %.2f s\n", *holes, *k, db.Entries(), time.Since(t0).Seconds())
	}
	s, err := kbook.NewSolver(*holes, ce, db, *bits)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kalah solve:", err)
		return 2
	}
	s.ETC = *etc
	s.Threads = *threads
	s.Guess = *guess
	if *guess == 1000 {
		s.Guess = 0
		if *id <= 0 {
			s.Guess = kbot.EstimateStart(*holes, *seeds, ce, db, 16)
			fmt.Printf("first guess %d (depth-16 search)\n", s.Guess)
		}
	}
	if *trace {
		t0 := time.Now()
		s.Trace = func(depth, beta, g int, nodes uint64) {
			lim := "exact"
			if depth > 0 {
				lim = fmt.Sprintf("depth %d", depth)
			}
			fmt.Printf("%s test >= %d: %d  %d nodes  %.2f s\n", lim, beta, g, nodes, time.Since(t0).Seconds())
		}
	}
	s.IDDepth = *id
	if *progress > 0 {
		t0 := time.Now()
		tick := time.NewTicker(*progress)
		defer tick.Stop()
		go func() {
			for range tick.C {
				fmt.Printf("... %d nodes  %.0f s\n", s.Progress(), time.Since(t0).Seconds())
			}
		}()
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "kalah solve:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "kalah solve:", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	r := s.SolveStart(*seeds)
	fmt.Printf("Kalah(%d,%d) %s capture: first player wins by %d (negative: loses)\n", *holes, *seeds, *capture, r.Value)
	fmt.Printf("search %.2f s, %d nodes; total %.2f s\n", r.Time.Seconds(), r.Nodes, time.Since(t0).Seconds())
	return 0
}

func book(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: kalah book build [-k K] [-holes H] [-capture standard|empty] [-out FILE] | kalah book opening [-time D]")
		return 2
	}
	switch args[0] {
	case "build":
		fs := flag.NewFlagSet("kalah book build", flag.ExitOnError)
		k := fs.Int("k", 17, "seeds in holes covered")
		holes := fs.Int("holes", 7, "holes per side (the agent plays 7; others are for kalah solve -db)")
		capture := fs.String("capture", "standard", "capture rule: standard or empty")
		out := fs.String("out", "", "output file (default: "+kbook.DefaultDBName+" next to the executable for 7 holes, standard capture)")
		fs.Parse(args[1:])
		ce := *capture == "empty"
		if !ce && *capture != "standard" {
			fmt.Fprintln(os.Stderr, "kalah book build: -capture is standard or empty")
			return 2
		}
		if *out == "" {
			*out = filepath.Join(exeDir(), kbook.DefaultDBName)
			if *holes != 7 || ce {
				*out = fmt.Sprintf("kalah-%d-%s-k%d.db", *holes, *capture, *k)
			}
		}
		t0 := time.Now()
		db, err := kbook.BuildDB(*out, *holes, *k, ce)
		if err != nil {
			fmt.Fprintln(os.Stderr, "kalah book build:", err)
			return 1
		}
		fmt.Printf("wrote %s: K=%d, %d entries (%d bytes), %.1f s\n", *out, db.K(), db.Entries(), db.Entries(), time.Since(t0).Seconds())
	case "opening":
		fs := flag.NewFlagSet("kalah book opening", flag.ExitOnError)
		d := fs.Duration("time", 60*time.Second, "search time per position")
		k := fs.Int("dbk", 10, "endgame database K used by the searches")
		fs.Parse(args[1:])
		db, _ := kbook.Build(7, *k, false)
		entries := kbot.BuildOpening(*d, bench.PhysicalCores(), db, os.Stderr)
		if err := kbook.WriteOpening(os.Stdout, entries); err != nil {
			return 1
		}
	default:
		fmt.Fprintln(os.Stderr, "kalah book: unknown command", args[0])
		return 2
	}
	return 0
}
