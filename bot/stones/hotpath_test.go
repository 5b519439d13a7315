package stones_test

import (
	"testing"

	bot "github.com/pentad-ai/pentad/bot/stones"
	"github.com/pentad-ai/pentad/engine"
	evs "github.com/pentad-ai/pentad/eval/stones"
	"github.com/pentad-ai/pentad/game/stones"
)

func BenchmarkGenMoves(b *testing.B) {
	ps := bot.BenchPositions()
	var buf [engine.MaxMoves]engine.Move
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ps[i%len(ps)].GenMoves(buf[:0])
	}
}

func BenchmarkMakeUnmake(b *testing.B) {
	ps := bot.BenchPositions()
	var buf [engine.MaxMoves]engine.Move
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p := ps[i%len(ps)]
		for _, m := range p.GenMoves(buf[:0]) {
			p.Make(m)
			p.Unmake(m)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	ps := bot.BenchPositions()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		evs.Evaluate(ps[i%len(ps)])
	}
}

func BenchmarkPerft3(b *testing.B) {
	p := stones.NewGame()
	for i := 0; i < b.N; i++ {
		stones.Perft(p, 3)
	}
}
