package hugemem

import "syscall"

const madvHugepage = 14 // MADV_HUGEPAGE

// mapHuge maps n bytes (rounded up to whole huge pages, plus one for
// alignment) and returns the aligned part.
func mapHuge(n int) (b, region []byte, ok bool) {
	if n < Page {
		return nil, nil, false
	}
	size := (n+Page-1)/Page*Page + Page
	region, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, false
	}
	off := 0
	if r := addr(region) % Page; r != 0 {
		off = int(Page - r)
	}
	b = region[off : off+n : off+n]
	_ = syscall.Madvise(region[off:off+(n+Page-1)/Page*Page], madvHugepage) // advice only
	return b, region, true
}

func unmap(region []byte) { _ = syscall.Munmap(region) }
