package gomoku

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// Brain chooses moves: threat checks and VCF at the root, then the shared
// search with the pattern evaluation.
type Brain struct {
	E *engine.Engine
	// vct searches threat sequences with its own small table.
	vct *engine.Engine
	// NoVCT turns the root threat-space search off.
	NoVCT bool
	// NoVCTDefence turns off the root search of the opponent's threat
	// sequences (and the restriction of the root moves to their
	// refutations).
	NoVCTDefence bool
	// NoLookAhead turns off the search after a forced block (lookAhead).
	NoLookAhead bool
	// VerifyPct, when positive, is the share of the turn (in percent)
	// kept from the main search to verify its move (verifyMove).
	VerifyPct int
	// SafetyNet checks that the chosen move allows no VCF (off by default:
	// 19-29 in two A/B matches against the same brain without it).
	SafetyNet bool
	// MaxDepth and MaxNodes bound the search (0: only the clock).
	MaxDepth int
	MaxNodes uint64
	// NoVCF turns the root threat-space checks off (a weaker setting).
	NoVCF bool
	// LeafVCF is the node budget of the VCF run at the leaves of the search
	// (0: off).
	LeafVCF int
	// SearchVCF is the node budget of the threat checks at every node of
	// the search (own VCF: a win; opponent's VCF: only its refutations are
	// searched); 0: off.
	SearchVCF int
	// VCFPlies limits those checks to the first plies of the search (0:
	// every node).
	VCFPlies int
	// Candidates is the quiet-move width of the search (0: the default).
	Candidates int
	// RootCandidates is the quiet-move width at the search root (0: the
	// default, DefaultRootCandidates).
	RootCandidates int
	// WidePlies is Search.WidePlies.
	WidePlies int
	// Quiesce turns on the quiescence search over fours.
	Quiesce bool
	// Taper narrows the candidate moves deeper in the tree.
	Taper bool
	// ContAttack is Search.ContAttack (0: off); E.Options.AdjustLMR must
	// be on for it to count.
	ContAttack int
	// QuiescePlies is Search.QuiescePlies (0: DefaultQuiescePlies).
	QuiescePlies int
	// QuiesceComb is Search.QuiesceComb (0: DefaultQuiesceComb).
	QuiesceComb int
	// IndirectDefences is Search.IndirectDefences.
	IndirectDefences bool
	// WidenLost is Search.WidenLost.
	WidenLost bool
	// OnInfo receives progress lines (already formatted, without MESSAGE).
	OnInfo func(string)
	// Eval is the evaluation (nil: the default weights).
	Eval *ev.Eval

	stopped atomic.Bool
	// best is the move Think would answer now (0 until Think has copied its
	// position): a fallback the session can play when the search thread
	// is late
	best    atomic.Uint32
	clk     Clock // the hard limit of the move being searched
	won     bool  // the last Think proved a win (Won)
	vctLine []engine.Move
	work    Search // scratch copy of the position searched
}

// NewBrain makes a brain with a table of ttMiB and threads search workers.
func NewBrain(ttMiB, threads int) *Brain {
	b := &Brain{NoVCTDefence: DefaultNoVCTDefence, E: engine.New(ttMiB, brainOptions(threads)), LeafVCF: DefaultLeafVCF, SearchVCF: DefaultSearchVCF, VCFPlies: DefaultVCFPlies, Quiesce: DefaultQuiesce, Taper: DefaultTaper, ContAttack: DefaultContAttack, IndirectDefences: DefaultIndirectDefences, WidenLost: DefaultWidenLost, VerifyPct: DefaultVerifyPct,
		vct: engine.New(vctTableMiB, engine.Options{Threads: 1})}
	return b
}

// brainOptions are the search options of a new brain.
func brainOptions(threads int) engine.Options {
	o := benchOptions()
	o.Threads = threads
	return o
}

// Prefault writes every page of the brain's tables once. The tables are
// mapped lazily (with transparent huge pages where the system has them), so
// the first touch of each page during a timed search can stall on page
// faults and compaction; doing it before the first move keeps those stalls
// out of the move's time.
func (b *Brain) Prefault() {
	b.E.TT.Clear()
	b.vct.TT.Clear()
}

// Ready clears an earlier Stop before a new Think or Analyse.
func (b *Brain) Ready() { b.stopped.Store(false) }

// Stop asks a running Think to answer as soon as possible.
func (b *Brain) Stop() {
	b.stopped.Store(true)
	b.E.Stop()
}

// DefaultQuiesce is the quiescence setting of a new brain: the threat
// check at the leaves of the search (continuous fours from every depth-0
// node, the four-three against no four as a win, the stand pat of the
// depth-0 node kept along fours and blocks; see GenNoisy). Measured
// against the same brain without it, 12 reference openings
// (gomoku-openings-15-freestyle.txt):
//   - equal nodes (pbrain-pentad match -nodes N -weak-depth 0 -weak-vcf
//     -weak-vct -weak-searchvcf 100 -full-quiesce): 20000 nodes -seed 7
//     -repeat 2 +25 -22 =1; 20000 nodes -seed 11 -repeat 4 +50 -45 =1;
//     50000 nodes -seed 7 -repeat 2 +27 -20 =1 (together +102 -87 =3);
//   - 1 s a move (arena -game gomoku -tc 0/1 -concurrency 1 -games 24,
//     -threads 1 each): +15 -8 =1, mean 255 ms vs 253 ms a move; a second
//     run +13 -11 =0, 251 ms vs 235 ms; a third +12 -11 =1, 261 ms vs
//     265 ms (together +40 -30 =2, 56.9% of 72);
//   - 300 ms a move (arena -tc 0/0.3, same otherwise): +14 -10 =0;
//   - renju, equal nodes (the match command above with -rule renju,
//     -nodes 20000 -seed 7 -repeat 2): +29 -19 =0.
//
// The earlier quiescence (fours of both sides scored by the pattern
// evaluation after each four and block, no ply cap) lost: +21 -27 at
// 20000 nodes -seed 7 -repeat 2, +6 -17 =1 at 1 s a move; the present one
// without the in-line rule: +22 -25 =1 and +13 -10 =1.
const DefaultQuiesce = true

