package gomoku

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"time"

	"github.com/pentad-ai/pentad/bench"
	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
)

// Command runs a subcommand of pbrain-pentad and returns the exit code:
//
//	bench                       fixed-depth search bench (the signature)
//	perft N [divide] [rule] [size]  legal move sequences from the empty board
//	vcf                         VCF solver speed on the test positions
//	match [-ms N] [-openings F] [-weak-depth D]  self-play against a weaker setting
//	tune [-iters N] [-nodes N] -openings F      SPSA self-play tuning of the weights
//	book build [-ms N] [-plies N] [-o FILE]      opening book source (book/gomoku/data)
func Command(stdout, stderr io.Writer, args []string) int {
	switch args[0] {
	case "bench":
		r := Bench()
		r.Print(stdout, "pentad")
		return 0
	case "perft":
		if len(args) < 2 {
			fmt.Fprintln(stderr, "usage: perft N [divide] [rule] [size]")
			return 2
		}
		d, err := strconv.Atoi(args[1])
		if err != nil || d < 0 {
			fmt.Fprintln(stderr, "perft: bad depth")
			return 2
		}
		divide := false
		rule := Freestyle
		size := 15
		for _, a := range args[2:] {
			if a == "divide" {
				divide = true
			} else if r, err := ParseRule(a); err == nil {
				rule = r
			} else if n, err := strconv.Atoi(a); err == nil {
				size = n
			} else {
				fmt.Fprintf(stderr, "perft: bad argument %q\n", a)
				return 2
			}
		}
		p, err := NewPosition(size, size, rule)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
		if divide {
			bench.PrintDivide(stdout, bench.Divide(PerftPosition{p}, d, FormatMove))
			return 0
		}
		bench.RunPerft(stdout, p.Perft, d)
		return 0
	case "vcf":
		return vcfCommand(stdout)
	case "match":
		return matchCommand(stdout, stderr, args[1:])
	case "tune":
		return tuneCommand(stdout, stderr, args[1:])
	case "book":
		return bookCommand(stdout, stderr, args[1:])
	}
	fmt.Fprintf(stderr, "unknown subcommand %q (bench, perft, vcf, match)\n", args[0])
	return 2
}

// VCFPositions builds the VCF test set: from each bench opening a
// deterministic shallow self-play (depth 2, no VCF) runs until the side to
// move has a VCF of at least minFours fours; that position is kept.
func VCFPositions(minFours int) []*Position {
	return selfPlayPositions(120, func(p *Position) (keep, stop bool) {
		r := p.VCF(1<<20, 0)
		found := r.Win && len(r.Line) >= 2*minFours-1
		return found, found
	})
}

// selfPlayPositions plays a deterministic shallow self-play game (depth 2,
// no VCF) from each bench opening, up to maxPly plies or the end, and keeps
// the positions visit says to keep, until it says stop.
func selfPlayPositions(maxPly int, visit func(p *Position) (keep, stop bool)) []*Position {
	var out []*Position
	b := NewBrain(4, 1)
	b.MaxDepth = 2
	b.NoVCF = true
	for _, o := range benchOpenings {
		mv, _ := ParseOpening(o)
		p, err := PositionFrom(15, 15, Freestyle, mv)
		if err != nil {
			continue
		}
		for p.Ply() < maxPly {
			if over, _, _ := p.Status(); over {
				break
			}
			keep, stop := visit(p)
			if keep {
				q := *p
				out = append(out, &q)
			}
			if stop {
				break
			}
			b.E.NewGame()
			b.Ready()
			m := b.Think(p, Budget{})
			if m == engine.NoMove {
				break
			}
			p.Make(m)
		}
	}
	return out
}

