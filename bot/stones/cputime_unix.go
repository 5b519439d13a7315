//go:build unix

package stones

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user and system) the process has used, or -1
// when the system does not say.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