// DefaultPruning is the forward pruning of a new brain's search, at the
// nodes where the opponent threatens no open four or five: the static
// evaluation returned when it beats beta by 120 a ply (depths 1-4); the
// quiescence search when it is below alpha by 60 a ply (depths 1-2); and
// after the first 3 + depth^1.32 moves (half that when the evaluation has
// not improved over two plies) only threats and answers to threats.
// Measured against the same brain without any of it (arena -game gomoku
// -tc 0/0.5 -games 80 -concurrency 2 -openings
// gomoku-openings-15-freestyle.txt, -threads 1 each): +70 +/- 77 Elo
// (+47 -31 =2, LOS 97%).
//
// Null-move pruning from 3 plies up (a pass searched 3 + depth/4 plies
// shallower) against none, both with DefaultIIR (same match settings, -games
// 160, seeds 54 and 55 merged): +31 +/- 30 Elo over 320 games (+167 -139
// =14, LOS 97.8%); before IIR, seeds 51 and 52: +19 +/- 41 over 199.
// Against Rapfi at 1 s (DefaultIndirectDefences' command, seed 6201, where
// this brain scored 48-68-4 over two runs, session 64): null move only from
// depth 10 as Rapfi (-nullmove 10) 20-38-2, and the move-count pruning of
// the threats and answers too (an experiment binary) 22-37-1; not kept.
var DefaultPruning = engine.Pruning{Futility: 120, FutilityDepth: 4, Razor: 60, MoveCount: true, NullMove: 3}

// DefaultIIR is the internal iterative reduction of a new brain's search
// (engine.Options.IIR): a node without a table move, 4 or more plies from
// the leaves, is searched a ply shallower. Against none (arena -game gomoku
// -tc 0/0.5 -games 160 -concurrency 2 -seed 53 -openings
// book/gomoku/data/openings-15-freestyle.txt, -threads 1 each): +64 +/- 50
// Elo (+91 -62 =7, LOS 99.6%).
const DefaultIIR = 4

// DefaultSingleReply is the single-reply extension of a new brain's search
// (engine.Options.SingleReply): a node with one move, which in Gomoku is
// nearly always the block of a five, searches it at its own depth, so a
// four and its block cost one ply instead of two and lines of fours and
// threes are seen deeper. Against none (arena -game gomoku -tc 0/0.2
// -games 200 -concurrency 2 -openings book/gomoku/data/openings-15-freestyle.txt,
// -threads 1 each, seeds 1601 and 1602 merged): +37.5 +/- 27.9 Elo over 400
// games (LOS 99.6%, ptnml [21 7 122 8 42]), 72 ms against 69 ms a move.
// Rapfi's 1.3 plies for the answer to a four (0.3 ply of credit a single
// reply along the line, a ply more whenever it reaches one; an experiment
// binary) scored 21-39-0 against Rapfi at 1 s on seed 6201, where this
// brain scored 48-68-4 over two runs (session 64): not kept.
const DefaultSingleReply = true

// DefaultAspWindow is the aspiration window of a new brain's search
// (engine.Options.AspWindow), in evaluation units. Against none (with
// the four-three defences, arena -game gomoku -tc 0/0.2 -games 200
// -concurrency 2 -openings book/gomoku/data/openings-15-freestyle.txt,
// -threads 1 each, seed 1607): +50.7 +/- 42.5 Elo
// (LOS 99.2%, ptnml [10 6 54 5 25]).
//
// Together with DefaultLMRScale 100, DefaultVCFPlies 3 and the four-three
// defences of GenMoves, against the brain before them (seed 1610, 400
// games): +42.8 +/- 27.9 Elo (LOS 99.9%, ptnml [19 10 116 13 42]).
//
// A window of 150 (session 65, an experiment binary) reaches depth 23 in
// half the nodes after the balanced opening f8 i9 j11 h5 j8 (where the
// root's score swings by hundreds from one iteration to the next, so 60
// fails often), but against Rapfi at 1 s (DefaultCandidates' command, seed
// 6201) it scored 19-39-2 (33.3%) where 60 scored 19-38-3 (34.2%) on the
// same machine: 60 stays.
const DefaultAspWindow = 60

// DefaultLMRScale sizes the late move reductions of a new brain's search
// (engine.Options.LMRScale): ln(depth)*ln(move number) plies. Against the
// fixed reductions of 1 or 2 plies (with the single-reply extension and
// the four-three defences, arena -game gomoku -tc 0/0.2 -games 200
// -concurrency 2 -openings book/gomoku/data/openings-15-freestyle.txt,
// -threads 1 each, seed 1606): +27.9 +/- 35.9 Elo
// (LOS 93.9%, ptnml [8 7 62 7 16]); before the single-reply extension,
// scale 60 had scored -13.9 +/- 33.5. A ply more for the late quiet moves
// of non-PV nodes whose evaluation has not improved over two plies (as
// Rapfi does; an experiment binary, session 63) scored 22-36-2 (38.3%)
// against Rapfi at 1 s (DefaultIndirectDefences' command, seed 6201),
// where the brain without it scored 23-36-1 (39.2%): not kept. On that
// seed (48-68-4 over two runs of the default, session 64) -lmr 80 scored
// 20-39-1 and -lmr 120 21-38-1, and a ply less of reduction at non-PV
// nodes that were on the PV (Rapfi's ttPv, an experiment binary) 21-38-1.
const DefaultLMRScale = 100

// DefaultLMRFrom lets late move reductions reduce a node's moves from the
// second (index 1) on, as Rapfi does, where the engine starts at the fourth
// (engine.Options.LMRFrom). Against the fourth, the brain otherwise the
// same (arena -game gomoku -tc 0/0.2 -games 400 -concurrency 2 -openings
// book/gomoku/data/openings-15-freestyle.txt, -threads 1 each): +20.0 +/-
// 28.3 (seed 6102) and +12.2 +/- 28.4 (seed 6103), +16.1 +/- 20.0 over the
// 800 games (LOS 94%, ptnml [57 14 235 23 71]); with DefaultQuiesceComb
// and 16 quiescence plies, +41.0 +/- 27.9 (seed 6105, LOS 99.8%, ptnml
// [19 13 110 18 40]). From the third move (-lmrfrom 2) against the second
// (seed 6108): +0.0 +/- 27.9.
const DefaultLMRFrom = 1

// DefaultHintHistory lets killers and history order the candidate moves of
// a new brain's search among their pattern values (engine.Options.HintHistory):
// a first killer is worth 100 of pattern value, a second 50, the history up
// to 100 by design but about 1 in practice (see below). Against none
// (arena -game gomoku -tc 0/0.2 -games 200
// -concurrency 2 -openings book/gomoku/data/openings-15-freestyle.txt,
// -threads 1 each): seeds 2903 and 2904, -hinthist 100 against the brain
// of c05e8d1, +29.6 +/- 38.7 and +13.9 +/- 39.4 (ptnml [10 5 63 2 20] and
// [15 1 61 7 16]); seed 2911, the default against -hinthist -1, +0.0 +/-
// 38.7 ([15 3 65 1 16]). All 600 games: +14.5 +/- 22.3 Elo (ptnml
// [40 9 189 10 52], LOS 90%).
// The history's share is scaled by the entries' bound (2^21), which gomoku's
// entries never approach: after 600000 nodes on each of three bench positions
// their median is about 0, the 90th percentile 700-2200 and the largest
// 7700-24200 (session 67), so its share is at most about 1 and the killers
// alone reorder. Scaled so that an entry of 2048 is worth the full 100 (within
// -100..+100; an experiment binary), it scored -5.2 +/- 26.3 Elo against the
// default (arena -game gomoku -tc 0/0.2 -games 400 -concurrency 2 -openings
// book/gomoku/data/openings-15-freestyle.txt -seed 6702, -threads 1 each);
// late quiet moves reduced a ply less for every 2048 of their entry (a ply
// more for every -2048, at most two either way) -1.7 +/- 27.4 (seed 6703).
const DefaultHintHistory = 100

