package morris

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/pentad-ai/pentad/engine"
)

func mustPos(t testing.TB, s string) *Position {
	t.Helper()
	p, err := ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return p
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func moveSet(p *Position) map[string]bool {
	var buf [engine.MaxMoves]engine.Move
	out := map[string]bool{}
	for _, m := range p.GenMoves(buf[:0]) {
		out[FormatMove(m, false)] = true
	}
	return out
}

// Random games check the incremental state against a recomputation and the
// move counters against the generator.
func TestRandomGamesConsistent(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var buf, nbuf [engine.MaxMoves]engine.Move
	for g := 0; g < 300; g++ {
		p := NewPosition()
		var played []engine.Move
		for {
			if over, _, _ := p.Status(); over {
				break
			}
			moves := p.GenMoves(buf[:0])
			if len(moves) == 0 {
				t.Fatalf("no moves but not over: %s", p)
			}
			if p.CountMoves() != len(moves) {
				t.Fatalf("CountMoves %d != %d in %s", p.CountMoves(), len(moves), p)
			}
			noisy := p.GenNoisy(nbuf[:0])
			nn := 0
			for _, m := range moves {
				if _, _, tk := MoveParts(m); tk >= 0 {
					nn++
				}
			}
			if nn != len(noisy) {
				t.Fatalf("noisy %d, takes %d", len(noisy), nn)
			}
			before := *p
			m := moves[r.IntN(len(moves))]
			p.Make(m)
			if p.hash != p.computeHash() {
				t.Fatalf("hash drift after %s", FormatMove(m, false))
			}
			q, err := ParsePosition(p.String())
			if err != nil || q.hash != p.hash {
				t.Fatalf("round trip of %s: %v", p, err)
			}
			p.Unmake(m)
			if p.occ != before.occ || p.hand != before.hand || p.side != before.side || p.ply != before.ply ||
				p.noAdv != before.noAdv || p.hash != before.hash || len(p.hist) != len(before.hist) {
				t.Fatalf("unmake of %s broke the position", FormatMove(m, false))
			}
			p.Make(m)
			played = append(played, m)
			if p.ply < PlacementPlies && p.hand[0]+p.hand[1] != PlacementPlies-p.ply {
				t.Fatalf("hands %v at ply %d", p.hand, p.ply)
			}
		}
		for i := len(played) - 1; i >= 0; i-- {
			p.Unmake(played[i])
		}
		if p.String() != "w:;b:;w;0;0" || len(p.hist) != 1 {
			t.Fatalf("not back at the start: %s", p)
		}
	}
}

func TestMillTakeRules(t *testing.T) {
	// White closes 0-1-2 by placing 2; black pieces 3,4,5 form a mill, 9 does not.
	p := mustPos(t, "w:0,1;b:3,4,5,9;w;8;0")
	ms := moveSet(p)
	if !ms["P2T9"] || ms["P2T3"] || ms["P2"] {
		t.Errorf("protected pieces or a missing take: %v", ms)
	}
	// All black pieces in mills: any may be taken.
	p = mustPos(t, "w:0,1;b:3,4,5;w;8;0")
	ms = moveSet(p)
	if !ms["P2T3"] || !ms["P2T4"] || !ms["P2T5"] || ms["P2"] {
		t.Errorf("all in mills: %v", ms)
	}
	// Double mill still takes one piece: 2 closes 0-1-2 and 2-14-23.
	p = mustPos(t, "w:0,1,14,23;b:3,9;w;10;0")
	n := 0
	for m := range moveSet(p) {
		if len(m) > 3 && m[:3] == "P2T" {
			n++
		}
	}
	if n != 2 {
		t.Errorf("double mill: %d moves at 2, want 2 (one per take)", n)
	}
}

func TestMillWithoutEnemyPieces(t *testing.T) {
	p := mustPos(t, "w:0,1;b:;w;8;0")
	ms := moveSet(p)
	if !ms["P2"] || len(ms) != 22 || p.CountMoves() != 22 {
		t.Errorf("closing a mill with nothing to take: %v", ms)
	}
}

func TestMovingAndFlying(t *testing.T) {
	// White with 4 pieces moves along lines; black with 3 flies.
	p := mustPos(t, "w:0,4,13,22;b:1,10,20;w;30;0")
	ms := moveSet(p)
	if !ms["M0-9"] || ms["M0-3"] || !ms["M4-3"] || !ms["M4-7"] || !ms["M22-21"] {
		t.Errorf("moving: %v", ms)
	}
	p = mustPos(t, "w:0,4,13,22;b:1,10,20;b;30;0")
	ms = moveSet(p)
	empty := 24 - 7
	if len(ms) != 3*empty {
		t.Errorf("flying: %d moves, want %d", len(ms), 3*empty)
	}
	if !ms["M1-23"] {
		t.Errorf("flying to any node missing")
	}
	// Flying black closes 18-19-20 by flying 1 to 19 (no mills for white).
	p = mustPos(t, "w:0,4,13,22;b:1,18,20;b;30;0")
	ms = moveSet(p)
	if !ms["M1-19T0"] || ms["M1-19"] {
		t.Errorf("flying mill: %v", ms)
	}
}

func TestGameOver(t *testing.T) {
	cases := []struct {
		pos    string
		over   bool
		winner int
		reason int
	}{
		{"w:0,1;b:3,4,5;w;18;0", true, Black, LessThanThree},
		{"w:0,1;b:3,4,5;w;17;0", false, -1, NotOver},         // counted from ply 18 only
		{"w:0,1,2;b:3,4;w;20;0", true, White, LessThanThree}, // black below 3
		{"w:0,1,9;b:2,4,10,21,3;w;40;0", false, -1, NotOver},
		// white 0,2,9 blocked: 0 needs 1 or 9 (own), 2 needs 1,14; black holds 1,14,10,21
		{"w:0,2,9,5;b:1,14,10,21,4,13;w;40;0", true, Black, Blocked},
		{"w:0,1,2;b:3,4,5;w;40;100", true, -1, NoAdvance},
		{"w:0,1,2;b:3,4,5;w;40;99", false, -1, NotOver},
	}
	for _, c := range cases {
		p := mustPos(t, c.pos)
		over, w, r := p.Status()
		if over != c.over || (over && (w != c.winner || r != c.reason)) {
			t.Errorf("%s: status %v %d %d, want %v %d %d", c.pos, over, w, r, c.over, c.winner, c.reason)
		}
		if to, _ := p.Terminal(); to != c.over {
			t.Errorf("%s: Terminal %v", c.pos, to)
		}
	}
	// A set-up placement position with no empty node: no legal move.
	p0 := mustPos(t, "w:0,1,2,3,4,5,6,7,8;b:9,10,11,12,13,14,15,16,17;w;0;0")
	for _, m := range []string{"P18", "P19", "P20", "P21", "P22", "P23"} {
		p0.Make(must(p0.ParseMove(m)))
	}
	if over, w, r := p0.Status(); !over || w != Black || r != Blocked {
		t.Errorf("full board in placement: %v %d %d", over, w, r)
	}
	if over, sc := p0.Terminal(); !over || sc != -engine.Win {
		t.Errorf("full board Terminal: %v %d", over, sc)
	}
	// A flying side is never blocked while a node is empty.
	p := mustPos(t, "w:0,2,9;b:1,14,10,21;w;40;0")
	if over, _, _ := p.Status(); over {
		t.Errorf("flying side reported blocked")
	}
}

func TestThreefoldRepetition(t *testing.T) {
	p := mustPos(t, "w:0,4,13,22;b:2,10,20,16;w;40;0")
	seq := []string{"M0-1", "M2-14", "M1-0", "M14-2"}
	for round := 0; round < 2; round++ {
		for i, s := range seq {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatalf("round %d %s: %v", round, s, err)
			}
			p.Make(m)
			over, _, _ := p.Status()
			want := round == 1 && i == 3
			if over != want {
				t.Fatalf("round %d move %d: over %v, want %v", round, i, over, want)
			}
		}
	}
	if _, _, r := p.Status(); r != Repetition {
		t.Errorf("reason %d", r)
	}
	// In search, the second occurrence after the root already draws.
	p = mustPos(t, "w:0,4,13,22;b:2,10,20,16;w;40;0")
	p.MarkRoot()
	for _, s := range seq {
		m, _ := p.ParseMove(s)
		p.Make(m)
	}
	if over, sc := p.Terminal(); !over || sc != 0 {
		t.Errorf("repetition inside the search not a draw")
	}
	if over, _, _ := p.Status(); over {
		t.Errorf("second occurrence ends the game")
	}
}

