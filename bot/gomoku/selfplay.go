package gomoku

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"time"

	"github.com/pentad-ai/pentad/engine"
	ev "github.com/pentad-ai/pentad/eval/gomoku"
	game "github.com/pentad-ai/pentad/game/gomoku"
)

// PositionFrom plays an opening on an empty board.
func PositionFrom(w, h int, rule game.Rule, moves [][2]int) (*Search, error) {
	p, err := NewSearch(w, h, rule)
	if err != nil {
		return nil, err
	}
	for _, xy := range moves {
		m := p.MoveAt(xy[0], xy[1])
		if m == engine.NoMove || !p.IsLegal(m) {
			return nil, fmt.Errorf("illegal opening move %d,%d", xy[0], xy[1])
		}
		p.Make(m)
	}
	return p, nil
}

// Player is one side of a self-play match.
type Player struct {
	Name  string
	Brain *Brain
	Time  time.Duration // per move
}

// GameResult is the outcome of one game: +1 first player (black) won,
// -1 second won, 0 draw.
type GameResult struct {
	Winner int // game.Black, game.White or -1
	Moves  int
	Reason string
	Record string // the moves of the game, opening included
	// MoveList are the moves of the game, opening included
	MoveList []engine.Move
}

// PlayGame plays one game from an opening between black and white brains.
func PlayGame(w, h int, rule game.Rule, opening [][2]int, black, white *Player, maxMoves int) (GameResult, error) {
	p, err := PositionFrom(w, h, rule, opening)
	if err != nil {
		return GameResult{}, err
	}
	players := [2]*Player{black, white}
	for _, pl := range players {
		pl.Brain.E.NewGame()
		pl.Brain.work.ClearVCF()
	}
	for n := 0; ; n++ {
		if over, win, why := p.Status(); over {
			ms := p.Moves()
			return GameResult{Winner: win, Moves: p.Ply(), Reason: why, Record: lineString(ms), MoveList: ms}, nil
		}
		if maxMoves > 0 && p.Ply() >= maxMoves {
			return GameResult{Winner: -1, Moves: p.Ply(), Reason: "move limit", MoveList: p.Moves()}, nil
		}
		pl := players[p.Side()]
		pl.Brain.Ready()
		m := pl.Brain.Think(p, TurnBudget(pl.Time))
		if m == engine.NoMove || !p.IsLegal(m) {
			return GameResult{Winner: p.Side() ^ 1, Moves: p.Ply(), Reason: pl.Name + " made no legal move"}, nil
		}
		p.Make(m)
	}
}

// selfPlayPositions plays a deterministic shallow self-play game (depth 2,
// no VCF) from each bench opening, up to maxPly plies or the end, and keeps
// the positions visit says to keep, until it says stop.
func selfPlayPositions(maxPly int, visit func(p *Search) (keep, stop bool)) []*Search {
	var out []*Search
	b := NewBrain(4, 1)
	b.MaxDepth = 2
	b.NoVCF = true
	for _, o := range benchOpenings {
		mv, _ := game.ParseOpening(o)
		p, err := PositionFrom(15, 15, game.Freestyle, mv)
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
	ops, err := readOpeningsFile("match", *file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	rule, err := game.ParseRule(*ruleName)
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
		weak.Brain.Eval = ev.NewEval(ev.Hand)
	}
	if *fullHand {
		strong.Brain.Eval = ev.NewEval(ev.Hand)
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
			case (r.Winner == game.Black) == (black == strong):
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

// readOpeningsFile reads the openings file of subcommand cmd's -openings
// flag (one opening a line); an error names cmd, and there must be one.
func readOpeningsFile(cmd, name string) ([][][2]int, error) {
	if name == "" {
		return nil, fmt.Errorf("%s: -openings FILE required", cmd)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("%s: -openings: %v", cmd, err)
	}
	defer f.Close()
	ops, err := game.ReadOpenings(f)
	if err == nil && len(ops) == 0 {
		err = fmt.Errorf("no openings")
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %v", cmd, name, err)
	}
	return ops, nil
}
