package arena

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/gomoku"
)

func init() {
	// gomoku MODE [WHEN]: a brain that plays the first empty cell in
	// row-major order; does MODE at its WHEN-th move of a game.
	fakes["gomoku"] = func(args []string) {
		mode, when := fakeArgs(args)
		// a plain occupancy grid: the rules package is too slow to set up
		// for a fake that starts many times
		size := 15
		var occ map[[2]int]bool
		var first [2]int
		play := func(x, y int) {
			if len(occ) == 0 {
				first = [2]int{x, y}
			}
			occ[[2]int{x, y}] = true
		}
		asked := 0
		var board [][3]int
		inBoard := false
		reply := func() {
			asked++
			if asked == when {
				if misbehave(mode) {
					return
				}
				switch mode {
				case "forbid":
					say("8,7")
					return
				case "occupied":
					say(strconv.Itoa(first[0]) + "," + strconv.Itoa(first[1]))
					return
				case "offboard":
					say("15,3")
					return
				}
			}
			say("MESSAGE thinking hard")
			say("DEBUG depth 1")
			for y := 0; y < size; y++ {
				for x := 0; x < size; x++ {
					if !occ[[2]int{x, y}] {
						play(x, y)
						say(strconv.Itoa(x) + "," + strconv.Itoa(y))
						return
					}
				}
			}
		}
		for sc := lines(); sc.Scan(); {
			l := strings.TrimSpace(sc.Text())
			if inBoard {
				if l == "DONE" {
					inBoard = false
					for _, st := range board {
						play(st[0], st[1])
					}
					reply()
					continue
				}
				f := strings.Split(l, ",")
				x, _ := strconv.Atoi(f[0])
				y, _ := strconv.Atoi(f[1])
				board = append(board, [3]int{x, y})
				continue
			}
			cmd, arg, _ := strings.Cut(l, " ")
			switch cmd {
			case "ABOUT":
				say(`name="fake", version="1"`)
			case "START":
				size, _ = strconv.Atoi(arg)
				if mode == "nostart" {
					say("ERROR unsupported size")
					say("UNKNOWN")
					continue
				}
				occ = map[[2]int]bool{}
				asked = 0
				say("OK")
			case "BEGIN":
				reply()
			case "TURN":
				x, y, _ := gomoku.ParseXY(arg)
				play(x, y)
				reply()
			case "BOARD":
				inBoard = true
				board = board[:0]
			case "END":
				return
			}
		}
	}
}

func TestGomokuReferee(t *testing.T) {
	ref, _ := NewReferee("gomoku")
	tc := TimeControl{Game: 5 * time.Second, Move: 100 * time.Millisecond}
	good := fake("gomoku", "good")
	faults := []fault{
		// lines that are not moves are skipped, as c-gomoku-cli skips
		// them: the move never comes
		{"flood", "2", 1, TimeLoss, ""},
		{"occupied", "2", 1, Illegal, "occupied"},
		{"offboard", "2", 0, Illegal, "off the board"},
		{"garbage", "2", 0, TimeLoss, ""},
		{"nostart", "", 1, Malformed, "UNKNOWN"},
		{"late", "3", 1, TimeLoss, ""},
		{"hang", "1", 0, TimeLoss, ""},
		{"crash", "2", 1, Crash, "exit 3"},
		{"close", "2", 0, Closed, ""},
	}
	runFaults(t, ref, tc, good, faults)
}

func TestGomokuRenjuForbidden(t *testing.T) {
	ref, _ := NewReferee("gomoku")
	if err := ref.Configure(map[string]string{"rule": "renju"}); err != nil {
		t.Fatal(err)
	}
	// Black g8 h8 i6 i7 (x,y = 6,7 7,7 8,5 8,6), white in the corners:
	// black's 8,7 makes two open threes, forbidden under renju.
	op, err := ref.ParseOpening("g8a1h8o1i6a15i7o15")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(op, " ") != "6,7 0,0 7,7 14,0 8,5 0,14 8,6 14,14" {
		t.Fatalf("opening parsed as %v", op)
	}
	tc := TimeControl{Game: 5 * time.Second, Move: time.Second}
	runRefCase(t, ref, refCase{"forbidden", [2]EngineSpec{fake("gomoku", "forbid", "1"), fake("gomoku", "good")}, tc, 1, Illegal, "forbidden"}, op)
}

