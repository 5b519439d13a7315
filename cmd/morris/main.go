// Command morris is the Nine men's morris engine: it speaks the protocol of
// ../shared/protocols/morris.md on standard input and output.
//
//	morris [-movetime 1s] [-depth N] [-nodes N] [-threads N] [-hash MiB] [-notation names] [-book DIR]
//	morris perft N | divide N [position] | bench | book build [-dir DIR] [-max 4]
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"

	"github.com/pentad-ai/pentad/bench"
	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/morris"
)

func main() {
	fs := flag.NewFlagSet("morris", flag.ContinueOnError)
	movetime := fs.Duration("movetime", morris.DefaultMoveTime, "think time per go")
	depth := fs.Int("depth", 0, "fixed search depth (0: none)")
	nodes := fs.Uint64("nodes", 0, "node limit per go (0: none)")
	threads := fs.Int("threads", bench.PhysicalCores(), "search threads")
	hash := fs.Int("hash", 64, "transposition table MiB")
	notation := fs.String("notation", "indices", "move output: indices or names")
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	args := fs.Args()
	if len(args) > 0 {
		os.Exit(sub(args))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	cfg := morris.Config{
		MoveTime: *movetime, Depth: *depth, Nodes: *nodes, Threads: *threads, HashMiB: *hash,
		Names: *notation == "names",
	}
	if !set["movetime"] && (*depth > 0 || *nodes > 0) {
		cfg.MoveTime = 0
	}
	if err := morris.Run(os.Stdin, os.Stdout, cfg); err != nil {
		os.Exit(1)
	}
}

func sub(args []string) int {
	switch args[0] {
	case "perft", "divide":
		if len(args) < 2 {
			fmt.Fprintln(os.Stderr, "usage: morris perft|divide N [position]")
			return 2
		}
		d, err := strconv.Atoi(args[1])
		if err != nil || d < 1 || d > 12 {
			fmt.Fprintln(os.Stderr, "bad depth")
			return 2
		}
		p := morris.NewPosition()
		if len(args) > 2 {
			if p, err = morris.ParsePosition(args[2]); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 2
			}
		}
		if args[0] == "divide" {
			bench.PrintDivide(os.Stdout, bench.Divide(p, d, func(m engine.Move) string { return morris.FormatMove(m, false) }))
			return 0
		}
		bench.RunPerft(os.Stdout, func(d int) uint64 { return morris.Perft(p, d) }, d)
		return 0
	case "bench":
		morris.Bench().Print(os.Stdout, "morris")
		return 0
	}
	fmt.Fprintln(os.Stderr, "unknown subcommand", args[0])
	return 2
}
