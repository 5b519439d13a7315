// Package kalah is the evaluation of Kalah positions: the store difference
// for the side to move, refined by the seeds each side still has in its
// holes (Evaluate, 16 per seed of store difference), and the move-ordering
// hint that searches extra turns first, then captures (ScoreMove).
package kalah
