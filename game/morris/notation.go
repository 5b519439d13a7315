package morris

import (
	"errors"
	"math/bits"
	"strconv"
	"strings"

	"github.com/pentad-ai/pentad/engine"
)

// FormatMove writes m in the index notation of the specification (P4,
// P4T15, M0-1, M1-4T9), or with square names (Pd6Tg4, Ma7-d7) if names.
func FormatMove(m engine.Move, names bool) string {
	from, to, take := MoveParts(m)
	node := func(n int) string {
		if names {
			return Names[n]
		}
		return strconv.Itoa(n)
	}
	var b strings.Builder
	if from < 0 {
		b.WriteString("P")
	} else {
		b.WriteString("M")
		b.WriteString(node(from))
		b.WriteString("-")
	}
	b.WriteString(node(to))
	if take >= 0 {
		b.WriteString("T")
		b.WriteString(node(take))
	}
	return b.String()
}

var errMove = errors.New("bad move syntax")

// ParseMoveText parses the syntax of a move (index or square-name nodes,
// letters in any case) without checking it against a position.
func ParseMoveText(s string) (engine.Move, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if len(s) < 2 {
		return 0, errMove
	}
	kind := s[0]
	rest := s[1:]
	from := -1
	switch kind {
	case 'p':
	case 'm':
		i := strings.IndexByte(rest, '-')
		if i < 0 {
			return 0, errMove
		}
		f, ok := Node(rest[:i])
		if !ok {
			return 0, errMove
		}
		from = f
		rest = rest[i+1:]
	default:
		return 0, errMove
	}
	take := -1
	if i := strings.IndexByte(rest, 't'); i >= 0 {
		x, ok := Node(rest[i+1:])
		if !ok {
			return 0, errMove
		}
		take = x
		rest = rest[:i]
	}
	to, ok := Node(rest)
	if !ok {
		return 0, errMove
	}
	return encode(from, to, take), nil
}

// ParseMove parses a move and checks that it is legal in p, the game not
// being over.
func (p *Position) ParseMove(s string) (engine.Move, error) {
	m, err := ParseMoveText(s)
	if err != nil {
		return 0, err
	}
	if over, _, _ := p.Status(); over {
		return 0, errors.New("game over")
	}
	if !p.IsLegal(m) {
		return 0, errors.New("illegal move")
	}
	return m, nil
}

// ParsePosition reads a position in the notation of the specification,
// PLAYER:NODES;PLAYER:NODES;TURN;PLIES;PLIES_WITHOUT_ADVANCEMENT, with nodes
// as indices or square names, e.g. "w:0,2,4;b:1,3;b;4;0" or "w:a7;b:;b;1;0".
// The pieces still to place follow from PLIES: the 18-PLIES remaining
// placements alternate starting with the side to move.
func ParsePosition(s string) (*Position, error) {
	f := strings.Split(strings.TrimSpace(s), ";")
	if len(f) != 5 {
		return nil, errors.New("position needs 5 fields")
	}
	var occ [2]uint32
	seen := [2]bool{}
	for i := 0; i < 2; i++ {
		sf := strings.TrimSpace(f[i])
		side, list, ok := strings.Cut(sf, ":")
		if !ok {
			return nil, errors.New("bad piece list")
		}
		c, ok := sideOf(side)
		if !ok || seen[c] {
			return nil, errors.New("bad player")
		}
		seen[c] = true
		list = strings.TrimSpace(list)
		if list == "" {
			continue
		}
		for _, t := range strings.Split(list, ",") {
			n, ok := Node(strings.ToLower(strings.TrimSpace(t)))
			if !ok {
				return nil, errors.New("bad node")
			}
			if (occ[0]|occ[1])&(1<<n) != 0 {
				return nil, errors.New("node occupied twice")
			}
			occ[c] |= 1 << n
		}
	}
	side, ok := sideOf(strings.TrimSpace(f[2]))
	if !ok {
		return nil, errors.New("bad turn")
	}
	ply, err1 := strconv.Atoi(strings.TrimSpace(f[3]))
	noAdv, err2 := strconv.Atoi(strings.TrimSpace(f[4]))
	if err1 != nil || err2 != nil || ply < 0 || ply > MaxPlies || noAdv < 0 || noAdv > MaxPlies {
		return nil, errors.New("bad ply counts")
	}
	if bits.OnesCount32(occ[0]) > 9 || bits.OnesCount32(occ[1]) > 9 {
		return nil, errors.New("more than 9 pieces")
	}
	p := NewPosition()
	p.set(occ, side, ply, noAdv)
	return p, nil
}

func sideOf(s string) (int, bool) {
	switch strings.ToLower(s) {
	case "w":
		return White, true
	case "b":
		return Black, true
	}
	return 0, false
}

// String writes the position in the notation of the specification, nodes as
// indices.
func (p *Position) String() string { return p.Format(false) }

// Format writes the position, nodes as square names if names.
func (p *Position) Format(names bool) string {
	var b strings.Builder
	for s, c := range []string{"w", "b"} {
		b.WriteString(c)
		b.WriteString(":")
		first := true
		for x := p.occ[s]; x != 0; x &= x - 1 {
			if !first {
				b.WriteString(",")
			}
			first = false
			n := bits.TrailingZeros32(x)
			if names {
				b.WriteString(Names[n])
			} else {
				b.WriteString(strconv.Itoa(n))
			}
		}
		b.WriteString(";")
	}
	b.WriteString([]string{"w", "b"}[p.side])
	b.WriteString(";")
	b.WriteString(strconv.Itoa(p.ply))
	b.WriteString(";")
	b.WriteString(strconv.Itoa(p.noAdv))
	return b.String()
}
