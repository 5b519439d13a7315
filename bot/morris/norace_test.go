//go:build !race

package morris

const raceEnabled = false
