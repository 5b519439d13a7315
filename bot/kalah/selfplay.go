package kalah

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"

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
}

// selfRecord is a game in the arena's record format (games.jsonl), so that
// fit reads self-play and arena games alike.
type selfRecord struct {
	Game    string    `json:"game"`
	Players [2]string `json:"players"`
	Colours [2]string `json:"colours"`
	Moves   []selfMov `json:"moves"`
	Result  string    `json:"result"`
}

type selfMov struct {
	Side int    `json:"side"`
	Move string `json:"move"`
}

// SelfPlay plays cfg.Games games of the tournament rules between two copies
// of the fixed-depth search, each opening with cfg.Random random plies, and
// writes them to w as arena game records, one JSON line a game, in the
// order they finish.
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
			e := NewSearcher(16, opt)
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= cfg.Games {
					return
				}
				rec := selfPlayGame(e, cfg, cfg.Seed+uint64(i))
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

func selfPlayGame(e *Searcher, cfg SelfPlayConfig, seed uint64) selfRecord {
	rng := rand.New(rand.NewPCG(seed, 0x6b616c6168))
	pos := kalah.New(kalah.Tournament)
	s := NewSearch(pos)
	s.SetDB(cfg.DB)
	s.SetWeights(cfg.Weights)
	e.NewGame()
	rec := selfRecord{Game: "kalah", Players: [2]string{"self", "self"}, Colours: [2]string{"South", "North"}}
	var buf [16]engine.Move
	for ply := 0; !s.Over(); ply++ {
		var m engine.Move
		if ply < cfg.Random {
			ms := s.GenMoves(buf[:0])
			m = ms[rng.IntN(len(ms))]
		} else {
			m = e.Search(s, engine.Limits{Depth: cfg.Depth}).Move
		}
		side := s.ToMove()
		if s.Swapped() {
			side ^= 1
		}
		rec.Moves = append(rec.Moves, selfMov{Side: side, Move: s.MoveString(m)})
		s.Make(m)
	}
	switch win := s.Winner(); {
	case win < 0:
		rec.Result = "1/2-1/2"
	case (win == kalah.South) != s.Swapped():
		rec.Result = "1-0"
	default:
		rec.Result = "0-1"
	}
	return rec
}
