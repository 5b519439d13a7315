// Package morris is the Nine men's morris engine: the engine side of the
// protocol (../shared/protocols/morris.md), move choice and time management,
// the searchable position, self-play matches and the bench.
//
//   - session.go: Run(in, out, cfg) runs a protocol session: it writes
//     "ready", then reads init, newgame [position], move <move>, go [noplay],
//     stop and quit. go searches in a goroutine while input is read: stop and
//     quit interrupt it, any other command waits for its bestmove and is then
//     processed in order. A line that cannot be used changes nothing.
//   - think.go: the move choice. A position of the placement book
//     (cfg.Opening, book/morris's Opening: every position of the first four
//     plies, up to symmetry) is answered at once with its move. At the root a
//     position covered by the endgame database (cfg.LoadEndgame, the Endgame interface, filled by
//     book/morris) is played from the database (fastest win, slowest loss, or
//     a search among the drawing moves); otherwise the engine searches within
//     the time, depth or node limits.
//   - search.go: Search embeds the rules position of game/morris by value and
//     adds the evaluation of eval/morris, move ordering and the database
//     probes (inside the search a covered position is a leaf with its exact
//     value), with a cache of recent evaluations; it implements
//     engine.Position.
//   - search_gen.go: Searcher, the engine's search specialised to *Search by
//     go generate (internal/specialize), which the session, self-play and
//     the bench use.
//   - opening.go: OpeningPositions and BuildOpening, which search the
//     placement book's positions for `morris book opening`.
//   - selfplay.go: PlayGame and Match, games between two settings.
//   - bench.go: the bench subcommand (fixed positions, fixed depth).
package morris
