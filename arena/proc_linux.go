//go:build linux

package arena

import "syscall"

// Each engine gets its own process group (so that the whole group, helpers
// included, can be killed) and dies with the arena even on SIGKILL.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