// DefaultContHistory is off: the continuation history (the answers that
// cut off after each move of the opponent's, engine.Options.ContHistory;
// -conthist N) does not order a new brain's moves. At its present scale,
// -conthist 100 against the same binary without it (arena -game gomoku -tc
// 0/0.2 -games 400 -concurrency 2 -openings
// book/gomoku/data/openings-15-freestyle.txt -seed 6008, -threads 1 each):
// +8.7 +/- 27.1 Elo (LOS 73.6%). Session 60's first matches of -conthist 100 (+13.0 +/- 26.9
// Elo in self-play at 0.2 s, seed 6003; 75-119-6 against Rapfi at 0.3 s,
// seed 5801, where the default scored 80-118-2) ran with the entries
// scaled like the history's (by 2^21, against entries of 100-1000), which
// changed the search by a few nodes in 100000: they measured noise.
const DefaultContHistory = 0

// DefaultThreatLMR reduces a new brain's late forcing moves (own threes and
// fours, blocks of the opponent's fours-to-be) by their late move
// reduction less one ply (engine.Options.ReduceThreats, ThreatLMR plies
// less: 1), where they were searched to the full depth: the search goes
// deeper where threats abound. Matches at 0.2 s (arena -game gomoku -tc
// 0/0.2 -games 400 -concurrency 2 -openings
// book/gomoku/data/openings-15-freestyle.txt, -threads 1 each): 1 against
// no reduction (-1), seed 4301, +48.1 +/- 27.4 Elo (ptnml [18 7 118 16
// 41], LOS 100%); 2 against 1, seeds 4401 and 4607, -12.2 +/- 27.6 and
// -49.8 +/- 27.9; 0 against 1, seeds 4608, 4609 and 4610, +17.4, +9.6 and
// +13.9, the 1200 games +13.6 +/- 15.8 (ptnml [77 30 364 27 102], LOS
// 95.5%), so 0 was the default from session 47 to 54. Against Rapfi
// (classical) at 1 s on the Rapfi-balanced openings (arena -game gomoku
// -engine name=x cmd="pbrain-pentad -threads 1 -threatlmr N" -engine
// name=base cmd=pbrain-rapfi -tc 0/1 -games 60 -concurrency 2 -openings
// book/gomoku/data/openings-15-balanced.txt -tolerance 3000 -seed S, seeds
// 5501 and 5503): 0 scored -227.6 +/- 80.2 Elo (120 games, 24-93-3), 1
// -130.3 +/- 66.0 (120 games, 37-80-3), -1 -154.1 +/- 111.3 (60 games,
// seed 5501): against a stronger searcher the attacker's forcing lines
// must be seen deeper than self-play shows, and 1 is the default again.
const DefaultThreatLMR = 1

// DefaultContAttack is off: reducing late threats a ply less when our
// previous move was a threat too (Search.ContAttack, -contattack 1) showed
// no clear gain. Against Rapfi (classical) at 1 s on the balanced openings
// (arena -game gomoku -engine name=x cmd="pbrain-pentad -threads 1
// -contattack 1" -engine name=base cmd=pbrain-rapfi -tc 0/1 -games 60
// -concurrency 2 -openings book/gomoku/data/openings-15-balanced.txt
// -tolerance 3000 -seed S, seeds 5501, 5503, 5505, 5507): 81-153-6 (35.0%,
// -107.5 +/- 43.0 Elo) where the default scored 92-205-3 (31.2%) over 300
// games of the same seeds (seeds 5501, 5505, 5507 alone: 61.5 of 180
// against 55); two plies less (-contattack 2, seed 5501) 8-25-1 after 34
// games. Against the brain without it at 0.2 s (arena -tc 0/0.2 -games
// 400 -concurrency 2 -openings book/gomoku/data/openings-15-freestyle.txt
// -seed 5701): -4.3 +/- 27.2.
const DefaultContAttack = 0

// DefaultAdjustLMR is off: reducing more the late fours that leave an
// opponent's open three unanswered (engine.Options.AdjustLMR,
// Search.AdjustReduction; -adjlmr 1) did not show a clear gain. Against
// the brain without it (arena -game gomoku -tc 0/0.2 -games 400
// -concurrency 2 -openings book/gomoku/data/openings-15-freestyle.txt,
// -threads 1 each): seed 4402 +14.8 +/- 26.0 Elo, seed 4404 +9.6 +/- 27.5,
// seed 4408 +2.6 +/- 29.0; the 1200 games +9.0 +/- 15.9 (ptnml
// [81 38 343 45 93], LOS 86.7%).
const DefaultAdjustLMR = false

// DefaultCorrection and DefaultCorrectLeaves correct the static evaluation
// by correction histories (engine.Options.Correction, keyed by
// Search.CorrectionKeys: the threat classes on the board and the last two
// moves), the quiescence's stand pat too. Against the brain without them
// (arena -game gomoku -tc 0/0.2 -games 400 -concurrency 2 -openings
// book/gomoku/data/openings-15-freestyle.txt, -threads 1 each): seed 5402
// +34.0 +/- 29.6 Elo, seed 5403 +9.6 +/- 28.1, the 800 games +21.7 +/-
// 20.4 (ptnml [52 26 219 26 77], LOS 98.3%); the pruning's evaluation
// alone (-correct-leaves -1), seed 5401: +20.9 +/- 27.7.
const (
	DefaultCorrection    = 100
	DefaultCorrectLeaves = true
)

// DefaultNoVCTDefence turns off, in a new brain, the root search of the
// opponent's win by threats (and the restriction of the root moves to its
// refutations): the main search, with its threat checks, defends without
// it. Against the same brain with it (arena -game gomoku -tc 0/0.2
// -concurrency 2 -openings book/gomoku/data/openings-15-freestyle.txt,
// -threads 1 each): +17.4 +/- 25.2 Elo over 400 games (seed 1704, ptnml
// [20 12 123 18 27]); the same change against the brain of 7564b2f, seeds
// 1622 and 1625: +18.3 +/- 26.5 over 400 games, and seed 1608: +13.9 +/-
// 33.9 over 200.
const DefaultNoVCTDefence = true

