package morris

import (
	"bufio"
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/morris"
)

// Opening is the placement book: for each position it holds, up to the 16
// symmetries of the board, the move a long search chose. `morris book
// opening` writes its source, data/opening.txt, compiled into the binary.
type Opening struct {
	m map[uint64]OpeningEntry
}

// An OpeningEntry is a book move with the score and depth of its search.
// Move is in the frame of the position's canonical form (see Key).
type OpeningEntry struct {
	Move         engine.Move
	Score, Depth int
}

// Key is the book key of a placement position with white and black pieces,
// side to move and ply, and the symmetry that takes the position to its
// canonical form (the image whose pieces, as white<<24|black, are least).
func Key(white, black uint32, side, ply int) (key uint64, sym int) {
	best := ^uint64(0)
	for k := range morris.NumSyms {
		v := uint64(morris.MapNodes(k, white))<<24 | uint64(morris.MapNodes(k, black))
		if v < best {
			best, sym = v, k
		}
	}
	return uint64(ply)<<49 | uint64(side)<<48 | best, sym
}

func posKey(p *morris.Position) (uint64, int) {
	return Key(p.Pieces(morris.White), p.Pieces(morris.Black), p.Side(), p.Ply())
}

// Len is the number of positions in the book.
func (o *Opening) Len() int { return len(o.m) }

// Lookup returns the book move of p (in p's own frame) and its entry; ok
// is false when p is not in the book or has left the placement phase.
func (o *Opening) Lookup(p *morris.Position) (m engine.Move, e OpeningEntry, ok bool) {
	if o == nil || !p.Placing() {
		return 0, e, false
	}
	key, sym := posKey(p)
	if e, ok = o.m[key]; !ok {
		return 0, e, false
	}
	m = morris.MapMove(morris.InverseSym(sym), e.Move)
	if !p.IsLegal(m) {
		return 0, e, false
	}
	return m, e, true
}

// An OpeningLine is one line of the book's source: a position in the
// protocol's notation, the move, and its search's score and depth.
type OpeningLine struct {
	Position, Move string
	Score, Depth   int
}

// WriteOpening writes the book source: a comment header, then a line per
// position.
func WriteOpening(w io.Writer, header string, lines []OpeningLine) error {
	bw := bufio.NewWriter(w)
	for _, h := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
		fmt.Fprintf(bw, "# %s\n", h)
	}
	for _, l := range lines {
		fmt.Fprintf(bw, "%s %s %d %d\n", l.Position, l.Move, l.Score, l.Depth)
	}
	return bw.Flush()
}

// maxOpeningLine bounds a line of the book source.
const maxOpeningLine = 256

// ReadOpening reads a book source: blank lines and # comments are skipped,
// every other line is "POSITION MOVE SCORE DEPTH", the position a
// placement-phase position in the protocol's notation and the move legal
// in it. A position twice (or two positions that are images of each other)
// is an error.
func ReadOpening(r io.Reader) (*Opening, error) {
	o := &Opening{m: map[uint64]OpeningEntry{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, maxOpeningLine), maxOpeningLine)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || l[0] == '#' {
			continue
		}
		f := strings.Fields(l)
		if len(f) != 4 {
			return nil, fmt.Errorf("opening book line %d: want position, move, score and depth", n)
		}
		p, err := morris.ParsePosition(f[0])
		if err != nil {
			return nil, fmt.Errorf("opening book line %d: %v", n, err)
		}
		if !p.Placing() {
			return nil, fmt.Errorf("opening book line %d: not a placement position", n)
		}
		if over, _, _ := p.Status(); over {
			return nil, fmt.Errorf("opening book line %d: the game is over", n)
		}
		m, err := p.ParseMove(f[1])
		if err != nil {
			return nil, fmt.Errorf("opening book line %d: %v", n, err)
		}
		score, err1 := strconv.Atoi(f[2])
		depth, err2 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil || depth < 0 {
			return nil, fmt.Errorf("opening book line %d: bad score or depth", n)
		}
		key, sym := posKey(p)
		if _, dup := o.m[key]; dup {
			return nil, fmt.Errorf("opening book line %d: position twice", n)
		}
		o.m[key] = OpeningEntry{Move: morris.MapMove(sym, m), Score: score, Depth: depth}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("opening book: a line longer than %d bytes", maxOpeningLine)
		}
		return nil, err
	}
	return o, nil
}

// ReadOpeningSource reads a book source as ReadOpening does and returns
// the book with its header (the comment lines before the first book line,
// without their "# ") and its lines in order, for a book extended from it.
func ReadOpeningSource(r io.Reader) (o *Opening, header string, lines []OpeningLine, err error) {
	text, err := io.ReadAll(r)
	if err != nil {
		return nil, "", nil, err
	}
	if o, err = ReadOpening(bytes.NewReader(text)); err != nil {
		return nil, "", nil, err
	}
	var hb strings.Builder
	for _, l := range strings.Split(string(text), "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "":
		case l[0] == '#':
			if lines == nil {
				hb.WriteString(strings.TrimPrefix(strings.TrimPrefix(l, "#"), " ") + "\n")
			}
		default:
			f := strings.Fields(l)
			score, _ := strconv.Atoi(f[2]) // checked by ReadOpening
			depth, _ := strconv.Atoi(f[3])
			lines = append(lines, OpeningLine{Position: f[0], Move: f[1], Score: score, Depth: depth})
		}
	}
	return o, hb.String(), lines, nil
}

//go:embed data/opening.txt
var openingText string

var embeddedOpening = sync.OnceValues(func() (*Opening, error) {
	return ReadOpening(strings.NewReader(openingText))
})

// EmbeddedOpening is the book compiled into the binary.
func EmbeddedOpening() (*Opening, error) { return embeddedOpening() }
