package main

import (
	"flag"
	"fmt"
	"io"
	"math"

	evalm "github.com/pentad-ai/pentad/eval/morris"
	"github.com/pentad-ai/pentad/internal/logistic"
	"github.com/pentad-ai/pentad/internal/records"
	"github.com/pentad-ai/pentad/internal/weights"
)

// coefficients are the logistic model's coefficients that w's scores stand
// for at scale k (the features are the fields of Weights, in their order).
func coefficients(w evalm.Weights, k float64) []float64 {
	var c []float64
	for _, v := range weights.Values(&w) {
		c = append(c, float64(v)/k)
	}
	return c
}

// weightsOf turns coefficients into weights with Piece fixed at piece.
func weightsOf(c []float64, piece int) evalm.Weights {
	var w evalm.Weights
	s := float64(piece) / c[0]
	for i, p := range weights.Fields(&w) {
		p.Set(int(math.Round(c[i] * s)))
	}
	return w
}

// fit is `morris fit`: the logistic regression of game results on the
// evaluation's features, printed as weights for -w.
func fit(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("morris fit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	spec := fs.String("w", "", "weights to compare with and start from: the default changed by these NAME=VALUE pairs")
	fixed := fs.String("fixed", "", "comma-separated weights to keep as they are (Piece is always the unit)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	w, err := evalm.ParseWeights(evalm.Default, *spec)
	if err != nil || fs.NArg() == 0 || w.Piece <= 0 {
		fmt.Fprintln(stderr, "usage: morris fit [-w NAME=V,...] [-fixed NAME,...] GAMES.jsonl... (Piece > 0)", err)
		return 2
	}
	ss, err := records.ReadFiles(fs.Args(), evalm.ReadSamples)
	if err != nil {
		fmt.Fprintln(stderr, "morris fit:", err)
		return 1
	}
	if len(ss) == 0 {
		fmt.Fprintln(stderr, "morris fit: no positions")
		return 1
	}
	use, err := weights.Free(&w, *fixed)
	if err != nil {
		fmt.Fprintln(stderr, "morris fit: -fixed:", err)
		return 2
	}
	data := evalm.Samples(ss)
	scale := logistic.BestScale(func(k float64) float64 { return logistic.LogLoss(coefficients(w, k), data) })
	start := coefficients(w, scale)
	fmt.Fprintf(stdout, "%d positions; %s: loss %.5f at scale %.1f\n", len(ss), *spec, logistic.LogLoss(start, data), scale)
	c := logistic.Fit(data, start, use, 12)
	nw := weightsOf(c, w.Piece)
	fmt.Fprintf(stdout, "fitted: loss %.5f\n", logistic.LogLoss(c, data))
	fmt.Fprintf(stdout, "-w %s\n", weights.String(&nw))
	fmt.Fprintf(stdout, "rounded: loss %.5f\n", logistic.LogLoss(coefficients(nw, float64(nw.Piece)/c[0]), data))
	return 0
}
