//go:build unix

package morris

import (
	"os"
	"syscall"
)

// mapFile maps the first size bytes of f read-only. The mapping is never
// unmapped: the database lives as long as the process. A goroutine asks the
// kernel to read the whole file into memory at once (see willNeed): a
// mapping is otherwise read only as the search touches it, and on a cold
// start the first searches of the moving phase wait on the disk page by
// page, searching a tenth of their usual nodes and answering late.
func mapFile(f *os.File, size int) ([]byte, error) {
	data, err := syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, err
	}
	go willNeed(data, willNeedChunk)
	return data, nil
}

// willNeedChunk is the span of one read-ahead request. Linux reads at most
// its read-ahead window (a few megabytes) for one request, so the whole
// file is asked for in pieces.
const willNeedChunk = 4 << 20
