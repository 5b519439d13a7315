package kalah

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// DB is an endgame database: for every distribution of at most K seeds over
// the holes of both sides, the exact value for the side to move, defined as
// the seeds the mover will still put into its store minus those the
// opponent will, under perfect play. Stores do not influence the future, so
// one entry serves every store count. Entries are indexed from the mover's
// point of view: the mover's holes 1..h, then the opponent's holes 1..h.
type DB struct {
	holes        int
	k            int
	captureEmpty bool
	vals         []int8
	ways         [2*MaxHoles + 1][256]uint64 // ways[n][m]: compositions of m into n parts
	below        [2*MaxHoles + 1][256]uint64 // configs of n parts with sum < m
	// prefix[(j*(k+1)+r)*(k+2)+v]: rank offset for giving value v to slot
	// j with r seeds left
	prefix []uint64
}

const unknown = int8(-128)

// K is the largest number of seeds in holes covered.
func (d *DB) K() int { return d.k }

// Holes is the board size the database is for.
func (d *DB) Holes() int { return d.holes }

// Entries is the number of positions stored.
func (d *DB) Entries() int { return len(d.vals) }

func newDB(holes, k int, captureEmpty bool) (*DB, error) {
	if holes < 1 || holes > MaxHoles || k < 0 || k > 120 {
		return nil, errors.New("kalah db: bad dimensions")
	}
	d := &DB{holes: holes, k: k, captureEmpty: captureEmpty}
	n := 2 * holes
	for parts := 0; parts <= n; parts++ {
		for m := 0; m <= k+1 && m < 256; m++ {
			switch {
			case parts == 0 && m == 0:
				d.ways[parts][m] = 1
			case parts == 0:
				d.ways[parts][m] = 0
			default:
				var w uint64
				for v := 0; v <= m; v++ {
					w += d.ways[parts-1][m-v]
				}
				d.ways[parts][m] = w
			}
			if m > 0 {
				d.below[parts][m] = d.below[parts][m-1] + d.ways[parts][m-1]
			}
		}
	}
	d.prefix = make([]uint64, n*(k+1)*(k+2))
	for j := 0; j < n; j++ {
		rest := n - j - 1
		for r := 0; r <= k; r++ {
			row := d.prefix[(j*(k+1)+r)*(k+2):]
			for v := 0; v <= r; v++ {
				row[v+1] = row[v] + d.ways[rest][r-v]
			}
		}
	}
	total := d.below[n][k] + d.ways[n][k]
	if total > 1<<34 {
		return nil, fmt.Errorf("kalah db: %d entries is too many", total)
	}
	d.vals = make([]int8, total)
	return d, nil
}

// rank returns the index of config c (2h holes, mover first) with sum s.
func (d *DB) rank(c *[2 * MaxHoles]uint8, s int) uint64 {
	n := 2 * d.holes
	idx := d.below[n][s]
	r := s
	k1, k2 := d.k+1, d.k+2
	pre := d.prefix
	for j := 0; j < n-1; j++ {
		v := int(c[j])
		idx += pre[(j*k1+r)*k2+v]
		r -= v
	}
	return idx
}

// Value returns the database value of p (which must have at most K seeds in
// its holes and must not be over) for its side to move.
func (d *DB) Value(p *Position) int {
	var c [2 * MaxHoles]uint8
	h := d.holes
	me := int(p.side)
	s := 0
	for i := 0; i < h; i++ {
		c[i] = p.pits[me*(h+1)+i]
		c[h+i] = p.pits[(1-me)*(h+1)+i]
		s += int(c[i]) + int(c[h+i])
	}
	return int(d.vals[d.rank(&c, s)])
}

// sow plays hole m (0-based) of the mover on config c (mover first) in
// place. It returns the mover's and the opponent's store gains, whether the
// mover moves again, and whether the game ended (remaining seeds swept).
func sow(c *[2 * MaxHoles]uint8, h, m int, captureEmpty bool) (gainMe, gainOpp int, again, over bool) {
	n := 2 * h // holes only; the mover's store sits between slot h-1 and slot h
	seeds := int(c[m])
	c[m] = 0
	pos := m // position in the cycle 0..2h, with 2h... we model the store as slot -1
	inStore := false
	for seeds > 0 {
		if inStore {
			inStore = false
			pos = h
		} else if pos == h-1 {
			inStore = true
			gainMe++
			seeds--
			continue
		} else {
			pos++
			if pos == n {
				pos = 0
			}
		}
		c[pos]++
		seeds--
	}
	if inStore {
		again = true
	} else if pos < h && c[pos] == 1 {
		opp := n - 1 - pos
		if c[opp] != 0 || captureEmpty {
			gainMe += int(c[opp]) + 1
			c[opp] = 0
			c[pos] = 0
		}
	}
	var sm, so int
	for i := 0; i < h; i++ {
		sm += int(c[i])
		so += int(c[h+i])
	}
	if sm == 0 || so == 0 {
		gainMe += sm
		gainOpp += so
		for i := 0; i < n; i++ {
			c[i] = 0
		}
		over = true
	}
	return
}

