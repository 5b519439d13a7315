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
	if *DefaultEval.Combo != *DefaultCombo || *DefaultEval.Table != *NewComboEval(Default, DefaultCombo).Table {
		t.Fatal("DefaultEval is not built from DefaultCombo")
	}
	if *DefaultCombo == *Default.ComboValues() {
		t.Fatal("combo.txt holds the weights' own values")
	}
}
