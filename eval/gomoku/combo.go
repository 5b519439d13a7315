package gomoku

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// A combination is the multiset of the four line codes of a cell for one
// side (the order of the directions does not matter to the evaluation):
// NumCombos of them, numbered in the order of their codes sorted from the
// highest down. A ComboTable gives each its value, replacing the sum of
// Weights.Dir and Weights.Bonus that Classify computes; the class of a cell
// stays Classify's.
const NumCombos = 1365 // multisets of 4 out of NumCodes=12 codes: C(15, 4)

// ComboTable is the value of every combination (index by ComboIndex).
type ComboTable [NumCombos]int32

var comboOf, comboCodes = combos()

// combos numbers the combinations: the combination of every line-code key
// (4 bits a direction) and the codes of every combination (highest first).
// Package variables initialised by
// it (not an init function) are ready for the other package variables
// that read tables (DefaultCombo).
func combos() (of *[1 << 16]uint16, codes *[NumCombos][4]uint8) {
	of, codes = new([1 << 16]uint16), new([NumCombos][4]uint8)
	byKey := map[[4]uint8]uint16{} // sorted codes -> combination
	n := 0
	for a := int(NumCodes) - 1; a >= 0; a-- {
		for b := a; b >= 0; b-- {
			for c := b; c >= 0; c-- {
				for d := c; d >= 0; d-- {
					k := [4]uint8{uint8(a), uint8(b), uint8(c), uint8(d)}
					codes[n] = k
					byKey[k] = uint16(n)
					n++
				}
			}
		}
	}
	if n != NumCombos {
		panic("gomoku: NumCombos")
	}
	for i := range of {
		var pt [4]uint8
		ok := true
		for d := 0; d < 4; d++ {
			pt[d] = uint8(i>>(4*d)) & 0xF
			ok = ok && pt[d] < NumCodes
		}
		if ok {
			of[i] = byKey[sortCodes(pt)]
		}
	}
	return of, codes
}

// sortCodes returns the codes from the highest down.
func sortCodes(pt [4]uint8) [4]uint8 {
	for i := 1; i < len(pt); i++ {
		for j := i; j > 0 && pt[j] > pt[j-1]; j-- {
			pt[j], pt[j-1] = pt[j-1], pt[j]
		}
	}
	return pt
}

// ComboIndex is the combination of four line codes (each below NumCodes).
func ComboIndex(pt [4]uint8) int {
	return int(comboOf[int(pt[0])|int(pt[1])<<4|int(pt[2])<<8|int(pt[3])<<12])
}

// ComboCodes are the codes of combination i, highest first.
func ComboCodes(i int) [4]uint8 { return comboCodes[i] }

// ComboValues is the table of the values Classify gives with w.
func (w *Weights) ComboValues() *ComboTable {
	t := new(ComboTable)
	for i := range t {
		_, t[i] = w.Classify(comboCodes[i])
	}
	return t
}

// MaxComboValue bounds a combination's value (a cell table packs values in
// 24 bits; the sums of a board must stay far inside an int32).
const MaxComboValue = 1 << 16

var codeNames = [NumCodes]string{Dead: "Dead", Alive: "Alive", B2: "B2", F2: "F2", F2S: "F2S", B3: "B3", F3: "F3", F3S: "F3S", B4: "B4", F4: "F4", Five: "Five", Over: "Over"}

// WriteCombos writes t, a line per combination: its four codes by name,
// highest first, and its value.
func WriteCombos(out io.Writer, t *ComboTable) error {
	bw := bufio.NewWriter(out)
	for i, v := range t {
		c := comboCodes[i]
		fmt.Fprintf(bw, "%s %s %s %s %d\n", codeNames[c[0]], codeNames[c[1]], codeNames[c[2]], codeNames[c[3]], v)
	}
	return bw.Flush()
}

