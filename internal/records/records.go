// Package records reads the arena's game records (games.jsonl: one JSON
// object a line) for the evaluation-fitting tools of every game.
package records

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// Game is the part of an arena game record the fitting tools read (and
// bot/gomoku gen writes).
type Game struct {
	Game    string   `json:"game"`
	Players []string `json:"players"` // by colour, first mover first
	Colours []string `json:"colours"`
	Opening []string `json:"opening"`
	Moves   []Move   `json:"moves"`
	Winner  string   `json:"winner"`
	Reason  string   `json:"reason"`
}

// Move is one move of a record, in the game's notation.
type Move struct {
	Move string `json:"move"`
}

// MoveList is the game's opening followed by its moves.
func (g *Game) MoveList() []string {
	ms := append(make([]string, 0, len(g.Opening)+len(g.Moves)), g.Opening...)
	for _, m := range g.Moves {
		ms = append(ms, m.Move)
	}
	return ms
}

// Each calls fn with every record of r and its line number (from 1),
// skipping blank lines. A line that is not a record is an error naming its
// line; an error from fn stops the reading and is returned.
func Each(r io.Reader, fn func(line int, g *Game) error) error {
	return EachJSON(r, fn)
}

// EachJSON calls fn with every line of r (JSON lines) decoded as a T, and
// its line number (from 1), skipping blank lines. A line that does not
// decode is an error naming its line; an error from fn stops the reading
// and is returned.
func EachJSON[T any](r io.Reader, fn func(line int, v *T) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for line := 1; sc.Scan(); line++ {
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var v T
		if err := json.Unmarshal(b, &v); err != nil {
			return fmt.Errorf("line %d: %v", line, err)
		}
		if err := fn(line, &v); err != nil {
			return err
		}
	}
	return sc.Err()
}

// ReadFiles reads every named file with read and returns what they gave
// together; an error names its file.
func ReadFiles[S any](names []string, read func(io.Reader) ([]S, error)) ([]S, error) {
	var out []S
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return out, err
		}
		s, err := read(f)
		f.Close()
		if err != nil {
			return out, fmt.Errorf("%s: %v", name, err)
		}
		out = append(out, s...)
	}
	return out, nil
}