// DefaultQuiescePlies caps the quiescence over fours (Search.QuiescePlies;
// the engine's quiescence stops at 16 plies whatever the cap). 16 against
// Rapfi (classical, one thread) on the balanced openings (arena -game
// gomoku -engine name=x cmd="pbrain-pentad -threads 1 -quiesce-plies 16"
// -engine name=base cmd=pbrain-rapfi -concurrency 2 -openings
// book/gomoku/data/openings-15-balanced.txt -tolerance 3000): at 0.3 s a
// move (-tc 0/0.3 -games 200 -seed 5801) 89-105-6 (46.0%) where 8 scored
// 74-123-3 (37.8%); at 1 s (-tc 0/1 -games 60, seeds 5501 and 5503)
// 34-81-5 (30.4%, -143.8 +/- 66.9 Elo), as 8 did (31.2% over 300 games):
// 8 stayed, until DefaultQuiesceComb narrowed the lines beyond their second
// four (see there).
const DefaultQuiescePlies = 16

// DefaultQuiesceComb narrows the quiescence's lines of fours from their
// third four on to the fours that build more (Search.QuiesceComb), so that
// they can run to DefaultQuiescePlies 16. Both against the brain with
// neither (8 plies, every four; same command as DefaultLMRFrom's, seed
// 6104): +15.6 +/- 24.4 (LOS 89.7%, ptnml [19 11 128 17 25]); both with
// DefaultLMRFrom against neither (seed 6105): +41.0 +/- 27.9. From the
// second four on (-quiesce-comb 2) against 3, seed 6107: +0.0 +/- 27.4.
const DefaultQuiesceComb = 3

// DefaultIndirectDefences widens a brain's answers to an opponent's VCF
// inside the search (Search.IndirectDefences): besides the line's cells and
// our fours, every cell that breaks the line (exact against the VCF
// solver's check, TestIndirectDefences). Without them the answers miss the
// moves that make one of our forced blocks a four, a node whose direct
// answers all lose is scored lost, and the search proves false wins: in a
// game against Rapfi (arena seed 6201, pair 3), after 4,9 4,8 8,7 6,9 7,7
// 5,8 6,8 7,10 8,11 5,7 the brain without them scored 8,8 a VCF win
// (ev.VCFWin) at depth 20 of a 1 s turn; white's 5,9, no cell of black's
// VCF line, refutes it and wins, and with them the brain plays 5,9 itself,
// as Rapfi does (TestIndirectDefencesNoFalseWin). Against Rapfi (classical,
// one thread) at 1 s on the balanced openings (arena -game gomoku -engine
// name=x cmd="pbrain-pentad -threads 1" -engine name=base cmd=pbrain-rapfi
// -tc 0/1 -games 60 -concurrency 2 -openings
// book/gomoku/data/openings-15-balanced.txt -tolerance 3000 -seed S), seeds
// 6201, 6202 and 6203: 23-36-1 (39.2%), 25-35-0 (41.7%) and 25-34-1
// (42.5%), the 180 games -62.4 +/- 45.2 Elo (41.1%, ptnml [25 1 54 1 9]);
// without them (-indirect-defences -1) 18-40-2 (31.7%), 21-38-1 (35.8%) and
// 15-44-1 (25.8%) on the same openings, the 180 games -138.1 +/- 51.5 Elo
// (31.1%, ptnml [37 4 44 0 5]). At 0.3 s (-tc 0/0.3 -games 200 -seed 5801)
// 90-106-4 (46.0%) where the brain without them scored 89-106-5 (45.8%); in
// self-play at 0.2 s (arena -game gomoku -tc 0/0.2 -games 400 -concurrency
// 2 -openings book/gomoku/data/openings-15-freestyle.txt -seed 5902,
// -threads 1 each) +4.3 +/- 27.2 Elo: the false wins come with the depth of
// a longer turn, and in self-play both sides miss the same answers.
const DefaultIndirectDefences = true

// DefaultWidenLost is off: searching the candidates left out too, at a node
// whose best DefaultCandidates moves all lost (Search.WidenLost, as Rapfi
// prunes moves only while one does not lose), did not win. Without it a
// defence left out of the list can prove a false win: in a game against
// Rapfi at 5 s (session 66's match, seed 6605; white to move after 10,10
// 10,9 8,5 11,11 8,7 10,11 11,10 11,9 9,9 12,11 13,11 8,11 9,11 9,10 11,8)
// the brain answered 6,13 after 213 ms of its 5 s; replayed alone, it scores
// 6,13 a win at depth 16 after 400 ms, its line 6,13 7,12 12,10 8,8 missing
// black's 12,9 three plies down (tied 18th by value, left out of the 18);
// Rapfi (1 s) scores the position after 6,13 -248 for white, answered 12,10
// with 12,9 and won. With the widening the brain plays 8,9, Rapfi's own move
// at 5 s (TestWidenLostNoFalseWin). But proofs now need every candidate of
// the loser's nodes: the brain proves 30 of tactics-long.txt's 47 at 1000000
// nodes where the default proves 34 (the four it no longer proves are real
// wins), and 6 of tactics-rapfi.txt's 69 at TestTactics' nodes, where the
// default reaches the test's floor of 7. In self-play at 0.2 s (arena -game
// gomoku -tc 0/0.2 -games 400 -concurrency 2 -openings
// book/gomoku/data/openings-15-freestyle.txt, -threads 1 each, seed 6801)
// -1.7 +/- 26.8 Elo (ptnml [29 10 122 12 27]); against Rapfi at 1 s
// (DefaultIndirectDefences' command, seeds 6801, 6802 and 6803) 24-35-1,
// 19-40-1 and 16-42-2, 59-117-4 (33.9%, ptnml [34 2 47 2 5]), where the
// default scored 19-39-2, 20-40-0 and 25-34-1 on the same openings, 64-113-3
// (36.4%, ptnml [32 2 47 1 8]).
const DefaultWidenLost = false

// DefaultAlphaReduce is off: searching the moves that follow one which raised
// alpha a ply shallower at depths 3 to 11 (-alphareduce 12,
// engine.Options.AlphaReduce; Rapfi's and Stockfish's alpha-improvement
// reduction) showed no gain against Rapfi. In self-play at 0.2 s (arena -game
// gomoku -tc 0/0.2 -games 400 -concurrency 2 -openings
// book/gomoku/data/openings-15-freestyle.txt, -threads 1 each, seed 6901) +13.9
// +/- 27.7 Elo (ptnml [28 7 118 15 32]); tactics-long.txt at 1000000 nodes 33
// of 47 (the default 34). Against Rapfi at 1 s (DefaultIndirectDefences'
// command; seeds 6801-6803, 6201 and 6401 with an experiment binary of the same
// code) 25-35-0, 19-39-2 and 24-35-1 on seeds 6801, 6802 and 6803 (68-109-3,
// 38.6%, where the default scored 64-113-3, 36.4%), 19-38-3 on seed 6201,
// 21-38-1 on seed 6401 and 20-39-1 on seed 6901 (the default 19-40-1):
// 128-224-8 over the 360 games (36.7%, ptnml [59 5 101 3 12]), where the
// default has 169-300-11 (36.4%) over its 480 games of those seeds.
const DefaultAlphaReduce = 0

