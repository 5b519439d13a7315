// Command specialize writes engine/search.go specialised to one game's
// concrete position type (see package internal/specialize). Game packages run
// it with go generate.
//
//	specialize -src ../../engine/search.go -out search_gen.go -pkg kalah -type Position -scorer
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/pentad-ai/pentad/internal/specialize"
)

func main() {
	src := flag.String("src", "", "engine/search.go")
	out := flag.String("out", "", "output file")
	var cfg specialize.Config
	flag.StringVar(&cfg.Package, "pkg", "", "package of the output")
	flag.StringVar(&cfg.Concrete, "type", "Position", "concrete position type, without '*'")
	flag.BoolVar(&cfg.Scorer, "scorer", false, "the concrete type implements engine.MoveScorer")
	flag.StringVar(&cfg.Engine, "engine", "Searcher", "name of the specialised Engine type")
	flag.StringVar(&cfg.New, "new", "NewSearcher", "name of the specialised New function")
	flag.StringVar(&cfg.Prefix, "prefix", "search", "prefix of the other top-level names")
	flag.Parse()
	if *src == "" || *out == "" || cfg.Package == "" {
		fmt.Fprintln(os.Stderr, "specialize: -src, -out and -pkg are required")
		os.Exit(2)
	}
	in, err := os.ReadFile(*src)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	b, err := specialize.Generate(in, cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
