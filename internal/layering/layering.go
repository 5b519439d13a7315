// Package layering states the import rules of the repository's layers and
// checks a package graph against them (the graph comes from go list; see
// layering_test.go, which runs in go test ./...).
//
// The layers, imports pointing one way only:
//
//	cmd/NAME -> bot/NAME -> eval/NAME, book/NAME -> game/NAME -> engine -> tt
//	cmd/arena -> arena -> game/NAME
//
// game/ imports no eval/, book/, bot/ or arena/; eval/ imports no book/ or
// bot/; book/ imports no bot/; arena/ imports no bot/, eval/ or book/; no
// package of one game imports another game's; engine/ and tt/ import no game.
package layering

import (
	"fmt"
	"sort"
	"strings"
)

// Module is the module path the rules speak of.
const Module = "github.com/pentad-ai/pentad"

// Package is one node of the graph: its import path and what it imports.
type Package struct {
	Path    string
	Imports []string
}

// split names a package of the module by its layer (the first path element
// below the module: game, eval, book, bot, cmd, arena, engine, tt, ...) and,
// for the per-game layers, the game (the second element). Packages outside
// the module have an empty layer.
func split(path string) (layer, game string) {
	rest, ok := strings.CutPrefix(path, Module+"/")
	if !ok {
		return "", ""
	}
	parts := strings.Split(rest, "/")
	layer = parts[0]
	switch layer {
	case "game", "eval", "book", "bot":
		if len(parts) > 1 {
			game = parts[1]
		}
	}
	return layer, game
}

// forbidden lists, per layer, the layers it must not import.
var forbidden = map[string][]string{
	"game":   {"eval", "book", "bot", "arena", "cmd"},
	"eval":   {"book", "bot", "arena", "cmd"},
	"book":   {"bot", "arena", "cmd"},
	"bot":    {"arena", "cmd"},
	"arena":  {"bot", "eval", "book", "cmd"},
	"engine": {"game", "eval", "book", "bot", "arena", "cmd"},
	"tt":     {"game", "eval", "book", "bot", "arena", "cmd", "engine"},
	"bench":  {"game", "eval", "book", "bot", "arena", "cmd"},
}

// Check returns one line per import that breaks the rules, sorted.
func Check(pkgs []Package) []string {
	var bad []string
	for _, p := range pkgs {
		layer, game := split(p.Path)
		if layer == "" {
			continue
		}
		for _, imp := range p.Imports {
			il, ig := split(imp)
			if il == "" {
				continue
			}
			for _, f := range forbidden[layer] {
				if il == f {
					bad = append(bad, fmt.Sprintf("%s imports %s: %s/ must not import %s/", p.Path, imp, layer, il))
				}
			}
			if game != "" && ig != "" && ig != game {
				bad = append(bad, fmt.Sprintf("%s imports %s: a package of %s must not import one of %s", p.Path, imp, game, ig))
			}
		}
	}
	sort.Strings(bad)
	return bad
}
