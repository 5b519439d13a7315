package arena

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/gomoku"
	"github.com/pentad-ai/pentad/game/kalah"
	"github.com/pentad-ai/pentad/game/morris"
	"github.com/pentad-ai/pentad/game/quoridor"
	"github.com/pentad-ai/pentad/game/stones"
)

// A replay is a recorded game played again with its own rules (game/NAME),
// one position per ply, for the report's board viewer. Positions are
// written as short strings whose layout depends on the game (see the
// boards below); the page's script only draws them.

// replayBoard is the position of one game while its record is replayed.
type replayBoard interface {
	// play makes one recorded move (in the referee's notation) and returns
	// the cells to highlight (game dependent, may be nil).
	play(mv string) ([]int, error)
	// mover is the colour to move (0 moves first in the game).
	mover() int
	// code writes the position.
	code() string
}

// Replay is one game's positions: Steps[0] is the start, Steps[i] the
// position after ply i (opening moves first, then the game's moves).
type Replay struct {
	Meta  map[string]any // what the drawing needs: board size, cell places, ...
	Steps []string
	Marks [][]int // per ply (Marks[i-1] for Steps[i]): cells to highlight
	Sides []int   // per ply: the colour that made it
	Err   string  // why the replay stopped before the end, if it did
}

// ReplayGame plays the opening and moves of g with the rules of g.Game and
// the options it was played with. An unknown game gives an empty replay
// with Err set; a move the rules refuse ends the replay there.
func ReplayGame(g GameLine) Replay {
	b, meta, err := newReplayBoard(g.Game, g.Options)
	if err != nil {
		return Replay{Err: err.Error()}
	}
	r := Replay{Meta: meta, Steps: []string{b.code()}}
	plies := append(append([]string(nil), g.Opening...), moveTexts(g.Moves)...)
	for i, mv := range plies {
		side := b.mover()
		mark, err := b.play(mv)
		if err != nil {
			r.Err = fmt.Sprintf("ply %d %q: %v", i+1, mv, err)
			break
		}
		r.Steps = append(r.Steps, b.code())
		r.Marks = append(r.Marks, mark)
		r.Sides = append(r.Sides, side)
	}
	return r
}

func moveTexts(ms []MoveRec) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Move
	}
	return out
}

// newReplayBoard sets up the start position of game with its recorded
// options, read by the game's referee (old records: the defaults).
func newReplayBoard(game string, opts map[string]string) (replayBoard, map[string]any, error) {
	switch game {
	case "gomoku", "kalah", "morris", "quoridor", "stones":
	default:
		return nil, nil, fmt.Errorf("no board for game %q", game)
	}
	ref, err := NewReferee(game)
	if err != nil {
		return nil, nil, err
	}
	if err := ref.Configure(opts); err != nil {
		return nil, nil, err
	}
	switch r := ref.(type) {
	case *GomokuRef:
		return &gomokuReplay{p: r.newPos(), n: r.Size}, map[string]any{"size": r.Size, "rule": r.Rule.String()}, nil
	case *KalahRef:
		return &kalahReplay{p: kalah.New(r.Rules), h: r.Rules.Holes}, map[string]any{"holes": r.Rules.Holes}, nil
	case *MorrisRef:
		var xy [morris.Nodes][2]int
		for i, n := range morris.Names {
			xy[i] = [2]int{int(n[0] - 'a'), int('7' - n[1])}
		}
		return &morrisReplay{p: morris.NewPosition()}, map[string]any{"nodes": xy, "names": morris.Names}, nil
	case *QuoridorRef:
		return &quoridorReplay{p: r.newPos(), n: r.Size}, map[string]any{"size": r.Size, "walls": r.walls()}, nil
	case *StonesRef:
		var xy [stones.NumCells][2]int
		var names [stones.NumCells]string
		for id := range xy {
			x, y := stones.CellXY(id)
			xy[id] = [2]int{x, y}
			names[id] = stones.CellName(id)
		}
		return &stonesReplay{p: stones.NewGame()}, map[string]any{"cells": xy, "names": names}, nil
	}
	return nil, nil, fmt.Errorf("no board for game %q", game)
}

