package main

import (
	"bytes"
	"strings"
	"testing"

	evalm "github.com/pentad-ai/pentad/eval/morris"
)

// morris fit reads arena records and prints weights that -w takes, with
// Piece kept; a -fixed weight keeps its value; bad arguments are refused.
func TestFit(t *testing.T) {
	games := "../../eval/morris/testdata/selfplay.jsonl"
	var out, errb bytes.Buffer
	if rc := fit([]string{"-fixed", "PlaceJunction", games}, &out, &errb); rc != 0 {
		t.Fatalf("fit: %d %s", rc, errb.String())
	}
	var spec string
	for _, l := range strings.Split(out.String(), "\n") {
		if s, ok := strings.CutPrefix(l, "-w "); ok {
			spec = s
		}
	}
	w, err := evalm.ParseWeights(evalm.Default, spec)
	if err != nil || w.Piece != evalm.Default.Piece {
		t.Fatalf("-w %q: %v %+v\n%s", spec, err, w, out.String())
	}
	if w == evalm.Default {
		t.Fatalf("nothing fitted:\n%s", out.String())
	}
	for _, args := range [][]string{
		{"-fixed", "Nope", games},
		{"-w", "Piece=0", games},
		{"-w", "Nope=3", games},
		{},
	} {
		out.Reset()
		errb.Reset()
		if rc := fit(args, &out, &errb); rc != 2 || errb.Len() == 0 {
			t.Errorf("%q: rc %d, %q", args, rc, errb.String())
		}
	}
	if rc := fit([]string{"/nonexistent.jsonl"}, &out, &errb); rc != 1 {
		t.Errorf("missing file: rc %d", rc)
	}
}
