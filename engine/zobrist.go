package engine

import "math/rand/v2"

// ZobristKeys returns n pseudo-random keys from a PCG generator seeded with
// seed, the same on every run. Each game uses its own seed.
func ZobristKeys(seed uint64, n int) []uint64 {
	r := rand.New(rand.NewPCG(seed, 0x9E3779B97F4A7C15))
	keys := make([]uint64, n)
	for i := range keys {
		keys[i] = r.Uint64()
	}
	return keys
}
