//go:build !race

package quoridor

const raceEnabled = false
