package quoridor

import (
	"bufio"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pentad-ai/pentad/game/quoridor"
)

// run feeds input to a fresh session and returns its output.
func runSession(t testing.TB, cfg Config, input string) (string, *Session) {
	s := NewSession(cfg)
	var out strings.Builder
	if err := s.Run(strings.NewReader(input), &out); err != nil {
		t.Fatalf("run: %v", err)
	}
	return out.String(), s
}

// exec runs one command on s and returns the response.
func exec(s *Session, line string) string {
	var out strings.Builder
	s.out = bufio.NewWriter(&out)
	s.Exec(line)
	s.out.Flush()
	return out.String()
}

func fastCfg() Config { return Config{Depth: 2, HashMiB: 1, Threads: 1} }

func TestResponses(t *testing.T) {
	s := NewSession(fastCfg())
	cases := []struct{ in, want string }{
		{"name", "= " + EngineName + "\n\n"},
		{"known_command playwall", "= true\n\n"},
		{"known_command frobnicate", "= false\n\n"},
		{"boardsize 9", "=\n\n"},
		{"boardsize 8", "? unacceptable size\n\n"},
		{"boardsize 27", "? unacceptable size\n\n"},
		{"boardsize x", "? syntax error\n\n"},
		{"clear_board", "=\n\n"},
		{"walls 10", "=\n\n"},
		{"undo", "? cannot undo\n\n"},
		{"winner", "= false\n\n"},
		{"playmove black E8", "=\n\n"},
		{"playmove white e1", "? illegal move\n\n"}, // not a move: white is on E1
		{"playmove white E3", "? illegal move\n\n"},
		{"playmove WHITE e2", "=\n\n"},
		{"playwall b D9 HORIZONTAL", "=\n\n"},
		{"playwall white E9 h", "? illegal move\n\n"}, // shares the anchor? no: overlaps D9 h
		{"playwall white D9 v", "? illegal move\n\n"}, // crosses D9 h
		{"playwall white I9 h", "? illegal move\n\n"}, // off the board (column I)
		{"playwall white A1 h", "? illegal move\n\n"}, // off the board (row 1)
		{"playwall white F9 Horizontal", "=\n\n"},
		{"playwall white F9 diagonal", "? syntax error\n\n"},
		{"playmove green E5", "? syntax error\n\n"},
		{"playmove black", "? syntax error\n\n"},
		{"undo 5", "? cannot undo\n\n"},
		{"undo 2", "=\n\n"},
		{"undo", "=\n\n"},
		{"undo 1", "=\n\n"},
		{"undo", "? cannot undo\n\n"},
		{"frobnicate", "? unknown command\n\n"},
		{"genmove purple", "? syntax error\n\n"},
	}
	for _, c := range cases {
		if got := exec(s, c.in); got != c.want {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
	lc := exec(s, "list_commands")
	for _, c := range []string{"name", "known_command", "list_commands", "quit", "boardsize", "clear_board",
		"walls", "playmove", "playwall", "genmove", "undo", "winner", "showboard"} {
		if !strings.Contains(lc, "\n"+c+"\n") && !strings.HasPrefix(lc, "= "+c+"\n") {
			t.Errorf("list_commands lacks %s", c)
		}
	}
}

func TestPreprocessing(t *testing.T) {
	in := "  \t\r\n# only a comment\nna\x01me # trailing comment\r\n\tknown_command\tundo\r\n\n\nwinner"
	out, _ := runSession(t, fastCfg(), in)
	want := "= " + EngineName + "\n\n= true\n\n= false\n\n"
	if out != want {
		t.Fatalf("got %q, want %q", out, want)
	}
}

func TestQuitStops(t *testing.T) {
	out, _ := runSession(t, fastCfg(), "quit\nname\n")
	if out != "=\n\n" {
		t.Fatalf("got %q", out)
	}
}

var moveRE = regexp.MustCompile(`^= [A-Y][0-9]{1,2}( [hv])?\n\n$`)

func TestGenmoveAndWin(t *testing.T) {
	s := NewSession(fastCfg())
	exec(s, "boardsize 5")
	exec(s, "clear_board")
	exec(s, "walls 1")
	for i := 0; i < 200; i++ {
		if over, _ := s.pos.Winner(); over {
			break
		}
		c := []string{"black", "white"}[i%2]
		r := exec(s, "genmove "+c)
		if !moveRE.MatchString(r) {
			t.Fatalf("genmove %s: %q", c, r)
		}
	}
	if r := exec(s, "winner"); !strings.HasPrefix(r, "= true ") {
		t.Fatalf("no winner after 200 plies: %q", r)
	}
	if r := exec(s, "genmove black"); !strings.HasPrefix(r, "?") {
		t.Fatalf("genmove after the end: %q", r)
	}
}

// TestTranscripts replays the referee transcripts: every command the referee
// sent gets the recorded answer; at each genmove our engine must answer a
// legal move, which is then taken back and replaced by the recorded one.
func TestTranscripts(t *testing.T) {
	for _, name := range []string{"quoridor-black.log", "quoridor-white.log"} {
		// copies of ../shared/reference/transcripts/
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		s := NewSession(fastCfg())
		lines := strings.Split(string(data), "\n")
		for i := 0; i < len(lines); i++ {
			l := lines[i]
			if !strings.HasPrefix(l, "<- ") {
				continue
			}
			cmd := l[3:]
			var want []string
			for j := i + 1; j < len(lines) && strings.HasPrefix(lines[j], "->"); j++ {
				want = append(want, strings.TrimSpace(strings.TrimPrefix(lines[j], "->")))
			}
			got := exec(s, cmd)
			f := strings.Fields(cmd)
			switch f[0] {
			case "name":
				continue
			case "genmove":
				if !moveRE.MatchString(got) {
					t.Fatalf("%s line %d: %q answered %q", name, i+1, cmd, got)
				}
				if r := exec(s, "undo"); r != "=\n\n" {
					t.Fatalf("undo after genmove: %q", r)
				}
				mv := strings.Fields(strings.TrimPrefix(want[0], "="))
				play := "playmove " + f[1] + " " + mv[0]
				if len(mv) == 2 {
					play = "playwall " + f[1] + " " + mv[0] + " " + mv[1]
				}
				if r := exec(s, play); r != "=\n\n" {
					t.Fatalf("%s line %d: recorded %q refused: %q", name, i+1, play, r)
				}
			default:
				norm := strings.TrimSpace(strings.Join(want, "\n"))
				if strings.TrimSpace(got) != norm {
					t.Fatalf("%s line %d: %q answered %q, want %q", name, i+1, cmd, got, norm)
				}
			}
		}
		if over, c := s.pos.Winner(); !over || c != quoridor.Black {
			t.Errorf("%s: game should be won by black", name)
		}
	}
}

func TestFailedCommandKeepsState(t *testing.T) {
	s := NewSession(fastCfg())
	for _, l := range []string{"playmove black E8", "playmove white E2", "playwall black C5 v"} {
		exec(s, l)
	}
	bad := []string{"boardsize 4", "boardsize", "walls -1", "walls x", "playmove black E6",
		"playmove black J9", "playwall white C5 h", "playwall white C4 v", "playwall white C6 v",
		"playwall white I5 v", "undo 9", "undo x", "genmove", "playmove black E7 h"}
	for _, l := range bad {
		before := snapshot(s)
		r := exec(s, l)
		if !strings.HasPrefix(r, "? ") || !strings.HasSuffix(r, "\n\n") {
			t.Errorf("%q: expected a failure, got %q", l, r)
		}
		if after := snapshot(s); after != before {
			t.Errorf("%q changed the state", l)
		}
	}
}

type state struct {
	n, plies, walls, w0, w1, side int
	hash                          uint64
}

func snapshot(s *Session) state {
	p := s.pos
	return state{p.Size(), p.Plies(), s.walls, p.WallsLeft(0), p.WallsLeft(1), p.Side(), p.Hash()}
}

func TestParseArgs(t *testing.T) {
	cfg, sub := ParseArgs([]string{"-seed", "42", "--unknown", "x", "-movetime=2.5", "-gametime", "90s", "-threads", "2"})
	if sub != nil || cfg.Seed != 42 || cfg.MoveTime != 2500*time.Millisecond || cfg.GameTime != 90*time.Second || cfg.Threads != 2 {
		t.Fatalf("got %+v %v", cfg, sub)
	}
	_, sub = ParseArgs([]string{"perft", "3"})
	if len(sub) != 2 {
		t.Fatalf("subcommand: %v", sub)
	}
	cfg, _ = ParseArgs([]string{"-seed"})
	if cfg.Seed != 0 || cfg.Threads != 1 {
		t.Fatalf("dangling flag: %+v", cfg)
	}
	cfg, _ = ParseArgs([]string{"-w", "WallStep=150,walldist=4"})
	if cfg.ArgErr != nil || cfg.Weights == nil || cfg.Weights.WallStep != 150 || cfg.Weights.WallDist != 4 {
		t.Fatalf("-w: %+v", cfg)
	}
	cfg, _ = ParseArgs([]string{"-w=Nope=1"})
	if cfg.ArgErr == nil || cfg.Weights != nil {
		t.Fatalf("bad -w accepted: %+v", cfg)
	}
}

func TestBudget(t *testing.T) {
	for _, gt := range []time.Duration{60 * time.Second, 180 * time.Second, 500 * time.Second} {
		for _, mt := range []time.Duration{time.Second, 30 * time.Second} {
			var used time.Duration
			for move := 0; move < 200; move++ {
				soft, hard := Budget(gt, mt, used, 29)
				if hard > mt || soft > hard || hard <= 0 {
					t.Fatalf("gt %v mt %v used %v: soft %v hard %v", gt, mt, used, soft, hard)
				}
				used += hard + 10*time.Millisecond // the worst case: every search runs to the hard limit
			}
			if used > gt {
				t.Errorf("gt %v mt %v: 200 hard-limit moves use %v", gt, mt, used)
			}
			// Even then the clock is exceeded only after very many moves.
			var u time.Duration
			for move := 0; move < 60; move++ {
				_, hard := Budget(gt, mt, u, 29)
				u += hard
			}
			if u > gt {
				t.Errorf("gt %v mt %v: 60 hard-limit moves use %v", gt, mt, u)
			}
		}
	}
}

func FuzzQTP(f *testing.F) {
	for _, s := range []string{
		"name\nboardsize 5\nclear_board\nwalls 2\ngenmove black\nshowboard\n",
		"playmove b C4\nplaywall w B3 v\nundo 2\nwinner\n",
		"boardsize 3\nclear_board\nplaymove black B2\nplaymove white A1\nplaymove black B1\nwinner\ngenmove w\n",
		"\x00\x7f\r\t# x\nknown_command \tquit\nlist_commands\n",
		"playwall black A2 VERTICAL\nplaywall black A2 v\nundo 0\nundo 4294967296\n",
		"boardsize 25\nclear_board\nwalls 3\ngenmove white\n",
		"walls 2147483647\nplaywall b E5 h\nquit\nname\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s := NewSession(Config{Depth: 1, HashMiB: 1})
		var all strings.Builder
		s.out = bufio.NewWriter(&all)
		br := bufio.NewReader(strings.NewReader(in))
		for !s.quit {
			line, err := readLine(br)
			if line != "" {
				before := snapshot(s)
				var out strings.Builder
				s.out = bufio.NewWriter(&out)
				s.Exec(line)
				s.out.Flush()
				r := out.String()
				if !(strings.HasPrefix(r, "=") || strings.HasPrefix(r, "? ")) || !strings.HasSuffix(r, "\n\n") ||
					strings.Contains(strings.TrimSuffix(r, "\n\n"), "\n\n") {
					t.Fatalf("%q: malformed response %q", line, r)
				}
				if r[0] == '?' && snapshot(s) != before {
					t.Fatalf("%q failed but changed the state", line)
				}
			}
			if err != nil {
				break
			}
		}
	})
}

// TestThreads: Lazy SMP helpers search clones (run under -race in CI).
func TestThreads(t *testing.T) {
	s := NewSession(Config{Threads: 2, Depth: 3, HashMiB: 4})
	for i := 0; i < 6; i++ {
		c := []string{"black", "white"}[i%2]
		if r := exec(s, "genmove "+c); !moveRE.MatchString(r) {
			t.Fatalf("genmove %s: %q", c, r)
		}
	}
}
