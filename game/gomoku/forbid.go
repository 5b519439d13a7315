package gomoku

// Exact renju forbidden-move test, read from the stones themselves (not from
// the pattern tables, which see only a window of the line).
//
// Black may not play a move that makes an overline (six or more), two fours,
// or two open threes, unless the same move makes exactly five. A three counts
// only if it can become a straight four by a move that is itself not
// forbidden (tested recursively, with the stones of the three in place).

const maxForbidDepth = 8

// Forbidden reports whether black playing empty cell c is forbidden under
// renju. It does not look at whose turn it is.
func (p *Position) Forbidden(c int) bool {
	if p.cell[c] != Empty {
		return false
	}
	return p.forbidden(c, 0)
}

// runLen is the length of the black run through c in direction dd (c black).
func (p *Position) runLen(c, dd int) int {
	n := 1
	for q := c + dd; p.cell[q] == BlackSt; q += dd {
		n++
	}
	for q := c - dd; p.cell[q] == BlackSt; q -= dd {
		n++
	}
	return n
}

func (p *Position) forbidden(c, depth int) bool {
	if depth > maxForbidDepth {
		return false
	}
	p.cell[c] = BlackSt
	defer func() { p.cell[c] = Empty }()
	over := false
	for _, dd := range dirs {
		n := p.runLen(c, dd)
		if n == 5 {
			return false // five wins
		}
		if n > 5 {
			over = true
		}
	}
	if over {
		return true
	}
	var fours [4]int
	total := 0
	for d, dd := range dirs {
		fours[d] = p.foursIn(c, dd)
		total += fours[d]
	}
	if total >= 2 {
		return true
	}
	threes := 0
	for d, dd := range dirs {
		if fours[d] > 0 {
			continue
		}
		if p.openThreeIn(c, dd, depth) {
			threes++
			if threes >= 2 {
				return true
			}
		}
	}
	return false
}

// fivePointsIn lists the offsets k (|k| <= 4) of the empty cells that would
// make exactly five through c in direction dd (c is black).
func (p *Position) fivePointsIn(c, dd int, out *[8]int) int {
	n := 0
	for k := -4; k <= 4; k++ {
		if k == 0 {
			continue
		}
		q := c + k*dd
		if p.cell[q] != Empty {
			continue
		}
		p.cell[q] = BlackSt
		if p.runLen(c, dd) == 5 {
			out[n] = k
			n++
		}
		p.cell[q] = Empty
	}
	return n
}

// foursIn counts the fours through c in direction dd: a straight four (two
// five points five apart with the four stones between) is one four; any
// other five point is a four of its own.
func (p *Position) foursIn(c, dd int) int {
	var pts [8]int
	n := p.fivePointsIn(c, dd, &pts)
	if n == 2 && pts[1]-pts[0] == 5 {
		return 1
	}
	return n
}

// straightFour reports whether the black stones through c in direction dd
// make a straight four (two five points five apart).
func (p *Position) straightFour(c, dd int) bool {
	var pts [8]int
	n := p.fivePointsIn(c, dd, &pts)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if pts[j]-pts[i] == 5 {
				return true
			}
		}
	}
	return false
}

// openThreeIn reports whether black at c makes a real open three in
// direction dd: some empty cell of the line turns it into a straight four and
// is not itself forbidden.
func (p *Position) openThreeIn(c, dd, depth int) bool {
	for k := -4; k <= 4; k++ {
		if k == 0 {
			continue
		}
		q := c + k*dd
		if p.cell[q] != Empty {
			continue
		}
		p.cell[q] = BlackSt
		sf := p.straightFour(c, dd)
		p.cell[q] = Empty
		if sf && !p.forbidden(q, depth+1) {
			return true
		}
	}
	return false
}
