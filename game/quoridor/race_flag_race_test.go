//go:build race

package quoridor

const raceEnabled = true
