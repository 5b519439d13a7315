package gomoku

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// An Eval with the weights' own threat values scores every position as
// the weights do, and another table changes exactly its masks' scores.
func TestThreatValues(t *testing.T) {
	e := NewComboEval(Default, DefaultCombo)
	rng := rand.New(rand.NewPCG(38, 1))
	changed := *e.Threat
	m0 := ThreatMask(&[NumClasses]int32{TF3: 2}, &[NumClasses]int32{T43: 1, TB4: 3})
	changed[m0] += 777
	for range 20000 {
		var own, opp [NumClasses]int32
		for c := range own {
			if rng.IntN(3) == 0 {
				own[c] = rng.Int32N(3)
			}
			if rng.IntN(3) == 0 {
				opp[c] = rng.Int32N(3)
			}
		}
		a, b := rng.Int32N(5000), rng.Int32N(5000)
		want := Default.Score(a, b, &own, &opp)
		if got := e.Score(a, b, &own, &opp); got != want {
			t.Fatalf("own %v opp %v: %d, weights %d", own, opp, got, want)
		}
		f := *e
		f.Threat = &changed
		d := 0
		if ThreatMask(&own, &opp) == m0 {
			d = 777
		}
		if got := f.Score(a, b, &own, &opp); got != want+d {
			t.Fatalf("changed table, own %v opp %v: %d, want %d", own, opp, got, want+d)
		}
	}
	// the mask tells the sides apart
	if ThreatMask(&[NumClasses]int32{TF3: 1}, &[NumClasses]int32{}) == ThreatMask(&[NumClasses]int32{}, &[NumClasses]int32{TF3: 1}) {
		t.Fatal("the same mask for either side's open three")
	}
}

func TestThreatsRoundTrip(t *testing.T) {
	base := Default.ThreatValues()
	want := *base
	want[5] = -1234
	want[NumThreats-1] = 4321
	want[3<<NumThreatBits|9] = 17
	var buf bytes.Buffer
	if err := WriteThreats(&buf, &want, base); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), "\n"); n != 3 {
		t.Fatalf("%d lines written for 3 changed masks:\n%s", n, buf.String())
	}
	got, err := ReadThreats(strings.NewReader("# a comment\n\n"+buf.String()), base)
	if err != nil {
		t.Fatal(err)
	}
	if *got != want {
		t.Fatal("table changed by writing and reading")
	}
	buf.Reset()
	if err := WriteThreats(&buf, &want, nil); err != nil {
		t.Fatal(err)
	}
	if got, err = ReadThreats(&buf, new(ThreatTable)); err != nil || *got != want {
		t.Fatalf("the whole table: %v", err)
	}
	if got, err := ReadThreats(strings.NewReader("F3+B4 43 -500\n- - 3\n"), base); err != nil ||
		got[ThreatMask(&[NumClasses]int32{TF3: 1, TB4: 1}, &[NumClasses]int32{T43: 1})] != -500 || got[0] != 3 {
		t.Fatalf("hand-written lines: %v", err)
	}
}

func TestReadThreatsErrors(t *testing.T) {
	base := Default.ThreatValues()
	for _, in := range []string{
		"F3 - 1\nF3 - 2\n",       // twice
		"B4+F3 - 1\nF3+B4 - 1\n", // twice, in another order
		"F2 - 1\n",               // unknown class
		"F3+F3 - 1\n",            // a class twice
		"F3+ - 1\n",              // empty name
		"F3 - 70000\n",           // too big
		"F3 - x\n",               // not a number
		"F3 1\n",                 // fields
		"F3 - 1 2\n",
	} {
		if _, err := ReadThreats(strings.NewReader(in), base); err == nil {
			t.Errorf("%q read without error", in)
		}
	}
}

func FuzzReadThreats(f *testing.F) {
	base := Default.ThreatValues()
	var buf bytes.Buffer
	if err := WriteThreats(&buf, base, nil); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte("F3+B4 43 -500\n- - 3\n"))
	f.Add([]byte("# x\n\nFive+Flex4 - 65536\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		th, err := ReadThreats(bytes.NewReader(b), base)
		if err != nil {
			return
		}
		for _, v := range th {
			if v < -MaxThreatValue || v > MaxThreatValue {
				t.Fatalf("value %d read", v)
			}
		}
	})
}
