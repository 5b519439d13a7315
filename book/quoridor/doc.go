// Package quoridor holds Quoridor's exact endgame knowledge on the rules of
// game/quoridor: the race table (SolveRace), which solves by retrograde
// analysis every pawn race of one wall configuration once neither side has
// a wall in hand, and the move it prescribes (RaceMove).
package quoridor
