package gomoku

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"time"

	game "github.com/pentad-ai/pentad/game/gomoku"
	"github.com/pentad-ai/pentad/internal/records"
)

// GenConfig sets up Generate: self-play games for fitting the evaluation.
type GenConfig struct {
	Openings [][][2]int // each game starts from one, plus 1-2 random moves
	Games    int
	Nodes    uint64        // search nodes a move
	MoveTime time.Duration // hard limit a move (the node limit usually comes first)
	Workers  int           // games played at once, a brain of one thread each
	Seed     uint64
	Rule     game.Rule
}

// Generate plays cfg.Games self-play games, the same brain on both sides
// with a node limit a move, and writes each to out as a games.jsonl line
// as soon as it ends (in the order they end). Game i starts from opening
// i mod len(Openings) with random moves drawn from Seed and i, so a run is
// reproducible game by game. It returns the number of games written.
func Generate(out io.Writer, cfg GenConfig) (int, error) {
	if len(cfg.Openings) == 0 || cfg.Games <= 0 {
		return 0, nil
	}
	workers := max(1, cfg.Workers)
	var (
		mu      sync.Mutex
		next    int
		written int
		werr    error
		wg      sync.WaitGroup
	)
	enc := json.NewEncoder(out)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := NewBrain(16, 1)
			b.MaxNodes = cfg.Nodes
			pl := &Player{Name: "self", Brain: b, Time: cfg.MoveTime}
			for {
				mu.Lock()
				i := next
				next++
				stop := i >= cfg.Games || werr != nil
				mu.Unlock()
				if stop {
					return
				}
				rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
				op := randomOpening(rng, cfg.Openings[i%len(cfg.Openings)])
				r, err := PlayGame(15, 15, cfg.Rule, op, pl, pl, 225)
				if err != nil {
					continue // an opening illegal under the rule
				}
				rec := genRecordOf(op, r)
				mu.Lock()
				if werr == nil {
					if werr = enc.Encode(rec); werr == nil {
						written++
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return written, werr
}

// genRecordOf is the record of a game played from opening, in the
// arena's games.jsonl form (internal/records), the form texel reads.
func genRecordOf(opening [][2]int, r GameResult) records.Game {
	rec := records.Game{Game: "gomoku", Players: []string{"black", "white"}, Colours: []string{"black", "white"}, Reason: "normal"}
	for i, m := range r.MoveList {
		if i < len(opening) {
			rec.Opening = append(rec.Opening, game.FormatMove(m))
		} else {
			rec.Moves = append(rec.Moves, records.Move{Move: game.FormatMove(m)})
		}
	}
	switch r.Winner {
	case game.Black:
		rec.Winner = "black"
	case game.White:
		rec.Winner = "white"
	}
	if r.Reason == "move limit" {
		rec.Reason = "move limit"
	}
	return rec
}

// genCommand is `pbrain-pentad gen`: self-play games for texel -combo.
func genCommand(w, stderr io.Writer, args []string) int {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("openings", "", "openings file (one a line)")
	games := fs.Int("games", 100, "games to play")
	nodes := fs.Uint64("nodes", 5000, "search nodes a move")
	ms := fs.Int("ms", 1000, "hard limit a move, milliseconds")
	workers := fs.Int("workers", 1, "games played at once")
	seed := fs.Uint64("seed", 1, "seed of the random opening moves")
	ruleName := fs.String("rule", "freestyle", "rule: freestyle, standard, renju, caro")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	ops, err := readOpeningsFile("gen", *file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	rule, err := game.ParseRule(*ruleName)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	n, err := Generate(w, GenConfig{Openings: ops, Games: *games, Nodes: *nodes, MoveTime: time.Duration(*ms) * time.Millisecond,
		Workers: *workers, Seed: *seed, Rule: rule})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stderr, "gen: %d games\n", n)
	return 0
}
