package stones

import (
	"fmt"
	"strings"

	"github.com/pentad-ai/pentad/engine"
)

// CellName names a cell id as the viewer labels it: column letter A..I (x),
// row number 1..9 (y), e.g. "B6" is x=1, y=5.
func CellName(id int) string {
	x, y := CellXY(id)
	return string(rune('A'+x)) + string(rune('1'+y))
}

// FormatMove writes an action in text notation: "pass", "B6xA5" for an
// attack, "I7-I6" for a strengthen.
func FormatMove(m engine.Move) string {
	switch Kind(m) {
	case Pass:
		return "pass"
	case Attack:
		return CellName(From(m)) + "x" + CellName(To(m))
	case Strengthen:
		return CellName(From(m)) + "-" + CellName(To(m))
	}
	return fmt.Sprintf("?%d", uint32(m))
}

func parseCell(s string) (int, error) {
	if len(s) != 2 {
		return -1, fmt.Errorf("stones: bad cell %q", s)
	}
	c := s[0] | 0x20
	x, y := int(c)-'a', int(s[1])-'1'
	id := CellID(x, y)
	if id < 0 {
		return -1, fmt.Errorf("stones: bad cell %q", s)
	}
	return id, nil
}

// ParseMove reads an action in text notation (see FormatMove; case does not
// matter) and checks that it is legal in p.
func (p *Position) ParseMove(s string) (engine.Move, error) {
	s = strings.TrimSpace(s)
	var m engine.Move
	if strings.EqualFold(s, "pass") {
		m = PassMove
	} else {
		sep := strings.IndexAny(s, "xX-")
		if sep < 0 {
			return 0, fmt.Errorf("stones: bad move %q", s)
		}
		f, err := parseCell(s[:sep])
		if err != nil {
			return 0, err
		}
		t, err := parseCell(s[sep+1:])
		if err != nil {
			return 0, err
		}
		kind := Attack
		if s[sep] == '-' {
			kind = Strengthen
		}
		m = MakeMove(kind, f, t)
	}
	if !p.IsLegal(m) {
		return 0, fmt.Errorf("stones: illegal move %q", s)
	}
	return m, nil
}

// String draws the board (row 1 on top) with the side to move.
func (p *Position) String() string {
	var b strings.Builder
	for y := 0; y < 9; y++ {
		for x := 0; x < 9; x++ {
			if !Valid(x, y) {
				b.WriteString("   .")
				continue
			}
			v := p.cell[Sq(x, y)]
			if v == 0 {
				b.WriteString("   -")
				continue
			}
			c := byte("abc"[TypeOf(v)-1])
			if v > 0 {
				c -= 32
			}
			fmt.Fprintf(&b, " %2d%c", HeightOf(v), c)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "%s to move, action %d\n", SideName(p.side), p.phase+1)
	return b.String()
}
