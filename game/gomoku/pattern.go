package gomoku

import (
	"bytes"
	"compress/flate"
	"embed"
	"fmt"
	"io"
	"runtime"
	"sync"
)

// Line pattern codes, from the point of view of the side that would play the
// empty cell, weakest first. Every code is exact inside the 11-cell window
// (five cells on each side) it is computed from. F2S and F3S are the
// stronger kinds of F2 and F3 (more cells upgrade them): the rules and the
// threat searches treat them as F2 and F3 (Coarse); they are told apart for
// the evaluation's cell values.
const (
	Dead  uint8 = iota // no five through the cell is possible in this line
	Alive              // a five through the cell is still possible
	B2                 // becomes a blocked three with one more stone
	F2                 // becomes an open three with one more stone, in one or two ways
	F2S                // becomes an open three with one more stone, in three ways or more
	B3                 // a move after this one makes a four
	F3                 // a move after this one makes an open four (open three), in one way
	F3S                // an open three that becomes an open four in two ways or more
	B4                 // four: one cell left that makes five
	F4                 // open four (or two fours in one line): two cells make five
	Five               // this move makes a winning five
	Over               // this move makes an overline (exact-five rules only)
	NumCodes
)

// Coarse is the code the rules and the threat searches see: F2S is F2 and
// F3S is F3.
func Coarse(c uint8) uint8 {
	switch c {
	case F2S:
		return F2
	case F3S:
		return F3
	}
	return c
}

// Cell classes: the combination of the four line codes of one cell for one
// side, most urgent first. A CellTable assigns them (eval/gomoku computes
// them with its weights); the rules rely only on TFive, given exactly to the
// cells where one of the codes is Five, and on TNone for occupied cells.
const (
	TNone  uint8 = iota
	TLow         // some potential
	TTwo         // at least one F2 or two B2/B3
	TB3          // a blocked three
	TF3          // an open three
	TB4          // a single four
	T33          // two open threes
	T43          // a four and an open three
	TFlex4       // an open four or two fours: wins unless the opponent has a five
	TFive        // a winning five
	NumClasses
)

// Line keys. The pattern tables map a 20-bit key of a cell and direction to
// the line code (Dead .. Over) for the side that would play the cell: 2 bits
// for each of the ten cells at offsets -5..-1, +1..+5 along the line (0
// empty, 1 black, 2 white, 3 wall or neutral stone). The positions read
// their codes through bothTable, indexed from their line bitsets instead
// (lineIndex, keyOfIndex).

const (
	keyBits  = 20
	keyCount = 1 << keyBits
)

// slotOf is the key slot of the cell at offset k (k in -5..5, k != 0).
func slotOf(k int) uint {
	if k < 0 {
		return uint(k + 5)
	}
	return uint(k + 4)
}

// Lines. The position keeps every line of the padded array (rows, columns
// and both diagonals) as two bitsets, one per colour, with walls in both;
// lineOf and posOf place a cell on the line of each direction, so that a
// step in that direction adds one to its position.
const nLines = 2*stride - 1

var lineOf, posOf = lineGeometry()

func lineGeometry() (line, pos *[4][nCells]uint8) {
	line, pos = new([4][nCells]uint8), new([4][nCells]uint8)
	for c := 0; c < nCells; c++ {
		x, y := c%stride, c/stride
		line[0][c], pos[0][c] = uint8(y), uint8(x)
		line[1][c], pos[1][c] = uint8(x), uint8(y)
		line[2][c], pos[2][c] = uint8(x-y+stride-1), uint8(y)
		line[3][c], pos[3][c] = uint8(x+y), uint8(y)
	}
	return line, pos
}

// fiveKind says what counts as a winning five in the tables.
type fiveKind uint8

const (
	fiveOrMore fiveKind = iota // freestyle, and white in renju
	exactFive                  // standard, and black in renju
	caroFive                   // exactly five, not blocked at both ends by the opponent
	numFiveKinds
)

// patternTables are indexed by the side that would play (0 black, 1 white)
// and the line key.
type patternTables [2][]uint8

var (
	tableOnce [numFiveKinds]sync.Once
	tables    [numFiveKinds]patternTables
)

func tablesFor(k fiveKind) *patternTables {
	tableOnce[k].Do(func() {
		if t, ok := embeddedTables(k); ok {
			tables[k] = t
			return
		}
		tables[k] = buildTables(k)
	})
	return &tables[k]
}

