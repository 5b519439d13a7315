// Package morris holds the rules of Nine men's morris as the original engine
// and GUI enforce them (../shared/reference/rules.md), move generation,
// make/unmake, Zobrist keys, notation, perft, the bench, and the engine side
// of the protocol (../shared/protocols/morris.md).
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
// Run(in, out, cfg) runs a protocol session: it writes "ready", then reads
// init, newgame [position], move <move>, go [noplay], stop and quit. go
// searches in a goroutine while input is read: stop and quit interrupt it,
// any other command waits for its bestmove and is then processed in order.
// A line that cannot be used changes nothing.
//
// The search uses eval/morris for the evaluation and, through the Endgame
// interface (cfg.LoadEndgame), the exact databases of book/morris: at the
// root a covered position is played from the database (fastest win, slowest
// loss, or a search among the drawing moves), inside the search a covered
// position is a leaf with its exact value.
package morris
