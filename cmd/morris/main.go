// Command morris is the Nine men's morris engine: it speaks the protocol of
// ../shared/protocols/morris.md on standard input and output.
//
//	morris [-movetime 1s] [-depth N] [-nodes N] [-threads N] [-hash MiB] [-notation names] [-book FILE|none]
//	       [-w NAME=V,...] [-futility N [-futility-depth N]] [-razor N] [-movecount] [-iir N]
//	morris perft N | divide N [position] | bench | book build [-o FILE] [-groups N] [-raw] [-from FILE]
//	morris book opening [-plies N] [-time D] [-workers N] [-hash MiB] [-extend FILE [-below S] [-reply-time D]] [-o FILE]
//	morris fit [-w NAME=V,...] [-fixed NAME,...] GAMES.jsonl...
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/pentad-ai/pentad/bench"
	bookdb "github.com/pentad-ai/pentad/book/morris"
	bot "github.com/pentad-ai/pentad/bot/morris"
	"github.com/pentad-ai/pentad/engine"
	evalm "github.com/pentad-ai/pentad/eval/morris"
	"github.com/pentad-ai/pentad/game/morris"
)

func main() {
	fs := flag.NewFlagSet("morris", flag.ContinueOnError)
	movetime := fs.Duration("movetime", bot.DefaultMoveTime, "think time per go")
	depth := fs.Int("depth", 0, "fixed search depth (0: none)")
	nodes := fs.Uint64("nodes", 0, "node limit per go (0: none)")
	threads := fs.Int("threads", bench.PhysicalCores(), "search threads")
	hash := fs.Int("hash", 64, "transposition table MiB")
	notation := fs.String("notation", "indices", "move output: indices or names")
	openingPath := fs.String("opening", "", "placement opening book source (default: the embedded book; \"none\" to play without)")
	bookPath := fs.String("book", "", "endgame database file (default: morris-endgame.bin, then "+bookdb.DefaultFile+" next to the executable, then under the working directory, then the embedded one; \"none\" to play without)")
	weights := fs.String("w", "", "evaluation weight changes, e.g. PlaceMobility=300,MoveMobility=250")
	futility := fs.Int("futility", 0, "futility pruning margin per ply (0: off)")
	futilityDepth := fs.Int("futility-depth", 4, "deepest remaining depth pruned by futility")
	razor := fs.Int("razor", 0, "razoring margin per ply at depths 1 and 2 (0: off)")
	moveCount := fs.Bool("movecount", false, "move-count pruning of late quiet moves")
	iir := fs.Int("iir", 0, "internal iterative reduction from this remaining depth up (-1: off, 0: the default)")
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	w, err := evalm.ParseWeights(evalm.Default, *weights)
	if err != nil {
		fmt.Fprintln(os.Stderr, "morris:", err)
		os.Exit(2)
	}
	args := fs.Args()
	if len(args) > 0 {
		os.Exit(sub(args))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	cfg := bot.Config{
		MoveTime: *movetime, Depth: *depth, Nodes: *nodes, Threads: *threads, HashMiB: *hash,
		Names: *notation == "names",
	}
	if *weights != "" {
		cfg.Weights = &w
	}
	if *futility > 0 || *razor > 0 || *moveCount || *iir != 0 {
		opt := bot.SearchOptions(*threads)
		opt.Prune = engine.Pruning{Razor: *razor, MoveCount: *moveCount}
		if *futility > 0 {
			opt.Prune.Futility, opt.Prune.FutilityDepth = *futility, *futilityDepth
		}
		if *iir != 0 {
			opt.IIR = max(*iir, 0)
		}
		cfg.Options = &opt
	}
	if *bookPath != "none" {
		cfg.LoadEndgame = func() bot.Endgame {
			db, path, err := bookdb.Find(*bookPath)
			if err != nil {
				fmt.Fprintln(os.Stderr, "morris: no endgame database:", err)
				return nil
			}
			fmt.Fprintln(os.Stderr, "morris: endgame database", path)
			return db
		}
	}
	if *openingPath != "none" {
		var ob *bookdb.Opening
		if *openingPath == "" {
			ob, err = bookdb.EmbeddedOpening()
		} else {
			ob, err = readOpening(*openingPath)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "morris:", err)
			os.Exit(2)
		}
		cfg.Opening = ob
	}
	if !set["movetime"] && (*depth > 0 || *nodes > 0) {
		cfg.MoveTime = 0
	}
	if err := bot.Run(os.Stdin, os.Stdout, cfg); err != nil {
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
	case "book":
		return bookCmd(args[1:])
	case "selfplay":
		return selfplay(args[1:])
	case "fit":
		return fit(args[1:], os.Stdout, os.Stderr)
	case "bench":
		bot.Bench().Print(os.Stdout, "morris")
		return 0
	}
	fmt.Fprintln(os.Stderr, "unknown subcommand", args[0])
	return 2
}