// PrepareTables builds the pattern tables of every rule now (they are
// built on first use otherwise), e.g. while a manager is still setting up.
func PrepareTables() {
	for k := fiveKind(0); k < numFiveKinds; k++ {
		tablesFor(k)
	}
}

var (
	bothOnce [Caro + 1]sync.Once
	both     [Caro + 1]*[keyCount]uint8
)

// bothTable is the table of a rule that gives both sides' codes of a key
// at once: black in the low nibble, white in the high one.
func bothTable(r Rule) *[keyCount]uint8 {
	bothOnce[r].Do(func() {
		b := tablesFor(r.fiveKindOf(Black))[Black]
		w := tablesFor(r.fiveKindOf(White))[White]
		t := new([keyCount]uint8)
		reach := lineReach(r)
		// keyOfIndex moves each bit of an index to a bit of the key: apply
		// it a byte of the index at a time
		var byByte [3][256]int
		for i := range byByte {
			for v := 0; v < 256; v++ {
				byByte[i][v] = keyOfIndex(v<<(8*i), reach)
			}
		}
		for idx := 0; idx < 1<<(4*reach); idx++ {
			k := byByte[0][idx&0xFF] | byByte[1][idx>>8&0xFF] | byByte[2][idx>>16&0xFF]
			t[idx] = b[k] | w[k]<<4
		}
		both[r] = t
	})
	return both[r]
}

// keyOfIndex is the line key (slotOf) of a both-table index (lineIndex)
// under a reach: bit j of each colour's half is the cell j-reach away for
// j < reach, j-reach+1 away after; the cells farther than reach are empty.
func keyOfIndex(idx, reach int) int {
	k := 0
	for j := 0; j < 2*reach; j++ {
		o := j - reach
		if j >= reach {
			o++
		}
		v := idx>>j&1 | (idx>>(j+2*reach)&1)<<1
		k |= v << (2 * slotOf(o))
	}
	return k
}

// The black tables of every five kind are built once by buildTables and
// kept compressed (about 10 KB each) in tables/: a process starts in a few
// milliseconds instead of spending about a second of CPU on them while its
// first move is timed. TestEmbeddedTables checks them against buildTables
// and rewrites them with -update-tables.
//
//go:embed tables/*.flate
var tableFiles embed.FS

func tableFile(k fiveKind) string { return fmt.Sprintf("tables/kind%d.flate", k) }

func embeddedTables(k fiveKind) (patternTables, bool) {
	data, err := tableFiles.ReadFile(tableFile(k))
	if err != nil {
		return patternTables{}, false
	}
	black := make([]uint8, keyCount)
	r := flate.NewReader(bytes.NewReader(data))
	if _, err := io.ReadFull(r, black); err != nil {
		return patternTables{}, false
	}
	for _, c := range black {
		if c >= NumCodes {
			return patternTables{}, false
		}
	}
	return patternTables{black, whiteFrom(black)}, true
}

// encodeTable compresses a black table for tables/.
func encodeTable(black []uint8) []byte {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(black)
	w.Close()
	return buf.Bytes()
}

func whiteFrom(black []uint8) []uint8 {
	white := make([]uint8, keyCount)
	for key := 0; key < keyCount; key++ {
		white[key] = black[swapColours(uint32(key))]
	}
	return white
}

// Line cell values used while classifying: own, empty, opponent stone,
// wall.
const (
	lE = 0
	lO = 1
	lX = 2
	lW = 3
)

type line [11]uint8

func buildTables(k fiveKind) patternTables {
	black := make([]uint8, keyCount)
	workers := min(runtime.NumCPU(), 4)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(lo, hi int) {
			defer wg.Done()
			memo := make([]uint8, keyCount)
			for i := range memo {
				memo[i] = 0xFF
			}
			for key := lo; key < hi; key++ {
				var l line
				for kk := -5; kk <= 5; kk++ {
					if kk == 0 {
						continue
					}
					v := uint8(key>>(2*slotOf(kk))) & 3
					switch v {
					case 0:
						l[kk+5] = lE
					case 1:
						l[kk+5] = lO
					case 2:
						l[kk+5] = lX
					default:
						l[kk+5] = lW
					}
				}
				canon(&l, k)
				ck := packLine(&l)
				if memo[ck] == 0xFF {
					memo[ck] = classifyLine(l, k)
				}
				black[key] = memo[ck]
			}
		}(keyCount*w/workers, keyCount*(w+1)/workers)
	}
	wg.Wait()
	return patternTables{black, whiteFrom(black)}
}

