// Package arena plays programs that speak one of the five Pentad protocols
// against each other, exactly as the real tournament programs do: it starts
// the engines, referees every move with the rules in game/<name> (and
// nothing else: no bot, evaluation or book), keeps the clocks, and turns
// results into Elo, confidence intervals and SPRT decisions. cmd/arena is
// its command line.
//
//	referee.go, proc*.go  the referee skeleton every game shares: processes,
//	                      lines with deadlines, clocks, faults and results
//	options.go            game options (-opt KEY=VALUE) of every referee
//	gomoku.go, kalah.go, morris.go, quoridor.go, stones.go
//	                      the per-game part: the protocol exchange and rules calls
//	match.go, table.go, stats.go, opening.go
//	                      scheduling, openings, game records, Elo and SPRT
//	report.go, replay.go, live.go, report.js, report.css
//	                      the HTML report of runs: tables, plots, and every
//	                      game replayed with its rules (positions computed
//	                      here, drawn by the page's script); kept up to date
//	                      by a run with -out
//	cli.go, demo.go       the command line and the demonstration match
package arena
