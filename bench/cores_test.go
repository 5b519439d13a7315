package bench

import (
	"runtime"
	"testing"
)

func TestCoresFor(t *testing.T) {
	for _, tc := range []struct{ physical, cpus, procs, want int }{
		{254, 2, 2, 2},   // a container's 2 CPUs on a large processor
		{8, 16, 16, 8},   // hyperthreads: one thread a physical core
		{8, 16, 4, 4},    // GOMAXPROCS (a CPU quota) below the cores
		{0, 6, 6, 6},     // no core count from cpuid: the CPUs
		{0, 6, 3, 3},     // ... within GOMAXPROCS
		{4, 1, 1, 1},     // one CPU
		{-1, 0, 0, 1},    // nonsense: still one thread
		{2, 254, 254, 2}, // a small processor
	} {
		if got := coresFor(tc.physical, tc.cpus, tc.procs); got != tc.want {
			t.Errorf("coresFor(%d, %d, %d) = %d, want %d", tc.physical, tc.cpus, tc.procs, got, tc.want)
		}
	}
	if n := PhysicalCores(); n < 1 || n > runtime.NumCPU() || n > runtime.GOMAXPROCS(0) {
		t.Fatalf("PhysicalCores %d with %d CPUs, GOMAXPROCS %d", n, runtime.NumCPU(), runtime.GOMAXPROCS(0))
	}
}
