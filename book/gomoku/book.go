// Package gomoku is the opening knowledge of the Gomoku brain: an opening
// book for the first plies from the empty board and the swap2 decisions,
// computed by deep searches (`pbrain-pentad book build`, in bot/gomoku)
// and embedded in the binary (data/pentad.book), so that it loads whatever
// the working directory. An optional file pbrain-pentad.book next to the
// executable, in the same format, adds entries or overrides embedded ones.
//
// The format is one entry a line; # starts a comment:
//
//	15 freestyle b 0,0 w 1,0 -> 1,1
//	swap2 15 standard open -> 0,0 1,0 2,2
//	swap2 15 standard b 0,0 2,2 w 1,0 -> SWAP
//
// A position is the board size, the rule name (freestyle, standard, renju,
// caro) and its stones, black (b) and white (w), as offsets from the centre
// cell (size/2, size/2); the reply is an offset too. Positions are matched
// up to the eight symmetries of the square around the centre, whatever
// order the stones were played in; the side to move follows from the stone
// counts (black when they are equal). "open" is the three-stone opening to
// propose in swap2; a swap2 entry with three or five stones gives the
// answer to SWAP2BOARD: SWAP, one move, or (three stones) two moves.
package gomoku

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Point is an offset from the centre of the board.
type Point struct{ X, Y int }

// Swap2Candidates are three-stone openings (black, white, black, relative
// to the centre) among which the book builder picks the most balanced.
var Swap2Candidates = [][3]Point{
	{{0, 0}, {1, 0}, {2, 2}},
	{{0, 0}, {1, 1}, {3, 0}},
	{{0, 0}, {1, 0}, {0, 3}},
	{{0, 0}, {2, 1}, {-2, 2}},
	{{0, 0}, {1, 1}, {-1, 3}},
	{{0, 0}, {0, 2}, {3, 1}},
}

// FileName is the optional book file looked for next to the executable.
const FileName = "pbrain-pentad.book"

//go:embed data/pentad.book
var embedded string

// Book maps positions to replies.
type Book struct {
	moves map[string]Point
	swap  map[string][]Point // swap2 answers; nil slice means SWAP
	open  map[string][3]Point
}

func newBook() *Book {
	return &Book{moves: map[string]Point{}, swap: map[string][]Point{}, open: map[string][3]Point{}}
}

// Len is the number of entries.
func (b *Book) Len() int {
	if b == nil {
		return 0
	}
	return len(b.moves) + len(b.swap) + len(b.open)
}

// transform applies symmetry t (0..7) of the square to p.
func transform(t int, p Point) Point {
	x, y := p.X, p.Y
	if t&4 != 0 {
		x, y = y, x
	}
	if t&1 != 0 {
		x = -x
	}
	if t&2 != 0 {
		y = -y
	}
	return Point{x, y}
}

// inverse maps a point of the frame reached by symmetry t back.
func inverse(t int, p Point) Point {
	x, y := p.X, p.Y
	if t&1 != 0 {
		x = -x
	}
	if t&2 != 0 {
		y = -y
	}
	if t&4 != 0 {
		x, y = y, x
	}
	return Point{x, y}
}

func pointsKey(ps []Point) string {
	var sb strings.Builder
	for i, p := range ps {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(p.X))
		sb.WriteByte(',')
		sb.WriteString(strconv.Itoa(p.Y))
	}
	return sb.String()
}

func cmpPoint(a, b Point) int {
	if a.X != b.X {
		return a.X - b.X
	}
	return a.Y - b.Y
}

// Canon returns the key of a position (stones relative to the centre) that
// is the same for its eight symmetric images, and the symmetry that maps
// the position to the frame of the key.
func Canon(size int, rule string, black, white []Point) (key string, sym int) {
	best := ""
	tb := make([]Point, len(black))
	tw := make([]Point, len(white))
	for t := 0; t < 8; t++ {
		for i, p := range black {
			tb[i] = transform(t, p)
		}
		for i, p := range white {
			tw[i] = transform(t, p)
		}
		slices.SortFunc(tb, cmpPoint)
		slices.SortFunc(tw, cmpPoint)
		k := fmt.Sprintf("%d %s b %s w %s", size, rule, pointsKey(tb), pointsKey(tw))
		if t == 0 || k < best {
			best, sym = k, t
		}
	}
	return best, sym
}

// Lookup returns the book reply to a position, as an offset from the
// centre.
func (b *Book) Lookup(size int, rule string, black, white []Point) (Point, bool) {
	if b == nil {
		return Point{}, false
	}
	k, t := Canon(size, rule, black, white)
	p, ok := b.moves[k]
	if !ok {
		return Point{}, false
	}
	return inverse(t, p), true
}

// Swap2Open returns the three stones (black, white, black) to propose when
// asked to open a swap2 game.
func (b *Book) Swap2Open(size int, rule string) ([3]Point, bool) {
	if b == nil {
		return [3]Point{}, false
	}
	o, ok := b.open[fmt.Sprintf("%d %s", size, rule)]
	return o, ok
}

