package gomoku

import (
	"fmt"
	"io"
	"time"

	"github.com/pentad-ai/pentad/bench"
	"github.com/pentad-ai/pentad/engine"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// benchOpenings are the bench positions (15x15 freestyle and renju).
var benchOpenings = []string{
	"h8", "h8i9", "h8i9j8", "g5h5h3f4g4j7f2", "f11g8e6d6d7d8g6i7a6i6",
	"i12l11j9m12l10j8n11m9j6", "j5h10n6j7k6m7i10m8m6", "c12a11c9e9b10",
}

// BenchDepth is the fixed depth of the bench.
const BenchDepth = 10

// BenchPositions are the positions of the bench subcommand.
func BenchPositions() []engine.Position {
	var out []engine.Position
	for i, o := range benchOpenings {
		mv, _ := game.ParseOpening(o)
		rule := game.Freestyle
		if i%3 == 2 {
			rule = game.Renju
		}
		p, err := PositionFrom(15, 15, rule, mv)
		if err != nil {
			panic(err)
		}
		p.LeafVCF = DefaultLeafVCF
		p.SearchVCF = DefaultSearchVCF
		p.VCFPlies = DefaultVCFPlies
		p.Quiesce = DefaultQuiesce
		p.ContAttack = DefaultContAttack
		p.IndirectDefences = DefaultIndirectDefences
		p.WidenLost = DefaultWidenLost
		p.rootN = p.Ply()
		out = append(out, p)
	}
	return out
}

// Bench runs the fixed-depth bench (one thread, 16 MiB table).
func Bench() bench.Report {
	return bench.Search(BenchPositions(), BenchDepth, 16, benchOptions())
}

// VCFPositions builds the VCF test set: from each bench opening a
// deterministic shallow self-play (depth 2, no VCF) runs until the side to
// move has a VCF of at least minFours fours; that position is kept.
func VCFPositions(minFours int) []*Search {
	return selfPlayPositions(120, func(p *Search) (keep, stop bool) {
		r := p.VCF(1<<20, 0)
		found := r.Win && len(r.Line) >= 2*minFours-1
		return found, found
	})
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
func vcfSweepPositions() []*Search {
	return selfPlayPositions(80, func(*Search) (bool, bool) { return true, false })
}

// benchOptions are the search options of the bench: a new brain's, on one
// thread.
func benchOptions() engine.Options {
	o := engine.Options{Threads: 1, LMR: true, LMRScale: DefaultLMRScale, Prune: DefaultPruning, IIR: DefaultIIR, SingleReply: DefaultSingleReply, AspWindow: DefaultAspWindow, HintHistory: DefaultHintHistory, AdjustLMR: DefaultAdjustLMR || DefaultContAttack > 0,
		Correction: DefaultCorrection, CorrectLeaves: DefaultCorrectLeaves}
	o.ReduceThreats, o.ThreatLMR = threatReduction(DefaultThreatLMR)
	o.QuiesceTT = DefaultQuiesceTT
	o.ContHistory = DefaultContHistory
	o.LMRFrom = DefaultLMRFrom
	o.AlphaReduce = DefaultAlphaReduce
	o.TTEval = DefaultTTEval
	o.TTMoveExt, o.TTMoveExtNonPV = DefaultTTMoveExt, DefaultTTMoveExtNonPV
	return o
}
