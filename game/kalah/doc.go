// Package kalah holds the rules of Kalah for the Pentad suite: the position
// with its undo stack, move generation, make/unmake (sowing, extra turns,
// captures under the standard or the "empty capture" rule, the end of the
// game), the pie rule (Swap) and the tournament engine's first-move rule,
// Zobrist keys, move notation, the protocol's state string, and perft.
//
// The program that plays (the tournament protocol session, time management
// and the concrete search) is bot/kalah; the evaluation is eval/kalah; the
// opening book, the endgame database and the solver are book/kalah.
//
// # Referee API (used by arena/)
//
//	p := kalah.New(kalah.Tournament) // or kalah.Raw(h, s), Rules{...}
//	m, err := kalah.ParseMove("3", 7) // a hole number 1..h, or "SWAP" (kalah.Swap)
//	err = p.Play(m)                   // checks legality
//	p.Store(kalah.South), p.Hole(kalah.North, 1), p.Over(), p.Winner(), p.State()
package kalah
