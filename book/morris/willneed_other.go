//go:build unix && !linux

package morris

// willNeed does nothing here: the mapping is read as it is touched.
func willNeed(data []byte, chunk int) {}