// DefaultTTMoveExt and DefaultTTMoveExtNonPV are the table move's extension
// at PV and other nodes, in hundredths of a ply (engine.Options.TTMoveExt):
// off. Rapfi's values, -ttmext 25 -ttmext-nonpv 8, proved 32 of
// tactics-long.txt's 47 at 1000000 nodes (the default 34; -ttmext 25 alone
// 33, -ttmext 50 29) and against Rapfi at 1 s (DefaultIndirectDefences'
// command, an experiment binary of the same code) scored 21-37-2, 22-38-0,
// 24-32-4 and 23-36-1 on seeds 6801, 6802, 6803 and 6901, 90-143-7 over 240
// games (39.0%) where the default scored 83-153-4 (35.4%) on the same
// openings, then 20-40-0 on seed 6201 (the default 23-36-1 and 19-38-3 in
// two runs): 110-183-7 over 300 games (37.8%, -86.3 +/- 36.3 Elo, ptnml
// [48 4 84 1 13]) where the default has 125-227-8 (35.8%) over its 360
// games of those seeds, 2 points, inside the noise. Those seeds all played
// the file's first 30 openings (the arena's order); on the other 79 (-start
// 31 -games 158 -seed 7201) 55-99-4 (36.1%) where the default scored
// 55-97-6 (36.7%): 165-282-11 over 458 games (37.2%) against the default's
// 180-324-14 over 518 (36.1%) on the same openings: off.
const (
	DefaultTTMoveExt      = 0
	DefaultTTMoveExtNonPV = 0
)

// DefaultTTEval is off: the forward pruning reading a table entry's score
// where its bound allows (-tteval 1, engine.Options.TTEval; Stockfish's
// and Rapfi's use of the table value as a better evaluation) showed no
// gain against Rapfi at 1 s (DefaultIndirectDefences' command, session 70):
// 24-35-1, 23-36-1, 21-39-0, 25-34-1, 19-39-2 and 19-40-1 on seeds 6801,
// 6802, 6803, 6901, 6201 and 6401, 131-223-6 over the 360 games (37.2%,
// -90.8 +/- 35.3 Elo, ptnml [64 3 92 3 18]), where the default has
// 169-300-11 (36.4%) over its 480 games of those seeds.
const DefaultTTEval = false

// DefaultQuiesceTT is off: the quiescence's first position reading and
// writing the transposition table (engine.Options.QuiesceTT) searches 10%
// fewer bench nodes (175331 against 193776) but showed no gain: against
// the brain without it (the self-play match above, seed 5903) +6.1 +/-
// 26.3 Elo; against Rapfi at 0.3 s (the match above, session 59)
// 83-114-3 (42.2%) where the default of then scored 83-112-5 (42.8%);
// with the indirect answers (-indirect-defences 1 -quiesce-tt 1) 82-117-1
// (41.2%) at 0.3 s, and 33-85-2 (28.3%) at 1 s (seeds 5501 and 5503)
// where the default of then scored 37-80-3 (32.1%).
const DefaultQuiesceTT = false

// DefaultTaper is the candidate tapering of a new brain.
const DefaultTaper = false

// DefaultLeafVCF is the leaf VCF budget of a new brain. The check (at
// depth-0 nodes where the side to move has a four to play, failures cached)
// costs about a quarter of the node speed whatever the budget (bench: 16
// or 32 nodes 250-270 knps against 340-355 knps without); with 32 nodes it
// won 27-20 (1 draw) at 20000 nodes a move but lost 9-15 and, with 16 nodes
// and only T43 or two fours, 19-29 at 300 ms a move: off. With the leaf
// quiescence on (both sides), 32 nodes against none: +25 -23 at 20000
// nodes (pbrain-pentad match -nodes 20000 -seed 7 -repeat 2 -weak-depth 0
// -weak-vcf -weak-vct -weak-searchvcf 100 -weak-quiesce -full-leafvcf 32;
// the leaf check's VCF nodes are not counted), +7 -17 at 1 s a move
// (arena -tc 0/1 -concurrency 1 -games 24, -threads 1 each; 288 ms vs
// 256 ms a move): still off.
const DefaultLeafVCF = 0

// DefaultSearchVCF is the in-search threat budget of a new brain.
const DefaultSearchVCF = 100

// DefaultVCFPlies is how deep from the root a new brain runs the
// in-search threat checks. Every node below costs many VCF nodes: with the
// checks in the first 4 plies the brain lost 9-15 at 300 ms a move to the
// same brain without them (13-11 at equal nodes). With the single-reply
// extension and the four-three defences, 3 plies against 2 (arena -game gomoku -tc 0/0.2 -games 200
// -concurrency 2 -openings book/gomoku/data/openings-15-freestyle.txt,
// -threads 1 each, seed 1605): +19.1 +/- 37.4 Elo (ptnml
// [10 7 62 4 17]). With the indirect answers (DefaultIndirectDefences),
// the checks in the first 5 plies (an experiment binary, session 63) list
// the quiet answers to a VCF deeper: in a game of seed 6202 against Rapfi
// (pair 23), the answer that breaks the opponent's VCF six plies below the
// root, a move ranked 38th by value, wins, and the brain proves the win in
// 1.4 s with 5 plies and not in 4 s with 3. In the match against Rapfi at
// 1 s (DefaultIndirectDefences' command, seed 6201) they scored 18-39-3
// (32.5%) where 3 plies scored 23-36-1 (39.2%): the cost of the checks
// outweighs them, 3 stays. The checks also at every node with 7 plies or
// more of depth left, where a check costs little beside the node's
// subtree (session 65, an experiment binary), scored 21-38-1 (35.8%) on
// seed 6201 where the default scored 19-38-3 (34.2%) on the same machine:
// no gain beyond the noise, not kept.
const DefaultVCFPlies = 3

// Budget is the time for one move: Soft (start no new iteration after
// about this) and Hard (answer by then).
type Budget struct {
	Soft, Hard time.Duration
}

// TurnBudget is the budget of a move that may take up to hard.
func TurnBudget(hard time.Duration) Budget {
	return Budget{Soft: softOf(hard, 0), Hard: hard}
}

