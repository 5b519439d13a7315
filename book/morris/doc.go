// Package morris holds the Nine men's morris endgame databases: exact values
// (win, loss or draw, and the distance in plies) of moving-phase positions,
// flying included, built by retrograde analysis (build.go) and probed during
// search by bot/morris. The positions with 3 or 4 pieces per side and 3
// against 5 are compiled into the binary (embed.go, data/endgame.bin,
// deflate-compressed); with 4 against 5, 3 against 6, 5 against 5 and 4
// against 6 they make the large database, a file in the raw format (raw.go)
// that the engine maps into memory at start.
//
// opening.go holds the placement book: a move for each position of the
// first plies (up to the 16 symmetries of the board, game/morris's Syms),
// chosen by long searches, compiled into the binary from data/opening.txt.
//
// A table covers the positions with a pieces for the side to move and b for
// the other side. Its index is rank(us) * C(24-a, b) + rank(them squeezed
// into the 24-a free nodes), with ranks in the combinatorial number system.
// Each entry is one byte: 0 for a draw, else the distance d plus 1, where an
// odd d is a win for the side to move in d plies and an even d a loss in d
// plies (0: blocked, no move).
package morris
