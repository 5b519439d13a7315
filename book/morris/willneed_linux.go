package morris

import "syscall"

// willNeed asks the kernel to read data, a file mapping, into the page
// cache, chunk bytes a request. The reads are asynchronous; the call costs
// a fraction of a second of system time for the 2 GB database. Errors are
// ignored: the advice only makes the first probes faster.
func willNeed(data []byte, chunk int) {
	for off := 0; off < len(data); off += chunk {
		_ = syscall.Madvise(data[off:min(off+chunk, len(data))], syscall.MADV_WILLNEED)
	}
}
