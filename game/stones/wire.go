package stones

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/pentad-ai/pentad/engine"
)

// Int is an integer read from JSON as a number or a numeric string
// ({"Color":1} and {"Color":"1"} alike). Null leaves it unset.
type Int struct {
	V   int
	Set bool
}

// UnmarshalJSON implements json.Unmarshaler. A value that is not an
// integer (or a string holding one) leaves n unset rather than failing the
// whole message.
func (n *Int) UnmarshalJSON(b []byte) error {
	*n = Int{}
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		return nil
	}
	s := string(b)
	if b[0] == '"' {
		u, err := strconv.Unquote(s)
		if err != nil {
			return nil
		}
		s = strings.TrimSpace(u)
	}
	if v, err := parseInt(s); err == nil {
		*n = Int{V: v, Set: true}
	}
	return nil
}

func parseInt(s string) (int, error) {
	if v, err := strconv.Atoi(s); err == nil {
		if v > 1<<30 || v < -(1<<30) {
			return 0, fmt.Errorf("stones: number out of range %q", s)
		}
		return v, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<30 {
		return 0, fmt.Errorf("stones: not an integer %q", s)
	}
	return int(f), nil
}

// Loc is a wire board location.
type Loc struct {
	X Int
	Y Int
}

// WireMove is a move as the wire carries it: Type, and From/To (absent or
// null for a pass).
type WireMove struct {
	Type Int
	From *Loc
	To   *Loc
}

type wireBoard struct {
	State [][]Int `json:"state"`
}

// Message is any engine-to-bot message: initiate (Color), move request
// (Board, AllowedMoves) or processed move (Player, Move, Winner). Unknown
// fields are ignored; field names match case-insensitively.
type Message struct {
	Color        *Int
	Board        *wireBoard
	AllowedMoves []Int
	Player       *Int
	Move         *WireMove
	Winner       *Int
}

// ErrIncomplete reports a line that starts a JSON value but ends early
// (the rest may follow on the next lines).
var ErrIncomplete = errors.New("stones: incomplete JSON")

// DecodeMessage reads the first JSON object of line. Fields whose values
// have the wrong form are left unset when the rest can be read.
func DecodeMessage(line []byte) (Message, error) {
	var m Message
	dec := json.NewDecoder(bytes.NewReader(line))
	err := dec.Decode(&m)
	if err == nil {
		return m, nil
	}
	var se *json.SyntaxError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return Message{}, ErrIncomplete
	case errors.As(err, &se):
		return Message{}, err
	}
	// A value of the wrong form in one field: encoding/json decodes the
	// other fields and leaves that one unset, so keep what was read.
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return m, nil
	}
	return Message{}, err
}

// BoardState converts a wire board to state[y][x]: nine rows of nine cells.
func (m *Message) BoardState() ([9][9]int, error) {
	var s [9][9]int
	if m.Board == nil || len(m.Board.State) != 9 {
		return s, fmt.Errorf("%w: need 9 rows", ErrBadBoard)
	}
	for y, row := range m.Board.State {
		if len(row) != 9 {
			return s, fmt.Errorf("%w: need 9 cells in row %d", ErrBadBoard, y)
		}
		for x, c := range row {
			if !c.Set {
				return s, fmt.Errorf("%w: null cell", ErrBadBoard)
			}
			s[y][x] = c.V
		}
	}
	return s, nil
}

// AllowedMask is the set of allowed move types as a bit mask (1<<Pass,
// 1<<Attack, 1<<Strengthen); an absent or empty list allows attacks only.
func (m *Message) AllowedMask() int {
	mask := 0
	for _, a := range m.AllowedMoves {
		if a.Set && a.V >= 0 && a.V <= 2 {
			mask |= 1 << a.V
		}
	}
	if mask == 0 {
		mask = 1 << Attack
	}
	return mask
}

// ToMove converts a wire move to an action (not checked for legality).
func (w *WireMove) ToMove() (engine.Move, error) {
	if w == nil || !w.Type.Set {
		return 0, errors.New("stones: move without type")
	}
	switch w.Type.V {
	case Pass:
		return PassMove, nil
	case Attack, Strengthen:
		if w.From == nil || w.To == nil || !w.From.X.Set || !w.From.Y.Set || !w.To.X.Set || !w.To.Y.Set {
			return 0, errors.New("stones: move without locations")
		}
		f := CellID(w.From.X.V, w.From.Y.V)
		t := CellID(w.To.X.V, w.To.Y.V)
		if f < 0 || t < 0 {
			return 0, errors.New("stones: location off the board")
		}
		return MakeMove(w.Type.V, f, t), nil
	}
	return 0, fmt.Errorf("stones: move type %d", w.Type.V)
}

// AppendResponse appends the wire answer for m (compact JSON, numbers, no
// newline): {"Type":1,"From":{"X":1,"Y":5},"To":{"X":0,"Y":4}}, or
// {"Type":0,"From":null,"To":null} for a pass.
func AppendResponse(b []byte, m engine.Move) []byte {
	if Kind(m) == Pass {
		return append(b, `{"Type":0,"From":null,"To":null}`...)
	}
	fx, fy := CellXY(From(m))
	tx, ty := CellXY(To(m))
	b = append(b, `{"Type":`...)
	b = strconv.AppendInt(b, int64(Kind(m)), 10)
	b = append(b, `,"From":{"X":`...)
	b = strconv.AppendInt(b, int64(fx), 10)
	b = append(b, `,"Y":`...)
	b = strconv.AppendInt(b, int64(fy), 10)
	b = append(b, `},"To":{"X":`...)
	b = strconv.AppendInt(b, int64(tx), 10)
	b = append(b, `,"Y":`...)
	b = strconv.AppendInt(b, int64(ty), 10)
	return append(b, `}}`...)
}

// DecodeResponse reads a bot's answer line (for a referee).
func DecodeResponse(line []byte) (engine.Move, error) {
	var w WireMove
	if err := json.Unmarshal(bytes.TrimSpace(line), &w); err != nil {
		return 0, err
	}
	return w.ToMove()
}

// Colour converts a side to the wire PlayerColor (White 1, Black -1).
func Colour(side int) int {
	if side == Black {
		return -1
	}
	return 1
}

// AppendRequest appends a move request for p (as the contest engine sends
// it, with numbers): the board and the allowed move types.
func (p *Position) AppendRequest(b []byte) []byte {
	st := p.State()
	b = append(b, `{"Board":{"state":[`...)
	for y := 0; y < 9; y++ {
		if y > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for x := 0; x < 9; x++ {
			if x > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(st[y][x]), 10)
		}
		b = append(b, ']')
	}
	if p.phase == 0 {
		return append(b, `]},"AllowedMoves":[1]}`...)
	}
	return append(b, `]},"AllowedMoves":[0,1,2]}`...)
}
