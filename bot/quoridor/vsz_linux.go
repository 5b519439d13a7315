//go:build linux

package quoridor

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"sync"
	"syscall"
	"unsafe"
)

// The Go runtime reserves, at start-up and for the whole 48-bit address
// space, the page-allocator summaries (about 585 MB) and the scavenger index
// (512 MB) as PROT_NONE mappings: about 1.1 GiB of virtual size that is never
// touched except for the few pages describing the addresses the heap really
// uses. The course referee forfeits an engine above 950 MB of virtual size
// (ps -o vsz), so TrimAddressSpace gives back the middle of every large
// untouched reservation and keeps trimMargin bytes at both ends of each.
//
// Why this is safe: the runtime maps pages of these tables only for heap
// addresses it grows into, and the pages it has mapped split the reservation
// into separate PROT_NONE mappings. The mapped pages sit at the ends of the
// remaining reservations, and a margin of 8 MB of summary entries around them
// covers terabytes of heap addresses (8 bytes per 4 MiB chunk), while this
// engine's heap stays far below 1 GB. Heap arenas themselves are reserved 64
// MB at a time and are never large enough to be trimmed, and mappings near
// the heap are left alone in any case.
const (
	trimMin    = 128 << 20 // only PROT_NONE mappings at least this large
	trimMargin = 8 << 20   // kept at each end of a trimmed mapping
	heapGuard  = 1 << 40   // never touch anything within 1 TB of the heap
)

var (
	trimMu   sync.Mutex
	heapSink *[64]byte
)

// TrimAddressSpace unmaps the unused middle of the Go runtime's large
// address-space reservations and returns the number of bytes given back.
func TrimAddressSpace() uintptr {
	if raceBuild {
		return 0
	}
	trimMu.Lock()
	defer trimMu.Unlock()
	heapSink = new([64]byte)
	heap := uintptr(unsafe.Pointer(heapSink))
	data, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return 0
	}
	var freed uintptr
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := bytes.Fields(sc.Bytes())
		if len(f) != 5 || string(f[1]) != "---p" || string(f[4]) != "0" {
			continue // not an anonymous inaccessible mapping
		}
		dash := bytes.IndexByte(f[0], '-')
		if dash < 0 {
			continue
		}
		lo, err1 := strconv.ParseUint(string(f[0][:dash]), 16, 64)
		hi, err2 := strconv.ParseUint(string(f[0][dash+1:]), 16, 64)
		if err1 != nil || err2 != nil || hi <= lo || hi-lo < trimMin {
			continue
		}
		if near(uintptr(lo), heap) || near(uintptr(hi), heap) || (uintptr(lo) < heap && heap < uintptr(hi)) {
			continue
		}
		start, end := uintptr(lo)+trimMargin, uintptr(hi)-trimMargin
		if _, _, e := syscall.Syscall(syscall.SYS_MUNMAP, start, end-start, 0); e == 0 {
			freed += end - start
		}
	}
	return freed
}

func near(a, b uintptr) bool {
	if a > b {
		return a-b < heapGuard
	}
	return b-a < heapGuard
}

// VirtualSize returns the virtual size of this process in bytes (VmSize of
// /proc/self/status), or 0 if unknown.
func VirtualSize() uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range bytes.Split(data, []byte("\n")) {
		if bytes.HasPrefix(l, []byte("VmSize:")) {
			f := bytes.Fields(l[7:])
			if len(f) >= 1 {
				v, _ := strconv.ParseUint(string(f[0]), 10, 64)
				return v << 10
			}
		}
	}
	return 0
}