// rulesPosition is what the replays need of a rules position.
type rulesPosition interface {
	ParseMove(s string) (engine.Move, error)
	IsLegal(m engine.Move) bool
	Make(m engine.Move)
}

// playMove parses mv in p, checks that it is legal and plays it.
func playMove(p rulesPosition, mv string) (engine.Move, error) {
	m, err := p.ParseMove(mv)
	if err != nil {
		return 0, err
	}
	if !p.IsLegal(m) {
		return 0, fmt.Errorf("not legal")
	}
	p.Make(m)
	return m, nil
}

// Gomoku: size*size characters, row by row from y 0: '.' empty, 'x' black,
// 'o' white. Mark: the cell (y*size+x) of the stone.
type gomokuReplay struct {
	p *gomoku.Position
	n int
}

func (r *gomokuReplay) mover() int { return r.p.Side() }

func (r *gomokuReplay) play(mv string) ([]int, error) {
	_, err := playMove(r.p, mv)
	if err != nil {
		return nil, err
	}
	x, y, _ := gomoku.ParseXY(mv)
	return []int{y*r.n + x}, nil
}

func (r *gomokuReplay) code() string {
	b := make([]byte, 0, r.n*r.n)
	for y := 0; y < r.n; y++ {
		for x := 0; x < r.n; x++ {
			b = append(b, ".xo"[gomokuCell(r.p.At(x, y))])
		}
	}
	return string(b)
}

func gomokuCell(v int) int {
	switch v {
	case gomoku.BlackSt:
		return 1
	case gomoku.WhiteSt:
		return 2
	}
	return 0
}

// Kalah: "s1,...,sH,S|n1,...,nH,N|T|W": South's holes 1..H and store,
// North's holes and store, the board side to move (0 South) and 1 when
// North swapped sides (colour c then sits on side 1-c). Mark: the board
// side and hole of the move (hole 0: a swap).
type kalahReplay struct {
	p *kalah.Position
	h int
}

func (r *kalahReplay) mover() int {
	c := r.p.ToMove()
	if r.p.Swapped() {
		c ^= 1
	}
	return c
}

func (r *kalahReplay) play(mv string) ([]int, error) {
	m, err := kalah.ParseMove(mv, r.h)
	if err != nil {
		return nil, err
	}
	if !r.p.Legal(m) {
		return nil, fmt.Errorf("not legal")
	}
	side := r.p.ToMove()
	if err := r.p.Play(m); err != nil {
		return nil, err
	}
	if m == kalah.Swap {
		return []int{side, 0}, nil
	}
	return []int{side, int(m)}, nil
}

func (r *kalahReplay) code() string {
	var b strings.Builder
	for s := kalah.South; s <= kalah.North; s++ {
		for i := 1; i <= r.h; i++ {
			b.WriteString(strconv.Itoa(r.p.Hole(s, i)))
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(r.p.Store(s)))
		b.WriteByte('|')
	}
	b.WriteString(strconv.Itoa(r.p.ToMove()))
	if r.p.Swapped() {
		b.WriteString("|1")
	} else {
		b.WriteString("|0")
	}
	return b.String()
}

// Morris: 24 characters for the nodes in index order ('.', 'w' white, 'b'
// black), then the pieces White and Black still have to place (one digit
// each) and the colour to move. Mark: from, to and taken node (-1: none).
type morrisReplay struct{ p *morris.Position }

func (r *morrisReplay) mover() int { return r.p.Side() }

func (r *morrisReplay) play(mv string) ([]int, error) {
	m, err := playMove(r.p, mv)
	if err != nil {
		return nil, err
	}
	from, to, take := morris.MoveParts(m)
	return []int{from, to, take}, nil
}

