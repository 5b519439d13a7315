// Command pbrain-pentad is a Gomoku brain for Gomocup managers (piskvork,
// c-gomoku-cli). Without arguments it speaks the Gomocup protocol on
// standard input and output. Subcommands: bench, perft N [divide] [rule]
// [size], vcf, match, tune, book build (see bot/gomoku.Command).
//
// Flags: -threads N (default: physical cores), -hash MiB (default: from
// INFO max_memory, 128 MiB for 350 MB), -rule2renju (read INFO rule 2 as
// renju, the convention of some managers, instead of "continuous game"),
// -log FILE (a line per move: answer time and budget; off by default).
//
// The opening book is built into the executable; an optional file
// pbrain-pentad.book next to the executable (not in the working directory)
// adds or overrides entries (see book/gomoku).
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/pentad-ai/pentad/bench"
	book "github.com/pentad-ai/pentad/book/gomoku"
	"github.com/pentad-ai/pentad/bot/gomoku"
)

// version is stamped at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	threads := flag.Int("threads", bench.PhysicalCores(), "search threads")
	hash := flag.Int("hash", 0, "transposition table MiB (0: from INFO max_memory)")
	rule2 := flag.Bool("rule2renju", false, "read INFO rule 2 as renju instead of continuous game")
	cands := flag.Int("candidates", 0, "quiet moves searched at a node, the best by pattern value (0: the default)")
	taper := flag.Int("taper", 0, "narrow the candidates deeper in the tree: 1 on, -1 off (0: the default)")
	logFile := flag.String("log", "", "append a line per move (answer time, budget) to this file")
	flag.Parse()
	args := flag.Args()
	if len(args) > 0 {
		os.Exit(gomoku.Command(os.Stdout, os.Stderr, args))
	}
	bk, err := book.Load()
	if err != nil {
		fmt.Fprintln(os.Stderr, "book:", err)
	}
	opt := gomoku.Options{
		Name: "pentad", Version: version, Threads: *threads, TTMiB: *hash,
		Rule2IsRenju: *rule2, Book: bk, Candidates: *cands, Taper: *taper,
	}
	if *logFile != "" {
		f, err := os.OpenFile(*logFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			fmt.Fprintln(os.Stderr, "log:", err)
		} else {
			defer f.Close()
			opt.Log = f
		}
	}
	if err := gomoku.Run(os.Stdin, os.Stdout, opt); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
