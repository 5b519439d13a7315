//go:build race

package morris

// The race detector slows the search about tenfold: smaller test searches.
const raceEnabled = true
