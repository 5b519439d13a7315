package arena

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Errors returned by Proc.ReadLine and Proc.WriteLine.
var (
	// ErrTimeout: no complete line arrived before the deadline.
	ErrTimeout = errors.New("timeout")
	// ErrClosed: the engine closed its standard output (or its input pipe
	// is broken); Proc.Crashed tells whether the process died with it.
	ErrClosed = errors.New("closed pipe")
)

// MaxLine bounds one line read from an engine; a longer line is malformed.
const MaxLine = 1 << 20

// Proc is one engine process in its own process group, talking by lines on
// its standard input and output. Its standard error is drained and kept only
// as a short tail for diagnostics, so a chatty engine never blocks.
type Proc struct {
	Name string
	cmd  *exec.Cmd
	in   io.WriteCloser
	wmu  sync.Mutex

	lines   chan string // complete lines from stdout
	readErr error       // set before lines is closed

	quit    chan struct{} // closed to release the stdout reader
	qonce   sync.Once
	done    chan struct{} // closed when the process has been waited for
	waitErr error
	stderr  *tailBuffer
	started time.Time
	killed  atomic.Bool
}

var registry = struct {
	sync.Mutex
	procs map[*Proc]struct{}
}{procs: map[*Proc]struct{}{}}

// SplitCommand splits a command line on blanks, honouring single and double
// quotes and backslash escapes (no shell is involved).
func SplitCommand(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inArg := false
	var quote rune
	esc := false
	for _, r := range s {
		switch {
		case esc:
			cur.WriteRune(r)
			esc = false
		case r == '\\' && quote != '\'':
			esc = true
			inArg = true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote = r
			inArg = true
		case r == ' ' || r == '\t' || r == '\n':
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		default:
			cur.WriteRune(r)
			inArg = true
		}
	}
	if quote != 0 || esc {
		return nil, fmt.Errorf("unterminated quote or escape in %q", s)
	}
	if inArg {
		args = append(args, cur.String())
	}
	if len(args) == 0 {
		return nil, fmt.Errorf("empty command")
	}
	return args, nil
}

// Start launches argv in dir (empty: the current directory) in a new
// process group. The process is registered so that KillAll reaches it.
func Start(name string, argv []string, dir string) (*Proc, error) {
	if len(argv) == 0 {
		return nil, fmt.Errorf("%s: empty command", name)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.SysProcAttr = sysProcAttr()
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	p := &Proc{
		Name:   name,
		cmd:    cmd,
		in:     in,
		lines:  make(chan string, 64),
		done:   make(chan struct{}),
		quit:   make(chan struct{}),
		stderr: &tailBuffer{max: 4096},
	}
	registry.Lock()
	if err := cmd.Start(); err != nil {
		registry.Unlock()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	registry.procs[p] = struct{}{}
	registry.Unlock()
	p.started = time.Now()

	var pipes sync.WaitGroup
	pipes.Add(2)
	go func() {
		defer pipes.Done()
		io.Copy(p.stderr, errPipe)
	}()
	go func() {
		defer pipes.Done()
		r := bufio.NewReaderSize(out, 64<<10)
		var buf []byte
		for {
			chunk, isPrefix, err := r.ReadLine()
			if err != nil {
				if len(buf) > 0 {
					select {
					case p.lines <- string(buf):
					case <-p.quit:
					}
				}
				if err == io.EOF {
					err = ErrClosed
				}
				p.readErr = err
				close(p.lines)
				return
			}
			if len(buf)+len(chunk) <= MaxLine {
				buf = append(buf, chunk...)
			}
			if isPrefix {
				continue
			}
			select {
			case p.lines <- strings.TrimRight(string(buf), "\r"):
			case <-p.quit:
				io.Copy(io.Discard, r)
				p.readErr = ErrClosed
				close(p.lines)
				return
			}
			buf = buf[:0]
		}
	}()
	go func() {
		// memory peaks, sampled while the process runs (see MemoryPeaks)
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-p.done:
				return
			case <-tick.C:
				p.sample()
			}
		}
	}()
	go func() {
		pipes.Wait() // Wait must follow the end of the pipe readers
		p.waitErr = cmd.Wait()
		registry.Lock()
		delete(registry.procs, p)
		registry.Unlock()
		close(p.done)
	}()
	return p, nil
}

