// Package kalah holds Kalah's opening book, its endgame databases and the
// solver, with their builders.
//
// The opening book (Opening, Lookup) answers the first two plies of the
// tournament game (Kalah(7,7), first-move rule, pie rule): South's first
// move, and North's answer to each of the seven first moves (SWAP or a
// hole). The table was produced by `kalah book opening` (deep searches of
// the bot, bot/kalah.BuildOpening); WriteOpening writes it as Go source. The
// test checks that every entry is legal; bot/kalah checks that a fresh
// search agrees at low depth on the swap decisions it is sure of.
//
// The endgame database (DB: Build, BuildThreads, Load, WriteTo, BuildDB for
// `kalah book build`) holds the exact value of every distribution of at most
// K seeds over the holes; the bot's search reads it in Terminal.
//
// The solver (Solver, `kalah solve`) computes exact values of raw Kalah
// positions by null-window searches over a bound table of its own, down to
// the database. Its optional first guess from a search of the bot is
// bot/kalah.EstimateStart.
package kalah
