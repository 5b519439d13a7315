package specialize

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const src = `// Package engine doc.
package engine

// Limits are shared.
type Limits struct{ Depth int }

// Engine searches.
type Engine struct {
	Options Options
	w       *worker
}

type worker struct {
	pos    Position
	scorer MoveScorer
}

// New makes an engine.
func New(opt Options) *Engine { return &Engine{Options: opt, w: &worker{}} }

func (e *Engine) Search(p Position, lim Limits) Move {
	e.w.pos = p.Clone().(Position)
	e.w.scorer, _ = any(p).(MoveScorer)
	return Move(abs(lim.Depth + Win))
}

func abs(x int) int { return x }
`

func TestGenerate(t *testing.T) {
	out, err := Generate([]byte(src), Config{Package: "g", Concrete: "Pos", Scorer: true,
		Engine: "Searcher", New: "NewSearcher", Prefix: "s"})
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	for _, want := range []string{
		"package g\n",
		`"github.com/pentad-ai/pentad/engine"`,
		"// Searcher searches.\ntype Searcher struct",
		"Options engine.Options",
		"w       *sWorker",
		"pos    *Pos",
		"scorer *Pos",
		"// NewSearcher makes an engine.\nfunc NewSearcher(opt engine.Options) *Searcher",
		"&Searcher{Options: opt, w: &sWorker{}}",
		"func (e *Searcher) Search(p *Pos, lim engine.Limits) engine.Move",
		"p.Clone().(*Pos)",
		"any(p).(*Pos)",
		"engine.Move(sAbs(lim.Depth + engine.Win))",
		"func sAbs(x int) int",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	for _, bad := range []string{"type Limits", "Package engine doc", "Limits are shared"} {
		if strings.Contains(got, bad) {
			t.Errorf("output has %q:\n%s", bad, got)
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	cfg := Config{Package: "g", Concrete: "Pos", Engine: "S", New: "NewS", Prefix: "s"}
	if _, err := Generate([]byte("package other\n"), cfg); err == nil {
		t.Error("a package other than engine was accepted")
	}
	if _, err := Generate([]byte("package engine\nfunc abs(x int) int { return x }\nfunc f() { abs := 1; _ = abs }\n"), cfg); err == nil {
		t.Error("a local shadowing a top-level name was accepted")
	}
	if _, err := Generate([]byte("package engine\nfunc f( {\n"), cfg); err == nil {
		t.Error("a syntax error was accepted")
	}
}

// Stale tells a fresh copy from an edited one and reports a missing file.
func TestStale(t *testing.T) {
	dir := t.TempDir()
	src, out := filepath.Join(dir, "search.go"), filepath.Join(dir, "gen.go")
	cfg := Config{Package: "p", Concrete: "T", Engine: "Eng", New: "NewEng", Prefix: "x"}
	code := []byte("package engine\n\ntype Position interface{ Side() int }\n\nfunc side(p Position) int { return p.Side() }\n")
	if err := os.WriteFile(src, code, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Stale(src, out, cfg); err == nil {
		t.Fatal("no error for a missing copy")
	}
	gen, err := Generate(code, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, gen, 0o644); err != nil {
		t.Fatal(err)
	}
	if stale, err := Stale(src, out, cfg); err != nil || stale {
		t.Fatalf("fresh copy: stale %v, error %v", stale, err)
	}
	if err := os.WriteFile(out, append(gen, "// edited\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if stale, err := Stale(src, out, cfg); err != nil || !stale {
		t.Fatalf("edited copy: stale %v, error %v", stale, err)
	}
}
