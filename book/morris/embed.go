package morris

import (
	"bytes"
	_ "embed"
)

// The database built by `morris book build` (deflate-compressed, about
// 1.8 MB), compiled into the binary so the engine needs no data file.
//
//go:embed data/endgame.bin
var embedded []byte

// Embedded loads the database compiled into the binary.
func Embedded() (*DB, error) { return Read(bytes.NewReader(embedded)) }