func TestGomokuFullGamesAndReuse(t *testing.T) {
	ref, _ := NewReferee("gomoku")
	if err := ref.Configure(map[string]string{"size": "7", "rule": "freestyle"}); err != nil {
		t.Fatal(err)
	}
	// Both brains fill cells in row-major order: replay that on the rules.
	op := ref.RandomOpening(rand.New(rand.NewPCG(5, 6)), 3)
	want, why := simulateGomoku(t, 7, op)
	dir := t.TempDir()
	m := &Match{Ref: ref, Engines: []EngineSpec{named("a", fake("gomoku", "good")), named("b", fake("gomoku", "chatty"))},
		EngineTC: []TimeControl{{Game: 5 * time.Second, Move: time.Second}, {Game: 5 * time.Second, Move: time.Second}},
		Games:    4, Concurrency: 2, Openings: [][]string{op}, Repeat: true, OutDir: dir, Seed: 1}
	sum, err := m.Run(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	sc := *sum.Pairings[sum.Order[0]]
	if sc.Games() != 4 || sc.Pairs() != 2 || sum.Reasons[Normal] != 4 {
		t.Fatalf("score %+v reasons %v", sc, sum.Reasons)
	}
	// The colour that wins the simulated game wins every game.
	if want >= 0 && (sc.W != 2 || sc.L != 2) || want < 0 && sc.D != 4 {
		t.Errorf("want winner colour %d (%s), got %+v", want, why, sc)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "games.sgf"))
	if bytes.Count(b, []byte("(;GM[4]FF[4]SZ[7]")) != 4 {
		t.Errorf("sgf:\n%s", b)
	}
	games, _, err := ReadRecords([]string{dir})
	if err != nil || len(games) != 4 || games[0].Moves[0].Ms < 0 || len(games[0].Opening) != 3 {
		t.Fatalf("records: %v %+v", err, games)
	}
	if Running() != 0 {
		t.Errorf("%d processes left", Running())
	}
}

func simulateGomoku(t *testing.T, n int, op []string) (int, string) {
	p, _ := gomoku.NewPosition(n, n, gomoku.Freestyle)
	for _, o := range op {
		m, _ := p.ParseMove(o)
		p.Make(m)
	}
	for {
		if over, w, why := p.Status(); over {
			return w, why
		}
		var m engine.Move
	scan:
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				if mm := p.MoveAt(x, y); p.IsLegal(mm) {
					m = mm
					break scan
				}
			}
		}
		p.Make(m)
	}
}

func named(n string, e EngineSpec) EngineSpec { e.Name = n; return e }

func TestGomokuBoardSizes(t *testing.T) {
	for _, n := range []string{"5", "20", "22"} {
		ref, _ := NewReferee("gomoku")
		if err := ref.Configure(map[string]string{"size": n, "rule": "standard"}); err != nil {
			t.Fatal(err)
		}
		nn, _ := strconv.Atoi(n)
		rec := runRefCase(t, ref, refCase{"size " + n, [2]EngineSpec{fake("gomoku", "good"), fake("gomoku", "good")},
			TimeControl{Move: time.Second}, simulateGomokuRule(nn, gomoku.Standard), Normal, ""}, nil)
		if strings.Count(rec.Final, "\n") != nn-1 {
			t.Errorf("size %s: board\n%s", n, rec.Final)
		}
	}
}

func simulateGomokuRule(n int, r gomoku.Rule) int {
	p, _ := gomoku.NewPosition(n, n, r)
	for {
		if over, w, _ := p.Status(); over {
			return w
		}
	scan:
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				if m := p.MoveAt(x, y); p.IsLegal(m) {
					p.Make(m)
					break scan
				}
			}
		}
	}
}

// The move answer is recognised as c-gomoku-cli recognises it; the notes
// some brains print before their move (PentaZen's "ev +v13 nd 1846 ...")
// are skipped.
func TestGomokuMoveAnswer(t *testing.T) {
	for l, want := range map[string]bool{
		"7,7": true, " 7,7 \r": true, "7, 7": true, "-1,3": true, "99,99": true,
		"ev +v13 nd 1846 tm 3 sp 615": false, "7,7,1": false, "7;7": false, "": false,
		"x,7": false, "7,": false, "MESSAGE 7,7": false, "7 ,7": false,
	} {
		if gomokuMove(l) != want {
			t.Errorf("%q: %v, want %v", l, !want, want)
		}
	}
}