// WriteLine sends one line (a newline is appended).
func (p *Proc) WriteLine(s string) error {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	_, err := io.WriteString(p.in, s+"\n")
	if err != nil {
		return ErrClosed
	}
	return nil
}

// WriteLines sends several lines in one write.
func (p *Proc) WriteLines(lines ...string) error {
	return p.WriteLine(strings.Join(lines, "\n"))
}

// ReadLine returns the next line of standard output. It waits at most until
// deadline (the zero time waits forever). It returns ErrTimeout when the
// deadline passes and ErrClosed when output has ended.
func (p *Proc) ReadLine(deadline time.Time) (string, error) {
	var timer <-chan time.Time
	if !deadline.IsZero() {
		d := time.Until(deadline)
		if d <= 0 {
			select {
			case l, ok := <-p.lines:
				if !ok {
					return "", p.readErr
				}
				return l, nil
			default:
				return "", ErrTimeout
			}
		}
		t := time.NewTimer(d)
		defer t.Stop()
		timer = t.C
	}
	select {
	case l, ok := <-p.lines:
		if !ok {
			return "", p.readErr
		}
		return l, nil
	case <-timer:
		return "", ErrTimeout
	}
}

// Pending reports whether a line is already buffered.
func (p *Proc) Pending() bool { return len(p.lines) > 0 }

// Exited reports whether the process has ended.
func (p *Proc) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// WaitExit waits up to d for the process to end by itself.
func (p *Proc) WaitExit(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-p.done:
		return true
	case <-t.C:
		return false
	}
}

// Crashed tells, after output has ended, whether the process died abnormally
// (non-zero exit or a signal). It waits up to d for the process to finish.
// The second result describes the exit.
func (p *Proc) Crashed(d time.Duration) (bool, string) {
	if !p.WaitExit(d) {
		return false, "running"
	}
	if p.killed.Load() {
		return false, "killed"
	}
	if p.waitErr == nil {
		return false, "exit 0"
	}
	var ee *exec.ExitError
	if errors.As(p.waitErr, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return true, "signal " + ws.Signal().String()
		}
		return true, fmt.Sprintf("exit %d", ee.ExitCode())
	}
	return true, p.waitErr.Error()
}

// Stderr returns the last few KiB the engine wrote to standard error.
func (p *Proc) Stderr() string { return p.stderr.String() }

// Pid is the process id (also the process group id).
func (p *Proc) Pid() int { return p.cmd.Process.Pid }

// Kill kills the whole process group and waits for the process.
func (p *Proc) Kill() {
	p.sample()
	if !p.Exited() {
		p.killed.Store(true)
	}
	killGroup(p.cmd.Process.Pid)
	p.qonce.Do(func() { close(p.quit) })
	p.wmu.Lock()
	p.in.Close()
	p.wmu.Unlock()
	// The group is gone; the pipe readers end when every holder of the
	// pipes is dead.
	select {
	case <-p.done:
	case <-time.After(5 * time.Second):
	}
}

// Close closes standard input, gives the engine grace to exit by itself and
// then kills its process group (grandchildren included).
func (p *Proc) Close(grace time.Duration) {
	p.sample()
	p.wmu.Lock()
	p.in.Close()
	p.wmu.Unlock()
	if grace > 0 {
		p.WaitExit(grace)
	}
	// Kill the group even after a clean exit: grandchildren may remain.
	killGroup(p.cmd.Process.Pid)
	p.qonce.Do(func() { close(p.quit) })
	select {
	case <-p.done:
	case <-time.After(5 * time.Second):
	}
}

// KillAll kills every engine process group still running. cmd/arena calls
// it on SIGINT/SIGTERM and at exit.
func KillAll() {
	registry.Lock()
	ps := make([]*Proc, 0, len(registry.procs))
	for p := range registry.procs {
		ps = append(ps, p)
	}
	registry.Unlock()
	for _, p := range ps {
		killGroup(p.cmd.Process.Pid)
	}
}

// Running is the number of engine processes not yet waited for.
func Running() int {
	registry.Lock()
	defer registry.Unlock()
	return len(registry.procs)
}

type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append(t.b[:0], t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
