//go:build !race

package quoridor

const raceBuild = false
