// Package tt is a lock-free transposition table shared by the search workers.
//
// The table is a pointer-free slice of atomic 64-bit words, so the garbage
// collector never scans it. An entry is two words: key^data and data. A reader
// accepts an entry only when both words agree with the probed key, so a torn
// write (one word from one store, the other from another) is never taken for a
// hit. Four entries make a 64-byte bucket, aligned to the cache line.
package tt

import (
	"sync/atomic"
	"unsafe"

	"github.com/pentad-ai/pentad/internal/hugemem"
)

// Bound says how the stored score relates to the true value.
type Bound uint8

// Bounds of a stored score.
const (
	BoundNone  Bound = 0
	BoundUpper Bound = 1 // score is an upper bound (fail low)
	BoundLower Bound = 2 // score is a lower bound (fail high)
	BoundExact Bound = 3
)

const (
	entriesPerBucket = 4
	wordsPerBucket   = 2 * entriesPerBucket
	bucketBytes      = wordsPerBucket * 8
)

// Entry is the decoded content of one table slot.
type Entry struct {
	Move  uint32
	Score int16
	Depth int8
	Bound Bound
	Age   uint8
}

// data layout: move 0..31 | score 32..47 | depth 48..55 | bound 56..57 | age 58..63.
func pack(e Entry) uint64 {
	return uint64(e.Move) | uint64(uint16(e.Score))<<32 | uint64(uint8(e.Depth))<<48 |
		uint64(e.Bound&3)<<56 | uint64(e.Age&63)<<58
}

func unpack(d uint64) Entry {
	return Entry{
		Move:  uint32(d),
		Score: int16(uint16(d >> 32)),
		Depth: int8(uint8(d >> 48)),
		Bound: Bound(d>>56) & 3,
		Age:   uint8(d>>58) & 63,
	}
}

// Table is a fixed-size transposition table. All methods are safe for
// concurrent use.
type Table struct {
	words []atomic.Uint64 // cache-line aligned, in mem
	mem   *hugemem.Buffer
	mask  uint64 // bucket count - 1
	age   atomic.Uint32
	salt  atomic.Uint64 // mixed into every key; NewGame changes it
	games atomic.Uint64
}

// New makes a table of at most mib mebibytes (at least one bucket), rounded
// down to a power-of-two number of buckets.
func New(mib int) *Table {
	t := &Table{}
	t.Resize(mib)
	return t
}

// Resize reallocates the table to at most mib mebibytes and clears it.
// It must not run concurrently with a search.
func (t *Table) Resize(mib int) {
	if mib < 1 {
		mib = 1
	}
	bytes := uint64(mib) << 20
	buckets := uint64(1)
	for buckets*2*bucketBytes <= bytes {
		buckets *= 2
	}
	n := int(buckets * wordsPerBucket)
	if t.mem != nil {
		t.mem.Free()
	}
	// Huge pages where the system has them: probes are random.
	t.words, t.mem = hugemem.Slice[atomic.Uint64](n)
	t.mask = buckets - 1
	t.age.Store(0)
}

// Bytes reports the size of the table in bytes.
func (t *Table) Bytes() int { return len(t.words) * 8 }

// Clear empties every entry.
func (t *Table) Clear() {
	for i := range t.words {
		t.words[i].Store(0)
	}
	t.age.Store(0)
}

// NewGame forgets every entry in constant time: it changes the salt mixed
// into the keys, so that no earlier entry verifies again (as for any other
// key, a false hit needs a 64-bit collision), and moves the age half a cycle
// on, so that earlier entries are the first to be replaced. Unlike Clear it
// touches no memory. It must not run concurrently with a search.
func (t *Table) NewGame() {
	t.salt.Store(mix(t.games.Add(1)))
	t.age.Add(32)
}

// mix is the splitmix64 finaliser.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// NewSearch advances the age so that entries of earlier searches are
// replaced first.
func (t *Table) NewSearch() { t.age.Add(1) }

// Prefetch starts loading the bucket of key into the processor's caches, so
// that a Probe of key soon after finds it there: a search calls it with the
// key of a child position before making the move.
func (t *Table) Prefetch(key uint64) {
	prefetch(unsafe.Pointer(&t.words[t.bucket(key^t.salt.Load())]))
}

func (t *Table) bucket(key uint64) int {
	// The low bits pick the bucket; the full key is verified in the entry.
	return int((key>>32^key)&t.mask) * wordsPerBucket
}

// Probe looks key up. It returns the entry and true on a verified hit.
func (t *Table) Probe(key uint64) (Entry, bool) {
	key ^= t.salt.Load()
	b := t.bucket(key)
	w := t.words[b : b+wordsPerBucket : b+wordsPerBucket]
	for i := 0; i < wordsPerBucket; i += 2 {
		d := w[i+1].Load()
		if w[i].Load()^d == key && d != 0 {
			return unpack(d), true
		}
	}
	return Entry{}, false
}

// Store writes an entry for key, replacing the same key or else the slot with
// the least depth adjusted for age. A stored move of 0 keeps an existing move
// of the same key.
func (t *Table) Store(key uint64, move uint32, score int16, depth int8, bound Bound) {
	age := uint8(t.age.Load() & 63)
	key ^= t.salt.Load()
	b := t.bucket(key)
	w := t.words[b : b+wordsPerBucket : b+wordsPerBucket]
	victim := -1
	worst := 1 << 30
	for i := 0; i < wordsPerBucket; i += 2 {
		d := w[i+1].Load()
		if w[i].Load()^d == key && d != 0 {
			old := unpack(d)
			// Keep deeper exact information of the current search unless the
			// new entry is exact or nearly as deep.
			if bound != BoundExact && old.Age == age && int(old.Depth) > int(depth)+2 {
				return
			}
			if move == 0 {
				move = old.Move
			}
			victim = i
			break
		}
		var v int
		if d == 0 {
			v = -1 << 20
		} else {
			e := unpack(d)
			ageDiff := int((age - e.Age) & 63)
			v = int(e.Depth) - 8*ageDiff
		}
		if v < worst {
			worst = v
			victim = i
		}
	}
	d := pack(Entry{Move: move, Score: score, Depth: depth, Bound: bound, Age: age})
	if d == 0 { // an all-zero word means empty; a real entry always has a bound
		return
	}
	w[victim].Store(key ^ d)
	w[victim+1].Store(d)
}

// Hashfull estimates the share of used entries of the current age, per mille.
func (t *Table) Hashfull() int {
	age := uint8(t.age.Load() & 63)
	n := 1000 * 2
	if n > len(t.words) {
		n = len(t.words)
	}
	used := 0
	for i := 0; i < n; i += 2 {
		d := t.words[i+1].Load()
		if d != 0 && unpack(d).Age == age {
			used++
		}
	}
	return used * 1000 / (n / 2)
}
