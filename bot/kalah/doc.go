// Package kalah is Pentad's Kalah program for the course tournament engine:
// the protocol session (session.go: Agent, the START/CHANGE/END loop and the
// answers), move choice and time management (think.go: opening variation,
// book, the timed search and its extension while unresolved), the searchable
// position (search.go: Search, the rules of game/kalah with the evaluation
// of eval/kalah and the endgame database of book/kalah in Terminal) and the
// concrete search generated for it (search_gen.go, go generate), the bench
// (bench.go), and the builders of book/kalah's contents that search with it
// (build.go: BuildOpening for `kalah book opening`, EstimateStart for
// `kalah solve`), and self-play games for fitting the evaluation
// (selfplay.go: SelfPlay for `kalah selfplay`).
package kalah
