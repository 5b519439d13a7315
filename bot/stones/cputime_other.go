//go:build !unix

package stones

import "time"

// processCPU is unknown here (-1): budgets then adapt to overruns only.
func processCPU() time.Duration { return -1 }
