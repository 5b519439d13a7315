package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/gomoku"
	"github.com/pentad-ai/pentad/game/kalah"
	"github.com/pentad-ai/pentad/game/morris"
	"github.com/pentad-ai/pentad/game/quoridor"
	"github.com/pentad-ai/pentad/game/stones"
)

// rulesGame is a game of one of the five rules packages, played by the
// tests directly (not through the arena's replay): it makes moves given in
// the referee's notation and describes its position.
type rulesGame interface {
	gen() []engine.Move
	format(m engine.Move) string
	play(t testing.TB, mv string)
	over() bool
	mover() int // colour to move
	// tokens lists what the page must draw: one token per piece, pit count
	// or counter, as the page's script writes them in data-p.
	tokens() []string
	// check compares a position string of the page data with the position.
	check(code string) error
	// final is the referee's final board text (Record.Final).
	final() string
}

func newRulesGame(t testing.TB, game string, opts map[string]string) rulesGame {
	ref, err := NewReferee(game)
	if err != nil {
		t.Fatal(err)
	}
	if err := ref.Configure(opts); err != nil {
		t.Fatal(err)
	}
	switch r := ref.(type) {
	case *GomokuRef:
		return &tGomoku{p: r.newPos(), n: r.Size}
	case *KalahRef:
		return &tKalah{p: kalah.New(r.Rules), h: r.Rules.Holes}
	case *MorrisRef:
		return &tMorris{p: morris.NewPosition()}
	case *QuoridorRef:
		return &tQuoridor{p: r.newPos(), n: r.Size}
	case *StonesRef:
		return &tStones{p: stones.NewGame()}
	}
	t.Fatalf("no rules for %s", game)
	return nil
}

type tGomoku struct {
	p *gomoku.Position
	n int
}

func (g *tGomoku) gen() []engine.Move          { return g.p.LegalMoves(nil) }
func (g *tGomoku) format(m engine.Move) string { return gomoku.FormatMove(m) }
func (g *tGomoku) over() bool                  { o, _, _ := g.p.Status(); return o }
func (g *tGomoku) mover() int                  { return g.p.Side() }
func (g *tGomoku) final() string               { return gomokuBoard(g.p, g.n) }
func (g *tGomoku) play(t testing.TB, mv string) {
	m, err := g.p.ParseMove(mv)
	if err != nil || !g.p.IsLegal(m) {
		t.Fatalf("gomoku %s: %v", mv, err)
	}
	g.p.Make(m)
}
func (g *tGomoku) tokens() (out []string) {
	for y := 0; y < g.n; y++ {
		for x := 0; x < g.n; x++ {
			switch g.p.At(x, y) {
			case gomoku.BlackSt:
				out = append(out, fmt.Sprintf("x@%d,%d", x, y))
			case gomoku.WhiteSt:
				out = append(out, fmt.Sprintf("o@%d,%d", x, y))
			}
		}
	}
	return out
}
func (g *tGomoku) check(code string) error {
	if len(code) != g.n*g.n {
		return fmt.Errorf("length %d", len(code))
	}
	for y := 0; y < g.n; y++ {
		for x := 0; x < g.n; x++ {
			want := map[int]byte{gomoku.BlackSt: 'x', gomoku.WhiteSt: 'o'}[g.p.At(x, y)]
			if want == 0 {
				want = '.'
			}
			if code[y*g.n+x] != want {
				return fmt.Errorf("cell %d,%d: %c, rules %c", x, y, code[y*g.n+x], want)
			}
		}
	}
	return nil
}

type tKalah struct {
	p *kalah.Position
	h int
}

