package gomoku

import (
	"bytes"
	"strings"
	"testing"
)

// The ordering by cell values as a policy: own values weighted, the
// opponent's whole, and black's likely forbidden cells worth nothing under
// renju.
func TestValuePolicy(t *testing.T) {
	pl := ValuePolicy(DefaultCombo, 5)
	own := [4]uint8{F3, B3, Alive, Dead}
	opp := [4]uint8{B4, F2, Dead, Dead}
	key := func(pt [4]uint8) uint16 {
		return uint16(pt[0]) | uint16(pt[1])<<4 | uint16(pt[2])<<8 | uint16(pt[3])<<12
	}
	want := DefaultCombo[ComboIndex(own)]*5/4 + DefaultCombo[ComboIndex(opp)]
	if got := pl.ValueOf(key(own), key(opp), false, false); got != want {
		t.Fatalf("value %d, want %d", got, want)
	}
	dbl := [4]uint8{F3, F3, Dead, Dead} // a double three
	if got := pl.ValueOf(key(dbl), key(opp), true, false); got != DefaultCombo[ComboIndex(opp)] {
		t.Fatalf("black's double three under renju: value %d", got)
	}
	if got := pl.ValueOf(key(own), key(dbl), false, true); got != DefaultCombo[ComboIndex(own)]*5/4 {
		t.Fatalf("blocking black's double three under renju: value %d", got)
	}
	five := [4]uint8{Over, Five, Dead, Dead} // a five is never forbidden
	if got := pl.ValueOf(key(five), key(opp), true, false); got != DefaultCombo[ComboIndex(five)]*5/4+DefaultCombo[ComboIndex(opp)] {
		t.Fatalf("black's five under renju: value %d", got)
	}
	if ComboOfKey(key(own)) != ComboIndex(own) {
		t.Fatal("ComboOfKey")
	}
}

func TestPolicyRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	want := ValuePolicy(DefaultCombo, 5)
	want.Own[3], want.Opp[700] = 12345, 0
	if err := WritePolicy(&buf, want); err != nil {
		t.Fatal(err)
	}
	got, err := ReadPolicy(strings.NewReader("# a comment\n\n" + buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	if *got != *want {
		t.Fatal("policy changed by writing and reading")
	}
}

func TestReadPolicyErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := WritePolicy(&buf, ValuePolicy(DefaultCombo, 5)); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(buf.String(), "\n")
	cases := map[string]string{
		"missing":   strings.Join(lines[1:], ""),
		"twice":     lines[0] + buf.String(),
		"code":      "Six " + strings.Join(lines, "")[len("Over "):],
		"own":       "Over Over Over Over -1 0\n" + strings.Join(lines[1:], ""),
		"opp":       "Over Over Over Over 0 99999999\n" + strings.Join(lines[1:], ""),
		"fields":    "F3 F3 F3 F3 1\n" + buf.String(),
		"not a num": "Over Over Over Over x 0\n" + strings.Join(lines[1:], ""),
	}
	for name, in := range cases {
		if _, err := ReadPolicy(strings.NewReader(in)); err == nil {
			t.Errorf("%s: read without error", name)
		}
	}
}

func FuzzReadPolicy(f *testing.F) {
	var buf bytes.Buffer
	if err := WritePolicy(&buf, ValuePolicy(DefaultCombo, 5)); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte("F3 F3 B2 Alive 12 7\n"))
	f.Add([]byte("# x\n\nfive five five five 70000 1\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		pl, err := ReadPolicy(bytes.NewReader(b))
		if err != nil {
			return
		}
		for i := range pl.Own {
			if pl.Own[i] < 0 || pl.Own[i] > MaxComboValue || pl.Opp[i] < 0 || pl.Opp[i] > MaxComboValue {
				t.Fatalf("values %d %d read", pl.Own[i], pl.Opp[i])
			}
		}
	})
}

// The brain orders by the embedded policy, read whole, which is not the
// ordering by the cell values.
func TestDefaultPolicy(t *testing.T) {
	if DefaultEval.Policy != DefaultPolicy {
		t.Fatal("DefaultEval does not order by DefaultPolicy")
	}
	for _, w := range []int32{4, 5, 6} {
		if *DefaultPolicy == *ValuePolicy(DefaultCombo, w) {
			t.Fatal("policy.txt holds the ordering by the cell values")
		}
	}
}
