package kalah

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/pentad-ai/pentad/game/kalah"
	"github.com/pentad-ai/pentad/internal/hugemem"
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
	// vals packs four entries into a word, entry i in byte i%4 (little
	// endian, so that the words' memory is the entries in order). An entry
	// is value+128; 0 is "not yet known". Builders set entries with an
	// atomic OR, so that several may solve the same position at once.
	vals    []uint32 // in mem
	mem     *hugemem.Buffer
	entries uint64
	ways    [2*kalah.MaxHoles + 1][256]uint64 // ways[n][m]: compositions of m into n parts
	below   [2*kalah.MaxHoles + 1][256]uint64 // configs of n parts with sum < m
	// prefix[(j*(k+1)+r)*(k+2)+v]: rank offset for giving value v to slot
	// j with r seeds left
	prefix []uint64
}

// K is the largest number of seeds in holes covered.
func (d *DB) K() int { return d.k }

// CaptureEmpty reports the capture rule the database is for.
func (d *DB) CaptureEmpty() bool { return d.captureEmpty }

// Holes is the board size the database is for.
func (d *DB) Holes() int { return d.holes }

// Entries is the number of positions stored.
func (d *DB) Entries() int { return int(d.entries) }

// get returns entry idx and whether it is known.
func (d *DB) get(idx uint64) (int, bool) {
	b := uint8(atomic.LoadUint32(&d.vals[idx>>2]) >> (8 * (idx & 3)))
	return int(b) - 128, b != 0
}

// value returns entry idx, which must be known.
func (d *DB) value(idx uint64) int {
	return int(uint8(atomic.LoadUint32(&d.vals[idx>>2])>>(8*(idx&3)))) - 128
}

func (d *DB) set(idx uint64, v int) {
	atomic.OrUint32(&d.vals[idx>>2], uint32(uint8(v+128))<<(8*(idx&3)))
}

// bytes is the entries' memory, for files.
func (d *DB) bytes() []byte {
	return d.mem.Bytes[:d.entries]
}

func newDB(holes, k int, captureEmpty bool) (*DB, error) {
	d, err := shape(holes, k, captureEmpty)
	if err != nil {
		return nil, err
	}
	words := int((d.entries + 3) / 4)
	d.vals, d.mem = hugemem.Slice[uint32](words)
	return d, nil
}

// Size is the memory in bytes of the database of holes and k seeds (one
// byte an entry, as in its file), without building it.
func Size(holes, k int) (uint64, error) {
	d, err := shape(holes, k, false)
	if err != nil {
		return 0, err
	}
	return d.entries, nil
}