func (g *tKalah) gen() []engine.Move          { return g.p.GenMoves(nil) }
func (g *tKalah) format(m engine.Move) string { return g.p.MoveString(m) }
func (g *tKalah) over() bool                  { return g.p.Over() }
func (g *tKalah) final() string               { return kalahBoard(g.p, g.h) }
func (g *tKalah) mover() int {
	if g.p.Swapped() {
		return g.p.ToMove() ^ 1
	}
	return g.p.ToMove()
}
func (g *tKalah) play(t testing.TB, mv string) {
	m, err := kalah.ParseMove(mv, g.h)
	if err == nil {
		err = g.p.Play(m)
	}
	if err != nil {
		t.Fatalf("kalah %s: %v", mv, err)
	}
}
func (g *tKalah) tokens() (out []string) {
	for i := 1; i <= g.h; i++ {
		out = append(out, fmt.Sprintf("S%d=%d", i, g.p.Hole(kalah.South, i)), fmt.Sprintf("N%d=%d", i, g.p.Hole(kalah.North, i)))
	}
	return append(out, fmt.Sprintf("Sstore=%d", g.p.Store(kalah.South)), fmt.Sprintf("Nstore=%d", g.p.Store(kalah.North)))
}
func (g *tKalah) check(code string) error {
	parts := strings.Split(code, "|")
	if len(parts) != 4 {
		return fmt.Errorf("%d parts", len(parts))
	}
	for s := 0; s < 2; s++ {
		f := strings.Split(parts[s], ",")
		if len(f) != g.h+1 {
			return fmt.Errorf("side %d: %d fields", s, len(f))
		}
		for i := 1; i <= g.h+1; i++ {
			want := g.p.Store(s)
			if i <= g.h {
				want = g.p.Hole(s, i)
			}
			if f[i-1] != strconv.Itoa(want) {
				return fmt.Errorf("side %d pit %d: %s, rules %d", s, i, f[i-1], want)
			}
		}
	}
	sw := map[bool]string{true: "1", false: "0"}[g.p.Swapped()]
	if parts[2] != strconv.Itoa(g.p.ToMove()) || parts[3] != sw {
		return fmt.Errorf("to move %s swapped %s, rules %d %s", parts[2], parts[3], g.p.ToMove(), sw)
	}
	return nil
}

type tMorris struct{ p *morris.Position }

func (g *tMorris) gen() []engine.Move          { return g.p.GenMoves(nil) }
func (g *tMorris) format(m engine.Move) string { return morris.FormatMove(m, false) }
func (g *tMorris) over() bool                  { o, _, _ := g.p.Status(); return o }
func (g *tMorris) mover() int                  { return g.p.Side() }
func (g *tMorris) final() string               { return morrisBoard(g.p) }
func (g *tMorris) play(t testing.TB, mv string) {
	m, err := g.p.ParseMove(mv)
	if err != nil {
		t.Fatalf("morris %s: %v", mv, err)
	}
	g.p.Make(m)
}
func (g *tMorris) tokens() (out []string) {
	for i := 0; i < morris.Nodes; i++ {
		if g.p.Pieces(0)&(1<<i) != 0 {
			out = append(out, fmt.Sprintf("w@%d", i))
		}
		if g.p.Pieces(1)&(1<<i) != 0 {
			out = append(out, fmt.Sprintf("b@%d", i))
		}
	}
	return append(out, fmt.Sprintf("hand-w=%d", g.p.Hand(0)), fmt.Sprintf("hand-b=%d", g.p.Hand(1)))
}
func (g *tMorris) check(code string) error {
	if len(code) != morris.Nodes+3 {
		return fmt.Errorf("length %d", len(code))
	}
	for i := 0; i < morris.Nodes; i++ {
		want := byte('.')
		if g.p.Pieces(0)&(1<<i) != 0 {
			want = 'w'
		} else if g.p.Pieces(1)&(1<<i) != 0 {
			want = 'b'
		}
		if code[i] != want {
			return fmt.Errorf("node %d: %c, rules %c", i, code[i], want)
		}
	}
	if want := fmt.Sprintf("%d%d%d", g.p.Hand(0), g.p.Hand(1), g.p.Side()); code[morris.Nodes:] != want {
		return fmt.Errorf("hands and side %s, rules %s", code[morris.Nodes:], want)
	}
	return nil
}

type tQuoridor struct {
	p *quoridor.Pos
	n int
	r *rand.Rand
}