// softOf is the soft limit that goes with a hard one: the search starts no
// new iteration after it (scaled by the stability of the best move), and an
// iteration cut short at the hard limit still gives the moves it proved
// better. pct is the soft limit in percent of the hard one (0:
// DefaultSoftPct).
func softOf(hard time.Duration, pct int) time.Duration {
	if pct <= 0 {
		pct = DefaultSoftPct
	}
	return hard * time.Duration(pct) / 100
}

// DefaultSoftPct is the soft limit of a move in percent of its hard limit:
// with a move time and no match clock the turn is used, iterations start
// until the hard limit (unless the best move has been stable, see
// engine.Search). Against 60% (the same brain otherwise, arena -game
// gomoku -tc 0/0.5 -games 80 -concurrency 2): +26 +/- 59 Elo (+42 -36 =2),
// mean 194 ms against 166 ms a move.
const DefaultSoftPct = 100

// vcfNodesPerMs is the VCF work allowed per millisecond of budget.
const vcfNodesPerMs = 100

// Think returns the move to play in pos (left unchanged), or NoMove if the
// board has no legal move.
func (b *Brain) Think(pos *Search, bud Budget) engine.Move {
	start := time.Now()
	b.won = false
	p := &b.work
	p.CopyFrom(pos)
	p.SetEval(b.Eval)
	b.clk = Clock{Stop: &b.stopped}
	if bud.Hard > 0 {
		b.clk.Deadline = start.Add(bud.Hard)
	}
	p.SetClock(&b.clk)
	defer p.SetClock(nil)
	p.LeafVCF = 0
	p.SearchVCF = 0
	p.Quiesce = false
	p.Candidates = b.Candidates
	p.IndirectDefences = b.IndirectDefences // the threat-space search's too
	var buf [game.MaxSize * game.MaxSize]engine.Move
	legal := p.LegalMoves(buf[:0])
	if len(legal) == 0 {
		return engine.NoMove
	}
	b.best.Store(uint32(b.quickMove(p, legal)))
	if len(legal) == 1 || p.Stones() == 0 {
		if p.Stones() == 0 {
			return p.MoveAt(p.Width()/2, p.Height()/2)
		}
		return legal[0]
	}
	s, o := p.Side(), p.Side()^1
	// a five to play
	if c, n := p.FiveCell(s); n > 0 {
		b.info("five")
		b.won = true
		return engine.Move(c)
	}
	// a five to block
	if _, n := p.FiveCell(o); n > 0 {
		lo, hi := p.ScanRange()
		for c := lo; c < hi; c++ {
			if p.Cell(c) == game.Empty && p.MakesFive(o, c) && p.Allowed(c) {
				b.info("block five")
				m := engine.Move(c)
				if n == 1 && !b.NoLookAhead {
					b.lookAhead(p, m, start, bud)
				}
				return m
			}
		}
	}
	var rootMoves []engine.Move
	if !b.NoVCF {
		nodes := uint64(bud.Hard.Milliseconds()) * vcfNodesPerMs
		if nodes < 2000 {
			nodes = 2000
		}
		if nodes > 1<<20 {
			nodes = 1 << 20
		}
		var dl time.Time
		if bud.Hard > 0 {
			dl = start.Add(bud.Hard / 5)
		}
		p.SetVCFLimits(&b.stopped, dl)
		if r := p.VCF(nodes, 0); r.Win && r.Move != engine.NoMove && p.IsLegal(r.Move) {
			b.info(fmt.Sprintf("VCF win in %d, %d nodes: %s", (len(r.Line)+1)/2, r.Nodes, lineString(r.Line)))
			b.won = true
			return r.Move
		}
		if b.stopped.Load() {
			return b.quickMove(p, legal)
		}
		if bud.Hard > 0 {
			p.SetVCFLimits(&b.stopped, time.Now().Add(bud.Hard/5))
		}
		if r := p.OpponentVCF(nodes, 0); r.Win {
			if bud.Hard > 0 {
				p.SetVCFLimits(&b.stopped, start.Add(bud.Hard/2))
			}
			rootMoves = b.vcfDefences(p, nodes/8, start, bud)
			b.info(fmt.Sprintf("opponent VCF %s; %d defences", lineString(r.Line), len(rootMoves)))
			if len(rootMoves) == 1 {
				return rootMoves[0]
			}
		}
	}
	// the leaf VCF of the search is bounded by nodes only
	p.SetVCFLimits(nil, time.Time{})
	if !b.NoVCF && !b.NoVCT && !b.stopped.Load() {
		// our win by threats, also when the opponent has a VCF: the
		// threat-space search answers the opponent's fours, and its first
		// move must be one of the VCF defences
		if m, ok := b.VCT(p, bud.Hard/5); ok && (len(rootMoves) == 0 || slices.Contains(rootMoves, m)) {
			b.won = true
			return m
		}
		// the opponent's win by threats, when there is time to look: only
		// its cells and our own fours and threes can refute it
		if len(rootMoves) == 0 && !b.NoVCTDefence && !b.stopped.Load() && (bud.Hard <= 0 || time.Since(start) < bud.Hard/3) {
			if line := b.opponentVCT(p, bud.Hard/8); len(line) > 0 {
				cands := threatDefences(p, line)
				rootMoves = b.vctRefutations(p, cands, start, bud)
				b.info(fmt.Sprintf("opponent VCT %s; %d candidate defences, %d refute it", lineString(line), len(cands), len(rootMoves)))
				if len(rootMoves) == 0 {
					rootMoves = cands
				}
			}
		}
	}
	lim := b.mainLimits(bud, time.Since(start))
	verify := b.VerifyPct > 0 && bud.Hard > 0 && !b.stopped.Load()
	if verify {
		keep := bud.Hard * time.Duration(b.VerifyPct) / 100
		lim.Hard = max(lim.Hard-keep, time.Millisecond)
		if bud.Soft >= bud.Hard {
			lim.Soft = engine.WholeTurnSoft(lim.Hard)
		} else {
			lim.Soft = min(lim.Soft, lim.Hard)
		}
	}
	if b.stopped.Load() {
		lim.Hard = time.Millisecond
		lim.Soft = time.Millisecond
	}
	b.E.OnInfo = b.onInfo
	res := b.search(p, lim, rootMoves)
	if verify && res.Move != engine.NoMove && p.IsLegal(res.Move) && res.Score < engine.WinBound && res.Score > -engine.WinBound && !b.stopped.Load() {
		res = b.verifyMove(p, res, rootMoves, start, bud)
	}
	b.won = res.Score > engine.WinBound
	if res.Move == engine.NoMove || !p.IsLegal(res.Move) {
		if len(rootMoves) > 0 {
			return rootMoves[0]
		}
		return b.quickMove(p, legal)
	}
	if !b.NoVCF && b.SafetyNet && len(rootMoves) == 0 && res.Score < engine.WinBound && !b.stopped.Load() {
		return b.safetyNet(p, res.Move, start, bud)
	}
	return res.Move
}

