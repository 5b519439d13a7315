//go:build !linux

package hugemem

func mapHuge(n int) (b, region []byte, ok bool) { return nil, nil, false }

func unmap(region []byte) {}
