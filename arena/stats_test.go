package arena

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f", what, got, want)
	}
}

// Worked by hand: 10 pairs with pair scores 0.5 x1, 1 x3, 1.5 x4, 2 x2.
// Per-game means of the pairs: .25, .5, .75, 1.
// mean = (.25 + 3*.5 + 4*.75 + 2*1)/10 = 6.75/10 = .675
// variance = (1*.425^2 + 3*.175^2 + 4*.075^2 + 2*.325^2)/10
//
//	= (.180625 + .091875 + .0225 + .21125)/10 = .050625
//
// se = sqrt(.050625/10) = .0711512
// Elo = -400 log10(1/.675 - 1) = -400 log10(.4814815) = 126.968
// 95%: mean -/+ 1.96 se = .535547 / .814453 -> Elo 24.742 / 256.966
// LOS = Phi(.175/.0711512) = Phi(2.45955) = .993044
// SPRT(0,10): s0 = .5, s1 = 1/(1+10^(-1/40)) = .5143868
// LLR = 10 * .0143868 * (1.35 - 1.0143868) / (2 * .050625) = .476891
func TestPentanomialHandComputed(t *testing.T) {
	s := Score{W: 11, D: 5, L: 4, Penta: [5]int{0, 1, 3, 4, 2}}
	e := s.EloEstimate()
	if !e.Pentanomial {
		t.Fatal("pentanomial not used")
	}
	near(t, "elo", e.Elo, 126.968165, 1e-4)
	near(t, "lo", e.Lo, 24.741711, 1e-4)
	near(t, "hi", e.Hi, 256.965850, 1e-4)
	near(t, "los", e.LOS, 0.993044, 1e-5)
	sp := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	near(t, "llr", sp.LLR(s), 0.476891, 1e-5)
	lo, hi := sp.Bounds()
	near(t, "lower", lo, math.Log(0.05/0.95), 1e-12)
	near(t, "upper", hi, 2.944439, 1e-6)
	if v := sp.Verdict(s); v != "" {
		t.Errorf("verdict %q, want continue", v)
	}
	// The other engine's view is the mirror image.
	f := s.Flip().EloEstimate()
	near(t, "flipped elo", f.Elo, -126.968165, 1e-4)
	near(t, "flipped los", f.LOS, 1-0.993044, 1e-5)
}

// Trinomial (no pairs): W 40 D 30 L 30 of 100.
// mean = .55; variance = (40*.45^2 + 30*.05^2 + 30*.55^2)/100 = (8.1+.075+9.075)/100 = .1725
// Elo = -400 log10(1/.55-1) = 34.860; se = sqrt(.1725/100) = .0415331
// interval .468595 / .631405 -> -21.850 / 93.502
func TestTrinomialHandComputed(t *testing.T) {
	s := Score{W: 40, D: 30, L: 30}
	e := s.EloEstimate()
	if e.Pentanomial {
		t.Fatal("pentanomial without pairs")
	}
	near(t, "elo", e.Elo, 34.860070, 1e-4)
	near(t, "lo", e.Lo, -21.850091, 1e-4)
	near(t, "hi", e.Hi, 93.502250, 1e-4)
}

func TestSPRTDecides(t *testing.T) {
	sp, err := ParseSPRT("0,10,0.05,0.05")
	if err != nil {
		t.Fatal(err)
	}
	// A crushing result: 60 pairs 2-0, 40 pairs 1-1 -> mean .8.
	strong := Score{W: 160, D: 0, L: 40, Penta: [5]int{0, 0, 40, 0, 60}}
	if v := sp.Verdict(strong); v != "H1" {
		t.Errorf("strong: verdict %q llr %f", v, sp.LLR(strong))
	}
	if v := sp.Verdict(strong.Flip()); v != "H0" {
		t.Errorf("weak: verdict %q llr %f", v, sp.LLR(strong.Flip()))
	}
	for _, bad := range []string{"10,0,0.05,0.05", "0,5,0,0.05", "x"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("ParseSPRT(%q) accepted", bad)
		}
	}
}

func TestEloScoreRoundTrip(t *testing.T) {
	for _, e := range []float64{-300, -10, 0, 35, 400} {
		near(t, "roundtrip", EloFromScore(ScoreFromElo(e)), e, 1e-9)
	}
	near(t, "elo(.75)", EloFromScore(0.75), 190.848501, 1e-5) // -400 log10(1/3)
}

func TestParseTC(t *testing.T) {
	tc, err := ParseTC("180/30")
	if err != nil || tc.Game.Seconds() != 180 || tc.Move.Seconds() != 30 {
		t.Fatal(tc, err)
	}
	tc, err = ParseTC("0/0.05")
	if err != nil || tc.Game != 0 || tc.Move.Milliseconds() != 50 {
		t.Fatal(tc, err)
	}
	if _, err := ParseTC("1/2/3"); err == nil {
		t.Fatal("accepted 1/2/3")
	}
	c := NewClock(TimeControl{Game: 1000e6, Move: 300e6, First: 500e6})
	if b, _ := c.Budget(); b != 500e6 {
		t.Fatal("first budget", b)
	}
	if b, _ := c.Budget(); !c.Spend(400e6) || b != 500e6 {
		t.Fatal("first move")
	}
	if b, _ := c.Budget(); b != 300e6 {
		t.Fatal("second budget", b)
	}
	c.Spend(300e6)
	if b, _ := c.Budget(); b != 300e6 || c.Spend(301e6) {
		t.Fatal("late move accepted")
	}
	// Game time ran out: the budget is negative, still limited.
	if b, limited := c.Budget(); !limited || b >= 0 {
		t.Fatal("overdrawn clock unlimited", b, limited)
	}
	// The tolerance counts in Spend as in Deadline.
	c = NewClock(TimeControl{Move: 100e6})
	c.Tol = 50e6
	if !c.Spend(140e6) || c.Spend(151e6) {
		t.Fatal("tolerance")
	}
	if _, limited := NewClock(TimeControl{}).Budget(); limited {
		t.Fatal("no limit is limited")
	}
}

// Ten pairs all won 2-0: Lo = Elo(0.025^(1/10)) = Elo(.6915029) = +140.217;
// two pairs: Elo(.1581139) = -290.513.
func TestPerfectScoreInterval(t *testing.T) {
	e := Score{W: 20, Penta: [5]int{0, 0, 0, 0, 10}}.EloEstimate()
	if !math.IsInf(e.Elo, 1) || !math.IsInf(e.Hi, 1) || e.LOS != 1 {
		t.Fatalf("%+v", e)
	}
	near(t, "lo", e.Lo, 140.217162, 1e-4)
	e = Score{L: 4, Penta: [5]int{2, 0, 0, 0, 0}}.EloEstimate()
	near(t, "hi", e.Hi, 290.513337, 1e-4)
	if !math.IsInf(e.Lo, -1) || e.LOS != 0 {
		t.Fatalf("%+v", e)
	}
	e = Score{D: 8, Penta: [5]int{0, 0, 4, 0, 0}}.EloEstimate()
	if e.Elo != 0 || !math.IsInf(e.Lo, -1) || !math.IsInf(e.Hi, 1) {
		t.Fatalf("all draws: %+v", e)
	}
}
