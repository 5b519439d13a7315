package records

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEach(t *testing.T) {
	in := `{"game":"kalah","opening":["1","SWAP"],"moves":[{"move":"3"},{"move":"4"}],"winner":"a"}` + "\n\n" +
		`{"game":"morris","players":["a","b"]}` + "\n"
	var lines []int
	var got []string
	err := Each(strings.NewReader(in), func(line int, g *Game) error {
		lines = append(lines, line)
		got = append(got, g.Game+":"+strings.Join(g.MoveList(), " "))
		return nil
	})
	if err != nil || len(lines) != 2 || lines[1] != 3 || got[0] != "kalah:1 SWAP 3 4" || got[1] != "morris:" {
		t.Fatalf("lines %v, got %q, err %v", lines, got, err)
	}
	if err := Each(strings.NewReader("{}\nnot json\n"), func(int, *Game) error { return nil }); err == nil || !strings.HasPrefix(err.Error(), "line 2:") {
		t.Fatalf("bad line: %v", err)
	}
	stop := errors.New("stop")
	n := 0
	if err := Each(strings.NewReader("{}\n{}\n"), func(int, *Game) error { n++; return stop }); err != stop || n != 1 {
		t.Fatalf("fn's error: %v after %d", err, n)
	}
}

// EachJSON decodes lines into any type and skips lines of blanks only.
func TestEachJSON(t *testing.T) {
	type pos struct {
		Moves []string `json:"moves"`
		Score int      `json:"score"`
	}
	var got []int
	err := EachJSON(strings.NewReader(`{"moves":["7,7"],"score":5}`+"\n  \t\n"+` {"score":-3} `+"\n"), func(line int, p *pos) error {
		got = append(got, line, p.Score, len(p.Moves))
		return nil
	})
	if err != nil || len(got) != 6 || got[0] != 1 || got[1] != 5 || got[2] != 1 || got[3] != 3 || got[4] != -3 || got[5] != 0 {
		t.Fatalf("got %v, err %v", got, err)
	}
	if err := EachJSON(strings.NewReader(`{"score":"x"}`), func(int, *pos) error { return nil }); err == nil || !strings.HasPrefix(err.Error(), "line 1:") {
		t.Fatalf("bad line: %v", err)
	}
}

func TestReadFiles(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.WriteFile(a, []byte("x\ny\n"), 0o644)
	os.WriteFile(b, []byte("z\n"), 0o644)
	lines := func(r io.Reader) ([]string, error) {
		data, err := io.ReadAll(r)
		if strings.Contains(string(data), "bad") {
			return nil, errors.New("bad data")
		}
		return strings.Fields(string(data)), err
	}
	got, err := ReadFiles([]string{a, b}, lines)
	if err != nil || strings.Join(got, "") != "xyz" {
		t.Fatalf("%v %v", got, err)
	}
	if _, err := ReadFiles([]string{a, filepath.Join(dir, "missing")}, lines); err == nil {
		t.Fatal("a missing file read")
	}
	os.WriteFile(b, []byte("bad\n"), 0o644)
	if _, err := ReadFiles([]string{a, b}, lines); err == nil || !strings.HasPrefix(err.Error(), b+": ") {
		t.Fatalf("error %v does not name the file", err)
	}
}
