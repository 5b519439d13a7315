// Package kalah is the evaluation of Kalah positions: the store difference
// for the side to move, refined by terms of the holes (Weights, 16 per seed
// of store difference; Features lists the terms), the logistic regression
// of game results on those terms that fits the weights (fit.go, for
// `kalah fit`), and the move-ordering hint that searches extra turns first,
// then captures (ScoreMove).
package kalah
