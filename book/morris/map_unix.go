//go:build unix

package morris

import (
	"os"
	"syscall"
)

// mapFile maps the first size bytes of f read-only. The mapping is never
// unmapped: the database lives as long as the process.
func mapFile(f *os.File, size int) ([]byte, error) {
	return syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
}