// mainLimits are the limits of the main search of a move with budget bud,
// el after the move's start. A budget whose soft limit is its hard one is a
// turn with no match clock to save for: time left unused is lost, so the
// search starts new iterations up to the hard limit even when its best move
// has stayed put (engine.WholeTurnSoft). It still ends early on a forced
// move or a proven result. With a match clock (soft below hard) the stable
// search stops early and banks the time.
//
// At the hard limit the engine keeps the partial iteration's new best
// move only when it scored above the last whole iteration; keeping any
// move that beat the first one there (Stockfish's rule; session 65, an
// experiment binary) scored 45-75 (37.5%) against Rapfi at 1 s over 120
// games (DefaultCandidates' command, seeds 6201 and 6401) where the
// default has 86-147-7 (37.3%) over its 240 games of those seeds: no
// gain, not kept.
func (b *Brain) mainLimits(bud Budget, el time.Duration) engine.Limits {
	lim := engine.Limits{Depth: b.MaxDepth, Nodes: b.MaxNodes, Stop: &b.stopped}
	if bud.Hard <= 0 {
		return lim
	}
	lim.Hard = max(bud.Hard-el, time.Millisecond)
	lim.Soft = max(bud.Soft-el, time.Millisecond)
	if bud.Soft >= bud.Hard {
		lim.Soft = engine.WholeTurnSoft(lim.Hard)
	}
	return lim
}

// lookAhead searches the position after our forced move m (the block of
// a five) from the opponent's side, within a share of the budget: the
// table it fills is the one the next move starts from, and a lost score
// for the opponent proves our win (Won). The move itself cannot change.
func (b *Brain) lookAhead(p *Search, m engine.Move, start time.Time, bud Budget) {
	if b.stopped.Load() {
		return
	}
	p.Make(m)
	defer p.Unmake(m)
	if over, _ := p.Terminal(); over {
		return
	}
	lim := engine.Limits{Depth: b.MaxDepth, Nodes: b.MaxNodes, Stop: &b.stopped}
	if bud.Hard > 0 {
		h := min(bud.Soft, bud.Hard-time.Since(start)) * LookAheadPct / 100
		if h < 5*time.Millisecond {
			return
		}
		lim.Hard, lim.Soft = h, h
	}
	b.E.OnInfo = func(in engine.Info) {
		if b.OnInfo != nil {
			b.OnInfo(fmt.Sprintf("after the block: depth %d-%d ev %d nodes %d time %dms", in.Depth, in.SelDepth,
				in.Score, in.Nodes, in.Time.Milliseconds()))
		}
	}
	res := b.search(p, lim, nil)
	b.won = res.Score < -engine.WinBound
}

// verifyMove searches the position after the main search's move from the
// opponent's side, within two thirds of the time left (or, without a time
// budget, the brain's node limit): when the opponent proves a win there,
// the root is searched again without the move, in the rest of the turn,
// and its best move replaces the first unless it too scores a loss. The
// position is left unchanged.
func (b *Brain) verifyMove(p *Search, res engine.Result, rootMoves []engine.Move, start time.Time, bud Budget) engine.Result {
	limits := func(share int) (engine.Limits, bool) {
		lim := engine.Limits{Depth: b.MaxDepth, Nodes: b.MaxNodes, Stop: &b.stopped}
		if bud.Hard > 0 {
			left := (bud.Hard - time.Since(start)) * time.Duration(share) / 3
			if left < 5*time.Millisecond {
				return lim, false
			}
			lim.Hard, lim.Soft = left, engine.WholeTurnSoft(left)
		}
		return lim, true
	}
	lim, ok := limits(2)
	if !ok {
		return res
	}
	m := res.Move
	p.Make(m)
	lost := false
	if over, _ := p.Terminal(); !over {
		b.E.OnInfo = nil
		lost = b.search(p, lim, nil).Score > engine.WinBound
	}
	p.Unmake(m)
	if !lost || b.stopped.Load() {
		return res
	}
	var buf [engine.MaxMoves]engine.Move
	others := buf[:0]
	if len(rootMoves) > 0 {
		others = append(others, rootMoves...)
	} else {
		p.rootN = p.Ply()
		others = p.GenMoves(others)
		p.rootN = -1
	}
	others = slices.DeleteFunc(others, func(c engine.Move) bool { return c == m || !p.IsLegal(c) })
	if lim, ok = limits(3); !ok || len(others) == 0 {
		return res
	}
	b.info("verify: " + game.FormatMove(m) + " loses; searching the other moves")
	b.E.OnInfo = b.onInfo
	alt := b.search(p, lim, others)
	if alt.Move == engine.NoMove || !p.IsLegal(alt.Move) || alt.Score <= -engine.WinBound {
		return res
	}
	return alt
}

// DefaultVerifyPct is the share of the turn, in percent, that the main
// search leaves to verifyMove: none (off). In the first 24 plies of 44
// games lost to Rapfi at 1 s (seeds 6801-6803, session 68), 7 of our moves
// walked into a win Rapfi finds at once (0.5 s) where Rapfi's own choice
// was not lost by our search; searched from the opponent's side, the
// position after our move proves the loss in 2 of the 7 at 150000 nodes
// and in 4 at 300000. -verify 25 against Rapfi at 1 s
// (DefaultIndirectDefences' command, an experiment binary of the same
// logic) scored 21-37-2, 21-37-2 and 13-43-4 on seeds 6801, 6802 and 6803,
// 55-117-8 over 180 games (32.8%, -124.8 +/- 43.5 Elo, ptnml [30 7 50 1 2]),
// where the default scored 64-113-3 (36.4%) on the same openings: no gain,
// off.
const DefaultVerifyPct = 0

// LookAheadPct is the share of a move's soft limit (in percent) that a
// forced block spends searching the position after it (lookAhead).
const LookAheadPct = 50

// search runs the brain's main search on p with the search-time settings
// of the brain, the root restricted to rootMoves when not empty.
func (b *Brain) search(p *Search, lim engine.Limits, rootMoves []engine.Move) engine.Result {
	p.LeafVCF = b.LeafVCF
	p.SearchVCF = b.SearchVCF
	p.VCFPlies = b.VCFPlies
	p.Quiesce = b.Quiesce
	p.Taper = b.Taper
	p.RootCandidates = b.RootCandidates
	p.WidePlies = b.WidePlies
	p.ContAttack = b.ContAttack
	p.IndirectDefences = b.IndirectDefences
	p.WidenLost = b.WidenLost
	p.QuiescePlies = b.QuiescePlies
	p.QuiesceComb = b.QuiesceComb
	p.rootN = p.Ply()
	p.wideAt = -1
	if len(rootMoves) > 0 {
		p.wideAt = p.Ply()
	}
	lim.RootMoves = rootMoves
	res := b.E.Search(p, lim)
	p.wideAt = -1
	p.rootN = -1
	return res
}

