// Package bench holds the perft driver and the search benchmark that every
// bot exposes as its perft and bench subcommands.
package bench

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/klauspost/cpuid/v2"
	"github.com/pentad-ai/pentad/engine"
)

// Perfter is the part of a position that perft needs.
type Perfter interface {
	GenMoves(buf []engine.Move) []engine.Move
	Make(m engine.Move)
	Unmake(m engine.Move)
	Terminal() (over bool, score int)
}

// Perft counts the leaf positions exactly depth plies below p. A terminal
// position reached before depth is not counted.
func Perft(p Perfter, depth int) uint64 {
	bufs := make([][]engine.Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]engine.Move, 0, engine.MaxMoves)
	}
	return perft(p, depth, bufs)
}

func perft(p Perfter, depth int, bufs [][]engine.Move) uint64 {
	if depth == 0 {
		return 1
	}
	if over, _ := p.Terminal(); over {
		return 0
	}
	moves := p.GenMoves(bufs[depth][:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.Make(m)
		n += perft(p, depth-1, bufs)
		p.Unmake(m)
	}
	return n
}

// DivideLine is the count below one root move.
type DivideLine struct {
	Move  string
	Count uint64
}

// Divide returns the perft count below each root move, named by name.
func Divide(p Perfter, depth int, name func(engine.Move) string) []DivideLine {
	if depth < 1 {
		return nil
	}
	if over, _ := p.Terminal(); over {
		return nil
	}
	bufs := make([][]engine.Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]engine.Move, 0, engine.MaxMoves)
	}
	moves := append([]engine.Move(nil), p.GenMoves(bufs[depth][:0])...)
	out := make([]DivideLine, 0, len(moves))
	for _, m := range moves {
		p.Make(m)
		out = append(out, DivideLine{Move: name(m), Count: perft(p, depth-1, bufs)})
		p.Unmake(m)
	}
	return out
}

// RunPerft prints perft for depths 1..depth (or divide at depth), with
// times, and returns the count at the deepest depth. count is the counting
// function to use (Perft, or a game's faster specialised one).
func RunPerft(w io.Writer, count func(depth int) uint64, depth int) uint64 {
	var n uint64
	for d := 1; d <= depth; d++ {
		t0 := time.Now()
		n = count(d)
		el := time.Since(t0)
		fmt.Fprintf(w, "perft %2d %15d  %9.3f s  %8.1f Mnps\n", d, n, el.Seconds(),
			float64(n)/el.Seconds()/1e6)
	}
	return n
}

// PrintDivide prints divide lines sorted by move name and their total.
func PrintDivide(w io.Writer, lines []DivideLine) {
	sort.Slice(lines, func(i, j int) bool { return lines[i].Move < lines[j].Move })
	var total uint64
	for _, l := range lines {
		fmt.Fprintf(w, "%s: %d\n", l.Move, l.Count)
		total += l.Count
	}
	fmt.Fprintf(w, "total: %d\n", total)
}

// Report is the outcome of a bench run.
type Report struct {
	Nodes uint64 // the signature
	Time  time.Duration
}

// NPS is the bench speed in nodes per second.
func (r Report) NPS() uint64 {
	if r.Time <= 0 {
		return 0
	}
	return uint64(float64(r.Nodes) / r.Time.Seconds())
}

// Search runs a fixed-depth, single-threaded search on every position with a
// fresh transposition table of ttMiB and returns the total node count.
func Search(positions []engine.Position, depth int, ttMiB int, opt engine.Options) Report {
	opt.Threads = 1
	return Run(engine.New(ttMiB, opt), positions, depth)
}

// Searcher is a search over positions of type P: engine.Engine, or a copy
// of it specialised to one game (internal/specialize).
type Searcher[P any] interface {
	NewGame()
	Search(pos P, lim engine.Limits) engine.Result
}

// Run searches every position to depth with s, clearing its tables
// (NewGame) before each, and returns the total node count and time.
func Run[P any](s Searcher[P], positions []P, depth int) Report {
	var rep Report
	for _, p := range positions {
		s.NewGame()
		r := s.Search(p, engine.Limits{Depth: depth})
		rep.Nodes += r.Nodes
		rep.Time += r.Time
	}
	return rep
}

// Print writes the bench report in the form every bot uses.
func (r Report) Print(w io.Writer, name string) {
	fmt.Fprintln(w, CPULine())
	fmt.Fprintf(w, "bench %s: %d nodes  %.3f s  %d nps\n", name, r.Nodes, r.Time.Seconds(), r.NPS())
}

// CPULine describes the processor: model, physical cores, cache line and ISA.
func CPULine() string {
	c := cpuid.CPU
	var feats []string
	for _, f := range []cpuid.FeatureID{cpuid.POPCNT, cpuid.BMI2, cpuid.AVX2, cpuid.AVX512F} {
		if c.Supports(f) {
			feats = append(feats, f.String())
		}
	}
	return fmt.Sprintf("cpu: %s; %d physical cores, %d logical; cache line %d B; L2 %d KiB; %s; %s/%s %s",
		strings.TrimSpace(c.BrandName), c.PhysicalCores, c.LogicalCores, c.CacheLine, c.Cache.L2/1024,
		strings.Join(feats, " "), runtime.GOOS, runtime.GOARCH, runtime.Version())
}

// PhysicalCores is the default number of search threads: the physical
// cores of the processor, but no more than the process may run on at once.
// A container or a CPU affinity mask often gives a process 2 CPUs of a
// machine whose processor reports hundreds of cores (seen here: 254); a
// search with that many workers on 2 CPUs leaves the main worker a sliver
// of a core (it finished no iteration in 2 s).
func PhysicalCores() int {
	return coresFor(cpuid.CPU.PhysicalCores, runtime.NumCPU(), runtime.GOMAXPROCS(0))
}

// coresFor is the thread count for a processor of physical cores when the
// process may use cpus CPUs (its affinity mask) and procs at once
// (GOMAXPROCS, which follows a container's CPU limit).
func coresFor(physical, cpus, procs int) int {
	n := physical
	if n < 1 {
		n = cpus
	}
	return max(min(n, cpus, procs), 1)
}