// flip exchanges the two halves so that the other side is the mover.
func flip(c *[2 * MaxHoles]uint8, h int) {
	for i := 0; i < h; i++ {
		c[i], c[h+i] = c[h+i], c[i]
	}
}

// Build computes the database for holes per side, every distribution of at
// most k seeds, and the given capture rule.
func Build(holes, k int, captureEmpty bool) (*DB, error) {
	d, err := newDB(holes, k, captureEmpty)
	if err != nil {
		return nil, err
	}
	for i := range d.vals {
		d.vals[i] = unknown
	}
	n := 2 * holes
	var c [2 * MaxHoles]uint8
	// Enumerate every config of every level in rank order.
	for s := 0; s <= k; s++ {
		for i := range c {
			c[i] = 0
		}
		c[n-1] = uint8(s) // lexicographically first config of sum s: all in last slot
		for {
			d.solve(&c, s)
			if !nextComposition(&c, n) {
				break
			}
		}
	}
	return d, nil
}

// nextComposition advances c (n parts, fixed sum) to the next composition in
// rank order (lexicographic on c[0..n-2]); false after the last.
func nextComposition(c *[2 * MaxHoles]uint8, n int) bool {
	// find the rightmost j < n-1 that can be increased: needs a seed from
	// the tail c[j+1..n-1].
	tail := int(c[n-1])
	for j := n - 2; j >= 0; j-- {
		if tail > 0 {
			c[j]++
			tail--
			for i := j + 1; i < n-1; i++ {
				c[i] = 0
			}
			c[n-1] = uint8(tail)
			return true
		}
		tail += int(c[j])
	}
	return false
}

func (d *DB) solve(c *[2 * MaxHoles]uint8, s int) int {
	idx := d.rank(c, s)
	if v := d.vals[idx]; v != unknown {
		return int(v)
	}
	h := d.holes
	var sm, so int
	for i := 0; i < h; i++ {
		sm += int(c[i])
		so += int(c[h+i])
	}
	var v int
	if sm == 0 || so == 0 {
		v = sm - so
	} else {
		best := -1 << 20
		for m := 0; m < h; m++ {
			if c[m] == 0 {
				continue
			}
			ch := *c
			gm, gop, again, over := sow(&ch, h, m, d.captureEmpty)
			val := gm - gop
			if !over {
				cs := s - gm - gop
				if again {
					val += d.solve(&ch, cs)
				} else {
					flip(&ch, h)
					val -= d.solve(&ch, cs)
				}
			}
			if val > best {
				best = val
			}
		}
		v = best
	}
	d.vals[idx] = int8(v)
	return v
}

const dbMagic = "PKDB1\n"

// WriteTo saves the database.
func (d *DB) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriter(w)
	hdr := make([]byte, 0, 32)
	hdr = append(hdr, dbMagic...)
	ce := byte(0)
	if d.captureEmpty {
		ce = 1
	}
	hdr = append(hdr, byte(d.holes), byte(d.k), ce)
	hdr = binary.LittleEndian.AppendUint64(hdr, uint64(len(d.vals)))
	if _, err := bw.Write(hdr); err != nil {
		return 0, err
	}
	for i := 0; i < len(d.vals); i += 1 << 20 {
		j := min(len(d.vals), i+1<<20)
		buf := make([]byte, j-i)
		for t := i; t < j; t++ {
			buf[t-i] = byte(d.vals[t])
		}
		if _, err := bw.Write(buf); err != nil {
			return 0, err
		}
	}
	return int64(len(hdr) + len(d.vals)), bw.Flush()
}

// Load reads a database file written by WriteTo.
func Load(path string) (*DB, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(data) < len(dbMagic)+11 || string(data[:len(dbMagic)]) != dbMagic {
		return nil, fmt.Errorf("%s: not a Kalah database", path)
	}
	p := data[len(dbMagic):]
	d, err := newDB(int(p[0]), int(p[1]), p[2] == 1)
	if err != nil {
		return nil, err
	}
	n := binary.LittleEndian.Uint64(p[3:11])
	body := p[11:]
	if n != uint64(len(d.vals)) || uint64(len(body)) != n {
		return nil, fmt.Errorf("%s: truncated or inconsistent database", path)
	}
	for i, b := range body {
		d.vals[i] = int8(b)
	}
	return d, nil
}