// safetyNet checks that the chosen move does not let the opponent win by
// continuous fours; if it does, it plays the best-valued move that does not
// (when one is found in the time left). Leaf positions of the search do not
// run the VCF solver, so such lines can hide beyond its horizon.
func (b *Brain) safetyNet(p *Search, m engine.Move, start time.Time, bud Budget) engine.Move {
	const nodes = 20000
	if bud.Hard > 0 {
		p.SetVCFLimits(&b.stopped, start.Add(bud.Hard*9/10))
		defer p.SetVCFLimits(nil, time.Time{})
	}
	p.LeafVCF, p.Quiesce = 0, false
	loses := func(m engine.Move) bool {
		p.Make(m)
		defer p.Unmake(m)
		if over, sc := p.Terminal(); over {
			return sc > 0
		}
		r := p.HasVCF(nodes, 0)
		return r && p.vcf.limit != 0
	}
	if !loses(m) || p.vcf.limit == 0 {
		return m
	}
	var buf [engine.MaxMoves]engine.Move
	cands := p.GenMoves(buf[:0])
	best, bv := engine.NoMove, int32(-1)
	for _, c := range cands {
		if c == m || !p.IsLegal(c) {
			continue
		}
		v := p.moveValue(int(c))
		if v <= bv {
			continue
		}
		if !loses(c) {
			if p.vcf.limit == 0 {
				break // out of time
			}
			best, bv = c, v
		}
	}
	if best == engine.NoMove {
		return m
	}
	b.info("safety net: " + game.FormatMove(m) + " loses to a VCF, playing " + game.FormatMove(best))
	return best
}

// quickMove is the move of most value among the search candidates, for
// when there is no time to search.
func (b *Brain) quickMove(p *Search, legal []engine.Move) engine.Move {
	var buf [engine.MaxMoves]engine.Move
	best, bv := legal[0], int32(-1)
	for _, m := range p.GenMoves(buf[:0]) {
		if v := p.moveValue(int(m)); v > bv && p.IsLegal(m) {
			best, bv = m, v
		}
	}
	return best
}

// vcfDefences lists the candidate moves after which the opponent has no VCF
// (within the node budget). The candidates are every move near the stones,
// so that no defence is missed by the pruning of GenMoves.
func (b *Brain) vcfDefences(p *Search, nodes uint64, start time.Time, bud Budget) []engine.Move {
	var out []engine.Move
	lo, hi := p.ScanRange()
	for c := lo; c < hi; c++ {
		if p.Cell(c) != game.Empty || p.Near(c) == 0 || !p.Allowed(c) {
			continue
		}
		if b.stopped.Load() || (bud.Hard > 0 && time.Since(start) > bud.Hard/2) {
			return nil // out of time: let the search choose among all moves
		}
		m := engine.Move(c)
		p.Make(m)
		over, sc := p.Terminal()
		ok := over && sc < 0 // decided: good only if the opponent (to move) loses
		if !over {
			ok = !p.HasVCF(nodes, 0)
		}
		p.Unmake(m)
		if p.vcf.limit == 0 {
			return nil // stopped or out of time
		}
		if ok {
			out = append(out, m)
		}
	}
	return out
}

// vctRefutations are the candidates after which the opponent has no win by
// threats any more (within a share of the time), or nil when none is found
// or the time runs out before every candidate is checked.
func (b *Brain) vctRefutations(p *Search, cands []engine.Move, start time.Time, bud Budget) []engine.Move {
	var out []engine.Move
	per := time.Duration(0)
	if bud.Hard > 0 {
		per = max(bud.Hard/time.Duration(4*max(len(cands), 1)), time.Millisecond)
	}
	for _, m := range cands {
		if b.stopped.Load() || (bud.Hard > 0 && time.Since(start) > bud.Hard/2) {
			return nil
		}
		p.Make(m)
		over, sc := p.Terminal()
		ok := over && sc < 0 // decided: good only if the opponent (to move) loses
		if !over {
			ok = !b.vctRun(p, per)
		}
		p.Unmake(m)
		if b.stopped.Load() {
			return nil
		}
		if ok {
			out = append(out, m)
		}
	}
	return out
}

func (b *Brain) info(s string) {
	if b.OnInfo != nil {
		b.OnInfo(s)
	}
}

// Won reports whether the last Think proved a win for the side to move:
// a five, a VCF, a VCT or a winning score of the search.
func (b *Brain) Won() bool { return b.won }

// Best is the move the running Think would answer now, or NoMove before
// it has taken its copy of the position.
func (b *Brain) Best() engine.Move { return engine.Move(b.best.Load()) }

func (b *Brain) onInfo(in engine.Info) {
	if len(in.PV) > 0 && b.work.IsLegal(in.PV[0]) {
		b.best.Store(uint32(in.PV[0]))
	}
	if b.OnInfo == nil {
		return
	}
	b.OnInfo(fmt.Sprintf("depth %d-%d ev %d nodes %d nps %d time %dms pv %s", in.Depth, in.SelDepth,
		in.Score, in.Nodes, in.NPS, in.Time.Milliseconds(), lineString(in.PV)))
}

func lineString(ms []engine.Move) string {
	var sb strings.Builder
	for i, m := range ms {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(game.FormatMove(m))
	}
	return sb.String()
}

// Analyse searches pos within the budget and returns the best move and its
// score for the side to move.
func (b *Brain) Analyse(pos *Search, bud Budget) (engine.Move, int) {
	p := &b.work
	p.CopyFrom(pos)
	p.SetEval(b.Eval)
	p.Candidates = b.Candidates
	lim := engine.Limits{Depth: b.MaxDepth, Nodes: b.MaxNodes, Soft: bud.Soft, Hard: bud.Hard, Stop: &b.stopped}
	b.clk = Clock{Stop: &b.stopped}
	if bud.Hard > 0 {
		b.clk.Deadline = time.Now().Add(bud.Hard)
	}
	p.SetClock(&b.clk)
	defer p.SetClock(nil)
	if b.stopped.Load() {
		lim.Soft, lim.Hard = time.Millisecond, time.Millisecond
	}
	b.E.OnInfo = b.onInfo
	res := b.search(p, lim, nil)
	if res.Move != engine.NoMove && !p.IsLegal(res.Move) {
		res.Move = engine.NoMove
	}
	return res.Move, res.Score
}
