package hugemem

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestAlloc(t *testing.T) {
	for _, n := range []int{1, 1000, Page - 1, Page, 3*Page + 5} {
		b := Alloc(n)
		if len(b.Bytes) != n || addr(b.Bytes)%64 != 0 {
			t.Fatalf("Alloc(%d): len %d, address %#x", n, len(b.Bytes), addr(b.Bytes))
		}
		for i := range b.Bytes {
			if b.Bytes[i] != 0 {
				t.Fatalf("Alloc(%d): byte %d not zero", n, i)
			}
			b.Bytes[i] = byte(i)
		}
		if n >= Page && runtime.GOOS == "linux" && addr(b.Bytes)%Page != 0 {
			t.Fatalf("Alloc(%d) not huge-page aligned", n)
		}
		b.Free()
		if b.Bytes != nil {
			t.Fatal("Free left the bytes")
		}
		b.Free() // twice is harmless
	}
}

// Buffers dropped without Free are unmapped by the collector: the virtual
// size returns to where it was.
func TestCleanup(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/self/status")
	}
	before := vmSize(t)
	for i := 0; i < 16; i++ {
		b := Alloc(256 << 20)
		b.Bytes[0], b.Bytes[len(b.Bytes)-1] = 1, 1
	}
	if grown := vmSize(t) - before; grown < 4<<30 {
		t.Fatalf("16 buffers of 256 MiB grew the virtual size by only %d bytes", grown)
	}
	for i := 0; i < 50 && vmSize(t)-before > 1<<30; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if grown := vmSize(t) - before; grown > 1<<30 {
		t.Fatalf("dropped buffers still mapped: %d bytes", grown)
	}
}

func vmSize(t *testing.T) int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmSize:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	t.Fatal("no VmSize")
	return 0
}
