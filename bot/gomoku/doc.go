// Package gomoku is pbrain-pentad, the Gomoku brain of the Pentad suite:
// the Gomocup protocol session, move choice and time management, the
// search over the rules of game/gomoku with the evaluation of eval/gomoku,
// the VCF and threat-space solvers, swap2, the bench, self-play, tuning and
// the opening book builder.
//
// # Brain (Think) and time
//
// Think runs, in order: a five to play or to block; the VCF solver for the
// side to move; the opponent's VCF (root moves then restricted to verified
// refutations); the threat-space search (VCT, the shared search over fours
// and threes) for the side to move, then for the opponent (root moves
// restricted to the cells of its line and our fours and threes); then the
// shared search. Inside the search, within SearchVCF nodes and VCFPlies
// plies of the root, Terminal reports the side to move's VCF as a win and
// GenMoves answers an opponent's VCF only with its cells and our fours.
// At the leaves (Quiesce, on by default) the quiescence search follows
// continuous fours of the side to move and forced blocks, within
// QuiescePlies of the depth-0 node (from a line's third four on, only the
// fours that build more: QuiesceComb), keeping its stand pat: only wins (a
// five, an open four or a four-three against no four) change the score,
// and a five to block allows no stand pat. Correction histories
// (engine.Options.Correction, keyed by CorrectionKeys: the threat classes
// on the board and the last two moves) move the static evaluation that
// forward pruning reads and the quiescence's first stand pat by what the
// search found for positions with the same keys.
//
// The session's clock starts when a command line is read. The hard limit is
// timeout_turn less engine.Margin (50 ms and a sixteenth of the turn, at
// most 600 ms) less the overrun learnt from late answers. With a match
// clock (time_left, or our own count of timeout_match) it is also at most
// a sixth of the time left less a reserve (clockReserve), and the soft
// limit is a twentieth of it (DefaultClockSpace): the search starts no new
// iteration after that (0.6 of it when the best move has been stable, 1.6
// of it when it just changed). Without a match clock the turn is used: the
// search starts iterations up to the hard limit (mainLimits), and ends
// early only on a forced move or a proven result. Every phase of Think
// polls one Clock (a stop flag raised by YXSTOP or by the first poll past
// the deadline), also used as the engine's Limits.Stop. Moves under 500 ms
// search with one thread.
//
// # Swap2
//
// SWAP2BOARD with no stone is answered with three stones (black, white,
// black: the book's opening, or the candidate opening the search finds
// closest to even). With three or five stones (white to move) Swap2Decide
// searches the position: SWAP (take black) when white is worse by more
// than swap2Margin; on three stones close to even (within swap2Balanced)
// two more stones, a white then a black one, "x4,y4 x5,y5" (option 3),
// when one of the pairs of the best white moves and black answers leaves
// a five-stone position within swap2Balanced; otherwise white's move
// "x,y". The book's answers, when it has the position, come first. The
// session's position is not changed: the game itself starts with BOARD.
//
// # Files
//
// session.go the Gomocup protocol session (Run) and the subcommands
// (Command); think.go the brain (Think, Analyse) and its time limits;
// search.go the searchable position (Search: game/gomoku's Position
// embedded by value with the evaluation of eval/gomoku and the search-only
// state; it implements engine.Position, MoveScorer, Noisy, Legality and
// Corrector, its Terminal also reports positions decided at once, a five
// to play, two fives to block, an open four against no five, and its
// GenMoves returns only the moves worth searching); vcf.go the VCF
// solver; vct.go the threat-space search; swap2.go the swap2 decisions;
// bench.go the bench and vcf subcommands; selfplay.go the self-play
// match; tune.go the weight tuner; texel.go the fit of the weights to game
// results (texel); combofit.go the fit of the cell values by combination of
// line codes (texel -combo, read back with pbrain-pentad -combo FILE);
// policyfit.go the fit of a move-ordering policy to the moves of games
// (texel -policy, read back with pbrain-pentad -policy FILE); datagen.go
// the self-play games those fits read (gen); bookbuild.go the opening book
// builder (book/gomoku holds the book).
package gomoku
