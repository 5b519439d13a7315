// Package stones is the Game of Stones (TZAAR) bot for the contest engine's
// JSON protocol, on the rules of game/stones and the evaluation of
// eval/stones:
//
//	session.go   the protocol session (Run, Session): requests, processed moves, answers
//	think.go     the player (Player, Config): whole-turn planning, time budgets
//	search.go    the searchable position (Search): evaluation, quiescence captures, ordering
//	solve.go     the df-pn proof-number endgame solver the player runs near the end
//	bench.go     the bench (fixed positions, fixed depth), the solver bench, one timed decision
//	selfplay.go  self-play matches between two configurations
package stones
