//go:build !linux

package quoridor

// TrimAddressSpace does nothing outside Linux.
func TrimAddressSpace() uintptr { return 0 }

// VirtualSize is unknown outside Linux.
func VirtualSize() uint64 { return 0 }