func vcfCommand(w io.Writer) int {
	ps := VCFPositions(2)
	var nodes uint64
	var total time.Duration
	wins := 0
	for i, p := range ps {
		p.ClearVCF()
		t0 := time.Now()
		r := p.VCF(1<<22, 0)
		el := time.Since(t0)
		total += el
		nodes += r.Nodes
		if r.Win {
			wins++
		}
		fmt.Fprintf(w, "vcf %d: ply %d win %v fours %d nodes %d time %.3f ms line %s\n", i, p.Ply(), r.Win,
			(len(r.Line)+1)/2, r.Nodes, float64(el.Microseconds())/1000, lineString(r.Line))
	}
	nps := 0.0
	if total > 0 {
		nps = float64(nodes) / total.Seconds()
	}
	fmt.Fprintf(w, "vcf total: %d positions, %d solved, %d nodes, %.3f ms, %.0f nodes/s\n", len(ps), wins, nodes,
		float64(total.Microseconds())/1000, nps)
	// the other side's search, mostly a full proof that there is no VCF
	nodes, total = 0, 0
	wins = 0
	for _, p := range ps {
		p.ClearVCF()
		t0 := time.Now()
		r := p.OpponentVCF(1<<22, 0)
		total += time.Since(t0)
		nodes += r.Nodes
		if r.Win {
			wins++
		}
	}
	if total > 0 {
		nps = float64(nodes) / total.Seconds()
	}
	fmt.Fprintf(w, "vcf defender side: %d positions, %d with a VCF, %d nodes, %.3f ms, %.0f nodes/s\n", len(ps), wins,
		nodes, float64(total.Microseconds())/1000, nps)
	// a sweep: every position of the self-play games, full VCF search
	// (one million nodes at most) for the side to move
	n, wins, nodes, total, worst := 0, 0, uint64(0), time.Duration(0), time.Duration(0)
	for _, p := range vcfSweepPositions() {
		p.ClearVCF()
		t0 := time.Now()
		r := p.VCF(1<<20, 0)
		el := time.Since(t0)
		n++
		total += el
		worst = max(worst, el)
		nodes += r.Nodes
		if r.Win {
			wins++
		}
	}
	if total > 0 {
		nps = float64(nodes) / total.Seconds()
	}
	fmt.Fprintf(w, "vcf sweep: %d positions of self-play games, %d with a VCF, %d nodes, %.3f ms (%.3f ms a position, worst %.3f ms), %.0f nodes/s\n",
		n, wins, nodes, float64(total.Microseconds())/1000, float64(total.Microseconds())/1000/float64(max(n, 1)),
		float64(worst.Microseconds())/1000, nps)
	return 0
}

// vcfSweepPositions are all positions of deterministic shallow self-play
// games (depth 2, no VCF) from the bench openings, up to 80 plies or the end.
func vcfSweepPositions() []*Position {
	return selfPlayPositions(80, func(*Position) (bool, bool) { return true, false })
}

