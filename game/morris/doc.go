// Package morris holds the rules of Nine men's morris as the original engine
// and GUI enforce them (../shared/reference/rules.md): the board geometry
// (nodes, adjacency, mills as 24-bit masks, shared with eval/morris and
// book/morris), move generation, make/unmake, Zobrist keys, the notation of
// the protocol (../shared/protocols/morris.md) and perft. It holds no
// evaluation, search or session: the engine (protocol session, move choice,
// the searchable position with the evaluation and the endgame databases) is
// bot/morris.
//
// Referee-facing API (names are stable):
//
//   - Start position: NewPosition(). A position in the protocol notation
//     ("w:0,2,4;b:1,3;b;4;0", nodes as indices or square names):
//     ParsePosition(s). Write it back with p.String() (indices) or
//     p.Format(true) (square names).
//   - Parse a move: p.ParseMove(s) accepts P4, P4T15, M0-1, M1-4T9 and the
//     square-name forms Pd6Tg4, Ma7-d7, in any letter case, and returns an
//     error unless the move is legal in p and the game is not over.
//     ParseMoveText(s) checks the syntax only; p.IsLegal(m) tests legality.
//   - Apply: p.Make(m); take back: p.Unmake(m). Every take choice is its own
//     move (P4T15 and P4T16 differ); a move closing a mill must take.
//   - Game over: p.Status() returns (over, winner, reason) with winner White
//     (0), Black (1) or -1 for a draw, and reason LessThanThree, Blocked,
//     NoAdvance (100 plies without placement or take) or Repetition (third
//     occurrence of board and side to move).
//   - Format a move: FormatMove(m, names).
//   - Legal moves: p.GenMoves(buf) (call Status first; GenMoves ignores the
//     game-over rules).
//
// Terminal gives the game-over rules as a search scores them, with a
// repetition after MarkRoot a draw at once (bench.Perft and bot/morris use
// it).
package morris
