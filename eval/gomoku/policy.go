package gomoku

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
)

// A Policy orders the moves of the search: the value of an empty cell for
// the side to move is Own of its combination for that side plus Opp of its
// combination for the opponent (what the move makes and what it takes).
// Under renju black's likely forbidden cells are worth nothing to either
// side, as in the cell tables. The brain orders by DefaultPolicy; without a
// policy it orders by the evaluation's cell values.
type Policy struct {
	Own, Opp ComboTable
}

// ValueOf is the ordering value of a cell whose line codes (CellKey, 4
// bits a direction) are own for the side to move and opp for the
// opponent; renjuOwn and renjuOpp tell whether that side is black under
// renju.
func (pl *Policy) ValueOf(own, opp uint16, renjuOwn, renjuOpp bool) int32 {
	i, j := comboOf[own], comboOf[opp]
	var v int32
	if !renjuOwn || !comboForbidden[i] {
		v = pl.Own[i]
	}
	if !renjuOpp || !comboForbidden[j] {
		v += pl.Opp[j]
	}
	return v
}

// BlackForbiddenCombo tells whether black's cells of combination i are
// probably forbidden under renju, so that the cell tables give them no
// value.
func BlackForbiddenCombo(i int) bool { return comboForbidden[i] }

// comboForbidden marks the combinations blackLikelyForbidden calls
// forbidden (a five is never: its class is TFive).
var comboForbidden = func() *[NumCombos]bool {
	var f [NumCombos]bool
	for i := range f {
		c := comboCodes[i]
		f[i] = c[0] != Five && c[1] != Five && c[2] != Five && c[3] != Five && blackLikelyForbidden(c)
	}
	return &f
}()

// DefaultPolicy orders the brain's moves (policy.txt): fitted with the
// line codes F2S and F3S on the moves of session 38's 16000 self-play games
// (pbrain-pentad texel -policy policy.txt -mincount 50 gen1.jsonl
// gen2.jsonl, from the ordering by the cell values: held-out top-1 28.0%
// -> 28.9%, top-8 78.2% -> 82.2%). Against the ordering by the cell values
// at 0.2 s a move (arena -game gomoku -tc 0/0.2 -games 400 -concurrency 2,
// -threads 1 each, the 120 balanced openings, seed 4005): +58.7 +/- 30.3
// Elo (LOS 100%, ptnml [20 9 108 10 53]); tactics.txt at 500 ms 126 of 137
// (127 before).
var DefaultPolicy = mustRead("policy.txt", policyFile, ReadPolicy)

//go:embed policy.txt
var policyFile string

// ValuePolicy is the ordering by cell values that a brain without a policy
// uses: own values weighted by ownW/4, the opponent's by 1.
func ValuePolicy(t *ComboTable, ownW int32) *Policy {
	pl := new(Policy)
	for i, v := range t {
		pl.Own[i] = v * ownW / 4
		pl.Opp[i] = v
	}
	return pl
}

// WritePolicy writes pl, a line per combination: its four codes by name,
// highest first, its Own and its Opp value.
func WritePolicy(out io.Writer, pl *Policy) error {
	bw := bufio.NewWriter(out)
	for i := range pl.Own {
		c := comboCodes[i]
		fmt.Fprintf(bw, "%s %s %s %s %d %d\n", codeNames[c[0]], codeNames[c[1]], codeNames[c[2]], codeNames[c[3]], pl.Own[i], pl.Opp[i])
	}
	return bw.Flush()
}

// ReadPolicy reads a policy written by WritePolicy: a line per
// combination, four code names in any order and two values in
// 0..MaxComboValue; blank lines and lines starting with # are skipped.
// Every combination must be given exactly once. An error names the line.
func ReadPolicy(r io.Reader) (*Policy, error) {
	pl := new(Policy)
	err := readComboLines(r, "two values", func(i int, v []int32) { pl.Own[i], pl.Opp[i] = v[0], v[1] }, 2)
	if err != nil {
		return nil, err
	}
	return pl, nil
}

// ComboOfKey is the combination of a cell's line codes packed 4 bits a
// direction (game/gomoku's CellKey); keys holding a code out of range give
// combination 0.
func ComboOfKey(k uint16) int { return int(comboOf[k]) }