// swapColours exchanges black and white in a key.
func swapColours(key uint32) uint32 {
	lo := key & 0x55555 // low bits of each slot
	hi := key & 0xAAAAA // high bits
	// slot values: 1 (lo only) <-> 2 (hi only); 3 stays, 0 stays
	both := lo & (hi >> 1)
	onlyLo := lo &^ (hi >> 1)
	onlyHi := (hi >> 1) &^ lo
	return both | both<<1 | onlyLo<<1 | onlyHi
}

// canon makes equivalent lines equal: beyond the first blocker on each side
// nothing matters. For caro the opponent stone next to a five matters, so the
// first blocker keeps its kind; elsewhere opponent stones and walls are the same.
func canon(l *line, k fiveKind) {
	for _, dir := range [2]int{-1, 1} {
		blocked := false
		for i := 5 + dir; i >= 0 && i <= 10; i += dir {
			if blocked {
				l[i] = lW
				continue
			}
			if l[i] == lX || l[i] == lW {
				blocked = true
				if k != caroFive {
					l[i] = lW
				}
			}
		}
	}
}

func packLine(l *line) uint32 {
	var v uint32
	for i, c := range l {
		if i == 5 {
			continue
		}
		v = v<<2 | uint32(c)
	}
	return v
}

// runThrough returns the ends of the run of own stones through index 5.
func runThrough(l *line) (a, b int) {
	a, b = 5, 5
	for a > 0 && l[a-1] == lO {
		a--
	}
	for b < 10 && l[b+1] == lO {
		b++
	}
	return
}

// isFive reports whether the own stones through index 5 make a winning five.
func isFive(l *line, k fiveKind) bool {
	a, b := runThrough(l)
	n := b - a + 1
	switch k {
	case fiveOrMore:
		return n >= 5
	case exactFive:
		return n == 5
	default:
		if n != 5 {
			return false
		}
		return !(a > 0 && b < 10 && l[a-1] == lX && l[b+1] == lX)
	}
}

// fivePoints counts the empty cells that would complete a winning five
// through index 5 (the cell itself is already own).
func fivePoints(l *line, k fiveKind) int {
	n := 0
	for q := 1; q <= 9; q++ {
		if l[q] != lE {
			continue
		}
		l[q] = lO
		if isFive(l, k) {
			n++
		}
		l[q] = lE
	}
	return n
}

// threeLevel returns 2 if some further move makes an open four (two five
// points), 1 if some further move makes a four, 0 otherwise; and the number
// of further moves that make an open four.
func threeLevel(l *line, k fiveKind) (level, open int) {
	for q := 1; q <= 9; q++ {
		if l[q] != lE {
			continue
		}
		l[q] = lO
		a, b := runThrough(l)
		// a five point must join q and the centre: skip far cells cheaply
		if q >= a-4 && q <= b+4 {
			n := fivePoints(l, k)
			if n >= 2 {
				level = 2
				open++
			} else if n == 1 && level == 0 {
				level = 1
			}
		}
		l[q] = lE
	}
	return level, open
}

// classifyLine computes the line code of the centre cell (index 5, empty).
func classifyLine(l line, k fiveKind) uint8 {
	l[5] = lO
	if isFive(&l, k) {
		return Five
	}
	a, b := runThrough(&l)
	if k != fiveOrMore && b-a+1 >= 6 {
		return Over
	}
	switch fivePoints(&l, k) {
	case 0:
	case 1:
		return B4
	default:
		return F4
	}
	switch level, open := threeLevel(&l, k); {
	case open >= 2:
		return F3S
	case level == 2:
		return F3
	case level == 1:
		return B3
	}
	two, threes := 0, 0 // threes: further moves that make an open three
	for q := 1; q <= 9; q++ {
		if l[q] != lE {
			continue
		}
		l[q] = lO
		t, _ := threeLevel(&l, k)
		l[q] = lE
		if t == 2 {
			two = 2
			threes++
		} else if t == 1 && two == 0 {
			two = 1
		}
	}
	switch {
	case threes >= 3:
		return F2S
	case two == 2:
		return F2
	case two == 1:
		return B2
	}
	// alive: some window of five cells through the centre holds no blocker
	for s := 1; s <= 5; s++ {
		ok := true
		for i := s; i < s+5; i++ {
			if l[i] == lX || l[i] == lW {
				ok = false
				break
			}
		}
		if ok {
			return Alive
		}
	}
	return Dead
}
