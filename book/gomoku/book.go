// Package gomoku is the opening knowledge of the Gomoku brain: candidate
// swap2 openings (three stones around the centre) and an optional book file
// kept next to the executable.
//
// The book file (pbrain-pentad.book) holds one entry a line: a sequence of
// moves from the empty board followed by " -> " and the reply, all in
// protocol notation relative to the centre of the board:
//
//	0,0 1,1 -> 1,0
//
// Lines starting with # are comments. Positions are matched exactly, on any
// board size, for the side to move; the reply is tried only when legal.
package gomoku

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Point is an offset from the centre of the board.
type Point struct{ X, Y int }

// Swap2Candidates are three-stone openings (black, white, black, relative
// to the centre) from which the brain picks the most balanced by its own
// search when asked to open a swap2 game.
var Swap2Candidates = [][3]Point{
	{{0, 0}, {1, 0}, {2, 2}},
	{{0, 0}, {1, 1}, {3, 0}},
	{{0, 0}, {1, 0}, {0, 3}},
	{{0, 0}, {2, 1}, {-2, 2}},
	{{0, 0}, {1, 1}, {-1, 3}},
	{{0, 0}, {0, 2}, {3, 1}},
}

// FileName is the book file looked for next to the executable.
const FileName = "pbrain-pentad.book"

// Book maps a move sequence (relative to the centre) to a reply.
type Book struct {
	entries map[string]Point
}

// Len is the number of entries.
func (b *Book) Len() int {
	if b == nil {
		return 0
	}
	return len(b.entries)
}

// Key is the book key of a move sequence.
func Key(moves []Point) string {
	var sb strings.Builder
	for i, m := range moves {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(m.X))
		sb.WriteByte(',')
		sb.WriteString(strconv.Itoa(m.Y))
	}
	return sb.String()
}

// Lookup returns the reply to a move sequence.
func (b *Book) Lookup(moves []Point) (Point, bool) {
	if b == nil {
		return Point{}, false
	}
	p, ok := b.entries[Key(moves)]
	return p, ok
}

func parsePoint(s string) (Point, error) {
	a, c, ok := strings.Cut(strings.TrimSpace(s), ",")
	if !ok {
		return Point{}, fmt.Errorf("bad point %q", s)
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := strconv.Atoi(strings.TrimSpace(c))
	if err1 != nil || err2 != nil {
		return Point{}, fmt.Errorf("bad point %q", s)
	}
	return Point{x, y}, nil
}

// Read parses a book.
func Read(r io.Reader) (*Book, error) {
	b := &Book{entries: map[string]Point{}}
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		seq, reply, ok := strings.Cut(line, "->")
		if !ok {
			return nil, fmt.Errorf("line %d: missing ->", n)
		}
		var moves []Point
		for _, f := range strings.Fields(seq) {
			p, err := parsePoint(f)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
			moves = append(moves, p)
		}
		rp, err := parsePoint(reply)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		b.entries[Key(moves)] = rp
	}
	return b, sc.Err()
}

// ExeDir is the directory of the running executable (data files live
// there, not in the working directory the manager chose).
func ExeDir() string {
	exe, err := os.Executable()
	if err != nil {
		return "."
	}
	if r, err := filepath.EvalSymlinks(exe); err == nil {
		exe = r
	}
	return filepath.Dir(exe)
}

// Load reads the book next to the executable. A missing file is no error
// (nil book); a malformed one is.
func Load() (*Book, error) {
	return LoadFrom(filepath.Join(ExeDir(), FileName))
}

// LoadFrom reads the book at path; a missing file gives a nil book.
func LoadFrom(path string) (*Book, error) {
	f, err := os.Open(path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil
		}
		return nil, err
	}
	defer f.Close()
	return Read(f)
}
