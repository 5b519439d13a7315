// Command stones is the Game of Stones (TZAAR) bot for the contest engine's
// JSON protocol.
//
//	stones [flags]                  play: JSON messages on stdin, answers on stdout
//	stones bench [depth]            fixed-depth search of the bench positions
//	stones perft N [divide]         move-generation counts from the start
//	stones turnperft                Black's full first turns after each opening
//	stones think [flags] [N]        one timed decision on bench position N (0: start), with its log
//	stones solvebench [seconds]     the endgame solver on fixed positions (limit per position, default 10)
//	stones match [flags] pairs      self-play: -b-* flags set the weaker side
//	stones fit [-specs S] FILE...   how well evaluation weights predict the results of arena records
package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/pentad-ai/pentad/bench"
	bot "github.com/pentad-ai/pentad/bot/stones"
	"github.com/pentad-ai/pentad/engine"
	evs "github.com/pentad-ai/pentad/eval/stones"
	"github.com/pentad-ai/pentad/game/stones"
	"github.com/pentad-ai/pentad/internal/records"
)

func main() {
	def := bot.DefaultConfig()
	fs := flag.NewFlagSet("stones", flag.ContinueOnError)
	threads := fs.Int("threads", bench.PhysicalCores(), "search threads")
	hash := fs.Int("hash", def.TTMiB, "transposition table size in MiB")
	soft := fs.Duration("soft", def.Soft, "start no new iteration after about this long")
	hard := fs.Duration("hard", def.Hard, "answer by this time at the latest (the engine allows 3s)")
	depth := fs.Int("depth", 0, "fixed search depth in actions (0: by time)")
	replan := fs.Bool("replan", def.Replan, "search the second action again (false: answer the action planned with the first)")
	logTo := fs.String("log", "", "log to this file, or \"stderr\" (default: no log)")
	// match flags: the B side
	bSoft := fs.Duration("b-soft", 0, "match: B's soft limit (default: A's)")
	bHard := fs.Duration("b-hard", 0, "match: B's hard limit (default: A's)")
	bDepth := fs.Int("b-depth", -1, "match: B's fixed depth (default: A's)")
	bReplan := fs.Bool("b-replan", def.Replan, "match: B's -replan")
	bNoLMR := fs.Bool("b-nolmr", false, "match: B without late move reductions")
	seed := fs.Uint64("seed", 1, "match: opening seed")
	nodes := fs.Uint64("nodes", 0, "node limit per action (0: none)")
	bNodes := fs.Uint64("b-nodes", 0, "match: B's node limit (default: A's)")
	weights := fs.String("w", "", "evaluation weight changes, e.g. Threat=50,Hanging=40")
	bWeights := fs.String("b-w", "", "match: B's evaluation weight changes")
	qcrit := fs.Int("qcrit", 0, "quiescence: captures of types with at most this many stacks (0: default, -1: none)")
	bQcrit := fs.Int("b-qcrit", 0, "match: B's quiescence setting")
	hint := fs.Int("hintcrit", 0, "ordering: hint attacks on types with at most this many stacks or on tall stacks (0: default)")
	bHint := fs.Int("b-hintcrit", 0, "match: B's ordering setting")
	solve := fs.Int("solve", 0, "run the proof-number solver with at most this many stacks on the board (0: default 30, -1: never)")
	bSolve := fs.Int("b-solve", 0, "match: B's -solve")
	solveShare := fs.Int("solve-share", 0, "percent of -hard (or of -nodes) the solver may use (0: default 35)")
	bSolveShare := fs.Int("b-solve-share", 0, "match: B's -solve-share")
	solveMiB := fs.Int("solve-hash", 0, "solver table size in MiB (0: default 32)")
	specs := fs.String("specs", "", "fit: weight changes to compare, separated by ';' (an empty one is the default)")
	fitFrom := fs.Int("from", 20, "fit: positions from this action of each game on")
	args := os.Args[1:]
	cmd := ""
	if len(args) > 0 && (args[0] == "bench" || args[0] == "perft" || args[0] == "match" || args[0] == "turnperft" || args[0] == "solvebench" || args[0] == "think" || args[0] == "fit") {
		cmd, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		os.Exit(2)
	}
	cfg := def
	cfg.Threads = *threads
	cfg.TTMiB = *hash
	cfg.Soft, cfg.Hard = *soft, *hard
	cfg.Depth = *depth
	cfg.Replan = *replan
	cfg.Nodes = *nodes
	cfg.QCrit = *qcrit
	cfg.HintCrit = *hint
	cfg.SolveStacks = *solve
	cfg.SolveShare = *solveShare
	cfg.SolveMiB = *solveMiB
	cfg.Eval = evs.Evaluate
	if *weights != "" {
		w, err := evs.ParseWeights(evs.Default, *weights)
		if err != nil {
			fmt.Fprintln(os.Stderr, "stones:", err)
			os.Exit(2)
		}
		cfg.Eval = evs.New(w).Func()
	}
	switch *logTo {
	case "":
	case "stderr":
		cfg.Log = os.Stderr
	default:
		f, err := os.OpenFile(*logTo, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			fmt.Fprintln(os.Stderr, "stones:", err)
			os.Exit(2)
		}
		defer f.Close()
		cfg.Log = f
	}
	rest := fs.Args()
	switch cmd {
	case "":
		if err := bot.Run(os.Stdin, os.Stdout, cfg); err != nil {
			fmt.Fprintln(os.Stderr, "stones:", err)
			os.Exit(1)
		}
	case "bench":
		d := bot.BenchDepth
		if len(rest) > 0 {
			if v, err := strconv.Atoi(rest[0]); err == nil && v > 0 {
				d = v
			}
		}
		rep := bot.Bench(d, evs.Evaluate)
		rep.Print(os.Stdout, "stones")
	case "perft":
		n := 3
		if len(rest) > 0 {
			if v, err := strconv.Atoi(rest[0]); err == nil && v > 0 {
				n = v
			}
		}
		p := stones.NewGame()
		if len(rest) > 1 && rest[1] == "divide" {
			lines := bench.Divide(p, n, stones.FormatMove)
			bench.PrintDivide(os.Stdout, lines)
			return
		}
		bench.RunPerft(os.Stdout, func(d int) uint64 { return stones.Perft(p, d) }, n)
	case "think":
		idx := 0
		if len(rest) > 0 {
			if v, err := strconv.Atoi(rest[0]); err == nil {
				idx = v
			}
		}
		if err := bot.Think(os.Stdout, cfg, idx); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	case "solvebench":
		lim := 10 * time.Second
		if len(rest) > 0 {
			if v, err := strconv.ParseFloat(rest[0], 64); err == nil && v > 0 {
				lim = time.Duration(v * float64(time.Second))
			}
		}
		mib := *solveMiB
		if mib <= 0 {
			mib = bot.DefaultSolveMiB
		}
		bot.SolveBench(os.Stdout, mib, lim)
	case "turnperft":
		p := stones.NewGame()
		var buf [engine.MaxMoves]engine.Move
		var seq, dist uint64
		t0 := time.Now()
		for _, m := range p.GenMoves(buf[:0]) {
			p.Make(m)
			st := stones.TurnPerft(p)
			p.Unmake(m)
			fmt.Printf("%s: %d sequences, %d distinct\n", stones.FormatMove(m), st.Sequences, st.Distinct)
			seq += st.Sequences
			dist += st.Distinct
		}
		fmt.Printf("total: %d sequences, %d distinct positions, %.3f s\n", seq, dist, time.Since(t0).Seconds())
	case "fit":
		if err := fit(os.Stdout, rest, *specs, *fitFrom); err != nil {
			fmt.Fprintln(os.Stderr, "stones fit:", err)
			os.Exit(1)
		}
	case "match":
		pairs := 10
		if len(rest) > 0 {
			if v, err := strconv.Atoi(rest[0]); err == nil && v > 0 {
				pairs = v
			}
		}
		a := cfg
		a.Log = nil
		b := a
		if *bSoft > 0 {
			b.Soft = *bSoft
		}
		if *bHard > 0 {
			b.Hard = *bHard
		}
		if *bDepth >= 0 {
			b.Depth = *bDepth
		}
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if set["b-replan"] {
			b.Replan = *bReplan
		}
		if *bNodes > 0 {
			b.Nodes = *bNodes
		}
		if *bSolve != 0 {
			b.SolveStacks = *bSolve
		}
		if *bSolveShare != 0 {
			b.SolveShare = *bSolveShare
		}
		if *bHint != 0 {
			b.HintCrit = *bHint
		}
		if *bQcrit != 0 {
			b.QCrit = *bQcrit
		}
		if *bWeights != "" {
			w, err := evs.ParseWeights(evs.Default, *bWeights)
			if err != nil {
				fmt.Fprintln(os.Stderr, "stones:", err)
				os.Exit(2)
			}
			b.Eval = evs.New(w).Func()
		}
		b.NoLMR = *bNoLMR
		t0 := time.Now()
		res := bot.PlayMatch(a, b, pairs, *seed, os.Stdout)
		fmt.Printf("match: A %d - B %d in %d games, %d actions, longest decision %d ms, %.0f s\n",
			res.WinsA, res.WinsB, res.WinsA+res.WinsB, res.Actions, res.MaxThink.Milliseconds(),
			time.Since(t0).Seconds())
	}
}

// fit prints, for each weight spec, the log-loss of the evaluation's
// predictions of the results of the games in the arena records files
// (games.jsonl), from action from of each game on.
func fit(w io.Writer, files []string, specs string, from int) error {
	if len(files) == 0 {
		return fmt.Errorf("no records: give arena games.jsonl files")
	}
	ss, err := records.ReadFiles(files, func(r io.Reader) ([]evs.Sample, error) { return evs.ReadSamples(r, from) })
	if err != nil {
		return err
	}
	if len(ss) == 0 {
		return fmt.Errorf("no decided stones games in the records")
	}
	fmt.Fprintf(w, "%d positions (first action of a turn, from action %d); a coin scores %.4f\n", len(ss), from, math.Ln2)
	for _, spec := range strings.Split(specs, ";") {
		wt, err := evs.ParseWeights(evs.Default, spec)
		if err != nil {
			return err
		}
		loss, k := evs.LogLoss(evs.New(wt), ss)
		name := strings.TrimSpace(spec)
		if name == "" {
			name = "(default)"
		}
		fmt.Fprintf(w, "%-50s log-loss %.4f (scale %.0f)\n", name, loss, k)
	}
	return nil
}
