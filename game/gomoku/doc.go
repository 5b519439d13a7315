// Package gomoku holds the rules of Gomoku for the Pentad suite (freestyle,
// standard/exact five, renju and caro on boards from 5x5 to 32x32), the
// incremental line patterns, the VCF solver, the brain that chooses moves, and
// the Gomocup protocol session of pbrain-pentad.
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
// # Search interface
//
// # Brain (Think) and time
//
// Think runs, in order: a five to play or to block; the VCF solver for the
// side to move; the opponent's VCF (root moves then restricted to verified
// refutations); the threat-space search (VCT, the shared search over fours
// and threes) for the side to move, then for the opponent (root moves
// restricted to the cells of its line and our fours and threes); then the
// shared search. Inside the search, within SearchVCF nodes and VCFPlies
// plies of the root, Terminal reports the side to move's VCF as a win and
// GenMoves answers an opponent's VCF only with its cells and our fours.
// At the leaves (Quiesce, on by default) the quiescence search follows
// continuous fours of the side to move and forced blocks, within
// QuiescePlies of the depth-0 node, keeping its stand pat: only wins (a
// five, an open four or a four-three against no four) change the score,
// and a five to block allows no stand pat.
//
// The session's clock starts when a command line is read. The hard limit is
// timeout_turn less 60 ms and a quarter of the turn (at most 1 s) less the
// overrun learnt from late answers, bounded by time_left/6 (or by our own
// count of timeout_match). Every phase of Think polls one Clock (a stop flag
// raised by YXSTOP or by the first poll past the deadline), also used as
// the engine's Limits.Stop. Moves under 500 ms search with one thread.
//
// # Swap2
//
// SWAP2BOARD with no stone is answered with three stones (black, white,
// black: the book's opening, or the candidate opening the search finds
// closest to even). With three or five stones (white to move) Swap2Decide
// searches the position: SWAP (take black) when white is worse by more
// than swap2Margin; on three stones close to even (within swap2Balanced)
// two more stones, a white then a black one, "x4,y4 x5,y5" (option 3),
// when one of the pairs of the best white moves and black answers leaves
// a five-stone position within swap2Balanced; otherwise white's move
// "x,y". The book's answers, when it has the position, come first. The
// session's position is not changed: the game itself starts with BOARD.
//
// *Position implements engine.Position and engine.MoveScorer. Its Terminal
// also reports positions decided at once (a five to play, two fives to block,
// an open four against no five); GenMoves returns only the moves worth
// searching (threat answers, or the best candidates near the stones). Perft
// and PerftPosition count over every legal move with the real game end.
package gomoku
