//go:build !amd64 && !arm64

package tt

import "unsafe"

// prefetch does nothing where the package has no prefetch instruction.
func prefetch(p unsafe.Pointer) {}
