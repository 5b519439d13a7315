package morris

import (
	"math/bits"
	"testing"
)

func TestIndexIsRankOrder(t *testing.T) {
	for _, ab := range [][2]int{{3, 3}} {
		n := 0
		forEach(ab[0], ab[1], func(idx int, us, them uint32) {
			if us&them != 0 || bits.OnesCount32(us) != ab[0] || bits.OnesCount32(them) != ab[1] {
				t.Fatalf("bad position %x %x", us, them)
			}
			if Index(us, them) != idx {
				t.Fatalf("Index(%x,%x) = %d, want %d", us, them, Index(us, them), idx)
			}
			if expand(squeeze(them, us), us) != them {
				t.Fatalf("expand(squeeze) differs")
			}
			n++
		})
		if n != Size(ab[0], ab[1]) {
			t.Errorf("%v: %d positions, size %d", ab, n, Size(ab[0], ab[1]))
		}
	}
}
