package morris

import "testing"

func FuzzParse(f *testing.F) {
	for _, s := range []string{"P4", "P4T15", "M0-1", "M1-4T9", "Pd6Tg4", "Ma7-d7", "w:0,2,4;b:1,3;b;4;0", "w:a7;b:;w;1;0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if m, err := ParseMoveText(s); err == nil {
			for _, names := range []bool{false, true} {
				m2, err := ParseMoveText(FormatMove(m, names))
				if err != nil || m2 != m {
					t.Fatalf("%q: round trip %v", s, err)
				}
			}
		}
		if p, err := ParsePosition(s); err == nil {
			q, err := ParsePosition(p.String())
			if err != nil || q.String() != p.String() || q.Hash() != p.Hash() {
				t.Fatalf("%q: position round trip %v", s, err)
			}
			p.Status()
			p.Terminal()
			if m, err := p.ParseMove("P0"); err == nil {
				p.Make(m)
			}
		}
	})
}
