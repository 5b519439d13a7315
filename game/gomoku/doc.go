// Package gomoku holds the rules of Gomoku for the Pentad suite (freestyle,
// standard/exact five, renju and caro on boards from 5x5 to 32x32): the
// position with make/unmake, win detection, renju forbidden moves, Zobrist
// keys, the "x,y" notation (and the openings-file notation), legal moves
// and perft, and the incremental line patterns the rules and the brain
// read. The brain (search, VCF and threat solvers, the Gomocup protocol
// session of pbrain-pentad) is bot/gomoku; the evaluation weights are
// eval/gomoku.
//
// # Referee API (used by cmd/arena)
//
// Start position:
//
//	p, err := gomoku.NewPosition(w, h, gomoku.Renju) // w, h in 5..32
//	rule, err := gomoku.ParseRule("renju")            // freestyle, standard, renju, caro
//
// Black (gomoku.Black = 0) moves first; p.Side() is the side to move.
// The INFO rule bitmask of the protocol maps to a rule as: bit 4 renju, else
// bit 8 caro, else bit 1 standard (exactly five), else freestyle; bit 2
// (continuous game) does not change the rule.
//
// Moves are engine.Move values (the cell index, never 0). In protocol
// notation a move is "x,y", columns and rows from 0:
//
//	m, err := p.ParseMove("7,7") // error when malformed or off the board
//	s := gomoku.FormatMove(m)     // "7,7"
//	m = p.MoveAt(x, y)            // engine.NoMove off the board
//
// Legality and application:
//
//	p.IsLegal(m)     // empty cell, game not over, not forbidden
//	p.IsForbidden(m) // renju: black's overline, double four, double three
//	p.Make(m)        // plays m for the side to move (m must be legal)
//	p.Unmake(m)      // takes back the last move
//
// Game over:
//
//	over, winner, reason := p.Status() // winner Black, White, or -1 for a draw
//
// A game ends when the last move made a winning five ("five in a row") or
// when the board is full ("board full", a draw). What wins:
//   - Freestyle: five or more in a row.
//   - Standard: exactly five; an overline (six or more) does not win.
//   - Renju: black wins with exactly five, and may not play an overline, a
//     double four (two fours, also two in one line) or a double three (two
//     open threes), unless the move also makes five. A three counts only if
//     it can become a straight four by a move that is itself not forbidden
//     (checked recursively). White wins with five or more and has no
//     forbidden moves.
//   - Caro: exactly five, not blocked at both ends by opponent stones (the
//     board edge does not block).
//
// The tournament's renju draw after 200 moves is the referee's business; the
// position does not count it.
//
// # Line patterns
//
// For every empty cell, side and direction the position keeps a line code
// (Dead .. Five, Over: what the side gets in that line by playing the cell)
// from pattern tables built once per kind of five, and from the four codes,
// through a CellTable, the cell's class (TNone .. TFive) and value, the
// counts of cells by class and the sum of the values of each side, all
// updated on Make and Unmake. NewPosition uses RulesTable (only fives are
// classed, every value 0); eval/gomoku builds the table of its weights and
// bot/gomoku plugs it in (Init, SetCellTable). Perft and PerftPosition
// count over every legal move with the real game end.
package gomoku
