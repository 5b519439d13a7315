package stones

import (
	"math"
	"os"
	"strings"
	"testing"
)

func TestReadSamples(t *testing.T) {
	f, err := os.Open("testdata/games.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ss, err := ReadSamples(f, 20)
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) < 40 {
		t.Fatalf("%d samples from four games", len(ss))
	}
	won := 0.0
	for _, s := range ss {
		if s.P.Phase() != 0 || (s.Won != 0 && s.Won != 1) {
			t.Fatalf("sample at phase %d labelled %v", s.P.Phase(), s.Won)
		}
		won += s.Won
	}
	if won == 0 || won == float64(len(ss)) {
		t.Fatalf("all %d samples labelled alike", len(ss))
	}
	// An evaluation that says nothing predicts like a coin.
	if l, _ := LogLoss(New(Weights{}), ss); math.Abs(l-math.Ln2) > 1e-9 {
		t.Fatalf("log-loss of a zero evaluation %v, want ln 2", l)
	}
	if l, k := LogLoss(New(Default), ss); math.IsNaN(l) || l <= 0 || k == 0 {
		t.Fatalf("log-loss %v at scale %v", l, k)
	}
}

func TestReadSamplesErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"not json\n", "line 1"},
		{`{"game":"stones","players":["a","b"],"winner":"a","moves":[{"move":"A1xZ9"}]}` + "\n", "action 1"},
	} {
		if _, err := ReadSamples(strings.NewReader(c.in), 0); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one naming %q", c.in, err, c.want)
		}
	}
	// Other games, draws and unfinished games give no samples.
	in := `{"game":"kalah","players":["a","b"],"winner":"a","moves":[]}
{"game":"stones","players":["a","b"],"winner":"","moves":[{"move":"F5xF4"}]}
`
	if ss, err := ReadSamples(strings.NewReader(in), 0); err != nil || len(ss) != 0 {
		t.Fatalf("%d samples, error %v", len(ss), err)
	}
}

func FuzzReadSamples(f *testing.F) {
	if b, err := os.ReadFile("testdata/games.jsonl"); err == nil {
		f.Add(string(b))
	}
	f.Add(`{"game":"stones","players":["a","b"],"winner":"b","moves":[{"move":"F5xF4"},{"move":"pass"}]}`)
	f.Fuzz(func(t *testing.T, in string) {
		ss, _ := ReadSamples(strings.NewReader(in), 0)
		for _, s := range ss {
			if s.P == nil || s.P.Phase() != 0 {
				t.Fatal("bad sample")
			}
		}
	})
}
