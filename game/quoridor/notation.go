package quoridor

import (
	"errors"
	"strconv"
	"strings"

	"github.com/pentad-ai/pentad/engine"
)

// SquareName names square s ("E5"): column letter, row number from 1.
func (p *Pos) SquareName(s int) string {
	return string(rune('A'+s%p.n)) + strconv.Itoa(s/p.n+1)
}

// FormatMove writes m as the protocol does: "E5" for a pawn move, "E5 h" or
// "E5 v" for a wall (named by the square at its north-west).
func (p *Pos) FormatMove(m engine.Move) string {
	if !IsWall(m) {
		return p.SquareName(SquareOf(m))
	}
	o, a := WallOf(m)
	x, y := a%p.m, a/p.m+1
	s := p.SquareName(y*p.n + x)
	if o == Horizontal {
		return s + " h"
	}
	return s + " v"
}

// ParseVertex reads a vertex such as "e5" or "B13" (any case) on this board
// and returns its column and row (0-based, row 0 is row 1).
func (p *Pos) ParseVertex(v string) (x, y int, err error) {
	if len(v) < 2 || len(v) > 3 {
		return 0, 0, errors.New("invalid vertex")
	}
	c := v[0] | 0x20
	if c < 'a' || c > 'z' {
		return 0, 0, errors.New("invalid vertex")
	}
	for i := 1; i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return 0, 0, errors.New("invalid vertex")
		}
	}
	if v[1] == '0' {
		return 0, 0, errors.New("invalid vertex")
	}
	r, _ := strconv.Atoi(v[1:])
	x, y = int(c-'a'), r-1
	if x >= p.n || y >= p.n {
		return 0, 0, errors.New("vertex off the board")
	}
	return x, y, nil
}

// ParseOrientation reads h, v, horizontal or vertical in any case.
func ParseOrientation(s string) (int, bool) {
	switch strings.ToLower(s) {
	case "h", "horizontal":
		return Horizontal, true
	case "v", "vertical":
		return Vertical, true
	}
	return 0, false
}

// ParseColor reads w, white, b or black in any case.
func ParseColor(s string) (int, bool) {
	switch strings.ToLower(s) {
	case "b", "black":
		return Black, true
	case "w", "white":
		return White, true
	}
	return 0, false
}

// ColorName is "black" or "white".
func ColorName(c int) string {
	if c == Black {
		return "black"
	}
	return "white"
}

// ParsePawnMove reads a vertex as the move of a pawn there.
func (p *Pos) ParsePawnMove(v string) (engine.Move, error) {
	x, y, err := p.ParseVertex(v)
	if err != nil {
		return 0, err
	}
	return PawnMove(y*p.n + x), nil
}

// ParseWall reads a vertex and an orientation as a wall move. The vertex is
// the square at the north-west of the wall: columns A..(N-1), rows 2..N.
func (p *Pos) ParseWall(v, orient string) (engine.Move, error) {
	x, y, err := p.ParseVertex(v)
	if err != nil {
		return 0, err
	}
	o, ok := ParseOrientation(orient)
	if !ok {
		return 0, errors.New("invalid orientation")
	}
	if x >= p.m || y < 1 {
		return 0, errors.New("wall off the board")
	}
	return WallMove(o, (y-1)*p.m+x), nil
}

// ParseMove reads a move as FormatMove writes it: "E5", "E5 h" or
// "e5 Horizontal" (fields separated by spaces or tabs).
func (p *Pos) ParseMove(s string) (engine.Move, error) {
	f := strings.Fields(s)
	switch len(f) {
	case 1:
		return p.ParsePawnMove(f[0])
	case 2:
		return p.ParseWall(f[0], f[1])
	}
	return 0, errors.New("invalid move")
}
