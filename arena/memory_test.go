package arena

import (
	"runtime"
	"testing"
	"time"
)

// The peaks of a process are read while it runs and kept by engine name.
func TestMemoryPeaks(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("peaks are read from /proc")
	}
	p, err := Start("peak-test", []string{"sleep", "5"}, "")
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(600 * time.Millisecond) // two samples at least
	p.Close(0)
	_, by := MemoryPeaks()
	if pk := by["peak-test"]; pk.RSS == 0 || pk.VSZ < pk.RSS {
		t.Fatalf("peaks %+v", pk)
	}
}
