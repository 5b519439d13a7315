package stones_test

import (
	"testing"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/stones"
)

// FuzzDecodeMessage feeds arbitrary bytes to the wire decoders: no panic,
// and whatever decodes can be used.
func FuzzDecodeMessage(f *testing.F) {
	for _, s := range []string{
		`{"Color":"1"}`, `{"Color":-1}`,
		`{"Board":{"state":[[5,5,5,5,-5,0,0,0,0],[-5,6,6,6,-6,-5,0,0,0],[-5,-6,7,7,-7,-6,-5,0,0],[-5,-6,-7,5,-5,-7,-6,-5,0],[-5,-6,-7,-5,0,5,7,6,5],[0,5,6,7,5,-5,7,6,5],[0,0,5,6,7,-7,-7,6,5],[0,0,0,5,6,-6,-6,-6,5],[0,0,0,0,5,-5,-5,-5,-5]]},"AllowedMoves":["1"]}`,
		`{"Player":"1","Move":{"Type":"1","From":{"X":1,"Y":5},"To":{"X":0,"Y":4}},"Winner":"0"}`,
		`{"Player":"1","Move":{"Type":"0"},"Winner":"0"}`, `{"Type":1,"From":{"X":1,"Y":5},"To":{"X":0,"Y":4}}`,
		`{"Board":{"state":[[1e3]]},"AllowedMoves":[" 2 ","x",null,1.0]}`, "{", `"\u0000"`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := stones.DecodeMessage(data)
		if err != nil {
			return
		}
		if st, err := m.BoardState(); err == nil {
			if p, err := stones.FromState(st, stones.White, 1); err == nil {
				_ = p.State()
				var buf [engine.MaxMoves]engine.Move
				p.GenMoves(buf[:0])
				p.Terminal()
			}
		}
		_ = m.AllowedMask()
		if m.Move != nil {
			if mv, err := m.Move.ToMove(); err == nil {
				_ = stones.FormatMove(mv)
			}
		}
		_, _ = stones.DecodeResponse(data)
	})
}
