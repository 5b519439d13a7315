// Command arena plays programs speaking one of the five Pentad protocols
// (kalah, stones, morris, quoridor, gomoku) against each other, refereeing
// every move as the real tournament programs do, and reports W/D/L, Elo with
// a 95% interval from pentanomial pair scores, LOS and SPRT.
//
//	go run ./cmd/arena demo                  # build the five bots, play each against a weaker self
//	arena -game gomoku -engine name=new cmd="./pbrain-new" -engine name=old cmd="./pbrain-old" \
//	      -games 400 -tc 120/5 -concurrency 2 -openings openings.txt -sprt 0,5,0.05,0.05 -out run1
//	arena merge run1 run2 run3               # one table and one SPRT verdict for several runs
//	arena report run1 run2 -o report.html    # one HTML page: tables, plots, every game replayed
//
// Run "arena -h" for every flag. Each game is one JSON line in DIR/games.jsonl
// (gomoku also DIR/games.sgf). On Ctrl-C or SIGTERM every engine process
// group is killed before arena exits; engines also die with arena if it is
// killed outright (Linux parent-death signal).
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/pentad-ai/pentad/arena"
)

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		<-sig
		fmt.Fprintln(os.Stderr, "\narena: interrupted, stopping engines (again to kill at once)")
		cancel()
		<-sig
		arena.KillAll()
		os.Exit(130)
	}()
	code := run(ctx)
	cancel()
	arena.KillAll()
	os.Exit(code)
}

func run(ctx context.Context) int {
	args := os.Args[1:]
	var err error
	switch {
	case len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help":
		fmt.Print(arena.Usage)
		return 0
	case args[0] == "merge":
		err = arena.RunMerge(args[1:], os.Stdout)
	case args[0] == "report":
		err = arena.RunReport(args[1:], os.Stdout)
	case args[0] == "demo":
		err = arena.RunDemo(ctx, args[1:], os.Stdout)
	default:
		err = arena.RunMatch(ctx, args, os.Stdout, arena.IsTerminal(os.Stdout))
	}
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(os.Stderr, "arena: interrupted")
			return 130
		}
		fmt.Fprintln(os.Stderr, "arena:", err)
		return 1
	}
	return 0
}
