package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	kbook "github.com/pentad-ai/pentad/book/kalah"
	kbot "github.com/pentad-ai/pentad/bot/kalah"
	evalk "github.com/pentad-ai/pentad/eval/kalah"
	"github.com/pentad-ai/pentad/internal/records"
	"github.com/pentad-ai/pentad/internal/weights"
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
	ss, err := records.ReadFiles(fs.Args(), func(r io.Reader) ([]evalk.Sample, error) { return evalk.ReadSamples(r, *k) })
	if err != nil {
		fmt.Fprintln(stderr, "kalah fit:", err)
		return 1
	}
	if len(ss) == 0 {
		fmt.Fprintln(stderr, "kalah fit: no positions")
		return 1
	}
	// the features are the fields of Weights, in their order
	free, err := weights.Free(&w, *fixed)
	if err != nil {
		fmt.Fprintln(stderr, "kalah fit: -fixed:", err)
		return 2
	}
	var use [evalk.NumFeatures]bool
	copy(use[:], free)
	scale := evalk.BestScale(w, ss)
	start := evalk.Coefficients(w, scale)
	fmt.Fprintf(stdout, "%d positions; %s: loss %.5f at scale %.1f\n", len(ss), *spec, evalk.LogLoss(start, ss), scale)
	c := evalk.Fit(ss, start, use, 12)
	nw := evalk.WeightsOf(c, w.Store)
	fmt.Fprintf(stdout, "fitted: loss %.5f\n", evalk.LogLoss(c, ss))
	fmt.Fprintf(stdout, "-w %s\n", weights.String(&nw))
	fmt.Fprintf(stdout, "rounded: loss %.5f\n", evalk.LogLoss(evalk.Coefficients(nw, float64(nw.Store)/c[0]), ss))
	return 0
}
