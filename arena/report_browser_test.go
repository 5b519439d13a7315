package arena

import (
	"context"
	"fmt"
	"html"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// chromium finds a headless-capable Chromium. Without one the browser test
// is skipped, except under CI=true, where it fails.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed (CI=true: the browser test must run; apt-get install -y chromium)")
	}
	t.Skip("chromium is not installed")
	return ""
}

// runChromium loads url headless and returns what it printed. Each run has
// a profile of its own (no lock shared with another run), no sandbox when
// running as root (Chromium refuses otherwise), a generous budget of
// virtual time for the page's script and a real-time limit.
func runChromium(t *testing.T, bin string, args ...string) (stdout, stderr string) {
	t.Helper()
	base := []string{"--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
		"--disable-extensions", "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio",
		"--enable-logging=stderr", "--v=0", "--virtual-time-budget=30000",
		"--user-data-dir=" + t.TempDir()}
	if os.Geteuid() == 0 {
		base = append(base, "--no-sandbox")
	}
	run := func(base []string) (string, string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
		var out, errb strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		return out.String(), errb.String(), err
	}
	out, errs, err := run(base)
	if err != nil && os.Geteuid() != 0 {
		// a container without user namespaces has no sandbox for anyone
		out, errs, err = run(append(base, "--no-sandbox"))
	}
	if err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, tail(errs, 2000))
	}
	return out, errs
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

var (
	consoleLine = regexp.MustCompile(`(?m)^.*:CONSOLE[:(].*$`)
	boardTag    = regexp.MustCompile(`<div id="board"[^>]*>`)
	htmlTag     = regexp.MustCompile(`<html[^>]*>`)
)

func attr(tag, name string) (string, bool) {
	m := regexp.MustCompile(`\s` + name + `="([^"]*)"`).FindStringSubmatch(tag)
	if m == nil {
		return "", false
	}
	return html.UnescapeString(m[1]), true
}

// The page loads in headless Chromium without a console message or script
// error; for a game of each of the five games (and variants by options), a
// replay stepped to its last move by the arrow key draws the pieces of the
// rules' final position (computed here with game/NAME, not from the page
// data), and a screenshot of each board is saved for people to look at.
func TestReportInBrowser(t *testing.T) {
	bin := chromium(t)
	games := testGames(t, 1)
	dir := t.TempDir()
	page := filepath.Join(dir, ReportFile)
	if err := WriteReport(page, games, nil, []string{"test"}); err != nil {
		t.Fatal(err)
	}
	shots := filepath.Join(os.TempDir(), "pentad-report-screenshots")
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	pageURL := (&url.URL{Scheme: "file", Path: page}).String()
	// Without parameters the page opens the first game at its start.
	dom, _ := runChromium(t, bin, "--dump-dom", pageURL)
	g0 := newRulesGame(t, games[0].Game, games[0].Options)
	b := boardTag.FindString(dom)
	if got, _ := attr(b, "data-drawn"); got != sortedTokens(g0.tokens()) || !strings.Contains(b, `data-step="0"`) || !strings.Contains(dom, b+"<svg") {
		t.Errorf("plain page: board %q, want the start of game 1 (%s)", b, sortedTokens(g0.tokens()))
	}
	shot := map[string]bool{}
	for i, gl := range games {
		n := i + 1
		// expected: the rules' final position
		g := newRulesGame(t, gl.Game, gl.Options)
		for _, mv := range append(append([]string(nil), gl.Opening...), moveTexts(gl.Moves)...) {
			g.play(t, mv)
		}
		want := sortedTokens(g.tokens())

		dom, stderr := runChromium(t, bin, "--dump-dom", fmt.Sprintf("%s?game=%d&play=keys", pageURL, n))
		if m := consoleLine.FindAllString(stderr, -1); len(m) > 0 {
			t.Errorf("game %d (%s): console messages:\n%s", n, gl.Game, strings.Join(m, "\n"))
		}
		top := htmlTag.FindString(dom)
		if e, ok := attr(top, "data-errors"); ok {
			t.Errorf("game %d (%s): script errors: %s", n, gl.Game, e)
		}
		if r, _ := attr(top, "data-ready"); r != "1" {
			t.Fatalf("game %d (%s): the script did not finish: %q\n%s", n, gl.Game, top, tail(stderr, 2000))
		}
		b := boardTag.FindString(dom)
		step, _ := attr(b, "data-step")
		if want := fmt.Sprint(len(gl.Opening) + len(gl.Moves)); step != want {
			t.Errorf("game %d (%s): stepped to ply %s, want the last, %s", n, gl.Game, step, want)
		}
		if !strings.Contains(dom, b+"<svg") {
			t.Errorf("game %d (%s): no board drawn", n, gl.Game)
		}
		got, _ := attr(b, "data-drawn")
		if got != want {
			t.Errorf("game %d (%s %v): drawn\n  %s\nrules' final position\n  %s", n, gl.Game, gl.Options, got, want)
		}
		if !shot[gl.Game] {
			shot[gl.Game] = true
			png := filepath.Join(shots, fmt.Sprintf("%s.png", gl.Game))
			os.Remove(png)
			runChromium(t, bin, "--window-size=1200,820", "--screenshot="+png, fmt.Sprintf("%s?game=%d&step=last&view=board", pageURL, n))
			if st, err := os.Stat(png); err != nil || st.Size() < 10000 {
				t.Errorf("game %d (%s): no screenshot (%v)", n, gl.Game, err)
			} else {
				t.Logf("%s: screenshot %s", gl.Game, png)
			}
		}
	}
}
