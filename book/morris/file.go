package morris

import (
	"bufio"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
)

const magic = "PENTAD-MORRIS-ENDGAME-1\n"

// Write saves every table of db to w, deflate-compressed, each with its
// CRC-32.
func (db *DB) Write(w io.Writer) error {
	if _, err := io.WriteString(w, magic); err != nil {
		return err
	}
	zw, err := flate.NewWriter(w, flate.BestCompression)
	if err != nil {
		return err
	}
	for a := MinPieces; a <= MaxPieces; a++ {
		for b := MinPieces; b <= MaxPieces; b++ {
			t := db.T[a][b]
			if t == nil {
				continue
			}
			var h [16]byte
			h[0], h[1] = byte(a), byte(b)
			binary.LittleEndian.PutUint64(h[4:], uint64(len(t.Val)))
			binary.LittleEndian.PutUint32(h[12:], crc32.ChecksumIEEE(t.Val))
			if _, err := zw.Write(h[:]); err != nil {
				return err
			}
			if _, err := zw.Write(t.Val); err != nil {
				return err
			}
		}
	}
	var end [16]byte
	if _, err := zw.Write(end[:]); err != nil {
		return err
	}
	return zw.Close()
}

// Read loads tables written by Write.
func Read(r io.Reader) (*DB, error) {
	br := bufio.NewReaderSize(r, 1<<20)
	m := make([]byte, len(magic))
	if _, err := io.ReadFull(br, m); err != nil || string(m) != magic {
		return nil, errors.New("not a morris endgame database")
	}
	zr := flate.NewReader(br)
	defer zr.Close()
	db := &DB{}
	for {
		var h [16]byte
		if _, err := io.ReadFull(zr, h[:]); err != nil {
			return nil, fmt.Errorf("endgame database header: %w", err)
		}
		a, b := int(h[0]), int(h[1])
		if a == 0 && b == 0 {
			return db, nil
		}
		n := binary.LittleEndian.Uint64(h[4:])
		if a < MinPieces || b < MinPieces || a > MaxPieces || b > MaxPieces || n != uint64(Size(a, b)) {
			return nil, fmt.Errorf("endgame database: bad table %dv%d", a, b)
		}
		// the whole table is allocated only once its first MiB has
		// arrived, so that a short or damaged file does not allocate it
		first := make([]byte, min(n, 1<<20))
		if _, err := io.ReadFull(zr, first); err != nil {
			return nil, fmt.Errorf("endgame database table %dv%d: %w", a, b, err)
		}
		t := &Table{A: a, B: b, Val: make([]uint8, n)}
		if _, err := io.ReadFull(zr, t.Val[copy(t.Val, first):]); err != nil {
			return nil, fmt.Errorf("endgame database table %dv%d: %w", a, b, err)
		}
		if crc32.ChecksumIEEE(t.Val) != binary.LittleEndian.Uint32(h[12:]) {
			return nil, fmt.Errorf("endgame database table %dv%d: checksum mismatch", a, b)
		}
		db.T[a][b] = t
	}
}

// Save writes db to the file path (through a temporary file).
func (db *DB) Save(path string) error { return saveWith(path, db.Write) }

// saveWith writes the file path with write, through a temporary file.
func saveWith(path string, write func(io.Writer) error) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	if err := write(bw); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Load reads the database file at path: a raw-format file (SaveRaw) is
// mapped into memory, a deflate-compressed one (Save) read.
func Load(path string) (*DB, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m := make([]byte, len(rawMagic))
	if n, _ := io.ReadFull(f, m); n == len(rawMagic) && string(m) == rawMagic {
		st, err := f.Stat()
		if err != nil {
			return nil, err
		}
		return loadRaw(f, st.Size())
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return Read(f)
}

// DefaultFile is where `morris book build` writes the database, relative to
// the repository root, and where the engine looks for it.
const DefaultFile = "book/morris/data/endgame.bin"

// Find loads the database from path, or when path is empty from the first
// of: morris-endgame.bin and DefaultFile next to the executable, DefaultFile
// under the working directory, and finally the copy compiled into the
// binary.
func Find(path string) (*DB, string, error) {
	if path != "" {
		db, err := Load(path)
		return db, path, err
	}
	var cands []string
	if exe, err := os.Executable(); err == nil {
		dir := filepath.Dir(exe)
		cands = append(cands, filepath.Join(dir, "morris-endgame.bin"), filepath.Join(dir, DefaultFile))
	}
	cands = append(cands, DefaultFile)
	var firstErr error
	for _, c := range cands {
		db, err := Load(c)
		if err == nil {
			return db, c, nil
		}
		if firstErr == nil || !errors.Is(err, os.ErrNotExist) {
			firstErr = err
		}
	}
	db, err := Embedded()
	if err != nil {
		return nil, "", fmt.Errorf("%v; embedded copy: %w", firstErr, err)
	}
	return db, "(embedded)", nil
}
