package quoridor

import (
	"fmt"
	"strings"
)

// Diagram draws the board for a terminal: columns A.. and rows 1..N as the
// protocol names them (row N on top), pawns B and W, walls as # (vertical)
// and === (horizontal), and the walls left. It contains no blank line.
func (p *Pos) Diagram() string {
	var b strings.Builder
	n := p.n
	header := "    "
	for x := 0; x < n; x++ {
		header += " " + string(rune('A'+x)) + "  "
	}
	b.WriteString(strings.TrimRight(header, " ") + "\n")
	border := "   +" + strings.Repeat("---+", n) + "\n"
	b.WriteString(border)
	for y := n - 1; y >= 0; y-- {
		fmt.Fprintf(&b, "%2d |", y+1)
		for x := 0; x < n; x++ {
			s := y*n + x
			c := "."
			switch s {
			case p.pawn[Black]:
				c = "B"
			case p.pawn[White]:
				c = "W"
			}
			b.WriteString(" " + c + " ")
			switch {
			case x == n-1:
				b.WriteString("|")
			case !p.can[dirE].has(s):
				b.WriteString("#")
			default:
				b.WriteString(" ")
			}
		}
		fmt.Fprintf(&b, " %d", y+1)
		switch y {
		case n - 1:
			fmt.Fprintf(&b, "   black walls: %d", p.walls[Black])
		case n - 2:
			fmt.Fprintf(&b, "   white walls: %d", p.walls[White])
		case n - 3:
			fmt.Fprintf(&b, "   to move: %s", ColorName(p.side))
		}
		b.WriteString("\n")
		if y == 0 {
			break
		}
		b.WriteString("   +")
		for x := 0; x < n; x++ {
			if !p.can[dirS].has(y*n + x) {
				b.WriteString("===+")
			} else {
				b.WriteString("   +")
			}
		}
		b.WriteString("\n")
	}
	b.WriteString(border)
	b.WriteString(strings.TrimRight(header, " "))
	return b.String()
}