func readOpening(path string) (*bookdb.Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return bookdb.ReadOpening(f)
}

// openingCmd is `morris book opening`: the source of the placement book,
// every position of the first plies up to symmetry searched for a time.
func openingCmd(args []string) int {
	fs := flag.NewFlagSet("morris book opening", flag.ContinueOnError)
	plies := fs.Int("plies", 4, "book every position of the first N plies")
	d := fs.Duration("time", 6*time.Second, "search time a position")
	workers := fs.Int("workers", bench.PhysicalCores(), "positions searched at once, one thread each")
	hash := fs.Int("hash", 64, "transposition table MiB of each search")
	extend := fs.String("extend", "", "extend this book source instead: its positions scoring -below or less searched again for -time, and the positions after their move and each reply added")
	below := fs.Int("below", -300, "with -extend: the score at or under which a position is searched again")
	replyTime := fs.Duration("reply-time", 6*time.Second, "with -extend: search time of each position added")
	out := fs.String("o", "-", "output file (-: standard output)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *plies < 1 || *plies > morris.PlacementPlies || *d <= 0 || *replyTime <= 0 || *workers < 1 || *hash < 1 {
		fmt.Fprintln(os.Stderr, "morris book opening: bad -plies, -time, -reply-time, -workers or -hash")
		return 2
	}
	db, _, err := bookdb.Find("")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	t0 := time.Now()
	var header string
	var lines []bookdb.OpeningLine
	n := 0
	if *extend != "" {
		if header, lines, n, err = extendOpening(*extend, *below, *d, *replyTime, *workers, *hash, db); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	} else {
		pos := bot.OpeningPositions(*plies)
		n = len(pos)
		lines = bot.BuildOpening(pos, *d, *workers, *hash, db, os.Stderr)
		header = fmt.Sprintf("Nine men's morris placement book: the %d positions of the first %d plies, one of each class of\n"+
			"symmetric positions, each searched %v on one thread with the endgame database:\n"+
			"morris book opening -plies %d -time %v -workers %d -hash %d\n"+
			openingFormat, len(pos), *plies, *d, *plies, *d, *workers, *hash)
	}
	w := os.Stdout
	if *out != "-" {
		if w, err = os.Create(*out); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	if err := bookdb.WriteOpening(w, header, lines); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if w != os.Stdout {
		if err := w.Close(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	fmt.Fprintf(os.Stderr, "%d positions searched in %.1f s\n", n, time.Since(t0).Seconds())
	return 0
}

// openingFormat is the last line of a book source's header.
const openingFormat = "POSITION (protocol notation) MOVE SCORE DEPTH"

// extendOpening is `morris book opening -extend FILE`: the book source in
// FILE with its positions that score below or less searched again for d,
// and the positions after their (new) move and each reply searched for
// replyTime and added. It returns the new header and lines and the number
// of positions searched.
func extendOpening(path string, below int, d, replyTime time.Duration, workers, hash int, db bot.Endgame) (string, []bookdb.OpeningLine, int, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", nil, 0, err
	}
	book, header, lines, err := bookdb.ReadOpeningSource(f)
	f.Close()
	if err != nil {
		return "", nil, 0, err
	}
	var weak []*morris.Position
	var at []int
	for i, l := range lines {
		if l.Score <= below {
			p, _ := morris.ParsePosition(l.Position) // checked by ReadOpeningSource
			weak, at = append(weak, p), append(at, i)
		}
	}
	moves := make([]engine.Move, len(weak))
	for i, l := range bot.BuildOpening(weak, d, workers, hash, db, os.Stderr) {
		lines[at[i]] = l
		moves[i], _ = weak[i].ParseMove(l.Move)
	}
	replies := bot.ReplyPositions(weak, moves, func(p *morris.Position) bool {
		_, _, ok := book.Lookup(p)
		return ok
	})
	lines = append(lines, bot.BuildOpening(replies, replyTime, workers, hash, db, os.Stderr)...)
	header = strings.TrimSuffix(strings.TrimRight(header, "\n"), openingFormat)
	header += fmt.Sprintf("extended: the %d positions scoring %d or less searched again %v each, and the %d positions\n"+
		"after their move and each reply added, searched %v each:\n"+
		"morris book opening -extend %s -below %d -time %v -reply-time %v -workers %d -hash %d\n"+
		openingFormat, len(weak), below, d, len(replies), replyTime, path, below, d, replyTime, workers, hash)
	return header, lines, len(weak) + len(replies), nil
}

func bookCmd(args []string) int {
	if len(args) > 0 && args[0] == "opening" {
		return openingCmd(args[1:])
	}
	fs := flag.NewFlagSet("morris book", flag.ContinueOnError)
	out := fs.String("o", bookdb.DefaultFile, "output file")
	groups := fs.Int("groups", bookdb.EmbeddedGroups, fmt.Sprintf("table groups to build, in order %v (the default: those of the embedded database)", bookdb.Groups))
	raw := fs.Bool("raw", false, "write the tables uncompressed, for mapping into memory at start (the large database)")
	from := fs.String("from", "", "database file whose tables are kept: only the groups it lacks are built")
	if len(args) == 0 || args[0] != "build" {
		fmt.Fprintln(os.Stderr, "usage: morris book build [-o FILE] [-groups N] [-raw] [-from FILE] | morris book opening [-plies N] [-time D] [-workers N] [-hash MiB] [-extend FILE [-below S] [-reply-time D]] [-o FILE]")
		return 2
	}
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	t0 := time.Now()
	var base *bookdb.DB
	if *from != "" {
		var err error
		if base, err = bookdb.Load(*from); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	db, err := bookdb.Build(*groups, base, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	save := db.Save
	if *raw {
		save = db.SaveRaw
	}
	if err := save(*out); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	st, _ := os.Stat(*out)
	fmt.Printf("wrote %s (%d bytes) in %.1f s\n", *out, st.Size(), time.Since(t0).Seconds())
	return 0
}

func selfplay(args []string) int {
	fs := flag.NewFlagSet("morris selfplay", flag.ContinueOnError)
	pairs := fs.Int("pairs", 10, "game pairs (colours swapped)")
	seed := fs.Uint64("seed", 1, "opening seed")
	aTime := fs.Duration("a-movetime", 100*time.Millisecond, "player A think time")
	aDepth := fs.Int("a-depth", 0, "player A fixed depth")
	aDB := fs.Bool("a-db", true, "player A uses the endgame database")
	bTime := fs.Duration("b-movetime", 0, "player B think time")
	bDepth := fs.Int("b-depth", 2, "player B fixed depth")
	bDB := fs.Bool("b-db", false, "player B uses the endgame database")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	db, _, err := bookdb.Find("")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	mk := func(name string, t time.Duration, d int, useDB bool) bot.Player {
		p := bot.Player{Name: name, MoveTime: t, Depth: d}
		if useDB {
			p.Endgame = db
		}
		return p
	}
	a := mk(fmt.Sprintf("A(%v,d%d,db=%v)", *aTime, *aDepth, *aDB), *aTime, *aDepth, *aDB)
	b := mk(fmt.Sprintf("B(%v,d%d,db=%v)", *bTime, *bDepth, *bDB), *bTime, *bDepth, *bDB)
	w, d, l := bot.Match(os.Stdout, a, b, *pairs, *seed)
	fmt.Printf("%s vs %s: +%d =%d -%d\n", a.Name, b.Name, w, d, l)
	return 0
}
