package kalah

// Searcher is the engine's search specialised to *Position by go generate:
// the same tree as engine.Engine node for node (a test checks it), with direct
// calls instead of interface calls. It is what the agent, the book builder and
// the bench use.

//go:generate go run ../../internal/cmd/specialize -src ../../engine/search.go -out search_gen.go -pkg kalah -type Position -scorer -engine Searcher -new NewSearcher -prefix search
