package arena

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// option is one game option a referee accepts (-opt KEY=VALUE or -KEY VALUE):
// set parses the value and stores it, or says what is wrong with it.
type option struct {
	key string
	set func(v string) error
}

// configure applies opts with a referee's options, keys in sorted order (so
// that the first error is the same on every run). An unknown key is refused
// with the list of known ones; an error is prefixed with the game's name.
func configure(game string, opts map[string]string, known ...option) error {
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		i := slices.IndexFunc(known, func(o option) bool { return o.key == k })
		if i < 0 {
			names := make([]string, len(known))
			for j, o := range known {
				names[j] = o.key
			}
			return fmt.Errorf("%s: unknown option %q (have %s)", game, k, strings.Join(names, ", "))
		}
		if err := known[i].set(opts[k]); err != nil {
			return fmt.Errorf("%s: %w", game, err)
		}
	}
	return nil
}

// boolOption stores true or false (strconv.ParseBool's forms).
func boolOption(key string, dst *bool) option {
	return option{key, func(v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("%s=%q (true or false)", key, v)
		}
		*dst = b
		return nil
	}}
}

// intOption stores a whole number in lo..hi.
func intOption(key string, dst *int, lo, hi int) option {
	return option{key, func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi {
			if hi == math.MaxInt {
				return fmt.Errorf("%s=%q (a whole number from %d)", key, v, lo)
			}
			return fmt.Errorf("%s=%q (a whole number, %d..%d)", key, v, lo, hi)
		}
		*dst = n
		return nil
	}}
}
