//go:build amd64 || arm64

package tt

import "unsafe"

// prefetch asks the processor to bring the cache line at p into its caches
// without waiting for it (one instruction; it never faults).
//
//go:noescape
func prefetch(p unsafe.Pointer)
