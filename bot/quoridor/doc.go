// Package quoridor is the Quoridor engine for the course referee's Quoridor
// Text Protocol, on the rules of game/quoridor, the evaluation of
// eval/quoridor and the race table of book/quoridor:
//
//	session.go   the QTP session (NewSession(cfg).Run(stdin, stdout)), ParseArgs for
//	             the referee's command line (./quoridor -seed N)
//	think.go     move choice and the time budget (Budget)
//	search.go    the searchable position (Search): evaluation, ordering, race probes
//	vsz_*.go     TrimAddressSpace: the session calls it at start-up and after every
//	             genmove, which keeps the process near 300 MB of virtual size instead
//	             of the Go runtime's 1.2 GiB of untouched reservations (the referee
//	             forfeits above 950 MB); vsz_linux.go says why that is safe
//	bench.go     the bench positions and the bench
//	selfplay.go  matches between two configurations
package quoridor
