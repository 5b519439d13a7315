package kalah

import "github.com/pentad-ai/pentad/engine"

// The tests of engine/ and bench/ search Kalah as their small, fast test game
// through the generic engine, so *Position is a complete engine.Position by
// itself. What the bot searches is bot/kalah.Search, which embeds a Position
// and takes its evaluation from eval/kalah and its Terminal from the rules
// plus the endgame database of book/kalah.

// Evaluate implements engine.Position with the plain store difference for
// the side to move (the game's final score if it ended now). It is not the
// bot's evaluation (eval/kalah).
func (p *Position) Evaluate() int {
	me := int(p.side)
	return int(p.pits[p.storeIdx(me)]) - int(p.pits[p.storeIdx(1-me)])
}

// SearchOptions are engine options for searching *Position with the generic
// engine (bench/bench_test.go uses them).
//
// Deprecated: the bot's options are bot/kalah.SearchOptions; this copy stays
// only until bench/bench_test.go names those.
var SearchOptions = engine.Options{LMR: true, AspWindow: 24}
