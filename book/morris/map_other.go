//go:build !unix

package morris

import (
	"io"
	"os"
)

// mapFile reads the first size bytes of f (no memory mapping here).
func mapFile(f *os.File, size int) ([]byte, error) {
	data := make([]byte, size)
	if _, err := io.ReadFull(io.NewSectionReader(f, 0, int64(size)), data); err != nil {
		return nil, err
	}
	return data, nil
}
