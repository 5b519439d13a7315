// Package quoridor holds the rules of Quoridor as the course referee checks
// them (../shared/reference/rules.md): the position, legal moves (with the
// search mode's wall pruning and path hints), make/unmake, Zobrist keys,
// notation and the board diagram. The engine (QTP session, move choice,
// searchable position) is bot/quoridor, the evaluation eval/quoridor, the
// exact race table book/quoridor.
//
// Rules: odd board sizes 3..25; black starts on the top centre square (E9 on
// 9x9) and moves first towards row 1, white starts on the bottom centre
// towards row N. A pawn steps one square orthogonally, not through a wall and
// not onto the other pawn; it jumps straight over an adjacent pawn when no
// wall is in between and the square behind is on the board and not walled
// off, and only otherwise sideways (diagonally) around it. A wall is named by
// the square at its north-west (columns A..N-1, rows 2..N): "E5 h" lies
// below E5 and F5, "E5 v" east of E5 and E4. A wall may not share its anchor
// with another wall (no crossing) nor overlap one of the same orientation,
// and both pawns must keep a path to their goal rows (the other pawn
// ignored). The first pawn on its goal row wins; there are no draws.
//
// Referee-facing API (names kept stable):
//
//	p := quoridor.New(n, quoridor.DefaultWalls(n)) // start position, black to move
//	p.SetWalls(k)                                  // both players get k walls in hand
//	m, err := p.ParseMove("E5")                    // or "E5 h", "e5 Horizontal"
//	p.LegalFor(quoridor.Black, m)                  // legality for a colour (false once the game is over)
//	p.IsLegal(m)                                   // legality for the side to move
//	p.PlayFor(quoridor.White, m)                   // apply as a colour; p.Make(m) for the side to move
//	over, winner := p.Winner()                     // game over and the winning colour (no draws)
//	s := p.FormatMove(m)                           // "E5" or "E5 h"
//	p.Unmake(m)                                    // take back the last move
//
// Colours are Black (0) and White (1); ParseColor and ParseOrientation read
// the protocol's words in any case. Moves are engine.Move values: a pawn
// move is 1+square (square = row*N+column, row 0 is row 1), a wall is
// encoded from 1024 upwards; GenMoves lists every legal move (Prune off).
package quoridor