// ReadCombos reads a table written by WriteCombos: a line per combination,
// four code names in any order and a value in 0..MaxComboValue; blank lines
// and lines starting with # are skipped. Every combination must be given
// exactly once. An error names the line.
func ReadCombos(r io.Reader) (*ComboTable, error) {
	t := new(ComboTable)
	err := readComboLines(r, "a value", func(i int, v []int32) { t[i] = v[0] }, 1)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// readComboLines reads a file of a line per combination: four code names
// in any order and nvals values in 0..MaxComboValue (what names them in
// errors), passed to set; blank lines and lines starting with # are
// skipped. Every combination must be given exactly once. An error names
// the line.
func readComboLines(r io.Reader, what string, set func(i int, v []int32), nvals int) error {
	var seen [NumCombos]bool
	v := make([]int32, nvals)
	n := 0
	err := eachDataLine(r, func(line int, f []string) error {
		if len(f) != 4+nvals {
			return fmt.Errorf("line %d: want four codes and %s, got %d fields", line, what, len(f))
		}
		var pt [4]uint8
		for d := 0; d < 4; d++ {
			c, ok := codeByName(f[d])
			if !ok {
				return fmt.Errorf("line %d: unknown line code %q", line, printable(f[d]))
			}
			pt[d] = c
		}
		for k := range v {
			x, err := strconv.Atoi(f[4+k])
			if err != nil || x < 0 || x > MaxComboValue {
				return fmt.Errorf("line %d: value %q not in 0..%d", line, printable(f[4+k]), MaxComboValue)
			}
			v[k] = int32(x)
		}
		i := ComboIndex(pt)
		if seen[i] {
			return fmt.Errorf("line %d: combination given twice", line)
		}
		seen[i] = true
		set(i, v)
		n++
		return nil
	})
	if err != nil {
		return err
	}
	if n != NumCombos {
		return fmt.Errorf("%d combinations, want %d", n, NumCombos)
	}
	return nil
}

// eachDataLine calls fn with the number and the fields of every line of r
// that is neither blank nor a comment (starting with #), up to fn's first
// error.
func eachDataLine(r io.Reader, fn func(line int, f []string) error) error {
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		if err := fn(line, strings.Fields(s)); err != nil {
			return err
		}
	}
	return sc.Err()
}

func codeByName(s string) (uint8, bool) {
	for c, n := range codeNames {
		if strings.EqualFold(n, s) {
			return uint8(c), true
		}
	}
	return 0, false
}

// printable cuts s to 20 bytes and quotes what is not printable ASCII.
func printable(s string) string {
	if len(s) > 20 {
		s = s[:20] + "..."
	}
	q := strconv.QuoteToASCII(s)
	return q[1 : len(q)-1]
}

// NewComboEval builds the evaluation of w with the cell values of t (the
// classes, and the whole-board terms, stay w's).
func NewComboEval(w Weights, t *ComboTable) *Eval {
	c := *t
	e := &Eval{W: w, Combo: &c, Threat: w.ThreatValues()}
	e.Table = buildTable(&e.W, e.Combo, nil)
	return e
}

// RenjuCombos are the cell values by combination of line codes under
// renju: black's (index 0) and white's (a cell black probably may not play
// is worth nothing whatever its value).
type RenjuCombos [2]ComboTable

// WithRenju returns a copy of e whose cells under renju take the values of
// r (nil: the values of the other rules).
func (e *Eval) WithRenju(r *RenjuCombos) *Eval {
	c := *e
	c.Renju = nil
	if r != nil {
		rc := *r
		c.Renju = &rc
	}
	c.Table = buildTable(&c.W, c.Combo, c.Renju)
	return &c
}

// WriteRenjuCombos writes r, a line per combination: its four codes by
// name, highest first, black's value and white's.
func WriteRenjuCombos(out io.Writer, r *RenjuCombos) error {
	bw := bufio.NewWriter(out)
	for i := range r[0] {
		c := comboCodes[i]
		fmt.Fprintf(bw, "%s %s %s %s %d %d\n", codeNames[c[0]], codeNames[c[1]], codeNames[c[2]], codeNames[c[3]], r[0][i], r[1][i])
	}
	return bw.Flush()
}

// ReadRenjuCombos reads a table written by WriteRenjuCombos (the rules of
// ReadCombos, with black's and white's value on each line).
func ReadRenjuCombos(rd io.Reader) (*RenjuCombos, error) {
	r := new(RenjuCombos)
	err := readComboLines(rd, "black's and white's values", func(i int, v []int32) { r[0][i], r[1][i] = v[0], v[1] }, 2)
	if err != nil {
		return nil, err
	}
	return r, nil
}
