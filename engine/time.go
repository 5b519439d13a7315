package engine

import "time"

// Margin is what a bot keeps back from a move time t of its manager's: the
// manager counts the whole round trip (pipes, its own scheduling), and on a
// loaded machine the search answers a stop late (up to 60-80 ms measured
// with a load of 4 on 2 cores): 50 ms + t/16, at most 600 ms (112 ms of a
// second).
func Margin(t time.Duration) time.Duration {
	return min(50*time.Millisecond+t/16, 600*time.Millisecond)
}

// WholeTurnSoft is the soft limit that lets a search use its whole hard
// limit: the search stops a stable best move at StableShare of the soft
// limit, so soft is set that much above hard, and new iterations start up
// to the hard limit whatever the best move does. Only a forced move or a
// proven result ends such a search early.
func WholeTurnSoft(hard time.Duration) time.Duration {
	return time.Duration(float64(hard)/StableShare) + 1
}
