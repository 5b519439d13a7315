// Command arena plays programs speaking one of the five Pentad protocols
// against each other and reports Elo, confidence intervals and SPRT results.
// Run "arena -h" for usage and "arena demo" for a demonstration.
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