func (r *morrisReplay) code() string {
	b := make([]byte, 0, morris.Nodes+3)
	w, k := r.p.Pieces(0), r.p.Pieces(1)
	for i := 0; i < morris.Nodes; i++ {
		switch {
		case w&(1<<i) != 0:
			b = append(b, 'w')
		case k&(1<<i) != 0:
			b = append(b, 'b')
		default:
			b = append(b, '.')
		}
	}
	b = append(b, byte('0'+r.p.Hand(0)), byte('0'+r.p.Hand(1)), byte('0'+r.p.Side()))
	return string(b)
}

// Quoridor: (size-1)^2 characters for the wall anchors (anchor a is the
// wall named by the square at column a%(size-1), row a/(size-1)+1 from 0):
// '.', 'h' or 'v'; then "|B|W|b|w|T": the squares (row*size+column) of the
// black and white pawns, the walls each has left and the colour to move.
// Mark: the square of a pawn move, or -1-anchor for a wall.
type quoridorReplay struct {
	p *quoridor.Pos
	n int
}

func (r *quoridorReplay) mover() int { return r.p.Side() }

func (r *quoridorReplay) play(mv string) ([]int, error) {
	m, err := playMove(r.p, mv)
	if err != nil {
		return nil, err
	}
	if quoridor.IsWall(m) {
		_, a := quoridor.WallOf(m)
		return []int{-1 - a}, nil
	}
	return []int{quoridor.SquareOf(m)}, nil
}

func (r *quoridorReplay) code() string {
	m := r.n - 1
	var b strings.Builder
	for a := 0; a < m*m; a++ {
		switch {
		case r.p.HasWall(quoridor.Horizontal, a):
			b.WriteByte('h')
		case r.p.HasWall(quoridor.Vertical, a):
			b.WriteByte('v')
		default:
			b.WriteByte('.')
		}
	}
	fmt.Fprintf(&b, "|%d|%d|%d|%d|%d", r.p.Pawn(0), r.p.Pawn(1), r.p.WallsLeft(0), r.p.WallsLeft(1), r.p.Side())
	return b.String()
}

// Stones: two characters per cell in id order (stones.CellXY): ".." empty,
// or the type of the top ('A'..'C' White's tott, tzarra, tzaar; 'a'..'c'
// Black's) and the height in base 36; then the colour to move and the
// action due (0 the attack, 1 the second action). Mark: from and to cell
// ids (none for a pass).
type stonesReplay struct{ p *stones.Position }

func (r *stonesReplay) mover() int { return r.p.SideToMove() }

func (r *stonesReplay) play(mv string) ([]int, error) {
	m, err := playMove(r.p, mv)
	if err != nil {
		return nil, err
	}
	if stones.Kind(m) == stones.Pass {
		return nil, nil
	}
	return []int{stones.From(m), stones.To(m)}, nil
}

func (r *stonesReplay) code() string {
	st := r.p.State()
	b := make([]byte, 0, 2*stones.NumCells+2)
	for id := 0; id < stones.NumCells; id++ {
		x, y := stones.CellXY(id)
		v := int8(st[y][x])
		if v == 0 {
			b = append(b, '.', '.')
			continue
		}
		t := byte('A' + stones.TypeOf(v) - 1)
		if stones.Owner(v) == 1 {
			t += 'a' - 'A'
		}
		b = append(b, t, strconv.FormatInt(int64(stones.HeightOf(v)), 36)[0])
	}
	b = append(b, byte('0'+r.p.SideToMove()), byte('0'+r.p.Phase()))
	return string(b)
}

// stepDiff writes next as an edit of prev: [p, s, mid] means the first p
// characters of prev, then mid, then the last s characters of prev.
func stepDiff(prev, next string) []any {
	p := 0
	for p < len(prev) && p < len(next) && prev[p] == next[p] {
		p++
	}
	s := 0
	for s < len(prev)-p && s < len(next)-p && prev[len(prev)-1-s] == next[len(next)-1-s] {
		s++
	}
	return []any{p, s, next[p : len(next)-s]}
}

// applyDiff is the inverse of stepDiff (what the page's script does).
func applyDiff(prev string, p, s int, mid string) string {
	return prev[:p] + mid + prev[len(prev)-s:]
}
