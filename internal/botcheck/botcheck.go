// Package botcheck runs a bot's own binary (its test binary, re-executed as
// the bot: see TestMain) through the faults a tournament manager can cause, for
// the tests of cmd/NAME: malformed input (binary bytes, a 1 MB line, CR and
// CRLF line ends, blank lines) after which the bot still answers, its
// output left unread for a while, broken
// data files beside it (empty, cut short, garbage) with which it still
// answers, its input
// closed while it thinks, SIGTERM and SIGINT while it thinks. In every case
// the bot must not panic (no Go panic or goroutine trace on standard error)
// and must end by itself once its input is closed.
package botcheck

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// envMain tells a re-executed test binary to run the bot's main.
const envMain = "PENTAD_BOTCHECK_MAIN"

// TestMain runs the bot's main when the test binary was started as the bot
// (by Run), and the tests otherwise: call it from the package's TestMain.
func TestMain(m *testing.M, main func()) {
	if os.Getenv(envMain) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// Spec is how to drive one bot.
type Spec struct {
	Args  []string // the bot's command line (after the program name)
	Start []string // lines that open a session (handshake, new game)
	Probe []string // lines whose answer shows the bot alive
	Want  string   // a prefix of one line of that answer
	Think []string // lines that make the bot think for a while
	// Limit, when set, are lines that give the bot a memory limit of
	// MaxRSS bytes; after it has thought, its resident set (VmRSS, Linux)
	// must be within it.
	Limit  []string
	MaxRSS uint64
	// Data names the data files the bot reads beside its executable
	// (books, databases): each is tried missing, empty, cut short and
	// filled with garbage, and the bot must still answer the probe.
	Data []string
}

// limit bounds every wait: a bot that takes longer has hung. It is not a
// speed measurement.
const limit = 30 * time.Second

type proc struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan string
	stderr *bytes.Buffer
	done   chan error
}

func start(t *testing.T, s Spec) *proc { return startReading(t, s, 0) }

// startReading starts the bot and begins reading its output after delay,
// as a manager busy elsewhere does.
func startReading(t *testing.T, s Spec, delay time.Duration) *proc {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, s.Args...)
	cmd.Env = append(os.Environ(), envMain+"=1")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &proc{cmd: cmd, in: in, lines: make(chan string, 1024), stderr: new(bytes.Buffer), done: make(chan error, 1)}
	cmd.Stderr = &lockedWriter{w: p.stderr}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		time.Sleep(delay)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 4<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
		p.done <- cmd.Wait()
	}()
	t.Cleanup(func() { cmd.Process.Kill() })
	return p
}

type lockedWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

func (p *proc) send(t *testing.T, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(p.in, l+"\n"); err != nil {
			t.Fatalf("writing %.40q: %v", l, err)
		}
	}
}

// expect reads lines until one starts with want.
func (p *proc) expect(t *testing.T, want string) {
	t.Helper()
	deadline := time.After(limit)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				t.Fatalf("output closed before a line starting %q; stderr:\n%s", want, p.stderr)
			}
			if strings.HasPrefix(l, want) {
				return
			}
		case <-deadline:
			t.Fatalf("no line starting %q within %v", want, limit)
		}
	}
}

// end waits for the process to exit (its output drained) and checks that it
// did not panic; clean requires exit status 0.
func (p *proc) end(t *testing.T, clean bool) {
	t.Helper()
	deadline := time.After(limit)
	for {
		select {
		case _, ok := <-p.lines:
			if ok {
				continue
			}
			err := <-p.done
			p.checkNoPanic(t)
			if clean && err != nil {
				t.Fatalf("exit: %v; stderr:\n%s", err, p.stderr)
			}
			return
		case <-deadline:
			t.Fatalf("still running %v after the end of its input", limit)
		}
	}
}

func (p *proc) checkNoPanic(t *testing.T) {
	t.Helper()
	p.cmd.Stderr.(*lockedWriter).mu.Lock()
	e := p.stderr.String()
	p.cmd.Stderr.(*lockedWriter).mu.Unlock()
	if strings.Contains(e, "panic:") || strings.Contains(e, "goroutine ") || strings.Contains(e, "fatal error:") {
		t.Fatalf("the bot crashed:\n%s", e)
	}
}

