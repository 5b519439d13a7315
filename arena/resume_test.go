package arena

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// seedRef decides each game by its seed alone, so that a game has the same
// result whenever it is played; it can interrupt the run after a number of
// games, as a kill would.
type seedRef struct {
	mu      sync.Mutex
	played  int
	stopAt  int
	stop    func()
	delayMs int // each game lasts this long
}

func (r *seedRef) Name() string { return "seedstub" }
func (r *seedRef) Configure(opts map[string]string) error {
	return configure("seedstub", opts, intOption("delayms", &r.delayMs, 0, 10000))
}
func (r *seedRef) ParseOpening(l string) ([]string, error) { return strings.Fields(l), nil }
func (r *seedRef) RandomOpening(rng *rand.Rand, n int) []string {
	return []string{string(rune('a' + rng.IntN(26)))}
}
func (r *seedRef) Play(ctx context.Context, s *Setup, _ *Pool) Record {
	r.mu.Lock()
	r.played++
	if r.stop != nil && r.played > r.stopAt {
		r.stop()
	}
	r.mu.Unlock()
	time.Sleep(time.Duration(r.delayMs) * time.Millisecond)
	if ctx.Err() != nil {
		return Record{Result: Result{Winner: -1, Reason: Aborted}}
	}
	w := int(s.Seed%3) - 1 // -1 draw, 0 or 1 the winner
	if s.Seed%5 == 0 {
		w = 0 // A wins some games whatever its colour
		if s.Engines[1].Name == "A" {
			w = 1
		}
	}
	return Record{Result: Result{Winner: w, Reason: Normal}}
}

// lastSeedRef is the referee the last seedstub match made; seedHook, when
// set, prepares it.
var (
	lastSeedRef *seedRef
	seedHook    func(*seedRef)
)

func init() {
	// the test binary as an arena process: "-fake arena ARGS"
	fakes["arena"] = func(args []string) {
		if err := RunMatch(context.Background(), args, os.Stdout, false); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	Register("seedstub", func() Referee {
		r := &seedRef{}
		if seedHook != nil {
			seedHook(r)
		}
		lastSeedRef = r
		return r
	})
}

// A run interrupted after some games (its last line cut short, as a kill
// leaves it) and resumed with arena -resume ends with the table of the same
// run played without interruption, and no game is played twice.
func TestResumeGivesTheUninterruptedTable(t *testing.T) {
	self, _ := os.Executable()
	args := func(dir string) []string {
		return []string{"-game", "seedstub", "-engine", "name=A", "cmd=" + self, "-engine", "name=B", "cmd=" + self,
			"-games", "40", "-seed", "11", "-out", dir, "-concurrency", "2"}
	}
	table := func(out string) string {
		// the results table, without the progress lines and timings
		i := strings.Index(out, "Results of")
		if i < 0 {
			t.Fatalf("no results table in\n%s", out)
		}
		return out[i:]
	}
	full, part := t.TempDir(), t.TempDir()
	var want bytes.Buffer
	if err := RunMatch(context.Background(), args(full), &want, false); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	var first bytes.Buffer
	seedHook = func(r *seedRef) { r.stopAt, r.stop = 15, cancel }
	err := RunMatch(ctx, args(part), &first, false)
	seedHook = nil
	if err == nil {
		t.Fatal("the interrupted run did not report its interruption")
	}
	games := filepath.Join(part, "games.jsonl")
	b, _ := os.ReadFile(games)
	kept := bytes.Count(b, []byte("\n"))
	if kept == 0 || kept >= 40 {
		t.Fatalf("%d games on disk after the interruption", kept)
	}
	f, _ := os.OpenFile(games, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"run":"cut short by a ki`)
	f.Close()

	var got bytes.Buffer
	if err := RunMatch(context.Background(), []string{"-resume", part}, &got, false); err != nil {
		t.Fatal(err)
	}
	if lastSeedRef.played != 40-kept {
		t.Errorf("resume played %d games, want %d", lastSeedRef.played, 40-kept)
	}
	if table(got.String()) != table(want.String()) {
		t.Fatalf("resumed table\n%s\nuninterrupted table\n%s", got.String(), want.String())
	}
	recs, _, err := ReadRecords([]string{part})
	if err != nil || len(recs) != 40 {
		t.Fatalf("%d records after resume: %v", len(recs), err)
	}
	if err := RunMatch(context.Background(), []string{"-resume", t.TempDir()}, &got, false); err == nil {
		t.Error("resume of a folder without a run accepted")
	}
}

// An arena process killed with SIGKILL in the middle of a run leaves a run
// that arena -resume finishes to the table of an uninterrupted one.
func TestResumeAfterKill(t *testing.T) {
	self, _ := os.Executable()
	args := func(dir string) []string {
		return []string{"-game", "seedstub", "-engine", "name=A", "cmd=" + self, "-engine", "name=B", "cmd=" + self,
			"-games", "60", "-seed", "13", "-out", dir, "-concurrency", "2", "-opt", "delayms=20"}
	}
	full, part := t.TempDir(), t.TempDir()
	var want bytes.Buffer
	if err := RunMatch(context.Background(), args(full), &want, false); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, append([]string{"-fake", "arena"}, args(part)...)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	games := filepath.Join(part, "games.jsonl")
	kept := 0
	for deadline := time.Now().Add(20 * time.Second); kept < 10; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("%d games after 20 s", kept)
		}
		b, _ := os.ReadFile(games)
		kept = bytes.Count(b, []byte("\n"))
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	b, _ := os.ReadFile(games)
	kept = bytes.Count(b, []byte("\n"))
	if kept >= 60 {
		t.Fatalf("the run ended before the kill (%d games)", kept)
	}
	var got bytes.Buffer
	if err := RunMatch(context.Background(), []string{"-resume", part}, &got, false); err != nil {
		t.Fatal(err)
	}
	if lastSeedRef.played != 60-kept {
		t.Errorf("resume played %d games, want %d", lastSeedRef.played, 60-kept)
	}
	table := func(out string) string { return out[strings.Index(out, "Results of"):] }
	if table(got.String()) != table(want.String()) {
		t.Fatalf("resumed after %d games:\n%s\nuninterrupted:\n%s", kept, got.String(), want.String())
	}
}