func (g *tQuoridor) gen() []engine.Move {
	ms := g.p.GenMoves(nil)
	// mostly the pawn step that gets nearest the goal, so that games end
	if g.r != nil && g.r.IntN(3) > 0 {
		best, bd := engine.NoMove, 1<<30
		c := g.p.Side()
		for _, m := range ms {
			if quoridor.IsWall(m) {
				continue
			}
			g.p.Make(m)
			if d := g.p.Dist(c); d < bd {
				best, bd = m, d
			}
			g.p.Unmake(m)
		}
		if best != engine.NoMove {
			return []engine.Move{best}
		}
	}
	return ms
}
func (g *tQuoridor) format(m engine.Move) string { return g.p.FormatMove(m) }
func (g *tQuoridor) over() bool                  { o, _ := g.p.Winner(); return o }
func (g *tQuoridor) mover() int                  { return g.p.Side() }
func (g *tQuoridor) final() string               { return g.p.Diagram() }
func (g *tQuoridor) play(t testing.TB, mv string) {
	m, err := g.p.ParseMove(mv)
	if err != nil || !g.p.IsLegal(m) {
		t.Fatalf("quoridor %s: %v", mv, err)
	}
	g.p.Make(m)
}
func (g *tQuoridor) tokens() (out []string) {
	m := g.n - 1
	for a := 0; a < m*m; a++ {
		if g.p.HasWall(quoridor.Horizontal, a) {
			out = append(out, fmt.Sprintf("h@%d", a))
		}
		if g.p.HasWall(quoridor.Vertical, a) {
			out = append(out, fmt.Sprintf("v@%d", a))
		}
	}
	return append(out, fmt.Sprintf("pawn0@%d", g.p.Pawn(0)), fmt.Sprintf("pawn1@%d", g.p.Pawn(1)),
		fmt.Sprintf("walls0=%d", g.p.WallsLeft(0)), fmt.Sprintf("walls1=%d", g.p.WallsLeft(1)))
}
func (g *tQuoridor) check(code string) error {
	parts := strings.Split(code, "|")
	m := g.n - 1
	if len(parts) != 6 || len(parts[0]) != m*m {
		return fmt.Errorf("bad layout %q", code)
	}
	for a := 0; a < m*m; a++ {
		h, v := g.p.HasWall(quoridor.Horizontal, a), g.p.HasWall(quoridor.Vertical, a)
		if (parts[0][a] == 'h') != h || (parts[0][a] == 'v') != v {
			return fmt.Errorf("anchor %d: %c, rules h %v v %v", a, parts[0][a], h, v)
		}
	}
	want := fmt.Sprintf("%d|%d|%d|%d|%d", g.p.Pawn(0), g.p.Pawn(1), g.p.WallsLeft(0), g.p.WallsLeft(1), g.p.Side())
	if got := strings.Join(parts[1:], "|"); got != want {
		return fmt.Errorf("pawns, walls, side %s, rules %s", got, want)
	}
	return nil
}

type tStones struct{ p *stones.Position }

func (g *tStones) gen() []engine.Move          { return g.p.GenMoves(nil) }
func (g *tStones) format(m engine.Move) string { return stones.FormatMove(m) }
func (g *tStones) over() bool                  { o, _, _ := g.p.Status(); return o }
func (g *tStones) mover() int                  { return g.p.SideToMove() }
func (g *tStones) final() string               { return strings.TrimRight(g.p.String(), "\n") }
func (g *tStones) play(t testing.TB, mv string) {
	m, err := g.p.ParseMove(mv)
	if err != nil {
		t.Fatalf("stones %s: %v", mv, err)
	}
	g.p.Make(m)
}
func (g *tStones) tokens() (out []string) {
	st := g.p.State()
	for id := 0; id < stones.NumCells; id++ {
		x, y := stones.CellXY(id)
		if v := int8(st[y][x]); v != 0 {
			out = append(out, fmt.Sprintf("%c%d@%d", "ABC"[stones.TypeOf(v)-1]+byte(32*stones.Owner(v)), stones.HeightOf(v), id))
		}
	}
	return out
}
func (g *tStones) check(code string) error {
	if len(code) != 2*stones.NumCells+2 {
		return fmt.Errorf("length %d", len(code))
	}
	st := g.p.State()
	for id := 0; id < stones.NumCells; id++ {
		x, y := stones.CellXY(id)
		c, h := code[2*id], code[2*id+1]
		got := 0
		if c != '.' {
			side, typ := 0, int(c-'A')+1
			if c >= 'a' {
				side, typ = 1, int(c-'a')+1
			}
			hh, _ := strconv.ParseInt(string(h), 36, 0)
			got = int(stones.Encode(side, typ, int(hh)))
		}
		if got != st[y][x] {
			return fmt.Errorf("cell %s: %c%c = %d, rules %d", stones.CellName(id), c, h, got, st[y][x])
		}
	}
	if want := fmt.Sprintf("%d%d", g.p.SideToMove(), g.p.Phase()); code[2*stones.NumCells:] != want {
		return fmt.Errorf("side and action %s, rules %s", code[2*stones.NumCells:], want)
	}
	return nil
}

