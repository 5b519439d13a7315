// Command pbrain-pentad is a Gomoku brain for Gomocup managers (piskvork,
// c-gomoku-cli). Without arguments it speaks the Gomocup protocol on
// standard input and output. Subcommands: bench, perft N [divide] [rule]
// [size], vcf, match, tune, book build (see bot/gomoku.Command).
//
// Flags: -threads N (default: physical cores), -hash MiB (default: from
// INFO max_memory, 128 MiB for 350 MB), -rule2renju (read INFO rule 2 as
// renju, the convention of some managers, instead of "continuous game"),
// -log FILE (a line per move: answer time and budget; off by default).
//
// The opening book is built into the executable; an optional file
// pbrain-pentad.book next to the executable (not in the working directory)
// adds or overrides entries (see book/gomoku).
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/pentad-ai/pentad/bench"
	book "github.com/pentad-ai/pentad/book/gomoku"
	"github.com/pentad-ai/pentad/bot/gomoku"
)

// version is stamped at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	threads := flag.Int("threads", bench.PhysicalCores(), "search threads")
	hash := flag.Int("hash", 0, "transposition table MiB (0: from INFO max_memory)")
	rule2 := flag.Bool("rule2renju", false, "read INFO rule 2 as renju instead of continuous game")
	cands := flag.Int("candidates", 0, "quiet moves searched at a node, the best by pattern value (0: the default)")
	widePlies := flag.Int("wide-plies", 0, "plies below the root searched as wide as the root: positive that many, negative none (0: the default)")
	rootCands := flag.Int("root-candidates", 0, "quiet moves searched at the root, never fewer than -candidates (0: the default)")
	taper := flag.Int("taper", 0, "narrow the candidates deeper in the tree: 1 on, -1 off (0: the default)")
	futility := flag.Int("futility", -1, "futility pruning margin per ply (0: off, -1: the default)")
	futilityDepth := flag.Int("futility-depth", -1, "deepest remaining depth pruned by futility (-1: the default)")
	razor := flag.Int("razor", -1, "razoring margin per ply at depths 1 and 2 (0: off, -1: the default)")
	moveCount := flag.Int("movecount", 0, "move-count pruning: 1 on, -1 off (0: the default)")
	nullMove := flag.Int("nullmove", -1, "null-move pruning from this remaining depth up (0: off, -1: the default)")
	iir := flag.Int("iir", 0, "internal iterative reduction from this remaining depth up (-1: off, 0: the default)")
	hintHist := flag.Int("hinthist", 0, "killers and history among pattern-ordered moves, worth up to this much pattern value (-1: off, 0: the default)")
	contHist := flag.Int("conthist", 0, "continuation history (the answers to the opponent's last move) among pattern-ordered moves, worth up to this much pattern value (-1: off, 0: the default)")
	lmrFrom := flag.Int("lmrfrom", 0, "late move reductions from this move of a node's list on, 1 the second (-1: from the fourth, 0: the default)")
	lmr := flag.Int("lmr", 0, "late move reductions by ln(depth)*ln(move) times this percent (-1: the fixed 1-2 plies, 0: the default)")
	weights := flag.String("weights", "", "evaluation weights changed from the default, NAME=VALUE,... (see the texel subcommand)")
	threat := flag.String("threat", "", "file of whole-board values by threat mask (see texel -threat), over the weights' own")
	combo := flag.String("combo", "", "file of cell values by combination of line codes (see texel -combo), or \"own\": the values the weights give themselves (default: the built-in table)")
	renjuCombo := flag.String("renju-combo", "", "file of black's and white's cell values by combination under renju (see texel -colours; default: the built-in renju table, or with -combo that table)")
	policy := flag.String("policy", "", "file of move-ordering values by combination of line codes (see texel -policy), or \"values\": order by the cell values (default: the built-in policy)")
	failHigh := flag.Int("failhigh", 0, "fail-high reduction at expected cut nodes whose evaluation passes beta by this much a ply (-1: off, 0: the default)")
	singular := flag.Int("singular", 0, "singular extensions from this remaining depth up (-1: off, 0: the default)")
	singularMargin := flag.Int("singular-margin", 2, "singular extension margin per ply of depth (with -singular N)")
	lmrExtend := flag.Int("lmrext", 0, "after a reduced search passes alpha, search a ply deeper when by over this (plus a third of it a reduced ply), a ply shallower when barely (-1: off, 0: the default)")
	hintKeep := flag.Int("hintkeep", 0, "one ply less of late move reduction for moves valued at least this percent of the node's best (-1: off, 0: the default)")
	threatLMR := flag.Int("threatlmr", gomoku.DefaultThreatLMR, "reduce late forcing moves (threes and fours) by their late move reduction less this many plies (0: the whole reduction, negative: not reduced)")
	adjustLMR := flag.Int("adjlmr", 0, "reduce more our late fours that leave an open three unanswered, far from the last stones (1: on, -1: off, 0: the default)")
	correction := flag.Int("correction", 0, "correct the static evaluation by correction histories, weight in percent (-1: off, 0: the default)")
	correctLeaves := flag.Int("correct-leaves", 0, "with -correction, correct the quiescence's stand pat too: 1 on, -1 off (0: the default)")
	softPct := flag.Int("soft", 0, "start no new iteration after this percent of the move's hard limit (0: the default)")
	clockSpace := flag.Int("clockspace", 0, "with a match clock, the soft limit of a move is the time left over this (0: the default)")
	contAttack := flag.Int("contattack", 0, "reduce our late threats this many plies less right after a threat of ours (-1: off, 0: the default)")
	indirect := flag.Int("indirect-defences", 0, "answer an opponent's VCF inside the search with every cell that breaks its line, not only its cells and our fours: 1 on, -1 off (0: the default)")
	widenLost := flag.Int("widen-lost", 0, "at a node whose listed moves all lost, search the candidates left out of the list too: 1 on, -1 off (0: the default)")
	quiesceTT := flag.Int("quiesce-tt", 0, "the quiescence's first position reads and writes the transposition table: 1 on, -1 off (0: the default)")
	quiesceComb := flag.Int("quiesce-comb", 0, "from this four of a line on, the quiescence plays only fours that also make an open two or a blocked three in another line (-1: every four, 0: the default)")
	quiescePlies := flag.Int("quiesce-plies", 0, "plies from the leaves within which the quiescence plays fours, at most 16 (0: the default)")
	ttEval := flag.Int("tteval", 0, "forward pruning reads a table entry's score instead of the evaluation when its bound allows: 1 on, -1 off (0: the default)")
	ttmExt := flag.Int("ttmext", 0, "extend the table's move at PV nodes by this many hundredths of a ply, summed along the line (-1: off, 0: the default)")
	ttmExtNonPV := flag.Int("ttmext-nonpv", 0, "extend the table's move at other nodes by this many hundredths of a ply (-1: off, 0: the default)")
	verifyPct := flag.Int("verify", 0, "keep this percent of the turn from the main search to search the position after its move; a move the opponent then wins against is replaced (-1: off, 0: the default)")
	alphaReduce := flag.Int("alphareduce", 0, "after a move raises alpha, search the node's later moves a ply shallower at depths below this (-1: off, 0: the default)")
	logFile := flag.String("log", "", "append a line per move (answer time, budget) to this file")
	flag.Parse()
	opt := gomoku.Options{
		Name: "pentad", Version: version, Threads: *threads, TTMiB: *hash,
		Rule2IsRenju: *rule2, Candidates: *cands, RootCandidates: *rootCands, WidePlies: *widePlies, Taper: *taper,
	}
	pr := gomoku.DefaultPruning
	if *futility >= 0 {
		pr.Futility = *futility
	}
	if *futilityDepth >= 0 {
		pr.FutilityDepth = *futilityDepth
	}
	if *razor >= 0 {
		pr.Razor = *razor
	}
	if *moveCount != 0 {
		pr.MoveCount = *moveCount > 0
	}
	if *nullMove >= 0 {
		pr.NullMove = *nullMove
	}
	opt.Prune = &pr
	opt.LMRScale = *lmr
	opt.LMRFrom = *lmrFrom
	opt.IIR = *iir
	opt.HintHistory = *hintHist
	opt.ContHistory = *contHist
	opt.FailHighMargin = *failHigh
	opt.Singular, opt.SingularMargin = *singular, *singularMargin
	opt.HintKeep = *hintKeep
	opt.LMRExtend = *lmrExtend
	opt.AlphaReduce = *alphaReduce
	opt.TTEval = *ttEval
	opt.TTMoveExt, opt.TTMoveExtNonPV = *ttmExt, *ttmExtNonPV
	opt.Correction, opt.CorrectLeaves = *correction, *correctLeaves
	opt.ThreatLMR = threatLMR
	opt.AdjustLMR = *adjustLMR
	opt.ContAttack = *contAttack
	opt.QuiescePlies = *quiescePlies
	opt.QuiesceComb = *quiesceComb
	opt.IndirectDefences, opt.QuiesceTT = *indirect, *quiesceTT
	opt.WidenLost = *widenLost
	opt.VerifyPct = *verifyPct
	opt.SoftPct = *softPct
	opt.ClockSpace = *clockSpace
	if *weights != "" {
		w, err := gomoku.ParseWeights(*weights)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		opt.Weights = &w
	}
	if *combo == "own" {
		opt.OwnValues = true
	} else if *combo != "" {
		t, err := gomoku.ReadComboFile(*combo)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		opt.Combo = t
	}
	if *renjuCombo != "" {
		r, err := gomoku.ReadRenjuComboFile(*renjuCombo)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		opt.RenjuCombo = r
	}
	if *threat != "" {
		t, err := gomoku.ReadThreatFile(*threat, opt.Weights)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		opt.Threat = t
	}
	if *policy == "values" {
		opt.ValueOrder = true
	} else if *policy != "" {
		pl, err := gomoku.ReadPolicyFile(*policy)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		opt.Policy = pl
	}
	if args := flag.Args(); len(args) > 0 {
		os.Exit(gomoku.Command(os.Stdout, os.Stderr, args, opt))
	}
	bk, err := book.Load()
	if err != nil {
		fmt.Fprintln(os.Stderr, "book:", err)
	}
	opt.Book = bk
	if *logFile != "" {
		f, err := os.OpenFile(*logFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			fmt.Fprintln(os.Stderr, "log:", err)
		} else {
			defer f.Close()
			opt.Log = f
		}
	}
	if err := gomoku.Run(os.Stdin, os.Stdout, opt); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