// shape is the database of holes and k seeds with its counting tables and
// no memory for the entries.
func shape(holes, k int, captureEmpty bool) (*DB, error) {
	if holes < 1 || holes > kalah.MaxHoles || k < 0 || k > 120 {
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
	d.entries = total
	return d, nil
}

// rank returns the index of config c (2h holes, mover first) with sum s.
func (d *DB) rank(c *[2 * kalah.MaxHoles]uint8, s int) uint64 {
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
func (d *DB) Value(p *kalah.Position) int {
	var c [2 * kalah.MaxHoles]uint8
	h := d.holes
	me := p.ToMove()
	pits := p.Pits()
	s := 0
	for i := 0; i < h; i++ {
		c[i] = pits[me*(h+1)+i]
		c[h+i] = pits[(1-me)*(h+1)+i]
		s += int(c[i]) + int(c[h+i])
	}
	return d.value(d.rank(&c, s))
}

// sow plays hole m (0-based) of the mover on config c (mover first) in
// place. It returns the mover's and the opponent's store gains, whether the
// mover moves again, and whether the game ended (remaining seeds swept).
func sow(c *[2 * kalah.MaxHoles]uint8, h, m int, captureEmpty bool) (gainMe, gainOpp int, again, over bool) {
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
func flip(c *[2 * kalah.MaxHoles]uint8, h int) {
	for i := 0; i < h; i++ {
		c[i], c[h+i] = c[h+i], c[i]
	}
}

// Build computes the database for holes per side, every distribution of at
// most k seeds, and the given capture rule, with one worker per CPU.
func Build(holes, k int, captureEmpty bool) (*DB, error) {
	return BuildThreads(holes, k, captureEmpty, runtime.GOMAXPROCS(0))
}

// BuildThreads is Build with the given number of workers. The result does
// not depend on it.
//
// Levels (seeds in holes) are built in increasing order: a move never adds
// seeds to the holes, so a position depends only on its own level and the
// ones below. Within a level the workers take chunks of consecutive ranks;
// a position that depends on another of its level (a move that reaches no
// store) solves that one recursively, and two workers doing the same one
// write the same value.
func BuildThreads(holes, k int, captureEmpty bool, threads int) (*DB, error) {
	d, err := newDB(holes, k, captureEmpty)
	if err != nil {
		return nil, err
	}
	threads = max(threads, 1)
	n := 2 * holes
	const chunk = 1 << 14
	for s := 0; s <= k; s++ {
		size := d.ways[n][s]
		base := d.below[n][s]
		var next atomic.Uint64
		var wg sync.WaitGroup
		for w := 0; w < threads; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var c [2 * kalah.MaxHoles]uint8
				buf := new(dbStack)
				for {
					lo := next.Add(chunk) - chunk
					if lo >= size {
						return
					}
					hi := min(size, lo+chunk)
					d.unrank(&c, s, lo)
					for r := lo; r < hi; r++ {
						if _, ok := d.get(base + r); !ok {
							d.solve(&c, s, base+r, buf, 0)
						}
						nextComposition(&c, n)
					}
				}
			}()
		}
		wg.Wait()
	}
	return d, nil
}

// unrank sets c to the configuration of rank r within level s (rank order
// is lexicographic on c[0..n-2]).
func (d *DB) unrank(c *[2 * kalah.MaxHoles]uint8, s int, r uint64) {
	n := 2 * d.holes
	k1, k2 := d.k+1, d.k+2
	rem := s
	for j := 0; j < n-1; j++ {
		row := d.prefix[(j*k1+rem)*k2:]
		v := 0
		for v < rem && row[v+1] <= r {
			v++
		}
		r -= row[v]
		c[j] = uint8(v)
		rem -= v
	}
	c[n-1] = uint8(rem)
	for j := n; j < len(c); j++ {
		c[j] = 0
	}
}

// nextComposition advances c (n parts, fixed sum) to the next composition in
// rank order (lexicographic on c[0..n-2]); false after the last.
func nextComposition(c *[2 * kalah.MaxHoles]uint8, n int) bool {
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

// dbStack holds the children of a chain of solve calls. Each call on the
// chain solves a position of the same level reached by a move that puts no
// seed into a store; such a move raises the sum over the holes of seeds
// times distance from the mover's first hole, which is at most
// 120*(MaxHoles-1), so the chain is never longer.
type dbStack [1 + 120*(kalah.MaxHoles-1)][2 * kalah.MaxHoles]uint8

// solve computes entry idx, the config c of level s, and the ones of its
// level it depends on; depth is the length of the chain (see dbStack).
func (d *DB) solve(c *[2 * kalah.MaxHoles]uint8, s int, idx uint64, st *dbStack, depth int) int {
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
			ch := &st[depth]
			*ch = *c
			gm, gop, again, over := sow(ch, h, m, d.captureEmpty)
			val := gm - gop
			if !over {
				cs := s - gm - gop
				if !again {
					flip(ch, h)
				}
				ci := d.rank(ch, cs)
				cv, ok := d.get(ci)
				if !ok {
					cv = d.solve(ch, cs, ci, st, depth+1)
				}
				if again {
					val += cv
				} else {
					val -= cv
				}
			}
			if val > best {
				best = val
			}
		}
		v = best
	}
	d.set(idx, v)
	return v
}

const dbMagic = "PKDB2\n"

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
	hdr = binary.LittleEndian.AppendUint64(hdr, d.entries)
	if _, err := bw.Write(hdr); err != nil {
		return 0, err
	}
	if _, err := bw.Write(d.bytes()); err != nil {
		return 0, err
	}
	return int64(len(hdr)) + int64(d.entries), bw.Flush()
}

// Load reads a database file written by WriteTo.
func Load(path string) (*DB, error) { return LoadWithin(path, 0) }

// LoadWithin reads a database file written by WriteTo, unless its entries
// take more than maxBytes of memory (0: no bound); the size is read from the
// header before anything is allocated.
func LoadWithin(path string, maxBytes uint64) (*DB, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<20)
	hdr := make([]byte, len(dbMagic)+11)
	if _, err := io.ReadFull(br, hdr); err != nil || string(hdr[:len(dbMagic)]) != dbMagic {
		return nil, fmt.Errorf("%s: not a Kalah database", path)
	}
	p := hdr[len(dbMagic):]
	if maxBytes > 0 {
		size, err := Size(int(p[0]), int(p[1]))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if size > maxBytes {
			return nil, fmt.Errorf("%s: needs %d MB of memory, more than the %d MB allowed", path, size>>20, maxBytes>>20)
		}
	}
	d, err := newDB(int(p[0]), int(p[1]), p[2] == 1)
	if err != nil {
		return nil, err
	}
	body := d.bytes()
	if binary.LittleEndian.Uint64(p[3:11]) != d.entries {
		return nil, fmt.Errorf("%s: inconsistent database", path)
	}
	if _, err := io.ReadFull(br, body); err != nil {
		return nil, fmt.Errorf("%s: truncated database", path)
	}
	if n, _ := br.Read(make([]byte, 1)); n != 0 || bytes.IndexByte(body, 0) >= 0 {
		return nil, fmt.Errorf("%s: corrupt database", path)
	}
	return d, nil
}
