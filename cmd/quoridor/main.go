// Command quoridor is the Quoridor engine: it speaks the Quoridor Text
// Protocol (../shared/protocols/quoridor-qtp.txt) on standard input and
// output, as the course referee starts it:
//
//	quoridor [-seed N] [-gametime 180s] [-movetime 30s] [-threads 1] [-hash 64] [-depth N] [-nodes N] [-w NAME=N,...] [-v]
//	quoridor perft N [size [walls]] | divide N [size [walls]] | bench
//	quoridor match GAMES SIZE NODES_A NODES_B   (self-play at two node limits)
//
// Unknown arguments are ignored.
package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/pentad-ai/pentad/bench"
	bot "github.com/pentad-ai/pentad/bot/quoridor"
	"github.com/pentad-ai/pentad/game/quoridor"
)

func main() {
	cfg, sub := bot.ParseArgs(os.Args[1:])
	if cfg.ArgErr != nil {
		fmt.Fprintln(os.Stderr, "quoridor:", cfg.ArgErr)
		os.Exit(2)
	}
	if len(sub) > 0 {
		os.Exit(run(sub))
	}
	for _, a := range os.Args[1:] {
		if a == "-v" || a == "--v" {
			cfg.Log = os.Stderr
		}
	}
	if err := bot.NewSession(cfg).Run(os.Stdin, os.Stdout); err != nil {
		os.Exit(1)
	}
}

func run(args []string) int {
	switch args[0] {
	case "match":
		// match GAMES SIZE NODES_A NODES_B: the engine at two node limits.
		if len(args) < 5 {
			fmt.Fprintln(os.Stderr, "usage: quoridor match GAMES SIZE NODES_A NODES_B")
			return 2
		}
		games, _ := strconv.Atoi(args[1])
		size, _ := strconv.Atoi(args[2])
		na, _ := strconv.ParseUint(args[3], 10, 64)
		nb, _ := strconv.ParseUint(args[4], 10, 64)
		if games < 1 || !quoridor.ValidSize(size) || na == 0 || nb == 0 {
			fmt.Fprintln(os.Stderr, "bad arguments")
			return 2
		}
		a := bot.Config{Nodes: na, HashMiB: 16, Threads: 1}
		b := bot.Config{Nodes: nb, HashMiB: 16, Threads: 1, Seed: 1000}
		r, err := bot.Match(a, b, size, games, os.Stdout)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Printf("A (%d nodes) %d - B (%d nodes) %d, unfinished %d, %d plies\n", na, r.WinsA, nb, r.WinsB, r.Unfinished, r.Plies)
		return 0
	case "bench":
		bot.Bench().Print(os.Stdout, "quoridor")
		return 0
	case "perft", "divide":
		if len(args) < 2 {
			fmt.Fprintln(os.Stderr, "usage: quoridor perft|divide DEPTH [SIZE [WALLS]]")
			return 2
		}
		d, err := strconv.Atoi(args[1])
		if err != nil || d < 1 || d > 10 {
			fmt.Fprintln(os.Stderr, "bad depth")
			return 2
		}
		n := 9
		if len(args) > 2 {
			if n, err = strconv.Atoi(args[2]); err != nil || !quoridor.ValidSize(n) {
				fmt.Fprintln(os.Stderr, "bad size (odd, 3..25)")
				return 2
			}
		}
		walls := quoridor.DefaultWalls(n)
		if len(args) > 3 {
			if walls, err = strconv.Atoi(args[3]); err != nil || walls < 0 {
				fmt.Fprintln(os.Stderr, "bad walls")
				return 2
			}
		}
		p := quoridor.New(n, walls)
		if args[0] == "divide" {
			bench.PrintDivide(os.Stdout, bench.Divide(p, d, p.FormatMove))
			return 0
		}
		bench.RunPerft(os.Stdout, func(depth int) uint64 { return bench.Perft(p, depth) }, d)
		return 0
	}
	fmt.Fprintln(os.Stderr, "unknown subcommand", args[0])
	return 2
}
