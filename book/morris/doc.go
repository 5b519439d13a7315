// Package morris holds the Nine men's morris endgame databases: exact values
// (win, loss or draw, and the distance in plies) of every moving-phase
// position with 3 or 4 pieces per side and of 3 against 5, flying included,
// built by retrograde analysis (build.go), saved to files, compiled into the
// binary (embed.go, data/endgame.bin) and probed during search by bot/morris.
//
// A table covers the positions with a pieces for the side to move and b for
// the other side. Its index is rank(us) * C(24-a, b) + rank(them squeezed
// into the 24-a free nodes), with ranks in the combinatorial number system.
// Each entry is one byte: 0 for a draw, else the distance d plus 1, where an
// odd d is a win for the side to move in d plies and an even d a loss in d
// plies (0: blocked, no move).
package morris
