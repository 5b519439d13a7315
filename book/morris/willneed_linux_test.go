//go:build linux && (amd64 || arm64)

package morris

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// resident counts the pages of the mapping data that are in memory.
func resident(t *testing.T, data []byte) (in, pages int) {
	t.Helper()
	pages = (len(data) + os.Getpagesize() - 1) / os.Getpagesize()
	vec := make([]byte, pages)
	if _, _, e := syscall.Syscall(syscall.SYS_MINCORE, uintptr(unsafe.Pointer(&data[0])), uintptr(len(data)), uintptr(unsafe.Pointer(&vec[0]))); e != 0 {
		t.Fatal("mincore:", e)
	}
	for _, v := range vec {
		in += int(v & 1)
	}
	return in, pages
}

// TestWillNeed: after willNeed, every page of a file that was evicted from
// memory is read back in, though nothing touched the mapping.
func TestWillNeed(t *testing.T) {
	const size = 10<<20 + 12345
	path := filepath.Join(t.TempDir(), "db.bin")
	buf := make([]byte, size)
	for i := range buf {
		buf[i] = byte(i * 7)
	}
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		t.Fatal(err)
	}
	const posixFadvDontneed = 4
	syscall.Syscall6(syscall.SYS_FADVISE64, f.Fd(), 0, 0, posixFadvDontneed, 0, 0)
	data, err := syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(data)
	if in, pages := resident(t, data); in > pages/2 {
		t.Skipf("this file system keeps the file in memory (%d of %d pages)", in, pages)
	}
	willNeed(data, 1<<20)
	// The reads are asynchronous: wait for them (a bound on correctness,
	// not a speed check).
	in, pages := 0, 0
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if in, pages = resident(t, data); in == pages {
			break
		}
	}
	if in != pages {
		t.Fatalf("%d of %d pages in memory after willNeed", in, pages)
	}
	for _, i := range []int{0, size / 2, size - 1} {
		if data[i] != byte(i*7) {
			t.Fatalf("byte %d = %d", i, data[i])
		}
	}
}
