// Package hugemem allocates large zeroed, pointer-free buffers for tables
// that are read at random (transposition tables, endgame databases). On Linux
// the memory is mapped outside the Go heap and marked for transparent huge
// pages, which saves most TLB misses of random probes; elsewhere it is an
// ordinary slice. A buffer is released when its owner becomes unreachable, or
// at once by Free.
package hugemem

import (
	"runtime"
	"unsafe"
)

// Page is the huge-page size that large buffers are aligned to.
const Page = 2 << 20

// Buffer is an allocation. Bytes is valid until Free or until the buffer is
// collected; keep the Buffer (not only Bytes) reachable while using it.
type Buffer struct {
	Bytes []byte
	m     *mapping
}

type mapping struct {
	region []byte // the whole mapping, nil for heap memory
}

// Alloc returns n zero bytes, 64-byte aligned at least.
func Alloc(n int) *Buffer {
	if n <= 0 {
		return &Buffer{}
	}
	if b, region, ok := mapHuge(n); ok {
		buf := &Buffer{Bytes: b, m: &mapping{region: region}}
		runtime.AddCleanup(buf, func(m *mapping) { m.release() }, buf.m)
		return buf
	}
	// Heap fallback, aligned by hand to 64 bytes.
	raw := make([]uint64, (n+127)/8)
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(raw))), len(raw)*8)
	off := int(-uintptr(unsafe.Pointer(&b[0])) & 63)
	return &Buffer{Bytes: b[off : off+n : off+n]}
}

// Free releases the buffer now. Bytes must no longer be used.
func (b *Buffer) Free() {
	if b.m != nil {
		b.m.release()
	}
	b.Bytes = nil
}

func (m *mapping) release() {
	if m.region != nil {
		unmap(m.region)
		m.region = nil
	}
}

// Slice allocates n zero values of the pointer-free type T (64-byte aligned)
// and returns them with their buffer, which must stay reachable while the
// slice is used.
func Slice[T any](n int) ([]T, *Buffer) {
	var zero T
	b := Alloc(n * int(unsafe.Sizeof(zero)))
	if n == 0 {
		return nil, b
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b.Bytes))), n), b
}
