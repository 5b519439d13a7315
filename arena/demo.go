package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// demoGame is one short match of the demonstration: a bot against a weaker
// setting of itself.
type demoGame struct {
	game   string
	pkg    string // ./cmd/<pkg>
	strong []string
	weak   []string
	tc     string
	// per-side clocks when the weak side differs by time (gomoku brains
	// take their limits from INFO timeout_turn)
	strongTC, weakTC string
	games            int
	plies            int
	opts             map[string]string
}

// The demonstration's matches: one thread each, so that the two engines of
// a game share the two cores of a small machine; the weak side searches
// less (a fixed shallow depth, fewer nodes or less time per move).
var demoGames = []demoGame{
	{game: "kalah", pkg: "kalah", strong: []string{"-threads", "1", "-movetime", "100ms"},
		weak: []string{"-threads", "1", "-depth", "2"}, tc: "60/0", games: 4},
	{game: "stones", pkg: "stones", strong: []string{"-threads", "1", "-soft", "60ms", "-hard", "250ms"},
		weak: []string{"-threads", "1", "-depth", "2"}, tc: "0/3", games: 4, plies: 2,
		opts: map[string]string{"forced": "true"}}, // our bot reads the board of every request
	{game: "morris", pkg: "morris", strong: []string{"-threads", "1", "-movetime", "100ms"},
		weak: []string{"-threads", "1", "-depth", "2"}, tc: "0/2", games: 4, plies: 2},
	{game: "quoridor", pkg: "quoridor", strong: []string{"-threads", "1", "-nodes", "100000"},
		weak: []string{"-threads", "1", "-nodes", "2000"}, tc: "180/30", games: 4, plies: 2},
	{game: "gomoku", pkg: "pbrain-pentad", strong: []string{"-threads", "1"}, strongTC: "60/0.5",
		weak: []string{"-threads", "1"}, weakTC: "60/0.15", tc: "60/0.5", games: 4, plies: 3},
}

// moduleRoot finds the directory of the pentad go.mod above the working
// directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.Contains(string(b), "module github.com/pentad-ai/pentad") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run the demo inside the pentad source tree (go run ./cmd/arena demo)")
		}
		dir = parent
	}
}

// buildBot compiles ./cmd/pkg into the cache folder.
func buildBot(root, cache, pkg string) (string, error) {
	if _, err := os.Stat(filepath.Join(root, "cmd", pkg, "main.go")); err != nil {
		return "", fmt.Errorf("cmd/%s is not there yet", pkg)
	}
	bin := filepath.Join(cache, pkg)
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/"+pkg)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build ./cmd/%s: %v\n%s", pkg, err, strings.TrimSpace(string(out)))
	}
	return bin, nil
}

