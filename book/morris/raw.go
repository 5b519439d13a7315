package morris

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// The raw format keeps the tables uncompressed, each at a page-aligned
// offset, so that the large database (Groups after EmbeddedGroups: about
// 2 GB) is mapped into memory at start instead of read and inflated:
// loading takes no time, processes share the pages, and only the pages a
// search probes are read. It starts with a header of rawAlign bytes: the
// magic line, then for each table 32 bytes (a and b as little-endian
// uint64s, the offset of its entries and their count), and a zero entry.
const (
	rawMagic = "PENTAD-MORRIS-ENDGAME-RAW-1\n"
	rawAlign = 4096
)

// rawHeaderMax is how many tables the header has room for.
const rawHeaderMax = (rawAlign - len(rawMagic)) / 32

// WriteRaw saves every table of db to w in the raw format.
func (db *DB) WriteRaw(w io.Writer) error {
	var tabs []*Table
	for a := MinPieces; a <= MaxPieces; a++ {
		for b := MinPieces; b <= MaxPieces; b++ {
			if t := db.T[a][b]; t != nil {
				tabs = append(tabs, t)
			}
		}
	}
	if len(tabs) >= rawHeaderMax {
		return errors.New("morris endgame: too many tables for the raw header")
	}
	hdr := make([]byte, rawAlign)
	copy(hdr, rawMagic)
	off := uint64(rawAlign)
	for i, t := range tabs {
		e := hdr[len(rawMagic)+32*i:]
		binary.LittleEndian.PutUint64(e[0:], uint64(t.A))
		binary.LittleEndian.PutUint64(e[8:], uint64(t.B))
		binary.LittleEndian.PutUint64(e[16:], off)
		binary.LittleEndian.PutUint64(e[24:], uint64(len(t.Val)))
		off = alignUp(off + uint64(len(t.Val)))
	}
	if _, err := w.Write(hdr); err != nil {
		return err
	}
	pad := make([]byte, rawAlign)
	for _, t := range tabs {
		if _, err := w.Write(t.Val); err != nil {
			return err
		}
		if n := alignUp(uint64(len(t.Val))) - uint64(len(t.Val)); n > 0 {
			if _, err := w.Write(pad[:n]); err != nil {
				return err
			}
		}
	}
	return nil
}

func alignUp(n uint64) uint64 { return (n + rawAlign - 1) &^ (rawAlign - 1) }

// SaveRaw writes db to the file path in the raw format (through a
// temporary file).
func (db *DB) SaveRaw(path string) error { return saveWith(path, db.WriteRaw) }

// ParseRaw makes the tables of a raw-format file held in data; the tables
// share data's memory.
func ParseRaw(data []byte) (*DB, error) {
	if len(data) < rawAlign || string(data[:len(rawMagic)]) != rawMagic {
		return nil, errors.New("not a raw morris endgame database")
	}
	db := &DB{}
	for i := 0; ; i++ {
		if i >= rawHeaderMax {
			return nil, errors.New("endgame database: header without end")
		}
		e := data[len(rawMagic)+32*i:]
		a64, b64 := binary.LittleEndian.Uint64(e[0:]), binary.LittleEndian.Uint64(e[8:])
		off, n := binary.LittleEndian.Uint64(e[16:]), binary.LittleEndian.Uint64(e[24:])
		if a64 == 0 && b64 == 0 {
			if i == 0 {
				return nil, errors.New("endgame database: no table")
			}
			return db, nil
		}
		if a64 < MinPieces || b64 < MinPieces || a64 > MaxPieces || b64 > MaxPieces {
			return nil, fmt.Errorf("endgame database: bad table %dv%d", a64, b64)
		}
		a, b := int(a64), int(b64)
		if n != uint64(Size(a, b)) || off < rawAlign || off%rawAlign != 0 || off > uint64(len(data)) || n > uint64(len(data))-off {
			return nil, fmt.Errorf("endgame database: bad table %dv%d", a, b)
		}
		if db.T[a][b] != nil {
			return nil, fmt.Errorf("endgame database: table %dv%d twice", a, b)
		}
		db.T[a][b] = &Table{A: a, B: b, Val: data[off : off+n : off+n]}
	}
}

// loadRaw maps (or, where mapping is not available, reads) the raw file f
// of size bytes.
func loadRaw(f *os.File, size int64) (*DB, error) {
	if size < rawAlign || int64(int(size)) != size {
		return nil, errors.New("endgame database: bad size")
	}
	data, err := mapFile(f, int(size))
	if err != nil {
		return nil, err
	}
	return ParseRaw(data)
}
