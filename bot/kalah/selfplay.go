package kalah

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"time"

	kbook "github.com/pentad-ai/pentad/book/kalah"
	"github.com/pentad-ai/pentad/engine"
	evalk "github.com/pentad-ai/pentad/eval/kalah"
	"github.com/pentad-ai/pentad/game/kalah"
)

// SelfPlayConfig sets up SelfPlay.
type SelfPlayConfig struct {
	Games   int
	Depth   int            // search depth of every move
	Random  int            // plies played at random first (the pie rule's included)
	Seed    uint64         // seed of the random plies; game i uses Seed+i
	Workers int            // games played at once, one search thread each
	DB      *kbook.DB      // endgame database for the searches, or nil
	Weights *evalk.Weights // evaluation weights, nil for the default
	// Other, if set, makes a match: the second player evaluates with
	// Other. Games come in pairs on the same random opening, the first
	// player ("A", with Weights) starting as South in the first game of a
	// pair and as North in the second.
	Other *evalk.Weights
	// MoveTime, if set, replaces Depth by a time per move (the agent's
	// soft limit, but no extension).
	MoveTime time.Duration
}

// selfRecord is a game in the arena's record format (games.jsonl), so that
// fit reads self-play and arena games alike.
type selfRecord struct {
	Game    string    `json:"game"`
	Pairing [2]string `json:"pairing"`
	Pair    int       `json:"pair"`
	Index   int       `json:"index"`
	Players [2]string `json:"players"`
	Colours [2]string `json:"colours"`
	Moves   []selfMov `json:"moves"`
	Result  string    `json:"result"`
	Winner  string    `json:"winner,omitempty"`
	Reason  string    `json:"reason"`
}

type selfMov struct {
	Side int    `json:"side"`
	Move string `json:"move"`
}

// SelfPlay plays cfg.Games games of the tournament rules between two copies
// of the search, each opening with cfg.Random random plies, and writes them
// to w as arena game records (games.jsonl; arena merge reads them), one JSON
// line a game, in the order they finish.
func SelfPlay(w io.Writer, cfg SelfPlayConfig) error {
	var mu sync.Mutex
	var werr error
	next := 0
	var wg sync.WaitGroup
	for k := 0; k < max(1, cfg.Workers); k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			opt := SearchOptions
			opt.Threads = 1
			e := [2]*Searcher{NewSearcher(16, opt), NewSearcher(16, opt)}
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= cfg.Games {
					return
				}
				rec := selfPlayGame(e, cfg, i)
				line, _ := json.Marshal(rec)
				mu.Lock()
				if _, err := fmt.Fprintf(w, "%s\n", line); err != nil && werr == nil {
					werr = err
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return werr
}

// selfPlayGame plays game i (seeded by seed) with the two searchers e, one
// for each colour (colour 0 starts as South).
func selfPlayGame(e [2]*Searcher, cfg SelfPlayConfig, i int) selfRecord {
	seed := cfg.Seed + uint64(i)
	w := [2]*evalk.Weights{cfg.Weights, cfg.Weights}
	rec := selfRecord{Game: "kalah", Pairing: [2]string{"self", "self"}, Pair: i, Players: [2]string{"self", "self"},
		Colours: [2]string{"South", "North"}, Reason: "normal"}
	if cfg.Other != nil {
		seed = cfg.Seed + uint64(i/2)
		rec.Pairing = [2]string{"A", "B"}
		rec.Pair, rec.Index = i/2, i%2
		rec.Players = [2]string{"A", "B"}
		w[1] = cfg.Other
		if i%2 == 1 {
			rec.Players = [2]string{"B", "A"}
			w[0], w[1] = w[1], w[0]
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x6b616c6168))
	s := NewSearch(kalah.New(kalah.Tournament))
	s.SetDB(cfg.DB)
	for c := range e {
		e[c].NewGame()
	}
	lim := engine.Limits{Depth: cfg.Depth}
	if cfg.MoveTime > 0 {
		lim = engine.Limits{Soft: cfg.MoveTime * SoftPct / 100, Hard: cfg.MoveTime}
	}
	var buf [16]engine.Move
	for ply := 0; !s.Over(); ply++ {
		side := s.ToMove()
		if s.Swapped() {
			side ^= 1
		}
		var m engine.Move
		if ply < cfg.Random {
			ms := s.GenMoves(buf[:0])
			m = ms[rng.IntN(len(ms))]
		} else {
			s.SetWeights(w[side])
			m = e[side].Search(s, lim).Move
		}
		rec.Moves = append(rec.Moves, selfMov{Side: side, Move: s.MoveString(m)})
		s.Make(m)
	}
	switch win := s.Winner(); {
	case win < 0:
		rec.Result = "1/2-1/2"
	case (win == kalah.South) != s.Swapped():
		rec.Result, rec.Winner = "1-0", rec.Players[0]
	default:
		rec.Result, rec.Winner = "0-1", rec.Players[1]
	}
	return rec
}