// Swap2Answer returns the book answer to SWAP2BOARD with these stones:
// swap, or the stones to place.
func (b *Book) Swap2Answer(size int, rule string, black, white []Point) (swap bool, place []Point, ok bool) {
	if b == nil {
		return false, nil, false
	}
	k, t := Canon(size, rule, black, white)
	a, ok := b.swap[k]
	if !ok {
		return false, nil, false
	}
	if a == nil {
		return true, nil, true
	}
	for _, p := range a {
		place = append(place, inverse(t, p))
	}
	return false, place, true
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

func parsePoints(fs []string) ([]Point, error) {
	var out []Point
	for _, f := range fs {
		p, err := parsePoint(f)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// parseStones reads "b x,y ... w x,y ..." into black and white stones.
func parseStones(fs []string) (black, white []Point, err error) {
	if len(fs) == 0 || fs[0] != "b" {
		return nil, nil, fmt.Errorf("expected b before the black stones")
	}
	wi := slices.Index(fs, "w")
	if wi < 0 {
		return nil, nil, fmt.Errorf("expected w before the white stones")
	}
	if black, err = parsePoints(fs[1:wi]); err != nil {
		return nil, nil, err
	}
	if white, err = parsePoints(fs[wi+1:]); err != nil {
		return nil, nil, err
	}
	return black, white, nil
}

// Rules are the rule names of the book.
var Rules = []string{"freestyle", "standard", "renju", "caro"}

func parseVariant(fs []string) (size int, rule string, err error) {
	if len(fs) < 2 {
		return 0, "", fmt.Errorf("expected size and rule")
	}
	size, err = strconv.Atoi(fs[0])
	if err != nil || size < 5 || size > 32 {
		return 0, "", fmt.Errorf("bad size %q", fs[0])
	}
	if !slices.Contains(Rules, fs[1]) {
		return 0, "", fmt.Errorf("unknown rule %q", fs[1])
	}
	return size, fs[1], nil
}

// Read parses a book.
func Read(r io.Reader) (*Book, error) {
	b := newBook()
	return b, b.read(r)
}

func (b *Book) read(r io.Reader) error {
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if err := b.entry(line); err != nil {
			return fmt.Errorf("line %d: %v", n, err)
		}
	}
	return sc.Err()
}

func (b *Book) entry(line string) error {
	lhs, rhs, ok := strings.Cut(line, "->")
	if !ok {
		return fmt.Errorf("missing ->")
	}
	fs := strings.Fields(lhs)
	reply := strings.Fields(rhs)
	swap2 := len(fs) > 0 && fs[0] == "swap2"
	if swap2 {
		fs = fs[1:]
	}
	size, rule, err := parseVariant(fs)
	if err != nil {
		return err
	}
	fs = fs[2:]
	if swap2 && len(fs) == 1 && fs[0] == "open" {
		ps, err := parsePoints(reply)
		if err != nil || len(ps) != 3 {
			return fmt.Errorf("swap2 open needs three stones")
		}
		b.open[fmt.Sprintf("%d %s", size, rule)] = [3]Point(ps)
		return nil
	}
	black, white, err := parseStones(fs)
	if err != nil {
		return err
	}
	nb, nw := len(black), len(white)
	if nb != nw && nb != nw+1 {
		return fmt.Errorf("%d black and %d white stones: nobody's turn", nb, nw)
	}
	key, t := Canon(size, rule, black, white)
	if swap2 {
		if nb+nw != 3 && nb+nw != 5 {
			return fmt.Errorf("swap2 answers need 3 or 5 stones")
		}
		if len(reply) == 1 && reply[0] == "SWAP" {
			b.swap[key] = nil
			return nil
		}
		ps, err := parsePoints(reply)
		if err != nil || len(ps) == 0 || len(ps) > 2 || (len(ps) == 2 && nb+nw != 3) {
			return fmt.Errorf("bad swap2 answer %q", rhs)
		}
		for i := range ps {
			ps[i] = transform(t, ps[i])
		}
		b.swap[key] = ps
		return nil
	}
	if len(reply) != 1 {
		return fmt.Errorf("one reply expected")
	}
	p, err := parsePoint(reply[0])
	if err != nil {
		return err
	}
	b.moves[key] = transform(t, p)
	return nil
}

// Embedded is the book built into the binary.
func Embedded() *Book {
	b, err := Read(strings.NewReader(embedded))
	if err != nil {
		panic("embedded book: " + err.Error()) // the test reads it too
	}
	return b
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

// Load returns the embedded book with the entries of the optional file
// next to the executable on top. A malformed file is reported and the
// embedded book returned alone.
func Load() (*Book, error) {
	return LoadFrom(filepath.Join(ExeDir(), FileName))
}

// LoadFrom is Load with the optional file at path.
func LoadFrom(path string) (*Book, error) {
	b := Embedded()
	f, err := os.Open(path)
	if err != nil {
		if os.IsNotExist(err) {
			return b, nil
		}
		return b, err
	}
	defer f.Close()
	extra := Embedded()
	if err := extra.read(f); err != nil {
		return b, fmt.Errorf("%s: %v", path, err)
	}
	return extra, nil
}

// Entry is a book position with its reply, for the builder and the tests.
type Entry struct {
	Size         int
	Rule         string
	Black, White []Point
	Reply        Point
}

// Entries lists the move entries (one representative per position).
func (b *Book) Entries() []Entry {
	var out []Entry
	for k, p := range b.moves {
		e, ok := parseKey(k)
		if !ok {
			continue
		}
		e.Reply = p
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, c Entry) int { return strings.Compare(entryKey(a), entryKey(c)) })
	return out
}

// Swap2Entries lists the swap2 answers: the stones, and nil for SWAP.
func (b *Book) Swap2Entries() []Entry {
	var out []Entry
	for k := range b.swap {
		if e, ok := parseKey(k); ok {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, c Entry) int { return strings.Compare(entryKey(a), entryKey(c)) })
	return out
}

func entryKey(e Entry) string {
	k, _ := Canon(e.Size, e.Rule, e.Black, e.White)
	return k
}

func parseKey(k string) (Entry, bool) {
	fs := strings.Fields(k)
	size, rule, err := parseVariant(fs)
	if err != nil {
		return Entry{}, false
	}
	black, white, err := parseStones(fs[2:])
	if err != nil {
		return Entry{}, false
	}
	return Entry{Size: size, Rule: rule, Black: black, White: white}, true
}
