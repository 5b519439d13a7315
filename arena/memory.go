package arena

import (
	"sort"
	"sync"
)

// Peak is the most memory one engine's processes used: resident set (the
// kernel's high-water mark) and virtual size, in bytes; 0 where the system
// does not tell (peaks are read from /proc on Linux).
type Peak struct {
	RSS, VSZ uint64
}

var peaks = struct {
	sync.Mutex
	m map[string]Peak
}{m: map[string]Peak{}}

// notePeak records what a process of engine name used.
func notePeak(name string, p Peak) {
	peaks.Lock()
	defer peaks.Unlock()
	q := peaks.m[name]
	q.RSS = max(q.RSS, p.RSS)
	q.VSZ = max(q.VSZ, p.VSZ)
	peaks.m[name] = q
}

// sample reads the peaks of a running process and records them.
func (p *Proc) sample() {
	if !p.Exited() {
		notePeak(p.Name, procPeak(p.cmd.Process.Pid))
	}
}

// MemoryPeaks returns, for every engine that ran, the largest peaks of its
// processes so far, by engine name.
func MemoryPeaks() (names []string, byName map[string]Peak) {
	peaks.Lock()
	defer peaks.Unlock()
	byName = make(map[string]Peak, len(peaks.m))
	for k, v := range peaks.m {
		names = append(names, k)
		byName[k] = v
	}
	sort.Strings(names)
	return names, byName
}