// Garbage is what no protocol defines: binary bytes, a 1 MB line, lone CRs,
// CRLF ends, blank and white lines, unknown words.
func Garbage() []string {
	return []string{
		"\x00\x01\xff\xfe\x80binary\x7f",
		strings.Repeat("A", 1<<20),
		"cr only\rand more\r",
		"crlf line\r",
		"",
		" \t ",
		"nonsense command 1 2 3",
		"{\"Unclosed\": [1, 2",
	}
}

// Run checks the faults with the bot described by s, each as a subtest.
func Run(t *testing.T, s Spec) {
	t.Run("malformed input", func(t *testing.T) {
		p := start(t, s)
		p.send(t, s.Start...)
		p.send(t, Garbage()...)
		p.send(t, s.Probe...)
		p.expect(t, s.Want)
		p.in.Close()
		p.end(t, true)
	})
	t.Run("output not read for a while", func(t *testing.T) {
		p := startReading(t, s, 2*time.Second)
		p.send(t, s.Start...)
		p.send(t, s.Think...)
		p.send(t, s.Probe...)
		p.expect(t, s.Want)
		p.in.Close()
		p.end(t, true)
	})
	if s.MaxRSS > 0 {
		t.Run("memory limit", func(t *testing.T) { Memory(t, s) })
	}
	for _, name := range s.Data {
		exe, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(filepath.Dir(exe), name)
		if _, err := os.Stat(path); err == nil {
			t.Fatalf("%s exists beside the test binary; the test would overwrite it", path)
		}
		garbage := make([]byte, 4096)
		for i := range garbage {
			garbage[i] = byte(i*131 + i>>3)
		}
		for _, c := range []struct {
			name string
			data []byte
		}{{"empty", nil}, {"cut short", garbage[:7]}, {"garbage", garbage}} {
			t.Run(name+" "+c.name, func(t *testing.T) {
				if err := os.WriteFile(path, c.data, 0o644); err != nil {
					t.Fatal(err)
				}
				defer os.Remove(path)
				p := start(t, s)
				p.send(t, s.Start...)
				p.send(t, s.Probe...)
				p.expect(t, s.Want)
				p.in.Close()
				p.end(t, true)
			})
		}
	}
	t.Run("input closed while thinking", func(t *testing.T) {
		p := start(t, s)
		p.send(t, s.Start...)
		p.send(t, s.Think...)
		time.Sleep(200 * time.Millisecond)
		p.in.Close()
		p.end(t, true)
	})
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String()+" while thinking", func(t *testing.T) {
			p := start(t, s)
			p.send(t, s.Start...)
			p.send(t, s.Think...)
			time.Sleep(200 * time.Millisecond)
			if err := p.cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			p.end(t, false)
		})
	}
}

// residentSet is VmRSS of a process in bytes.
func residentSet(t *testing.T, pid int) uint64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(v)
			if len(f) > 0 {
				n, _ := strconv.ParseUint(f[0], 10, 64)
				return n << 10
			}
		}
	}
	return 0
}

// Memory runs the bot through s's session with the memory limit s.Limit,
// makes it think and answer the probe, and checks that its resident set
// (VmRSS, Linux) is then within s.MaxRSS.
func Memory(t *testing.T, s Spec) {
	if runtime.GOOS != "linux" {
		t.Skip("VmRSS is read from /proc")
	}
	p := start(t, s)
	p.send(t, s.Start...)
	p.send(t, s.Limit...)
	p.send(t, s.Think...)
	p.send(t, s.Probe...)
	p.expect(t, s.Want)
	rss := residentSet(t, p.cmd.Process.Pid)
	t.Logf("resident set %d MB, limit %d MB", rss>>20, s.MaxRSS>>20)
	if rss == 0 || rss > s.MaxRSS {
		t.Fatalf("resident set %d bytes, limit %d", rss, s.MaxRSS)
	}
	p.in.Close()
	p.end(t, true)
}
