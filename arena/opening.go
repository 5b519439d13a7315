package arena

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/pentad-ai/pentad/engine"
)

// openingGame is what the move-list referees need of a rules package's
// position to read or draw an opening.
type openingGame interface {
	ParseMove(s string) (engine.Move, error)
	GenMoves(buf []engine.Move) []engine.Move
	Make(m engine.Move)
}

// parseOpening plays the moves of line (separated by blanks or commas) on g
// and returns them in the referee's notation. An opening that ends the game
// is refused.
func parseOpening(line string, g openingGame, over func() bool, format func(engine.Move) string) ([]string, error) {
	var out []string
	for _, s := range strings.FieldsFunc(line, func(c rune) bool { return c == ' ' || c == ',' || c == '\t' }) {
		m, err := g.ParseMove(s)
		if err != nil {
			return nil, fmt.Errorf("%q: %w", s, err)
		}
		g.Make(m)
		if over() {
			return nil, fmt.Errorf("opening %q ends the game", line)
		}
		out = append(out, format(m))
	}
	return out, nil
}

// randomOpening plays up to plies random legal moves on g, stopping before
// a move that ends the game.
func randomOpening(rng *rand.Rand, plies int, g openingGame, over func() bool, format func(engine.Move) string) []string {
	var out []string
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for len(out) < plies {
		ms := g.GenMoves(buf[:0])
		if len(ms) == 0 {
			break
		}
		m := ms[rng.IntN(len(ms))]
		g.Make(m)
		if over() {
			break
		}
		out = append(out, format(m))
	}
	return out
}
