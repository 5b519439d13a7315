//go:build race

package quoridor

// raceBuild: the race detector owns large reservations of its own; the
// address-space trimming stays off.
const raceBuild = true
