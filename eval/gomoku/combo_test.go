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
	e := NewComboEval(Default, Default.ComboValues(), nil)
	if *e.Table != *NewEval(Default).Table {
		t.Fatal("a combination table of the default values builds another cell table")
	}
	c := Default.ComboValues()
	k := ComboIndex([4]uint8{F3, B2, Alive, Dead})
	c[k] += 7
	e = NewComboEval(Default, c, nil)
	pt := [4]uint8{B2, Dead, F3, Alive}
	key := int(pt[0]) | int(pt[1])<<4 | int(pt[2])<<8 | int(pt[3])<<12
	cl, want := Default.Classify(pt)
	if got := int32(e.Table.Cell[key] & (1<<24 - 1)); got != want+7 {
		t.Fatalf("changed combination: value %d, want %d", got, want+7)
	}
	if e.Table.Cell[key]>>24 != uint32(cl) {
		t.Fatal("the class changed with the value")
	}
	if e.Table.Opp[key] != want+7 {
		t.Fatalf("opponent's value %d without an opponent's table, want %d", e.Table.Opp[key], want+7)
	}
	// an opponent's table values the cells of the side not to move only
	o := Default.ComboValues()
	o[k] = 99
	e = NewComboEval(Default, c, o)
	if got := int32(e.Table.Cell[key] & (1<<24 - 1)); got != want+7 || e.Table.Opp[key] != 99 || e.Table.RenjuOpp[key] != 99 {
		t.Fatalf("with an opponent's table: values %d, %d, %d; want %d, 99, 99", got, e.Table.Opp[key], e.Table.RenjuOpp[key], want+7)
	}
	dbl := [4]uint8{F3S, F3, Dead, Dead} // likely forbidden to black under renju
	kd := int(dbl[0]) | int(dbl[1])<<4
	if e.Table.RenjuOpp[kd] != 0 || e.Table.Opp[kd] == 0 {
		t.Fatalf("double three: renju opponent's value %d (want 0), other %d", e.Table.RenjuOpp[kd], e.Table.Opp[kd])
	}
}

// Two tables written by WriteComboPair read back; a one-value file reads as
// a pair of equal tables; a file mixing both is refused.
func TestComboPairRoundTrip(t *testing.T) {
	own, opp := Default.ComboValues(), Default.ComboValues()
	own[3], opp[5] = 12345, 54321
	var buf bytes.Buffer
	if err := WriteComboPair(&buf, own, opp); err != nil {
		t.Fatal(err)
	}
	a, b, err := ReadComboPair(strings.NewReader("# a comment\n\n" + buf.String()))
	if err != nil || *a != *own || *b != *opp {
		t.Fatalf("pair changed by writing and reading (%v)", err)
	}
	var one bytes.Buffer
	if err := WriteCombos(&one, own); err != nil {
		t.Fatal(err)
	}
	if a, b, err = ReadComboPair(&one); err != nil || *a != *own || *b != *own {
		t.Fatalf("one table read as a pair: %v", err)
	}
	lines := strings.SplitAfter(buf.String(), "\n")
	mixed := strings.Join(lines[:len(lines)-2], "") + "Dead Dead Dead Dead 0\n"
	if _, _, err := ReadComboPair(strings.NewReader(mixed)); err == nil {
		t.Fatal("a file with one and two values a line read")
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
		_ = NewComboEval(Default, c, nil)
	})
}

func FuzzReadComboPair(f *testing.F) {
	var buf bytes.Buffer
	if err := WriteComboPair(&buf, Default.ComboValues(), Default.ComboValues()); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte("F3 F3 B2 Alive 12 7\n"))
	f.Add([]byte("F3 F3 B2 Alive 12\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		own, opp, err := ReadComboPair(bytes.NewReader(b))
		if err != nil {
			return
		}
		for i := range own {
			if own[i] < 0 || own[i] > MaxComboValue || opp[i] < 0 || opp[i] > MaxComboValue {
				t.Fatalf("values %d %d read", own[i], opp[i])
			}
		}
		_ = NewComboEval(Default, own, opp)
	})
}

// The brain's table is the embedded one, read whole.
func TestDefaultCombo(t *testing.T) {
	if *DefaultEval.Combo != *DefaultCombo || *DefaultEval.Opp != *DefaultOppCombo || *DefaultEval.Table != *NewComboEval(Default, DefaultCombo, DefaultOppCombo).Table {
		t.Fatal("DefaultEval is not built from DefaultCombo and DefaultOppCombo")
	}
	if *DefaultCombo == *Default.ComboValues() {
		t.Fatal("combo.txt holds the weights' own values")
	}
}
