// Package weights reads the NAME=VALUE lists with which the bots' -w flags
// and tuning tools change evaluation weights, one syntax for every game.
package weights

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Param is one settable weight: its name and how to set it.
type Param struct {
	Name string
	Set  func(int)
	Fits func(int) bool // whether a value fits (nil: every int)
}

// Fields lists the integer fields of the struct ptr points to as Params,
// named after the fields.
func Fields(ptr any) []Param {
	v := reflect.ValueOf(ptr).Elem()
	var ps []Param
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if !f.CanSet() {
			continue
		}
		switch f.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			ps = append(ps, Param{
				Name: v.Type().Field(i).Name,
				Set:  func(n int) { f.SetInt(int64(n)) },
				Fits: func(n int) bool { return !f.OverflowInt(int64(n)) },
			})
		}
	}
	return ps
}

// Apply sets the weights named in spec, a comma-separated list of
// NAME=INTEGER pairs (names in any case, blanks ignored, an empty spec
// changes nothing). It checks the whole list before it sets anything, so
// a bad list leaves every weight as it was. min is the smallest value
// accepted.
func Apply(spec string, params []Param, min int) error {
	type set struct {
		p *Param
		n int
	}
	var todo []set
	for _, kv := range strings.Split(spec, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if !ok || err != nil {
			return fmt.Errorf("bad weight %q: want NAME=INTEGER", kv)
		}
		if n < min {
			return fmt.Errorf("bad weight %q: the value must be at least %d", kv, min)
		}
		k = strings.TrimSpace(k)
		var p *Param
		for i := range params {
			if strings.EqualFold(params[i].Name, k) {
				p = &params[i]
				break
			}
		}
		if p == nil {
			names := make([]string, len(params))
			for i := range params {
				names[i] = params[i].Name
			}
			return fmt.Errorf("unknown weight %q (known: %s)", k, strings.Join(names, ", "))
		}
		if p.Fits != nil && !p.Fits(n) {
			return fmt.Errorf("bad weight %q: the value is out of range", kv)
		}
		todo = append(todo, set{p, n})
	}
	for _, s := range todo {
		s.p.Set(s.n)
	}
	return nil
}

// Parse returns a copy of base with the weights named in spec set, for
// weight structs whose integer fields are the weights (Fields).
func Parse[W any](base W, spec string) (W, error) {
	w := base
	if err := Apply(spec, Fields(&w), -1<<31); err != nil {
		return base, err
	}
	return w, nil
}

// Free marks which integer fields of the struct ptr points to (in the order
// of Fields) a fitting tool may change: all but those named in fixed, a
// comma-separated list of names in any case. An unknown name is an error.
func Free(ptr any, fixed string) ([]bool, error) {
	params := Fields(ptr)
	free := make([]bool, len(params))
	for i := range free {
		free[i] = true
	}
	for _, n := range strings.Split(fixed, ",") {
		if n = strings.TrimSpace(n); n == "" {
			continue
		}
		i := slices.IndexFunc(params, func(p Param) bool { return strings.EqualFold(p.Name, n) })
		if i < 0 {
			return nil, fmt.Errorf("unknown weight %q", n)
		}
		free[i] = false
	}
	return free, nil
}

// Values are the integer fields of the struct ptr points to, in the order
// of Fields.
func Values(ptr any) []int {
	v := reflect.ValueOf(ptr).Elem()
	var out []int
	for _, p := range Fields(ptr) {
		out = append(out, int(v.FieldByName(p.Name).Int()))
	}
	return out
}

// String lists the integer fields of the struct ptr points to as the
// NAME=VALUE list Parse reads.
func String(ptr any) string {
	vals := Values(ptr)
	var parts []string
	for i, p := range Fields(ptr) {
		parts = append(parts, fmt.Sprintf("%s=%d", p.Name, vals[i]))
	}
	return strings.Join(parts, ",")
}
