package gomoku

import "testing"

func TestClassify(t *testing.T) {
	cases := []struct {
		p    [4]uint8
		want uint8
	}{
		{[4]uint8{Five, Dead, Dead, Dead}, TFive},
		{[4]uint8{F4, Dead, Dead, Dead}, TFlex4},
		{[4]uint8{B4, B4, Dead, Dead}, TFlex4},
		{[4]uint8{B4, F3, Dead, Dead}, T43},
		{[4]uint8{F3, F3, Alive, Dead}, T33},
		{[4]uint8{B4, B3, Dead, Dead}, TB4},
		{[4]uint8{F3, B2, Dead, Dead}, TF3},
		{[4]uint8{B3, Dead, Dead, Dead}, TB3},
		{[4]uint8{F2, Dead, Dead, Dead}, TTwo},
		{[4]uint8{Alive, Dead, Dead, Dead}, TLow},
		{[4]uint8{Dead, Dead, Dead, Dead}, TNone},
		{[4]uint8{Over, Dead, Dead, Dead}, TNone},
	}
	prev := int32(1 << 30)
	for i, c := range cases {
		cl, v := Classify(c.p)
		if cl != c.want {
			t.Fatalf("%v: class %d, want %d", c.p, cl, c.want)
		}
		// the threat classes (down to a lone open three) are valued in order
		if i < 7 && v > prev {
			t.Fatalf("%v: value %d above a more urgent class (%d)", c.p, v, prev)
		}
		prev = v
	}
}

func TestScoreThreats(t *testing.T) {
	var own, opp [NumClasses]int32
	base := Score(100, 100, &own, &opp)
	own[TFlex4] = 1
	if s := Score(100, 100, &own, &opp); s != base+int(Default.ThreatWin) {
		t.Fatalf("open four to play: %d", s)
	}
	opp[TB4] = 1 // the opponent has a four to answer with
	if s := Score(100, 100, &own, &opp); s != base {
		t.Fatalf("open four against a four: %d", s)
	}
}
