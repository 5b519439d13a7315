package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	kbook "github.com/pentad-ai/pentad/book/kalah"
	kbot "github.com/pentad-ai/pentad/bot/kalah"
	evalk "github.com/pentad-ai/pentad/eval/kalah"
)

// selfplay is `kalah selfplay`: games between two copies of the
// fixed-depth search, written as arena game records for kalah fit.
func selfplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kalah selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 100, "games to play")
	depth := fs.Int("depth", 10, "search depth of every move")
	random := fs.Int("random", 4, "random plies at the start of each game")
	seed := fs.Uint64("seed", 1, "seed of the random plies")
	workers := fs.Int("workers", 1, "games played at once")
	dbPath := fs.String("db", "", "endgame database file (default: none)")
	spec := fs.String("w", "", "evaluation weight changes, e.g. Seeds=2,Near=1")
	vs := fs.String("vs", "", "play a match: the second player's weight changes (\"default\": none); games in pairs, colours swapped")
	movetime := fs.Duration("movetime", 0, "time per move instead of -depth")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	w, err := evalk.ParseWeights(evalk.Default, *spec)
	if err != nil || *games < 0 || *depth < 1 {
		fmt.Fprintln(stderr, "kalah selfplay: bad -w, -games or -depth:", err)
		return 2
	}
	cfg := kbot.SelfPlayConfig{Games: *games, Depth: *depth, Random: *random, Seed: *seed, Workers: *workers, Weights: &w, MoveTime: *movetime}
	if *vs != "" {
		o, err := evalk.ParseWeights(evalk.Default, strings.TrimPrefix(*vs, "default"))
		if err != nil {
			fmt.Fprintln(stderr, "kalah selfplay: bad -vs:", err)
			return 2
		}
		cfg.Other = &o
	}
	if *dbPath != "" {
		if cfg.DB, err = kbook.Load(*dbPath); err != nil {
			fmt.Fprintln(stderr, "kalah selfplay:", err)
			return 1
		}
	}
	if err := kbot.SelfPlay(stdout, cfg); err != nil {
		fmt.Fprintln(stderr, "kalah selfplay:", err)
		return 1
	}
	return 0
}

// fit is `kalah fit`: the logistic regression of game results on the
// evaluation's features, printed as weights for -w.
func fit(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kalah fit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	k := fs.Int("k", 17, "leave out positions with this many seeds in the holes or fewer (the endgame database's)")
	spec := fs.String("w", "", "weights to compare with and start from: the default changed by these NAME=VALUE pairs")
	fixed := fs.String("fixed", "", "comma-separated weights to keep as they are (Store is always the unit)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	w, err := evalk.ParseWeights(evalk.Default, *spec)
	if err != nil || fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: kalah fit [-k K] [-w NAME=V,...] [-fixed NAME,...] GAMES.jsonl...", err)
		return 2
	}
	var ss []evalk.Sample
	for _, name := range fs.Args() {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(stderr, "kalah fit:", err)
			return 1
		}
		s, err := evalk.ReadSamples(f, *k)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "kalah fit: %s: %v\n", name, err)
			return 1
		}
		ss = append(ss, s...)
	}
	if len(ss) == 0 {
		fmt.Fprintln(stderr, "kalah fit: no positions")
		return 1
	}
	var use [evalk.NumFeatures]bool
	names := []string{"Store", "Seeds", "Near", "Empty", "Extra", "ExtraThem", "Capture", "CaptureThem"}
	for i := range use {
		use[i] = true
	}
	for _, n := range strings.Split(*fixed, ",") {
		for i, name := range names {
			if strings.EqualFold(strings.TrimSpace(n), name) {
				use[i] = false
			}
		}
	}
	scale := evalk.BestScale(w, ss)
	start := evalk.Coefficients(w, scale)
	fmt.Fprintf(stdout, "%d positions; %s: loss %.5f at scale %.1f\n", len(ss), *spec, evalk.LogLoss(start, ss), scale)
	c := evalk.Fit(ss, start, use, 12)
	nw := evalk.WeightsOf(c, w.Store)
	fmt.Fprintf(stdout, "fitted: loss %.5f\n", evalk.LogLoss(c, ss))
	fmt.Fprintf(stdout, "-w Store=%d,Seeds=%d,Near=%d,Empty=%d,Extra=%d,ExtraThem=%d,Capture=%d,CaptureThem=%d\n",
		nw.Store, nw.Seeds, nw.Near, nw.Empty, nw.Extra, nw.ExtraThem, nw.Capture, nw.CaptureThem)
	fmt.Fprintf(stdout, "rounded: loss %.5f\n", evalk.LogLoss(evalk.Coefficients(nw, float64(nw.Store)/c[0]), ss))
	return 0
}
