package gomoku

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The threat classes: the cell classes whose presence on the board (for
// either side) indexes a ThreatTable, weakest first.
var threatClasses = [...]uint8{TB4, TF3, T33, T43, TFlex4, TFive}

// threatNames name the threat classes in a threat file.
var threatNames = [...]string{"B4", "F3", "33", "43", "Flex4", "Five"}

// NumThreatBits is the number of threat classes of one side.
const NumThreatBits = len(threatClasses)

// NumThreats is the number of threat masks: a bit for each threat class of
// the side to move (the low NumThreatBits bits) and of the opponent.
const NumThreats = 1 << (2 * NumThreatBits)

// A ThreatTable is the whole-board term of the evaluation by threat mask
// (ThreatMask): which threat classes each side has a cell of. It replaces
// the threat bonuses of Weights.Score (Rapfi's classical evaluation has a
// learned table of this kind).
type ThreatTable [NumThreats]int32

// ThreatMask is the mask of the threat classes present in the cell counts
// of the side to move (own) and of the opponent (opp).
func ThreatMask(own, opp *[NumClasses]int32) int {
	m := 0
	for i, c := range threatClasses {
		if own[c] > 0 {
			m |= 1 << i
		}
		if opp[c] > 0 {
			m |= 1 << (NumThreatBits + i)
		}
	}
	return m
}

// threatCounts are cell counts with one cell of each class of mask m
// (own: the side to move's, opp: the opponent's).
func threatCounts(m int) (own, opp [NumClasses]int32) {
	for i, c := range threatClasses {
		if m&(1<<i) != 0 {
			own[c] = 1
		}
		if m&(1<<(NumThreatBits+i)) != 0 {
			opp[c] = 1
		}
	}
	return own, opp
}

// ThreatValues is the table of the threat bonuses of Weights.Score (which
// depend only on which classes are present), so that an Eval with it
// scores every position as w.Score does.
func (w *Weights) ThreatValues() *ThreatTable {
	t := new(ThreatTable)
	for m := range t {
		own, opp := threatCounts(m)
		t[m] = int32(w.Score(0, 0, &own, &opp))
	}
	return t
}

// MaxThreatValue bounds a threat value's magnitude.
const MaxThreatValue = 1 << 16

// threatMaskString names the classes of one side's bits b ("-": none).
func threatMaskString(b int) string {
	var parts []string
	for i, n := range threatNames {
		if b&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, "+")
}

// WriteThreats writes the entries of t that differ from base (every entry
// when base is nil), a line per mask: the side to move's classes, the
// opponent's (joined by +, "-" for none) and the value.
func WriteThreats(out io.Writer, t, base *ThreatTable) error {
	bw := bufio.NewWriter(out)
	for m, v := range t {
		if base != nil && base[m] == v {
			continue
		}
		fmt.Fprintf(bw, "%s %s %d\n", threatMaskString(m&(1<<NumThreatBits-1)), threatMaskString(m>>NumThreatBits), v)
	}
	return bw.Flush()
}

// parseThreatSide reads one side's classes as written by WriteThreats.
func parseThreatSide(s string) (int, bool) {
	if s == "-" {
		return 0, true
	}
	b := 0
	for _, p := range strings.Split(s, "+") {
		found := false
		for i, n := range threatNames {
			if strings.EqualFold(n, p) {
				if b&(1<<i) != 0 {
					return 0, false
				}
				b |= 1 << i
				found = true
			}
		}
		if !found {
			return 0, false
		}
	}
	return b, true
}

// ReadThreats reads a file written by WriteThreats over a copy of base:
// the masks it lists take its values, the others keep base's. Blank lines
// and lines starting with # are skipped; a mask given twice, an unknown
// class or a value beyond MaxThreatValue is an error naming the line.
func ReadThreats(r io.Reader, base *ThreatTable) (*ThreatTable, error) {
	t := new(ThreatTable)
	*t = *base
	var seen [NumThreats]bool
	err := eachDataLine(r, func(line int, f []string) error {
		if len(f) != 3 {
			return fmt.Errorf("line %d: want the side to move's classes, the opponent's and a value, got %d fields", line, len(f))
		}
		own, ok1 := parseThreatSide(f[0])
		opp, ok2 := parseThreatSide(f[1])
		if !ok1 || !ok2 {
			return fmt.Errorf("line %d: unknown threat classes %q %q (B4, F3, 33, 43, Flex4, Five joined by +, or -)", line, printable(f[0]), printable(f[1]))
		}
		v, err := strconv.Atoi(f[2])
		if err != nil || v < -MaxThreatValue || v > MaxThreatValue {
			return fmt.Errorf("line %d: value %q not in -%d..%d", line, printable(f[2]), MaxThreatValue, MaxThreatValue)
		}
		m := own | opp<<NumThreatBits
		if seen[m] {
			return fmt.Errorf("line %d: mask given twice", line)
		}
		seen[m] = true
		t[m] = int32(v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}
