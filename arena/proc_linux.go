//go:build linux

package arena

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// Each engine gets its own process group (so that the whole group, helpers
// included, can be killed) and dies with the arena even on SIGKILL.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// procPeak reads VmHWM (peak resident set) and VmPeak (peak virtual size)
// of a running process from /proc.
func procPeak(pid int) Peak {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return Peak{}
	}
	var p Peak
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok || (k != "VmHWM" && k != "VmPeak") {
			continue
		}
		f := strings.Fields(v)
		if len(f) == 0 {
			continue
		}
		n, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil {
			continue
		}
		if k == "VmHWM" {
			p.RSS = n << 10
		} else {
			p.VSZ = n << 10
		}
	}
	return p
}