// randomGame plays a game of random legal moves (quoridor: mostly towards
// the goal) to its end or maxPlies, the first opening plies as an opening,
// recorded as the arena records it.
func randomGame(t testing.TB, game string, opts map[string]string, seed uint64, opening, maxPlies int) GameLine {
	r := rand.New(rand.NewPCG(seed, 7))
	g := newRulesGame(t, game, opts)
	if q, ok := g.(*tQuoridor); ok {
		q.r = r
	}
	ref, _ := NewReferee(game)
	ref.Configure(opts)
	gl := GameLine{Run: "test-" + game, Game: game, Pairing: [2]string{"alpha", "beta"}, Pair: int(seed % 1000),
		Players: [2]string{"alpha", "beta"}, TC: [2]string{"0/1", "0/1"}, Opening: []string{}, Reason: Normal,
		Started: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Options: ref.(Optioner).GameOptions()}
	if seed%2 == 1 {
		gl.Players = [2]string{"beta", "alpha"}
	}
	gl.Colours = ref.(Colours).ColourNames()
	for ply := 0; ply < maxPlies && !g.over(); ply++ {
		ms := g.gen()
		if len(ms) == 0 {
			break
		}
		side := g.mover()
		mv := g.format(ms[r.IntN(len(ms))])
		g.play(t, mv)
		if ply < opening {
			gl.Opening = append(gl.Opening, mv)
		} else {
			gl.Moves = append(gl.Moves, MoveRec{Side: side, Move: mv, Ms: int64(r.IntN(900))})
			gl.Millis += gl.Moves[len(gl.Moves)-1].Ms
		}
	}
	gl.Final = g.final()
	gl.Result, gl.Detail = "1/2-1/2", fmt.Sprintf("random game of %d plies", len(gl.Opening)+len(gl.Moves))
	if seed%3 == 0 {
		gl.Result, gl.Winner = "1-0", gl.Players[0]
	} else if seed%3 == 1 {
		gl.Result, gl.Winner = "0-1", gl.Players[1]
	}
	return gl
}

// reportGames are the games the tests build reports of: per game, default
// options and a variant.
var reportGames = []struct {
	game string
	opts map[string]string
}{
	{"gomoku", nil},
	{"gomoku", map[string]string{"size": "9", "rule": "standard"}},
	{"kalah", nil},
	{"kalah", map[string]string{"holes": "4", "seeds": "3"}},
	{"morris", nil},
	{"quoridor", nil},
	{"quoridor", map[string]string{"size": "5"}},
	{"stones", nil},
}

func testGames(t testing.TB, perKind int) []GameLine {
	var out []GameLine
	for i, c := range reportGames {
		for k := 0; k < perKind; k++ {
			out = append(out, randomGame(t, c.game, c.opts, uint64(100*i+k), 2*(k%2), 400))
		}
	}
	return out
}

// decodeSteps rebuilds every position of a page game from its edits, as
// the page's script does.
func decodeSteps(pg pageGame) ([]string, error) {
	steps := []string{pg.Start}
	for i, d := range pg.Diffs {
		if len(d) != 3 {
			return nil, fmt.Errorf("edit %d: %v", i, d)
		}
		p, ok1 := d[0].(int)
		s, ok2 := d[1].(int)
		mid, ok3 := d[2].(string)
		prev := steps[len(steps)-1]
		if !ok1 || !ok2 || !ok3 || p+s > len(prev) {
			return nil, fmt.Errorf("edit %d: %v", i, d)
		}
		steps = append(steps, applyDiff(prev, p, s, mid))
	}
	return steps, nil
}

