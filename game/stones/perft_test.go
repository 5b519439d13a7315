package stones

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/pentad-ai/pentad/bench"
	"github.com/pentad-ai/pentad/engine"
)

func TestStartMatchesReference(t *testing.T) {
	data, err := os.ReadFile("testdata/stones-start.json")
	if err != nil {
		t.Fatal(err)
	}
	var b struct {
		State [9][9]int `json:"state"`
	}
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	if b.State != StartState {
		t.Fatalf("start state differs from the reference file")
	}
	p := NewGame()
	for s := 0; s < 2; s++ {
		if p.Count(s, TypeA) != 15 || p.Count(s, TypeB) != 9 || p.Count(s, TypeC) != 6 {
			t.Fatalf("side %d counts %d %d %d", s, p.Count(s, 1), p.Count(s, 2), p.Count(s, 3))
		}
	}
	if p.State() != StartState {
		t.Fatal("State round trip")
	}
}

// perft.md: 42 first moves; 1,797 second actions; 260,556 sequences.
func TestPerftReference(t *testing.T) {
	p := NewGame()
	want := []uint64{42, 1797, 260556}
	for d, w := range want {
		if got := Perft(p, d+1); got != w {
			t.Errorf("perft %d = %d, want %d", d+1, got, w)
		}
	}
	// The generic driver of the core agrees.
	if got := bench.Perft(p, 2); got != 1797 {
		t.Errorf("bench.Perft 2 = %d", got)
	}
}

// perft.md: Black's full turn after each of White's 42 openings: sequences
// min 5,667 / max 6,356 / sum 260,556; distinct positions min 4,961 /
// max 5,462 / sum 224,928.
func TestTurnPerftReference(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	p := NewGame()
	var buf [engine.MaxMoves]engine.Move
	moves := p.GenMoves(buf[:0])
	var seqSum, distSum uint64
	seqMin, seqMax, distMin, distMax := uint64(1<<62), uint64(0), uint64(1<<62), uint64(0)
	for _, m := range moves {
		p.Make(m)
		st := TurnPerft(p)
		p.Unmake(m)
		seqSum += st.Sequences
		distSum += st.Distinct
		seqMin, seqMax = min(seqMin, st.Sequences), max(seqMax, st.Sequences)
		distMin, distMax = min(distMin, st.Distinct), max(distMax, st.Distinct)
	}
	if seqSum != 260556 || seqMin != 5667 || seqMax != 6356 {
		t.Errorf("sequences sum %d min %d max %d", seqSum, seqMin, seqMax)
	}
	if distSum != 224928 || distMin != 4961 || distMax != 5462 {
		t.Errorf("distinct sum %d min %d max %d", distSum, distMin, distMax)
	}
}

// checkConsistent verifies the incremental state against a rebuild.
func checkConsistent(t *testing.T, p *Position) {
	t.Helper()
	q, err := FromState(p.State(), p.side, p.phase)
	if err != nil {
		t.Fatal(err)
	}
	if q.hash != p.hash {
		t.Fatalf("hash mismatch\n%v", p)
	}
	if q.count != p.count || q.n != p.n {
		t.Fatalf("counts mismatch %v %v / %v %v", q.count, q.n, p.count, p.n)
	}
	for s := 0; s < 2; s++ {
		for i, sq := range p.list[s][:p.n[s]] {
			if int(p.pos[sq]) != i || p.cell[sq] == 0 || p.cell[sq] == Off || Owner(p.cell[sq]) != s {
				t.Fatalf("list broken side %d index %d sq %d", s, i, sq)
			}
		}
	}
}

func TestRandomGamesMakeUnmake(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var buf [engine.MaxMoves]engine.Move
	games := 200
	if testing.Short() {
		games = 20
	}
	for g := 0; g < games; g++ {
		p := NewGame()
		var hist []engine.Move
		var keys []Key
		for {
			if over, _ := p.Terminal(); over {
				break
			}
			moves := p.GenMoves(buf[:0])
			if len(moves) == 0 {
				t.Fatal("no moves in a non-terminal position")
			}
			for _, m := range moves {
				if !p.IsLegal(m) {
					t.Fatal("IsLegal")
				}
				mm, err := p.ParseMove(FormatMove(m))
				if err != nil || mm != m {
					t.Fatalf("notation round trip %s: %v", FormatMove(m), err)
				}
				if p.phase == 0 && Kind(m) != Attack {
					t.Fatal("non-attack as first action")
				}
			}
			m := moves[r.IntN(len(moves))]
			keys = append(keys, p.Key())
			p.Make(m)
			hist = append(hist, m)
			checkConsistent(t, p)
		}
		if len(hist) > 130 {
			t.Fatalf("game too long: %d", len(hist))
		}
		for i := len(hist) - 1; i >= 0; i-- {
			p.Unmake(hist[i])
			if p.Key() != keys[i] {
				t.Fatal("unmake did not restore")
			}
			checkConsistent(t, p)
		}
		if p.hash != NewGame().hash {
			t.Fatal("hash not restored")
		}
	}
}

func TestRules(t *testing.T) {
	var s [9][9]int
	// White A at (0,0), black A h2 at (0,2): white cannot attack a taller
	// stack; black can.
	s[0][0] = 5
	s[2][0] = -9
	s[0][3] = 6  // white B
	s[0][4] = 7  // white C
	s[8][4] = -6 // black B
	s[8][8] = -7 // black C
	p, err := FromState(s, White, 0)
	if err != nil {
		t.Fatal(err)
	}
	var buf [engine.MaxMoves]engine.Move
	for _, m := range p.GenMoves(buf[:0]) {
		if To(m) == CellID(0, 2) {
			t.Fatal("attack on a taller stack")
		}
	}
	// Lines cannot cross the centre: white C at (4,0), black B at (4,8) on
	// the same column beyond the centre.
	for _, m := range p.GenMoves(buf[:0]) {
		if From(m) == CellID(4, 0) && To(m) == CellID(4, 8) {
			t.Fatal("attack across the centre")
		}
	}
	// Strengthen keeps the type of the moved stack.
	q, _ := FromState(s, Black, 1)
	m := MakeMove(Strengthen, CellID(4, 8), CellID(8, 8))
	if !q.IsLegal(m) {
		t.Fatal("strengthen along the row should be legal")
	}
	q.Make(m)
	v := q.Cell(Sq(8, 8))
	if TypeOf(v) != TypeB || HeightOf(v) != 2 || Owner(v) != Black {
		t.Fatalf("strengthen result %d", v)
	}
	// Black strengthened away its only C: black has lost.
	if over, w, _ := q.Status(); !over || w != White {
		t.Fatalf("status %v %d", over, w)
	}
	// A side that must attack and cannot loses.
	var s2 [9][9]int
	s2[0][0] = 5
	s2[0][1] = 6
	s2[0][2] = 7
	s2[8][8] = -9
	s2[8][7] = -10
	s2[8][6] = -11
	r, _ := FromState(s2, White, 0)
	if over, sc := r.Terminal(); !over || sc != -engine.Win {
		t.Fatalf("no attack should lose: %v %d", over, sc)
	}
}
