package weights

import "testing"

type ws struct {
	Alpha, Beta int
	Gamma       int32
	name        string
	Tab         [2]int
}

func TestParse(t *testing.T) {
	base := ws{Alpha: 1, Beta: 2, Gamma: 3}
	w, err := Parse(base, " alpha=10, GAMMA = -4 ")
	if err != nil || w.Alpha != 10 || w.Beta != 2 || w.Gamma != -4 {
		t.Fatalf("got %+v, %v", w, err)
	}
	for _, bad := range []string{"Alpha", "Alpha=x", "Nope=3", "Alpha=1,Beta", "name=3", "Tab=1", "Gamma=3000000000"} {
		if w, err := Parse(base, bad); err == nil || w != base {
			t.Errorf("%q: got %+v, %v", bad, w, err)
		}
	}
	if s := String(&w); s != "Alpha=10,Beta=2,Gamma=-4" {
		t.Errorf("String: %q", s)
	}
	if v := Values(&w); len(v) != 3 || v[0] != 10 || v[1] != 2 || v[2] != -4 {
		t.Errorf("Values: %v", v)
	}
	if f, err := Free(&w, " gamma,ALPHA "); err != nil || len(f) != 3 || f[0] || !f[1] || f[2] {
		t.Errorf("Free: %v, %v", f, err)
	}
	if f, err := Free(&w, "Alpha,Nope"); err == nil || f != nil {
		t.Errorf("Free with an unknown name: %v, %v", f, err)
	}
	if back, err := Parse(ws{}, String(&w)); err != nil || back != w {
		t.Errorf("String does not parse back: %+v, %v", back, err)
	}
	if w, err := Parse(base, ""); err != nil || w != base {
		t.Errorf("empty spec: %+v, %v", w, err)
	}
}

func TestApplyAllOrNothing(t *testing.T) {
	x, y := 1, 2
	ps := []Param{{Name: "X", Set: func(n int) { x = n }}, {Name: "Y", Set: func(n int) { y = n }}}
	if err := Apply("X=5,Y=-1", ps, 0); err == nil || x != 1 || y != 2 {
		t.Fatalf("below the minimum: x=%d y=%d err=%v", x, y, err)
	}
	if err := Apply("x=5,y=6", ps, 0); err != nil || x != 5 || y != 6 {
		t.Fatalf("x=%d y=%d err=%v", x, y, err)
	}
}

func FuzzApply(f *testing.F) {
	for _, s := range []string{"", "Alpha=1", "alpha=1,beta=-2", "=", ",,", "Gamma=99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		base := ws{Alpha: 1, Beta: 2, Gamma: 3}
		w, err := Parse(base, spec)
		if err != nil && w != base {
			t.Fatalf("failed %q changed the weights: %+v", spec, w)
		}
	})
}