// checkPageGame replays gl with the rules package of its game, ply by ply,
// and compares every position of the page data with it.
func checkPageGame(t *testing.T, gl GameLine, pg pageGame) {
	t.Helper()
	if pg.Err != "" {
		t.Fatalf("%s: replay error %s", gl.Game, pg.Err)
	}
	steps, err := decodeSteps(pg)
	if err != nil {
		t.Fatal(err)
	}
	plies := append(append([]string(nil), gl.Opening...), moveTexts(gl.Moves)...)
	if len(steps) != len(plies)+1 || len(pg.Moves) != len(plies) || len(pg.Sides) != len(plies) {
		t.Fatalf("%s: %d positions, %d moves, %d sides for %d plies", gl.Game, len(steps), len(pg.Moves), len(pg.Sides), len(plies))
	}
	g := newRulesGame(t, gl.Game, gl.Options)
	for i := 0; ; i++ {
		if err := g.check(steps[i]); err != nil {
			t.Fatalf("%s game %d (%v) after %d plies: %v", gl.Game, pg.N, gl.Options, i, err)
		}
		if i == len(plies) {
			break
		}
		if pg.Sides[i] != g.mover() {
			t.Fatalf("%s ply %d: side %d, rules %d", gl.Game, i+1, pg.Sides[i], g.mover())
		}
		g.play(t, plies[i])
	}
	if gl.Final != "" && g.final() != gl.Final {
		t.Errorf("%s game %d: final board\n%s\nrecorded\n%s", gl.Game, pg.N, g.final(), gl.Final)
	}
}

// Every position of every game in the page's data is the rules' position
// after that ply, for each of the five games (and variants by options).
func TestReportPositionsFollowTheRules(t *testing.T) {
	games := testGames(t, 3)
	kinds := map[string]int{}
	for i, gl := range games {
		pg := buildPageGame(i+1, gl)
		// through JSON, as the page reads it
		b, err := json.Marshal(pg)
		if err != nil {
			t.Fatal(err)
		}
		var back pageGame
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		if err := dec.Decode(&back); err != nil {
			t.Fatal(err)
		}
		for _, d := range back.Diffs {
			for j := 0; j < 2; j++ {
				n, _ := d[j].(json.Number).Int64()
				d[j] = int(n)
			}
		}
		checkPageGame(t, gl, back)
		kinds[gl.Game] += len(back.Diffs)
	}
	if len(kinds) != 5 {
		t.Fatalf("games covered: %v", kinds)
	}
	t.Logf("plies checked per game: %v", kinds)
}

// Records written before games.jsonl kept the options (testdata: made by
// TestWriteOldRecords, and report-v0-arena, a pair of gomoku games of a real
// run by the arena of then) still load, replay with the default options to
// their recorded final boards, and make a report.
func TestReportOldRecords(t *testing.T) {
	dirs := []string{filepath.Join("testdata", "report-v0"), filepath.Join("testdata", "report-v0-arena")}
	games, _, err := ReadRecords(dirs)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i, gl := range games {
		if gl.Options != nil {
			t.Fatalf("game %d has options: not an old record", i+1)
		}
		checkPageGame(t, gl, buildPageGame(i+1, gl))
		seen[gl.Game] = true
	}
	if len(seen) != 5 || len(games) != 7 {
		t.Fatalf("%d games: %v", len(games), seen)
	}
	var b bytes.Buffer
	if err := BuildReport(&b, games, nil, dirs); err != nil {
		t.Fatal(err)
	}
}