func matchCommand(w, stderr io.Writer, args []string) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ms := fs.Int("ms", 1000, "milliseconds per move")
	file := fs.String("openings", "", "openings file (one a line)")
	weakDepth := fs.Int("weak-depth", 4, "depth limit of the weaker setting")
	weakVCF := fs.Bool("weak-vcf", false, "let the weaker setting use the root VCF checks")
	weakSafety := fs.Bool("weak-safety", false, "let the weaker setting check its move against VCF (with -weak-vcf)")
	fullSafety := fs.Bool("full-safety", false, "let the full setting check its move against VCF")
	weakVCT := fs.Bool("weak-vct", false, "let the weaker setting use the root VCT search (with -weak-vcf)")
	verbose := fs.Bool("v", false, "print the moves of every game")
	ruleName := fs.String("rule", "freestyle", "rule: freestyle, standard, renju, caro")
	fullQ := fs.Bool("full-quiesce", DefaultQuiesce, "quiescence over fours for the full setting")
	weakQ := fs.Bool("weak-quiesce", false, "quiescence over fours for the weaker setting")
	fullT := fs.Bool("full-taper", DefaultTaper, "narrower candidates deeper in the tree (full setting)")
	weakT := fs.Bool("weak-taper", false, "narrower candidates deeper in the tree (weaker setting)")
	nodes := fs.Uint64("nodes", 0, "node limit per move for both settings (deterministic with -ms large)")
	fullCands := fs.Int("full-cands", 0, "candidate width of the full setting (0: default)")
	weakCands := fs.Int("weak-cands", 0, "candidate width of the weaker setting (0: default)")
	limit := fs.Int("n", 0, "play only the first n openings (0: all)")
	weakLeaf := fs.Int("weak-leafvcf", 0, "leaf VCF budget of the weaker setting")
	fullLeaf := fs.Int("full-leafvcf", DefaultLeafVCF, "leaf VCF budget of the full setting")
	weakSV := fs.Int("weak-searchvcf", 0, "in-search threat budget of the weaker setting")
	fullSV := fs.Int("full-searchvcf", DefaultSearchVCF, "in-search threat budget of the full setting")
	weakHand := fs.Bool("weak-hand", false, "the weaker setting evaluates with the hand-set weights (ev.Hand)")
	fullHand := fs.Bool("full-hand", false, "the full setting evaluates with the hand-set weights (ev.Hand)")
	seed := fs.Uint64("seed", 0, "add 1-2 random moves to each opening with this seed (0: the openings as they are)")
	repeat := fs.Int("repeat", 1, "play each opening this many times (with -seed: different random moves)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *file == "" {
		fmt.Fprintln(stderr, "match: -openings FILE required")
		return 2
	}
	f, err := os.Open(*file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	ops, err := ReadOpenings(f)
	f.Close()
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	rule, err := ParseRule(*ruleName)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if *limit > 0 && *limit < len(ops) {
		ops = ops[:*limit]
	}
	strong := &Player{Name: "full", Brain: NewBrain(64, 1), Time: time.Duration(*ms) * time.Millisecond}
	weak := &Player{Name: "weak", Brain: NewBrain(64, 1), Time: time.Duration(*ms) * time.Millisecond}
	weak.Brain.MaxDepth = *weakDepth
	weak.Brain.NoVCF = !*weakVCF
	strong.Brain.MaxNodes, weak.Brain.MaxNodes = *nodes, *nodes
	strong.Brain.Candidates, weak.Brain.Candidates = *fullCands, *weakCands
	strong.Brain.Quiesce, weak.Brain.Quiesce = *fullQ, *weakQ
	strong.Brain.Taper, weak.Brain.Taper = *fullT, *weakT
	weak.Brain.NoVCT = !*weakVCT
	weak.Brain.SafetyNet = *weakSafety
	strong.Brain.SafetyNet = *fullSafety
	weak.Brain.LeafVCF = *weakLeaf
	strong.Brain.LeafVCF = *fullLeaf
	weak.Brain.SearchVCF = *weakSV
	strong.Brain.SearchVCF = *fullSV
	if *weakHand {
		weak.Brain.Eval = NewEval(ev.Hand)
	}
	if *fullHand {
		strong.Brain.Eval = NewEval(ev.Hand)
	}
	if *seed != 0 {
		rng := rand.New(rand.NewPCG(*seed, 0x0e5))
		var more [][][2]int
		for r := 0; r < *repeat; r++ {
			for _, o := range ops {
				more = append(more, randomOpening(rng, o))
			}
		}
		ops = more
	}
	var win, loss, draw int
	for i, o := range ops {
		for g := 0; g < 2; g++ {
			black, white := strong, weak
			if g == 1 {
				black, white = weak, strong
			}
			// the opening's side to move plays next: colours follow the ply
			r, err := PlayGame(15, 15, rule, o, black, white, 225)
			if err != nil {
				// an opening that is illegal under this rule
				fmt.Fprintf(w, "opening %d skipped: %v\n", i+1, err)
				break
			}
			res := "draw"
			switch {
			case r.Winner < 0:
				draw++
			case (r.Winner == Black) == (black == strong):
				win++
				res = "full wins"
			default:
				loss++
				res = "weak wins"
			}
			fmt.Fprintf(w, "opening %d game %d (black %s): %s after %d moves (%s)\n", i+1, g+1, black.Name, res, r.Moves, r.Reason)
			if *verbose {
				fmt.Fprintf(w, "  %s\n", r.Record)
			}
		}
	}
	n := win + loss + draw
	fmt.Fprintf(w, "match full vs weak (%v): +%d -%d =%d  score %.1f%% of %d games\n", rule, win, loss, draw,
		100*(float64(win)+float64(draw)/2)/float64(max(n, 1)), n)
	return 0
}