// RunDemo builds the five bots and plays each against a weaker setting of
// itself, printing the final board of every game and a results table.
// Arguments: an optional list of game names to play.
func RunDemo(ctx context.Context, args []string, w io.Writer) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	cacheBase, err := os.UserCacheDir()
	if err != nil {
		cacheBase = os.TempDir()
	}
	cache := filepath.Join(cacheBase, "pentad-arena")
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return err
	}
	want := map[string]bool{}
	for _, a := range args {
		want[a] = true
	}
	type row struct {
		game string
		sum  *Summary
		note string
	}
	var rows []row
	start := time.Now()
	// The report of the demonstration's games, rewritten after each game.
	reportDir := filepath.Join(cache, "demo")
	if err := os.MkdirAll(reportDir, 0o755); err != nil {
		return err
	}
	reportPath := filepath.Join(reportDir, ReportFile)
	var played []GameLine
	fmt.Fprintf(w, "== the report of the games, kept up to date: %s\n\n", reportPath)
	for _, d := range demoGames {
		if len(want) > 0 && !want[d.game] {
			continue
		}
		if ctx.Err() != nil {
			break
		}
		fmt.Fprintf(w, "== %s: building ./cmd/%s\n", d.game, d.pkg)
		bin, err := buildBot(root, cache, d.pkg)
		if err != nil {
			fmt.Fprintf(w, "== %s: skipped: %v\n\n", d.game, err)
			rows = append(rows, row{game: d.game, note: "skipped (bot not built)"})
			continue
		}
		ref, err := NewReferee(d.game)
		if err != nil {
			fmt.Fprintf(w, "== %s: skipped: %v\n\n", d.game, err)
			rows = append(rows, row{game: d.game, note: "skipped (no referee)"})
			continue
		}
		if err := ref.Configure(d.opts); err != nil {
			return err
		}
		tc, err := ParseTC(d.tc)
		if err != nil {
			return err
		}
		if dt, ok := ref.(DefaultTCer); ok {
			if b := dt.DefaultTC(); b.First > 0 && tc.Move > 0 {
				tc.First = tc.Move + b.First - b.Move
			}
		}
		tcs := []TimeControl{tc, tc}
		for i, x := range []string{d.strongTC, d.weakTC} {
			if x != "" {
				if tcs[i], err = ParseTC(x); err != nil {
					return err
				}
			}
		}
		strongName, weakName := d.game+"-full", d.game+"-weak"
		m := &Match{
			Ref: ref,
			Engines: []EngineSpec{
				{Name: strongName, Cmd: append([]string{bin}, d.strong...)},
				{Name: weakName, Cmd: append([]string{bin}, d.weak...)},
			},
			EngineTC:    tcs,
			Mode:        ModeMatch,
			Games:       d.games,
			Concurrency: 1,
			RandomPlies: d.plies,
			Repeat:      true,
			Seed:        uint64(len(d.game)) * 7919,
			Tolerance:   100 * time.Millisecond,
		}
		fmt.Fprintf(w, "== %s: %s (%s, tc %s) vs %s (%s, tc %s)\n", d.game, strongName, strings.Join(d.strong, " "), tcs[0],
			weakName, strings.Join(d.weak, " "), tcs[1])
		m.OnGame = func(g GameLine) {
			played = append(played, g)
			if err := WriteReport(reportPath, played, nil, []string{"arena demo"}); err != nil {
				fmt.Fprintf(w, "-- report: %v\n", err)
			}
			fmt.Fprintf(w, "-- %s (%s) vs %s (%s): %s %s, %d moves, %.1f s", g.Players[0], g.Colours[0],
				g.Players[1], g.Colours[1], g.Result, g.Reason, len(g.Moves), float64(g.Millis)/1000)
			if g.Detail != "" {
				fmt.Fprintf(w, " (%s)", g.Detail)
			}
			if len(g.Opening) > 0 {
				fmt.Fprintf(w, ", opening %s", strings.Join(g.Opening, " "))
			}
			fmt.Fprintln(w)
			if g.Final != "" {
				for _, l := range strings.Split(g.Final, "\n") {
					fmt.Fprintln(w, "   ", l)
				}
			}
		}
		sum, err := m.Run(ctx)
		if err != nil {
			return err
		}
		sum.Print(w)
		fmt.Fprintln(w)
		rows = append(rows, row{game: d.game, sum: sum})
	}
	fmt.Fprintf(w, "== Summary (%.0f s)\n", time.Since(start).Seconds())
	fmt.Fprintf(w, "%-9s %6s %4s %4s %4s %7s  %s\n", "game", "games", "W", "D", "L", "score", "Elo of full over weak (95%)")
	for _, r := range rows {
		if r.sum == nil || len(r.sum.Order) == 0 {
			fmt.Fprintf(w, "%-9s %s\n", r.game, r.note)
			continue
		}
		sc := *r.sum.Pairings[r.sum.Order[0]]
		e := sc.EloEstimate()
		fmt.Fprintf(w, "%-9s %6d %4d %4d %4d %6.1f%%  %s (%+.0f..%+.0f)\n", r.game, sc.Games(), sc.W, sc.D, sc.L, 100*sc.Ratio(), e, e.Lo, e.Hi)
	}
	if len(played) > 0 {
		if err := WriteReport(reportPath, played, nil, []string{"arena demo"}); err != nil {
			return err
		}
		fmt.Fprintf(w, "\nReport of the %d games (tables, plots, every game replayed): %s\n", len(played), reportPath)
	}
	return nil
}