// TestWriteOldRecords makes testdata/report-v0/games.jsonl when
// PENTAD_UPDATE_V0=1: records as the arena wrote them before the options
// were kept.
func TestWriteOldRecords(t *testing.T) {
	if os.Getenv("PENTAD_UPDATE_V0") != "1" {
		t.Skip("only with PENTAD_UPDATE_V0=1")
	}
	var b bytes.Buffer
	for i, c := range []string{"gomoku", "kalah", "morris", "quoridor", "stones"} {
		opening := 2
		if c == "kalah" {
			opening = 0 // the kalah referee plays no openings
		}
		gl := randomGame(t, c, nil, uint64(900+i), opening, 400)
		gl.Options = nil
		line, _ := json.Marshal(gl)
		b.Write(append(line, '\n'))
	}
	dir := filepath.Join("testdata", "report-v0")
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, "games.jsonl"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The report's tables come from the stats code: an SPRT run shows its LLR
// and verdict, and every encounter its Elo interval and endings.
func TestReportTables(t *testing.T) {
	games := testGames(t, 2)
	games[0].Reason, games[0].Detail = TimeLoss, "no answer in time"
	sp := &SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	var b bytes.Buffer
	if err := BuildReport(&b, games[:4], sp, []string{"run1"}); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	sc := *Merge(games[:4], sp).Pairings[[2]string{"alpha", "beta"}]
	for _, want := range []string{"LLR " + fmt.Sprintf("%.2f", sp.LLR(sc)), "time 1", "normal 3", "Mean time per move",
		sc.EloEstimate().String(), "<svg class=\"plot\"", `id="data"`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, bad := range []string{"http://", "https://"} {
		for _, l := range strings.Split(page, "\n") {
			if strings.Contains(l, bad) && !strings.Contains(l, "http://www.w3.org/2000/svg") {
				t.Errorf("page refers to the network: %.120s", l)
			}
		}
	}
}

// stepDiff and applyDiff are inverse on any pair of strings.
func TestStepDiff(t *testing.T) {
	for _, c := range [][2]string{{"", ""}, {"abc", "abc"}, {"abc", "abd"}, {"aaaa", "aa"}, {"aa", "aaaa"}, {"1,2|3", "10,2|3"}, {"xyz", ""}} {
		d := stepDiff(c[0], c[1])
		if got := applyDiff(c[0], d[0].(int), d[1].(int), d[2].(string)); got != c[1] {
			t.Errorf("%q -> %q: %v gives %q", c[0], c[1], d, got)
		}
	}
}

func sortedTokens(ts []string) string {
	sort.Strings(ts)
	return strings.Join(ts, " ")
}

// With -out DIR the page DIR/report.html follows the run: while game k is
// reported, the page already shows the games before it, and the last page
// (all games, no temporary file left) is on disk when Run returns.
func TestLiveReport(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, ReportFile)
	count := func() int {
		b, err := os.ReadFile(page)
		if err != nil {
			return -1
		}
		return strings.Count(string(b), "<tr data-game=")
	}
	seen := 0
	m := &Match{Ref: &stubRef{strong: "A"}, Engines: []EngineSpec{{Name: "A"}, {Name: "B"}}, Games: 6,
		Concurrency: 1, Repeat: true, OutDir: dir}
	m.OnGame = func(GameLine) {
		seen++
		if seen < 2 {
			return
		}
		deadline := time.Now().Add(10 * time.Second)
		for count() < seen-1 {
			if time.Now().After(deadline) {
				t.Errorf("game %d: the page shows %d games", seen, count())
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	if _, err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 6 {
		t.Fatalf("final page shows %d games", n)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".report-*"))
	if len(left) > 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

// A round robin's page ranks the engines against the field as the printed
// table does (Summary.Standings), besides each encounter.
func TestReportRoundRobin(t *testing.T) {
	dir := t.TempDir()
	m := &Match{Ref: &stubRef{strong: "B"}, Engines: []EngineSpec{{Name: "A"}, {Name: "B"}, {Name: "C"}},
		Mode: ModeRoundRobin, Games: 4, Concurrency: 1, Repeat: true, OutDir: dir}
	sum, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	st := sum.Standings()
	if len(st) != 3 || st[0].Name != "B" {
		t.Fatalf("standings %+v", st)
	}
	for _, want := range []string{`<table class="list standings">`, "<tr><td>1</td><td>B</td><td>" + st[0].Score.EloEstimate().String(),
		"<h3>A vs B</h3>", "<h3>A vs C</h3>", "<h3>B vs C</h3>"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}
