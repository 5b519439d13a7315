package gomoku

import (
	"bytes"
	"strings"
	"testing"
)

func TestComboIndex(t *testing.T) {
	seen := map[int]bool{}
	for i := 0; i < NumCombos; i++ {
		c := ComboCodes(i)
		if ComboIndex(c) != i {
			t.Fatalf("combination %d: codes %v index %d", i, c, ComboIndex(c))
		}
		// every order of the four codes is the same combination
		for _, p := range [][4]uint8{{c[3], c[2], c[1], c[0]}, {c[1], c[3], c[0], c[2]}} {
			if ComboIndex(p) != i {
				t.Fatalf("codes %v: index %d, want %d", p, ComboIndex(p), i)
			}
		}
		seen[i] = true
	}
	if ComboIndex([4]uint8{Over, Over, Over, Over}) != 0 || ComboIndex([4]uint8{}) != NumCombos-1 {
		t.Fatal("the combinations are not numbered from the highest codes down")
	}
	if len(seen) != NumCombos {
		t.Fatal(len(seen))
	}
}

// The table of a set of weights' own values is the set of weights' table.
func TestComboEvalSameTable(t *testing.T) {
	e := NewComboEval(Default, Default.ComboValues())
	if *e.Table != *NewEval(Default).Table {
		t.Fatal("a combination table of the default values builds another cell table")
	}
	c := Default.ComboValues()
	k := ComboIndex([4]uint8{F3, B2, Alive, Dead})
	c[k] += 7
	e = NewComboEval(Default, c)
	pt := [4]uint8{B2, Dead, F3, Alive}
	key := int(pt[0]) | int(pt[1])<<4 | int(pt[2])<<8 | int(pt[3])<<12
	cl, want := Default.Classify(pt)
	if got := int32(e.Table.Cell[key] & (1<<24 - 1)); got != want+7 {
		t.Fatalf("changed combination: value %d, want %d", got, want+7)
	}
	if e.Table.Cell[key]>>24 != uint32(cl) {
		t.Fatal("the class changed with the value")
	}
}

func TestCombosRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	want := Default.ComboValues()
	want[3] = 12345
	if err := WriteCombos(&buf, want); err != nil {
		t.Fatal(err)
	}
	got, err := ReadCombos(strings.NewReader("# a comment\n\n" + buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	if *got != *want {
		t.Fatal("table changed by writing and reading")
	}
}

func TestReadCombosErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteCombos(&buf, Default.ComboValues()); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(buf.String(), "\n")
	cases := map[string]string{
		"missing":   strings.Join(lines[1:], ""),
		"twice":     lines[0] + buf.String(),
		"code":      "Six " + strings.Join(lines, "")[len("Over "):],
		"value":     strings.Replace(buf.String(), " 0\n", " -1\n", 1),
		"big":       strings.Replace(buf.String(), " 0\n", " 99999999\n", 1),
		"fields":    "F3 F3 1\n" + buf.String(),
		"not a num": strings.Replace(buf.String(), " 0\n", " x\n", 1),
	}
	for name, in := range cases {
		if _, err := ReadCombos(strings.NewReader(in)); err == nil {
			t.Errorf("%s: read without error", name)
		}
	}
}

func FuzzReadCombos(f *testing.F) {
	var buf bytes.Buffer
	if err := WriteCombos(&buf, Default.ComboValues()); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte("F3 F3 B2 Alive 12\n"))
	f.Add([]byte("# x\n\nfive five five five 70000\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := ReadCombos(bytes.NewReader(b))
		if err != nil {
			return
		}
		for _, v := range c {
			if v < 0 || v > MaxComboValue {
				t.Fatalf("value %d read", v)
			}
		}
		_ = NewComboEval(Default, c)
	})
}

