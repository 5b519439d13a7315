package gomoku

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/pentad-ai/pentad/bench"
	"github.com/pentad-ai/pentad/engine"
)

// ParseOpening reads an opening in the notation of the openings file:
// letter for the column (a = 0) and number for the row (1 = 0), moves
// written one after the other ("h8i9j7").
func ParseOpening(s string) ([][2]int, error) {
	var out [][2]int
	s = strings.TrimSpace(strings.ToLower(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c < 'a' || c > 'z' {
			return nil, fmt.Errorf("bad opening %q at %d", s, i)
		}
		i++
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i {
			return nil, fmt.Errorf("bad opening %q at %d", s, i)
		}
		n := 0
		for _, d := range s[i:j] {
			n = n*10 + int(d-'0')
		}
		out = append(out, [2]int{int(c - 'a'), n - 1})
		i = j
	}
	return out, nil
}

// ReadOpenings reads one opening a line (empty lines and # comments skipped).
func ReadOpenings(r io.Reader) ([][][2]int, error) {
	var out [][][2]int
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		o, err := ParseOpening(l)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, sc.Err()
}

// PositionFrom plays an opening on an empty board.
func PositionFrom(w, h int, rule Rule, moves [][2]int) (*Position, error) {
	p, err := NewPosition(w, h, rule)
	if err != nil {
		return nil, err
	}
	for _, xy := range moves {
		m := p.MoveAt(xy[0], xy[1])
		if m == engine.NoMove || !p.IsLegal(m) {
			return nil, fmt.Errorf("illegal opening move %d,%d", xy[0], xy[1])
		}
		p.Make(m)
	}
	return p, nil
}

// benchOpenings are the bench positions (15x15 freestyle and renju).
var benchOpenings = []string{
	"h8", "h8i9", "h8i9j8", "g5h5h3f4g4j7f2", "f11g8e6d6d7d8g6i7a6i6",
	"i12l11j9m12l10j8n11m9j6", "j5h10n6j7k6m7i10m8m6", "c12a11c9e9b10",
}

// BenchDepth is the fixed depth of the bench.
const BenchDepth = 6

// BenchPositions are the positions of the bench subcommand.
func BenchPositions() []engine.Position {
	var out []engine.Position
	for i, o := range benchOpenings {
		mv, _ := ParseOpening(o)
		rule := Freestyle
		if i%3 == 2 {
			rule = Renju
		}
		p, err := PositionFrom(15, 15, rule, mv)
		if err != nil {
			panic(err)
		}
		p.LeafVCF = DefaultLeafVCF
		p.SearchVCF = DefaultSearchVCF
		p.VCFPlies = DefaultVCFPlies
		p.Quiesce = DefaultQuiesce
		p.rootN = p.n
		out = append(out, p)
	}
	return out
}

// Bench runs the fixed-depth bench (one thread, 16 MiB table).
func Bench() bench.Report {
	return bench.Search(BenchPositions(), BenchDepth, 16, engine.Options{LMR: true})
}

// Player is one side of a self-play match.
type Player struct {
	Name  string
	Brain *Brain
	Time  time.Duration // per move
}

// GameResult is the outcome of one game: +1 first player (black) won,
// -1 second won, 0 draw.
type GameResult struct {
	Winner int // Black, White or -1
	Moves  int
	Reason string
	Record string // the moves of the game, opening included
}

// PlayGame plays one game from an opening between black and white brains.
func PlayGame(w, h int, rule Rule, opening [][2]int, black, white *Player, maxMoves int) (GameResult, error) {
	p, err := PositionFrom(w, h, rule, opening)
	if err != nil {
		return GameResult{}, err
	}
	players := [2]*Player{black, white}
	for _, pl := range players {
		pl.Brain.E.NewGame()
		pl.Brain.work.ClearVCF()
	}
	for n := 0; ; n++ {
		if over, win, why := p.Status(); over {
			return GameResult{Winner: win, Moves: p.Ply(), Reason: why, Record: lineString(p.Moves())}, nil
		}
		if maxMoves > 0 && p.Ply() >= maxMoves {
			return GameResult{Winner: -1, Moves: p.Ply(), Reason: "move limit"}, nil
		}
		pl := players[p.Side()]
		pl.Brain.Ready()
		m := pl.Brain.Think(p, Budget{Soft: pl.Time * 2 / 5, Hard: pl.Time})
		if m == engine.NoMove || !p.IsLegal(m) {
			return GameResult{Winner: p.Side() ^ 1, Moves: p.Ply(), Reason: pl.Name + " made no legal move"}, nil
		}
		p.Make(m)
	}
}