func TestNotation(t *testing.T) {
	for _, c := range []struct{ in, idx, names string }{
		{"P4", "P4", "Pd6"},
		{"P4T15", "P4T15", "Pd6Tc3"},
		{"M0-1", "M0-1", "Ma7-d7"},
		{"M1-4T9", "M1-4T9", "Md7-d6Ta4"},
		{"Pd6Tg4", "P4T14", "Pd6Tg4"},
		{"Ma7-d7", "M0-1", "Ma7-d7"},
		{"p23t0", "P23T0", "Pg1Ta7"},
	} {
		m, err := ParseMoveText(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if FormatMove(m, false) != c.idx || FormatMove(m, true) != c.names {
			t.Errorf("%s -> %s %s", c.in, FormatMove(m, false), FormatMove(m, true))
		}
	}
	for _, bad := range []string{"", "P", "P24", "Ph1", "M0", "M0-", "X1", "P1T", "P1T99", "M-1", "P-1", "M0-1-2"} {
		if _, err := ParseMoveText(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	p := mustPos(t, "w:a7,d7;b:g7;b;3;0")
	if p.String() != "w:0,1;b:2;b;3;0" || p.Format(true) != "w:a7,d7;b:g7;b;3;0" {
		t.Errorf("names position: %s / %s", p, p.Format(true))
	}
	if p.Hand(Black) != 8 || p.Hand(White) != 7 {
		t.Errorf("hands %d %d", p.Hand(White), p.Hand(Black))
	}
	for _, bad := range []string{"", "w:;b:;w;0", "w:0;b:0;w;1;0", "w:;w:;w;0;0", "w:;b:;x;0;0",
		"w:;b:;w;-1;0", "w:;b:;w;0;10000", "w:0,1,2,3,4,5,6,7,8,9;b:;w;18;0", "w:24;b:;w;0;0"} {
		if _, err := ParsePosition(bad); err == nil {
			t.Errorf("position %q accepted", bad)
		}
	}
	if _, err := ParsePosition("b:1;w:0;w;2;0"); err != nil {
		t.Errorf("black listed first: %v", err)
	}
}

func TestParseMoveLegality(t *testing.T) {
	p := NewPosition()
	if _, err := p.ParseMove("M0-1"); err == nil {
		t.Error("a move in the placement phase accepted")
	}
	m, err := p.ParseMove("Pa7")
	if err != nil {
		t.Fatal(err)
	}
	p.Make(m)
	if _, err := p.ParseMove("P0"); err == nil {
		t.Error("placement on an occupied node accepted")
	}
	p = mustPos(t, "w:0,1;b:3,4,5,9;w;8;0")
	if _, err := p.ParseMove("P2"); err == nil {
		t.Error("mill without take accepted")
	}
	if _, err := p.ParseMove("P6T9"); err == nil {
		t.Error("take without mill accepted")
	}
}

func TestBoardTables(t *testing.T) {
	for n := 0; n < Nodes; n++ {
		for a := Adj[n]; a != 0; a &= a - 1 {
			b := bits.TrailingZeros32(a)
			if Adj[b]&(1<<n) == 0 {
				t.Errorf("adjacency %d-%d not symmetric", n, b)
			}
		}
		if Neighbours(1<<n) != Adj[n] {
			t.Errorf("Neighbours(%d)", n)
		}
	}
}