// The brain's table is the embedded one, read whole.
func TestDefaultCombo(t *testing.T) {
	if *DefaultEval.Combo != *DefaultCombo || *DefaultEval.Renju != *DefaultRenju || *DefaultEval.Table != *NewComboEval(Default, DefaultCombo).WithRenju(DefaultRenju).Table {
		t.Fatal("DefaultEval is not built from DefaultCombo and DefaultRenju")
	}
	if *DefaultCombo == *Default.ComboValues() {
		t.Fatal("combo.txt holds the weights' own values")
	}
	if DefaultRenju[0] == *DefaultCombo || DefaultRenju[1] == *DefaultCombo || DefaultRenju[0] == DefaultRenju[1] {
		t.Fatal("combo-renju.txt holds combo.txt's values for a colour, or the same for both")
	}
}

// Under renju the cells of black and of white take the values of their
// own tables (black's probably forbidden cells none); the other rules'
// table stays as it was.
func TestWithRenju(t *testing.T) {
	base := NewComboEval(Default, DefaultCombo)
	var r RenjuCombos
	for k := range r[0] {
		r[0][k], r[1][k] = DefaultCombo[k]+1, DefaultCombo[k]+2
	}
	e := base.WithRenju(&r)
	if e.Table.Cell != base.Table.Cell || base.Renju != nil || e.Combo != base.Combo {
		t.Fatal("WithRenju changed the table of the other rules or the evaluation it copied")
	}
	keys := map[string][4]uint8{
		"three":        {F3, B2, Alive, Dead},
		"double three": {F3, F3S, Dead, Dead},
		"five":         {Five, F3, F3, Dead},
	}
	for name, pt := range keys {
		key := int(pt[0]) | int(pt[1])<<4 | int(pt[2])<<8 | int(pt[3])<<12
		k := ComboIndex(pt)
		cl := base.Table.Cell[key] >> 24
		wantB := r[0][k]
		if BlackForbiddenCombo(k) {
			wantB = 0
		}
		if got := int32(e.Table.Renju[key] & (1<<24 - 1)); got != wantB {
			t.Fatalf("%s: black's value %d, want %d", name, got, wantB)
		}
		if got := int32(e.Table.RenjuWhite[key] & (1<<24 - 1)); got != r[1][k] || e.Table.RenjuWhite[key]>>24 != cl {
			t.Fatalf("%s: white's entry %x, want value %d class %d", name, e.Table.RenjuWhite[key], r[1][k], cl)
		}
	}
	if !BlackForbiddenCombo(ComboIndex(keys["double three"])) || BlackForbiddenCombo(ComboIndex(keys["five"])) {
		t.Fatal("BlackForbiddenCombo: a double three allowed or a five forbidden")
	}
	// without renju values the renju tables are the other rules' values
	if back := e.WithRenju(nil); back.Table.RenjuWhite != base.Table.Cell || back.Table.Renju != base.Table.Renju {
		t.Fatal("WithRenju(nil) is not the evaluation without renju values")
	}
}

func TestRenjuCombosRoundTrip(t *testing.T) {
	var r RenjuCombos
	for k := range r[0] {
		r[0][k], r[1][k] = int32(k), int32(2*k+1)
	}
	var buf bytes.Buffer
	if err := WriteRenjuCombos(&buf, &r); err != nil {
		t.Fatal(err)
	}
	got, err := ReadRenjuCombos(strings.NewReader("# renju\n" + buf.String()))
	if err != nil || *got != r {
		t.Fatalf("table changed by writing and reading (%v)", err)
	}
	// a one-value table is refused, naming the line
	var one bytes.Buffer
	if err := WriteCombos(&one, DefaultCombo); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadRenjuCombos(&one); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Fatalf("a table of one value a line: %v", err)
	}
}

func FuzzReadRenjuCombos(f *testing.F) {
	var r RenjuCombos
	r[0], r[1] = *DefaultCombo, *DefaultCombo
	var buf bytes.Buffer
	if err := WriteRenjuCombos(&buf, &r); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte("F3 F3 B2 Alive 12 13\n"))
	f.Add([]byte("F3 F3 B2 Alive 12\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := ReadRenjuCombos(bytes.NewReader(b))
		if err != nil {
			return
		}
		for c := range r {
			for _, v := range r[c] {
				if v < 0 || v > MaxComboValue {
					t.Fatalf("value %d read", v)
				}
			}
		}
		_ = DefaultEval.WithRenju(r)
	})
}
